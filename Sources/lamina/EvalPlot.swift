import Foundation
@_spi(LaminaInternal) import QuartzCore
import Compositor

/// `lamina eval --plot FILE.png`: an `EvalSeries` drawn with Lamina itself, as `EvalPlotPanel`s
/// (a panel a key path, a transform as its parts), each with its own vertical scale. Both axes
/// carry round ticks (`PlotTicks`) with light grid lines; within a panel every curve has its own
/// colour and dash pattern, named in a legend that wraps onto as many rows as it needs (never
/// cut), followed by the components that do not change. The plot is a layer tree (`CAShapeLayer`
/// curves and axes, `CATextLayer` labels) rendered by `CARenderer`.
enum EvalPlot {
    /// The plot's width in points.
    static let width: CGFloat = 800
    /// The height of the curves' area, and the margins around it (`top`: the title's row).
    static let plotHeight: CGFloat = 106, left: CGFloat = 80, right: CGFloat = 24, top: CGFloat = 28, bottom: CGFloat = 36
    /// The height of one legend row.
    static let legendRow: CGFloat = 17
    /// The colours of a panel's curves, in order.
    static let palette: [(CGFloat, CGFloat, CGFloat)] = [(0.16, 0.47, 0.96), (0.93, 0.33, 0.23), (0.18, 0.68, 0.35), (0.65, 0.35, 0.85),
                                                       (0.95, 0.62, 0.1), (0.1, 0.7, 0.75), (0.85, 0.3, 0.6), (0.45, 0.45, 0.45)]
    /// Dash patterns (nil: solid), taken in turn once every colour has been used.
    static let dashes: [[NSNumber]?] = [nil, [8, 4], [2, 3], [10, 3, 2, 3]]
    /// Text colours.
    static let ink = CGColor(srgbRed: 0.15, green: 0.15, blue: 0.15, alpha: 1), grey = CGColor(srgbRed: 0.4, green: 0.4, blue: 0.4, alpha: 1)

    /// The style of a panel's curve `index`: a colour and a dash pattern, distinct for the first 32 curves.
    static func style(_ index: Int) -> (colour: CGColor, dash: [NSNumber]?) {
        let (r, g, b) = palette[index % palette.count]
        return (CGColor(srgbRed: r, green: g, blue: b, alpha: 1), dashes[(index / palette.count) % dashes.count])
    }

    /// A legend item: a sample of the curve's line (nil for a note) and its text.
    struct LegendItem {
        /// The curve's style, or nil for text alone (the constants).
        let style: (colour: CGColor, dash: [NSNumber]?)?
        /// What it names.
        let text: String
    }

    /// The legend of `panel`, laid out in rows that fit the panel's width: each item's origin (from
    /// the legend's top-left) and width. A panel of one curve and no constants has none (its title names it).
    static func legend(for panel: EvalPlotPanel) -> [(item: LegendItem, origin: CGPoint, width: CGFloat)] {
        var items = panel.curves.enumerated().map { LegendItem(style: style($0.offset), text: $0.element.name) }
        if !panel.constants.isEmpty { items.append(LegendItem(style: nil, text: "unchanged: " + panel.constants.joined(separator: ", "))) }
        guard items.count > 1 || !panel.constants.isEmpty else { return [] }
        let available = width - left - right
        var placed: [(item: LegendItem, origin: CGPoint, width: CGFloat)] = []
        var x: CGFloat = 0, y: CGFloat = 0
        for item in items {
            let w = min(available, (item.style == nil ? 0 : 28) + textWidth(item.text, size: 11) + 6)
            if x > 0 && x + w > available { x = 0; y += legendRow }
            placed.append((item, CGPoint(x: x, y: y), w))
            x += w + 14
        }
        return placed
    }

    /// The width of `text` in the text layers' default font at `size` points.
    static func textWidth(_ text: String, size: CGFloat) -> CGFloat {
        CGFloat((FontProviders.current ?? DefaultFontProvider.shared).width(of: text, fontName: nil, size: Double(size))).rounded(.up)
    }

    /// The height of `panel`: its title, its legend's rows, the curves and the time axis.
    static func height(of panel: EvalPlotPanel) -> CGFloat {
        let rows = legend(for: panel).map(\.origin.y).max().map { $0 / legendRow + 1 } ?? 0
        return top + rows * legendRow + (rows > 0 ? 6 : 0) + plotHeight + bottom
    }

    /// The plot's layer tree for `series`.
    static func layer(for series: EvalSeries) -> CALayer {
        let panels = EvalPlotPanel.panels(for: series)
        let root = CALayer()
        root.anchorPoint = .zero
        let heights = panels.map(height(of:))
        root.bounds = CGRect(x: 0, y: 0, width: width, height: panels.isEmpty ? top + plotHeight + bottom : heights.reduce(0, +))
        root.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        let t0 = series.times.first ?? 0, t1 = series.times.last ?? 1
        let span = t1 > t0 ? t1 - t0 : 1
        var y0: CGFloat = 0
        for (i, panel) in panels.enumerated() {
            let legend = legend(for: panel)
            let frame = CGRect(x: left, y: y0 + heights[i] - bottom - plotHeight, width: width - left - right, height: plotHeight)
            root.addSublayer(label(panel.title, at: CGPoint(x: left, y: y0 + 6), width: frame.width, colour: ink, size: 13))
            for (item, origin, w) in legend {
                let at = CGPoint(x: left + origin.x, y: y0 + top + origin.y)
                if let style = item.style {
                    root.addSublayer(line(from: CGPoint(x: at.x, y: at.y + 8), to: CGPoint(x: at.x + 22, y: at.y + 8), colour: style.colour, width: 2, dash: style.dash))
                    root.addSublayer(label(item.text, at: CGPoint(x: at.x + 28, y: at.y), width: w - 28, truncates: false))
                } else {
                    root.addSublayer(label(item.text, at: at, width: w, colour: grey, truncates: w < width - left - right))
                }
            }
            let values = panel.curves.flatMap(\.values).compactMap { $0 }.filter(\.isFinite)
            let ticks = PlotTicks(covering: values.min() ?? 0, values.max() ?? 0, target: 4)
            func y(_ v: Double) -> CGFloat { frame.maxY - CGFloat((v - ticks.lo) / (ticks.hi - ticks.lo)) * frame.height }
            func x(_ t: Double) -> CGFloat { frame.minX + CGFloat((t - t0) / span) * frame.width }
            // Value ticks: a grid line and a label at each.
            for v in ticks.values {
                root.addSublayer(line(from: CGPoint(x: frame.minX, y: y(v)), to: CGPoint(x: frame.maxX, y: y(v)),
                                      colour: CGColor(srgbRed: 0.88, green: 0.88, blue: 0.88, alpha: 1), width: 1))
                root.addSublayer(label(ticks.label(v), at: CGPoint(x: 4, y: y(v) - 8), width: left - 12, alignRight: true))
            }
            // Time ticks (inside the sampled range), a grid line and a label at each.
            let times = PlotTicks(covering: t0, t0 + span, target: 8)
            for t in times.values where t >= t0 - 1e-9 * span && t <= t0 + span * (1 + 1e-9) {
                root.addSublayer(line(from: CGPoint(x: x(t), y: frame.minY), to: CGPoint(x: x(t), y: frame.maxY + 3),
                                      colour: CGColor(srgbRed: 0.88, green: 0.88, blue: 0.88, alpha: 1), width: 1))
                root.addSublayer(label(times.label(t), at: CGPoint(x: x(t) - 40, y: frame.maxY + 3), width: 80, center: true))
            }
            root.addSublayer(label("time (s)", at: CGPoint(x: frame.midX - 50, y: frame.maxY + 18), width: 100, colour: grey, center: true))
            // Axes: the left and bottom edges of the curves' area.
            let axes = CGMutablePath()
            axes.move(to: CGPoint(x: frame.minX, y: frame.minY))
            axes.addLine(to: CGPoint(x: frame.minX, y: frame.maxY))
            axes.addLine(to: CGPoint(x: frame.maxX, y: frame.maxY))
            root.addSublayer(shape(axes, colour: CGColor(srgbRed: 0.2, green: 0.2, blue: 0.2, alpha: 1), width: 1))
            // The curves, broken where a value is not finite.
            for (c, curve) in panel.curves.enumerated() {
                let path = CGMutablePath()
                var drawing = false
                for (k, t) in series.times.enumerated() {
                    guard let v = curve.values[k], v.isFinite else { drawing = false; continue }
                    let p = CGPoint(x: x(t), y: y(v))
                    if drawing { path.addLine(to: p) } else { path.move(to: p); drawing = true }
                }
                let s = style(c)
                root.addSublayer(shape(path, colour: s.colour, width: 2, dash: s.dash))
            }
            y0 += heights[i]
        }
        if panels.isEmpty {
            root.addSublayer(label("no values change in this time range (name them with --key)", at: CGPoint(x: left, y: 60), width: width - left - right, size: 14))
        }
        return root
    }

    /// A stroked path.
    static func shape(_ path: CGPath, colour: CGColor, width: CGFloat, dash: [NSNumber]? = nil) -> CAShapeLayer {
        let s = CAShapeLayer()
        s.path = path
        s.fillColor = nil
        s.strokeColor = colour
        s.lineWidth = width
        s.lineDashPattern = dash
        return s
    }

    /// A straight line.
    static func line(from a: CGPoint, to b: CGPoint, colour: CGColor, width: CGFloat, dash: [NSNumber]? = nil) -> CAShapeLayer {
        let p = CGMutablePath()
        p.move(to: a)
        p.addLine(to: b)
        return shape(p, colour: colour, width: width, dash: dash)
    }

    /// A one-line text label with its top-left corner at `origin`.
    static func label(_ text: String, at origin: CGPoint, width: CGFloat, colour: CGColor = ink, size: CGFloat = 11,
                      alignRight: Bool = false, center: Bool = false, truncates: Bool = true) -> CATextLayer {
        let l = CATextLayer()
        l.anchorPoint = .zero
        l.position = origin
        l.bounds = CGRect(x: 0, y: 0, width: width, height: size + 6)
        l.string = text
        l.fontSize = size
        l.foregroundColor = colour
        l.alignmentMode = alignRight ? .right : center ? .center : .left
        l.truncationMode = truncates ? .end : .none
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
