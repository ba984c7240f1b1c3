import Foundation
import LaminaRecording

/// The figures of one `lamina bench` run of a scene or demo in the real window: frame intervals,
/// missed vsyncs and the time per frame phase, over the measured frames (after the warm-up).
struct BenchResult: Codable, Equatable {
    /// The scene file or demo name.
    var name: String
    /// "scene" or "demo".
    var kind: String
    /// Frames measured (after `warmup`).
    var frames: Int
    /// Frames run first and left out of the figures.
    var warmup: Int
    /// The display's refresh rate, Hz.
    var refreshHz: Double
    /// Frames presented per second over the measured intervals (their count over their sum).
    var fps: Double
    /// Time between successive presents.
    var interval: BenchStats
    /// Refresh periods skipped between measured presents (see `BenchStats.missedVsyncs`).
    var missed: Int
    /// The app thread's transaction work per frame (CATransaction flushes and its tick).
    var commit: BenchStats
    /// Evaluating the presentation tree (snapshot, render tree, damage).
    var evaluate: BenchStats
    /// Rasterising what changed.
    var rasterise: BenchStats
    /// Sending the changed pixels to the window and presenting.
    var present: BenchStats
    /// What was recorded with --record (nil without): the figures then include the recorder's cost.
    var recording: LiveRecorder.Summary?
    /// Media time against the wall clock at each present (nil for runs measured before it existed).
    var trueTime: BenchTrueTime? = nil
    /// Refreshes the window slept through because nothing changed.
    var idleRefreshes: Int? = nil
    /// How frames reached the window (`WindowHost.presentation`; nil for runs measured before it was reported).
    var presentation: String? = nil

    /// True when no frame was presented after the warm-up and the window slept through refreshes
    /// instead: nothing in the scene changes, so there is no frame rate to give (its `fps` is 0,
    /// which reports as "idle", not as a scene drawing no frames).
    var isIdle: Bool { interval.max == 0 && frames == 0 && (idleRefreshes ?? 0) > 0 }

    /// `fps` with one decimal, or "idle" for a scene that presented nothing because nothing changed.
    var fpsText: String { isIdle ? "idle" : String(format: "%.1f", fps) }

    /// The phases by name, in frame order.
    var phases: [(String, BenchStats)] { [("commit", commit), ("evaluate", evaluate), ("rasterise", rasterise), ("present", present)] }

    /// The figures as lines of text (after a line naming the run).
    func text(display: String) -> String {
        var lines = [String(format: "# %@ (%@), %d frames after %d warm-up, display %.0f Hz, %@", name, kind, frames, warmup, refreshHz, display)
                     + (presentation.map { ", presented through the \($0)" } ?? "")]
        if let r = recording { lines.append("# recording was on (\(r.file)): the figures include the recorder's cost") }
        let i = interval
        lines.append("fps \(fpsText)" + (isIdle ? " (nothing animates: no frame to draw after the warm-up)" : ""))
        if let t = trueTime { lines.append(t.text) }
        if let n = idleRefreshes, n > 0 { lines.append("idle_refreshes \(n) (nothing changed: nothing drawn)") }
        lines.append(String(format: "interval_ms min %.2f median %.2f p95 %.2f p99 %.2f max %.2f missed %d", i.min, i.median, i.p95, i.p99, i.max, missed))
        for (n, s) in phases {
            lines.append(String(format: "%@_ms min %.2f median %.2f p95 %.2f p99 %.2f max %.2f", n, s.min, s.median, s.p95, s.p99, s.max))
        }
        return lines.joined(separator: "\n")
    }

    /// A JSON encoder for bench output: snake_case keys, sorted, indented.
    static func encoder() -> JSONEncoder {
        let e = JSONEncoder()
        e.keyEncodingStrategy = .convertToSnakeCase
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return e
    }

    /// The machine line without its "machine: " label (for JSON fields named machine).
    static func unlabelled(_ machine: String) -> String {
        machine.hasPrefix("machine: ") ? String(machine.dropFirst("machine: ".count)) : machine
    }

    /// One run as a JSON object, with the machine and display it ran on.
    func json(machine: String, display: String) throws -> String {
        struct Run: Codable { var machine: String; var display: String; var result: BenchResult }
        return String(decoding: try BenchResult.encoder().encode(Run(machine: BenchResult.unlabelled(machine), display: display, result: self)), as: UTF8.self)
    }
}
