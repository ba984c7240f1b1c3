import Foundation
@_spi(LaminaInternal) import QuartzCore
import Demos

/// CATiledLayer: the demo's 2048-point map zoomed in (tiles of the 4× level) and shown whole (the
/// ⅛× level). The golden renderer draws one frame, so each case first renders the same view with a
/// renderer of its own at media time −1 (asking for the visible tiles), waits for the tiles, and
/// renders again at −1 (their fade starts there): at the case's time 0 they are faded in (0.25 s).
enum TiledCases {
    static func map(_ name: String, scale: CGFloat, focus: CGPoint) -> GoldenCase {
        let size = CGSize(width: 192, height: 144)
        return GoldenCase(name: name, size: size) {
            let r = Art.root(size)
            r.masksToBounds = true
            let map = TiledMapLayer()
            map.bounds = CGRect(x: 0, y: 0, width: TiledMapLayer.side, height: TiledMapLayer.side)
            map.levelsOfDetail = 7
            map.levelsOfDetailBias = 3
            map.anchorPoint = CGPoint(x: focus.x / TiledMapLayer.side, y: focus.y / TiledMapLayer.side)
            map.position = CGPoint(x: size.width / 2, y: size.height / 2)
            map.transform = CATransform3DMakeScale(scale, scale, 1)
            r.addSublayer(map)
            CATransaction.flush()
            let warm = CARenderer(size: size)
            warm.layer = r
            warm.beginFrame(atTime: -1); warm.render(); warm.endFrame()
            CATiledLayer.waitForPendingTiles()
            warm.beginFrame(atTime: -1); warm.render(); warm.endFrame()
            return r
        }
    }

    static let all: [GoldenCase] = [
        // 3× on screen: the 4× level; where four cells meet: rings, a centre dot and the fine grid show.
        map("tiled_map_zoomed", scale: 3, focus: CGPoint(x: 990, y: 1000)),
        // 0.07× on screen: the coarsest level, ⅛×: the whole map in one tile (cells and dots: no rings, no grid).
        map("tiled_map_whole", scale: 0.07, focus: CGPoint(x: 1024, y: 1024)),
    ]
}
