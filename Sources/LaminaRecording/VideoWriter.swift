import Foundation
import CoreGraphics
@_spi(LaminaInternal) import QuartzCore

/// Writes frames to a video file through ffmpeg, as `lamina record` does: H.264 for .mp4, .mov
/// and .mkv, VP9 for .webm, a palette for .gif. Frames of a `CARenderer` (or any `CGImage` of the
/// video's size) are appended one by one at a constant rate; pixels that are not opaque are
/// recorded as their straight colour, opaque.
///
/// A recording fails loudly or not at all. ffmpeg writes `NAME.partial.EXT` beside the file;
/// `finish()` checks that ffmpeg exited cleanly, that it encoded every frame and that the file
/// holds them all, and only then renames it to `url`. Any failure throws a `RecordingError`
/// naming the frame and the cause, and removes the partial file (an older file at `url` is left
/// as it was). ffmpeg must be installed (`apt-get install ffmpeg`).
///
/// Drive it with a `FrameScheduler` on virtual time, so that every frame is rendered at its exact
/// time however long it takes:
///
/// ```swift
/// let renderer = CARenderer(size: CGSize(width: 640, height: 360), scale: 2)
/// renderer.layer = root
/// let writer = try VideoWriter(url: URL(fileURLWithPath: "out.mp4"), width: renderer.pixelSize.width,
///                              height: renderer.pixelSize.height, fps: 30)
/// let scheduler = FrameScheduler(clock: .virtual, start: 0, renderer: renderer, framePeriod: 1.0 / 30)
/// scheduler.onPresent = { r, _ in try writer.append(r) }
/// for k in 0..<90 { try scheduler.frame(at: Double(k) / 30) }
/// try writer.finish()
/// ```
///
/// Used by one thread at a time.
public final class VideoWriter {
    /// The video file.
    public let url: URL
    /// The frame size in pixels every appended frame must have.
    public let width: Int, height: Int
    /// Frames per second.
    public let fps: Double
    private let pipe: FFmpegPipe

    /// Starts ffmpeg writing `url` (its extension chooses the codec: .mp4, .mov, .mkv, .webm or
    /// .gif) for frames of `width` x `height` pixels at `fps` frames a second. `fast` asks the
    /// encoder for its fastest settings (H.264 ultrafast, VP9 realtime: larger files, several
    /// times faster). ffmpeg is taken to be stuck (and stopped) when it takes no data, or shows no
    /// progress while finishing, for `timeout` seconds. Throws a `RecordingError` when the name
    /// is not a video's, the size or rate is not positive, or ffmpeg is missing or cannot start.
    public init(url: URL, width: Int, height: Int, fps: Double, fast: Bool = false, timeout: Double = 60) throws {
        guard FFmpegPipe.isVideo(url.path) else {
            throw RecordingError(description: "\(url.path) is not a video name: use .mp4, .mov, .mkv, .webm or .gif")
        }
        guard fps > 0, fps.isFinite else { throw RecordingError(description: "a video needs a positive frame rate (got \(fps))") }
        self.url = url
        self.width = width
        self.height = height
        self.fps = fps
        pipe = try FFmpegPipe(output: url.path, width: width, height: height, fps: fps, realtime: fast, timeout: timeout)
    }

    /// Frames appended so far.
    public var framesWritten: Int { pipe.framesWritten }

    /// Appends the frame `renderer` drew last (its pixels, without a copy). Throws a
    /// `RecordingError` when its size is not the video's or ffmpeg stopped taking frames.
    public func append(_ renderer: CARenderer) throws {
        let b = renderer.pixelBuffer
        try checkSize(b.width, b.height)
        try b.pixels.withUnsafeBufferPointer { try pipe.write($0, straight: true) }
    }

    /// Appends `image` (of the video's size). Throws a `RecordingError` when its size is not the
    /// video's or ffmpeg stopped taking frames.
    public func append(_ image: CGImage) throws {
        try checkSize(image.width, image.height)
        try image.premultipliedARGB.withUnsafeBufferPointer { try pipe.write($0, straight: true) }
    }

    /// Completes the file and verifies it (see the type's description); returns the frames the
    /// file holds. Throws a `RecordingError` (after removing the partial file) when that fails.
    @discardableResult
    public func finish() throws -> Int { try pipe.finish() }

    /// Stops ffmpeg and removes the partial file: nothing is saved (an older file at `url` stays).
    public func cancel() { pipe.abandon() }

    private func checkSize(_ w: Int, _ h: Int) throws {
        guard w == width, h == height else {
            throw RecordingError(description: "frame \(framesWritten + 1) is \(w)x\(h) pixels; \(url.lastPathComponent) is \(width)x\(height)")
        }
    }
}
