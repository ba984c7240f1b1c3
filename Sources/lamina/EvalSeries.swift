import ArgumentParser
import Foundation
import CoreGraphics
import QuartzCore
import Scenes

/// `lamina eval --from A --to B --step S`: the presentation values of a scene's named layers sampled
/// over time, as a table of numeric columns (one per component: `ball.position[1]`), kept to the
/// chosen layers and key paths, or, without `--key`, to the key paths whose values change.
struct EvalSeries {
    /// One key path of one layer: its values at every time (one list of components a time).
    struct Series {
        /// The layer's name.
        let layer: String
        /// The key path (as `lamina eval` names it: `position`, `opacity`, `transform`).
        let key: String
        /// The values, one list of components for each time (a number is a list of one).
        var values: [[Double?]]
        /// "layer.key".
        var name: String { layer + "." + key }
    }

    /// The sample times.
    let times: [Double]
    /// The series, in the scene's layer order, then key order.
    let series: [Series]

    /// The times from `from` to `to` (included when it falls on a step) every `step`, each computed
    /// as `from + i * step` (no accumulated rounding) and rounded to 12 significant digits, so that
    /// 0.15 prints as 0.15 rather than 0.15000000000000002.
    static func times(from: Double, to: Double, step: Double) -> [Double] {
        let count = Int(((to - from) / step * (1 + 1e-12)).rounded(.down)) + 1
        return (0..<count).map { Double(String(format: "%.12g", from + Double($0) * step))! }
    }

    /// Samples `replay`'s scene at `times` (ascending); `layers` and `keys` keep only those (nil:
    /// every named layer; every key path whose value changes).
    static func sample(_ replay: SceneReplay, times: [Double], layers: [String]?, keys: [String]?) throws -> EvalSeries {
        var documents: [[String: Any]] = []
        for t in times {
            try replay.frame(at: t)
            let text = SceneJSON.document(of: replay.scene, at: t).text
            documents.append((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:])
        }
        let order = replay.scene.order
        if let layers {
            for l in layers where !order.contains(l) {
                throw ValidationError("--layer \(l): the scene has no layer of that name" + CommandLineCheck.suggestion(for: l, among: order))
            }
        }
        var result: [Series] = []
        let firstLayers = (documents.first?["layers"] as? [[String: Any]]) ?? []
        let allKeys = Set(firstLayers.flatMap { $0.keys })
        if let keys {
            for k in keys where !allKeys.contains(k) {
                throw ValidationError("--key \(k): no layer has that key path" + CommandLineCheck.suggestion(for: k, among: allKeys.sorted()))
            }
        }
        for (index, layer) in firstLayers.enumerated() {
            guard let name = layer["name"] as? String, layers?.contains(name) ?? true else { continue }
            let keyOrder = layer.keys.filter { $0 != "name" && $0 != "class" }.sorted()
            for key in keyOrder where keys?.contains(key) ?? true {
                let values = documents.map { d -> [Double?]? in
                    let l = (d["layers"] as? [[String: Any]])?[index]
                    return numbers(l?[key])
                }
                guard values.allSatisfy({ $0 != nil }) else { continue }   // not numeric (a string, a missing colour)
                let v = values.map { $0! }
                if keys == nil && Set(v.map { $0.map { $0.map(String.init(describing:)) ?? "null" } }).count <= 1 { continue }
                result.append(Series(layer: name, key: key, values: v))
            }
        }
        return EvalSeries(times: times, series: result)
    }

    /// A JSON value as numbers: a number, a Boolean (0 or 1), null, or a flat list of those.
    static func numbers(_ v: Any?) -> [Double?]? {
        switch v {
        case let b as Bool: return [b ? 1 : 0]
        case let n as NSNumber: return [n.doubleValue]
        case is NSNull: return [nil]
        case let list as [Any]:
            var out: [Double?] = []
            for item in list {
                if let n = item as? NSNumber { out.append(n.doubleValue) } else if item is NSNull { out.append(nil) } else { return nil }
            }
            return out
        default: return nil
        }
    }

    /// The columns: "layer.key" for a number, "layer.key[i]" for a list's components.
    var columns: [(name: String, series: Int, component: Int)] {
        series.enumerated().flatMap { (i, s) -> [(name: String, series: Int, component: Int)] in
            let n = s.values.first?.count ?? 0
            return n == 1 ? [(s.name, i, 0)] : (0..<n).map { ("\(s.name)[\($0)]", i, $0) }
        }
    }

    /// A column name as a CSV field: control characters escaped (`TerminalText`), quoted when it
    /// holds a comma or a quote.
    static func csvField(_ name: String) -> String {
        let e = TerminalText.escaped(name)
        guard e.contains(",") || e.contains("\"") else { return e }
        return "\"" + e.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// CSV: a header (`time` and the columns), then one row a time; a value that is not finite is empty.
    var csv: String {
        let cols = columns
        var lines = [(["time"] + cols.map { EvalSeries.csvField($0.name) }).joined(separator: ",")]
        for (k, t) in times.enumerated() {
            let row = cols.map { c in series[c.series].values[k][c.component].map(SceneJSON.number) ?? "" }
            lines.append(([SceneJSON.number(t)] + row).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// JSON: `{"times": [...], "series": [{"layer", "key", "values": [...]}]}`, a number's values as
    /// numbers and a list's as lists; a value that is not finite is null.
    var json: String {
        func n(_ v: Double?) -> String { v.map(SceneJSON.number) ?? "null" }
        let items = series.map { s -> String in
            let values = s.values.map { $0.count == 1 ? n($0[0]) : "[" + $0.map(n).joined(separator: ", ") + "]" }
            return "{\"layer\": \(SceneJSON.string(s.layer)), \"key\": \(SceneJSON.string(s.key)), \"values\": [" + values.joined(separator: ", ") + "]}"
        }
        return "{\"times\": [" + times.map(SceneJSON.number).joined(separator: ", ") + "], \"series\": [" + items.joined(separator: ", ") + "]}\n"
    }
}
