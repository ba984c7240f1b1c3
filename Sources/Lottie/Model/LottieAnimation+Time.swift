import Foundation
import CoreGraphics

extension LottieAnimation {
    /// The length in seconds: (endFrame − startFrame) / framerate.
    public var duration: TimeInterval { Double(endFrame - startFrame) / framerate }

    /// The composition's rectangle in points, at the origin.
    public var bounds: CGRect { CGRect(x: 0, y: 0, width: width, height: height) }

    /// The composition's size in points.
    public var size: CGSize { CGSize(width: width, height: height) }

    /// The progress (0 at startFrame, 1 at endFrame) of a frame, kept within 0...1 unless `clamped` is false.
    public func progressTime(forFrame frameTime: AnimationFrameTime, clamped: Bool = true) -> AnimationProgressTime {
        let span = endFrame - startFrame
        let p = span == 0 ? 0 : (frameTime - startFrame) / span
        return clamped ? min(max(p, 0), 1) : p
    }

    /// The frame at a progress (0 is startFrame, 1 is endFrame).
    public func frameTime(forProgress progressTime: AnimationProgressTime) -> AnimationFrameTime {
        (endFrame - startFrame) * progressTime + startFrame
    }

    /// Seconds from startFrame to a frame.
    public func time(forFrame frameTime: AnimationFrameTime) -> TimeInterval {
        Double(frameTime - startFrame) / framerate
    }

    /// The frame a number of seconds after startFrame.
    public func frameTime(forTime time: TimeInterval) -> AnimationFrameTime {
        CGFloat(time * framerate) + startFrame
    }

    // MARK: Markers

    /// The names of the file's markers (`markers[].cm`), in the file's order; empty when it has none.
    public var markerNames: [String] { markers.map(\.name) }

    /// The marker named `named` (the last of that name, as lottie-ios's map keeps it).
    func marker(named: String) -> MarkerModel? { markers.last { $0.name == named } }

    /// The progress of the frame marker `named` marks; nil when the file has no such marker.
    public func progressTime(forMarker named: String) -> AnimationProgressTime? {
        marker(named: named).map { progressTime(forFrame: CGFloat($0.frameTime)) }
    }

    /// The frame marker `named` marks (`tm`); nil when the file has no such marker.
    public func frameTime(forMarker named: String) -> AnimationFrameTime? {
        marker(named: named).map { CGFloat($0.frameTime) }
    }

    /// How many frames marker `named` lasts (`dr`); nil when the file has no such marker.
    public func durationFrameTime(forMarker named: String) -> AnimationFrameTime? {
        marker(named: named).map { CGFloat($0.durationFrameTime) }
    }
}
