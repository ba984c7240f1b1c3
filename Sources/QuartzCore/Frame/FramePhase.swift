import Foundation

/// The phases of one frame, in the order every frame runs them (Lamina). `FrameScheduler` runs
/// them; in a window the app-side phases run on the app thread and the render-side phases on the
/// render thread, so an app that blocks never stops a frame of the animations already committed.
public enum FramePhase: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    /// App side: input events due by the frame's time, timers and the app's per-frame work (its
    /// turn); the changes it makes collect in the implicit transaction.
    case appTurn
    /// App side: the implicit transaction commits (layout, display, the new animations start).
    case commit
    /// Render side: the committed tree is evaluated at the frame's time (the presentation snapshot).
    case evaluate
    /// Render side: the presentation becomes the compositor's render tree.
    case buildRenderTree
    /// Render side: the render tree is compared with the previous frame's; what changed is damage.
    case damage
    /// Render side: the damaged pixels are drawn.
    case raster
    /// Render side: the pixels are handed to the display (a window), an encoder (recording) or a
    /// file (headless rendering).
    case present
    /// App side: display links fire with the frame's timestamps, then what is due is delivered
    /// (animationDidStart and animationDidStop, removal of finished animations, transaction
    /// completion blocks), and the changes those callbacks make are committed.
    case postFrame

    /// Whether the phase runs on the render side (the render thread, in a window).
    public var isRenderSide: Bool { self >= .evaluate && self <= .present }

    /// Orders phases as a frame runs them.
    public static func < (a: FramePhase, b: FramePhase) -> Bool { a.rawValue < b.rawValue }

    /// The phase's name as printed in statistics ("app turn", "render tree", ...).
    public var description: String {
        switch self {
        case .appTurn: return "app turn"
        case .commit: return "commit"
        case .evaluate: return "evaluate"
        case .buildRenderTree: return "render tree"
        case .damage: return "damage"
        case .raster: return "raster"
        case .present: return "present"
        case .postFrame: return "post-frame"
        }
    }
}
