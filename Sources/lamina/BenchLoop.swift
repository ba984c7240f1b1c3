import ArgumentParser
import Foundation
import LaminaRecording
import QuartzCore
import SDLHost
import Synchronization

/// A benchmark that cannot run, in one line for the user.
struct BenchError: Error, CustomStringConvertible {
    /// What went wrong and what to do about it.
    let description: String
}

/// The real window loop of `lamina bench` and `lamina bench suite`: a `WindowHost` on the real
/// clock runs a source for warm-up + measured frames, optionally recorded by a `LiveRecorder`, and
/// its per-frame timings become a `BenchResult`.
enum BenchLoop {
    /// The display the window opens on, for the output ($DISPLAY, or SDL's driver when asked for).
    static var display: String {
        let env = ProcessInfo.processInfo.environment
        return env["DISPLAY"] ?? env["WAYLAND_DISPLAY"] ?? env["SDL_VIDEODRIVER"].map { "SDL \($0) driver" } ?? "no display"
    }

    /// Runs `source` in a window for `warmup + frames` frames; with `record`, the window's presented
    /// frames go to that video file. `click` clicks the centre first (starts most demos). Throws a
    /// clear error without a display, or when the recording fails.
    static func run(_ source: BenchSource, frames: Int, warmup: Int, scale: Double = 1, record: String? = nil, click: Bool = false) throws -> BenchResult {
        let host: WindowHost
        do { host = try WindowHost(title: "Lamina bench — \(source.name)", size: source.size, scale: CGFloat(scale)) } catch {
            throw BenchError(description: "lamina bench needs a display (\(error)); under Xvfb: Xvfb :99 -screen 0 1280x800x24 & DISPLAY=:99 lamina bench ...")
        }
        host.layer = source.root
        host.onTick = source.tick
        host.nextAppTime = source.nextAppTime
        let closed = Mutex(false)   // set by the app thread, read here between runs
        host.onEvent = { e in
            if case .quit = e { closed.withLock { $0 = true }; host.stop() }
            source.handle(e)
        }
        let recorder = try record.map { try LiveRecorder(url: URL(fileURLWithPath: $0), fps: host.refreshRate) }
        recorder?.attach(to: host)
        if click {
            let centre = CGPoint(x: source.size.width / 2, y: source.size.height / 2)
            host.simulate(.mouseDown(centre, button: 1))
            host.simulate(.mouseUp(centre, button: 1))
        }
        FramePresentingRun.run(host, frames: warmup + frames, stopped: { closed.withLock { $0 } })
        let summary = try recorder?.finish()
        var figures = result(of: host.times, name: source.name, kind: source.kind, warmup: warmup, refreshHz: host.refreshRate, recording: summary)
        figures.presentation = host.presentation
        return figures
    }

    /// The figures of the frames after `warmup` in `times` (intervals that end at a measured frame).
    static func result(of times: WindowHost.FrameTimes, name: String, kind: String, warmup: Int, refreshHz: Double,
                       recording: LiveRecorder.Summary? = nil) -> BenchResult {
        let w = min(warmup, times.evaluate.count)
        let intervals = Array(times.intervals.dropFirst(max(0, w - 1)))
        return BenchResult(name: name, kind: kind, frames: times.evaluate.count - w, warmup: w, refreshHz: refreshHz,
                           fps: intervals.isEmpty ? 0 : ((Double(intervals.count) / intervals.reduce(0, +)) * 10).rounded() / 10,
                           interval: BenchStats(seconds: intervals),
                           missed: BenchStats.missedVsyncs(intervals: intervals, period: 1 / refreshHz),
                           commit: BenchStats(seconds: Array(times.commit.dropFirst(w))),
                           evaluate: BenchStats(seconds: Array(times.evaluate.dropFirst(w))),
                           rasterise: BenchStats(seconds: Array(times.rasterise.dropFirst(w))),
                           present: BenchStats(seconds: Array(times.present.dropFirst(w))),
                           recording: recording,
                           trueTime: BenchTrueTime(errors: Array(times.presentError.dropFirst(w)), issue: Array(times.issueError.dropFirst(w)),
                                                   fps: refreshHz),
                           idleRefreshes: times.idleRefreshes)
    }
}
