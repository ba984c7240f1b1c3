import Compositor

/// Decides when finding what changed is not worth it: after `streak` frames in a row whose damage
/// covered at least `share` of the frame, the next `skipped` frames are redrawn whole without
/// comparing them with the frame before (redrawing whole is a superset of any damage, so the
/// pixels are the same); the frame after those is compared again, and a smaller damage ends the
/// run. A file that moves something across most of the frame every frame then pays for the
/// comparison once in `skipped + 1` frames; a frame whose change shrinks is redrawn whole at most
/// `skipped` times before its damage is found again. A value owned by its renderer's thread.
struct MostlyFullDamage {
    /// Frames in a row that must change almost all over before frames are redrawn whole.
    static let streak = 3
    /// Frames redrawn whole, uncompared, before the next comparison.
    static let skipped = 7
    /// The share of the frame's pixels that counts as almost all over.
    static let share = 0.9

    /// Compared frames in a row whose damage covered `share` of the frame or more.
    private var fullInARow = 0
    /// Frames left to redraw whole before comparing again.
    private var left = 0

    /// Whether this frame is redrawn whole without being compared (counts it as such).
    mutating func redrawsWhole() -> Bool {
        guard left > 0 else { return false }
        left -= 1
        return true
    }

    /// Records the damage a compared frame found within `frame`.
    mutating func found(_ damage: IntRect, of frame: IntRect) {
        let area = Double(frame.width) * Double(frame.height)
        guard area > 0, Double(damage.width) * Double(damage.height) >= Self.share * area else {
            fullInARow = 0
            return
        }
        fullInARow += 1
        if fullInARow >= Self.streak { left = Self.skipped }
    }
}
