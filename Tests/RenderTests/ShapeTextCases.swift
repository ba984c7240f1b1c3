import Foundation
@_spi(LaminaInternal) import QuartzCore

/// CAShapeLayer, CAGradientLayer, CATextLayer and CAReplicatorLayer.
enum ShapeTextCases {
    static func shape(_ name: String, configure: @escaping @Sendable (CAShapeLayer) -> Void) -> GoldenCase {
        GoldenCase(name: name) {
            let r = Art.root()
            let s = CAShapeLayer()
            s.frame = r.bounds
            configure(s)
            r.addSublayer(s)
            return r
        }
    }

    static let star = Art.path { p in
        for k in 0..<5 {
            let a = -CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
            let pt = CGPoint(x: 48 + 30 * cos(a), y: 38 + 30 * sin(a))
            if k == 0 { p.move(to: pt) } else { p.addLine(to: pt) }
        }
        p.closeSubpath()
    }

    static let zigzag = Art.path { p in
        p.move(to: CGPoint(x: 12, y: 52)); p.addLine(to: CGPoint(x: 32, y: 18)); p.addLine(to: CGPoint(x: 52, y: 52)); p.addLine(to: CGPoint(x: 84, y: 22))
    }

    static func gradient(_ name: String, configure: @escaping @Sendable (CAGradientLayer) -> Void) -> GoldenCase {
        GoldenCase(name: name) {
            let r = Art.root()
            let g = CAGradientLayer()
            g.frame = CGRect(x: 8, y: 8, width: 80, height: 56)
            g.colors = [Art.red, Art.yellow, Art.blue]
            configure(g)
            r.addSublayer(g)
            return r
        }
    }

    static func text(_ name: String, size: CGSize = CGSize(width: 160, height: 72), configure: @escaping @Sendable (CATextLayer) -> Void) -> GoldenCase {
        GoldenCase(name: name, size: size, tolerance: 8) {
            let r = Art.root(size)
            let t = CATextLayer()
            t.frame = CGRect(x: 8, y: 6, width: size.width - 16, height: size.height - 12)
            t.backgroundColor = Art.color(0.9, 0.92, 1)
            t.foregroundColor = Art.black
            t.fontSize = 16
            configure(t)
            r.addSublayer(t)
            return r
        }
    }

    static let all: [GoldenCase] = [
        shape("shape_fill_nonzero") { $0.path = star; $0.fillColor = Art.blue },
        shape("shape_fill_evenodd") { $0.path = star; $0.fillColor = Art.blue; $0.fillRule = .evenOdd },
        shape("shape_fill_and_stroke") { $0.path = star; $0.fillColor = Art.yellow; $0.strokeColor = Art.red; $0.lineWidth = 3 },
        shape("shape_stroke_join_miter") { $0.path = zigzag; $0.fillColor = nil; $0.strokeColor = Art.black; $0.lineWidth = 8; $0.lineJoin = .miter },
        shape("shape_stroke_join_round") { $0.path = zigzag; $0.fillColor = nil; $0.strokeColor = Art.black; $0.lineWidth = 8; $0.lineJoin = .round },
        shape("shape_stroke_join_bevel") { $0.path = zigzag; $0.fillColor = nil; $0.strokeColor = Art.black; $0.lineWidth = 8; $0.lineJoin = .bevel },
        shape("shape_stroke_caps") { s in
            s.path = Art.path { p in
                for k in 0..<3 { p.move(to: CGPoint(x: 20, y: 16 + 20 * CGFloat(k))); p.addLine(to: CGPoint(x: 76, y: 16 + 20 * CGFloat(k))) }
            }
            s.fillColor = nil; s.strokeColor = Art.blue; s.lineWidth = 10; s.lineCap = .round
        },
        shape("shape_stroke_cap_square") { s in
            s.path = Art.path { p in p.move(to: CGPoint(x: 20, y: 36)); p.addLine(to: CGPoint(x: 76, y: 36)) }
            s.fillColor = nil; s.strokeColor = Art.green; s.lineWidth = 12; s.lineCap = .square
        },
        shape("shape_miter_limit") { $0.path = star; $0.fillColor = nil; $0.strokeColor = Art.red; $0.lineWidth = 4; $0.miterLimit = 2 },
        shape("shape_dash") { s in
            s.path = CGPath(roundedRect: CGRect(x: 12, y: 10, width: 72, height: 52), cornerWidth: 12, cornerHeight: 12, transform: nil)
            s.fillColor = nil; s.strokeColor = Art.black; s.lineWidth = 3; s.lineDashPattern = [8, 4]
        },
        shape("shape_dash_phase") { s in
            s.path = CGPath(roundedRect: CGRect(x: 12, y: 10, width: 72, height: 52), cornerWidth: 12, cornerHeight: 12, transform: nil)
            s.fillColor = nil; s.strokeColor = Art.black; s.lineWidth = 3; s.lineDashPattern = [8, 4]; s.lineDashPhase = 6
        },
        shape("shape_stroke_start_end") { s in
            s.path = CGPath(ellipseIn: CGRect(x: 18, y: 6, width: 60, height: 60), transform: nil)
            s.fillColor = nil; s.strokeColor = Art.blue; s.lineWidth = 6; s.strokeStart = 0.1; s.strokeEnd = 0.6; s.lineCap = .round
        },
        gradient("gradient_axial_vertical") { _ in },
        gradient("gradient_axial_diagonal_locations") { g in
            g.startPoint = CGPoint(x: 0, y: 0); g.endPoint = CGPoint(x: 1, y: 1); g.locations = [0, 0.2, 1]
        },
        gradient("gradient_radial") { g in g.type = .radial; g.startPoint = CGPoint(x: 0.5, y: 0.5); g.endPoint = CGPoint(x: 1, y: 1) },
        gradient("gradient_conic") { g in g.type = .conic; g.startPoint = CGPoint(x: 0.5, y: 0.5); g.endPoint = CGPoint(x: 0.5, y: 0) },
        gradient("gradient_alpha_rounded") { g in
            g.colors = [Art.color(0.2, 0.4, 0.9, 1), Art.color(0.2, 0.4, 0.9, 0)]; g.cornerRadius = 14
        },
        text("text_basic") { $0.string = "Hello, Lamina" },
        text("text_align_center") { $0.string = "Centred"; $0.alignmentMode = .center },
        text("text_align_right") { $0.string = "Right"; $0.alignmentMode = .right },
        text("text_wrapped") { $0.string = "Core Animation on Linux, wrapped inside the bounds"; $0.isWrapped = true; $0.fontSize = 14 },
        text("text_truncate_end") { $0.string = "This line is far too long to fit in its layer"; $0.truncationMode = .end },
        text("text_truncate_middle") { $0.string = "This line is far too long to fit in its layer"; $0.truncationMode = .middle },
        text("text_color_scale_2", size: CGSize(width: 160, height: 72)) { t in
            t.string = "Scale 2"; t.contentsScale = 2; t.foregroundColor = Art.red; t.fontSize = 20
        },
        GoldenCase(name: "replicator_row") {
            let r = Art.root()
            let rep = CAReplicatorLayer()
            rep.frame = r.bounds
            rep.instanceCount = 5
            rep.instanceTransform = CATransform3DMakeTranslation(16, 0, 0)
            Art.box(rep, CGRect(x: 8, y: 28, width: 12, height: 16), Art.blue)
            r.addSublayer(rep)
            return r
        },
        GoldenCase(name: "replicator_rotation_color_offsets") {
            let r = Art.root()
            let rep = CAReplicatorLayer()
            rep.frame = r.bounds
            rep.instanceCount = 12
            rep.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
            rep.instanceColor = Art.white
            rep.instanceRedOffset = -0.08; rep.instanceGreenOffset = -0.04; rep.instanceAlphaOffset = -0.05
            Art.box(rep, CGRect(x: 45, y: 6, width: 6, height: 16), Art.white) { $0.cornerRadius = 3 }
            r.addSublayer(rep)
            return r
        },
        GoldenCase(name: "replicator_instance_delay", time: 0.5) {
            let r = Art.root()
            let rep = CAReplicatorLayer()
            rep.frame = r.bounds
            rep.instanceCount = 4
            rep.instanceDelay = 0.25
            rep.instanceTransform = CATransform3DMakeTranslation(0, 16, 0)
            let dot = Art.box(rep, CGRect(x: 8, y: 6, width: 12, height: 12), Art.red) { $0.cornerRadius = 6 }
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 14; a.toValue = 82; a.duration = 1; a.beginTime = 0.0001; a.fillMode = .both
            dot.add(a, forKey: "x")
            r.addSublayer(rep)
            return r
        },
    ]
}
