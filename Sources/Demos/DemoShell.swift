import Foundation
import QuartzCore

/// What a window shows: the gallery of demos, or one demo with its caption. Clicking a gallery tile
/// opens its demo, Escape returns to the gallery. In the gallery the arrow keys select a tile and
/// Return opens it; Q (and Ctrl+Q, which arrives as Q) asks to quit, anywhere (`onQuit`). It knows nothing of SDL: the host (or a test)
/// gives it events in window points and calls `tick` once per app-thread iteration.
public final class DemoShell {
    /// The window's root layer (its size is the window's size in points).
    public let root = CALayer()
    /// The demo on screen, or nil in the gallery.
    public private(set) var current: Demo?
    /// The gallery's tiles, one per demo, in `DemoCatalog.all` order.
    public private(set) var tiles: [CALayer] = []
    /// The tile the keyboard has selected (arrows move it, Return opens it), or nil.
    public private(set) var selectedTile: Int?
    /// Called when the user asks to quit (the Q key).
    public var onQuit: (() -> Void)?
    /// Called after a demo opens or the gallery shows, with the window title that fits (`title`).
    public var onTitleChange: ((String) -> Void)?
    /// The window title for what is shown: "Lamina — " and the open demo's title, or "demos".
    public var title: String { "Lamina \u{2014} " + (current.map { type(of: $0).title } ?? "demos") }
    /// The gallery's columns of tiles.
    public private(set) var columns = 1
    private let gallery = CALayer()
    private let captionBar = CALayer()
    private let captionText: CATextLayer
    private let captionHeight: CGFloat = 34
    private(set) var size: CGSize

    /// A shell for a window of `size` points, showing the gallery (or the demo named `open`).
    public init(size: CGSize, open name: String? = nil) {
        self.size = size
        captionText = DemoKit.label("", origin: CGPoint(x: 12, y: 8), width: size.width - 24, fontSize: 14)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.anchorPoint = .zero
        root.bounds = CGRect(origin: .zero, size: size)
        root.backgroundColor = DemoKit.color(0.11, 0.12, 0.14)
        captionBar.backgroundColor = DemoKit.color(0.05, 0.05, 0.07, 0.92)
        captionBar.addSublayer(captionText)
        captionBar.zPosition = 10
        root.addSublayer(gallery)
        root.addSublayer(captionBar)
        buildGallery()
        layoutCaption()
        CATransaction.commit()
        if let name, let type = DemoCatalog.named(name) { open(type) } else { showGallery() }
    }

    /// The area a demo gets: the window above the caption bar.
    public var contentSize: CGSize { CGSize(width: size.width, height: max(1, size.height - captionHeight)) }

    private func buildGallery() {
        gallery.sublayers?.forEach { $0.removeFromSuperlayer() }
        gallery.frame = CGRect(origin: .zero, size: contentSize)
        let title = DemoKit.label("Lamina \u{2014} Core Animation demos", origin: CGPoint(x: 24, y: 18), width: size.width - 48, fontSize: 22)
        gallery.addSublayer(title)
        columns = max(1, Int((size.width - 24) / 300))
        let tileWidth = (size.width - 24 - CGFloat(columns) * 12) / CGFloat(columns)
        // Rows 88 points apart, closer when that is what keeps every row above the caption bar
        // (19 demos at 960x640 are 7 rows); a tile is never shorter than its two lines and label.
        let rows = (DemoCatalog.all.count + columns - 1) / columns
        let pitch = max(78, min(88, ((contentSize.height - 66) / CGFloat(rows)).rounded(.down)))
        let tileHeight = pitch - 8
        tiles = DemoCatalog.all.enumerated().map { i, type in
            let tile = CALayer()
            // Titles wrap to two lines (at 960x640, 11 of 18 did not fit on one).
            tile.frame = CGRect(x: 18 + CGFloat(i % columns) * (tileWidth + 12), y: 60 + CGFloat(i / columns) * pitch, width: tileWidth, height: tileHeight)
            tile.backgroundColor = DemoKit.color(0.2, 0.22, 0.27)
            tile.cornerRadius = 10
            let title = DemoKit.label("\(i + 1). " + type.title, origin: CGPoint(x: 12, y: 7), width: tileWidth - 24, fontSize: 15)
            title.isWrapped = true
            title.bounds.size.height = 15 * 2.7
            tile.addSublayer(title)
            tile.addSublayer(DemoKit.label("lamina demo " + type.name, origin: CGPoint(x: 12, y: tileHeight - 22), width: tileWidth - 24, fontSize: 12,
                                           color: DemoKit.color(0.6, 0.65, 0.75)))
            gallery.addSublayer(tile)
            return tile
        }
        if let s = selectedTile { select(s) }
    }

    /// Selects tile `index` (outlined), or none.
    public func select(_ index: Int?) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        if let s = selectedTile, s < tiles.count { tiles[s].borderWidth = 0 }
        selectedTile = index.map { min(max(0, $0), tiles.count - 1) }
        if let s = selectedTile {
            tiles[s].borderWidth = 2
            tiles[s].borderColor = DemoKit.color(0.45, 0.7, 1)
        }
        CATransaction.commit()
    }

    /// The gallery's keys: arrows move the selection (the first arrow selects the first tile),
    /// Return (or the keypad's Enter) opens it. Returns whether the key was one of them.
    private func galleryKey(_ key: String) -> Bool {
        let step: Int
        switch key {
        case "Left": step = -1
        case "Right": step = 1
        case "Up": step = -columns
        case "Down": step = columns
        case "Return", "Keypad Enter":
            if let s = selectedTile { open(DemoCatalog.all[s]) }
            return true
        default: return false
        }
        guard let s = selectedTile else { select(0); return true }
        let next = s + step
        if next >= 0 && next < tiles.count { select(next) }
        return true
    }

    private func layoutCaption() {
        captionBar.frame = CGRect(x: 0, y: size.height - captionHeight, width: size.width, height: captionHeight)
        captionText.bounds.size.width = size.width - 24
    }

    /// Shows the gallery.
    public func showGallery() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        current?.root.removeFromSuperlayer()
        current = nil
        gallery.isHidden = false
        captionText.string = "Click a demo (or pick one with the arrows and Return) to open it; Escape comes back here; Q quits."
        CATransaction.commit()
        onTitleChange?(title)
    }

    /// Opens a demo.
    public func open(_ type: Demo.Type) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        current?.root.removeFromSuperlayer()
        let demo = type.init(size: contentSize)
        demo.root.frame = CGRect(origin: .zero, size: contentSize)
        root.insertSublayer(demo.root, below: captionBar)
        gallery.isHidden = true
        captionText.string = demo.caption
        current = demo
        CATransaction.commit()
        onTitleChange?(title)
    }

    /// Delivers an event in window points.
    public func handle(_ event: DemoEvent) {
        if case .key("Escape") = event { if current != nil { showGallery() }; return }
        if case .key(let k) = event, k.lowercased() == "q" { onQuit?(); return }
        guard let demo = current else {
            if case .key(let k) = event, galleryKey(k) { return }
            if case .mouseDown(let p) = event, let hit = DemoKit.hitTest(gallery, p) {
                for (i, tile) in tiles.enumerated() where isInside(hit, tile) { open(DemoCatalog.all[i]); return }
            }
            return
        }
        demo.handle(event)
        // A demo's caption may say its state (hit-test's "(on)"/"(off)"): shown as it is now.
        if captionText.string as? String != demo.caption {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            captionText.string = demo.caption
            CATransaction.commit()
        }
    }

    /// The caption bar's text.
    public var caption: String { captionText.string as? String ?? "" }

    /// Once per app-thread iteration.
    public func tick(_ time: CFTimeInterval) { current?.tick(time) }

    /// The window was resized.
    public func resize(_ newSize: CGSize) {
        guard newSize != size, newSize.width > 0, newSize.height > 0 else { return }
        size = newSize
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(origin: .zero, size: newSize)
        buildGallery()
        layoutCaption()
        CATransaction.commit()
        if let demo = current { open(type(of: demo)) }
    }

    private func isInside(_ l: CALayer, _ ancestor: CALayer) -> Bool {
        var x: CALayer? = l
        while let y = x { if y === ancestor { return true }; x = y.superlayer }
        return false
    }
}
