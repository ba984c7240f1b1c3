import XCTest
import CoreGraphics
@testable import Compositor

/// Aliased layer edges (RenderNode.antialiasedEdges, from allowsEdgeAntialiasing and
/// edgeAntialiasingMask): two rotated panels sharing an edge meet without a seam; an aliased edge
/// gives only whole pixels; edges in the mask stay smooth.
final class EdgeAntialiasingTests: XCTestCase {
    static let angle = 20.0 * Double.pi / 180
    /// Layer (x, y) of a panel whose origin sits `offset` units along the rotated x axis → device.
    static func place(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let c = cos(angle), s = sin(angle)
        return (30.3 + c * x - s * y, 20.7 + s * x + c * y)
    }

    /// Black root 100 × 100; two white 30 × 40 panels rotated 20°, B's minX edge on A's maxX edge.
    func tree(edges: UInt8) -> RenderTree {
        var root = RenderNode()
        root.id = 1; root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100); root.backgroundColor = 0xFF00_0000
        let c = cos(Self.angle), s = sin(Self.angle)
        func panel(_ id: UInt64, _ offset: Double) -> RenderNode {
            var n = RenderNode()
            n.id = id; n.bounds = CGRect(x: 0, y: 0, width: 30, height: 40); n.backgroundColor = 0xFFFF_FFFF
            n.antialiasedEdges = edges
            // x' = c·x − s·y + tx, y' = s·x + c·y + ty (column vectors; Matrix4x4 is row-vector m).
            let o = Self.place(offset, 0)
            n.toParent = Matrix4x4(m: [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, o.x, o.y, 0, 1])
            n.subtreeEnd = Int(id)
            return n
        }
        root.subtreeEnd = 3
        return RenderTree(nodes: [root, panel(2, 0), panel(3, 30)])
    }

    func render(_ t: RenderTree) -> PixelBuffer {
        var b = PixelBuffer(width: 100, height: 100)
        FrameRenderer().render(t, into: &b)
        return b
    }

    /// Pixel centres on the shared edge's line, rows 26...55 (its ends at device y ≈ 30.96 and 68.5
    /// stay more than 2 px away): the pixels either side of the line.
    func seamPixels() -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        let top = Self.place(30, 0), bottom = Self.place(30, 40)
        for y in 34...65 {
            let t = (Double(y) + 0.5 - top.y) / (bottom.y - top.y)
            let x = top.x + t * (bottom.x - top.x)
            out.append((Int(x.rounded(.down)), y)); out.append((Int(x.rounded(.down)) - 1, y)); out.append((Int(x.rounded(.down)) + 1, y))
        }
        return out
    }

    func testAliasedSharedEdgeHasNoSeam() {
        let b = render(tree(edges: 0))
        for (x, y) in seamPixels() { XCTAssertEqual(b[x, y], 0xFFFF_FFFF, "(\(x), \(y)) on the shared edge") }
    }

    /// The same panels anti-aliased: the seam shows (a pixel darker than white), as Lamina drew
    /// every layer before; this is what allowsEdgeAntialiasing = true asks for.
    func testAntialiasedSharedEdgeShowsTheSeam() {
        let b = render(tree(edges: 0xF))
        XCTAssertTrue(seamPixels().contains { b[$0.0, $0.1] != 0xFFFF_FFFF }, "a darker pixel along the seam")
    }

    /// Aliased edges give whole pixels only (the corners aside); with only the bottom edge (minY,
    /// bit 4) in the mask, that edge keeps partial pixels while the top (maxY) and the sides stay whole.
    func testEdgesFollowTheMask() {
        // Each panel's corners (where two edges' staircases join at a fractional point).
        let corners = [Self.place(0, 0), Self.place(60, 0), Self.place(0, 40), Self.place(60, 40), Self.place(30, 0), Self.place(30, 40)]
        func nearCorner(_ x: Int, _ y: Int) -> Bool { corners.contains { abs($0.x - Double(x) - 0.5) < 2.5 && abs($0.y - Double(y) - 0.5) < 2.5 } }
        func partial(_ p: UInt32) -> Bool { p != 0xFFFF_FFFF && p != 0xFF00_0000 }
        let none = render(tree(edges: 0))
        var partials = 0
        for y in 0..<100 {
            for x in 0..<100 where !nearCorner(x, y) && partial(none[x, y]) { partials += 1 }
        }
        XCTAssertEqual(partials, 0, "aliased: whole pixels only")
        let bottomOnly = render(tree(edges: 4))
        func distance(_ x: Int, _ y: Int, _ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> Double {
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let dx = q.x - p.x, dy = q.y - p.y
            return abs((px - p.x) * dy - (py - p.y) * dx) / (dx * dx + dy * dy).squareRoot()
        }
        let left = (Self.place(0, 0), Self.place(0, 40)), minY = (Self.place(0, 0), Self.place(60, 0)), maxY = (Self.place(0, 40), Self.place(60, 40))
        var side = 0, bottom = 0, top = 0
        for y in 0..<100 {
            for x in 0..<100 where !nearCorner(x, y) && partial(bottomOnly[x, y]) {
                if distance(x, y, left.0, left.1) < 1.5 { side += 1 }
                if distance(x, y, minY.0, minY.1) < 1.5 { bottom += 1 }
                if distance(x, y, maxY.0, maxY.1) < 1.5 { top += 1 }
            }
        }
        XCTAssertEqual(side, 0, "the left edge is aliased")
        XCTAssertEqual(top, 0, "the maxY (top) edge is aliased")
        XCTAssertGreaterThan(bottom, 20, "the minY (bottom) edge is anti-aliased")
    }
}
