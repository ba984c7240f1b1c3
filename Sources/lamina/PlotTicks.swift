import Foundation

/// The ticks of a plot's axis: "nice" round values (1, 2, 2.5 or 5 times a power of ten apart),
/// about `target` of them, from a tick at or below the data's lowest value to one at or above its
/// highest, so the axis can be read at several places rather than only at its ends.
struct PlotTicks: Equatable {
    /// The first and last ticks: the axis's range.
    let lo: Double, hi: Double
    /// The distance between ticks.
    let step: Double

    /// Ticks covering `lo...hi` (a single value, or an empty range, is widened by 1 either way).
    init(covering lo: Double, _ hi: Double, target: Int = 5) {
        var a = lo, b = hi
        if !(b - a > 1e-12 * max(1, abs(a), abs(b))) { a -= 1; b += 1 }
        let raw = (b - a) / Double(max(1, target))
        let power = pow(10, (log10(raw)).rounded(.down))
        let step = [1, 2, 2.5, 5, 10].map { $0 * power }.first { $0 >= raw * (1 - 1e-9) } ?? 10 * power
        self.step = step
        self.lo = (a / step + 1e-9).rounded(.down) * step
        self.hi = (b / step - 1e-9).rounded(.up) * step
    }

    /// The tick values, computed as `lo + i * step` (no accumulated rounding).
    var values: [Double] {
        let n = Int(((hi - lo) / step).rounded())
        return (0...n).map { lo + Double($0) * step }
    }

    /// `v` with as many decimals as the step needs (0.25 steps: two), "-0" shown as "0".
    func label(_ v: Double) -> String {
        let mantissa = step / pow(10, (log10(step) + 1e-9).rounded(.down))
        let decimals = max(0, min(10, Int((-log10(step) - 1e-9).rounded(.up)) + (abs(mantissa - 2.5) < 1e-6 ? 1 : 0)))
        let text = String(format: "%.\(decimals)f", v)
        return Double(text) == 0 ? String(format: "%.\(decimals)f", 0.0) : text
    }
}
