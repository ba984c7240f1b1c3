import Foundation

extension ClipMask {
    /// The least coverage that changes no 8-bit factor: for c in `unchangingCoverage`...1 and every
    /// k in 0...255, k·c (in Float) rounded to nearest is k again (k·c ≥ k − 0.255). A rasterised
    /// rounded clip's inside is 1 give or take a few ulps of its area sums (0.99999...).
    static let unchangingCoverage: Float = 0.999

    /// True when the mask's coverage at every pixel of `r` (an empty `r` is covered) lies in
    /// `unchangingCoverage`...1, so that scaling an 8-bit factor by it and rounding gives the factor
    /// back: there a composite through the clip (`PrimitiveDrawer.composite`, whose per-pixel factor
    /// is `roundedFactor(k·c)`) gives the pixels of the unclipped composite, and may skip the clip.
    /// Rows whose run of exact ones (`fullRun`) spans `r` are not read; others are read value by value.
    func leavesFactorsUnchanged(_ r: IntRect) -> Bool {
        guard !r.isEmpty else { return true }
        guard r.x >= rect.x, r.maxX <= rect.maxX, r.y >= rect.y, r.maxY <= rect.maxY else { return false }
        let low = ClipMask.unchangingCoverage
        return values.withUnsafeBufferPointer { v in
            for y in r.y..<r.maxY {
                let run = fullRun(y)
                if run.lo <= r.x && run.hi >= r.maxX { continue }
                let row = v.baseAddress! + (y - rect.y) * rect.width - rect.x
                for x in r.x..<r.maxX where !(row[x] >= low && row[x] <= 1) { return false }
            }
            return true
        }
    }
}
