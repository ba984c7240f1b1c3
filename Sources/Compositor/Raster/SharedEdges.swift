import CPixelKernels
import Foundation
import Synchronization

/// The edges of the shapes a frame's bands draw, set up once a frame and shared by the bands:
/// every band draws every shape clipped to its rows, and without this each band would map and set
/// up all of a shape's edges again (keeping those of its rows). The first band to reach a shape
/// (its deferred contours under one affine map) sets up all its edges, for every row, in a C
/// rasteriser of its own (`EdgeList`); the bands that come after draw from it, each accumulating
/// only its rows in its own rasteriser's cells (skipping the contours outside them). A band that
/// comes while another is setting the edges up does not wait: it sets up its own rows' edges as
/// without sharing. The pixels are the same either way (`lamina_raster_fill_solid_edges`).
/// Used for shapes whose box reaches past a band's rows, when `FrameRenderer.sharesEdges` is on
/// (off by default: on two threads it measured slower than each band setting up its own rows, the
/// shared edges being written in one core's caches and read from the other's).
///
/// Threads: one per `FrameRenderer`. `beginFrame` runs on the frame's thread while no band runs;
/// `edges(for:map:setUp:)` on the bands' threads, all at once. The table of the frame's lists and
/// the lists kept for the next frames are behind one mutex; each list is written by the one band
/// that claims it (`Entry.state`: pending → building, an atomic exchange) and only read after it
/// is published (built, stored releasing and loaded acquiring).
final class SharedEdges: Sendable {
    /// What a shape's edges are set up from: its deferred contours (the object: the render tree
    /// holds it, and so does the entry, for the frame) and the affine map's six coefficients
    /// (their bits: the same bits, the same mapped points).
    struct Key: Hashable, Sendable {
        let contours: ObjectIdentifier
        let a: UInt64, b: UInt64, d: UInt64, e: UInt64, g: UInt64, h: UInt64
    }

    /// One shape's edges for this frame. `list` is the entry's own from its creation; `state` says
    /// whether it holds the edges yet.
    final class Entry: Sendable {
        static let pending: UInt8 = 0, building: UInt8 = 1, built: UInt8 = 2, failed: UInt8 = 3
        /// Held so that the key's object is not freed (and its identifier reused) within the frame.
        let contours: DeferredContours
        let list: EdgeList
        let state = Atomic<UInt8>(Entry.pending)

        init(contours: DeferredContours, list: EdgeList) {
            self.contours = contours
            self.list = list
        }
    }

    private struct Table {
        var entries: [Key: Entry] = [:]
        /// Lists in use this frame, and lists free for the next shapes (their buffers kept).
        var used: [EdgeList] = []
        var free: [EdgeList] = []
    }

    private let table = Mutex(Table())

    /// Creates an empty table.
    init() {}

    /// How many shapes have an entry this frame (for tests).
    var entryCount: Int { table.withLock { $0.entries.count } }

    /// Lists that have held more points than this are freed after their frame, not kept (a list
    /// keeps the room of the largest shape it held: 112 bytes an edge).
    static let keptPoints = 4096
    /// The most lists kept for the next frames.
    static let keptLists = 1024

    /// Forgets the last frame's entries; their lists are kept for the shapes of the next frames
    /// (but for those that grew large). Only while no band runs.
    func beginFrame() {
        table.withLock { t in
            guard !t.entries.isEmpty || !t.used.isEmpty else { return }
            t.entries.removeAll(keepingCapacity: true)
            for list in t.used where list.largest.load(ordering: .relaxed) <= Self.keptPoints && t.free.count < Self.keptLists {
                t.free.append(list)
            }
            t.used.removeAll(keepingCapacity: true)
        }
    }

    /// The edge list of `contours` (of `points` points in all) under the affine `map` for this frame: set up now by `setUp`
    /// (which adds every contour to the empty rasteriser it is handed, for all rows; false: memory
    /// ran out) when nobody has, or the one another band set up. Nil when another band is setting
    /// it up right now, or it could not be set up: then the caller sets its rows' edges up itself.
    func edges(for contours: DeferredContours, points: Int, map: Projective2D, setUp: (OpaquePointer) -> Bool) -> EdgeList? {
        let key = Key(contours: ObjectIdentifier(contours), a: map.a.bitPattern, b: map.b.bitPattern, d: map.d.bitPattern,
                      e: map.e.bitPattern, g: map.g.bitPattern, h: map.h.bitPattern)
        let entry: Entry? = table.withLock { t in
            if let e = t.entries[key] { return e }
            guard let list = t.free.popLast() ?? EdgeList() else { return nil }
            t.used.append(list)
            let e = Entry(contours: contours, list: list)
            t.entries[key] = e
            return e
        }
        guard let entry else { return nil }
        switch entry.state.compareExchange(expected: Entry.pending, desired: Entry.building, ordering: .acquiringAndReleasing) {
        case (true, _):
            let raster = entry.list.raster
            lamina_raster_reset(raster)
            let ok = setUp(raster)
            _ = entry.list.largest.max(points, ordering: .relaxed)
            entry.state.store(ok ? Entry.built : Entry.failed, ordering: .releasing)
            return ok ? entry.list : nil
        case (false, let state):
            return state == Entry.built ? entry.list : nil
        }
    }
}

/// A C rasteriser used only to hold a shape's edges for the bands of a frame (see `SharedEdges`,
/// which says who writes and who reads it).
final class EdgeList: @unchecked Sendable {   // its C edges are written by one band before they are published, then only read (SharedEdges.Entry.state)
    /// The C rasteriser holding the edges.
    let raster: OpaquePointer
    /// The most points set up in it (its room); written by the band that sets it up, read by
    /// `SharedEdges.beginFrame`.
    let largest = Atomic<Int>(0)

    /// A list with no edges; nil when memory ran out.
    init?() {
        guard let r = lamina_raster_create() else { return nil }
        raster = r
    }

    deinit { lamina_raster_destroy(raster) }
}
