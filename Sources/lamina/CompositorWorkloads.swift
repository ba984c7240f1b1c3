import Foundation
@_spi(LaminaInternal) import QuartzCore
import Compositor
import Demos

/// The compositor benchmark's workloads on a 1280x720 premultiplied ARGB frame, built as render trees
/// (what the compositor really draws), with the geometry and random data of the reference harness
/// in shared/bench-anchors (same generator, seeds and transforms), so rows compare one to one.
struct CompositorWorkload {
    let name: String
    let tree: RenderTree
    /// Destination pixels written per operation (see the definition).
    let pixelsPerOp: Double
    /// Whether the frame is cleared first (frames) or drawn over the previous contents (single blits).
    let clears: Bool
    /// The opaque colour the frame holds before each repetition (nil: the harness's noise).
    var background: UInt32? = nil
    /// The tree of the next operation when every operation draws a new one (a path animation:
    /// evaluating the layers at the next frame's time and building the tree are part of the
    /// operation); nil: every operation draws `tree`.
    var nextTree: (() -> RenderTree)? = nil
    /// Whether every operation starts with no blurred shadow kept (what a frame costs when the
    /// shadows changed: their blurs are part of the operation).
    var blursEveryTime = false

    static let width = 1280, height = 720

    /// The reference harness's xorshift generator.
    struct RNG {
        var state: UInt64
        mutating func next() -> UInt32 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt32(truncatingIfNeeded: state >> 16)
        }
        mutating func unit() -> Double { Double(next() & 0xFF_FFFF) / 16_777_216 }
    }

    /// Premultiplied noise with uniformly random alpha (or opaque).
    static func noise(_ rng: inout RNG, count: Int, opaque: Bool) -> [UInt32] {
        (0..<count).map { _ in
            let a = opaque ? 255 : rng.next() & 255
            let r = (rng.next() & 255) * a / 255, g = (rng.next() & 255) * a / 255, b = (rng.next() & 255) * a / 255
            return a << 24 | r << 16 | g << 8 | b
        }
    }

    /// The harness's UI card: an opaque gradient with anti-aliased rounded corners (radius 24).
    static func card(_ rng: inout RNG, size: Int) -> CGImage {
        let rad = 24.0
        let br = Double(60 + rng.next() % 190), bg = Double(60 + rng.next() % 190), bb = Double(60 + rng.next() % 190)
        var px = [UInt32](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                let fx = Double(x) + 0.5, fy = Double(y) + 0.5, s = Double(size)
                let dx = max(max(rad - fx, fx - (s - rad)), 0), dy = max(max(rad - fy, fy - (s - rad)), 0)
                let cov = min(max(rad + 0.5 - (dx * dx + dy * dy).squareRoot(), 0), 1)
                let shade = 0.6 + 0.4 * Double(x + y) / (2 * s)
                let a = UInt32(cov * 255 + 0.5)
                let r = UInt32(br * shade) * a / 255, g = UInt32(bg * shade) * a / 255, b = UInt32(bb * shade) * a / 255
                px[y * size + x] = a << 24 | r << 16 | g << 8 | b
            }
        }
        return CGImage(width: size, height: size, premultipliedARGB: px)
    }

    /// One image node of `image` (its own size) whose centre lands at (cx, cy) after `transform`
    /// (applied about the image centre).
    static func imageNode(_ image: CGImage, cx: Double, cy: Double, transform: Matrix4x4, opacity: Double = 1) -> RenderNode {
        var n = RenderNode()
        let w = Double(image.width), h = Double(image.height)
        n.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        n.toParent = Matrix4x4.translation(-w / 2, -h / 2).then(transform).then(.translation(cx, cy))
        n.opacity = opacity
        n.contents = [.image(RenderImage(image: image, destination: n.bounds, source: n.bounds))]
        n.subtreeEnd = 1
        return n
    }

    /// A root holding `children` (each a single node).
    static func tree(_ children: [RenderNode]) -> RenderTree {
        var root = RenderNode()
        root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        var nodes = [root]
        for var c in children { c.subtreeEnd = nodes.count + 1; nodes.append(c) }
        nodes[0].subtreeEnd = nodes.count
        for i in 1..<nodes.count { nodes[i].id = UInt64(i) }
        return RenderTree(nodes: nodes)
    }

    /// Frame pixels whose centre maps inside a w × h source through node `n`'s map.
    static func covered(_ n: RenderNode, w: Double, h: Double) -> Double {
        guard let inv = n.toParent.projective.inverse else { return 0 }
        var count = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = inv.homogeneous(Double(x) + 0.5, Double(y) + 0.5)
                guard p.w > 0 else { continue }
                let u = p.x / p.w, v = p.y / p.w
                if u >= 0 && v >= 0 && u < w && v < h { count += 1 }
            }
        }
        return Double(count)
    }

    static func rotationZ(_ deg: Double) -> Matrix4x4 {
        let a = deg * .pi / 180
        return Matrix4x4(m: [cos(a), sin(a), 0, 0, -sin(a), cos(a), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    static func rotationY(_ deg: Double) -> Matrix4x4 {
        let a = deg * .pi / 180
        return Matrix4x4(m: [cos(a), 0, -sin(a), 0, 0, 1, 0, 0, sin(a), 0, cos(a), 0, 0, 0, 0, 1])
    }

    /// All workloads, in the harness's order.
    static func all() -> [CompositorWorkload] {
        let W = Double(width), H = Double(height), npx = Double(width * height)
        var rng = RNG(state: 0x9E37_79B9_7F4A_7C15)
        _ = noise(&rng, count: width * height, opaque: true)          // the harness's destination
        let src = CGImage(width: width, height: height, premultipliedARGB: noise(&rng, count: width * height, opaque: false))
        var out: [CompositorWorkload] = []
        let full = imageNode(src, cx: W / 2, cy: H / 2, transform: .identity)
        out.append(CompositorWorkload(name: "over.full", tree: tree([full]), pixelsPerOp: npx, clears: false))
        let aff = imageNode(src, cx: W / 2, cy: H / 2, transform: Matrix4x4.scale(0.8, 0.8).then(rotationZ(20)))
        out.append(CompositorWorkload(name: "over.affine_r20_s0.8.bilinear", tree: tree([aff]), pixelsPerOp: covered(aff, w: W, h: H), clears: false))
        var persp = Matrix4x4.identity; persp.m[11] = -1.0 / 1000
        let prj = imageNode(src, cx: W / 2, cy: H / 2, transform: rotationY(40).then(persp))
        out.append(CompositorWorkload(name: "over.proj_rotY40_d1000.bilinear", tree: tree([prj]), pixelsPerOp: covered(prj, w: W, h: H), clears: false))
        // 200 anti-aliased rounded rects, radius 12, alpha 0.8.
        var rects: [RenderNode] = []
        var area = 0.0
        for _ in 0..<200 {
            let w = 24 + Int(rng.next() % 177), h = 24 + Int(rng.next() % 177)
            let x = Int(rng.next() % UInt32(width - w + 1)), y = Int(rng.next() % UInt32(height - h + 1))
            var n = RenderNode()
            n.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            n.toParent = .translation(Double(x), Double(y))
            n.backgroundColor = Premultiplied.pack(red: 0.2 + 0.6 * rng.unit(), green: 0.2 + 0.6 * rng.unit(), blue: 0.2 + 0.6 * rng.unit(), alpha: 0.8)
            n.cornerRadius = 12
            rects.append(n)
            area += Double(w * h) - (4 - .pi) * 144
        }
        out.append(CompositorWorkload(name: "fill_rrects200_r12.aa", tree: tree(rects), pixelsPerOp: area, clears: false))
        // 50 cards 256x256 with random rotation, scale and opacity; and the same untransformed.
        rng = RNG(state: 12345)
        var cards: [RenderNode] = [], flat: [RenderNode] = []
        var px50 = npx, px50aa = npx
        for _ in 0..<50 {
            let img = card(&rng, size: 256)
            let cx = rng.unit() * W, cy = rng.unit() * H, deg = rng.unit() * 360
            let sx = 0.5 + rng.unit(), sy = 0.5 + rng.unit()
            let opacity = rng.unit() < 0.3 ? 1.0 : 0.3 + 0.65 * rng.unit()
            let c = imageNode(img, cx: cx, cy: cy, transform: Matrix4x4.scale(sx, sy).then(rotationZ(deg)), opacity: opacity)
            let f = imageNode(img, cx: cx.rounded(.down), cy: cy.rounded(.down), transform: .identity, opacity: opacity)
            cards.append(c); flat.append(f)
            px50 += covered(c, w: 256, h: 256); px50aa += covered(f, w: 256, h: 256)
        }
        out.append(CompositorWorkload(name: "frame50", tree: tree(cards), pixelsPerOp: px50, clears: true))
        out.append(CompositorWorkload(name: "frame50aa", tree: tree(flat), pixelsPerOp: px50aa, clears: true))
        // The article 003 demos at their midpoints, full frames.
        let size = CGSize(width: width, height: height)
        let folder = FolderDemo(size: size)
        folder.setProgress(0.5)
        out.append(CompositorWorkload(name: "demo.folder_mid", tree: demoTree(folder.root), pixelsPerOp: npx, clears: true))
        let accordion = AccordionDemo(size: size)
        accordion.setProgress(0.5)
        out.append(CompositorWorkload(name: "demo.accordion_mid", tree: demoTree(accordion.root), pixelsPerOp: npx, clears: true))
        return out
    }

    /// The render tree of a committed layer tree.
    static func demoTree(_ root: CALayer) -> RenderTree {
        CATransaction.flush()
        let snap = PresentationSnapshot(root: root, time: 0)
        return RenderTreeBuilder().build(snap)
    }
}
