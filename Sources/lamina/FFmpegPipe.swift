import Foundation

/// A recording failure, in one line for the user.
struct RecordingError: Error, CustomStringConvertible {
    /// What went wrong and what to do about it.
    let description: String
}

/// ffmpeg encoding raw 32-bit BGRA frames (premultiplied ARGB little-endian words, as the compositor
/// stores them) that it reads from a pipe on its standard input, at a constant frame rate. ffmpeg
/// is started with its arguments as an array (never through a shell); its error output is collected
/// on a thread of its own so that it can never block on a full pipe, and is quoted in the errors.
/// Used by `lamina record` (every frame on virtual time) and by `LiveRecorder` (a window's frames).
///
/// Shared with its error-reading thread: that thread writes `errorData` once and then signals
/// `errorsDone`; the owner reads `errorData` only after waiting for that signal.
final class FFmpegPipe: @unchecked Sendable {
    /// The file being written.
    let output: String
    /// The frame size in pixels every `write` must have.
    let width: Int, height: Int
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private var errorData = Data()
    private let errorsDone = DispatchSemaphore(value: 0)
    private var finished = false

    /// Output extensions written as video (anything else is not a video name).
    static let videoExtensions = ["mp4", "webm", "gif", "mov", "mkv"]

    /// Whether `path` names a video file ffmpeg can write (by its extension).
    static func isVideo(_ path: String) -> Bool { videoExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased()) }

    /// The ffmpeg executable on `searchPath` (default: $PATH), or nil when it is not installed.
    static func find(searchPath: String? = nil) -> String? {
        let paths = (searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// ffmpeg's arguments for raw `width`x`height` BGRA frames at `fps` into `output` (the codec from
    /// the extension: H.264 for .mp4/.mov/.mkv, VP9 for .webm, a palette for .gif). `realtime` picks
    /// the encoders' fastest settings, for recordings made while something else is being timed.
    static func arguments(output: String, width: Int, height: Int, fps: Double, realtime: Bool) -> [String] {
        var args = ["-loglevel", "error", "-y", "-f", "rawvideo", "-pixel_format", "bgra", "-video_size", "\(width)x\(height)",
                    "-framerate", String(fps), "-i", "pipe:0"]
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        if ext == "gif" {
            args += ["-vf", "split[a][b];[a]palettegen[p];[b][p]paletteuse"]
        } else if ext == "webm" {
            args += ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p"]
            if realtime { args += ["-deadline", "realtime", "-cpu-used", "8"] }
        } else {
            args += ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
            if realtime { args += ["-preset", "ultrafast"] }
        }
        args.append(output)
        return args
    }

    /// Starts ffmpeg writing `output`. Throws a `RecordingError` when ffmpeg is not installed (its
    /// message ends with `hint` when one is given) or cannot be started. Ignores SIGPIPE for the
    /// process, so that an ffmpeg that dies makes `write` throw instead of killing the program.
    init(output: String, width: Int, height: Int, fps: Double, realtime: Bool = false, hint: String? = nil) throws {
        guard width > 0, height > 0 else { throw RecordingError(description: "cannot record frames of \(width)x\(height) pixels") }
        self.output = output
        self.width = width
        self.height = height
        guard let ffmpeg = FFmpegPipe.find() else {
            throw RecordingError(description: "recording to video needs ffmpeg, which is not installed (apt-get install ffmpeg)" + (hint.map { "; " + $0 } ?? ""))
        }
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = FFmpegPipe.arguments(output: output, width: width, height: height, fps: fps, realtime: realtime)
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do { try process.run() } catch {
            throw RecordingError(description: "could not start ffmpeg (\(ffmpeg)): \(error)")
        }
        let handle = errors.fileHandleForReading
        Thread.detachNewThread { [self] in
            let data = handle.readDataToEndOfFile()
            errorData = data
            errorsDone.signal()
        }
    }

    /// Writes one frame of `width` x `height` pixels (premultiplied ARGB words; the caller decides
    /// how alpha is shown). Throws when ffmpeg has stopped taking frames, quoting its error output.
    func write(_ pixels: UnsafeBufferPointer<UInt32>) throws {
        precondition(pixels.count == width * height, "FFmpegPipe: \(pixels.count) pixels for a \(width)x\(height) frame")
        let fd = input.fileHandleForWriting.fileDescriptor
        let raw = UnsafeRawBufferPointer(pixels)
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                throw RecordingError(description: "ffmpeg stopped taking frames (\(reason)) writing \(output): \(stopAndCollect())")
            }
            offset += n
        }
    }

    /// Closes the pipe and waits for ffmpeg to finish the file; throws when it failed.
    func finish() throws {
        guard !finished else { return }
        let text = stopAndCollect()
        guard process.terminationStatus == 0 else {
            throw RecordingError(description: "ffmpeg failed (exit \(process.terminationStatus)) writing \(output): \(text)")
        }
    }

    /// Closes ffmpeg's input, waits for it to exit and returns its error output.
    private func stopAndCollect() -> String {
        if !finished {
            finished = true
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            errorsDone.wait()
        }
        let text = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "(ffmpeg said nothing)" : text
    }
}
