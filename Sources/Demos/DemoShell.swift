import Foundation
import QuartzCore

/// What a window shows: the gallery of demos, or one demo with its caption. Clicking a gallery tile
/// opens its demo, Escape returns to the gallery. It knows nothing of SDL: the host (or a test)
/// gives it events in window points and calls `tick` once per app-thread iteration.
public final class DemoShell {
    /// The window's root layer (its size is the window's size in points).
    public let root = CALayer()
    /// The demo on screen, or nil in the gallery.
    public private(set) var current: Demo?
    /// The gallery's tiles, one per demo, in `DemoCatalog.all` order.
    public private(set) var tiles: [CALayer] = []
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
        let columns = max(1, Int((size.width - 24) / 300))
        let tileWidth = (size.width - 24 - CGFloat(columns) * 12) / CGFloat(columns)
        tiles = DemoCatalog.all.enumerated().map { i, type in
            let tile = CALayer()
            tile.frame = CGRect(x: 18 + CGFloat(i % columns) * (tileWidth + 12), y: 64 + CGFloat(i / columns) * 70, width: tileWidth, height: 58)
            tile.backgroundColor = DemoKit.color(0.2, 0.22, 0.27)
            tile.cornerRadius = 10
            tile.addSublayer(DemoKit.label("\(i + 1). " + type.title, origin: CGPoint(x: 12, y: 8), width: tileWidth - 24, fontSize: 15))
            tile.addSublayer(DemoKit.label("lamina demo " + type.name, origin: CGPoint(x: 12, y: 32), width: tileWidth - 24, fontSize: 12,
                                           color: DemoKit.color(0.6, 0.65, 0.75)))
            gallery.addSublayer(tile)
            return tile
        }
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
        captionText.string = "Click a demo to open it; Escape comes back here. (lamina demo --list prints their names.)"
        CATransaction.commit()
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
    }

    /// Delivers an event in window points.
    public func handle(_ event: DemoEvent) {
        if case .key("Escape") = event { if current != nil { showGallery() }; return }
        guard let demo = current else {
            if case .mouseDown(let p) = event, let hit = DemoKit.hitTest(gallery, p) {
                for (i, tile) in tiles.enumerated() where isInside(hit, tile) { open(DemoCatalog.all[i]); return }
            }
            return
        }
        demo.handle(event)
    }

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
