import Foundation
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// Video files of one stream and codec put end to end without re-encoding (ffmpeg's concat
/// demuxer, packets copied), for `lamina join` of encoded parts: each part starts on a key frame
/// (every part is an encoding of its own), so the joined stream decodes from every part's start.
///
/// Safe as `FFmpegPipe` is: ffmpeg writes a temporary created exclusively beside the output (given
/// to it as descriptor 4), the list of parts is a temporary file of its own, and only a file that
/// ffmpeg finished without an error and that holds the expected number of frames is renamed to the
/// output; otherwise both temporaries are removed and the error quotes ffmpeg, escaped.
package enum FFmpegConcat {
    /// A line of ffmpeg's concat list naming `path` (absolute; `'` written as `'\''`).
    package static func listLine(_ path: String) -> String {
        "file '" + FFmpegPipe.absolute(path).replacingOccurrences(of: "'", with: "'\\''") + "'\n"
    }

    /// ffmpeg's arguments: the concat list `list` read with `-safe 0` (absolute paths), its video
    /// stream copied into `output`'s container, written to descriptor 4, progress on descriptor 3.
    package static func arguments(list: String, output: String) -> [String] {
        ["-nostdin", "-hide_banner", "-loglevel", "error", "-nostats", "-progress", "pipe:3", "-y",
         "-f", "concat", "-safe", "0", "-i", FFmpegPipe.fileURL(list), "-map", "0:v:0", "-c", "copy",
         "-f", FFmpegPipe.muxer(for: URL(fileURLWithPath: output).pathExtension),
         "file:" + FFmpegPipe.descriptorPath(FFmpegPipe.outputDescriptor)]
    }

    /// Joins `parts` (in order) into `output`, which must then hold `frames` frames. Throws a
    /// `RecordingError` (nothing saved) when ffmpeg is missing, fails, reports an error, stops
    /// responding for `timeout` seconds, or the file holds another number of frames; a
    /// `FileWriteError` when a temporary cannot be made or the output cannot be saved.
    package static func join(_ parts: [String], into output: String, frames: Int, timeout: Double = FFmpegPipe.defaultTimeout) throws {
        guard let ffmpeg = FFmpegPipe.find() else {
            throw RecordingError(description: "joining encoded parts needs ffmpeg, which is not installed (apt-get install ffmpeg)")
        }
        let target = FFmpegPipe.absolute(output)
        let list = try SafeTemporaryFile(for: target + ".concat.txt")
        defer { list.discard() }
        let text = parts.map(listLine).joined()
        try text.utf8CString.withUnsafeBytes { try list.write(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
        let partial = try SafeTemporaryFile(for: target)
        RecordingCleanup.register(pid: 0, path: partial.path)
        defer { RecordingCleanup.unregister(path: partial.path); partial.discard() }
        signal(SIGPIPE, SIG_IGN)
        let stderr = try ChildProcess.pipe(), progress = try ChildProcess.pipe()
        let null = FFmpegPipe.openNull()
        let file = fcntl(partial.descriptor, F_DUPFD_CLOEXEC, 10)
        let child: ChildProcess
        do {
            child = try ChildProcess.start(ffmpeg, arguments: arguments(list: list.path, output: output),
                                           descriptors: [0: null, 1: null, 2: stderr.write, 3: progress.write, FFmpegPipe.outputDescriptor: file])
        } catch {
            for fd in [stderr.read, stderr.write, progress.read, progress.write, null, file] where fd >= 0 { close(fd) }
            throw error
        }
        close(stderr.write); close(progress.write); if null >= 0 { close(null) }; if file >= 0 { close(file) }
        RecordingCleanup.attach(pid: child.pid, path: partial.path)
        let said = FFmpegOutputReader(errors: stderr.read, progress: progress.read)
        let ending = child.wait(timeout: timeout, lastActivity: { said.lastActivity })
        if ending == nil { child.kill() }
        said.waitUntilClosed(timeout: FFmpegPipe.pipeGrace)
        RecordingCleanup.unregister(pid: child.pid)
        let words = TerminalText.summary(said.errorData, empty: "ffmpeg said nothing")
        let name = TerminalText.escaped(output)
        guard let ending else { throw RecordingError(description: "joining into \(name): ffmpeg stopped responding for \(FFmpegPipe.seconds(timeout)): \(words); nothing was saved") }
        guard ending == .exited(0), said.errorData.isEmpty else { throw RecordingError(description: "joining into \(name): ffmpeg failed (\(ending)): \(words); nothing was saved") }
        let held: Int
        do {
            held = try FFmpegPipe.countFrames(in: FFmpegPipe.descriptorPath(FFmpegPipe.outputDescriptor), ffmpeg: ffmpeg, timeout: timeout, descriptor: partial.descriptor)
        } catch {
            throw RecordingError(description: "joining into \(name): the file ffmpeg wrote cannot be read back (\(error)); nothing was saved")
        }
        guard held == frames else { throw RecordingError(description: "joining into \(name): the file holds \(held) frames where the parts hold \(frames); nothing was saved") }
        try partial.commit()
    }
}
