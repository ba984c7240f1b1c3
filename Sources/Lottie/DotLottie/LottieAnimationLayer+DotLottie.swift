import Foundation
import CoreGraphics
import QuartzCore

extension LottieAnimationLayer {
    /// Creates a layer playing the animation `animationId` of a dotLottie file (the first when nil),
    /// with the loop mode and speed its manifest gives (lottie-ios's `init(dotLottie:animationId:)`).
    /// An id the file does not hold leaves the layer without an animation, reported through
    /// `LaminaDiagnostics`.
    public convenience init(dotLottie: DotLottieFile?, animationId: String? = nil) {
        let chosen = dotLottie?.animation(for: animationId)
        if let dotLottie, chosen == nil {
            LaminaDiagnostics.report("Lottie: the dotLottie file has no animation \"\(TerminalText.escaped(animationId ?? ""))\" (it holds \(dotLottie.animations.map { "\"" + TerminalText.escaped($0.configuration.id) + "\"" }.joined(separator: ", ")))")
        }
        self.init(animation: chosen?.animation)
        if let chosen {
            loopMode = chosen.configuration.loopMode
            animationSpeed = CGFloat(chosen.configuration.speed)
        }
    }

    /// Plays nothing new but loads the animation `animationId` of `dotLottieFile` (the first when
    /// nil) with its manifest's loop mode and speed; an unknown id changes nothing (lottie-ios's).
    public func loadAnimation(_ animationId: String? = nil, from dotLottieFile: DotLottieFile) {
        guard let a = dotLottieFile.animation(for: animationId) else { return }
        load(a)
    }

    /// Loads the animation at `index` of `dotLottieFile`'s manifest with its loop mode and speed;
    /// an index past the end changes nothing (lottie-ios's).
    public func loadAnimation(atIndex index: Int, from dotLottieFile: DotLottieFile) {
        guard let a = dotLottieFile.animation(at: index) else { return }
        load(a)
    }

    private func load(_ a: DotLottieFile.Animation) {
        loopMode = a.configuration.loopMode
        animationSpeed = CGFloat(a.configuration.speed)
        animation = a.animation
    }
}
