import Foundation
@_spi(LaminaInternal) import QuartzCore

/// What only the app side of a window touches: the app thread's while the window runs, the
/// caller's before `run()` and after it returns. No lock.
struct AppLoopState {
    /// The app's layer tree shown (under `hostRoot`).
    var layer: CALayer?
    /// The media time the window first ran or was last restarted: the timeline and the badge count from it.
    var sceneStart: CFTimeInterval?
    /// When the statistics overlay was last updated (host seconds).
    var overlayUpdated: CFTimeInterval = 0
    /// The flash overlay's tints and when each appeared, and the tints the colour overlay shows.
    var flashes: [(layer: CALayer, time: Double)] = []
    var tintsShown: [(CGRect, LayerCompositing)] = []
    /// The timeline strip's scrubbing: the left edge's media time while scrubbing, what the strip
    /// last drew, and whether the swipe that ends a scrub is swallowed.
    var scrubLeft: Double?
    var timelineSignature = ""
    var swallowSwipe = false
    /// Where the pointer is.
    var pointer: CGPoint?
}
