import XCTest
import CoreGraphics

/// A recording CGContext: each operation carries its geometry in device pixels and the state in
/// force, worked out by hand from the CTM rules (a new transform applies in user space, before the
/// current CTM).
final class ContextRecordingTests: XCTestCase {
    func fillBox(_ op: CGContext.Operation) -> CGRect? {
        if case .fillPath(let p, _, _, _, _) = op { return p.boundingBox } else { return nil }
    }

    /// translate (10, 0) then scale 2 on a context of scale 3: user (1, 1) → (2, 2) → (12, 2) →
    /// ×3 (36, 6); the unit square at (1, 1) becomes (36, 6) 6 × 6.
    func testTransformsApplyInUserSpaceBeforeTheCTM() {
        let ctx = CGContext(width: 100, height: 100, scale: 3)
        ctx.translateBy(x: 10, y: 0)
        ctx.scaleBy(x: 2, y: 2)
        ctx.fill(CGRect(x: 1, y: 1, width: 1, height: 1))
        XCTAssertEqual(fillBox(ctx.operations[0]), CGRect(x: 36, y: 6, width: 6, height: 6))
        // `ctm` maps to Core Graphics' device space (y up from the bottom of the 100 pixel rows),
        // as a layer's context reports on iOS: x' = 6x + 30, y' = 100 − 6y.
        XCTAssertEqual(ctx.ctm, CGAffineTransform(a: 6, b: 0, c: 0, d: -6, tx: 30, ty: 100))
        XCTAssertEqual(ctx.convertToDeviceSpace(CGPoint(x: 1, y: 1)), CGPoint(x: 36, y: 94))
        let back = ctx.convertToUserSpace(CGPoint(x: 36, y: 94))
        XCTAssertEqual(back.x, 1, accuracy: 1e-12); XCTAssertEqual(back.y, 1, accuracy: 1e-12)
        XCTAssertEqual(ctx.convertToDeviceSpace(CGSize(width: 1, height: 2)), CGSize(width: 6, height: -12))
        XCTAssertEqual(ctx.convertToDeviceSpace(CGRect(x: 1, y: 1, width: 1, height: 1)), CGRect(x: 36, y: 88, width: 6, height: 6))
        XCTAssertEqual(ctx.userSpaceToDeviceSpaceTransform, ctx.ctm)
        // Rotation by 90°: (x, y) → (−y, x) in user space first: the square (1…2, 0…1) → (−1…0, 1…2),
        // then ×6 and +30 in x: (24…30, 6…12).
        ctx.rotate(by: .pi / 2)
        ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        let b = fillBox(ctx.operations[1])!
        for (v, want) in [(b.minX, 24.0), (b.minY, 6), (b.maxX, 30), (b.maxY, 12)] { XCTAssertEqual(Double(v), want, accuracy: 1e-9) }
        // concatenate(t) is the same as the transform applied in user space.
        let c2 = CGContext(width: 10, height: 10)
        c2.concatenate(CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 4, ty: 5))
        c2.scaleBy(x: 2, y: 2)
        c2.fill(CGRect(x: 1, y: 1, width: 1, height: 1))
        XCTAssertEqual(fillBox(c2.operations[0]), CGRect(x: 6, y: 7, width: 2, height: 2))
    }

    /// Saved states stack; restoring with nothing saved keeps the state; alpha is clamped to 0…1.
    func testGraphicsStateStack() {
        let ctx = CGContext(width: 10, height: 10)
        ctx.setAlpha(3)
        ctx.saveGState()
        ctx.setAlpha(-1)
        ctx.translateBy(x: 1, y: 0)
        ctx.saveGState()
        ctx.translateBy(x: 1, y: 0)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.restoreGState()
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.restoreGState()
        ctx.restoreGState()   // nothing saved: no change
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let xs = ctx.operations.compactMap { fillBox($0)?.minX }
        XCTAssertEqual(xs, [2, 1, 0])
        let alphas = ctx.operations.compactMap { op -> CGFloat? in if case .fillPath(_, _, _, let a, _) = op { return a } else { return nil } }
        XCTAssertEqual(alphas, [0, 0, 1])
    }

    /// Clips are recorded in device space with each later operation; boundingBoxOfClipPath maps the
    /// clip back to user space: clip (2, 2, 4, 4) under scale 2 is (4, 4, 8, 8) on the device, and
    /// read back after translating by (1, 1): (1, 1, 4, 4) in the new user space.
    func testClipsAreRecordedInDeviceSpace() {
        let ctx = CGContext(width: 40, height: 40, scale: 2)
        XCTAssertEqual(ctx.boundingBoxOfClipPath, CGRect(x: 0, y: 0, width: 20, height: 20), "unclipped: the bitmap in points")
        ctx.clip(to: CGRect(x: 2, y: 2, width: 4, height: 4))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        guard case .fillPath(_, _, _, _, let clips) = ctx.operations[0] else { return XCTFail() }
        XCTAssertEqual(clips.count, 1)
        XCTAssertEqual(clips[0].path.boundingBox, CGRect(x: 4, y: 4, width: 8, height: 8))
        ctx.translateBy(x: 1, y: 1)
        XCTAssertEqual(ctx.boundingBoxOfClipPath, CGRect(x: 1, y: 1, width: 4, height: 4))
        // A path clip with the even-odd rule, intersected with the first.
        ctx.addRect(CGRect(x: 0, y: 0, width: 3, height: 3))
        ctx.clip(using: .evenOdd)
        XCTAssertTrue(ctx.isPathEmpty, "clipping consumes the path")
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard case .fillPath(_, _, _, _, let clips2) = ctx.operations[1] else { return XCTFail() }
        XCTAssertEqual(clips2.map(\.rule), [.winding, .evenOdd])
        XCTAssertEqual(clips2[1].path.boundingBox, CGRect(x: 2, y: 2, width: 6, height: 6))
    }

    /// Drawing modes record fills and strokes in order; stroking keeps the user-space path with
    /// its CTM; line segments pair up points; clear maps its rectangle.
    func testDrawingModesAndShapes() {
        let ctx = CGContext(width: 20, height: 20, scale: 2)
        ctx.addRect(CGRect(x: 1, y: 1, width: 2, height: 2))
        ctx.drawPath(using: .eoFillStroke)
        XCTAssertTrue(ctx.isPathEmpty)
        guard case .fillPath(let f, let rule, _, _, _) = ctx.operations[0], case .strokePath(let s, let ctm, _, _, _, _) = ctx.operations[1] else {
            return XCTFail("fill then stroke")
        }
        XCTAssertEqual(rule, .evenOdd)
        XCTAssertEqual(f.boundingBox, CGRect(x: 2, y: 2, width: 4, height: 4), "the fill in device pixels")
        XCTAssertEqual(s.boundingBox, CGRect(x: 1, y: 1, width: 2, height: 2), "the stroke in user space")
        XCTAssertEqual(ctm, CGAffineTransform(scaleX: 2, y: 2))
        ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 6), CGPoint(x: 9, y: 9)])
        guard case .strokePath(let segs, _, _, _, _, _) = ctx.operations[2] else { return XCTFail() }
        XCTAssertEqual(segs.commands, [.move(to: .zero), .addLine(to: CGPoint(x: 1, y: 0)), .move(to: CGPoint(x: 5, y: 5)), .addLine(to: CGPoint(x: 5, y: 6))],
                       "pairs; the odd last point is dropped")
        ctx.clear(CGRect(x: 1, y: 2, width: 3, height: 4))
        guard case .clear(let r) = ctx.operations[3] else { return XCTFail() }
        XCTAssertEqual(r, CGRect(x: 2, y: 4, width: 6, height: 8))
        ctx.fillPath()   // an empty path records nothing
        XCTAssertEqual(ctx.operations.count, 4)
    }

    /// `pathContains(_:mode:)`: a 10 × 10 square with a 4 × 4 square inside (same direction). The
    /// fill holds (5, 5) by non-zero and not by even-odd (the inner square is a hole); the stroke,
    /// 1 wide, holds (10.3, 5) (0.3 outside the edge x = 10) but not (5, 5) (2 from the inner
    /// square's edges) nor (11, 5); fill-and-stroke holds both kinds of points. The path is not
    /// consumed.
    func testPathContainsFollowsTheDrawingMode() {
        let ctx = CGContext(width: 20, height: 20)
        ctx.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
        ctx.setLineWidth(1)
        XCTAssertTrue(ctx.pathContains(CGPoint(x: 5, y: 5), mode: .fill))
        XCTAssertFalse(ctx.pathContains(CGPoint(x: 5, y: 5), mode: .eoFill))
        XCTAssertTrue(ctx.pathContains(CGPoint(x: 1.5, y: 5), mode: .eoFill))
        XCTAssertFalse(ctx.pathContains(CGPoint(x: 12, y: 5), mode: .fill))
        XCTAssertTrue(ctx.pathContains(CGPoint(x: 10.3, y: 5), mode: .stroke))
        XCTAssertFalse(ctx.pathContains(CGPoint(x: 5, y: 5), mode: .stroke))
        XCTAssertFalse(ctx.pathContains(CGPoint(x: 11, y: 5), mode: .stroke))
        XCTAssertTrue(ctx.pathContains(CGPoint(x: 10.3, y: 5), mode: .fillStroke))
        XCTAssertTrue(ctx.pathContains(CGPoint(x: 5, y: 5), mode: .fillStroke))
        XCTAssertFalse(ctx.isPathEmpty)
    }

    /// The text settings read back as set; the text matrix is not part of the graphics state (it
    /// survives restoreGState, as on Apple).
    func testTextSettingsAreKept() {
        let ctx = CGContext(width: 4, height: 4)
        XCTAssertEqual(ctx.textMatrix, .identity)
        ctx.saveGState()
        ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
        ctx.textPosition = CGPoint(x: 3, y: 4)
        ctx.restoreGState()
        XCTAssertEqual(ctx.textMatrix, CGAffineTransform(scaleX: 1, y: -1))
        XCTAssertEqual(ctx.textPosition, CGPoint(x: 3, y: 4))
        ctx.setTextDrawingMode(.stroke); ctx.setCharacterSpacing(2); ctx.setShouldSmoothFonts(false); ctx.setAllowsFontSubpixelPositioning(false)
    }
}
