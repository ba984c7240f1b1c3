import Foundation
import QuartzCore

/// Article 000 section 5.3: an image-sequence animation, which is a discrete keyframe animation of
/// `contents` over the images (as UIImageView does), here the twelve frames in Assets/Sequence.
public final class ImageSequenceDemo: Demo {
    public static let name = "image-sequence"
    public static let title = "An image sequence: discrete keyframes of contents (5.3)"
    public let root = CALayer()
    /// The layer showing the frames.
    public let imageLayer = CALayer()
    /// The frames found.
    public let frames: [CGImage]
    public var caption: String {
        frames.isEmpty ? "No frames found in Assets/Sequence." : "\(frames.count) images shown in turn by a discrete keyframe animation of contents, 1 s a cycle; click to pause or resume."
    }

    public init(size: CGSize) {
        root.bounds = CGRect(origin: .zero, size: size)
        frames = DemoResources.images(in: "Sequence", named: (1...12).map { String(format: "frame%02d.png", $0) })
        imageLayer.frame = CGRect(x: size.width / 2 - 128, y: size.height / 2 - 128, width: 256, height: 256)
        imageLayer.contents = frames.first
        imageLayer.magnificationFilter = .linear
        root.addSublayer(imageLayer)
        guard !frames.isEmpty else { return }
        let a = CAKeyframeAnimation(keyPath: "contents")
        a.values = frames
        a.calculationMode = .discrete
        a.duration = 1
        a.repeatCount = .infinity
        imageLayer.add(a, forKey: "sequence")
    }

    public func handle(_ event: DemoEvent) {
        guard case .mouseDown = event else { return }
        if imageLayer.speed == 0 { DemoKit.resume(imageLayer) } else { DemoKit.pause(imageLayer) }
    }
}
