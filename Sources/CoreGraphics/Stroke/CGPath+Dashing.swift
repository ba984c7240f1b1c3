import Foundation

extension CGPath {
    /// Returns a new path equivalent to the results of drawing the path with a dashed stroke
    /// (Apple's `copy(dashingWithPhase:lengths:transform:)`): the "on" pieces of the pattern.
    ///
    /// Contract:
    /// - `lengths` alternate painted and unpainted lengths along the path's arc length (in the
    ///   path's units, before `transform`); an odd count is repeated once, so `[a]` means a on,
    ///   a off. `phase` is how far into the pattern each subpath starts (negative or larger values
    ///   wrap around the pattern; a non-finite phase acts as zero).
    /// - The pattern continues across segment boundaries within a subpath and restarts at every
    ///   subpath. Each painted piece becomes one open subpath; curves stay curves (cut exactly at
    ///   the dash boundaries). A zero-length painted entry becomes a move and a line to the same
    ///   point, so stroking it with round or square caps draws a dot.
    /// - When `lengths` is empty, has a negative or non-finite entry, or sums to zero — or the
    ///   pattern is so fine that it would need more than a million pieces — the result is the path
    ///   unchanged (transformed).
    /// - `transform` maps the result. Elements with non-finite coordinates are ignored.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity) -> CGPath {
        guard let dasher = PathDasher(phase: phase, lengths: lengths),
              let dashed = dasher.dash(StrokeSubpath.split(self)) else { return applying(transform) }
        let path = CGPath(commands: dashed)
        return transform == .identity ? path : path.applying(transform)
    }
}
