import Foundation
@_spi(LaminaInternal) import QuartzCore

/// contents images: every gravity, contentsRect, contentsCenter, contentsScale, filters, draw(in:).
enum ContentsCases {
    /// A framed layer showing the test picture (16x12 texels) with `gravity` in a 60x44 box.
    static func gravity(_ g: CALayerContentsGravity, flipped: Bool = false) -> GoldenCase {
        GoldenCase(name: "gravity_\(g.rawValue)" + (flipped ? "_flipped" : "")) {
            let r = Art.root()
            Art.box(r, CGRect(x: 18, y: 14, width: 60, height: 44), Art.color(0.85, 0.85, 0.85)) {
                $0.contents = Art.picture
                $0.contentsGravity = g
                $0.magnificationFilter = .nearest
                $0.isGeometryFlipped = flipped
                $0.borderWidth = 1; $0.borderColor = Art.color(0.5, 0.5, 0.5)
            }
            return r
        }
    }

    static let all: [GoldenCase] = [
        gravity(.resize), gravity(.resizeAspect), gravity(.resizeAspectFill), gravity(.center),
        gravity(.top), gravity(.bottom), gravity(.left), gravity(.right),
        gravity(.topLeft), gravity(.topRight), gravity(.bottomLeft), gravity(.bottomRight),
        gravity(.top, flipped: true),
        GoldenCase(name: "contents_rect_quadrant") {
            let r = Art.root()
            Art.box(r, CGRect(x: 18, y: 14, width: 60, height: 44), nil) {
                $0.contents = Art.picture; $0.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5); $0.magnificationFilter = .nearest
            }
            return r
        },
        GoldenCase(name: "contents_rect_outside_clamps") {
            let r = Art.root()
            Art.box(r, CGRect(x: 18, y: 14, width: 60, height: 44), nil) {
                $0.contents = Art.picture; $0.contentsRect = CGRect(x: -0.5, y: 0, width: 1, height: 1); $0.magnificationFilter = .nearest
            }
            return r
        },
        GoldenCase(name: "contents_center_nine_part") {
            let r = Art.root()
            Art.box(r, CGRect(x: 8, y: 8, width: 80, height: 56), nil) {
                $0.contents = Art.frame9; $0.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5); $0.magnificationFilter = .nearest
            }
            return r
        },
        GoldenCase(name: "contents_scale_2") {
            let r = Art.root()
            Art.box(r, CGRect(x: 18, y: 14, width: 60, height: 44), Art.color(0.85, 0.85, 0.85)) {
                $0.contents = Art.picture; $0.contentsScale = 2; $0.contentsGravity = .center; $0.magnificationFilter = .nearest
            }
            return r
        },
        GoldenCase(name: "filter_linear_magnify") {
            let r = Art.root()
            Art.box(r, CGRect(x: 8, y: 6, width: 80, height: 60), nil) { $0.contents = Art.picture }
            return r
        },
        GoldenCase(name: "filter_nearest_magnify") {
            let r = Art.root()
            Art.box(r, CGRect(x: 8, y: 6, width: 80, height: 60), nil) { $0.contents = Art.picture; $0.magnificationFilter = .nearest }
            return r
        },
        GoldenCase(name: "filter_minify") {
            let r = Art.root()
            Art.box(r, CGRect(x: 40, y: 30, width: 8, height: 6), nil) { $0.contents = Art.picture }
            Art.box(r, CGRect(x: 60, y: 30, width: 8, height: 6), nil) { $0.contents = Art.picture; $0.minificationFilter = .nearest }
            return r
        },
        GoldenCase(name: "contents_alpha_image") {
            let r = Art.root()
            Art.box(r, CGRect(x: 8, y: 30, width: 80, height: 12), Art.red)
            Art.box(r, CGRect(x: 8, y: 16, width: 80, height: 40), nil) { $0.contents = Art.alphaRamp }
            return r
        },
        GoldenCase(name: "contents_over_background_rounded_clip") {
            let r = Art.root()
            Art.box(r, CGRect(x: 12, y: 8, width: 72, height: 56), Art.yellow) {
                $0.contents = Art.picture; $0.cornerRadius = 18; $0.masksToBounds = true; $0.contentsGravity = .resizeAspect
            }
            return r
        },
        GoldenCase(name: "draw_in_context") {
            let r = Art.root()
            let l = DrawingLayer()
            l.frame = CGRect(x: 8, y: 8, width: 80, height: 56)
            l.setNeedsDisplay()
            r.addSublayer(l)
            l.displayIfNeeded()
            return r
        },
        GoldenCase(name: "draw_in_context_scale_2", scale: 2) {
            let r = Art.root()
            let l = DrawingLayer()
            l.contentsScale = 2
            l.frame = CGRect(x: 8, y: 8, width: 80, height: 56)
            l.setNeedsDisplay()
            r.addSublayer(l)
            l.displayIfNeeded()
            return r
        },
    ]
}

/// A layer that draws with CGContext: a filled rect, an ellipse, a clipped region and an image.
final class DrawingLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(Art.color(0.9, 0.9, 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 80, height: 56))
        ctx.setFillColor(Art.red)
        ctx.fillEllipse(in: CGRect(x: 4, y: 4, width: 30, height: 30))
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 40, y: 0, width: 20, height: 56))
        ctx.setFillColor(Art.green)
        ctx.fill(CGRect(x: 30, y: 10, width: 40, height: 20))
        ctx.restoreGState()
        ctx.saveGState()
        ctx.translateBy(x: 50, y: 36)
        ctx.rotate(by: .pi / 8)
        ctx.draw(Art.picture, in: CGRect(x: 0, y: 0, width: 24, height: 16))
        ctx.restoreGState()
    }
}
