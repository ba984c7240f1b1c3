import Foundation

/// The pixels of a shadow that the layer casting it covers opaquely right after: a shadowed group
/// composited at full opacity (an 8-bit factor of 255), without a mask, a soft clip or a blend mode,
/// replaces every pixel where its own alpha is 255 (source over of an opaque source is the source,
/// whatever lies beneath), so the shadow need not be painted there: the frame is the same, bit for
/// bit. For each row, the longest run of opaque group pixels (within the group's frame), which
/// `ShadowComposite.paint` leaves out.
struct ShadowKnockout {
    /// The group composited over the shadow.
    let group: Surface

    /// Whether a group composited with `opacity`, `mask`, onto a surface with `clip` and with
    /// `blendMode` replaces the surface's pixels where the group is opaque.
    static func applies(opacity: Double, mask: Surface?, clip: ClipMask?, blendMode: BlendMode) -> Bool {
        mask == nil && clip == nil && blendMode == .normal && UInt32((min(max(opacity, 0), 1) * 255).rounded()) == 255
    }

    /// Row `y`'s longest run of pixels of alpha 255 within `columns` (device x, `lo ..< hi`; empty
    /// when none, or when the row is outside the group).
    func opaqueRun(_ y: Int, within columns: Range<Int>) -> Range<Int> {
        let f = group.frame
        guard y >= f.y, y < f.maxY else { return 0..<0 }
        let x0 = max(columns.lowerBound, f.x), x1 = min(columns.upperBound, f.maxX)
        guard x0 < x1 else { return 0..<0 }
        let row = group.row(y)
        var best = 0..<0, x = x0
        while x < x1 {
            guard row[x] >> 24 == 255 else { x += 1; continue }
            let start = x
            while x < x1 && row[x] >> 24 == 255 { x += 1 }
            if x - start > best.count { best = start..<x }
        }
        return best
    }
}
