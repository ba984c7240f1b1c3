import ArgumentParser
import CMediaCodecs
import Foundation
import LaminaRecording
@_spi(LaminaInternal) import QuartzCore

/// What an output path asks for, by its extension: an image, a video (through ffmpeg) or a folder
/// of numbered PNG frames (no extension, or an existing folder). Any other extension is refused,
/// so that `-o x.jpg` never holds PNG bytes and `-o x.avi` never becomes a folder.
enum OutputFormat: Equatable {
    case png, jpeg, video(String), folder

    /// The image extensions `render` writes.
    static let imageExtensions = ["png", "jpg", "jpeg"]

    /// The format of `path`, or nil when its extension names none.
    init?(path: String) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { self = .folder; return }
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        switch ext {
        case "": self = .folder
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case _ where FFmpegPipe.videoExtensions.contains(ext): self = .video(ext)
        default: return nil
        }
    }

    /// The output of `render -o path`: a PNG or JPEG image, or a validation error naming the choices.
    static func image(_ path: String) throws -> OutputFormat {
        let format = OutputFormat(path: path)
        guard format == .png || format == .jpeg else {
            throw ValidationError("-o \(path): render writes one image, .png or .jpg (lamina record writes videos and folders of frames)")
        }
        try requireFolder(of: path)
        return format!
    }

    /// The output of `record -o path`: a video or a folder of PNG frames, or a validation error.
    static func recording(_ path: String) throws -> OutputFormat {
        switch OutputFormat(path: path) {
        case .video?:
            try requireFolder(of: path)
            return OutputFormat(path: path)!
        case .folder?: return .folder
        case .png?, .jpeg?:
            throw ValidationError("-o \(path): a recording is a video (\(videoList)) or a folder for PNG frames (lamina render writes one image)")
        case nil:
            throw ValidationError("-o \(path): cannot record to .\(URL(fileURLWithPath: path).pathExtension) files; give \(videoList), or a folder for PNG frames")
        }
    }

    /// Refuses a file path whose folder does not exist (before anything is rendered).
    static func requireFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("-o \(path): the folder \(folder) does not exist")
        }
    }

    /// ".mp4, .webm, …".
    static var videoList: String { FFmpegPipe.videoExtensions.map { "." + $0 }.joined(separator: ", ") }
}

/// Writes rendered frames as image files.
enum ImageFileWriter {
    /// Writes `image` to `path` in `format` (.png or .jpeg; a JPEG is the image over black, as JPEG
    /// has no alpha), through a fresh exclusive temporary and a rename (`SafeFile`): a failure
    /// throws a one-line `FileWriteError`. Returns the file's size in bytes.
    @discardableResult
    static func write(_ image: CGImage, to path: String, format: OutputFormat, quality: Int = 92) throws -> Int {
        switch format {
        case .png: return try PNGCodec.write(image, to: URL(fileURLWithPath: path))
        case .jpeg:
            let data = try jpeg(image, quality: quality)
            try SafeFile.write(data, to: path)
            return data.count
        default: throw ImageWriteError(description: "\(path): not an image format")
        }
    }

    /// `image` as JPEG file bytes (composited over black: the premultiplied colour as it is, its
    /// alpha byte ignored by the encoder, so no opaque copy of the image is made).
    static func jpeg(_ image: CGImage, quality: Int = 92) throws -> Data {
        var err = [CChar](repeating: 0, count: 512)
        var size = 0
        let bytes = image.premultipliedARGB.withUnsafeBufferPointer { px in
            lamina_jpeg_encode(px.baseAddress, Int32(clamping: image.width), Int32(clamping: image.height), Int32(quality), &size, &err, err.count)
        }
        guard let bytes else {
            throw ImageWriteError(description: "cannot encode JPEG: " + String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { lamina_codec_free(bytes) }
        return Data(bytes: bytes, count: size)
    }
}

/// An image that could not be written.
struct ImageWriteError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String
}
