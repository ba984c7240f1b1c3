import XCTest
@testable import CoreGraphics

/// The rest of a recording CGContext's state and shapes: colours and stroke style travel with each
/// operation, every drawing mode records what it names, and the path-building calls reach the
/// current path. Expected values by hand.
final class ContextStateTests: XCTestCase {
    private func P(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    func testColoursAndStrokeStyleTravelWithTheOperations() {
        let ctx = CGContext(width: 10, height: 10)
        ctx.setFillColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        ctx.setStrokeColor(red: 0.5, green: 0.6, blue: 0.7, alpha: 0.8)
        ctx.setLineWidth(3)
        ctx.setLineCap(.round)
        ctx.setLineJoin(.bevel)
        ctx.setMiterLimit(4)
        ctx.setLineDash(phase: 1.5, lengths: [2, 1])
        ctx.setAlpha(0.5)
        ctx.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.drawPath(using: .fillStroke)
        guard case .fillPath(_, let rule, let fill, let fa, _) = ctx.operations[0],
              case .strokePath(_, _, let style, let stroke, let sa, _) = ctx.operations[1] else { return XCTFail("fill then stroke") }
        XCTAssertEqual(rule, .winding)
        XCTAssertEqual(fill.components, [0.1, 0.2, 0.3, 0.4])
        XCTAssertEqual(stroke.components, [0.5, 0.6, 0.7, 0.8])
        XCTAssertEqual(fa, 0.5); XCTAssertEqual(sa, 0.5)
        XCTAssertEqual(style, CGContext.StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .bevel, miterLimit: 4, dashPhase: 1.5, dashLengths: [2, 1]))
        let grey = CGColor(gray: 0.5, alpha: 1)
        ctx.setFillColor(grey)
        ctx.setStrokeColor(grey)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.stroke(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard case .fillPath(_, _, let f2, _, _) = ctx.operations[2], case .strokePath(_, _, _, let s2, _, _) = ctx.operations[3] else { return XCTFail() }
        XCTAssertEqual(f2, grey); XCTAssertEqual(s2, grey)
        // Defaults: opaque black, width 1, butt caps, miter joins with limit 10, no dashes.
        let fresh = CGContext(width: 1, height: 1)
        fresh.stroke(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard case .strokePath(_, _, let s0, let c0, let a0, let clips0) = fresh.operations[0] else { return XCTFail() }
        XCTAssertEqual(s0, CGContext.StrokeStyle(lineWidth: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 10, dashPhase: 0, dashLengths: []))
        XCTAssertEqual(c0.srgbComponents.alpha, 1); XCTAssertEqual(c0.srgbComponents.red, 0)
        XCTAssertEqual(a0, 1)
        XCTAssertTrue(clips0.isEmpty)
    }

    func testEachDrawingModeRecordsWhatItNames() {
        func kinds(_ mode: CGPathDrawingMode) -> [String] {
            let ctx = CGContext(width: 10, height: 10)
            ctx.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
            ctx.drawPath(using: mode)
            XCTAssertTrue(ctx.isPathEmpty)
            return ctx.operations.map {
                switch $0 {
                case .fillPath(_, let rule, _, _, _): return rule == .evenOdd ? "eofill" : "fill"
                case .strokePath: return "stroke"
                default: return "other"
                }
            }
        }
        XCTAssertEqual(kinds(.fill), ["fill"])
        XCTAssertEqual(kinds(.eoFill), ["eofill"])
        XCTAssertEqual(kinds(.stroke), ["stroke"])
        XCTAssertEqual(kinds(.fillStroke), ["fill", "stroke"])
        XCTAssertEqual(kinds(.eoFillStroke), ["eofill", "stroke"])
        let ctx = CGContext(width: 10, height: 10)
        ctx.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        ctx.fillPath(using: .evenOdd)
        guard case .fillPath(_, let rule, _, _, _) = ctx.operations[0] else { return XCTFail() }
        XCTAssertEqual(rule, .evenOdd)
        XCTAssertTrue(ctx.isPathEmpty)
        ctx.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        ctx.strokePath()
        XCTAssertTrue(ctx.isPathEmpty)
        XCTAssertEqual(ctx.operations.count, 2)
    }

    func testShapesAndImages() {
        let ctx = CGContext(width: 10, height: 10, scale: 2)
        ctx.fill([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 2, y: 3, width: 1, height: 2)])
        guard case .fillPath(let a, _, _, _, _) = ctx.operations[0], case .fillPath(let b, _, _, _, _) = ctx.operations[1] else { return XCTFail() }
        XCTAssertEqual(a.boundingBox, CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(b.boundingBox, CGRect(x: 4, y: 6, width: 2, height: 4))
        // stroke(_:width:) uses the width for that rectangle only.
        ctx.stroke(CGRect(x: 0, y: 0, width: 1, height: 1), width: 5)
        ctx.stroke(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard case .strokePath(_, _, let wide, _, _, _) = ctx.operations[2], case .strokePath(_, _, let normal, _, _, _) = ctx.operations[3] else { return XCTFail() }
        XCTAssertEqual(wide.lineWidth, 5); XCTAssertEqual(normal.lineWidth, 1)
        ctx.fillEllipse(in: CGRect(x: 1, y: 1, width: 2, height: 4))
        ctx.strokeEllipse(in: CGRect(x: 1, y: 1, width: 2, height: 4))
        guard case .fillPath(let e, _, _, _, _) = ctx.operations[4], case .strokePath(let se, _, _, _, _, _) = ctx.operations[5] else { return XCTFail() }
        XCTAssertEqual(e.boundingBoxOfPath, CGRect(x: 2, y: 2, width: 4, height: 8), "device pixels")
        XCTAssertEqual(se.boundingBoxOfPath, CGRect(x: 1, y: 1, width: 2, height: 4), "user space, with the CTM")
        let img = CGImage(width: 1, height: 1, premultipliedARGB: [0xFFFF_FFFF])
        ctx.setAlpha(0.25)
        ctx.translateBy(x: 1, y: 0)
        ctx.draw(img, in: CGRect(x: 0, y: 0, width: 3, height: 3))
        guard case .drawImage(let i, let rect, let ctm, let alpha, _) = ctx.operations[6] else { return XCTFail() }
        XCTAssertTrue(i === img)
        XCTAssertEqual(rect, CGRect(x: 0, y: 0, width: 3, height: 3))
        // Core Graphics puts the image's first row at the rectangle's maxY (y 3): the flip
        // y → 3 − y before the CTM (scale 2 after translating 1 right), so upside down in this
        // y-down context, as in a layer's drawing on iOS: x' = 2x + 2, y' = 6 − 2y.
        XCTAssertEqual(ctm, CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 2, ty: 6))
        XCTAssertEqual(alpha, 0.25)
        XCTAssertEqual(CGContext(width: -3, height: 4).width, 0)
        XCTAssertEqual(CGContext(width: 3, height: -4).height, 0)
    }

    func testPathBuildingReachesTheCurrentPath() {
        let ctx = CGContext(width: 10, height: 10)
        XCTAssertNil(ctx.path)
        ctx.move(to: P(1, 1))
        ctx.addLine(to: P(2, 1))
        ctx.addQuadCurve(to: P(3, 3), control: P(3, 1))
        ctx.addCurve(to: P(1, 3), control1: P(3, 4), control2: P(1, 4))
        ctx.closePath()
        XCTAssertEqual(ctx.path?.commands, [.move(to: P(1, 1)), .addLine(to: P(2, 1)), .addQuadCurve(to: P(3, 3), control: P(3, 1)),
                                            .addCurve(to: P(1, 3), control1: P(3, 4), control2: P(1, 4)), .closeSubpath])
        XCTAssertEqual(ctx.currentPointOfPath, P(1, 1))
        ctx.beginPath()
        XCTAssertTrue(ctx.isPathEmpty)
        ctx.addArc(center: P(5, 5), radius: 2, startAngle: 0, endAngle: .pi, clockwise: false)
        XCTAssertEqual(Double(ctx.currentPointOfPath.x), 3, accuracy: 1e-9)
        XCTAssertEqual(Double(ctx.currentPointOfPath.y), 5, accuracy: 1e-9)
        ctx.beginPath()
        ctx.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 2, y: 2, width: 1, height: 1)])
        ctx.addEllipse(in: CGRect(x: 4, y: 4, width: 2, height: 2))
        let extra = CGMutablePath()
        extra.move(to: P(7, 7)); extra.addLine(to: P(8, 9))
        ctx.addPath(extra)
        XCTAssertEqual(ctx.path?.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 8, height: 9))
        XCTAssertEqual(ctx.path?.commands.count, 10 + 6 + 2)
        // Clipping to several rectangles: one clip, their union, in device space.
        let c = CGContext(width: 20, height: 20, scale: 2)
        c.clip(to: [CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 4, y: 4, width: 1, height: 1)])
        c.fill(CGRect(x: 0, y: 0, width: 9, height: 9))
        guard case .fillPath(_, _, _, _, let clips) = c.operations[0] else { return XCTFail() }
        XCTAssertEqual(clips.count, 1)
        XCTAssertEqual(clips[0].path.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(c.boundingBoxOfClipPath, CGRect(x: 0, y: 0, width: 5, height: 5))
    }

    /// Every one of Apple's blend modes exists with Apple's raw value (CGBlendMode in
    /// CGContext.h: kCGBlendModeNormal 0 … kCGBlendModePlusLighter 27), so code that sets one
    /// compiles.
    func testBlendModesAreApples() {
        let apple: [(CGBlendMode, Int32)] = [
            (.normal, 0), (.multiply, 1), (.screen, 2), (.overlay, 3), (.darken, 4), (.lighten, 5), (.colorDodge, 6),
            (.colorBurn, 7), (.softLight, 8), (.hardLight, 9), (.difference, 10), (.exclusion, 11), (.hue, 12),
            (.saturation, 13), (.color, 14), (.luminosity, 15), (.clear, 16), (.copy, 17), (.sourceIn, 18),
            (.sourceOut, 19), (.sourceAtop, 20), (.destinationOver, 21), (.destinationIn, 22), (.destinationOut, 23),
            (.destinationAtop, 24), (.xor, 25), (.plusDarker, 26), (.plusLighter, 27),
        ]
        for (mode, raw) in apple {
            XCTAssertEqual(mode.rawValue, raw, "\(mode)")
            XCTAssertEqual(CGBlendMode(rawValue: raw), mode)
        }
        XCTAssertNil(CGBlendMode(rawValue: 28))
    }
}
