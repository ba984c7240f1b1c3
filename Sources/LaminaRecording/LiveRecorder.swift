import Foundation
import Synchronization
import QuartzCore
import SDLHost

/// Records what a window presents, with the window's true frame timestamps, to a video through
/// ffmpeg (`FFmpegPipe`, arguments as an array, never a shell):
///
///     let recorder = try LiveRecorder(url: URL(fileURLWithPath: "out.mp4"), fps: host.refreshRate)
///     recorder.attach(to: host)          // before or while host.run(...) runs
///     ...
///     let summary = try recorder.finish() // detaches, writes the last frame, waits for ffmpeg
///
/// Timing: the video has a constant frame rate (`fps`, normally the display's refresh rate) and is
/// made from the presents' timestamps by `FrameRateConverter`: each video frame shows the frame that
/// was on screen at its time, so a missed refresh repeats the frame before it exactly as the viewer
/// saw it and the video lasts as long as the run. This was chosen over handing ffmpeg per-frame
/// timestamps because raw frames on a pipe carry none (it would take writing a container ourselves),
/// and a constant-rate file plays and seeks the same in every player and editor.
///
/// Cost to what is measured: the window's render thread only copies the frame (outside its timed
/// phases) and queues it; a writer thread makes the pixels opaque (premultiplied colour over black,
/// as the window shows them) and feeds ffmpeg, which encodes with its fastest settings. If ffmpeg
/// falls more than `backlog` frames behind, the newest frame is merged into the one queued before it
/// (that one is shown for longer; the video keeps its duration) and counted in `Summary.behind`,
/// rather than holding up the window or growing memory without bound.
///
/// Failures: ffmpeg failing mid-way (exiting, killed, stuck past `FFmpegPipe.defaultTimeout`, a full
/// disk) is caught by the writer at once and kept in `error` (the window's F5 banner shows it, see
/// `RecordingToggle`); later frames are dropped, ffmpeg is stopped and its partial file removed.
/// `finish` then throws it. The video is saved under its name only once ffmpeg has finished it and
/// it has been verified (`FFmpegPipe.finish`).
///
/// Shared between the window's render thread (`present`), its writer thread and its owner: the
/// queue, the summary and the flags are in `state` (one mutex), and each change the writer must
/// see (a frame queued, the end) signals `work`, which the writer sleeps on; the settings are
/// constants. The pipe is the writer thread's alone (a local of `writeLoop`): it starts ffmpeg,
/// feeds it and finishes (or abandons) the file before it signals `writerDone`.
package final class LiveRecorder: Sendable {
    /// What a finished recording holds.
    package struct Summary: Codable, Equatable, Sendable, CustomStringConvertible {
        /// The video file.
        package var file: String
        /// Frames the window presented while attached.
        package var presented = 0
        /// Video frames written (constant rate).
        package var videoFrames = 0
        /// Video frames per second.
        package var fps: Double
        /// Presents that fell within one video slot with a later one and so are not in the video.
        package var skipped = 0
        /// Frames merged into the one before because ffmpeg fell behind.
        package var behind = 0
        /// The video's duration in seconds.
        package var duration: Double { fps > 0 ? Double(videoFrames) / fps : 0 }
        /// One line for the user.
        package var description: String {
            String(format: "recorded %d presented frames as %d video frames (%.2f s at %g fps, %d skipped within a frame, %d merged because ffmpeg fell behind) to %@",
                   presented, videoFrames, duration, fps, skipped, behind, file)
        }
    }

    /// The video file being written.
    package let url: URL
    /// Whether the recording replaces a file of its name.
    private let replacing: Bool
    /// Video frames per second.
    package let fps: Double
    /// Most frames queued for ffmpeg before new ones are merged (half a second at 60 Hz, about
    /// 75 MB at 960x640 pixels: enough for ffmpeg's start and bursts, bounded all the same).
    package let backlog = 30
    private let requestedSize: (width: Int, height: Int)?
    /// What the render thread, the writer and the owner share.
    private struct State {
        var converter: FrameRateConverter
        var held: CGImage?
        var queue: [(image: CGImage, repeats: Int)] = []
        var summary: Summary
        var ending = false
        var finished = false
        var failure: Error?
        /// The window attached to (its any-thread handle, to detach from it).
        var window: WindowHandle?
    }
    private let state: Mutex<State>
    /// Signalled after each change the writer waits for: a frame queued, the recording ending.
    private let work = DispatchSemaphore(value: 0)
    private let writerDone = DispatchSemaphore(value: 0)

    /// A recorder writing `url` (.mp4, .mov, .mkv, .webm or .gif) at `fps` frames per second, frames
    /// of `size` pixels (nil: the first frame's size; frames of another size are cropped or padded
    /// with black). Throws a `RecordingError` at once when the name is not a video, the folder does
    /// not exist, the rate is outside 1...240, or ffmpeg is not installed.
    /// With `replacing` false, a file (or link) at `url` when the recording ends is left alone and
    /// the recording fails (the window's F5 picks a free name and never overwrites).
    package init(url: URL, size: CGSize? = nil, fps: Double, replacing: Bool = true) throws {
        guard FFmpegPipe.isVideo(url.path) else {
            throw RecordingError(description: "cannot record to \(url.path): the name must end in " + FFmpegPipe.videoExtensions.map { "." + $0 }.joined(separator: ", "))
        }
        var isDirectory: ObjCBool = false
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RecordingError(description: "cannot record to \(url.path): the folder \(folder) does not exist")
        }
        guard fps >= 1, fps <= 240 else { throw RecordingError(description: "a recording's rate must be 1...240 fps (got \(fps))") }
        if let size { guard size.width >= 1, size.height >= 1 else { throw RecordingError(description: "cannot record frames of \(size) pixels") } }
        guard FFmpegPipe.find() != nil else {
            throw RecordingError(description: "recording to video needs ffmpeg, which is not installed (apt-get install ffmpeg)")
        }
        self.url = url
        self.replacing = replacing
        self.fps = fps
        requestedSize = size.map { (Int($0.width), Int($0.height)) }
        state = Mutex(State(converter: FrameRateConverter(fps: fps), summary: Summary(file: url.path, fps: fps)))
        let writer = Thread { [self] in writeLoop() }
        writer.name = "lamina.recorder"
        writer.start()
    }

    /// Records every frame `host` presents from now on (sets its `onPresent`).
    package func attach(to host: WindowHost) {
        let window = host.handle
        state.withLock { $0.window = window }
        host.onPresent = { [weak self] image, timestamp in self?.present(image, at: timestamp) }
    }

    /// Takes one presented frame and its timestamp (any thread; returns at once).
    package func present(_ frame: CGImage, at timestamp: CFTimeInterval) {
        let backlog = backlog
        let queued = state.withLock { s -> Bool in
            guard !s.ending else { return false }
            s.summary.presented += 1
            let n = s.converter.present(at: timestamp)
            var queued = false
            if let previous = s.held {
                if n > 0 { Self.enqueue(previous, n, in: &s, backlog: backlog); queued = true } else { s.summary.skipped += 1 }
            }
            s.held = frame
            return queued
        }
        if queued { work.signal() }
    }

    /// The first error the writer met (ffmpeg failing), while recording.
    package var error: Error? { state.withLock { $0.failure } }

    /// Stops recording: detaches from the host, writes the last frame, waits for ffmpeg to finish
    /// the file and returns what was recorded. Throws when nothing was presented or ffmpeg failed.
    /// Calling it again returns the same summary.
    @discardableResult
    package func finish() throws -> Summary {
        let (done, window) = state.withLock { s in (s.finished ? (s.summary, s.failure) : nil, s.window) }
        if let (summary, failure) = done { if let failure { throw failure }; return summary }
        window?.setOnPresent(nil)
        let backlog = backlog
        state.withLock { s in
            s.ending = true
            if let last = s.held { Self.enqueue(last, s.converter.finish(), in: &s, backlog: backlog); s.held = nil }
        }
        work.signal()
        writerDone.wait()
        let path = url.path
        let (summary, failure) = state.withLock { s in
            s.finished = true
            if s.failure == nil && s.summary.presented == 0 {
                s.failure = RecordingError(description: "nothing was recorded to \(path): the window presented no frames")
            }
            return (s.summary, s.failure)
        }
        if let failure { throw failure }
        return summary
    }

    /// Queues a frame for `repeats` video frames in `s`; past the backlog, merges it into the last
    /// queued one. The caller signals `work` after it lets go of the lock.
    private static func enqueue(_ image: CGImage, _ repeats: Int, in s: inout State, backlog: Int) {
        s.summary.videoFrames += repeats
        if s.queue.count >= backlog, !s.queue.isEmpty {
            s.queue[s.queue.count - 1].repeats += repeats
            s.summary.behind += 1
        } else {
            s.queue.append((image, repeats))
        }
    }

    /// What the writer takes next: the oldest queued frame (and whether a failure means dropping
    /// it), or the end (queue empty and the recording ending), or nothing yet.
    private enum Next { case frame(CGImage, repeats: Int, drop: Bool), end, nothing }

    /// The writer thread: starts ffmpeg at the first frame, converts and writes each queued frame,
    /// then finishes the file (or, after a failure, stops ffmpeg and removes its partial file).
    private func writeLoop() {
        var canvas: [UInt32] = []
        var pipe: FFmpegPipe?
        defer { writerDone.signal() }
        loop: while true {
            let next = state.withLock { s -> Next in
                if s.queue.isEmpty { return s.ending ? .end : .nothing }
                let (image, repeats) = s.queue.removeFirst()
                return .frame(image, repeats: repeats, drop: s.failure != nil)
            }
            let item: (image: CGImage, repeats: Int)
            switch next {
            case .end: break loop
            case .nothing: work.wait(); continue loop
            case .frame(_, _, drop: true): continue loop
            case .frame(let image, let repeats, drop: false): item = (image, repeats)
            }
            do {
                if pipe == nil {
                    let w = requestedSize?.width ?? item.image.width, h = requestedSize?.height ?? item.image.height
                    pipe = try FFmpegPipe(output: url.path, width: w, height: h, fps: fps, realtime: true, replacing: replacing)
                }
                let p = pipe!
                // The pipe shows the premultiplied colour over black itself: a frame of the video's
                // size goes as it is; another is cropped or padded into the canvas first.
                var pixels = item.image.premultipliedARGB
                if item.image.width != p.width || item.image.height != p.height {
                    if canvas.count != p.width * p.height { canvas = [UInt32](repeating: 0xFF00_0000, count: p.width * p.height) }
                    LiveRecorder.opaque(item.image, into: &canvas, width: p.width, height: p.height)
                    pixels = canvas
                }
                try pixels.withUnsafeBufferPointer { try p.write($0, times: item.repeats) }
            } catch {
                pipe?.abandon()
                let at = pipe.map { "at video frame \($0.framesWritten + 1)" } ?? "at the start"
                let failure = RecordingError(description: "recording failed \(at): \(error)")
                state.withLock { $0.failure = failure }
            }
        }
        let failed = state.withLock { $0.failure != nil }
        guard let p = pipe else { return }
        if failed { p.abandon(); return }
        do { try p.finish() } catch {
            let failure = RecordingError(description: "recording failed after \(p.framesWritten) video frames: \(error)")
            state.withLock { $0.failure = failure }
        }
    }

    /// Copies `image` into a `width` x `height` canvas (cropped or padded with black at the right and
    /// bottom), opaque: premultiplied colour over black, as the window shows it.
    package static func opaque(_ image: CGImage, into canvas: inout [UInt32], width: Int, height: Int) {
        let src = image.premultipliedARGB
        let w = min(width, image.width), h = min(height, image.height)
        if w < width || h < height { for i in canvas.indices { canvas[i] = 0xFF00_0000 } }
        src.withUnsafeBufferPointer { s in
            canvas.withUnsafeMutableBufferPointer { d in
                for y in 0..<h {
                    let si = y * image.width, di = y * width
                    for x in 0..<w { d[di + x] = s[si + x] | 0xFF00_0000 }
                }
            }
        }
    }
}
