import Foundation
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// A video file decoded by ffmpeg into raw frames, read one frame at a time from ffmpeg's standard
/// output: 32-bit BGRA words (premultiplied ARGB words as the compositor stores them, for a
/// lossless part kept as `bgra`) or YUV 4:2:0 bytes (a part kept as `yuv420p`). Used by `lamina join`.
///
/// ffmpeg is a `ChildProcess` (arguments as an array, the file named as `file:` and an absolute
/// path); every read waits at most `timeout` seconds for data, and a decoder that fails, prints an
/// error or stops responding is killed and named. Used by one thread at a time.
package final class FFmpegFrameReader {
    /// The file being decoded, as given.
    package let file: String
    /// The frame size in pixels.
    package let width: Int, height: Int
    /// The raw format frames are read in.
    package let format: FFmpegPipe.LosslessFormat
    /// Frames read so far.
    package private(set) var framesRead = 0
    private let child: ChildProcess
    private var output: Int32
    private let said: FFmpegOutputReader
    private let timeout: Double
    private var ended = false

    /// ffmpeg's arguments for decoding the first video stream of `file` to raw frames in `format`
    /// on its standard output, reporting progress on descriptor 3.
    package static func arguments(file: String, format: FFmpegPipe.LosslessFormat) -> [String] {
        ["-nostdin", "-hide_banner", "-loglevel", "error", "-nostats", "-progress", "pipe:3",
         "-i", FFmpegPipe.fileURL(file), "-map", "0:v:0", "-f", "rawvideo", "-pix_fmt", format.rawValue, "pipe:1"]
    }

    /// Starts ffmpeg decoding `file`, whose frames are `width` x `height`, into `format`. Throws a
    /// `RecordingError` when ffmpeg is not installed or cannot be started.
    package init(file: String, width: Int, height: Int, format: FFmpegPipe.LosslessFormat, timeout: Double = FFmpegPipe.defaultTimeout) throws {
        guard let ffmpeg = FFmpegPipe.find() else {
            throw RecordingError(description: "decoding \(file) needs ffmpeg, which is not installed (apt-get install ffmpeg)")
        }
        self.file = file
        self.width = width
        self.height = height
        self.format = format
        self.timeout = timeout
        signal(SIGPIPE, SIG_IGN)
        let stdout = try ChildProcess.pipe(), stderr = try ChildProcess.pipe(), progress = try ChildProcess.pipe()
        let null = FFmpegPipe.openNull()
        defer { close(stdout.write); close(stderr.write); close(progress.write); if null >= 0 { close(null) } }
        do {
            child = try ChildProcess.start(ffmpeg, arguments: FFmpegFrameReader.arguments(file: file, format: format),
                                           descriptors: [0: null, 1: stdout.write, 2: stderr.write, 3: progress.write])
        } catch {
            close(stdout.read); close(stderr.read); close(progress.read)
            throw error
        }
        output = stdout.read
        said = FFmpegOutputReader(errors: stderr.read, progress: progress.read)
    }

    deinit { stop() }

    /// Reads the next frame into `frame` (resized to one frame's bytes in `format`); false at the
    /// end of the file, once ffmpeg has exited cleanly. Throws a `RecordingError` naming the file
    /// when ffmpeg fails, reports an error, stops responding, or ends inside a frame.
    package func next(into frame: inout [UInt8]) throws -> Bool {
        guard !ended else { return false }
        let wanted = format.frameBytes(width: width, height: height)
        if frame.count != wanted { frame = [UInt8](repeating: 0, count: wanted) }
        var got = 0
        try frame.withUnsafeMutableBytes { raw in
            while got < wanted {
                var p = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                let ready = Glibc.poll(&p, 1, Int32(min(timeout * 1000, Double(Int32.max))))
                if ready == 0 { throw fail("ffmpeg decoding it gave no data for \(FFmpegPipe.seconds(timeout)) (it is stuck; it was stopped)") }
                if ready < 0 { if errno == EINTR { continue }; throw fail("cannot wait for ffmpeg's frames (\(String(cString: strerror(errno))))") }
                let n = Glibc.read(output, raw.baseAddress! + got, wanted - got)
                if n > 0 { got += n; continue }
                if n < 0 { if errno == EINTR || errno == EAGAIN { continue }; throw fail("cannot read ffmpeg's frames (\(String(cString: strerror(errno))))") }
                break
            }
        }
        if got == wanted { framesRead += 1; return true }
        // The end of ffmpeg's output: it must have exited cleanly, and not inside a frame.
        ended = true
        close(output); output = -1
        let since = ChildProcess.now()
        guard let ending = child.wait(timeout: timeout, lastActivity: { max(since, said.lastActivity) }) else {
            throw fail("ffmpeg decoding it did not exit within \(FFmpegPipe.seconds(timeout))")
        }
        said.waitUntilClosed(timeout: FFmpegPipe.pipeGrace)
        guard ending == .exited(0), said.errorData.isEmpty else { throw fail("ffmpeg decoding it failed (\(ending))") }
        guard got == 0 else { throw fail("the file ends inside frame \(framesRead + 1) (\(got) of \(wanted) bytes)") }
        return false
    }

    /// Kills ffmpeg (when it still runs) and closes its output. Idempotent.
    package func stop() {
        ended = true
        if output >= 0 { close(output); output = -1 }
        child.kill()
        said.waitUntilClosed(timeout: FFmpegPipe.pipeGrace)
    }

    private func fail(_ what: String) -> RecordingError {
        stop()
        let words = TerminalText.summary(said.errorData, empty: "ffmpeg said nothing")
        return RecordingError(description: "\(TerminalText.escaped(file)): \(what): \(words)")
    }
}
