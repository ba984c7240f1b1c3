import Foundation

/// A drawing target: pixels covering the device rectangle `frame`, drawn only inside `scissor`
/// (device coordinates), optionally through a soft clip. Either borrows a caller's memory (the frame)
/// or owns an offscreen buffer (groups, masks, shadows).
final class Surface {
    /// The device rectangle the pixels cover.
    let frame: IntRect
    /// Row stride in pixels.
    let stride: Int
    /// The pixels (premultiplied ARGB), `frame.height` rows of `stride`.
    let pixels: UnsafeMutablePointer<UInt32>
    /// Drawing is limited to this device rectangle (inside `frame`).
    var scissor: IntRect
    /// Soft clip coverage in device coordinates (nil: none).
    var clip: ClipMask?
    /// The device columns rasterisation may use (the whole target's width, whatever the scissor),
    /// so that coverage never depends on which part of a frame is drawn.
    let columns: Range<Int>
    /// Rectangles painted over exactly later in the frame (the frame's own surface only; nil:
    /// none). Draws that honour them skip the pixels hidden under rectangles of nodes after
    /// `occlusionOrder`.
    var occluders: Occluders?
    /// The node whose background and contents are being drawn (Int.max while anything else is:
    /// borders, groups and shadows are never skipped).
    var occlusionOrder = Int.max
    private let owned: Bool
    /// Where an owned buffer goes back to (nil: freed).
    private let pool: SurfacePool?
    /// The owned buffer's size in pixels (0 when borrowed).
    private let capacity: Int

    /// Borrows `pixels` (row stride `stride`) covering device `frame`.
    init(borrowing pixels: UnsafeMutablePointer<UInt32>, frame: IntRect, stride: Int, scissor: IntRect) {
        self.pixels = pixels; self.frame = frame; self.stride = stride
        self.scissor = scissor.intersection(frame); owned = false; pool = nil; capacity = 0
        columns = frame.x..<frame.maxX
    }

    /// An offscreen surface covering `frame` (inside a target whose columns are `columns`), cleared
    /// to transparent; its buffer comes from `pool` (and goes back to it) when one is given.
    init(offscreen frame: IntRect, columns: Range<Int>, pool: SurfacePool? = nil) {
        self.frame = frame; stride = max(frame.width, 1)
        self.columns = columns
        let n = max(stride * frame.height, 1)
        if let pool {
            let b = pool.take(n)
            pixels = b.pointer; capacity = b.capacity
        } else {
            // Zeroed by calloc: a large buffer comes as fresh pages the kernel has already cleared.
            guard let raw = calloc(n, MemoryLayout<UInt32>.stride) else { fatalError("out of memory for a \(frame.width) x \(frame.height) offscreen surface") }
            pixels = raw.bindMemory(to: UInt32.self, capacity: n); capacity = n
        }
        self.pool = pool
        scissor = frame; owned = true
    }

    deinit {
        guard owned else { return }
        if let pool { pool.give(pixels, capacity: capacity) } else { free(pixels) }
    }

    /// The address of device pixel (x, y), which must be inside `frame`.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt32> { pixels + (y - frame.y) * stride - frame.x }
}

/// A soft clip: coverage values over a device rectangle, zero outside it.
final class ClipMask {
    /// The covered device rectangle.
    let rect: IntRect
    /// Coverage 0...1, row-major over `rect` (not changed after it is made: `fullRun` is kept).
    let values: [Float]

    /// A mask of `values` over `rect`; `fullRuns`, when given, must be what `runsOfOne` finds in
    /// `values` (else it is found on first use).
    init(rect: IntRect, values: [Float], fullRuns: [(lo: Int32, hi: Int32)]? = nil) {
        self.rect = rect; self.values = values; self.fullRuns = fullRuns
    }

    /// Per row of `rect`, the longest run of columns (device x, from `lo` up to `hi`) where the
    /// coverage is exactly 1: there the clip changes nothing, and what is drawn takes the paths of
    /// unclipped drawing (the inside of a rounded or unaligned `masksToBounds`). Made on first use.
    private var fullRuns: [(lo: Int32, hi: Int32)]?
    /// Tests: no run of ones, so every pixel takes the per-pixel path (the reference the runs
    /// must equal).
    var perPixelOnly = false

    /// The shapes the clip was made of (its own and every outer clip's), known from geometry, not
    /// from its values, so the same in every band: a solid shape whose pixels all of them hold is
    /// drawn as with no clip (`PrimitiveDrawer.isWhole`). Empty: not known (nothing is held). Set
    /// by whoever applies the mask, from the shape the mask was made of (a mask's cache key is
    /// that shape: every use of it sets the same).
    var shapes: [ClipShape] = []

    /// The run of row `y` where the coverage is exactly 1 (empty: `lo >= hi`), in device columns.
    func fullRun(_ y: Int) -> (lo: Int, hi: Int) {
        let ly = y - rect.y
        guard ly >= 0, ly < rect.height, !perPixelOnly else { return (0, 0) }
        if fullRuns == nil { fullRuns = ClipMask.runsOfOne(values, width: rect.width, height: rect.height) }
        let r = fullRuns![ly]
        return (rect.x + Int(r.lo), rect.x + Int(r.hi))
    }

    /// The longest run of exact ones in each row of `values` (`width` × `height`).
    static func runsOfOne(_ values: [Float], width: Int, height: Int) -> [(lo: Int32, hi: Int32)] {
        var runs = [(lo: Int32, hi: Int32)](repeating: (0, 0), count: height)
        values.withUnsafeBufferPointer { v in
            for y in 0..<height {
                let row = v.baseAddress! + y * width
                var best = (lo: 0, hi: 0), x = 0
                while x < width {
                    guard row[x] == 1 else { x += 1; continue }
                    let start = x
                    while x < width && row[x] == 1 { x += 1 }
                    if x - start > best.hi - best.lo { best = (start, x) }
                }
                runs[y] = (Int32(best.lo), Int32(best.hi))
            }
        }
        return runs
    }

    /// The coverage at device pixel (x, y).
    @inline(__always)
    func value(_ x: Int, _ y: Int) -> Float {
        let lx = x - rect.x, ly = y - rect.y
        if lx < 0 || ly < 0 || lx >= rect.width || ly >= rect.height { return 0 }
        return values[ly * rect.width + lx]
    }
}
