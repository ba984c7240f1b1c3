import Foundation
import Compositor
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// A recording failure, in one line for the user: what went wrong, with the file, the frame and
/// ffmpeg's own words where they are known, and what to do about it.
public struct RecordingError: Error, CustomStringConvertible {
    /// What went wrong and what to do about it.
    public let description: String
    /// A failure described by `description`.
    package init(description: String) { self.description = description }
}

/// ffmpeg encoding frames that it reads from a pipe on its standard input, at a constant frame
/// rate. Frames are given as the compositor stores them (premultiplied ARGB words) and sent as
/// planar YUV 4:2:0 (BT.709 limited range, converted here on two threads by `I420Frame`, and
/// tagged so in the file) to the video encoders, as 32-bit BGRA to the GIF palette. Used by
/// `lamina record` (every frame on virtual time) and by `LiveRecorder` (a window's frames).
///
/// Under control:
/// - ffmpeg is a `ChildProcess` (arguments as an array, never a shell; killed with lamina, even by
///   SIGKILL). The output is named to ffmpeg as `file:` and an absolute path, so that no name (one
///   starting with `-`, or holding a `:`) can be read as an option or a protocol.
/// - ffmpeg writes a temporary that lamina creates first, exclusively, under a fresh random name
///   beside the output (`<name>.partial-XXXXXXXX.<ext>`, `SafeTemporaryFile`: never a name that
///   exists, never through a link). ffmpeg is given that open file (descriptor 4, named to it as
///   `/proc/self/fd/4`, its format with `-f`), so it can overwrite nothing else. Only a recording
///   that succeeded and was verified is synced and renamed to the output name (an older file of
///   that name survives a failure; a link at that name is replaced, not followed). A failure kills
///   ffmpeg and removes the temporary; a lamina that is killed leaves at most the temporary,
///   whose name says what it is.
/// - Every write waits at most `timeout` seconds for ffmpeg to take data, and finishing waits at
///   most `timeout` seconds past ffmpeg's last sign of life (its progress report or error output):
///   a stuck ffmpeg is killed and named, never waited on for ever.
/// - Success is checked, not assumed: ffmpeg must exit 0, print no error (ffmpeg 5 exits 0 when
///   the disk fills while it writes the file's index), report every frame sent as encoded (its
///   `-progress` report), and the file must then hold that many frames (read back by ffmpeg,
///   packets copied, nothing decoded).
/// - Its error output is kept (the end of it) and quoted only as `TerminalText`: control
///   characters escaped, so that nothing it prints can act on the terminal.
///
/// Used by one thread at a time (what ffmpeg says is read by an `FFmpegOutputReader`).
package final class FFmpegPipe {
    /// The file the recording is saved to, as given.
    package let output: String
    /// Where ffmpeg writes until the recording is verified (`<name>.partial-XXXXXXXX.<ext>`, absolute).
    package var partialPath: String { partial.path }
    /// The temporary ffmpeg writes (created exclusively before ffmpeg starts).
    private let partial: SafeTemporaryFile
    /// Whether the output replaces a file of its name (false: a name taken meanwhile fails).
    private let replacing: Bool
    /// The frame size in pixels every `write` must have.
    package let width: Int, height: Int
    /// Seconds a write may wait for ffmpeg to take data, and finishing may wait past its last sign
    /// of life, before ffmpeg is taken to be stuck.
    package let timeout: Double
    /// Frames written so far.
    private(set) var framesWritten = 0
    private let ffmpeg: String
    private let child: ChildProcess
    private var input: Int32
    private let said: FFmpegOutputReader
    private var state = State.running
    /// What ffmpeg reads: YUV 4:2:0 for video codecs, BGRA for GIF.
    private let sendsYUV: Bool
    /// The frames of a lossless part of a recording (`lamina record --part --lossless`, FFV1 in
    /// Matroska), encoded once later by `lamina join`: what the video encoders are fed (YUV 4:2:0,
    /// converted as for a video) or the frames exactly as given (premultiplied BGRA words, which
    /// every output, GIF too, is made from). Nil: an ordinary recording.
    package let lossless: LosslessFormat?

    /// What a lossless part keeps of each frame.
    package enum LosslessFormat: String, Sendable {
        /// The YUV 4:2:0 bytes a video encoder is sent (12 bits a pixel): joins into .mp4, .webm,
        /// .mov and .mkv.
        case yuv420p
        /// The premultiplied BGRA words as the compositor drew them (32 bits a pixel): joins into
        /// any output, GIF too.
        case bgra

        /// The bytes of one `width` x `height` frame.
        package func frameBytes(width: Int, height: Int) -> Int {
            switch self {
            case .yuv420p: return width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
            case .bgra: return width * height * 4
            }
        }
    }
    /// The frame being sent, kept from frame to frame (a 4K frame is 13 MB as YUV, 33 MB as BGRA).
    private var yuv: I420Frame
    private var bgra: [UInt32] = []

    private enum State { case running, finished, failed }

    /// Output extensions written as video (anything else is not a video name).
    package static let videoExtensions = ["mp4", "webm", "gif", "mov", "mkv"]

    /// Seconds of no progress after which ffmpeg is taken to be stuck, by default.
    package static let defaultTimeout = 60.0

    /// Whether `path` names a video file ffmpeg can write (by its extension).
    package static func isVideo(_ path: String) -> Bool { videoExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased()) }

    /// The ffmpeg executable on `searchPath` (default: $PATH), or nil when it is not installed.
    package static func find(searchPath: String? = nil) -> String? {
        let paths = (searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The absolute, standardised path of `path` (relative to the current folder).
    package static func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// The descriptor number ffmpeg is given its output file on (and the file to verify).
    package static let outputDescriptor: Int32 = 4

    /// How ffmpeg names the file open on descriptor `fd` in its own process.
    package static func descriptorPath(_ fd: Int32) -> String { "/proc/self/fd/\(fd)" }

    /// ffmpeg's muxer for a video extension (a file named by descriptor has no extension to go by).
    package static func muxer(for ext: String) -> String {
        switch ext.lowercased() {
        case "mkv": return "matroska"
        case "mov": return "mov"
        case "webm": return "webm"
        case "gif": return "gif"
        default: return "mp4"
        }
    }

    /// How a file path is named to ffmpeg: the `file:` protocol and an absolute path, so that
    /// ffmpeg never reads it as an option (a name starting with `-`) or another protocol (a `:`).
    package static func fileURL(_ path: String) -> String { "file:" + absolute(path) }

    /// Whether frames for `output` are sent as YUV 4:2:0 (every video codec) rather than BGRA (GIF).
    package static func sendsYUV(for output: String) -> Bool { URL(fileURLWithPath: output).pathExtension.lowercased() != "gif" }

    /// The colour tags of a YUV recording: BT.709 matrix and primaries (sRGB's), sRGB's transfer
    /// curve, limited range, so that players show the colours the frames had.
    package static let colourTags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "iec61966-2-1", "-color_range", "tv"]

    /// ffmpeg's arguments for raw `width`x`height` frames at `fps` into `output` (the codec from
    /// the extension: H.264 for .mp4/.mov/.mkv, VP9 for .webm, both fed YUV 4:2:0; a palette for
    /// .gif, fed BGRA), reporting its progress on descriptor 3. `realtime` picks the encoders'
    /// fastest settings, for recordings made while something else is being timed. With `descriptor`,
    /// ffmpeg writes the file open on that descriptor (`-f` and the muxer of `output`'s extension,
    /// then `/proc/self/fd/N`) instead of opening `output` itself.
    /// With `lossless`, the frames are read in that format and kept bit for bit (FFV1, every frame
    /// a key frame, in Matroska whatever the extension).
    package static func arguments(output: String, width: Int, height: Int, fps: Double, realtime: Bool, descriptor: Int32? = nil, lossless: LosslessFormat? = nil) -> [String] {
        if let lossless {
            // Four slices coded on two threads (a frame too small to slice, in one).
            let slices = width >= 16 && height >= 16 ? ["-slices", "4", "-threads", "2"] : []
            return ["-nostdin", "-hide_banner", "-loglevel", "error", "-nostats", "-progress", "pipe:3", "-y",
                    "-f", "rawvideo", "-pixel_format", lossless.rawValue, "-video_size", "\(width)x\(height)",
                    "-framerate", String(fps), "-i", "pipe:0", "-c:v", "ffv1", "-level", "3", "-g", "1"] + slices + ["-pix_fmt", lossless.rawValue,
                    "-f", "matroska", descriptor.map { "file:" + descriptorPath($0) } ?? fileURL(output)]
        }
        let yuv = sendsYUV(for: output)
        var args = ["-nostdin", "-hide_banner", "-loglevel", "error", "-nostats", "-progress", "pipe:3", "-y",
                    "-f", "rawvideo", "-pixel_format", yuv ? "yuv420p" : "bgra", "-video_size", "\(width)x\(height)",
                    "-framerate", String(fps), "-i", "pipe:0"]
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        if !yuv {
            args += ["-vf", "split[a][b];[a]palettegen[p];[b][p]paletteuse"]
        } else if ext == "webm" {
            args += ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p"] + colourTags
            if realtime { args += ["-deadline", "realtime", "-cpu-used", "8"] }
        } else {
            args += ["-c:v", "libx264", "-pix_fmt", "yuv420p"] + colourTags
            // H.264 wants even sizes: an odd last row or column is padded (black) by ffmpeg.
            if width % 2 == 1 || height % 2 == 1 { args += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"] }
            if realtime { args += ["-preset", "ultrafast"] }
        }
        if let descriptor {
            args += ["-f", muxer(for: ext), "file:" + descriptorPath(descriptor)]
        } else {
            args.append(fileURL(output))
        }
        return args
    }

    /// ffmpeg's arguments for counting the video frames in `file` (packets copied, nothing decoded),
    /// reported on descriptor 3.
    package static func verifyArguments(file: String) -> [String] {
        ["-nostdin", "-hide_banner", "-loglevel", "error", "-nostats", "-progress", "pipe:3",
         "-i", file.hasPrefix("/proc/self/fd/") ? "file:" + file : fileURL(file), "-map", "0:v:0", "-c", "copy", "-f", "null", "-"]
    }

    /// Starts ffmpeg writing `output` (through its temporary). Throws a `RecordingError` when
    /// ffmpeg is not installed (its message ends with `hint` when one is given) or cannot be
    /// started, and a `FileWriteError` when the temporary cannot be made. With `replacing` false,
    /// a file (or link) at `output` when the recording ends is left alone and the recording fails.
    /// Ignores SIGPIPE for the process, so that an ffmpeg that dies makes `write` throw instead of
    /// killing the program.
    /// With `lossless`, frames are kept exactly as given (see `arguments`).
    package init(output: String, width: Int, height: Int, fps: Double, realtime: Bool = false, hint: String? = nil,
         timeout: Double = FFmpegPipe.defaultTimeout, replacing: Bool = true, lossless: LosslessFormat? = nil) throws {
        guard width > 0, height > 0 else { throw RecordingError(description: "cannot record frames of \(width)x\(height) pixels") }
        guard timeout > 0, timeout.isFinite else { throw RecordingError(description: "an ffmpeg timeout must be a positive number of seconds (got \(timeout))") }
        self.output = output
        self.replacing = replacing
        self.width = width
        self.height = height
        self.timeout = timeout
        self.lossless = lossless
        sendsYUV = lossless.map { $0 == .yuv420p } ?? FFmpegPipe.sendsYUV(for: output)
        yuv = I420Frame(width: sendsYUV ? width : 0, height: sendsYUV ? height : 0)
        guard let ffmpeg = FFmpegPipe.find() else {
            throw RecordingError(description: "recording to video needs ffmpeg, which is not installed (apt-get install ffmpeg)" + (hint.map { "; " + $0 } ?? ""))
        }
        self.ffmpeg = ffmpeg
        let temporary = try SafeTemporaryFile(for: FFmpegPipe.absolute(output))
        partial = temporary
        // Tracked before ffmpeg starts, so that a signal at any moment removes it.
        RecordingCleanup.register(pid: 0, path: temporary.path)
        signal(SIGPIPE, SIG_IGN)
        let stdin = try ChildProcess.pipe(), stderr = try ChildProcess.pipe(), progress = try ChildProcess.pipe()
        let null = FFmpegPipe.openNull()
        // The temporary, numbered 10 or more (a descriptor is mapped onto 4 in the child).
        let file = fcntl(temporary.descriptor, F_DUPFD_CLOEXEC, 10)
        defer { close(stdin.read); close(stderr.write); close(progress.write); if null >= 0 { close(null) }; if file >= 0 { close(file) } }
        do {
            let fd = FFmpegPipe.outputDescriptor
            child = try ChildProcess.start(ffmpeg, arguments: FFmpegPipe.arguments(output: output, width: width, height: height, fps: fps, realtime: realtime, descriptor: fd, lossless: lossless),
                                           descriptors: [0: stdin.read, 1: null, 2: stderr.write, 3: progress.write, fd: file])
        } catch {
            close(stdin.write); close(stderr.read); close(progress.read)
            RecordingCleanup.unregister(path: temporary.path)
            temporary.discard()
            throw error
        }
        input = stdin.write
        _ = fcntl(input, F_SETFL, O_NONBLOCK)
        RecordingCleanup.attach(pid: child.pid, path: temporary.path)
        said = FFmpegOutputReader(errors: stderr.read, progress: progress.read)
    }

    deinit {
        if state == .running { abandon() }
    }

    /// Writes one frame of `width` x `height` pixels (premultiplied ARGB words), `times` times in a
    /// row (converted once). A pixel that is not opaque is shown over black, or with `straight` as
    /// its un-premultiplied colour, opaque; a lossless pipe keeps every word as it is.
    /// Throws a `RecordingError` when ffmpeg has stopped taking frames (it exited, was killed, or
    /// took nothing for `timeout` seconds), after killing it and removing the partial file; the
    /// message names the frame, the cause and ffmpeg's own words.
    package func write(_ pixels: UnsafeBufferPointer<UInt32>, straight: Bool = false, times: Int = 1) throws {
        precondition(pixels.count == width * height, "FFmpegPipe: \(pixels.count) pixels for a \(width)x\(height) frame")
        guard state == .running else { throw RecordingError(description: "the recording to \(output) has already ended") }
        if lossless == .bgra {
            // Premultiplied ARGB little-endian words are BGRA in memory: sent as they are.
            let raw = UnsafeRawBufferPointer(pixels)
            for _ in 0..<times { try send(raw); framesWritten += 1 }
        } else if sendsYUV {
            yuv.convert(pixels, straight: straight)
            try yuv.bytes.withUnsafeBytes { raw in for _ in 0..<times { try send(raw); framesWritten += 1 } }
        } else {
            if bgra.count != pixels.count { bgra = [UInt32](repeating: 0, count: pixels.count) }
            bgra.withUnsafeMutableBufferPointer { out in
                for i in 0..<pixels.count {
                    let p = pixels[i]
                    // Premultiplied ARGB little-endian words are BGRA in memory; opaque pixels are their own colour.
                    out[i] = p >> 24 == 255 ? p : straight ? PNGCodec.unpremultiply(p) | 0xFF00_0000 : p | 0xFF00_0000
                }
            }
            try bgra.withUnsafeBytes { raw in for _ in 0..<times { try send(raw); framesWritten += 1 } }
        }
    }

    /// Writes one frame given as the YUV 4:2:0 bytes a video encoder is sent (a frame of a
    /// lossless part kept as `yuv420p`, decoded), as they are. Throws as `write` does, and when the
    /// pipe does not send YUV or the frame has another size.
    package func writeI420(_ bytes: UnsafeRawBufferPointer) throws {
        guard state == .running else { throw RecordingError(description: "the recording to \(output) has already ended") }
        guard sendsYUV, bytes.count == yuv.bytes.count else {
            throw fail("a YUV 4:2:0 frame of \(bytes.count) bytes cannot be sent to an encoder that takes \(sendsYUV ? "\(yuv.bytes.count)-byte YUV frames" : "BGRA frames")")
        }
        try send(bytes)
        framesWritten += 1
    }

    /// Sends one frame's bytes through the pipe, waiting at most `timeout` for ffmpeg to take them.
    private func send(_ raw: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(input, raw.baseAddress! + offset, raw.count - offset)
            if n >= 0 { offset += n; continue }
            let e = errno
            if e == EINTR { continue }
            if e == EAGAIN || e == EWOULDBLOCK {
                var p = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
                let ready = Glibc.poll(&p, 1, Int32(min(timeout * 1000, Double(Int32.max))))
                if ready == 0 {
                    throw fail("ffmpeg took no data for \(FFmpegPipe.seconds(timeout)) (it is stuck; it was stopped)")
                }
                continue
            }
            // EPIPE: ffmpeg closed its input, normally because it exited.
            let since = ChildProcess.now()
            let ending = child.wait(timeout: timeout, lastActivity: { max(since, said.lastActivity) })
            let how = ending.map { "ffmpeg stopped (\($0))" } ?? "ffmpeg stopped taking frames (\(String(cString: strerror(e))))"
            throw fail(how)
        }
    }

    /// Closes ffmpeg's input, waits for it to finish the file (at most `timeout` seconds past its
    /// last sign of life), checks that it succeeded and that the file holds every frame written,
    /// then renames the partial file to the output. Throws a `RecordingError` (after removing the
    /// partial file) when any of that fails. Returns the frame count verified.
    @discardableResult
    package func finish() throws -> Int {
        switch state {
        case .finished: return framesWritten
        case .failed: throw RecordingError(description: "the recording to \(output) failed")
        case .running: break
        }
        close(input); input = -1
        let closedAt = ChildProcess.now()
        guard let ending = child.wait(timeout: timeout, lastActivity: { max(closedAt, said.lastActivity) }) else {
            throw fail("ffmpeg did not finish the file within \(FFmpegPipe.seconds(timeout)) of its last sign of progress (it is stuck; it was stopped)")
        }
        said.waitUntilClosed(timeout: FFmpegPipe.pipeGrace)
        let encoded = said.encodedFrames, ended = said.reportedEnd
        guard ending == .exited(0) else { throw fail("ffmpeg failed (\(ending))") }
        guard said.errorData.isEmpty else { throw fail("ffmpeg reported errors") }
        guard ended, encoded == framesWritten else {
            throw fail("ffmpeg reported \(encoded.map(String.init) ?? "no") frames encoded\(ended ? "" : " and did not report its end"); \(framesWritten) were sent")
        }
        let held: Int
        do { held = try FFmpegPipe.countFrames(in: FFmpegPipe.descriptorPath(FFmpegPipe.outputDescriptor), ffmpeg: ffmpeg, timeout: timeout, descriptor: partial.descriptor) } catch {
            throw fail("the file ffmpeg wrote cannot be read back (\(error))")
        }
        guard held == framesWritten else { throw fail("the file ffmpeg wrote holds \(held) frames; \(framesWritten) were sent") }
        do { try partial.commit(replacing: replacing) } catch {
            throw fail("cannot save the recording (\(error))")
        }
        RecordingCleanup.unregister(pid: child.pid)
        state = .finished
        return framesWritten
    }

    /// Stops a recording that is not wanted (or that failed elsewhere): kills ffmpeg and removes the
    /// partial file. Idempotent; does nothing once `finish` has succeeded.
    package func abandon() {
        guard state == .running else { return }
        state = .failed
        if input >= 0 { close(input); input = -1 }
        child.kill()
        said.waitUntilClosed(timeout: FFmpegPipe.pipeGrace)
        partial.discard()
        RecordingCleanup.unregister(pid: child.pid)
    }

    /// ffmpeg's error output so far, escaped (see `TerminalText`).
    package var errorText: String { TerminalText.summary(said.errorData, empty: "(ffmpeg said nothing)") }

    /// Seconds to wait for ffmpeg's pipes to close once it has ended (they stay open only when a
    /// child of its own still holds them).
    package static let pipeGrace = 5.0

    /// Kills ffmpeg, removes the partial file, and returns the error: `what`, then ffmpeg's words.
    private func fail(_ what: String) -> RecordingError {
        abandon()
        let words = TerminalText.summary(said.errorData, empty: "ffmpeg said nothing")
        return RecordingError(description: "\(what) writing \(output): \(words); nothing was saved")
    }

    /// The number of video frames in `file`, as ffmpeg reads it back (packets copied, nothing
    /// decoded). With `descriptor`, ffmpeg is given that open file as descriptor 4 (and `file` is
    /// `/proc/self/fd/4`). Throws when ffmpeg cannot read it, prints an error, or stops responding.
    package static func countFrames(in file: String, ffmpeg: String, timeout: Double, descriptor: Int32? = nil) throws -> Int {
        let stderr = try ChildProcess.pipe(), progress = try ChildProcess.pipe()
        let null = openNull()
        let high = descriptor.map { fcntl($0, F_DUPFD_CLOEXEC, 10) } ?? -1
        let child: ChildProcess
        do {
            var descriptors: [Int32: Int32] = [0: null, 1: null, 2: stderr.write, 3: progress.write]
            if high >= 0 { descriptors[outputDescriptor] = high }
            child = try ChildProcess.start(ffmpeg, arguments: verifyArguments(file: file), descriptors: descriptors)
        } catch {
            for fd in [stderr.read, stderr.write, progress.read, progress.write, null, high] where fd >= 0 { close(fd) }
            throw error
        }
        close(stderr.write); close(progress.write); if null >= 0 { close(null) }; if high >= 0 { close(high) }
        let said = FFmpegOutputReader(errors: stderr.read, progress: progress.read)
        let ending = child.wait(timeout: timeout, lastActivity: { said.lastActivity })
        if ending == nil { child.kill() }
        said.waitUntilClosed(timeout: pipeGrace)
        let words = TerminalText.summary(said.errorData, empty: "ffmpeg said nothing")
        guard let ending else { throw RecordingError(description: "ffmpeg reading it back stopped responding for \(seconds(timeout))") }
        guard ending == .exited(0), said.errorData.isEmpty else { throw RecordingError(description: "ffmpeg reading it back: \(ending): \(words)") }
        guard said.reportedEnd, let n = said.encodedFrames else { throw RecordingError(description: "ffmpeg reading it back gave no frame count") }
        return n
    }

    /// /dev/null opened for reading and writing, close-on-exec, numbered 10 or more (-1 on failure).
    package static func openNull() -> Int32 {
        let fd = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return -1 }
        let high = fcntl(fd, F_DUPFD_CLOEXEC, 10)
        close(fd)
        return high
    }

    /// "60 s", "2.5 s".
    package static func seconds(_ t: Double) -> String { "\(t == t.rounded() ? String(Int(t)) : String(t)) s" }
}
