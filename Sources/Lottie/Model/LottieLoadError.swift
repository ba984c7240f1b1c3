import Foundation
import CoreGraphics

/// Why a Lottie file could not be read, located (Lamina): the file, the JSON path of the offending
/// value (`layers[2].ks.p.k[0].t`), and what was expected there.
public struct LottieLoadError: Error, Sendable, CustomStringConvertible {
    /// The file read, when the animation came from a file.
    public let file: String?
    /// Where in the JSON, "(top level)" for the document itself.
    public let path: String
    /// What was expected, or what went wrong.
    public let message: String

    /// An error at `path` of `file`.
    public init(file: String?, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// The error a decoder threw while reading `file`, located by its coding path.
    public init(_ error: any Error, file: String?) {
        self.file = file
        guard let d = error as? DecodingError else {
            path = "(top level)"
            message = String(describing: error)
            return
        }
        switch d {
        case .typeMismatch(let type, let ctx):
            path = JSONPath.string(ctx.codingPath)
            message = Self.ours(ctx.debugDescription) ?? "expected \(Self.name(of: type))"
        case .valueNotFound(let type, let ctx):
            path = JSONPath.string(ctx.codingPath)
            message = Self.ours(ctx.debugDescription) ?? "expected \(Self.name(of: type)), found null"
        case .keyNotFound(let key, let ctx):
            path = JSONPath.string(ctx.codingPath + [key])
            message = Self.ours(ctx.debugDescription) ?? "expected \"\(key.stringValue)\""
        case .dataCorrupted(let ctx):
            path = JSONPath.string(ctx.codingPath)
            if let ours = Self.ours(ctx.debugDescription) {
                message = ours
            } else if ctx.codingPath.isEmpty {
                let detail = (ctx.underlyingError.map { String(describing: $0) } ?? ctx.debugDescription)
                message = "expected JSON: " + String(detail.prefix(300))
            } else {
                message = "expected valid data: " + String(ctx.debugDescription.prefix(300))
            }
        @unknown default:
            path = "(top level)"
            message = String(describing: d)
        }
    }

    /// A message this module wrote ("expected ..."), or nil for the decoder's own.
    private static func ours(_ s: String) -> String? { s.hasPrefix("expected") ? s : nil }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "an array"
        case is [String: Any].Type: return "an object"
        default: return "a value of type \(type)"
        }
    }

    /// "file: path: message", every control character from the input escaped (`TerminalText`).
    public var description: String {
        let where_ = (file.map { TerminalText.escaped($0) + ": " } ?? "") + TerminalText.escaped(path)
        return where_ + ": " + TerminalText.escaped(message)
    }
}

extension LottieLoadError: LocalizedError {
    /// The located message.
    public var errorDescription: String? { description }
}
