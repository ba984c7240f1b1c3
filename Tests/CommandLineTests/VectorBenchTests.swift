import XCTest
@_spi(LaminaInternal) import QuartzCore
import Compositor
@testable import lamina

/// The vector rows of `lamina bench compositor`: what `--dump-inputs` writes for the Blend2D and
/// Skia anchors is what Lamina's layers and render trees hold, and every row draws where its
/// inputs say. (No timing here: speed is printed by the benchmark, never asserted.)
final class VectorBenchTests: XCTestCase {
    /// The rows the issue asks for, in the benchmark's order.
    static let rowNames = [
        "grad.linear.rrects200_r12", "grad.radial.rrects200_r12", "grad.conic.rrects200_r12",
        "path.cubic200.nonzero", "path.cubic200.evenodd",
        "stroke200.w1.miter", "stroke200.w3.round", "stroke200.w3.miter.dash", "stroke200.w12.miter", "stroke200.w12.round",
        "text2000.13px", "text2000.39px", "shadow.rrect640x360.blur4", "shadow.rrect640x360.blur4.nocache",
        "shadow.rrect640x360.blur24", "shadow.rrect640x360.blur24.nocache", "shapeanim.morph24",
    ]

    func temporaryFolder() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vector-bench-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// Where a node's origin lands in the frame (the root is at the frame's origin).
    func origin(_ n: RenderNode) -> CGPoint {
        let p = n.toParent.apply(x: 0, y: 0)
        return CGPoint(x: p.x / p.w, y: p.y / p.w)
    }

    /// The frame-space points of a path as stored in a layer (its commands moved by the layer's
    /// origin), flattened as the JSON stores them.
    func points(_ path: CGPath?, at o: CGPoint) -> (verbs: String, points: [Double]) {
        var verbs = "", pts: [Double] = []
        for c in path?.commands ?? [] {
            switch c {
            case .move(let p): verbs += "M"; pts += [p.x + o.x, p.y + o.y]
            case .addLine(let p): verbs += "L"; pts += [p.x + o.x, p.y + o.y]
            case let .addCurve(p, c1, c2): verbs += "C"; pts += [c1.x + o.x, c1.y + o.y, c2.x + o.x, c2.y + o.y, p.x + o.x, p.y + o.y]
            case .closeSubpath: verbs += "Z"
            default: verbs += "?"
            }
        }
        return (verbs, pts)
    }

    func testDumpedInputsAreWhatLaminasLayersAndTreesHold() throws {
        let specs = VectorWorkloads.specs()
        XCTAssertEqual(specs.map(\.name), Self.rowNames)
        let file = VectorSpec.File(width: 1280, height: 720, background: VectorWorkloads.background, rows: specs)
        let dir = temporaryFolder()
        try VectorInputsFile.write(file, toFolder: dir)
        let read = try VectorInputsFile.read(fromFolder: dir)
        XCTAssertEqual(read, file, "the JSON round-trips exactly")
        for spec in read.rows {
            let original = try XCTUnwrap(specs.first { $0.name == spec.name })
            let root = VectorWorkloads.layers(original)
            let tree = VectorWorkloads.tree(root, time: VectorWorkloads.morphBegin)
            let nodes = Array(tree.nodes.dropFirst())
            switch spec.kind {
            case "gradient":
                let g = try XCTUnwrap(spec.gradient)
                XCTAssertEqual(g.rects.count, 200)
                XCTAssertEqual(nodes.count, 200, spec.name)
                for (n, r) in zip(nodes, g.rects) {
                    XCTAssertEqual(origin(n), CGPoint(x: r[0], y: r[1]), spec.name)
                    XCTAssertEqual(n.bounds.size, CGSize(width: r[2], height: r[3]), spec.name)
                    XCTAssertEqual(n.cornerRadius, 12)
                    guard case let .gradient(rg)? = n.contents.first else { return XCTFail("\(spec.name): no gradient drawn") }
                    XCTAssertEqual(rg.start, CGPoint(x: g.startPoint[0] * r[2], y: g.startPoint[1] * r[3]), spec.name)
                    XCTAssertEqual(rg.end, CGPoint(x: g.endPoint[0] * r[2], y: g.endPoint[1] * r[3]), spec.name)
                    XCTAssertEqual(rg.stops.map(\.location), g.locations)
                }
            case "fill", "stroke":
                let sh = try XCTUnwrap(spec.shapes)
                XCTAssertEqual(sh.paths.count, 200)
                let layers = root.sublayers ?? []
                XCTAssertEqual(layers.count, 200)
                XCTAssertEqual(nodes.count, 200, spec.name)
                let colors = (spec.kind == "fill" ? sh.fillColors : sh.strokeColors) ?? []
                for (i, (l, n)) in zip(layers, nodes).enumerated() {
                    let shape = try XCTUnwrap(l as? CAShapeLayer)
                    let held = points(shape.path, at: l.frame.origin)
                    XCTAssertEqual(held.verbs, sh.paths[i].verbs, "\(spec.name) path \(i)")
                    XCTAssertEqual(held.points, sh.paths[i].points, "\(spec.name) path \(i)")
                    XCTAssertEqual(Double(shape.lineWidth), sh.lineWidth)
                    XCTAssertEqual(n.contents.count, 1, "\(spec.name) path \(i) draws one fill or one stroke")
                    guard case let .fill(f)? = n.contents.first else { return XCTFail("\(spec.name): path \(i) not drawn") }
                    let c = colors[i]
                    XCTAssertEqual(f.color, Premultiplied.pack(red: c[0], green: c[1], blue: c[2], alpha: c[3]), "\(spec.name) path \(i)")
                    XCTAssertEqual(f.rule, spec.name.hasSuffix("evenodd") ? .evenOdd : .nonZero)
                }
            case "text":
                let t = try XCTUnwrap(spec.text)
                XCTAssertEqual(t.lines.reduce(0) { $0 + $1.text.filter { !$0.isWhitespace }.count }, 2000, "2,000 glyphs")
                XCTAssertEqual(t.glyphs, 2000)
                XCTAssertTrue(FileManager.default.fileExists(atPath: t.fontFile))
                var drawn: [CGPoint] = []
                for n in nodes {
                    for case let .glyphs(g) in n.contents { drawn.append(CGPoint(x: origin(n).x + g.origin.x, y: origin(n).y + g.origin.y)) }
                }
                XCTAssertEqual(drawn, t.lines.map { CGPoint(x: $0.x, y: $0.baseline - t.ascent) }, "one mask a line, at the line's place")
                XCTAssertTrue(t.lines.allSatisfy { $0.baseline - t.ascent + t.lineHeight <= 720 }, "every line inside the frame")
            case "shadow":
                let s = try XCTUnwrap(spec.shadow)
                XCTAssertEqual(nodes.count, 1)
                let n = try XCTUnwrap(nodes.first)
                XCTAssertEqual(origin(n), CGPoint(x: s.rect[0], y: s.rect[1]))
                XCTAssertEqual(n.shadow?.radius, s.shadowRadius)
                XCTAssertEqual(n.shadow?.offsetX, s.shadowOffset[0])
                XCTAssertEqual(n.shadow?.offsetY, s.shadowOffset[1])
                XCTAssertEqual(n.shadow?.color, Premultiplied.pack(red: 0, green: 0, blue: 0, alpha: s.shadowColor[3]))
            case "morph":
                let m = try XCTUnwrap(spec.morph)
                let l = try XCTUnwrap(root.sublayers?.first as? CAShapeLayer)
                let a = try XCTUnwrap(l.animation(forKey: "morph") as? CABasicAnimation)
                XCTAssertEqual(points((a.fromValue as! CGPath), at: .zero).points, m.from.points)
                XCTAssertEqual(points((a.toValue as! CGPath), at: .zero).points, m.to.points)
                XCTAssertEqual(m.from.verbs, m.to.verbs)
            default: XCTFail("unknown kind \(spec.kind)")
            }
        }
    }

    func testPixelCountIsThePixelsEachItemChanges() {
        // One 10x10 gradient rect without rounding, 90% opaque: all its 100 pixels change, none else.
        var spec = VectorSpec(name: "t", kind: "gradient")
        spec.gradient = .init(type: "axial", rects: [[5, 5, 10, 10], [8, 8, 4, 4]], cornerRadius: 0, locations: [0, 1],
                              colors: [[1, 0, 0, 0.9], [0, 0, 1, 0.9]], startPoint: [0, 0], endPoint: [1, 1])
        XCTAssertEqual(VectorWorkloads.pixelCount(spec), 116, "100 + 16: overdraw counted")
    }

    /// Every row draws inside the region its inputs give, and at the places it must.
    func testEveryRowDrawsWhereItsInputsSay() throws {
        let bg = VectorWorkloads.background
        for (spec, work) in VectorWorkloads.all(countPixels: false) {
            var buffer = PixelBuffer(width: 1280, height: 720)
            buffer.pixels = [UInt32](repeating: bg, count: 1280 * 720)
            FrameRenderer().render(work.tree, into: &buffer, background: nil)
            XCTAssertEqual(work.blursEveryTime, spec.name.hasSuffix(".nocache"))
            // The region the inputs say the row draws in.
            var boxes: [CGRect] = []
            var mustChange: [(Int, Int)] = []
            // How far from each of `mustChange` a changed pixel may be.
            var reach = 1
            if let g = spec.gradient {
                boxes = g.rects.map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
                mustChange = boxes.map { (Int($0.midX), Int($0.midY)) }
            }
            if let sh = spec.shapes {
                let pad = sh.lineWidth * sh.miterLimit / 2 + 1
                boxes = sh.paths.map { VectorWorkloads.controlBox($0).insetBy(dx: -pad, dy: -pad) }
                // A path's end points are on its outline: covered by a stroke, next to a fill. A fill's
                // outline lies within 0.05 px inside its curves, which at a star's sharp point may
                // leave almost nothing of the point's own pixels (one star's point covers 0.012 of its
                // pixel, the curves 0.049): within 2 pixels of it, the fill is wide enough.
                reach = sh.fillColors != nil ? 2 : 1
                mustChange = sh.paths.map { (Int($0.points[0]), Int($0.points[1])) }
            }
            if let t = spec.text {
                boxes = t.lines.map { CGRect(x: $0.x, y: $0.baseline - t.ascent, width: 1240, height: t.lineHeight) }
            }
            if let s = spec.shadow {
                let r = CGRect(x: s.rect[0], y: s.rect[1], width: s.rect[2], height: s.rect[3])
                let reach = 3 * s.shadowRadius + 2
                boxes = [r.union(r.offsetBy(dx: s.shadowOffset[0], dy: s.shadowOffset[1]).insetBy(dx: -reach, dy: -reach))]
                XCTAssertEqual(buffer.pixels[360 * 1280 + 640], 0xFF40_80E6, "\(spec.name): the layer's colour in its middle")
                mustChange = [(640, Int(r.maxY) + 4)]          // the shadow just below the layer
            }
            if let m = spec.morph {
                boxes = [VectorWorkloads.controlBox(m.from).insetBy(dx: -m.lineWidth, dy: -m.lineWidth)]
                mustChange = [(640, 360)]
            }
            // Pixels whose centre lies in a box (as CGRect.contains: min <= centre < max).
            var allowed = [Bool](repeating: false, count: 1280 * 720)
            for b in boxes {
                let x0 = max(0, Int((b.minX - 0.5).rounded(.up))), x1 = min(1280, Int((b.maxX - 0.5).rounded(.up)))
                let y0 = max(0, Int((b.minY - 0.5).rounded(.up))), y1 = min(720, Int((b.maxY - 0.5).rounded(.up)))
                guard x1 > x0 else { continue }
                for y in y0..<max(y0, y1) { for x in x0..<x1 { allowed[y * 1280 + x] = true } }
            }
            var inside = 0, outside = 0
            for (i, p) in buffer.pixels.enumerated() where p != bg {
                if allowed[i] { inside += 1 } else { outside += 1 }
            }
            XCTAssertGreaterThan(inside, 20_000, "\(spec.name) draws")
            XCTAssertEqual(outside, 0, "\(spec.name) draws only where its inputs say")
            for (x, y) in mustChange {
                let around = (-reach...reach).flatMap { dy in (-reach...reach).map { dx in buffer.pixels[(y + dy) * 1280 + x + dx] } }
                XCTAssertTrue(around.contains { $0 != bg }, "\(spec.name): nothing drawn at (\(x), \(y))")
            }
        }
    }

    func testThePathAnimationEvaluatesANewPathEveryFrame() throws {
        let (_, work) = try XCTUnwrap(VectorWorkloads.all(countPixels: false).first { $0.spec.kind == "morph" })
        let next = try XCTUnwrap(work.nextTree)
        func pixels(_ t: RenderTree) -> [UInt32] {
            var b = PixelBuffer(width: 1280, height: 720)
            FrameRenderer().render(t, into: &b, background: 0)
            return b.pixels
        }
        let first = pixels(work.tree)
        var later = first
        for _ in 0..<30 { later = pixels(next()) }
        let changed = zip(first, later).filter { $0 != $1 }.count
        XCTAssertGreaterThan(changed, 5_000, "half a second later the shape has moved")
    }

    func testDumpInputsWritesTheFileAndStops() throws {
        let dir = temporaryFolder()
        let cmd = try BenchCompositor.parse(["--set", "vector", "--filter", "shadow.rrect640x360.blur4$", "--dump-inputs", dir])
        try cmd.run()
        let read = try VectorInputsFile.read(fromFolder: dir)
        XCTAssertEqual(read.rows.map(\.name), ["shadow.rrect640x360.blur4"])
        // The layer (640x360 less the four corners) and its shadow beyond it, at least 20 rows below.
        let layerArea: Double = 640 * 360 - 4 * 24 * 24, below: Double = 640 * 20
        XCTAssertGreaterThan(read.rows[0].pixels, layerArea + below)
        XCTAssertThrowsError(try BenchCompositor.parse(["--set", "vectors"]).run())
        XCTAssertThrowsError(try BenchCompositor.parse(["--set", "vector", "--filter", "nothing-like-this", "--dump-inputs", dir]).run())
    }
}
