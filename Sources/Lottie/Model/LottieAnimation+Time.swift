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
}
