import Foundation

/// A small seeded generator (SplitMix64), so every random test input is reproducible from its seed.
public struct SeededRandom: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// A uniform double in [lo, hi).
    public mutating func double(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(UInt64(1) << 53)
    }

    /// A uniform CGFloat in [lo, hi) (the same draw as `double`).
    public mutating func cg(_ lo: Double, _ hi: Double) -> CGFloat { CGFloat(double(lo, hi)) }

    /// One element of a non-empty array, uniformly.
    public mutating func pick<T>(_ a: [T]) -> T { a[int(0...(a.count - 1))] }

    /// True with probability p.
    public mutating func chance(_ p: Double) -> Bool { double(0, 1) < p }

    /// Any 32-bit ARGB value (not necessarily a valid premultiplied colour).
    public mutating func anyPixel() -> UInt32 { UInt32(truncatingIfNeeded: next()) }

    /// A valid premultiplied ARGB pixel (every colour channel at most alpha); a quarter of them
    /// fully transparent, a quarter opaque.
    public mutating func premultipliedPixel() -> UInt32 {
        let pick = int(0...3)
        let a = pick == 0 ? 0 : pick == 1 ? 255 : UInt32(int(0...255))
        func c() -> UInt32 { UInt32(int(0...Int(a))) }
        return a << 24 | c() << 16 | c() << 8 | c()
    }
}
