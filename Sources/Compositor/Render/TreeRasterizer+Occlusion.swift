import Foundation
import CoreGraphics

extension TreeRasterizer {
    /// The rectangles of the frame that nodes paint with opaque colour straight onto it (see
    /// Occluders), walked as `drawRoot(toDevice:)` draws, within `frame`.
    ///
    /// A node counts only when what it paints there is certainly a copy of opaque colour onto the
    /// frame itself, in tree order: its opacity and every ancestor's is 1; no ancestor draws
    /// offscreen (group opacity, mask, shadow, blend mode), is a 3D context (whose planes are
    /// sorted by depth) or clips with a soft mask; and it is not turned away. Its background counts
    /// when opaque (between its rounded corners); so do, untinted and not rotated, each image of
    /// its contents copied whole-texel (over the image's opaque texels, `images`), each scaled
    /// image that is opaque throughout, and each gradient whose colours are all opaque.
    /// Everything else (borders, paths, text, rotated images) is drawn as always and hides nothing.
    func occluders(toDevice: Matrix4x4, frame: IntRect, images: OpaqueImageCache) -> Occluders {
        var out = Occluders()
        guard !tree.nodes.isEmpty else { return out }
        // Only nodes with an opaque background, an image or a gradient can add a rectangle: the
        // subtrees without one (most of a vector animation's shape layers) are not walked (no
        // device maps made for them). `before[k]`: how many such nodes come before node k.
        var before = [Int](repeating: 0, count: tree.nodes.count + 1)
        tree.nodes.withUnsafeBufferPointer { nodes in
            for k in nodes.indices { before[k + 1] = before[k] + (TreeRasterizer.mayOcclude(nodes[k]) ? 1 : 0) }
        }
        guard before[tree.nodes.count] > 0 else { return out }
        // Each entry: a node, its parent's device map and the pixels the clips above it leave.
        var stack: [(i: Int, P: Matrix4x4, scissor: IntRect)] = [(0, toDevice, frame)]
        while let (i, P, scissor) = stack.popLast() {
            // Nothing in the subtree (sublayers and masks: up to subtreeEnd) can occlude.
            guard before[max(tree.nodes[i].subtreeEnd, i + 1)] > before[i] else { continue }
            // Opacity below 1 anywhere above a node means nothing under it is opaque either.
            guard !tree.nodes[i].preserves3D, tree.nodes[i].opacity >= 1, !scissor.isEmpty else { continue }
            let M = tree.nodes[i].toParent.then(P)
            guard M.isFinite else { continue }
            let H = M.projective
            if !tree.nodes[i].isDoubleSided && TreeRasterizer.isBackFacing(H, tree.nodes[i].bounds) { continue }
            let children = tree.children(of: i)
            if TreeRasterizer.drawsAsGroup(tree.nodes[i], hasChildren: !children.isEmpty) {
                // A group drawn for its shadow alone (no mask, the normal blend mode, at full
                // opacity) over an opaque background composites the inside of that background as
                // a copy of opaque colour, as its shadow's cover takes it (`groupCover`).
                if let cover = groupCover(i, M: M) {
                    out.add(cover.tall.intersection(scissor), order: i)
                    out.add(cover.wide.intersection(scissor), order: i)
                }
                continue
            }
            let bounds = tree.nodes[i].bounds
            if tree.nodes[i].backgroundColor >> 24 == 0xFF, let r = TreeRasterizer.axisAligned(H, bounds) {
                // Between the corners (one pixel more kept clear of them than their radii).
                let radius = max(0, min(tree.nodes[i].cornerRadius, Double(min(bounds.width, bounds.height)) / 2))
                let rounded = radius > 0 && tree.nodes[i].maskedCorners & 0xF != 0
                // In pixels, within 0...2^30 (a corner scaled past any frame, or NaN, keeps the
                // whole rectangle out: nothing of it is then counted opaque).
                func pixels(_ v: Double) -> Int { v.isFinite ? Int(min(max(v.rounded(.up), 0), 1_073_741_824.0)) : 1 << 30 }
                let ix = rounded ? pixels(radius * H.a) + 1 : 0, iy = rounded ? pixels(radius * H.e) + 1 : 0
                let inner = IntRect.inside(minX: r.x0, minY: r.y0, maxX: r.x1, maxY: r.y1)
                for part in [IntRect(x: inner.x, y: inner.y + iy, width: inner.width, height: inner.height - 2 * iy),
                             IntRect(x: inner.x + ix, y: inner.y, width: inner.width - 2 * ix, height: inner.height)] {
                    out.add(part.intersection(scissor), order: i)
                    if !rounded { break }
                }
            }
            // The node's own clip applies to its contents and sublayers: a pixel-aligned one is a
            // scissor; under a soft one nothing is opaque.
            var inner = scissor
            if tree.nodes[i].masksToBounds, let r = TreeRasterizer.aliasedRectClip(H, bounds, radius: tree.nodes[i].cornerRadius,
                                                                                   corners: tree.nodes[i].maskedCorners, antialiased: tree.nodes[i].antialiasedEdges) {
                // A pixel rectangle (drawn as a scissor, see `body`).
                inner = inner.intersection(r)
            } else if tree.nodes[i].masksToBounds {
                // A rounded outline under an affine map has more than four points, so it is never a
                // pixel rectangle (`clipBox`'s aligned): nothing under it counts, and its polygon
                // (a gradient card's, every frame) need not be made to find that out.
                if RoundedRect.clampedRadius(bounds, tree.nodes[i].cornerRadius) > 0, tree.nodes[i].maskedCorners & 0xF != 0,
                   H.c == 0, H.f == 0, H.i > 0 { continue }
                let edges = (bounds: bounds, antialiased: tree.nodes[i].antialiasedEdges)
                let poly = aliased(H.projectClipped(RoundedRect.polygon(bounds, radius: tree.nodes[i].cornerRadius,
                    corners: tree.nodes[i].maskedCorners, pixelsPerUnit: TreeRasterizer.scale(of: M))), edges, H)
                guard poly.count >= 3 else { continue }
                let (box, aligned) = TreeRasterizer.clipBox(poly)
                guard aligned else { continue }
                inner = inner.intersection(box)
            }
            for c in tree.nodes[i].contents {
                switch c {
                case .image(let img):
                    NinePart.forEachPart(img) { part in
                        if let copy = TreeRasterizer.texelCopy(part, H: H) {
                            // Texel for texel (drawn by copyTexels): the pixels over opaque texels.
                            let area = copy.rect.intersection(inner)
                            guard area.area >= Occluders.minimumArea else { return }
                            for o in images.rects(of: part.image) {
                                out.add(IntRect(x: o.x - copy.dx, y: o.y - copy.dy, width: o.width, height: o.height).intersection(area), order: i)
                            }
                            return
                        }
                        guard let (s, _) = TreeRasterizer.sampler(part, H: H), s.tint == 0xFFFF_FFFF,
                              let r = TreeRasterizer.axisAligned(H, part.destination) else { return }
                        let area = IntRect.inside(minX: r.x0, minY: r.y0, maxX: r.x1, maxY: r.y1).intersection(inner)
                        guard area.area >= Occluders.minimumArea else { return }
                        let opaque = images.rects(of: s.image)
                        if let (dx, dy) = s.copyOffset {
                            // A copy: pixels whose texels (pixel + offset) are sampled and opaque.
                            let sampled = area.intersection(IntRect(x: s.x0 - dx, y: s.y0 - dy, width: s.x1 - s.x0, height: s.y1 - s.y0))
                            for o in opaque { out.add(IntRect(x: o.x - dx, y: o.y - dy, width: o.width, height: o.height).intersection(sampled), order: i) }
                        } else if opaque.first == IntRect(x: 0, y: 0, width: s.image.width, height: s.image.height) {
                            // Scaled: every sample (nearest or bilinear, texels clamped within the
                            // image) of an opaque image is opaque.
                            out.add(area, order: i)
                        }
                    }
                case .gradient(let g):
                    // Every pixel's colour comes from the gradient's table.
                    guard g.isOpaque, let r = TreeRasterizer.axisAligned(H, g.rect) else { continue }
                    out.add(IntRect.inside(minX: r.x0, minY: r.y0, maxX: r.x1, maxY: r.y1).intersection(inner), order: i)
                case .fill, .glyphs:
                    continue
                }
            }
            let childP = M.flatteningInput
            for c in children.reversed() { stack.append((c, childP, inner)) }
        }
        out.trim()
        return out
    }

    /// The pixels node `i`'s offscreen group (drawn through `M`) composites as opaque colour, when
    /// it is drawn as a group for its shadow only: opacity 1 (the caller checks it and its
    /// ancestors'), no mask, and what `opaqueCover` asks of it (an opaque background on a map that
    /// only scales and translates, only the normal blend mode in its subtree), whose inside the
    /// group then holds opaque and composites with source over, a copy. Nil otherwise.
    func groupCover(_ i: Int, M: Matrix4x4) -> ShadowComposite.Covered? {
        guard tree.nodes[i].opacity >= 1, tree.nodes[i].mask < 0, tree.nodes[i].blendMode == .normal,
              let sh = tree.nodes[i].shadow, sh.color >> 24 != 0 else { return nil }
        return opaqueCover(i, M: M, opacity: 1, clipped: false)
    }

    /// Whether node `n` itself may add an occluding rectangle (`occluders`): an opaque background,
    /// an image or a gradient of opaque colours among its contents. Everything else hides nothing
    /// (a frame of translucent gradients is then not walked at all).
    static func mayOcclude(_ n: borrowing RenderNode) -> Bool {
        if n.backgroundColor >> 24 == 0xFF { return true }
        for c in n.contents {
            switch c {
            case .image: return true
            case .gradient(let g): if g.isOpaque { return true }
            case .fill, .glyphs: continue
            }
        }
        return false
    }
}
