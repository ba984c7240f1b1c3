import Foundation

/// Named shadows with a reduced blur (deviation past `fullResolutionSigma`) shared by the bands of
/// a frame: each band draws the shadowed group only on its own rows (and the few around them its
/// reduced rows need), reduces those into one plane the bands share (`ShadowSplit`), blurs it once
/// every band's rows are in, and paints its own rows. Without it every band the shadow reaches drew
/// the group whole and reduced and blurred all of it. The same pixels: a group's rows are the same
/// whichever band draws them, and each reduced row is summed from them as when the group is whole.
extension TreeRasterizer {
    /// A shadow whose reduced plane this band makes a part of: the plane, its name, the blur's
    /// layout on this band's surface, the group's whole device rectangle, its whole-pixel move
    /// and deviation, and the plane's rows this band claimed as it reached the group.
    struct SplitShadow {
        let split: ShadowSplit
        let key: ShadowOutlineKey
        let layout: BlurLayout
        let whole: IntRect
        let ix: Int, iy: Int
        let sigma: Double
        let claimed: [Range<Int>]
    }

    /// The device rows of the group (moved by `iy` into the shadow) that reduced rows `rows` of a
    /// plane laid out by `layout` are made from.
    static func groupRows(_ rows: Range<Int>, layout: BlurLayout, iy: Int) -> Range<Int> {
        let f = layout.factor
        let lo = max(layout.area.y + rows.lowerBound * f, layout.source.y) - iy
        let hi = min(layout.area.y + rows.upperBound * f, layout.source.maxY) - iy
        return lo..<max(lo, hi)
    }

    /// ⌊a / b⌋ for b > 0.
    private static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// Joins (or begins) the plane node `i`'s shadow `sh` is reduced into by the bands of the
    /// frame, when the node's group (device rectangle `group`, drawn whole so far) has a name, a
    /// reduced blur, and rows outside this band: claims the plane's rows whose group rows meet the
    /// band's, and returns the part of the group this band draws (its rows and those claimed; empty
    /// when only the shadow reaches it). Nil: the group is drawn whole, as without sharing.
    /// `M`, `P`: the node's device maps.
    func beginSplitShadow(_ i: Int, shadow sh: RenderShadow, group: IntRect, M: Matrix4x4, P: Matrix4x4, on s: Surface) -> IntRect? {
        guard sharesShadowRows, !drawingTakenRows, let cache = shadowCache, sh.path == nil, tree.nodes[i].mask < 0,
              group.intersection(s.scissor) != group, let name = shadowName(i, children: tree.children(of: i), M: M) else { return nil }
        let g = shadowGeometry(sh, node: tree.nodes[i], P: P)
        let ix = Int(g.dx.rounded()), iy = Int(g.dy.rounded())
        let srcBox = IntRect(x: group.x + ix, y: group.y + iy, width: group.width, height: group.height)
        guard g.sigma > TreeRasterizer.fullResolutionSigma,
              let layout = blurLayout(srcBox, whole: true, sigma: g.sigma, scissor: s.scissor), layout.factor > 1 else { return nil }
        let key = TreeRasterizer.shadowNameKey(name, group: group, ix: ix, iy: iy, layout: layout, columns: s.columns, sigma: g.sigma)
        let f = layout.factor
        // The plane's rows the source reaches.
        let live = (layout.source.y - layout.area.y) / f..<((layout.source.maxY - layout.area.y + f - 1) / f)
        let split = cache.split(key) { ShadowSplit(width: layout.planeWidth, height: layout.planeHeight, live: live) }
        // The reduced rows whose group rows meet the band's.
        let s0 = s.scissor.y, s1 = s.scissor.maxY
        let first = TreeRasterizer.floorDiv(s0 + iy - layout.area.y, f), end = TreeRasterizer.floorDiv(s1 + iy - layout.area.y + f - 1, f)
        let claimed = first < end ? split.claim(first..<end) : []
        splitShadows[i] = SplitShadow(split: split, key: key, layout: layout, whole: group, ix: ix, iy: iy, sigma: g.sigma, claimed: claimed)
        // The group's rows this band composites, and those its claimed rows are made from.
        var lo = max(s0, group.y), hi = min(s1, group.maxY)
        for run in claimed {
            let rows = TreeRasterizer.groupRows(run, layout: layout, iy: iy)
            guard !rows.isEmpty else { continue }
            if lo >= hi { lo = rows.lowerBound; hi = rows.upperBound } else { lo = min(lo, rows.lowerBound); hi = max(hi, rows.upperBound) }
        }
        guard lo < hi else { return IntRect(x: group.x, y: group.y, width: 0, height: 0) }
        return group.intersection(IntRect(x: group.x, y: lo, width: group.width, height: hi - lo))
    }

    /// Ends this band's part of node `i`'s shared shadow `sp` (`beginSplitShadow`), at the end of
    /// the group `g` it drew (nil: none, only the shadow reaches the band): reduces the rows it
    /// claimed from `g`, makes those no band claimed (drawing the group's rows for them), waits for
    /// the others' rows, and paints the blurred plane: its rows blurred by the bands together, each
    /// those it paints that no other took (`ShadowSplit.blurRows`), or, for a plane that mirrors,
    /// blurred whole here unless another band stored it under its name already; stored once. `M` (at `mIndex` in `stepMaps`, when there), `op`: the
    /// node's device map and opacity.
    func finishSplitShadow(_ i: Int, _ sp: SplitShadow, group g: Surface?, M: Matrix4x4, mIndex: Int?, opacity op: Double, color: UInt32,
                           on s: Surface) {
        let split = sp.split, layout = sp.layout
        func reduceRows(_ from: Surface, _ rows: Range<Int>) {
            ShadowSourcePlane.reduce(alphaOf: from, mask: nil, dx: sp.ix, dy: sp.iy, source: layout.source, area: layout.area,
                                     factor: layout.factor, into: split.plane, width: split.width, rows: rows)
        }
        // (No group drawn: no row claimed either, each claimed row's group rows are drawn.)
        if let g { for rows in sp.claimed { reduceRows(g, rows) } }
        split.finish(sp.claimed.reduce(0) { $0 + $1.count })
        // Rows no band claimed (outside every band, or in a band that does not draw the group):
        // the group drawn on their rows alone.
        for taken in split.claimRest() {
            let rows = TreeRasterizer.groupRows(taken, layout: layout, iy: sp.iy)
            let rect = sp.whole.intersection(IntRect(x: sp.whole.x, y: rows.lowerBound, width: sp.whole.width, height: rows.count))
            if !rect.isEmpty {
                let strip = Surface(offscreen: rect, columns: s.columns, pool: drawer.surfaces)
                drawingTakenRows = true
                var steps: [Step] = []
                body(i, M: M, mIndex: mIndex, opacity: 1, children: tree.children(of: i), on: strip, into: &steps)
                run(steps)
                drawingTakenRows = false
                reduceRows(strip, taken)
            }
            split.finish(taken.count)
            shadowCache?.splitRowsTaken.add(taken.count, ordering: .relaxed)
        }
        // (What the node's opaque part covers needs nothing of the plane: found before waiting for
        // the other bands' rows.)
        let covered = opaqueCover(i, M: M, opacity: op, on: s)
        split.waitMade()
        let sigma = sp.sigma / Double(layout.factor)
        let radii = BoxBlur.boxSizes(sigma: min(sigma, 256)).map { Int32($0) }
        if sigma > 0.3, split.blurMode(radii: radii) == .strips {
            // The blurred rows this band paints (`ShadowComposite.paint` reads the reduced rows of
            // its `draw` and scans two more either side; one more for safety), made by this band
            // where no other band took them first.
            let f = layout.factor, area = layout.area, draw = layout.draw
            let need = (TreeRasterizer.floorDiv(draw.y - area.y, f) - 3)..<(TreeRasterizer.floorDiv(draw.maxY - area.y + f - 1, f) + 3)
            let mine = split.blurRows(need, radii: radii, first: true)
            if mine.joined { shadowCache?.splitBlursJoined.add(1, ordering: .relaxed) }
            split.waitBlurred(need)
            paintBlurred(split.blurred, width: split.width, height: split.height, factor: f, area: area, draw: draw,
                         color: color, opacity: op, covered: covered, on: s)
            // The rows no band paints (the cache keeps the whole plane), once painted; the first band
            // done painting once every row is made keeps it (the band that made the last rows does,
            // if no other has: `ShadowSplit.takeKeeping`), not the one the frame waits for.
            split.blurRows(0..<split.height, radii: radii)
            if split.takeKeeping() { shadowCache?.store(sp.key, plane: Array(split.blurred), width: split.width, height: split.height) }
            return
        }
        let blurred: (plane: [Float], width: Int, height: Int)
        if let kept = shadowCache?.plane(forName: sp.key, thisFrame: true) {
            blurred = (kept.plane, kept.width, kept.height)
        } else {
            var plane = Array(UnsafeBufferPointer(start: UnsafePointer(split.plane), count: split.width * split.height))
            BoxBlur.blur(&plane, width: split.width, height: split.height, sigma: sp.sigma / Double(layout.factor))
            shadowCache?.store(sp.key, plane: plane, width: split.width, height: split.height)
            blurred = (plane, split.width, split.height)
        }
        paintBlurred(blurred.plane, width: blurred.width, height: blurred.height, factor: layout.factor, area: layout.area, draw: layout.draw,
                     color: color, opacity: op, covered: covered, on: s)
    }
}
