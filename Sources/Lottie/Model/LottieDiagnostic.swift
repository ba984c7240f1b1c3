import Foundation
import CoreGraphics

/// Something in a Lottie file that this player does not draw yet, or draws another way than the
/// file asks (Lamina): named once per place, with its JSON path, so nothing is dropped silently.
public struct LottieDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Where in the file, as a JSON path such as `layers[2].shapes[0].it[1]`.
    public let path: String
    /// What is not supported, and what is drawn instead.
    public let message: String

    /// A diagnostic at `path` saying `message`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// "path: message", with control characters from the file escaped.
    public var description: String { TerminalText.escaped(path) + ": " + TerminalText.escaped(message) }
}
