import Foundation
import Compositor
@_spi(LaminaInternal) import QuartzCore

/// The render loop's own state: the render thread's alone (a value `RenderLoop` owns, so no lock).
/// The loop keeps it between runs (`run()` again goes on counting refreshes, with the same renderers);
/// `startRun` resets what belongs to one run.
struct RenderLoopState {
    /// The window was uncovered and must be sent whole again.
    var windowExposed = false
    /// Display refreshes so far: frames presented, refreshes missed, and refreshes slept through
    /// while idle.
    var refreshCount = 0
    /// Swipes from presses and releases, and the buttons held (SDL's input, read here).
    var swipe = SwipeRecognizer()
    var buttonsDown = 0
    /// The renderer of the window's own layers (`overlayRoot`).
    var overlayRenderer: CARenderer?
    /// Whether the overlay buffer holds anything, and a rectangle holding every pixel of it that is
    /// not transparent (larger than needed when content under damage has gone), for its size.
    var overlayHasContent = false
    var overlayContent = IntRect.empty
    var overlayContentSize = (width: 0, height: 0)
    /// The last frame was drawn straight into the presenter's pixels (the renderer's own are behind).
    var drewInPlace = false
    /// When frames will be on screen, from the measured presents (kept from run to run at one period).
    var predictor = FramePredictor(hz: 60)
    /// The last frame's present time, target host time and target media time.
    var lastPresent: Double?
    var lastTarget: Double?
    var lastMediaTarget: Double?
    /// Seconds slept while idle not yet counted as whole refreshes.
    var idleTime = 0.0
    /// The virtual host clock (virtual time only).
    var virtualHost = 0.0

    /// Starts a run at `period` seconds a frame (on the virtual host clock at `virtualHost`): no last
    /// frame, no idle time; a new prediction at another period (at the same one, what the runs
    /// before measured goes on: a run that follows one on the same window, as `lamina bench` runs
    /// them after a missed refresh, does not start with a draw estimate of nothing and miss again).
    /// The overlay buffer's content stays known: its renderer and the presenter are kept.
    mutating func startRun(period: Double, virtualHost: Double) {
        if predictor.nominalPeriod != FramePredictor(hz: 1 / period).nominalPeriod { predictor = FramePredictor(hz: 1 / period) }
        self.virtualHost = virtualHost
        lastPresent = nil
        lastTarget = nil
        lastMediaTarget = nil
        idleTime = 0
    }
}
