import Foundation
import QuartzCore

/// Where frames of a composition sit in the time of the layer that holds its layers: frame `ip`
/// is at `origin` seconds, and each frame lasts 1/fr. Every property animation of the tree is timed
/// in that space, so the holder's own timing (speed, time offset, looping) plays them all together.
struct CompositionTime {
    /// The time of the first frame. Not 0: an animation whose beginTime is 0 starts "now".
    static let origin: CFTimeInterval = 1
    let startFrame: Double
    let framerate: Double

    /// The holder's time of composition frame `frame`.
    func time(ofFrame frame: Double) -> CFTimeInterval { Self.origin + (frame - startFrame) / framerate }

    /// The composition frame at the holder's time `t`.
    func frame(atTime t: CFTimeInterval) -> Double { startFrame + (t - Self.origin) * framerate }
}
