import Foundation
@_spi(LaminaInternal) import QuartzCore

/// `lamina eval --plot FILE.png`: an `EvalSeries` drawn with Lamina itself, one panel a key path
/// (value against time, its own vertical scale), one colour a key path, a list's components told
/// apart by dashes; the axes labelled with the panel's value range and the time range. The plot is
/// a layer tree (`CAShapeLayer` curves and axes, `CATextLayer` labels) rendered by `CARenderer`.
enum EvalPlot {
    /// The plot's width in points.
    static let width: CGFloat = 800
    /// The height of one panel, and the margins around the curves.
    static let panelHeight: CGFloat = 170, left: CGFloat = 80, right: CGFloat = 24, top: CGFloat = 28, bottom: CGFloat = 36
    /// The colours of successive key paths.
    static let palette: [(CGFloat, CGFloat, CGFloat)] = [(0.16, 0.47, 0.96), (0.93, 0.33, 0.23), (0.18, 0.68, 0.35), (0.65, 0.35, 0.85),
                                                       (0.95, 0.62, 0.1), (0.1, 0.7, 0.75), (0.85, 0.3, 0.6), (0.45, 0.45, 0.45)]
    /// Dash patterns of a list's components, in order (nil: solid).
    static let dashes: [[NSNumber]?] = [nil, [8, 4], [2, 3], [10, 3, 2, 3]]

    /// The plot's layer tree for `series` and its size in points.
    static func layer(for series: EvalSeries) -> CALayer {
        let panels = max(1, series.series.count)
        let root = CALayer()
        root.anchorPoint = .zero
        root.bounds = CGRect(x: 0, y: 0, width: width, height: CGFloat(panels) * panelHeight)
        root.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        let t0 = series.times.first ?? 0, t1 = series.times.last ?? 1
        let span = t1 > t0 ? t1 - t0 : 1
        for (i, s) in series.series.enumerated() {
            let frame = CGRect(x: left, y: CGFloat(i) * panelHeight + top, width: width - left - right, height: panelHeight - top - bottom)
            let finite = s.values.flatMap { $0 }.compactMap { $0 }.filter(\.isFinite)
            var lo = finite.min() ?? 0, hi = finite.max() ?? 1
            if hi - lo < 1e-12 { lo -= 1; hi += 1 }
            let (r, g, b) = palette[i % palette.count]
            let colour = CGColor(srgbRed: r, green: g, blue: b, alpha: 1)
            // Axes: the left and bottom edges of the panel's frame.
            let axes = CAShapeLayer()
            let axesPath = CGMutablePath()
            axesPath.move(to: CGPoint(x: frame.minX, y: frame.minY))
            axesPath.addLine(to: CGPoint(x: frame.minX, y: frame.maxY))
            axesPath.addLine(to: CGPoint(x: frame.maxX, y: frame.maxY))
            axes.path = axesPath
            axes.fillColor = nil
            axes.strokeColor = CGColor(srgbRed: 0.2, green: 0.2, blue: 0.2, alpha: 1)
            axes.lineWidth = 1
            root.addSublayer(axes)
            // The curves: one a component.
            let components = s.values.first?.count ?? 0
            for c in 0..<components {
                let curve = CAShapeLayer()
                let path = CGMutablePath()
                var drawing = false
                for (k, t) in series.times.enumerated() {
                    guard let v = s.values[k][c], v.isFinite else { drawing = false; continue }
                    let p = CGPoint(x: frame.minX + CGFloat((t - t0) / span) * frame.width,
                                    y: frame.maxY - CGFloat((v - lo) / (hi - lo)) * frame.height)
                    if drawing { path.addLine(to: p) } else { path.move(to: p); drawing = true }
                }
                curve.path = path
                curve.fillColor = nil
                curve.strokeColor = colour
                curve.lineWidth = 2
                curve.lineDashPattern = dashes[c % dashes.count]
                root.addSublayer(curve)
            }
            // Labels: the key path (and which dash is which component), the value range, the times.
            let legend = components > 1 ? "  (" + (0..<components).map { "[\($0)] " + ["solid", "dashed", "dotted", "dash-dot"][$0 % 4] }.joined(separator: ", ") + ")" : ""
            root.addSublayer(label(s.name + legend, at: CGPoint(x: left, y: CGFloat(i) * panelHeight + 6), width: frame.width, colour: colour, size: 13))
            root.addSublayer(label(short(hi), at: CGPoint(x: 4, y: frame.minY - 6), width: left - 10, alignRight: true))
            root.addSublayer(label(short(lo), at: CGPoint(x: 4, y: frame.maxY - 8), width: left - 10, alignRight: true))
            root.addSublayer(label(short(t0) + " s", at: CGPoint(x: frame.minX, y: frame.maxY + 4), width: 100))
            root.addSublayer(label("time (s)", at: CGPoint(x: frame.midX - 50, y: frame.maxY + 4), width: 100, center: true))
            root.addSublayer(label(short(t1) + " s", at: CGPoint(x: frame.maxX - 100, y: frame.maxY + 4), width: 100, alignRight: true))
        }
        if series.series.isEmpty {
            root.addSublayer(label("no values change in this time range (name them with --key)", at: CGPoint(x: left, y: 60), width: width - left - right, size: 14))
        }
        return root
    }

    /// A number for a label: at most 6 significant digits.
    static func short(_ v: Double) -> String { String(format: "%.6g", v) }

    /// A one-line text label with its top-left corner at `origin`.
    static func label(_ text: String, at origin: CGPoint, width: CGFloat, colour: CGColor = CGColor(srgbRed: 0.15, green: 0.15, blue: 0.15, alpha: 1),
                      size: CGFloat = 11, alignRight: Bool = false, center: Bool = false) -> CATextLayer {
        let l = CATextLayer()
        l.anchorPoint = .zero
        l.position = origin
        l.bounds = CGRect(x: 0, y: 0, width: width, height: size + 6)
        l.string = text
        l.fontSize = size
        l.foregroundColor = colour
        l.alignmentMode = alignRight ? .right : center ? .center : .left
        l.truncationMode = .end
        return l
    }

    /// Renders the plot of `series` to `path` as PNG; returns its size in pixels.
    static func write(_ series: EvalSeries, to path: String) throws -> (width: Int, height: Int) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let root = layer(for: series)
        CATransaction.commit()
        CATransaction.flush()
        let r = CARenderer(size: root.bounds.size)
        r.layer = root
        let t = CACurrentMediaTime()
        r.beginFrame(atTime: t); r.render(); r.endFrame()
        try PNGCodec.write(r.makeImage(), to: URL(fileURLWithPath: path))
        return r.pixelSize
    }
}
