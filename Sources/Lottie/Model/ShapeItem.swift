import Foundation

/// One item of a shape layer's `shapes` or a group's `it`, as far as this player draws it.
indirect enum ShapeItem: Sendable {
    /// A group (`gr`): its items, first on top, and its transform (the `tr` item).
    case group(items: [ShapeItem], transform: TransformModel)
    /// A rectangle (`rc`): centre, size, corner roundness.
    case rect(position: Animated<[Double]>, size: Animated<[Double]>, roundness: Animated<[Double]>, reversed: Bool)
    /// An ellipse (`el`): centre and size.
    case ellipse(position: Animated<[Double]>, size: Animated<[Double]>, reversed: Bool)
    /// A bezier path (`sh`).
    case path(Animated<BezierShape>, reversed: Bool)
    /// A star or polygon (`sr`).
    case star(StarModel)
    /// A fill (`fl`): colour (0...1 components), opacity in percent, fill rule (even-odd when true).
    case fill(color: Animated<[Double]>, opacity: Animated<[Double]>, evenOdd: Bool)
    /// A stroke (`st`).
    case stroke(StrokeModel)
    /// A gradient fill (`gf`) with its fill rule (even-odd when true).
    case gradientFill(GradientModel, evenOdd: Bool)
    /// A gradient stroke (`gs`): the stroke's width, caps, joins and dashes (its colour unused).
    case gradientStroke(GradientModel, StrokeModel)
    /// A trim path (`tm`): cuts the shapes listed before it (and, for styles, those it follows too).
    case trim(TrimModel)
    /// Round corners (`rd`): rounds the sharp corners of the shapes listed before it by a radius.
    case roundCorners(Animated<[Double]>)
    /// Merge paths (`mm`): the shapes listed before it in its group (and in groups among them),
    /// combined into one path that the styles listed after it draw; `path` is its JSON path.
    case mergePaths(MergeMode, path: String)

    /// Whether this item is a shape (contributes to a path), not a style.
    var isShape: Bool {
        switch self {
        case .rect, .ellipse, .path, .star: return true
        default: return false
        }
    }
}

/// A stroke's colour, opacity, width, caps, joins, miter limit and dashes.
struct StrokeModel: Sendable {
    /// Line caps (`lc`): 1 butt, 2 round, 3 square.
    enum Cap: Int, Sendable { case butt = 1, round, square }
    /// Line joins (`lj`): 1 miter, 2 round, 3 bevel.
    enum Join: Int, Sendable { case miter = 1, round, bevel }

    var color: Animated<[Double]>
    var opacity: Animated<[Double]>
    var width: Animated<[Double]>
    var cap: Cap
    var join: Join
    var miterLimit: Double
    /// Dash and gap lengths in order (empty: a solid line).
    var dashes: [Double]
    /// The dash offset (`o` entry of `d`).
    var dashOffset: Animated<[Double]>
}

/// Reads a list of shape items (`shapes` or `it`), keeping what `ShapeItem` draws and noting the rest.
struct ShapeItemList: Decodable {
    /// The items drawn, in file order, and the group transform (`tr`) when there was one.
    var items: [ShapeItem] = []
    var transform: TransformModel?
    var notes: [LottieDiagnostic] = []

    /// How deep groups may nest.
    static let maxDepth = 64
    /// The most shape items a list may hold once its repeaters are expanded.
    static let maximumExpandedItems = 200_000

    /// How many items `items` holds, groups' contents counted.
    static func weight(_ items: [ShapeItem]) -> Int {
        items.reduce(0) { n, item in
            if case .group(let inner, _) = item { return n + 1 + weight(inner) }
            return n + 1
        }
    }

    /// An empty list (a group without `it`).
    init() {}

    init(from decoder: any Decoder) throws {
        // Each group level adds two path components ("it", index).
        let depth = decoder.codingPath.filter { $0.stringValue == "it" }.count
        guard depth <= Self.maxDepth else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected groups nested at most \(Self.maxDepth) deep"))
        }
        var u = try arrayContainer(decoder, expected: "a list of shape items")
        while !u.isAtEnd {
            let d = try u.superDecoder()
            try read(d)
        }
    }

    private mutating func read(_ d: any Decoder) throws {
        let c: KeyedDecodingContainer<AnyKey>
        do { c = try d.container(keyedBy: AnyKey.self) } catch {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: d.codingPath, debugDescription: "expected a shape item, an object with \"ty\""))
        }
        guard let ty = try c.string("ty") else {
            throw DecodingError.keyNotFound(AnyKey("ty"), .init(codingPath: d.codingPath, debugDescription: "expected \"ty\", the shape item's type"))
        }
        if try c.flag("hd") { return }
        let here = JSONPath.string(d.codingPath)
        // `d` is a shape's direction (3: reversed); a stroke's `d` is its dashes.
        let reversed = try ["rc", "el", "sh"].contains(ty) && c.number("d") == 3
        switch ty {
        case "gr":
            var inner = c.has("it") ? try c.decode(ShapeItemList.self, forKey: AnyKey("it")) : ShapeItemList()
            notes += inner.notes
            inner.notes = []
            items.append(.group(items: inner.items, transform: inner.transform ?? .identity))
        case "tr":
            transform = try TransformModel(from: d, notes: &notes)
        case "rc":
            items.append(.rect(position: try c.animated("p", default: [0, 0], notes: &notes), size: try c.animated("s", default: [0, 0], notes: &notes),
                               roundness: try c.animated("r", default: [0], notes: &notes), reversed: reversed))
        case "el":
            items.append(.ellipse(position: try c.animated("p", default: [0, 0], notes: &notes), size: try c.animated("s", default: [0, 0], notes: &notes), reversed: reversed))
        case "sh":
            guard c.has("ks") else { throw DecodingError.keyNotFound(AnyKey("ks"), .init(codingPath: d.codingPath, debugDescription: "expected \"ks\", the path's shape")) }
            let p = try c.decode(AnimatedProperty<BezierShape>.self, forKey: AnyKey("ks"))
            notes += p.notes
            items.append(.path(p.value, reversed: reversed))
        case "fl":
            let rule = try c.number("r") ?? 1
            items.append(.fill(color: try c.animated("c", default: [0, 0, 0, 1], notes: &notes), opacity: try c.animated("o", default: [100], notes: &notes), evenOdd: rule == 2))
        case "st":
            items.append(.stroke(try readStroke(c)))
        case "gf":
            let g = try GradientModel(c, notes: &notes)
            items.append(.gradientFill(g, evenOdd: try c.number("r") ?? 1 == 2))
        case "gs":
            let g = try GradientModel(c, notes: &notes)
            items.append(.gradientStroke(g, try readStroke(c)))
        case "sr":
            items.append(.star(StarModel(isPolygon: try c.number("sy") == 2, position: try c.animated("p", default: [0, 0], notes: &notes),
                                         points: try c.animated("pt", default: [5], notes: &notes),
                                         outerRadius: try c.animated("or", default: [0], notes: &notes), innerRadius: try c.animated("ir", default: [0], notes: &notes),
                                         outerRoundness: try c.animated("os", default: [0], notes: &notes), innerRoundness: try c.animated("is", default: [0], notes: &notes),
                                         rotation: try c.animated("r", default: [0], notes: &notes), reversed: try c.number("d") == 3)))
        case "rp":
            let r = try RepeaterModel(c, notes: &notes)
            let n = r.maximumCount
            let weight = Self.weight(items)
            guard weight * n <= Self.maximumExpandedItems else {
                throw DecodingError.dataCorrupted(.init(codingPath: d.codingPath, debugDescription: "expected at most \(Self.maximumExpandedItems) shape items once repeaters are expanded, found \(weight * n)"))
            }
            // `m` 1: the first copy on top, each later one below (listed after it); 2: each above.
            let copies = (0..<n).map { k in ShapeItem.group(items: items, transform: r.transform(ofCopy: k)) }
            items = r.firstOnTop ? copies : copies.reversed()
        case "rd":
            items.append(.roundCorners(try c.animated("r", default: [0], notes: &notes)))
        case "mm":
            let m = try c.number("mm") ?? 1
            let mode = MergeMode(rawValue: smallInt(m))
            if mode == nil { notes.append(LottieDiagnostic(path: JSONPath.string(c.codingPath, "mm"), message: "merge mode \(m) is not one of 1...5; the shapes are merged as mode 1 (merge)")) }
            items.append(.mergePaths(mode ?? .merge, path: here))
        case "tm":
            let m = try c.number("m") ?? 1
            items.append(.trim(TrimModel(start: try c.animated("s", default: [0], notes: &notes), end: try c.animated("e", default: [100], notes: &notes),
                                         offset: try c.animated("o", default: [0], notes: &notes), individually: m == 2, id: here)))
        default:
            let names = ["op": "offset path", "pb": "pucker/bloat", "tw": "twist", "zz": "zig zag"]
            notes.append(LottieDiagnostic(path: here, message: "shape item \"\(ty)\"\(names[ty].map { " (\($0))" } ?? "") is not drawn yet; it is left out"))
        }
    }

    private mutating func readStroke(_ c: KeyedDecodingContainer<AnyKey>) throws -> StrokeModel {
        let cap = StrokeModel.Cap(rawValue: smallInt(try c.number("lc") ?? 2)) ?? .round
        let join = StrokeModel.Join(rawValue: smallInt(try c.number("lj") ?? 2)) ?? .round
        var miter = try c.number("ml") ?? 4
        if c.has("ml2") {
            let m = try c.animated("ml2", default: [miter], notes: &notes)
            if m.isAnimated { notes.append(LottieDiagnostic(path: JSONPath.string(c.codingPath, "ml2"), message: "an animated miter limit is drawn with its first value")) }
            miter = m.initial.at(0, miter)
        }
        var dashes: [Double] = []
        var offset = Animated<[Double]>([0])
        if c.has("d") {
            var u = try c.nestedUnkeyedContainer(forKey: AnyKey("d"))
            while !u.isAtEnd {
                let dd = try u.superDecoder()
                let e = try dd.container(keyedBy: AnyKey.self)
                let n = try e.string("n") ?? "d"
                let v = try e.animated("v", default: [0], notes: &notes)
                if n == "o" { offset = v; continue }
                if v.isAnimated { notes.append(LottieDiagnostic(path: JSONPath.string(dd.codingPath, "v"), message: "an animated dash length is drawn with its first value")) }
                dashes.append(max(0, v.initial.at(0)))
            }
            if dashes.count % 2 == 1 { dashes += dashes }
            if !dashes.contains(where: { $0 > 0 }) { dashes = [] }
        }
        return StrokeModel(color: try c.animated("c", default: [0, 0, 0, 1], notes: &notes), opacity: try c.animated("o", default: [100], notes: &notes),
                           width: try c.animated("w", default: [1], notes: &notes), cap: cap, join: join, miterLimit: miter,
                           dashes: dashes, dashOffset: offset)
    }
}
