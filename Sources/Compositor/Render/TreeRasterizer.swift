import Foundation
import CoreGraphics
import CPixelKernels

/// Draws a render tree onto a surface: the traversal (opacity groups, clips, masks, shadows, 3D
/// contexts sorted back to front) over a PrimitiveDrawer. One per thread.
final class TreeRasterizer {
    let tree: RenderTree
    /// Draws the primitives; its scratch buffers and corner cache may be kept from frame to frame
    /// by the caller (one drawer per thread).
    let drawer: PrimitiveDrawer
    /// Blurred shadows kept between draws (nil: every shadow is blurred anew).
    let shadowCache: ShadowCache?
    /// Leaves left out because a later node paints over them (for tests).
    private(set) var hiddenLeaves = 0
    /// Masked layers drawn through their mask's path with no group (`drawFoldedMask`; for tests).
    var foldedMasks = 0
    /// The shortcuts this band's drawing takes (see `DrawShortcuts`; `FrameRenderer` hands each
    /// band its own).
    var shortcuts = DrawShortcuts()
    /// Borders drawn with their sides as rectangles (`drawBorderSides`; for tests).
    var borderSidesDrawn = 0
    /// Nodes whose shadow was painted before their group was drawn, from a blur kept by name
    /// (`paintNamedShadowFirst`): their group's end paints it no more.
    var shadowsPainted = Set<Int>()
    /// Whether the bands of the frame share the reduced planes of named shadows that reach more
    /// than one of them (`beginSplitShadow`): set when the frame is drawn in several bands.
    var sharesShadowRows = false
    /// Nodes whose shadow's plane this band makes a part of (`beginSplitShadow`), finished at their
    /// group's end.
    var splitShadows: [Int: SplitShadow] = [:]
    /// Whether the group rows drawn now are for rows of a shared plane no band claimed (a group in
    /// them makes its own shadow, not sharing it: `finishSplitShadow`).
    var drawingTakenRows = false

    /// Bounds already found this frame, by node (nil inside: nothing visible), with and without the
    /// node's own shadow (`TreeRasterizer+Bounds`).
    var boundsMemo: [Int: IntRect?] = [:]
    /// The device maps pending steps name by index (see `Step`), for the current `drawRoot`.
    @exclusivity(unchecked) var stepMaps: [Matrix4x4] = []  // unchecked: one thread draws with a rasterizer, and no access to it overlaps another

    /// Keeps `m` in `stepMaps` for a step; returns its index.
    func keepMap(_ m: Matrix4x4) -> Int {
        stepMaps.append(m)
        return stepMaps.count - 1
    }
    var contentMemo: [Int: IntRect?] = [:]

    init(tree: RenderTree, shadowCache: ShadowCache? = nil, drawer: PrimitiveDrawer = PrimitiveDrawer()) {
        self.tree = tree; self.shadowCache = shadowCache; self.drawer = drawer
    }

    /// Draws the whole tree (root at node 0) with `toDevice` mapping the root's parent space to pixels.
    func drawRoot(toDevice: Matrix4x4, on surface: Surface) {
        guard !tree.nodes.isEmpty else { return }
        stepMaps.removeAll(keepingCapacity: true)
        run([.node(0, parentToDevice: keepMap(toDevice), inherited: 1, on: surface)])
    }

    // MARK: - Nodes

    /// The traversal's work, on an explicit stack (no recursion: depth costs memory, not stack).
    /// Each step does a node's drawing up to the point where its subtree must be drawn, then pushes
    /// the step that finishes it below the subtree's own steps. Device maps are held in `stepMaps`
    /// and steps name them by index: a step stays small (its matrices are not copied each time it
    /// is pushed, popped and taken apart).
    enum Step {
        /// Draw node `i` (a flat layer or a 3D context).
        case node(Int, parentToDevice: Int, inherited: Double, on: Surface)
        /// Draw a flat layer whose coordinates map to device pixels by `M`.
        case plane(Int, toDevice: Int, parentToDevice: Int, inherited: Double, on: Surface)
        /// After the sublayers: restore the clip, draw the border.
        case bodyEnd(Int, toDevice: Int, opacity: Double, on: Surface, clip: ClipMask?, scissor: IntRect)
        /// After an offscreen group's body: draw its mask (if any), then finish the group.
        case groupBody(Int, toDevice: Int, parentToDevice: Int, opacity: Double, group: Surface, area: IntRect, whole: Bool, on: Surface)
        /// After a masked group's mask (drawn first): its body, only where the mask has alpha.
        case maskedBody(Int, toDevice: Int, parentToDevice: Int, opacity: Double, group: Surface, mask: Surface, on: Surface)
        /// Composite a finished group (with its shadow and mask).
        case groupEnd(Int, toDevice: Int, parentToDevice: Int, opacity: Double, group: Surface, mask: Surface?, whole: Bool, on: Surface)
        /// Put a surface's clip and scissor back (after a split 3D piece).
        case restore(Surface, clip: ClipMask?, scissor: IntRect)
        /// Clip a surface to a split 3D piece's half-planes (before the piece's plane).
        case clipPiece(PlaneSorter.Piece, toDevice: Int, on: Surface)
    }

    /// Runs steps until none is left.
    func run(_ initial: [Step]) {
        var stack = initial
        while let step = stack.popLast() {
            switch step {
            case .node(let i, let p, let inherited, let s):
                let P = stepMaps[p]
                // Fields read in place: a node is not copied (its arrays retained) to read three of them.
                if tree.nodes[i].preserves3D {
                    pushContext(i, parentToDevice: P, inherited: inherited * tree.nodes[i].opacity, on: s, into: &stack)
                } else {
                    stack.append(.plane(i, toDevice: keepMap(tree.nodes[i].toParent.then(P)), parentToDevice: p, inherited: inherited, on: s))
                }
            case .plane(let i, let m, let p, let inherited, let s):
                plane(i, toDevice: stepMaps[m], parentToDevice: stepMaps[p], indices: (m, p), inherited: inherited, on: s, into: &stack)
            case .bodyEnd(let i, let m, let op, let s, let clip, let scissor):
                let M = stepMaps[m]
                finishBody(i, H: M.projective, ppu: TreeRasterizer.scale(of: M), opacity: op, on: s, clip: clip, scissor: scissor)
            case .groupBody(let i, let m, let p, let op, let group, let R, let whole, let s):
                let M = stepMaps[m]
                let n = tree.nodes[i]
                if n.mask >= 0 {
                    let ms = Surface(offscreen: R, columns: s.columns, pool: drawer.surfaces)
                    stack.append(.groupEnd(i, toDevice: m, parentToDevice: p, opacity: op, group: group, mask: ms, whole: whole, on: s))
                    stack.append(.node(n.mask, parentToDevice: keepMap(M.flatteningInput), inherited: 1, on: ms))
                } else {
                    stack.append(.groupEnd(i, toDevice: m, parentToDevice: p, opacity: op, group: group, mask: nil, whole: whole, on: s))
                }
            case .maskedBody(let i, let m, let p, let op, let group, let ms, let s):
                // The group's pixels where the mask's alpha is 0 are composited times 0: the body is
                // drawn only inside the box of the mask's drawn pixels (nothing when it drew none).
                group.scissor = group.scissor.intersection(TreeRasterizer.drawnBox(ms))
                stack.append(.groupEnd(i, toDevice: m, parentToDevice: p, opacity: op, group: group, mask: ms, whole: false, on: s))
                if !group.scissor.isEmpty { body(i, M: stepMaps[m], mIndex: m, opacity: 1, children: tree.children(of: i), on: group, into: &stack) }
            case .groupEnd(let i, let m, let p, let op, let group, let maskSurface, let whole, let s):
                let M = stepMaps[m], P = stepMaps[p]
                let n = tree.nodes[i]
                if let maskSurface { LuminanceMask.apply(n.maskChannel, to: maskSurface) }
                if let sh = n.shadow, sh.color >> 24 != 0, shadowsPainted.remove(i) == nil {
                    if sh.path != nil {
                        // A shadowPath gives the shadow its shape, in a group too (Apple: "the layer creates
                        // its shadow using the specified path instead of the layer's composited alpha").
                        drawPathShadow(sh, node: n, M: M, P: P, opacity: op, covered: opaqueCover(i, M: M, opacity: op, on: s), on: s)
                    } else if let sp = splitShadows.removeValue(forKey: i) {
                        // Its plane made with the other bands (`beginSplitShadow`).
                        finishSplitShadow(i, sp, group: group, M: M, mIndex: m, opacity: op, color: sh.color, on: s)
                    } else {
                        let g = shadowGeometry(sh, node: n, P: P)
                        drawBlurredAlpha(contours: nil, source: (group, maskSurface), wholeSource: whole, dx: g.dx, dy: g.dy, sigma: g.sigma, color: sh.color,
                                         opacity: op, covered: opaqueCover(i, M: M, opacity: op, on: s),
                                         name: shadowName(i, children: tree.children(of: i), M: M), on: s)
                    }
                }
                if n.blendMode == .normal {
                    compositeGroup(group, onto: s, opacity: op, mask: maskSurface)
                } else {
                    compositeBlended(group, node: n, M: M, opacity: op, mask: maskSurface, on: s)
                }
            case .restore(let s, let clip, let scissor):
                s.clip = clip; s.scissor = scissor
            case .clipPiece(let piece, let m, let s):
                let M = stepMaps[m]
                let b = tree.nodes[piece.index].bounds
                let pad = Double(max(b.width, b.height)) * 4 + 1e4
                var poly: [(x: Double, y: Double)] = [(Double(b.minX) - pad, Double(b.minY) - pad), (Double(b.maxX) + pad, Double(b.minY) - pad),
                                                      (Double(b.maxX) + pad, Double(b.maxY) + pad), (Double(b.minX) - pad, Double(b.maxY) + pad)]
                for h in piece.clips { poly = TreeRasterizer.clip(poly, keeping: h) }
                applyClip(M.projective.projectClipped(poly), on: s)
                // An empty clip: the plane draws nothing (its step is still popped, and draws nothing).
            }
        }
    }

    /// A flat layer: drawn straight onto `s`, or through an offscreen group (the group's steps are
    /// pushed to finish it after its body).
    /// `indices`: where `M` and `P` are in `stepMaps` when they are there already (nil: kept
    /// there only if a step needs them).
    private func plane(_ i: Int, toDevice M: Matrix4x4, parentToDevice P: Matrix4x4, indices: (m: Int, p: Int)? = nil, inherited: Double,
                       on s: Surface, into stack: inout [Step]) {
        guard M.isFinite, !s.scissor.isEmpty else { return }
        let op = tree.nodes[i].opacity * inherited
        guard op > 0.0005 else { return }
        let H = M.projective
        if !tree.nodes[i].isDoubleSided && TreeRasterizer.isBackFacing(H, tree.nodes[i].bounds) { return }
        let children = tree.children(of: i)
        let shadow = tree.nodes[i].shadow.flatMap { $0.color >> 24 != 0 ? $0 : nil }
        if !TreeRasterizer.drawsAsGroup(tree.nodes[i], hasChildren: !children.isEmpty) {
            if let sh = shadow { drawPathShadow(sh, node: tree.nodes[i], M: M, P: P, opacity: op, covered: opaqueCover(i, M: M, opacity: op, on: s), on: s) }
            body(i, M: M, mIndex: indices?.m, opacity: op, children: children, on: s, into: &stack)
            return
        }
        // A layer drawing only its background: its shadow from the background's outline, no group.
        if let sh = shadow, children.isEmpty, shortcuts.tracesShadowOutline, case let g = shadowGeometry(sh, node: tree.nodes[i], P: P),
           let alpha = outlineAlpha(i, hasChildren: false, sigma: g.sigma, toDevice: M.projective) {
            drawOutlineShadow(sh, geometry: g, node: i, M: M, opacity: op, alpha: alpha, covered: opaqueCover(i, M: M, opacity: op, on: s), on: s)
            body(i, M: M, opacity: op, children: children, on: s, into: &stack)
            return
        }
        // A gradient or image masked by one path: drawn through the path's coverage, no group.
        if shadow == nil, children.isEmpty, drawFoldedMask(i, M: M, opacity: op, on: s) { return }
        let n = tree.nodes[i]
        // Offscreen group: everything the layer and its sublayers draw, then opacity, mask and shadow.
        let reach = shadow.map { cutGroupReach($0, node: n, P: P) } ?? 0
        // The group holds what the subtree draws (its own shadow is drawn beside the group, from it).
        guard let bb = contentBounds(i, M: M, P: P) else { return }
        // Left out only when neither the group nor its shadow reaches the scissor: the subtree's
        // bounds with the shadow hold a shadowPath that reaches past the content (a band below the
        // content and above the path's blur once skipped it, so the frame depended on the bands).
        guard let whole = subtreeBounds(i, M: M, P: P), !whole.intersection(s.scissor).isEmpty else { return }
        // A shadowed group of modest size is drawn whole by every band that shows part of it, even
        // past the surface it lands on (itself a group cut to the band, perhaps), so that its
        // shadow's blur is the same for all of them (made once, see drawBlurredAlpha); larger ones
        // only where the band and the shadow's reach need them.
        let drawnWhole = shadow != nil && bb.area <= TreeRasterizer.wholeShadowArea
        var R = drawnWhole ? bb
            : bb.intersection(IntRect(x: s.scissor.x - reach, y: s.scissor.y - reach, width: s.scissor.width + 2 * reach, height: s.scissor.height + 2 * reach))
        guard !R.isEmpty else {
            // Only a shadowPath, which needs nothing of the group, can still reach the band.
            if let sh = shadow, sh.path != nil { drawPathShadow(sh, node: n, M: M, P: P, opacity: op, on: s) }
            return
        }
        // A group whose shadow's blur is kept by name (by another band in this frame, say): the
        // shadow painted from it first, and the group drawn only where this band composites it
        // (nowhere: the shadow alone).
        if drawnWhole, let sh = shadow, paintNamedShadowFirst(i, shadow: sh, group: R, M: M, P: P, opacity: op, on: s) {
            R = R.intersection(s.scissor)
            guard !R.isEmpty else { return }
            shadowsPainted.insert(i)
        } else if drawnWhole, let sh = shadow, let part = beginSplitShadow(i, shadow: sh, group: R, M: M, P: P, on: s) {
            // Its shadow's reduced plane made with the other bands it reaches: the group drawn on
            // this band's rows (and those its part of the plane needs) only.
            guard !part.isEmpty else {
                // Only the shadow reaches this band.
                if let sp = splitShadows.removeValue(forKey: i) {
                    finishSplitShadow(i, sp, group: nil, M: M, mIndex: indices?.m, opacity: op, color: sh.color, on: s)
                }
                return
            }
            R = part
        }
        let group = Surface(offscreen: R, columns: s.columns, pool: drawer.surfaces)
        if shortcuts.drawsMaskFirst, n.mask >= 0, n.maskChannel == .alpha, shadow == nil {
            // The mask first (the same surface and map as after the body), then the body inside it.
            // Read by alpha only: a luma mask is rewritten at the group's end (LuminanceMask), and
            // an inverted one shows the group where the mask drew nothing.
            let ms = Surface(offscreen: R, columns: s.columns, pool: drawer.surfaces)
            let (m, p) = indices ?? (keepMap(M), keepMap(P))
            stack.append(.maskedBody(i, toDevice: m, parentToDevice: p, opacity: op, group: group, mask: ms, on: s))
            stack.append(.node(n.mask, parentToDevice: keepMap(M.flatteningInput), inherited: 1, on: ms))
            return
        }
        let (m, p) = indices ?? (keepMap(M), keepMap(P))
        stack.append(.groupBody(i, toDevice: m, parentToDevice: p, opacity: op, group: group, area: R, whole: drawnWhole, on: s))
        body(i, M: M, mIndex: m, opacity: 1, children: children, on: group, into: &stack)
    }

    /// Whether a (flat) node draws through an offscreen group: group opacity over more than one
    /// part, a mask, or a shadow that follows the alpha of the whole subtree.
    static func drawsAsGroup(_ n: borrowing RenderNode, hasChildren: Bool) -> Bool {
        let ownParts = (n.backgroundColor >> 24 != 0 ? 1 : 0) + n.contents.count + (n.borderWidth > 0 && n.borderColor >> 24 != 0 ? 1 : 0)
        let alphaShadow = n.shadow.map { $0.color >> 24 != 0 && $0.path == nil } ?? false
        return (n.opacity < 1 && n.allowsGroupOpacity && (hasChildren || ownParts > 1)) || n.mask >= 0 || alphaShadow || n.blendMode != .normal
    }

    /// Background, contents, then (pushed) the sublayers clipped when masksToBounds, and the border.
    /// `mIndex`: where `M` is in `stepMaps` when it is there already.
    func body(_ i: Int, M: Matrix4x4, mIndex: Int? = nil, opacity op: Double, children: [Int], on s: Surface, into stack: inout [Step]) {
        // Fields read in place (tree.nodes[i].x): the node is not copied, nor its arrays retained.
        let H = M.projective
        let ppu = TreeRasterizer.scale(of: M)
        let bounds = tree.nodes[i].bounds, color = tree.nodes[i].backgroundColor
        let cornerRadius = tree.nodes[i].cornerRadius, corners = tree.nodes[i].maskedCorners
        let edges = (bounds: bounds, antialiased: tree.nodes[i].antialiasedEdges)
        // What the background and contents draw under a later node's opaque rectangle is skipped.
        s.occlusionOrder = i
        defer { s.occlusionOrder = .max }
        if color >> 24 != 0 {
            if let r = TreeRasterizer.axisAligned(H, bounds) {
                let radius = max(0, min(cornerRadius, Double(min(bounds.width, bounds.height)) / 2))
                let rounded = radius > 0 && corners & 0xF != 0
                drawer.drawAxisAlignedRect(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, rx: rounded ? radius * H.a : 0, ry: rounded ? radius * H.e : 0,
                                           corners: corners, paint: .solid(color), opacity: op, on: s)
            } else {
                let poly = H.projectClipped(RoundedRect.polygon(bounds, radius: cornerRadius, corners: corners, pixelsPerUnit: ppu))
                drawer.draw([aliased(poly, edges, H)], rule: .nonZero, paint: .solid(color), opacity: op, on: s)
            }
        }
        let savedClip = s.clip, savedScissor = s.scissor
        if tree.nodes[i].masksToBounds {
            if let r = TreeRasterizer.aliasedRectClip(H, bounds, radius: cornerRadius, corners: corners, antialiased: edges.antialiased) {
                // The staircase of an unrotated rectangle with aliased edges is a pixel rectangle:
                // a scissor, not a soft mask (which would send everything drawn inside it, and
                // every group composited there, down the per-pixel clip paths).
                s.scissor = s.scissor.intersection(r)
            } else {
                // A leaf gradient card on whole pixels: its corners' coverage kept by corner shape.
                if children.isEmpty, drawGradientCard(i, H: H, bounds: bounds, radius: cornerRadius, corners: corners, ppu: ppu, opacity: op, on: s) {
                    s.occlusionOrder = .max
                    finishBody(i, H: H, ppu: ppu, opacity: op, on: s, clip: savedClip, scissor: savedScissor)
                    return
                }
                let poly = aliased(H.projectClipped(RoundedRect.polygon(bounds, radius: cornerRadius, corners: corners, pixelsPerUnit: ppu)), edges, H)
                // A leaf gradient under its own rounded clip: painted through the outline, no mask.
                if children.isEmpty, drawGradientClipped(i, clip: poly, H: H, opacity: op, on: s) {
                    s.occlusionOrder = .max
                    finishBody(i, H: H, ppu: ppu, opacity: op, on: s, clip: savedClip, scissor: savedScissor)
                    return
                }
                let outer = s.clip
                applyClip(poly, on: s)
                // The shape the clip was made of (known from geometry, the same in every band), with
                // an outer clip's: solid shapes they hold whole are drawn as unclipped.
                if let clip = s.clip, clip !== outer {
                    // Aliased edges are staircases within a pixel of the smooth edge: a pixel more of margin.
                    let own = ClipShape(rect: bounds, radius: cornerRadius, corners: corners, pixelsPerUnit: ppu, toDevice: H,
                                        margin: edges.antialiased & 0xF == 0xF ? 0 : 1)
                    if let own, outer.map({ !$0.shapes.isEmpty }) ?? true {
                        clip.shapes = (outer?.shapes ?? []) + [own]
                    } else {
                        clip.shapes = []
                    }
                }
            }
        }
        if children.isEmpty {
            // A leaf finishes here (what its .bodyEnd step would do, with nothing drawn between).
            if !s.scissor.isEmpty {
                for c in tree.nodes[i].contents { drawContent(c, H: H, ppu: ppu, opacity: op, on: s, edges: edges) }
            }
            s.occlusionOrder = .max
            finishBody(i, H: H, ppu: ppu, opacity: op, on: s, clip: savedClip, scissor: savedScissor)
            return
        }
        stack.append(.bodyEnd(i, toDevice: mIndex ?? keepMap(M), opacity: op, on: s, clip: savedClip, scissor: savedScissor))
        guard !s.scissor.isEmpty else { return }
        for c in tree.nodes[i].contents { drawContent(c, H: H, ppu: ppu, opacity: op, on: s, edges: edges) }
        s.occlusionOrder = .max
        let childP = M.flatteningInput
        // Leaves are drawn here, in order, as long as nothing has been pushed for a sibling before
        // them (a step costs copies of its matrices); from the first sublayer that must wait for
        // its own steps on, the rest are pushed to run after those, in order.
        let base = stack.count
        var deferred: [Step] = []
        var childPIndex: Int? = nil
        for c in children {
            // A leaf that draws only inside a known rectangle is placed here (what its .node step
            // would do), and left out when that rectangle misses the surface's scissor: each band
            // then skips the leaves of the others at the cost of one matrix product.
            // Also left out: a leaf that a later node paints over with opaque colour (Occluders).
            if let local = leafExtent(c) {
                let CM = tree.nodes[c].toParent.then(childP)
                if let box = TreeRasterizer.deviceBox(local, CM.projective) {
                    if TreeRasterizer.misses(box, s.scissor) { continue }
                    if let occ = s.occluders {
                        let touched = IntRect.covering(minX: box.minX - 1, minY: box.minY - 1, maxX: box.maxX + 1, maxY: box.maxY + 1)
                        if occ.hides(touched.intersection(s.scissor), after: c) { hiddenLeaves += 1; continue }
                    }
                }
                if deferred.isEmpty && stack.count == base {
                    plane(c, toDevice: CM, parentToDevice: childP, inherited: op, on: s, into: &stack)
                } else {
                    if childPIndex == nil { childPIndex = keepMap(childP) }
                    deferred.append(.plane(c, toDevice: keepMap(CM), parentToDevice: childPIndex!, inherited: op, on: s))
                }
            } else {
                if childPIndex == nil { childPIndex = keepMap(childP) }
                deferred.append(.node(c, parentToDevice: childPIndex!, inherited: op, on: s))
            }
        }
        // Below whatever the drawn leaves pushed (a group's steps), so that they run first.
        if !deferred.isEmpty { stack.insert(contentsOf: deferred.reversed(), at: base) }
    }

    /// Where a flat leaf draws, in its own coordinates, when that is known to lie inside one
    /// rectangle: its bounds (background, border) joined with its images' and gradients'
    /// rectangles. Nil for a node with sublayers or a mask, in a 3D context, with a visible shadow,
    /// or with filled paths or text (which may reach past its bounds).
    func leafExtent(_ i: Int) -> CGRect? {
        // No sublayers and no mask (both would sit in the subtree after it), flat, no visible shadow.
        guard tree.nodes[i].subtreeEnd <= i + 1, tree.nodes[i].mask < 0, !tree.nodes[i].preserves3D else { return nil }
        if let color = tree.nodes[i].shadow?.color, color >> 24 != 0 { return nil }
        var r = tree.nodes[i].bounds
        for c in tree.nodes[i].contents {
            switch c {
            case .image(let img): r = r.union(img.destination)
            case .gradient(let g): r = r.union(g.rect)
            case .fill, .glyphs: return nil
            }
        }
        return r
    }

    /// Whether `local` mapped by `H` certainly misses `scissor` (a pixel of margin for edges that
    /// are anti-aliased); false when a corner maps behind the eye.
    static func misses(_ local: CGRect, _ H: Projective2D, _ scissor: IntRect) -> Bool {
        guard let box = deviceBox(local, H) else { return false }
        return misses(box, scissor)
    }

    /// Whether a device box certainly misses `scissor` (a pixel of margin for anti-aliased edges).
    static func misses(_ box: (minX: Double, minY: Double, maxX: Double, maxY: Double), _ scissor: IntRect) -> Bool {
        box.maxX < Double(scissor.x) - 1 || box.minX > Double(scissor.maxX) + 1 || box.maxY < Double(scissor.y) - 1 || box.minY > Double(scissor.maxY) + 1
    }

    /// The device box of `local`'s corners mapped by `H` (nil when a corner maps behind the eye
    /// or to no finite point).
    static func deviceBox(_ local: CGRect, _ H: Projective2D) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        // The four corners without an array (this runs for every leaf of every band).
        let x0 = Double(local.minX), y0 = Double(local.minY), x1 = Double(local.maxX), y1 = Double(local.maxY)
        for k in 0..<4 {
            let p = H.homogeneous(k & 1 == 0 ? x0 : x1, k < 2 ? y0 : y1)
            guard p.w > 1e-9, p.x.isFinite, p.y.isFinite else { return nil }
            minX = min(minX, p.x / p.w); maxX = max(maxX, p.x / p.w); minY = min(minY, p.y / p.w); maxY = max(maxY, p.y / p.w)
        }
        return (minX, minY, maxX, maxY)
    }

    /// After a node's sublayers (or at once for a leaf): its clip put back, its border drawn.
    private func finishBody(_ i: Int, H: Projective2D, ppu: Double, opacity op: Double, on s: Surface, clip: ClipMask?, scissor: IntRect) {
        s.clip = clip; s.scissor = scissor
        // Checked in place first: most layers have no border, and the call copies the node.
        if tree.nodes[i].borderWidth > 0 && tree.nodes[i].borderColor >> 24 != 0 {
            drawBorder(tree.nodes[i], H: H, ppu: ppu, opacity: op, on: s)
        }
    }

    /// The border, inside the (rounded) bounds, above the sublayers.
    private func drawBorder(_ n: RenderNode, H: Projective2D, ppu: Double, opacity op: Double, on s: Surface) {
        guard n.borderWidth > 0 && n.borderColor >> 24 != 0 else { return }
        let bw = min(n.borderWidth, Double(min(n.bounds.width, n.bounds.height)) / 2)
        let outer = H.projectClipped(RoundedRect.polygon(n.bounds, radius: n.cornerRadius, corners: n.maskedCorners, pixelsPerUnit: ppu))
        let inset = n.bounds.insetBy(dx: CGFloat(bw), dy: CGFloat(bw))
        var contours = [aliased(outer, (n.bounds, n.antialiasedEdges), H)]
        if inset.width > 0 && inset.height > 0 {
            contours.append(H.projectClipped(RoundedRect.polygon(inset, radius: max(0, n.cornerRadius - bw), corners: n.maskedCorners, pixelsPerUnit: ppu)))
        }
        if drawBorderSides(contours, color: n.borderColor, opacity: op, on: s) { return }
        drawer.draw(contours, rule: .evenOdd, paint: .solid(n.borderColor), opacity: op, on: s)
    }

    /// Narrows the surface's drawing to a device polygon: a scissor when it is a pixel-aligned
    /// rectangle, otherwise a soft clip mask.
    func applyClip(_ poly: [(x: Double, y: Double)], on s: Surface) {
        guard poly.count >= 3 else { s.scissor = .empty; return }
        let (box, aligned) = TreeRasterizer.clipBox(poly)
        s.scissor = s.scissor.intersection(box)
        if aligned || s.scissor.isEmpty { return }
        s.clip = drawer.clipMask([poly], rule: .nonZero, area: s.scissor, outer: s.clip, columns: s.columns)
    }

    /// The smallest device rectangle holding every pixel of `s` whose alpha is not 0 (empty when
    /// there is none).
    static func drawnBox(_ s: Surface) -> IntRect {
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        let f = s.frame
        for y in f.y..<f.maxY {
            let row = s.row(y)
            var x = f.x
            while x < f.maxX && row[x] >> 24 == 0 { x += 1 }
            guard x < f.maxX else { continue }
            var last = f.maxX - 1
            while row[last] >> 24 == 0 { last -= 1 }
            minX = min(minX, x); maxX = max(maxX, last + 1)
            if minY == Int.max { minY = y }
            maxY = y + 1
        }
        return minY == Int.max ? .empty : IntRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The pixels a `masksToBounds` clip of `bounds` covers when the layer maps to the device by a
    /// positive scale and translation (`H`), has no rounded corner and all four edges aliased: the
    /// staircases of AliasedEdges then run straight along whole pixels, at each edge's coordinate
    /// rounded (a pixel is inside when its centre is), so the clip is that pixel rectangle. Nil
    /// when any of that does not hold, when an edge lies exactly half way between pixel edges
    /// (where the staircases of neighbouring edges round differently), when no pixel centre lies
    /// inside (no staircase steps, smooth edges left), or when an edge is too long
    /// or too far out for AliasedEdges to make its staircase (it stays smooth there).
    static func aliasedRectClip(_ H: Projective2D, _ bounds: CGRect, radius: Double, corners: UInt8, antialiased: UInt8) -> IntRect? {
        guard antialiased & 0xF == 0, radius <= 0 || corners & 0xF == 0, let r = axisAligned(H, bounds) else { return nil }
        let limit = Double(AliasedEdges.maxSteps)
        guard r.x1 - r.x0 < limit, r.y1 - r.y0 < limit, abs(r.x0) < 4 * limit, abs(r.y0) < 4 * limit,
              abs(r.x1) < 4 * limit, abs(r.y1) < 4 * limit else { return nil }
        for v in [r.x0, r.y0, r.x1, r.y1] where v - v.rounded(.down) == 0.5 { return nil }
        let x0 = Int(r.x0.rounded()), y0 = Int(r.y0.rounded()), x1 = Int(r.x1.rounded()), y1 = Int(r.y1.rounded())
        // No pixel centre inside: the staircases have no steps, and the smooth edges left between
        // them cover a little (the soft mask draws that).
        guard x1 > x0, y1 > y0 else { return nil }
        return IntRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The pixels a clip polygon (three points or more) may touch, and whether it is exactly that
    /// rectangle (pixel-aligned: a scissor clips it, no soft mask).
    static func clipBox(_ poly: [(x: Double, y: Double)]) -> (box: IntRect, aligned: Bool) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in poly { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        let box = IntRect.covering(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        let aligned = poly.count == 4 && poly.allSatisfy { ($0.x == minX || $0.x == maxX) && ($0.y == minY || $0.y == maxY) }
            && minX == minX.rounded() && minY == minY.rounded() && maxX == maxX.rounded() && maxY == maxY.rounded()
        return (box, aligned)
    }

    /// The pixel rectangle `poly` is when it is exactly one (four corners on whole pixels, sides
    /// along the axes), of a size the rectangle painter takes; else nil.
    static func pixelRect(_ poly: [(x: Double, y: Double)]) -> IntRect? {
        guard poly.count == 4, poly.allSatisfy({ abs($0.x) < 1e9 && abs($0.y) < 1e9 }) else { return nil }
        let (box, aligned) = clipBox(poly)
        return aligned && !box.isEmpty ? box : nil
    }
}
