import ArgumentParser
import Foundation
import QuartzCore
import Lottie
import Scenes

/// What the scene commands do for Lottie animations: report what a file leaves out, and hold a
/// frame (`--frame N`).
enum LottieOptions {
    /// Prints, on stderr, what each Lottie animation of `scene` leaves out or draws differently
    /// (its diagnostics, each with its JSON path), once per load.
    static func printDiagnostics(of scene: Scene) {
        for layer in scene.lottieLayers {
            for d in layer.diagnostics { StandardError.print("lamina: lottie: \(d)") }
        }
    }

    /// Holds the scene's first Lottie animation (a Lottie file's own, or the first `lottie:` layer)
    /// at `frame`, as lottie-ios's `currentFrame = frame`: playback stops there. The frame must lie
    /// within the animation's frames (ip...op).
    static func hold(frame: Double, in scene: Scene) throws {
        guard let layer = scene.lottieLayers.first, let animation = layer.animation else {
            throw ValidationError("--frame is for a Lottie file or a scene with a lottie: layer; give --at for a scene")
        }
        let first = Double(animation.startFrame), last = Double(animation.endFrame)
        guard frame >= first, frame <= last else {
            throw ValidationError("--frame \(SceneJSONNumber.text(frame)) is outside the animation's frames \(SceneJSONNumber.text(first))...\(SceneJSONNumber.text(last)) (ip...op)")
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.currentFrame = CGFloat(frame)
        CATransaction.commit()
        CATransaction.flush()
    }
}

/// Numbers in messages as JSON prints them (`30`, not `30.0`).
enum SceneJSONNumber {
    /// `v` as `SceneJSON` prints a finite number.
    static func text(_ v: Double) -> String { v.isFinite ? SceneJSON.number(v) : "\(v)" }
}
