import Foundation
import CoreGraphics

/// The command's messages on standard error, made safe to show: control characters in what they
/// quote (a path, a key, a layer's name, another program's words) are shown escaped
/// (`TerminalText`: `\u{1B}`), the line breaks between lines kept.
enum StandardError {
    /// Writes `message` and a line feed to standard error, escaped.
    static func print(_ message: String) {
        FileHandle.standardError.write(Data((TerminalText.escapedLines(message) + "\n").utf8))
    }
}
