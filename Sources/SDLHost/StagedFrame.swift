import Foundation
@_spi(LaminaInternal) import QuartzCore

/// A frame the render loop has drawn and staged (sent towards the window) but not yet presented,
/// with what its present records. The render thread's alone (a value in `RenderLoop.run`).
struct StagedFrame {
    /// The images of the frame kept for when it is presented.
    struct Kept {
        /// The scene and the window's own layers (`keepsLastFrame`; the overlay only when it holds anything).
        var scene: CGImage?
        var overlay: CGImage?
        /// A copy of the scene's pixels for the present hook (a recording), when one was set.
        var copy: CGImage?
    }

    /// The host time the frame is meant to be on screen, and its media time.
    var target: Double
    var mediaTarget: Double
    /// When the frame started (before its rasterisation), the seconds its staging took, and when it
    /// was ready to present (monotonic clock); pipelined, when it would have been ready but for the
    /// present of the frame before it (its rasterisation and staging only), for the predictor.
    var started: Double
    var staging: Double
    var ready: Double
    /// The scheduler's phase durations for the frame.
    var phases: [FramePhase: Double]
    /// The pixels staged.
    var uploaded: Int
    /// Its images to publish when it is presented (nil: none wanted).
    var kept: Kept?
}

/// The scheduler lent to the overlap thread for one frame's render-side phases (`drawFrame`),
/// while the render thread presents the frame before it.
///
/// The scheduler is not `Sendable` (see `FrameScheduler`): its render side belongs to the render
/// thread, which hands it over whole for the length of `OverlapThread.run` and meanwhile touches
/// neither the scheduler nor its renderer (it presents the staged frame, whose pixels the staging
/// copied out, and records timings in `WindowShared`); `run` returns only after the job has ended.
struct RenderSideLoan: @unchecked Sendable {  // unchecked: used only inside one OverlapThread.run, while the render thread keeps off the scheduler (above)
    /// The window's scheduler.
    let scheduler: FrameScheduler
}
