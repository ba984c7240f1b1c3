import Foundation

extension ClipMask {
    /// True when the mask's coverage is exactly 1 at every pixel of `r` (an empty `r` is covered):
    /// there the clip changes nothing, and drawing inside `r` may skip it (the per-pixel clipped path
    /// gives the unclipped path's pixels where the coverage is 1). Read from each row's longest run
    /// of ones (`fullRun`), so a row whose ones are split in two runs around a hole may answer false
    /// where it could answer true: the answer is safe, never wrong.
    func coversFully(_ r: IntRect) -> Bool {
        guard !r.isEmpty else { return true }
        guard r.x >= rect.x, r.maxX <= rect.maxX, r.y >= rect.y, r.maxY <= rect.maxY else { return false }
        for y in r.y..<r.maxY {
            let run = fullRun(y)
            if run.lo > r.x || run.hi < r.maxX { return false }
        }
        return true
    }
}
