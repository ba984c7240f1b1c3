import Foundation
@_spi(LaminaInternal) import QuartzCore
import Compositor

/// The vector rows of `lamina bench compositor`: gradient fills, path fills, strokes, text,
/// shadows and a path animation, each a tree of CAGradientLayer, CAShapeLayer, CATextLayer or
/// CALayer built from its VectorSpec, committed and turned into a render tree by the same code a
/// window uses (PresentationSnapshot, RenderTreeBuilder), and drawn by FrameRenderer. The specs
/// are random but fixed (seeded), and `--dump-inputs` hands them to the Blend2D and Skia anchors.
enum VectorWorkloads {
    /// The frame's colour before each repetition (opaque dark grey), for every library.
    static let background: UInt32 = 0xFF40_4040
    static let width = CompositorWorkload.width, height = CompositorWorkload.height

    typealias RNG = CompositorWorkload.RNG

    /// A colour component that is a multiple of 1/255 (the same byte in every library).
    static func byte(_ rng: inout RNG, _ lo: UInt32 = 40, _ hi: UInt32 = 230) -> Double {
        Double(lo + rng.next() % (hi - lo + 1)) / 255
    }

    static func color(_ rng: inout RNG, alpha: Double) -> [Double] {
        [byte(&rng), byte(&rng), byte(&rng), alpha]
    }

    // MARK: Specs

    /// Every vector row's spec (pixel counts not yet filled in), in the benchmark's order.
    static func specs() -> [VectorSpec] {
        var out: [VectorSpec] = []
        for (type, start, end) in [("axial", [0.0, 0.0], [1.0, 1.0]), ("radial", [0.5, 0.5], [1.0, 1.0]), ("conic", [0.5, 0.5], [1.0, 0.5])] {
            var rng = RNG(state: 0x5EED_0001)
            var rects: [[Double]] = []
            for _ in 0..<200 {
                let w = 24 + Int(rng.next() % 177), h = 24 + Int(rng.next() % 177)
                let x = Int(rng.next() % UInt32(width - w + 1)), y = Int(rng.next() % UInt32(height - h + 1))
                rects.append([Double(x), Double(y), Double(w), Double(h)])
            }
            let colors = (0..<3).map { _ in color(&rng, alpha: 230.0 / 255) }
            let name = "grad.\(type == "axial" ? "linear" : type).rrects200_r12"
            out.append(VectorSpec(name: name, kind: "gradient", gradient: .init(type: type, rects: rects, cornerRadius: 12, locations: [0, 0.5, 1],
                                                                                 colors: colors, startPoint: start, endPoint: end)))
        }
        let blobs = starPaths(count: 200)
        var rng = RNG(state: 0x5EED_0002)
        let fills = (0..<200).map { _ in color(&rng, alpha: 204.0 / 255) }
        for rule in ["nonZero", "evenOdd"] {
            out.append(VectorSpec(name: "path.cubic200.\(rule.lowercased())", kind: "fill",
                                  shapes: shapeRow(blobs, fills: fills, strokes: nil, rule: rule, width: 0, join: "miter", cap: "butt", dash: [])))
        }
        let zigzags = zigzagPaths(count: 200)
        rng = RNG(state: 0x5EED_0003)
        let strokes = (0..<200).map { _ in color(&rng, alpha: 230.0 / 255) }
        for (w, join, cap, dash) in [(1.0, "miter", "butt", [Double]()), (3, "round", "round", []), (3, "miter", "butt", [12, 6]),
                                     (12, "miter", "butt", []), (12, "round", "round", [])] {
            let name = "stroke200.w\(Int(w)).\(join)" + (dash.isEmpty ? "" : ".dash")
            out.append(VectorSpec(name: name, kind: "stroke",
                                  shapes: shapeRow(zigzags, fills: nil, strokes: strokes, rule: "nonZero", width: w, join: join, cap: cap, dash: dash)))
        }
        for size in [13.0, 39.0] {
            out.append(VectorSpec(name: "text2000.\(Int(size))px", kind: "text", text: textRow(size: size, glyphs: 2000)))
        }
        let blue: [Double] = [64.0 / 255, 128.0 / 255, 230.0 / 255, 1], black: [Double] = [0, 0, 0, 204.0 / 255]
        for radius in [4.0, 24.0] {
            let row = VectorSpec.ShadowRow(rect: [320, 180, 640, 360], cornerRadius: 24, color: blue, shadowColor: black,
                                           shadowOffset: [0, 12], shadowRadius: radius)
            out.append(VectorSpec(name: "shadow.rrect640x360.blur\(Int(radius))", kind: "shadow", shadow: row))
            // The same with the blur made every operation (Lamina keeps blurs from frame to frame).
            out.append(VectorSpec(name: "shadow.rrect640x360.blur\(Int(radius)).nocache", kind: "shadow", shadow: row))
        }
        out.append(VectorSpec(name: "shapeanim.morph24", kind: "morph", morph: morphRow()))
        return out
    }

    static func shapeRow(_ paths: [VectorSpec.Path], fills: [[Double]]?, strokes: [[Double]]?, rule: String, width: Double,
                         join: String, cap: String, dash: [Double]) -> VectorSpec.ShapeRow {
        .init(paths: paths, fillColors: fills, fillRule: rule, strokeColors: strokes, lineWidth: width, lineJoin: join, lineCap: cap,
              miterLimit: 10, dashPattern: dash, dashPhase: 0)
    }

    /// Closed five-pointed stars of cubic curves (each point joined to the one two further on, so
    /// the contour crosses itself and the even-odd rule leaves the middle empty), radius 20-100.
    static func starPaths(count: Int) -> [VectorSpec.Path] {
        var rng = RNG(state: 0x5EED_0004)
        return (0..<count).map { _ in
            let r = 20 + rng.unit() * 80
            let cx = r + rng.unit() * (Double(width) - 2 * r), cy = r + rng.unit() * (Double(height) - 2 * r)
            let a0 = rng.unit() * 2 * .pi
            let pts = (0..<5).map { k -> (Double, Double) in
                let a = a0 + Double(k) * 4 * .pi / 5, rr = r * (0.8 + 0.2 * rng.unit())
                return (cx + rr * cos(a), cy + rr * sin(a))
            }
            var verbs = "M", p = [pts[0].0, pts[0].1]
            for k in 0..<5 {
                let a = pts[k], b = pts[(k + 1) % 5]
                let bend = (rng.unit() - 0.5) * 0.6
                let nx = -(b.1 - a.1) * bend, ny = (b.0 - a.0) * bend
                verbs += "C"
                p += [a.0 + (b.0 - a.0) / 3 + nx, a.1 + (b.1 - a.1) / 3 + ny, a.0 + 2 * (b.0 - a.0) / 3 + nx, a.1 + 2 * (b.1 - a.1) / 3 + ny, b.0, b.1]
            }
            return VectorSpec.Path(verbs: verbs + "Z", points: p)
        }
    }

    /// Open zigzags of three cubic segments meeting at sharp corners (the joins show), 40-160 px.
    static func zigzagPaths(count: Int) -> [VectorSpec.Path] {
        var rng = RNG(state: 0x5EED_0005)
        return (0..<count).map { _ in
            let s = 40 + rng.unit() * 120
            let x0 = 10 + rng.unit() * (Double(width) - s - 20), y0 = 10 + rng.unit() * (Double(height) - s - 20)
            var verbs = "M", p = [x0, y0 + s * rng.unit()]
            for k in 1...3 {
                let x = x0 + s * Double(k) / 3, y = y0 + (k % 2 == 1 ? s * (0.7 + 0.3 * rng.unit()) : s * 0.3 * rng.unit())
                let px = p[p.count - 2], py = p[p.count - 1]
                verbs += "C"
                p += [px + (x - px) * 0.2, py + (y - py) * 0.6 + s * 0.1, px + (x - px) * 0.8, y - s * 0.1 * (rng.unit() - 0.5), x, y]
            }
            return VectorSpec.Path(verbs: verbs, points: p)
        }
    }

    /// The font file every library draws the text rows with (DejaVu Sans, shipped with Lamina).
    static var fontFile: String? {
        guard let dir = DefaultFontProvider.assetsDirectory else { return nil }
        let f = dir.appendingPathComponent("Fonts/DejaVuSans.ttf").path
        return FileManager.default.fileExists(atPath: f) ? f : nil
    }

    /// `glyphs` non-whitespace characters of words, broken into lines that fit 1240 px, stacked
    /// from (20, 20); lines that would pass the bottom start a new block over the first, moved
    /// by (17, 11) px (a 39 px run of 2,000 glyphs is taller than the frame).
    static func textRow(size: Double, glyphs: Int) -> VectorSpec.TextRow? {
        guard let file = fontFile else { return nil }
        let provider = DefaultFontProvider.shared
        guard let m = provider.metrics(fontName: file, size: size) else { return nil }
        let words = ["layer", "frame", "the", "compositor", "draws", "glyphs", "of", "text", "anchor", "Blend2D", "Skia", "quartz",
                     "animation", "path", "stroke", "gradient", "shadow", "blur", "pixel", "band", "thread", "render", "tree", "Lamina",
                     "window", "fox", "jumps", "over", "lazy", "dog", "0123", "4567", "89", "WAVE", "Typography", "kerning", "AV", "To"]
        var rng = RNG(state: 0x5EED_0006)
        var lines: [String] = [], current = "", count = 0
        while count < glyphs {
            var w = words[Int(rng.next() % UInt32(words.count))]
            if count + w.count > glyphs { w = String(w.prefix(glyphs - count)) }
            count += w.count
            let candidate = current.isEmpty ? w : current + " " + w
            if provider.width(of: candidate, fontName: file, size: size) > 1240 && !current.isEmpty {
                lines.append(current); current = w
            } else { current = candidate }
        }
        if !current.isEmpty { lines.append(current) }
        let perBlock = max(1, Int((Double(height) - 40) / m.lineHeight))
        let out = lines.enumerated().map { i, s -> VectorSpec.TextRow.Line in
            let block = i / perBlock, row = i % perBlock
            return .init(text: s, x: 20 + 17 * Double(block), baseline: 20 + 11 * Double(block) + Double(row) * m.lineHeight + m.ascent)
        }
        return .init(fontFile: file, size: size, color: [235.0 / 255, 235.0 / 255, 220.0 / 255, 1], lines: out, glyphs: count,
                     ascent: m.ascent, lineHeight: m.lineHeight)
    }

    /// A wobbly circle of 24 cubic segments (radius about 250, centred) morphing into another.
    static func morphRow() -> VectorSpec.MorphRow {
        var rng = RNG(state: 0x5EED_0007)
        func blob() -> VectorSpec.Path {
            let n = 24
            let radii = (0..<n).map { _ in 200 + rng.unit() * 100 }
            func pt(_ k: Int) -> (Double, Double) {
                let a = Double(k) * 2 * .pi / Double(n), r = radii[k % n]
                return (640 + r * cos(a), 360 + r * 0.85 * sin(a))
            }
            var verbs = "M", p = [pt(0).0, pt(0).1]
            for k in 0..<n {
                let a = pt(k), b = pt(k + 1), t = 0.3
                let ta = Double(k) * 2 * .pi / Double(n), tb = Double(k + 1) * 2 * .pi / Double(n)
                let ra = radii[k % n] * 2 * .pi / Double(n) * t, rb = radii[(k + 1) % n] * 2 * .pi / Double(n) * t
                verbs += "C"
                p += [a.0 - ra * sin(ta), a.1 + ra * 0.85 * cos(ta), b.0 + rb * sin(tb), b.1 - rb * 0.85 * cos(tb), b.0, b.1]
            }
            return .init(verbs: verbs + "Z", points: p)
        }
        return .init(from: blob(), to: blob(), duration: 1, fillColor: [230.0 / 255, 102.0 / 255, 51.0 / 255, 204.0 / 255],
                     strokeColor: [26.0 / 255, 26.0 / 255, 26.0 / 255, 1], lineWidth: 4, lineJoin: "round", frames: 60)
    }

    // MARK: Layers

    static func cgColor(_ c: [Double]) -> CGColor { CGColor(srgbRed: c[0], green: c[1], blue: c[2], alpha: c[3]) }

    /// The path in the coordinates of a layer whose origin is at (ox, oy) in the frame.
    static func cgPath(_ p: VectorSpec.Path, ox: Double = 0, oy: Double = 0) -> CGPath {
        let path = CGMutablePath()
        var i = 0
        func pt() -> CGPoint { defer { i += 2 }; return CGPoint(x: p.points[i] - ox, y: p.points[i + 1] - oy) }
        for v in p.verbs {
            switch v {
            case "M": path.move(to: pt())
            case "L": path.addLine(to: pt())
            case "C": let c1 = pt(), c2 = pt(); path.addCurve(to: pt(), control1: c1, control2: c2)
            default: path.closeSubpath()
            }
        }
        return path
    }

    /// The smallest whole-pixel rectangle holding the path's points (its control polygon).
    static func controlBox(_ p: VectorSpec.Path) -> CGRect {
        let xs = stride(from: 0, to: p.points.count, by: 2).map { p.points[$0] }, ys = stride(from: 1, to: p.points.count, by: 2).map { p.points[$0] }
        let x0 = (xs.min() ?? 0).rounded(.down), y0 = (ys.min() ?? 0).rounded(.down)
        return CGRect(x: x0, y: y0, width: (xs.max() ?? 0).rounded(.up) - x0, height: (ys.max() ?? 0).rounded(.up) - y0)
    }

    static func frameRoot() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        return root
    }

    /// The layers a spec's row is drawn with: a root of the frame's size and one layer an item
    /// (`index`: only that item, for counting its pixels).
    static func layers(_ s: VectorSpec, only index: Int? = nil) -> CALayer {
        let root = frameRoot()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        func wanted(_ i: Int) -> Bool { index == nil || index == i }
        if let g = s.gradient {
            for (i, r) in g.rects.enumerated() where wanted(i) {
                let l = CAGradientLayer()
                l.frame = CGRect(x: r[0], y: r[1], width: r[2], height: r[3])
                l.type = CAGradientLayerType(rawValue: g.type)
                l.colors = g.colors.map(cgColor)
                l.locations = g.locations.map { NSNumber(value: $0) }
                l.startPoint = CGPoint(x: g.startPoint[0], y: g.startPoint[1])
                l.endPoint = CGPoint(x: g.endPoint[0], y: g.endPoint[1])
                l.cornerRadius = g.cornerRadius
                l.masksToBounds = true
                root.addSublayer(l)
            }
        }
        if let sh = s.shapes {
            for (i, p) in sh.paths.enumerated() where wanted(i) {
                let l = CAShapeLayer()
                let box = controlBox(p)
                l.frame = box
                l.path = cgPath(p, ox: box.minX, oy: box.minY)
                l.fillColor = sh.fillColors.map { cgColor($0[i]) }
                l.fillRule = sh.fillRule == "evenOdd" ? .evenOdd : .nonZero
                l.strokeColor = sh.strokeColors.map { cgColor($0[i]) }
                l.lineWidth = sh.lineWidth
                l.lineJoin = CAShapeLayerLineJoin(rawValue: sh.lineJoin)
                l.lineCap = CAShapeLayerLineCap(rawValue: sh.lineCap)
                l.miterLimit = sh.miterLimit
                l.lineDashPattern = sh.dashPattern.isEmpty ? nil : sh.dashPattern.map { NSNumber(value: $0) }
                l.lineDashPhase = sh.dashPhase
                root.addSublayer(l)
            }
        }
        if let t = s.text {
            // One layer per block of lines that share an x (lines stack at the font's line height).
            var blocks: [[VectorSpec.TextRow.Line]] = []
            for line in t.lines {
                if let last = blocks.last?.last, last.x == line.x { blocks[blocks.count - 1].append(line) } else { blocks.append([line]) }
            }
            var n = 0
            for block in blocks {
                let l = CATextLayer()
                l.frame = CGRect(x: block[0].x, y: block[0].baseline - t.ascent, width: 1240, height: Double(block.count) * t.lineHeight)
                let lines = block.enumerated().map { j, line in wanted(n + j) ? line.text : "" }
                n += block.count
                l.string = lines.joined(separator: "\n")
                l.font = t.fontFile as NSString
                l.fontSize = t.size
                l.foregroundColor = cgColor(t.color)
                l.isWrapped = false
                l.truncationMode = .none
                l.alignmentMode = .left
                l.contentsScale = 1
                root.addSublayer(l)
            }
        }
        if let sh = s.shadow {
            let l = CALayer()
            l.frame = CGRect(x: sh.rect[0], y: sh.rect[1], width: sh.rect[2], height: sh.rect[3])
            l.backgroundColor = cgColor(sh.color)
            l.cornerRadius = sh.cornerRadius
            l.shadowColor = cgColor([sh.shadowColor[0], sh.shadowColor[1], sh.shadowColor[2], 1])
            l.shadowOpacity = Float(sh.shadowColor[3])
            l.shadowOffset = CGSize(width: sh.shadowOffset[0], height: sh.shadowOffset[1])
            l.shadowRadius = sh.shadowRadius
            root.addSublayer(l)
        }
        if let m = s.morph {
            let l = CAShapeLayer()
            l.frame = root.bounds
            l.path = cgPath(m.from)
            l.fillColor = cgColor(m.fillColor)
            l.strokeColor = cgColor(m.strokeColor)
            l.lineWidth = m.lineWidth
            l.lineJoin = CAShapeLayerLineJoin(rawValue: m.lineJoin)
            let a = CABasicAnimation(keyPath: "path")
            a.fromValue = cgPath(m.from)
            a.toValue = cgPath(m.to)
            a.duration = m.duration
            a.repeatCount = .infinity
            a.timingFunction = CAMediaTimingFunction(name: .linear)
            a.beginTime = morphBegin
            l.add(a, forKey: "morph")
            root.addSublayer(l)
        }
        return root
    }

    /// When the path animation starts (layer time): frame k of the morph row is drawn at
    /// morphBegin + k / 60.
    static let morphBegin = 1.0

    /// Items in a row (rects, paths, text lines, the one shadowed layer or the one shape).
    static func itemCount(_ s: VectorSpec) -> Int {
        s.gradient?.rects.count ?? s.shapes?.paths.count ?? s.text?.lines.count ?? 1
    }

    /// The render tree of a committed layer tree at `time`.
    static func tree(_ root: CALayer, time: Double = 0, builder: RenderTreeBuilder = RenderTreeBuilder()) -> RenderTree {
        CATransaction.flush()
        return builder.build(PresentationSnapshot(root: root, time: time))
    }

    /// Destination pixels one operation writes: for each item alone, the pixels whose value it
    /// changes when drawn on the background, summed (overdraw counted, as the rect rows count
    /// the area of every rect).
    static func pixelCount(_ s: VectorSpec) -> Double {
        var buffer = PixelBuffer(width: width, height: height)
        let renderer = FrameRenderer()
        var total = 0
        for i in 0..<itemCount(s) {
            let root = layers(s, only: i)
            let t = tree(root, time: s.morph == nil ? 0 : morphBegin)
            buffer.pixels = [UInt32](repeating: background, count: width * height)
            renderer.render(t, into: &buffer, background: nil)
            total += buffer.pixels.reduce(0) { $0 + ($1 != background ? 1 : 0) }
        }
        return Double(total)
    }

    /// The workloads whose names pass `keep` (pixel counts measured when `countPixels`) and their specs.
    static func all(countPixels: Bool, keep: (String) -> Bool = { _ in true }) -> [(spec: VectorSpec, work: CompositorWorkload)] {
        specs().filter { keep($0.name) }.compactMap { spec0 -> (VectorSpec, CompositorWorkload)? in
            var spec = spec0
            if spec.kind == "text" && spec.text == nil { return nil }
            if countPixels { spec.pixels = pixelCount(spec) }
            let root = layers(spec)
            if spec.morph != nil {
                let builder = RenderTreeBuilder()
                var frame = 0
                let frames = spec.morph!.frames
                let first = tree(root, time: morphBegin, builder: builder)
                return (spec, CompositorWorkload(name: spec.name, tree: first, pixelsPerOp: spec.pixels, clears: false, background: background) {
                    frame = (frame + 1) % frames
                    return builder.build(PresentationSnapshot(root: root, time: morphBegin + Double(frame) / 60))
                })
            }
            var work = CompositorWorkload(name: spec.name, tree: tree(root), pixelsPerOp: spec.pixels, clears: false, background: background)
            work.blursEveryTime = spec.name.hasSuffix(".nocache")
            return (spec, work)
        }
    }
}
