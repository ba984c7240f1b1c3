import Foundation

/// One panel of `lamina eval --plot`: a title ("ball: position"), the curves drawn on one vertical
/// scale, each named for what it is (`x`, `width`, `alpha`, `rotation z`), and the components
/// that keep one value over the time range, named with it instead of drawn. A transform is shown
/// as its parts (`TransformParts`: translation, scale, rotation in degrees, perspective), one
/// panel a kind of part that changes, never as 16 matrix entries.
struct EvalPlotPanel {
    /// One curve: its name in the legend and its values at the series' times (nil: not finite).
    struct Curve {
        /// What the curve is ("x", "rotation z").
        let name: String
        /// One value a time.
        let values: [Double?]
    }

    /// The panel's title.
    let title: String
    /// The curves that change.
    let curves: [Curve]
    /// Components with one value throughout ("y = 74").
    let constants: [String]

    /// The names of a key's components (nil: numbered `[0]`, `[1]`...).
    static func componentNames(key: String, count: Int) -> [String] {
        let last = key.split(separator: ".").last.map(String.init) ?? key
        let names: [String]
        switch last {
        case "position", "anchorPoint", "startPoint", "endPoint", "emitterPosition": names = ["x", "y"]
        case "bounds", "contentsRect": names = ["x", "y", "width", "height"]
        case "shadowOffset", "emitterSize": names = ["width", "height"]
        case _ where last.hasSuffix("Color"): names = ["red", "green", "blue", "alpha"]
        default: names = []
        }
        return names.count == count ? names : (0..<count).map { "[\($0)]" }
    }

    /// The panels for `series`: one a key path, or for a transform one a kind of part that changes.
    static func panels(for series: EvalSeries) -> [EvalPlotPanel] {
        series.series.flatMap { s -> [EvalPlotPanel] in
            let title = s.layer + ": " + s.key
            let count = s.values.first?.count ?? 0
            if count == 16, let parts = transformPanels(title: title, values: s.values) { return parts }
            let names = componentNames(key: s.key, count: count)
            return [panel(title: title, columns: (0..<count).map { c in (names[c], s.values.map { $0[c] }) }, keepAll: count == 1)]
        }
    }

    /// A panel of the columns that change, the others listed as constants; `keepAll` draws even a
    /// constant column (a key path of one number).
    static func panel(title: String, columns: [(String, [Double?])], keepAll: Bool = false) -> EvalPlotPanel {
        var curves: [Curve] = [], constants: [String] = []
        for (name, values) in columns {
            if !keepAll, let v = constantValue(values) {
                constants.append(name + " = " + (v.map { String(format: "%.6g", $0) } ?? "null"))
            } else {
                curves.append(Curve(name: name, values: values))
            }
        }
        return EvalPlotPanel(title: title, curves: curves, constants: constants)
    }

    /// The one value of `values` when they are all equal (to 1e-9 of their size), else nil.
    static func constantValue(_ values: [Double?]) -> Double?? {
        guard let first = values.first else { return .some(nil) }
        for v in values {
            switch (first, v) {
            case (nil, nil): continue
            case let (a?, b?) where a == b || abs(a - b) <= 1e-9 * max(1, abs(a)): continue
            default: return nil
            }
        }
        return .some(first)
    }

    /// A transform's panels: translation, scale, rotation (degrees) and perspective, each only when
    /// it changes; nil when an entry is not finite at some time, or when no part changes (a
    /// shear), where the entries that change are drawn instead.
    static func transformPanels(title: String, values: [[Double?]]) -> [EvalPlotPanel]? {
        let parts = values.map { v in v.allSatisfy { $0 != nil } ? TransformParts(v.map { $0! }) : nil }
        guard parts.allSatisfy({ $0 != nil }) else {
            return [panel(title: title + " entries", columns: matrixColumns(values))]
        }
        let p = parts.map { $0! }
        let axes = ["x", "y", "z"]
        let kinds: [(String, String, [[Double]])] = [
            ("translation", "translation", p.map(\.translation)),
            ("scale", "scale", p.map(\.scale)),
            ("rotation (degrees)", "rotation", unwrapped(p.map(\.rotation))),
            ("perspective", "m34", p.map { [$0.perspective] }),
        ]
        var panels: [EvalPlotPanel] = []
        var unchanged: [String] = []
        for (kind, name, rows) in kinds {
            let columns = (0..<rows[0].count).map { c in (rows[0].count == 1 ? name : name + " " + axes[c], rows.map { Optional($0[c]) }) }
            // Unchanged parts are named only when they are not the identity's (a constant scale of 2, not of 1).
            let identity = name == "scale" ? 1.0 : 0.0
            let curves = columns.filter { constantValue($0.1) == nil }.map { Curve(name: $0.0, values: $0.1) }
            let named = columns.compactMap { c -> String? in
                guard let v = constantValue(c.1), let value = v, abs(value - identity) > 1e-9 else { return nil }
                return c.0 + " = " + String(format: "%.6g", value)
            }
            if curves.isEmpty { unchanged += named } else { panels.append(EvalPlotPanel(title: title + " " + kind, curves: curves, constants: named)) }
        }
        guard !panels.isEmpty else { return [panel(title: title + " entries", columns: matrixColumns(values))] }
        // What does not change is named on the first panel.
        panels[0] = EvalPlotPanel(title: panels[0].title, curves: panels[0].curves, constants: panels[0].constants + unchanged)
        return panels
    }

    /// Angles in degrees (one row a time) made continuous: each moved by whole turns to within
    /// half a turn of the one before, so a steady spin plots as a line, not a saw.
    static func unwrapped(_ rows: [[Double]]) -> [[Double]] {
        var out = rows
        for k in out.indices.dropFirst() {
            for c in out[k].indices {
                let turns = ((out[k][c] - out[k - 1][c]) / 360).rounded()
                out[k][c] -= turns * 360
            }
        }
        return out
    }

    /// A matrix's 16 columns, named m11 ... m44.
    static func matrixColumns(_ values: [[Double?]]) -> [(String, [Double?])] {
        (0..<16).map { i in ("m\(i / 4 + 1)\(i % 4 + 1)", values.map { $0[i] }) }
    }
}
