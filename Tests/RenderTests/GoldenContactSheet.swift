import Foundation
@_spi(LaminaInternal) import QuartzCore
import SDLHost

/// One picture of many goldens, to look at after a change: every golden in a grid, each scaled to
/// fit its cell with the nearest filter (whole multiples when it is smaller than the cell) over a
/// checkerboard that shows transparency, its name below it. A golden with a `<name>.out.png` beside it
/// (left by a failing comparison) gets three cells side by side, golden | actual | diff, and comes
/// first. Drawn with the project's own CALayer, CATextLayer (names through the default font
/// provider: the default one) and CARenderer.
struct GoldenContactSheet {
    /// One golden and, when a comparison failed, what was rendered and the difference.
    struct Entry {
        /// The case name.
        let name: String
        /// The golden image.
        let golden: CGImage
        /// `<name>.out.png`, when present.
        var actual: CGImage? = nil
        /// `<name>.diff.png` when present, otherwise made from golden and actual when their sizes match.
        var diff: CGImage? = nil
    }

    /// The picture area of one cell, in pixels.
    var cell = CGSize(width: 192, height: 144)
    /// The strip under each picture for its name.
    var labelHeight: CGFloat = 18
    /// Space around and between cells.
    var gap: CGFloat = 8
    /// The title strip at the top.
    var headerHeight: CGFloat = 28
    /// Cells per row.
    var columns = 6
    /// The name's font size.
    var fontSize: CGFloat = 11

    /// The goldens named `names` that exist in `directory`, with their `.out.png` and `.diff.png`
    /// when present; the ones with an `.out.png` first, each group in the order of `names`.
    static func entries(in directory: URL, names: [String]) throws -> [Entry] {
        var failing: [Entry] = [], passing: [Entry] = []
        for name in names {
            let url = directory.appendingPathComponent(name + ".png")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            var e = Entry(name: name, golden: try PNGCodec.read(contentsOf: url))
            let out = directory.appendingPathComponent(name + ".out.png")
            if FileManager.default.fileExists(atPath: out.path) {
                let actual = try PNGCodec.read(contentsOf: out)
                e.actual = actual
                let d = directory.appendingPathComponent(name + ".diff.png")
                if FileManager.default.fileExists(atPath: d.path) {
                    e.diff = try PNGCodec.read(contentsOf: d)
                } else if actual.width == e.golden.width && actual.height == e.golden.height {
                    e.diff = ImageDiff.picture(actual: actual, expected: e.golden, tolerance: 0).image
                }
                failing.append(e)
            } else {
                passing.append(e)
            }
        }
        return failing + passing
    }

    /// The sheet's size in pixels for `entries`.
    func size(for entries: [Entry]) -> CGSize {
        let rows = place(entries).map(\.row).max().map { $0 + 1 } ?? 0
        return CGSize(width: gap + CGFloat(columns) * (cell.width + gap),
                      height: headerHeight + gap + CGFloat(rows) * (cell.height + labelHeight + gap))
    }

    /// Row and first column of each entry: left to right, a three-cell entry moving to the next row
    /// when it does not fit on this one.
    func place(_ entries: [Entry]) -> [(row: Int, column: Int)] {
        var row = 0, column = 0, out: [(Int, Int)] = []
        for e in entries {
            let span = e.actual == nil ? 1 : min(3, columns)
            if column + span > columns { row += 1; column = 0 }
            out.append((row, column))
            column += span
            if column >= columns { row += 1; column = 0 }
        }
        return out
    }

    /// Draws the sheet.
    func render(_ entries: [Entry], title: String) -> CGImage {
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let size = size(for: entries)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.anchorPoint = .zero
        root.bounds = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        root.addSublayer(text(title, frame: CGRect(x: gap, y: 6, width: size.width - 2 * gap, height: headerHeight - 6), size: fontSize + 3))
        let checker = checkerboard()
        for (e, at) in zip(entries, place(entries)) {
            var pictures: [(CGImage?, String)] = [(e.golden, e.name)]
            if let a = e.actual { pictures += [(a, "actual (.out.png)"), (e.diff, e.diff == nil ? "no diff (sizes differ)" : "diff")] }
            for (k, (image, label)) in pictures.prefix(columns).enumerated() {
                let x = gap + CGFloat(at.column + k) * (cell.width + gap)
                let y = headerHeight + gap + CGFloat(at.row) * (cell.height + labelHeight + gap)
                let back = CALayer()
                back.anchorPoint = .zero
                back.frame = CGRect(x: x, y: y, width: cell.width, height: cell.height)
                back.contents = checker
                back.magnificationFilter = .nearest
                root.addSublayer(back)
                if let image {
                    let frame = fit(image)
                    let outline = CALayer()
                    outline.frame = frame.insetBy(dx: -1, dy: -1)
                    outline.borderColor = CGColor(srgbRed: 0.5, green: 0.5, blue: 0.56, alpha: 1)
                    outline.borderWidth = 1
                    back.addSublayer(outline)
                    let l = CALayer()
                    l.frame = frame
                    l.contents = image
                    l.contentsGravity = .resize
                    l.magnificationFilter = .nearest
                    l.minificationFilter = .nearest
                    back.addSublayer(l)
                }
                root.addSublayer(text(label, frame: CGRect(x: x, y: y + cell.height + 2, width: cell.width, height: labelHeight - 2), size: fontSize))
            }
        }
        CATransaction.commit()
        CATransaction.flush()
        let r = CARenderer(size: size, scale: 1)
        r.layer = root
        r.beginFrame(atTime: 0)
        r.render()
        r.endFrame()
        return r.makeImage()
    }

    /// Where `image` goes in its cell: scaled by a whole number when it is smaller than the cell,
    /// down to fit otherwise, centred on whole pixels.
    func fit(_ image: CGImage) -> CGRect {
        let w = CGFloat(image.width), h = CGFloat(image.height)
        var s = min(cell.width / w, cell.height / h)
        if s >= 1 { s = s.rounded(.down) }
        return CGRect(x: ((cell.width - w * s) / 2).rounded(.down), y: ((cell.height - h * s) / 2).rounded(.down), width: w * s, height: h * s)
    }

    /// A name in a text layer (middle-truncated when it is too long for the cell).
    func text(_ s: String, frame: CGRect, size: CGFloat) -> CATextLayer {
        let t = CATextLayer()
        t.frame = frame
        t.string = s
        t.fontSize = size
        t.foregroundColor = CGColor(srgbRed: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        t.truncationMode = .middle
        return t
    }

    /// A cell-sized checkerboard of 8-pixel squares (white and light grey).
    func checkerboard() -> CGImage {
        let w = Int(cell.width), h = Int(cell.height)
        var px = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { px[y * w + x] = (x / 8 + y / 8) % 2 == 0 ? 0xFFFF_FFFF : 0xFFDD_DDE2 } }
        return CGImage(width: w, height: h, premultipliedARGB: px)
    }
}
