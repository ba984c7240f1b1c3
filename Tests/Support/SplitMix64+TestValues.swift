import Foundation
import LaminaRandom

/// The values random tests draw beyond LaminaRandom's own: CGFloats and pixels. Every draw is
/// made from `SplitMix64`'s sequence, so a test input is reproduced from its seed.
extension SplitMix64 {
    /// A uniform CGFloat in [lo, hi) (the same draw as `double`).
    public mutating func cg(_ lo: Double, _ hi: Double) -> CGFloat { CGFloat(double(lo, hi)) }

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
