import XCTest
import CoreGraphics
import LaminaRandom
import LaminaTestSupport
@testable import Compositor

/// The edges a frame's bands share (`SharedEdges`, `lamina_raster_fill_solid_edges`): frames of
/// seeded random deferred shapes (polygons of every awkward kind, stroke outlines of random curves,
/// dashed and not, under random scales, rotations and translations, one shape object drawn by
/// several nodes) drawn on 2 and 3 threads, sharing edges or not, give the pixels of one thread
/// byte for byte, at every kernel level.
final class SharedEdgesTests: XCTestCase {
    /// A random open or closed curve of lines, quadratics and cubics inside a 90 × 70 box.
    static func randomPath(_ rng: inout SplitMix64) -> CGPath {
        let path = CGMutablePath()
        func p() -> CGPoint { CGPoint(x: rng.double(0, 90), y: rng.double(0, 70)) }
        path.move(to: p())
        for _ in 0..<rng.int(1...6) {
            switch rng.int(0...2) {
            case 0: path.addLine(to: p())
            case 1: path.addQuadCurve(to: p(), control: p())
            default: path.addCurve(to: p(), control1: p(), control2: p())
            }
        }
        if rng.chance(0.4) { path.closeSubpath() }
        return path
    }

    /// Random deferred shapes: polygons (`CellRasterizerTests.randomContours`) and stroke outlines.
    static func randomShape(_ rng: inout SplitMix64, _ i: Int) -> DeferredContours {
        let contours: [[CGPoint]]
        if i % 3 == 0 {
            contours = CellRasterizerTests.randomContours(&rng, kind: rng.int(0...6)).map { $0.map { CGPoint(x: $0.x, y: $0.y) } }
        } else {
            let caps: [CGLineCap] = [.butt, .round, .square], joins: [CGLineJoin] = [.miter, .round, .bevel]
            let dash: [CGFloat] = rng.chance(0.6) ? [CGFloat(rng.double(1, 14)), CGFloat(rng.double(0.5, 8))] : []
            contours = StrokeOutline.polygons(randomPath(&rng), lineWidth: CGFloat(rng.double(0.3, 12)), cap: caps[rng.int(0...2)],
                                              join: joins[rng.int(0...2)], miterLimit: 10, dashPhase: CGFloat(rng.double(0, 5)),
                                              dashPattern: dash)
        }
        // Half of them with the box of their points (the tightest bounds: bands skip the shapes
        // outside their rows by it).
        guard i % 2 == 0 else { return DeferredContours { contours } }
        let points = contours.joined().filter { $0.x.isFinite && $0.y.isFinite }
        guard let x0 = points.map(\.x).min(), let x1 = points.map(\.x).max(), let y0 = points.map(\.y).min(), let y1 = points.map(\.y).max()
        else { return DeferredContours { contours } }
        return DeferredContours(bounds: CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) { contours }
    }

    /// A rotation by `a` radians about z.
    static func rotation(_ a: Double) -> Matrix4x4 {
        Matrix4x4(m: [cos(a), sin(a), 0, 0, -sin(a), cos(a), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    /// A frame of 70 nodes of `shapes` (some drawn twice, under the same map or another).
    static func randomTree(_ rng: inout SplitMix64, _ shapes: [DeferredContours]) -> RenderTree {
        var leaves: [RenderNode] = []
        for i in 0..<70 {
            var n = RenderNode()
            n.bounds = CGRect(x: 0, y: 0, width: 90, height: 70)
            let place = Matrix4x4.translation(rng.double(-20, 160), rng.double(-20, 200))
            n.toParent = switch i % 4 {
            case 0: Matrix4x4.scale(rng.double(0.5, 2), rng.double(0.5, 2)).then(place)
            case 1: Self.rotation(rng.double(0, 2 * .pi)).then(place)
            default: place
            }
            if i % 10 == 9, let last = leaves.last { n.toParent = rng.chance(0.5) ? last.toParent : place }
            let color = i % 3 == 0 ? rng.premultipliedPixel() | 0xFF00_0000 : rng.premultipliedPixel()
            let shape = i % 10 == 9 ? shapes[(i - 1) % shapes.count] : shapes[i % shapes.count]
            n.contents = [.fill(RenderFill(deferred: shape, rule: i % 2 == 0 ? .nonZero : .evenOdd, color: color))]
            leaves.append(n)
        }
        return flatTree(width: 230, height: 260, leaves)
    }

    /// 1 thread against 2 and 3 (sharing edges, and not), at every level, over several seeds and
    /// several frames of one renderer (its lists reused from frame to frame).
    func testSharedEdgesGiveOneThreadsPixels() {
        var rng = SplitMix64(seed: 0x5ED6_E017)
        for level in BilinearKernelTests.modes {
            var renderers: [(name: String, renderer: FrameRenderer)] = []
            for threads in [2, 3] {
                let shared = FrameRenderer(threads: threads)
                shared.sharesEdges = true
                renderers.append(("\(threads) threads, shared", shared))
                let own = FrameRenderer(threads: threads)
                renderers.append(("\(threads) threads, own", own))
            }
            for _ in 0..<4 {
                let shapes = (0..<30).map { Self.randomShape(&rng, $0) }
                let tree = Self.randomTree(&rng, shapes)
                var one = PixelBuffer(width: 230, height: 260)
                PixelKernels.withLevel(level) { FrameRenderer(threads: 1).render(tree, into: &one, background: 0xFFFF_FFFF) }
                XCTAssertGreaterThan(Set(one.pixels).count, 200, "the frame has drawn content")
                for (name, renderer) in renderers {
                    var frame = PixelBuffer(width: 230, height: 260)
                    PixelKernels.withLevel(level) { renderer.render(tree, into: &frame, background: 0xFFFF_FFFF) }
                    if let i = frame.pixels.indices.first(where: { frame.pixels[$0] != one.pixels[$0] }) {
                        XCTFail("\(level), \(name): pixel (\(i % 230), \(i / 230)) \(String(frame.pixels[i], radix: 16)), 1 thread \(String(one.pixels[i], radix: 16))")
                    }
                }
            }
            // The sharing renderers did share: their last frame's shapes with a box that reaches
            // past a band have lists.
            XCTAssertGreaterThan(renderers[0].renderer.sharedEdgeLists, 5, "\(level): edges shared")
            XCTAssertEqual(renderers[1].renderer.sharedEdgeLists, 0, "\(level): not shared")
        }
    }
}
