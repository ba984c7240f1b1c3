import XCTest
@testable import CoreGraphics

/// `TerminalText`: what a message quotes from input is shown with its control characters escaped.
final class TerminalTextTests: XCTestCase {
    /// C0 (ESC, BEL, CR, tab), DEL, C1 (CSI, NEL), bidirectional overrides and isolates, and the
    /// invisible format controls are escaped as `\u{HEX}`; ordinary text, emoji joiners and
    /// accents are kept. The expected strings are written out by hand.
    func testControlCharactersAreEscaped() {
        XCTAssertEqual(TerminalText.escaped("\u{1B}]0;PWNED\u{7}"), #"\u{1B}]0;PWNED\u{7}"#)
        XCTAssertEqual(TerminalText.escaped("a\tb\r\nc\u{7F}"), #"a\u{9}b\u{D}\u{A}c\u{7F}"#)
        XCTAssertEqual(TerminalText.escaped("\u{9B}2J\u{85}"), #"\u{9B}2J\u{85}"#)
        XCTAssertEqual(TerminalText.escaped("\u{202E}gnp.exe\u{2066}x\u{2069}\u{200F}\u{61C}"), #"\u{202E}gnp.exe\u{2066}x\u{2069}\u{200F}\u{61C}"#)
        XCTAssertEqual(TerminalText.escaped("a\u{200B}b\u{2028}c\u{FEFF}"), #"a\u{200B}b\u{2028}c\u{FEFF}"#)
        XCTAssertEqual(TerminalText.escaped("café 👩‍👩‍👧 日本"), "café 👩‍👩‍👧 日本")
        XCTAssertTrue(TerminalText.isSafe("plain"))
        XCTAssertFalse(TerminalText.isSafe("x\u{1B}"))
        XCTAssertEqual(TerminalText.escapedLines("one\u{1B}\ntwo"), "one\\u{1B}\ntwo", "line feeds between lines are kept")
    }
}
