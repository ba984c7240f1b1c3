import Foundation

/// The two sides of a stroke outline as `PathStroker` builds them: `s0` along +n (the left of the
/// path's direction in a y-up system), `s1` along -n; side 0 or 1 chosen by index (internal to
/// Lamina).
///
/// Each side is a buffer of its own, grown by doubling: an append is a bounds check and a store
/// (no uniqueness check of an array's storage a point, as `Array.append` makes). The buffers are
/// freed with the value (it cannot be copied); `array(_:)` and `reversedArray(_:)` copy a side out.
struct StrokeSides: ~Copyable {
    /// The points of side 0 and side 1, `count0` and `count1` of them initialized.
    private var p0: UnsafeMutablePointer<CGPoint>, p1: UnsafeMutablePointer<CGPoint>
    private var capacity0: Int, capacity1: Int
    /// The number of points on side 0 (`s0`) and side 1 (`s1`).
    private(set) var count0 = 0, count1 = 0

    /// Room for `capacity` points a side before either grows.
    init(capacity: Int) {
        let c = max(8, capacity)
        p0 = .allocate(capacity: c)
        p1 = .allocate(capacity: c)
        capacity0 = c
        capacity1 = c
    }

    deinit {
        p0.deallocate()
        p1.deallocate()
    }

    /// Side `side`'s point count.
    @inline(__always)
    func count(_ side: Int) -> Int { side == 0 ? count0 : count1 }

    /// Side `side`'s point `k` (k < its count).
    @inline(__always)
    func point(_ side: Int, _ k: Int) -> CGPoint { side == 0 ? p0[k] : p1[k] }

    /// Appends `p` to side 0.
    @inline(__always)
    mutating func append0(_ p: CGPoint) {
        if count0 == capacity0 { grow(0) }
        p0[count0] = p
        count0 += 1
    }

    /// Appends `p` to side 1.
    @inline(__always)
    mutating func append1(_ p: CGPoint) {
        if count1 == capacity1 { grow(1) }
        p1[count1] = p
        count1 += 1
    }

    /// Appends `p` to side `side`.
    @inline(__always)
    mutating func append(_ side: Int, _ p: CGPoint) {
        if side == 0 { append0(p) } else { append1(p) }
    }

    /// Removes and returns the last point of side `side` (which has one).
    @inline(__always) @discardableResult
    mutating func removeLast(_ side: Int) -> CGPoint {
        if side == 0 {
            precondition(count0 > 0)
            count0 -= 1
            return p0[count0]
        }
        precondition(count1 > 0)
        count1 -= 1
        return p1[count1]
    }

    /// Replaces the first point of side `side` (which has one).
    @inline(__always)
    mutating func setFirst(_ side: Int, _ p: CGPoint) {
        precondition(count(side) > 0)
        if side == 0 { p0[0] = p } else { p1[0] = p }
    }

    /// Side `side`'s points in order, as an array.
    func array(_ side: Int) -> [CGPoint] {
        let (p, n) = side == 0 ? (p0, count0) : (p1, count1)
        return [CGPoint](UnsafeBufferPointer(start: p, count: n))
    }

    /// Appends side `side`'s points to `out`, in order or reversed.
    func appendSide(_ side: Int, reversed: Bool, to out: inout [CGPoint]) {
        let (p, n) = side == 0 ? (p0, count0) : (p1, count1)
        if reversed {
            for k in stride(from: n - 1, through: 0, by: -1) { out.append(p[k]) }
        } else {
            out.append(contentsOf: UnsafeBufferPointer(start: p, count: n))
        }
    }

    /// Side `side`'s points in reverse order, as an array.
    func reversedArray(_ side: Int) -> [CGPoint] {
        let (p, n) = side == 0 ? (p0, count0) : (p1, count1)
        return [CGPoint](unsafeUninitializedCapacity: n) { out, initialized in
            for k in 0..<n { out.initializeElement(at: k, to: p[n - 1 - k]) }
            initialized = n
        }
    }

    /// Doubles side `side`'s room, keeping its points (CGPoint is trivial: moved as bytes).
    private mutating func grow(_ side: Int) {
        if side == 0 {
            let q = UnsafeMutablePointer<CGPoint>.allocate(capacity: 2 * capacity0)
            q.initialize(from: p0, count: count0)
            p0.deallocate()
            p0 = q
            capacity0 *= 2
        } else {
            let q = UnsafeMutablePointer<CGPoint>.allocate(capacity: 2 * capacity1)
            q.initialize(from: p1, count: count1)
            p1.deallocate()
            p1 = q
            capacity1 *= 2
        }
    }
}
