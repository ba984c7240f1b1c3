import Foundation
import Synchronization
import CoreGraphics
import Compositor

/// CATextLayer's layout: paragraphs split at newlines, greedy word wrapping to the bounds width when
/// wrapped, truncation with an ellipsis when not, and alignment. Lines stack from the top of the
/// bounds; glyphs come from a FontProvider at contentsScale pixels per point.
struct TextLayout {
    /// One laid-out line: its rendered mask and where its top-left lands in layer coordinates.
    struct Line {
        var mask: AlphaMask
        var origin: CGPoint
    }

    let provider: FontProvider
    let fontName: String?
    /// Font size in pixels.
    let pixelSize: Double
    /// Pixels per point.
    let scale: Double

    init(provider: FontProvider, fontName: String?, pointSize: Double, scale: Double) {
        self.provider = provider
        self.fontName = fontName
        self.scale = scale
        pixelSize = max(1, min(pointSize.isFinite ? pointSize : 36, 2000)) * scale
    }

    /// The width of `s` in points.
    func width(_ s: String) -> Double { provider.width(of: s, fontName: fontName, size: pixelSize) / scale }

    /// The lines of `text` laid out in `bounds`.
    func lines(_ text: String, bounds: CGRect, wrapped: Bool, truncation: CATextLayerTruncationMode, alignment: CATextLayerAlignmentMode) -> [Line] {
        guard let metrics = provider.metrics(fontName: fontName, size: pixelSize) else { return [] }
        let avail = Double(bounds.width)
        var strings: [String] = []
        for para in text.components(separatedBy: "\n") {
            if wrapped { strings += wrap(para, width: avail) }
            else if truncation != .none && width(para) > avail { strings.append(truncate(para, width: avail, mode: truncation)) }
            else { strings.append(para) }
        }
        var out: [Line] = []
        var y = Double(bounds.minY)
        let lineHeight = metrics.lineHeight / scale
        for s in strings {
            defer { y += lineHeight }
            guard !s.isEmpty, let mask = TextLineCache.shared.mask(s, fontName: fontName, size: pixelSize, provider: provider) else { continue }
            let w = Double(mask.width) / scale
            var x = Double(bounds.minX)
            if alignment == .right { x = Double(bounds.maxX) - w }
            if alignment == .center { x = Double(bounds.midX) - w / 2 }
            out.append(Line(mask: mask, origin: CGPoint(x: x, y: y)))
        }
        return out
    }

    /// Greedy word wrap; words longer than a line break between characters.
    func wrap(_ para: String, width avail: Double) -> [String] {
        let words = para.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var lines: [String] = []
        var current = ""
        for word in words {
            let candidate = current.isEmpty ? word : current + " " + word
            if width(candidate) <= avail || current.isEmpty && width(word) <= avail {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current); current = "" }
            if width(word) <= avail { current = word; continue }
            // Break a long word.
            var piece = ""
            for ch in word {
                if !piece.isEmpty && width(piece + String(ch)) > avail { lines.append(piece); piece = "" }
                piece.append(ch)
            }
            current = piece
        }
        lines.append(current)
        return lines
    }

    /// The longest form of `s` with an ellipsis at the start, middle or end that fits `avail`.
    func truncate(_ s: String, width avail: Double, mode: CATextLayerTruncationMode) -> String {
        let chars = Array(s)
        let ellipsis = "\u{2026}"
        var lo = 0, hi = chars.count
        func make(_ keep: Int) -> String {
            switch mode {
            case .start: return ellipsis + String(chars[(chars.count - keep)...])
            case .middle:
                let head = (keep + 1) / 2, tail = keep / 2
                return String(chars[..<head]) + ellipsis + String(chars[(chars.count - tail)...])
            default: return String(chars[..<keep]) + ellipsis
            }
        }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if width(make(mid)) <= avail { lo = mid } else { hi = mid - 1 }
        }
        return make(lo)
    }
}

/// Rendered text lines by (text, font, size), shared by all builders; bounded in size.
/// Any thread (text is measured on the app side and drawn on the render side): the entries are
/// behind one mutex, held only to look up or store.
final class TextLineCache: Sendable {
    static let shared = TextLineCache()
    private let entries = Mutex<[String: AlphaMask]>([:])

    func mask(_ text: String, fontName: String?, size: Double, provider: FontProvider) -> AlphaMask? {
        let key = "\(ObjectIdentifier(provider).hashValue)|\(fontName ?? "")|\(size)|\(text)"
        if let m = entries.withLock({ $0[key] }) { return m }
        guard let m = provider.render(text, fontName: fontName, size: size) else { return nil }
        entries.withLock { e in
            if e.count > 2048 { e.removeAll() }
            e[key] = m
        }
        return m
    }
}
