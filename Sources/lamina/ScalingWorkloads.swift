import Foundation
@_spi(LaminaInternal) import QuartzCore
import Compositor

/// The workloads of `lamina bench scaling`: the same kind of content at growing sizes, to show
/// that a frame's cost grows with what it draws and no faster. Three series on the 1280x720
/// frame, each drawn as a window draws it (layers committed, the render tree built once,
/// `FrameRenderer` rasterising it):
/// - `text`: glyph runs of 1k, 10k and 100k glyphs at 13 px (`VectorWorkloads.textRow`, lines
///   that pass the bottom starting a new block over the first);
/// - `fill` and `stroke`: one `CAShapeLayer` whose path is a closed polygon of N line segments
///   (1k to 1M) around an ellipse of radii 300 and 300 · 0.55, its radius wobbling by 8 px
///   (filled, or stroked 2 px wide): the area stays the same while the segments grow;
/// - `gradient`: one axial `CAGradientLayer` of 1/16, 1/4 and all of the frame.
enum ScalingWorkloads {
    /// One size of a series.
    struct Step {
        /// The row's name, e.g. `text.10k`.
        let name: String
        /// The series (`text`, `fill`, `stroke`, `gradient`).
        let series: String
        /// How much it draws, in the series' unit (glyphs, segments, pixels).
        let size: Double
        /// The layers drawn.
        let root: CALayer
    }

    /// The glyph counts of the text series.
    static let glyphCounts = [1_000, 10_000, 100_000]
    /// The segment counts of the path series.
    static let segmentCounts = [1_000, 10_000, 100_000, 1_000_000]
    /// The gradient's share of the frame's area.
    static let gradientShares = [1.0 / 16, 1.0 / 4, 1.0]

    /// Every step whose name passes `keep`, up to `limit` of each series' unit (to keep tests quick).
    static func steps(limit: Double = .infinity, keep: (String) -> Bool = { _ in true }) -> [Step] {
        var out: [Step] = []
        for n in glyphCounts where Double(n) <= limit {
            let name = "text.\(label(n))"
            guard keep(name), let row = VectorWorkloads.textRow(size: 13, glyphs: n) else { continue }
            let spec = VectorSpec(name: name, kind: "text", text: row)
            out.append(Step(name: name, series: "text", size: Double(row.glyphs), root: VectorWorkloads.layers(spec)))
        }
        for stroked in [false, true] {
            for n in segmentCounts where Double(n) <= limit {
                let name = (stroked ? "stroke" : "fill") + ".\(label(n))"
                guard keep(name) else { continue }
                out.append(Step(name: name, series: stroked ? "stroke" : "fill", size: Double(n), root: polygonLayers(segments: n, stroked: stroked)))
            }
        }
        for share in gradientShares {
            let w = Int((Double(VectorWorkloads.width) * share.squareRoot()).rounded())
            let h = Int((Double(VectorWorkloads.height) * share.squareRoot()).rounded())
            let name = "gradient.\(w)x\(h)"
            guard keep(name), Double(w * h) <= limit * 1000 else { continue }
            out.append(Step(name: name, series: "gradient", size: Double(w * h), root: gradientLayers(width: w, height: h)))
        }
        return out
    }

    /// 1000 → "1k", 1000000 → "1M".
    static func label(_ n: Int) -> String {
        n >= 1_000_000 && n % 1_000_000 == 0 ? "\(n / 1_000_000)M" : n >= 1000 && n % 1000 == 0 ? "\(n / 1000)k" : "\(n)"
    }

    /// The closed polygon of `segments` line segments the path series draws (frame coordinates).
    static func polygon(segments: Int) -> CGPath {
        let path = CGMutablePath()
        let cx = Double(VectorWorkloads.width) / 2, cy = Double(VectorWorkloads.height) / 2
        for k in 0..<segments {
            let a = Double(k) * 2 * .pi / Double(segments)
            // Wobbles 97 times around: the outline stays the same length scale at every count.
            let r = 300 + 8 * sin(97 * a)
            let p = CGPoint(x: cx + r * cos(a), y: cy + r * 0.55 * sin(a))
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        return path
    }

    static func polygonLayers(segments: Int, stroked: Bool) -> CALayer {
        let l = CAShapeLayer()
        l.frame = CGRect(x: 0, y: 0, width: VectorWorkloads.width, height: VectorWorkloads.height)
        l.path = polygon(segments: segments)
        l.fillColor = stroked ? nil : VectorWorkloads.cgColor([0.9, 0.4, 0.2, 0.8])
        l.strokeColor = stroked ? VectorWorkloads.cgColor([0.95, 0.95, 0.9, 1]) : nil
        l.lineWidth = 2
        return root(holding: l)
    }

    static func gradientLayers(width: Int, height: Int) -> CALayer {
        let l = CAGradientLayer()
        l.frame = CGRect(x: 0, y: 0, width: width, height: height)
        l.colors = [[0.9, 0.2, 0.3, 0.9], [0.2, 0.6, 0.9, 0.9], [0.95, 0.9, 0.3, 0.9]].map(VectorWorkloads.cgColor)
        l.startPoint = CGPoint(x: 0, y: 0)
        l.endPoint = CGPoint(x: 1, y: 1)
        return root(holding: l)
    }

    /// A root of the frame's size holding `layer`, added without implicit animations.
    static func root(holding layer: CALayer) -> CALayer {
        let root = VectorWorkloads.frameRoot()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.addSublayer(layer)
        CATransaction.commit()
        return root
    }
}
