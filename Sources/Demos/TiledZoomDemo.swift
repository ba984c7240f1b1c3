import Foundation
import QuartzCore

/// A large drawing in a CATiledLayer: a 2048-point map of coloured cells, rings and fine grid lines.
/// draw(in:) draws only what falls inside the context's clip (one tile), with the detail the
/// context's CTM (the level's resolution) can show, so zooming in costs only the tiles that come into view.
public final class TiledMapLayer: CATiledLayer {
    /// The drawing's side, in points.
    public static let side: CGFloat = 2048
    /// The side of one cell of the map, in points.
    static let cell: CGFloat = 128

    /// Draws the cells that meet the tile (the context's clip).
    public override func draw(in ctx: CGContext) {
        let tile = ctx.boundingBoxOfClipPath
        guard !tile.isNull, !tile.isInfinite else { return }
        let n = Int(Self.side / Self.cell)
        let c0 = max(0, Int(tile.minX / Self.cell)), c1 = min(n - 1, Int((tile.maxX / Self.cell).rounded(.up)) - 1)
        let r0 = max(0, Int(tile.minY / Self.cell)), r1 = min(n - 1, Int((tile.maxY / Self.cell).rounded(.up)) - 1)
        guard c0 <= c1, r0 <= r1 else { return }
        // Pixels per point of this level of detail: the fine grid only where it can show.
        let detail = hypot(ctx.ctm.a, ctx.ctm.b)
        for r in r0...r1 {
            for c in c0...c1 {
                let cell = CGRect(x: CGFloat(c) * Self.cell, y: CGFloat(r) * Self.cell, width: Self.cell, height: Self.cell)
                let hue = CGFloat((c * 7 + r * 3) % 16) / 16
                ctx.setFillColor(DemoKit.color(0.55 + 0.4 * hue, 0.75 - 0.3 * hue, 0.95 - 0.5 * hue))
                ctx.fill(cell)
                // Rings that get finer towards the middle (two below 1 pixel a point, none below ¼): details for zooming in.
                ctx.setStrokeColor(DemoKit.color(0.1, 0.15, 0.3))
                let rings = detail >= 1 ? 6 : detail >= 0.25 ? 2 : 0
                for k in stride(from: 1, through: rings, by: 1) {
                    let inset = CGFloat(k) * 9
                    ctx.setLineWidth(3 / CGFloat(k))
                    ctx.strokeEllipse(in: cell.insetBy(dx: inset, dy: inset))
                }
                ctx.setFillColor(DemoKit.color(0.95, 0.95, 0.9))
                ctx.fillEllipse(in: CGRect(x: cell.midX - 2, y: cell.midY - 2, width: 4, height: 4))
                // A fine grid every 8 points, at the levels of 2 pixels a point and finer.
                guard detail >= 2 else { continue }
                ctx.setStrokeColor(DemoKit.color(1, 1, 1, 0.35))
                ctx.setLineWidth(0.25)
                var x = cell.minX
                while x <= cell.maxX {
                    ctx.strokeLineSegments(between: [CGPoint(x: x, y: cell.minY), CGPoint(x: x, y: cell.maxY)])
                    x += 8
                }
                var y = cell.minY
                while y <= cell.maxY {
                    ctx.strokeLineSegments(between: [CGPoint(x: cell.minX, y: y), CGPoint(x: cell.maxX, y: y)])
                    y += 8
                }
            }
        }
    }
}

/// Zooming into a large drawing kept in a CATiledLayer: tiles of the level of detail that suits the
/// zoom are drawn off the frame, only where visible, and fade in.
public final class TiledZoomDemo: Demo {
    public static let name = "tiled-zoom"
    public static let title = "A large drawing in a CATiledLayer, zoomed"
    public let root = CALayer()
    /// The tiled layer showing the map.
    public let map = TiledMapLayer()
    public let caption = "Click: zoom in 2x there (out after 16x); visible tiles are drawn off the frame and fade in."
    /// The zoom relative to the whole map fitting the area: 1, 2, 4, 8, 16.
    public private(set) var zoom: CGFloat = 1
    private let fit: CGFloat
    private let size: CGSize

    public init(size: CGSize) {
        self.size = size
        root.bounds = CGRect(origin: .zero, size: size)
        root.masksToBounds = true
        fit = min(size.width, size.height) / TiledMapLayer.side
        map.bounds = CGRect(x: 0, y: 0, width: TiledMapLayer.side, height: TiledMapLayer.side)
        map.tileSize = CGSize(width: 256, height: 256)
        // Levels 8× down to ⅛× of the drawing's own resolution.
        map.levelsOfDetail = 7
        map.levelsOfDetailBias = 3
        map.position = CGPoint(x: size.width / 2, y: size.height / 2)
        map.transform = CATransform3DMakeScale(fit, fit, 1)
        root.addSublayer(map)
    }

    public func handle(_ event: DemoEvent) {
        guard case .mouseDown(let p) = event else { return }
        if zoom >= 16 { zoom(to: 1, about: CGPoint(x: TiledMapLayer.side / 2, y: TiledMapLayer.side / 2),
                             at: CGPoint(x: size.width / 2, y: size.height / 2)) }
        else { zoom(to: zoom * 2, about: root.convert(p, to: map), at: p) }
    }

    /// Zooms to `z` (relative to fitting) keeping the map point `focus` at `point` of the root.
    public func zoom(to z: CGFloat, about focus: CGPoint, at point: CGPoint) {
        let old = map.transform
        // Where the focus is on screen now: the anchor moves there, so nothing moves yet.
        let before = root.convert(focus, from: map)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        map.anchorPoint = CGPoint(x: focus.x / TiledMapLayer.side, y: focus.y / TiledMapLayer.side)
        map.position = point
        let s = fit * z
        map.transform = CATransform3DMakeScale(s, s, 1)
        let a = CABasicAnimation(keyPath: "transform")
        a.fromValue = NSValue(caTransform3D: old)
        a.duration = 0.6
        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        map.add(a, forKey: "zoom")
        if point != before {
            let m = CABasicAnimation(keyPath: "position")
            m.fromValue = NSValue(point: before)
            m.duration = 0.6
            map.add(m, forKey: "recentre")
        }
        CATransaction.commit()
        zoom = z
    }
}
