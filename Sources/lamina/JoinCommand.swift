import ArgumentParser
import Foundation
import QuartzCore
import LaminaRecording

/// `lamina join PARTS... -o out.mp4|.webm|.gif|.mov|.mkv`: the parts of one recording (`lamina
/// record --part`) made into the video. The parts are checked first (`PartSet`): each has its
/// record, its file is the one the record describes, they share every setting and source, and
/// their frames follow each other from the first frame to the last without gap or overlap; a part
/// that does not fit is named. Lossless parts (FFV1) are decoded and encoded once, exactly as one
/// `lamina record` feeds its encoder, so the video's frames are those of a single recording;
/// encoded parts are put end to end without re-encoding. The video is written as `record` writes
/// one (a temporary, verified, then renamed): nothing half-written is ever left under its name.
struct JoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "join", abstract: "Join the parts of a recording (lamina record --part) into one video.")
    @Argument(help: "The part files (each with its PART.lamina-part.json), in any order.") var parts: [String]
    @Option(name: .shortAndLong, help: "Output video: .mp4, .webm, .mov, .mkv or .gif (lossless parts), or the parts' own container family (encoded parts).") var output: String
    @Flag(help: "Lossless parts: encode with the encoder's fastest settings (as lamina record --fast).") var fast = false
    @Option(parsing: .unconditional, help: "Seconds ffmpeg may go without a sign of progress before it is taken to be stuck and stopped.") var ffmpegTimeout = FFmpegPipe.defaultTimeout

    func validate() throws {
        guard !parts.isEmpty else { throw ValidationError("give the part files to join") }
        guard FFmpegPipe.isVideo(output) else { throw ValidationError("-o \(output): join writes a video: \(OutputFormat.videoList)") }
        try OutputFormat.requireFolder(of: output)
        guard ffmpegTimeout.isFinite, ffmpegTimeout > 0 else { throw ValidationError("--ffmpeg-timeout \(ffmpegTimeout) is not a positive, finite number of seconds") }
    }

    func run() throws {
        let set = try PartSet(paths: parts)
        let s = set.settings
        let started = Date()
        RecordingCleanup.installSignalHandlers()
        if s.isLossless {
            try encodeLossless(set)
        } else {
            try set.checkCopyable(into: output)
            try FFmpegConcat.join(set.parts.map(\.path), into: output, frames: s.totalFrames, timeout: ffmpegTimeout)
        }
        let how = s.isLossless ? "decoded and encoded once" : "copied without re-encoding"
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        print(TerminalText.escaped("lamina: joined \(set.parts.count) parts, \(s.totalFrames) frames (\(s.width)x\(s.height), \(s.fps) fps), \(how), into \(output) in \(seconds) s"))
    }

    /// Lossless parts, frame by frame, into one encoder fed as `lamina record` feeds it: the YUV
    /// bytes a part kept as they are, or the drawn frames converted as a recording converts them.
    private func encodeLossless(_ set: PartSet) throws {
        let s = set.settings
        guard let format = s.losslessFormat else { throw RecordingError(description: "the parts are not lossless") }
        if format == .yuv420p, !FFmpegPipe.sendsYUV(for: output) {
            throw RecordingError(description: "-o \(TerminalText.escaped(output)): the parts keep YUV 4:2:0 frames, for a video (.mp4, .webm, .mov, .mkv); for a GIF record the parts with --lossless-format bgra")
        }
        let pipe = try FFmpegPipe(output: output, width: s.width, height: s.height, fps: s.fps, realtime: fast, timeout: ffmpegTimeout)
        var frame: [UInt8] = []
        var pixels = [UInt32](repeating: 0, count: format == .bgra ? s.width * s.height : 0)
        do {
            for part in set.parts {
                let reader = try FFmpegFrameReader(file: part.path, width: s.width, height: s.height, format: format, timeout: ffmpegTimeout)
                while try reader.next(into: &frame) {
                    guard reader.framesRead <= part.record.range.count else { break }
                    switch format {
                    case .yuv420p:
                        try frame.withUnsafeBytes { try pipe.writeI420($0) }
                    case .bgra:
                        pixels.withUnsafeMutableBytes { out in frame.withUnsafeBytes { out.copyMemory(from: $0) } }
                        try pixels.withUnsafeBufferPointer { try pipe.write($0, straight: true) }
                    }
                }
                reader.stop()
                guard reader.framesRead == part.record.range.count else {
                    throw RecordingError(description: "\(TerminalText.escaped(part.path)) decodes to \(reader.framesRead) frames where its record says \(part.record.range.count) (\(part.record.range.summary))")
                }
            }
            try pipe.finish()
        } catch {
            pipe.abandon()
            throw error
        }
    }
}
