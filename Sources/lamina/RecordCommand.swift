import ArgumentParser
import Foundation
import LaminaRecording
@_spi(LaminaInternal) import QuartzCore
import SDLHost
import Scenes
import Demos

/// `lamina record SCENE|DEMO -o out.mp4 --duration D --fps F`: every frame rendered on virtual time
/// (none dropped, deterministic), then encoded by ffmpeg fed raw frames on a pipe, or written as a
/// folder of PNGs when the output has no video extension.
///
/// A recording fails loudly: every write is checked (a full disk, an I/O error, an ffmpeg that
/// exits, is killed or is stuck for `--ffmpeg-timeout` seconds), and the output is verified before
/// success is claimed (the frames ffmpeg reports and the file holds; every PNG's size). On failure
/// the command names the frame and the cause, removes what it wrote and exits non-zero; SIGINT,
/// SIGTERM and SIGHUP also remove a partial video (`RecordingCleanup`).
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "record", abstract: "Record a scene or demo to a video (through ffmpeg) or a folder of PNGs, on virtual time.")
    @Argument(help: "A scene file, a bundled scene's name (lamina scenes) or a demo's name (lamina demo --list).") var source: String
    @Option(name: .shortAndLong, help: "Output: .mp4, .webm, .mov, .mkv, .gif, or a folder for PNG frames.") var output = "out.mp4"
    @Option(parsing: .unconditional, help: "Seconds to record, more than 0 and at most 3600.") var duration = 3.0
    @Option(parsing: .unconditional, help: "Frames per second, 1...240.") var fps = 30.0
    @Option(help: "Size WIDTHxHEIGHT in pixels, the source's shape (default: its size in points; a demo's is 960x640).") var size: String?
    @Flag(help: "Click the centre at the start (starts most demos).") var click = false
    @Flag(help: "Encode with the encoder's fastest settings (H.264 ultrafast, VP9 realtime): larger files, about three times faster (5 s of a 4K scene at 30 fps recorded in about 4.3 s on two cores).") var fast = false
    @Option(help: "For a scene: interactions to replay, \"click@T:X,Y key@T:NAME swipe@T:left|right\" (space-separated).") var after: String?
    @Option(parsing: .unconditional, help: "Seconds ffmpeg may go without taking a frame, or without a sign of progress while it finishes, before it is taken to be stuck and stopped.") var ffmpegTimeout = FFmpegPipe.defaultTimeout
    @OptionGroup var images: ImageBudgetOption
    @OptionGroup var partOptions: RecordingPartOptions

    func validate() throws {
        guard duration.isFinite else { throw ValidationError("--duration \(duration) is not a time: give a finite number of seconds") }
        guard duration > 0, duration <= 3600 else { throw ValidationError("--duration \(duration) is out of range: give more than 0 and at most 3600 seconds") }
        guard fps.isFinite else { throw ValidationError("--fps \(fps) is not a rate: give a finite number of frames per second") }
        guard fps >= 1, fps <= 240 else { throw ValidationError("--fps \(fps) is out of range: give 1...240 frames per second") }
        guard ffmpegTimeout.isFinite, ffmpegTimeout > 0 else { throw ValidationError("--ffmpeg-timeout \(ffmpegTimeout) is not a positive, finite number of seconds") }
        _ = try OutputFormat.recording(output)
        if partOptions.isPart { try partOptions.checkOutput(output) }
        if let after { _ = try SceneReplay.parse(after) }
    }

    func run() throws {
        AppRunner.installResources()
        try images.apply()
        Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
        Scene.assetsDirectory = DefaultFontProvider.assetsDirectory
        CAMediaClock.manualTime = 0
        let frames = Int((duration * fps).rounded())
        let range = try partOptions.range(total: frames) ?? FrameRange(first: 0, end: frames, part: nil, parts: nil)
        let output = RecordingPartOptions.output(self.output, for: range)
        let format = try OutputFormat.recording(output)
        let frameSource = try FrameSource(source)
        let pixels = try size.map { try frameSource.pixelSize($0) }
        let scale = frameSource.scale(for: pixels)
        let pointSize = frameSource.canvasSize(for: pixels, scale: scale)
        let renderer = CARenderer(size: pointSize, scale: scale)
        renderer.threads = 2
        renderer.layer = frameSource.root
        // Every frame goes through a frame scheduler on virtual time: a scene's replay, or the demo
        // ticked once per frame as a window would (after its click, when asked).
        let scheduler: FrameScheduler
        var replay: SceneReplay? = nil
        if let scene = frameSource.scene {
            let clickText = click ? "click@0:\(scene.size.width / 2),\(scene.size.height / 2) " : ""
            replay = try SceneReplay(scene: scene, events: clickText + (after ?? ""), renderer: renderer)
            scheduler = replay!.scheduler
        } else {
            guard after == nil else { throw ValidationError("--after replays a scene's interactions; \(source) is a demo (use --click)") }
            scheduler = frameSource.demoScheduler(renderer: renderer, framePeriod: 1 / fps, click: click)
        }
        scheduler.framePeriod = 1 / fps
        let (w, h) = renderer.pixelSize
        // A part: what makes it, and whether it is already done (then nothing is rendered).
        var settings: RecordingPart.Settings? = nil
        if partOptions.isPart {
            let s = RecordingPart.Settings(
                source: source, sourceHash: RecordingPartOptions.sourceFingerprint(source), width: w, height: h, fps: fps,
                duration: duration, totalFrames: frames, encoding: partOptions.encoding(for: output, fast: fast),
                container: URL(fileURLWithPath: output).pathExtension.lowercased(), click: click, after: after,
                laminaVersion: LaminaVersion.string)
            if let done = try? RecordingPart.read(for: output), done.settings == s, done.range == range, done.fileProblem(at: output) == nil {
                print(TerminalText.escaped("lamina: \(output) is already complete (\(range.summary)); nothing to do"))
                return
            }
            // A record left from an earlier run no longer marks this part done.
            try RecordingPartOptions.removeRecord(for: output)
            settings = s
        }
        RecordingCleanup.installSignalHandlers()
        let sink: FrameSink = format != .folder
            ? try FFmpegSink(output: output, width: w, height: h, fps: fps, fast: fast, timeout: ffmpegTimeout, lossless: partOptions.format)
            : try PNGFolderSink(folder: output)
        let progress = ProgressBar(total: range.count)
        var index = 0
        scheduler.onPresent = { r, _ in
            try sink.write(r.pixelBuffer.pixels, width: w, height: h, index: index)
            index += 1
            progress.update(index)
        }
        let verified: String
        do {
            try withExtendedLifetime(replay) {
                // Frames before the range: the app's turns and what is due, as in a whole
                // recording, nothing drawn (frames are a function of virtual time and those turns).
                scheduler.renderer = nil
                for k in 0..<range.first { try scheduler.frame(at: Double(k) / fps) }
                scheduler.renderer = renderer
                for k in range.first..<range.end { try scheduler.frame(at: Double(k) / fps) }
            }
            verified = try sink.finish(frames: range.count)
        } catch {
            let removed = sink.abandon()
            progress.done()
            let n = range.count
            let at = index < n ? "at frame \(range.first + index + 1) of \(frames)" : "after its \(n) frame\(n == 1 ? "" : "s")"
            throw RecordingError(description: "recording failed \(at): \(error)" + (removed.map { "; \($0)" } ?? ""))
        }
        progress.done()
        if let settings {
            let bytes = ContentFingerprint.fileSize(output)
            guard let bytes, let hash = ContentFingerprint.ofFile(output) else {
                throw RecordingError(description: "\(TerminalText.escaped(output)) cannot be read back after it was written")
            }
            let record = RecordingPart(settings: settings, range: range, file: URL(fileURLWithPath: output).lastPathComponent, fileBytes: bytes, fileHash: hash)
            try SafeFile.write(try record.json(), to: RecordingPart.recordPath(for: output))
            print(TerminalText.escaped("lamina: recorded \(range.summary) of \(frames) (\(w)x\(h), \(fps) fps) to \(output) (\(verified)); record \(RecordingPart.recordPath(for: output))"))
        } else {
            print(TerminalText.escaped("lamina: recorded \(frames) frames (\(w)x\(h), \(fps) fps) to \(output) (\(verified))"))
        }
    }
}

/// Where recorded frames go.
protocol FrameSink {
    /// Writes frame `index` (0-based), throwing when it cannot be written.
    func write(_ pixels: [UInt32], width: Int, height: Int, index: Int) throws
    /// Completes the output and verifies that it holds `frames` frames; returns what was verified.
    func finish(frames: Int) throws -> String
    /// Removes what was written (after a failure) and says what it removed, when the failure's own
    /// message does not. Idempotent.
    func abandon() -> String?
}

/// A folder of numbered PNG files (frame00000.png ...), made fresh: the frames are written into a
/// new private folder beside it (`SafeFile.makeTemporaryFolder`), each file whole or not at all
/// (`PNGCodec.write`), verified by the count and the size of every file, and the folder is then
/// renamed to its name (`SafeFile.moveFolder`). A name that is a symbolic link, a file, or a
/// folder that is not empty is refused before anything is rendered. Abandoning removes the folder
/// being built; nothing at the folder's name is touched until the recording succeeded.
final class PNGFolderSink: FrameSink {
    /// The folder asked for.
    let folder: String
    /// The folder the frames are written to until they are verified.
    let building: String
    private var sizes: [Int: Int] = [:]
    private var moved = false

    init(folder: String) throws {
        self.folder = folder
        try PNGFolderSink.check(folder)
        let parent = URL(fileURLWithPath: folder).standardizedFileURL.deletingLastPathComponent().path
        do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
            throw RecordingError(description: "cannot make the folder \(TerminalText.escaped(parent)): \(TerminalText.escaped(error.localizedDescription))")
        }
        building = try SafeFile.makeTemporaryFolder(for: folder)
    }

    /// Refuses a name that cannot become a fresh folder of frames: a symbolic link (never
    /// followed), a file, a folder that is not empty.
    static func check(_ folder: String) throws {
        var st = stat()
        guard lstat(folder, &st) == 0 else { return }
        let name = TerminalText.escaped(folder)
        switch st.st_mode & S_IFMT {
        case S_IFLNK: throw RecordingError(description: "\(name) is a symbolic link; a folder of PNG frames is made fresh and never through a link: give a new folder name")
        case S_IFDIR:
            if let items = try? FileManager.default.contentsOfDirectory(atPath: folder), !items.isEmpty {
                throw RecordingError(description: "\(name) is a folder that is not empty; a folder of PNG frames is made fresh: give a new folder name")
            }
        default: throw RecordingError(description: "\(name) is a file, not a folder for PNG frames (a video needs .mp4, .webm, .gif, .mov or .mkv)")
        }
    }

    /// The file of frame `index` while the folder is built.
    func file(_ index: Int) -> URL { URL(fileURLWithPath: building).appendingPathComponent(String(format: "frame%05d.png", index)) }

    func write(_ pixels: [UInt32], width: Int, height: Int, index: Int) throws {
        sizes[index] = try PNGCodec.write(CGImage(width: width, height: height, validPremultipliedARGB: pixels), to: file(index))
    }

    func finish(frames: Int) throws -> String {
        var total = 0
        for i in 0..<frames {
            guard let expected = sizes[i] else { throw RecordingError(description: "frame \(i + 1) was never written") }
            let actual = (try? FileManager.default.attributesOfItem(atPath: file(i).path)[.size] as? Int) ?? nil
            guard actual == expected else {
                throw RecordingError(description: "\(file(i).path) holds \(actual.map { "\($0) bytes" } ?? "nothing") where \(expected) bytes were written")
            }
            total += expected
        }
        try PNGFolderSink.check(folder)
        try SafeFile.moveFolder(building, to: folder)
        moved = true
        return "\(frames) PNG files checked, \(total) bytes"
    }

    func abandon() -> String? {
        guard !moved else { return nil }
        let count = sizes.count
        sizes.removeAll()
        try? FileManager.default.removeItem(atPath: building)
        return "removed the \(count) frame\(count == 1 ? "" : "s") written and the folder"
    }
}

/// A video through ffmpeg (see `FFmpegPipe`), frames un-premultiplied and made opaque on the way.
final class FFmpegSink: FrameSink {
    let pipe: FFmpegPipe

    init(output: String, width: Int, height: Int, fps: Double, fast: Bool = false, timeout: Double = FFmpegPipe.defaultTimeout, lossless: FFmpegPipe.LosslessFormat? = nil) throws {
        pipe = try FFmpegPipe(output: output, width: width, height: height, fps: fps, realtime: fast,
                              hint: "record to a folder of PNGs with -o DIR instead", timeout: timeout, lossless: lossless)
    }

    func write(_ pixels: [UInt32], width: Int, height: Int, index: Int) throws {
        // Pixels that are not opaque are recorded as their straight colour, opaque.
        try pixels.withUnsafeBufferPointer { try pipe.write($0, straight: true) }
    }

    func finish(frames: Int) throws -> String {
        let n = try pipe.finish()
        return "\(n) frames verified in the file"
    }

    func abandon() -> String? { pipe.abandon(); return nil }
}

/// A progress bar on a terminal (nothing when stderr is not one).
final class ProgressBar {
    let total: Int
    let tty = isatty(2) != 0
    init(total: Int) { self.total = max(1, total) }
    func update(_ n: Int) {
        guard tty, n % max(1, total / 100) == 0 || n == total else { return }
        let filled = 30 * n / total
        FileHandle.standardError.write(Data("\r[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: 30 - filled))] \(n)/\(total)".utf8))
    }
    func done() { if tty { StandardError.print("") } }
}
