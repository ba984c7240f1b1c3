import Foundation
import CoreGraphics

/// Where each character of a text document goes, by lottie-web's rules (`TextProperty`,
/// `applyTextPropertiesToMatrix`):
/// - the first baseline is at the layer's origin (point text), or `ascent` below the box's top
///   (`ps` + (0, ascent), box text); each further line is `lh` lower (1.2 × size when `lh` is 0), as
///   ThorVG and lottie-ios space lines (lottie-web adds one more point from the second line on,
///   which is not followed);
/// - the baseline shift `ls` moves every line up by `ls`;
/// - each character advances the pen by its width plus the tracking, `tr` / 1000 × size;
/// - a line's width is the sum of its characters' widths, each plus the tracking, trailing spaces
///   left out (as ThorVG and lottie-ios measure it; lottie-web leaves out the last character's
///   tracking); right-aligned point text ends at x = 0 and centred point text
///   is centred on x = 0; box text is aligned within the box's width;
/// - box text wraps where a character would pass the box's width: at the last space of the line
///   (the space dropped), or before the character when the line has no space.
struct TextLayout {
    /// One character placed: its baseline origin, and the line it is on.
    struct Placed: Equatable {
        var character: Character
        var origin: CGPoint
        var line: Int
    }

    /// The characters drawn (line breaks left out).
    var placed: [Placed] = []
    /// Each line's width.
    var lineWidths: [Double] = []

    /// Whether `c` breaks the line (`\r`, `\n`, `\r\n`, and ETX, `\u{3}`, as After Effects writes).
    static func isLineBreak(_ c: Character) -> Bool { c == "\r" || c == "\n" || c == "\r\n" || c == "\u{3}" }

    /// Lays out `document`; `advance` gives a character's width at the document's size, `ascent`
    /// the font's height above the baseline at that size (used by box text).
    init(_ document: TextDocument, ascent: Double, advance: (Character) -> Double) {
        let size = document.size
        let tracking = document.tracking / 1000 * size
        let lineHeight = document.lineHeight != 0 ? document.lineHeight : size * 1.2
        var chars = Array(document.drawnText).map { Self.isLineBreak($0) ? Character("\r") : $0 }
        if let box = document.boxSize { chars = Self.wrap(chars, width: Double(box.width), tracking: tracking, advance: advance) }

        // Line widths: each character and the tracking after it, trailing spaces not counted.
        var widths: [Double] = []
        var width = 0.0, pendingSpaces = 0.0
        for c in chars {
            if c == "\r" {
                widths.append(width)
                width = 0
                pendingSpaces = 0
                continue
            }
            let w = advance(c)
            if c == " " { pendingSpaces += w + tracking } else { width += w + tracking + pendingSpaces; pendingSpaces = 0 }
        }
        widths.append(width)
        lineWidths = widths

        let boxWidth = document.boxSize.map { Double($0.width) } ?? (widths.max() ?? 0)
        let alignment = document.alignment
        var justifyOffset = 0.0
        if document.boxSize == nil { justifyOffset = alignment == 1 ? -boxWidth : alignment == 2 ? -boxWidth / 2 : 0 }
        var origin = CGPoint(x: 0, y: -document.baselineShift)
        if let ps = document.boxPosition { origin.x += ps.x; origin.y += ps.y + ascent }

        var x = 0.0, y = 0.0, line = 0
        for c in chars {
            if c == "\r" {
                line += 1
                x = 0
                y += lineHeight
                continue
            }
            var lineX = 0.0
            if alignment == 1 { lineX = justifyOffset + (boxWidth - widths[line]) }
            if alignment == 2 { lineX = justifyOffset + (boxWidth - widths[line]) / 2 }
            placed.append(Placed(character: c, origin: CGPoint(x: origin.x + lineX + x, y: origin.y + y), line: line))
            x += advance(c) + tracking
        }
    }

    /// `chars` with line breaks (`\r`) put where box text of `width` wraps, as lottie-web does.
    private static func wrap(_ input: [Character], width: Double, tracking: Double, advance: (Character) -> Double) -> [Character] {
        var chars = input
        var lineWidth = 0.0, lastSpace = -1, i = 0
        while i < chars.count {
            let c = chars[i]
            if c == " " { lastSpace = i }
            if c == "\r" {
                lineWidth = 0
                lastSpace = -1
                i += 1
                continue
            }
            let w = advance(c)
            if lineWidth + w > width && c != " " && lineWidth > 0 {
                if lastSpace == -1 {
                    chars.insert("\r", at: i)
                } else {
                    chars[lastSpace] = "\r"
                    i = lastSpace
                }
                lastSpace = -1
                lineWidth = 0
                i += 1
                continue
            }
            lineWidth += w + tracking
            i += 1
        }
        return chars
    }
}
