import Foundation
import CPixelKernels

/// Offscreen pixel buffers kept for reuse by one band's rasteriser: the groups and masks of a
/// frame (and of the frames after it) take their buffers from here and give them back when they
/// are done, so a large group's memory is cleared with `memset` instead of coming as fresh pages
/// from the kernel (page faults, which threads in one process take one at a time: two bands of an
/// 8192 × 8192 frame spent more time in them than drawing).
///
/// Owned by one `PrimitiveDrawer`, so used by one band's thread at a time (the band's worker, while
/// the frame is drawn); not shared between threads.
final class SurfacePool {
    /// Buffers of at least this many pixels are kept; smaller ones go straight back to `free`
    /// (malloc keeps those itself).
    static let smallest = 1 << 16
    /// The pixels kept unused at most (between frames too); past it a buffer given back is freed.
    let limit: Int
    /// Unused buffers and their sizes in pixels.
    private var unused: [(pointer: UnsafeMutablePointer<UInt32>, capacity: Int)] = []
    /// The pixels in `unused`.
    private(set) var kept = 0

    /// A miss (no kept buffer fits) frees the kept buffers when they and the new one pass this
    /// many pixels (a sixteenth of `limit`: 4 Mpx, 16 MB, by default); below it they are kept.
    var missBudget: Int { limit / 16 }

    /// A pool keeping at most `limit` unused pixels (default 64 Mpx, 256 MB).
    init(limit: Int = 64 << 20) { self.limit = limit }

    deinit { for b in unused { free(b.pointer) } }

    /// A buffer of at least `count` pixels whose first `count` are zero, and its capacity.
    func take(_ count: Int) -> (pointer: UnsafeMutablePointer<UInt32>, capacity: Int) {
        let n = max(count, 1)
        if n >= SurfacePool.smallest {
            // The smallest unused buffer that holds it, if it is not more than twice as large.
            var best = -1
            for (i, b) in unused.enumerated() where b.capacity >= n && b.capacity <= 2 * n {
                if best < 0 || b.capacity < unused[best].capacity { best = i }
            }
            if best >= 0 {
                let b = unused.remove(at: best)
                kept -= b.capacity
                memset(b.pointer, 0, n * MemoryLayout<UInt32>.stride)
                return b
            }
            // None fits: what is kept is freed first, so the memory in use stays at what it was,
            // unless it is little (`missBudget`): the groups and masks of a frame come in several
            // sizes, and freeing them all at each miss had every frame take fresh pages from the
            // kernel (page faults, their clearing: a fifth of a masked Lottie frame at 512 px).
            if kept + n > missBudget {
                for b in unused { free(b.pointer) }
                unused.removeAll(); kept = 0
            }
        }
        // Cleared by writing, not by calloc: a fresh page calloc leaves untouched is first read as
        // the kernel's shared zero page (a group is read before it is written: source over), and
        // the write after it copies the page and flushes every other thread's TLB (with two bands,
        // more time than the drawing). Written first, each page is made once. The zeros are
        // written by the fill kernel, not memset: the optimiser turns malloc + memset into calloc.
        guard let raw = malloc(n * MemoryLayout<UInt32>.stride) else { fatalError("out of memory for an offscreen surface of \(n) pixels") }
        let p = raw.bindMemory(to: UInt32.self, capacity: n)
        var done = 0
        while done < n {
            let run = min(n - done, 1 << 20)
            lamina_fill_rect(p + done, run, 0, Int32(run), 1)
            done += run
        }
        return (p, n)
    }

    /// Takes back a buffer from `take` (freed when it is small or the pool is full).
    func give(_ pointer: UnsafeMutablePointer<UInt32>, capacity: Int) {
        guard capacity >= SurfacePool.smallest, kept + capacity <= limit else { free(pointer); return }
        unused.append((pointer, capacity)); kept += capacity
    }
}
