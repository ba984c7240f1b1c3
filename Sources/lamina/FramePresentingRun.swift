import Foundation
import SDLHost

/// What `FramePresentingRun` needs of a window: a run that ends after a number of display
/// refreshes counted since the window opened (frames presented, refreshes missed, refreshes slept
/// through while idle), and those three counts. `WindowHost` is one; tests use a model of it.
protocol RefreshCountingWindow: AnyObject {
    /// Runs until the window's refreshes since it opened reach `frames` (or `seconds` pass).
    func run(frames: Int?, seconds: Double?)
    /// Frames presented since the window opened.
    var frameCount: Int { get }
    /// The window's timings, with its missed and idle refresh counts.
    var times: WindowHost.FrameTimes { get }
}

extension WindowHost: RefreshCountingWindow {}

/// Runs a window until it has presented a number of frames, as `lamina bench --frames N` promises.
/// A window's `run(frames:)` counts display refreshes, and a refresh the renderer missed is one of
/// them: `bench stress --frames 900` on a busy machine ran 930 refreshes but presented only 741
/// frames (711 measured). Here the run goes on, a further run at a time, for as many refreshes as
/// frames are still wanted, until they have been presented. A refresh slept through while nothing
/// changed counts as a frame measured (an idle scene presents nothing more, and the figures say how
/// many such refreshes there were), so a scene that stops animating still ends.
enum FramePresentingRun {
    /// Runs `window` until its presented frames plus idle refreshes reach `total`, or `stopped()`
    /// says the window was closed. Never presents more than `total` frames.
    static func run(_ window: some RefreshCountingWindow, frames total: Int, stopped: () -> Bool) {
        var target = total
        while true {
            window.run(frames: target, seconds: nil)
            let t = window.times
            let counted = window.frameCount + t.idleRefreshes
            if stopped() || counted >= total { return }
            // The window's refresh count now: every refresh is presented, missed or idle.
            target = window.frameCount + t.missed + t.idleRefreshes + (total - counted)
        }
    }
}
