import Foundation

/// The results of `lamina bench suite`: every scene's figures with the machine, date and display
/// they were measured on, written as Markdown (a table) and as JSON.
struct BenchReport: Codable, Equatable {
    /// `MachineDescription.current()` without its "machine: " label.
    var machine: String
    /// When it ran (ISO 8601, UTC): a label for the reader, not a measurement.
    var date: String
    /// The display ($DISPLAY, e.g. an Xvfb server).
    var display: String
    /// The display's refresh rate, Hz.
    var refreshHz: Double
    /// Measured frames per scene.
    var frames: Int
    /// One result per scene, in the order run.
    var results: [BenchResult]
    /// Display units per point when not 1 (`--scale`).
    var scale: Double? = nil
    /// `MachineLoad.line()` when the run started: the CPU's vector features and the load average,
    /// which every figure depends on (nil in reports written before it was kept).
    var loadBefore: String? = nil
    /// `MachineLoad.line()` when the run ended (nil in reports written before it was kept).
    var loadAfter: String? = nil

    /// A Markdown page: the machine, then one table row per scene (interval statistics in ms, missed
    /// vsyncs, and the median ms of each phase).
    func markdown() -> String {
        var out = ["# Lamina bench suite", "",
                   "- machine: \(machine)", "- date: \(date)",
                   String(format: "- display: %@ at %.0f Hz; %d measured frames per scene after a warm-up", display, refreshHz, frames),
                   "- fps: frames presented per second (idle: nothing animates, so nothing was drawn after the warm-up); interval: time between presents (ms); missed: refreshes without a new frame; phases: median ms per frame", ""]
        if let s = scale { out.insert(String(format: "- scale: %g pixels per point", s), at: 5) }
        if let b = loadBefore { out.insert("- before: \(b)", at: 4) }
        if let a = loadAfter { out.insert("- after: \(a)", at: loadBefore == nil ? 4 : 5) }
        if results.contains(where: { $0.recording != nil }) { out.insert("- recording was on for some rows: their figures include the recorder's cost", at: 5) }
        out.append("| scene | fps | median | p95 | p99 | max | missed | commit | evaluate | rasterise | present |")
        out.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
        for r in results {
            let i = r.interval
            if r.isIdle {
                // Nothing changed after the warm-up: no intervals or phases to give.
                out.append("| \(r.name) | idle | – | – | – | – | \(r.missed) | – | – | – | – |")
                continue
            }
            out.append(String(format: "| %@ | %@ | %.2f | %.2f | %.2f | %.2f | %d | %.2f | %.2f | %.2f | %.2f |", r.name, r.fpsText,
                              i.median, i.p95, i.p99, i.max, r.missed, r.commit.median, r.evaluate.median, r.rasterise.median, r.present.median))
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The report as JSON (snake_case keys, sorted).
    func json() throws -> String { String(decoding: try BenchResult.encoder().encode(self), as: UTF8.self) + "\n" }
}
