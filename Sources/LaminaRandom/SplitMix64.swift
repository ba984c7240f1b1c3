/// SplitMix64 (Steele, Lea and Flood), the one seeded generator of the package: the same seed gives
/// the same sequence on every machine and run. The scene fuzzer (an input is reproduced from its
/// seed and index alone), the demos (the stress demo looks the same every run), the benchmarks and
/// the tests' random inputs all draw from it. Not for cryptography.
///
/// A value type: each copy goes on from where it was copied, on the thread that holds it.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n` (0 when `n` is 0 or less): the next value modulo `n`.
    public mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }

    /// A number in `range`: its lower bound plus the next value modulo the range's size.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// A number in [0, 1) from the next value's top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

    /// A number in [lo, hi) (one `unit()` draw, scaled).
    public mutating func double(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }

    /// True with probability `p` (0...1): one `unit()` draw below `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// One element of a non-empty array, uniformly (`below(items.count)`).
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
