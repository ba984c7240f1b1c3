import Foundation
import CoreGraphics

/// One text document: the `s` of a keyframe of a text layer's `t.d.k` (what the text says and how
/// it is set until the next keyframe).
struct TextDocument: Sendable, Equatable {
    /// The text (`t`); `\r`, `\n` and `\u{3}` break lines.
    var text: String
    /// The font's name (`f`), an `fName` of `fonts.list`.
    var font: String
    /// The size in points (`s`).
    var size: Double
    /// Justification (`j`): 0 left, 1 right, 2 centre, 3–5 justified with the last line left,
    /// right or centred, 6 fully justified.
    var justification: Int
    /// Tracking (`tr`), in thousandths of an em, added after each character.
    var tracking: Double
    /// The distance between baselines (`lh`); 0 means 1.2 × size.
    var lineHeight: Double
    /// Baseline shift (`ls`): the text moves up by this.
    var baselineShift: Double
    /// Fill colour (`fc`), components 0...1; nil: not filled.
    var fillColor: [Double]?
    /// Stroke colour (`sc`) and width (`sw`); nil or 0: not stroked.
    var strokeColor: [Double]?
    var strokeWidth: Double
    /// Whether the stroke is drawn over the fill (`of`).
    var strokeOverFill: Bool
    /// A paragraph box (`sz`: width, height) at `ps` (its top left), when the text wraps in one.
    var boxSize: CGSize?
    var boxPosition: CGPoint?
    /// Capitals (`ca`): 0 as written, 1 all capitals, 2 small capitals.
    var caps: Int

    /// The most characters one document may hold.
    static let maximumLength = 20_000
    /// The largest font size accepted.
    static let maximumSize = 10_000.0

    /// Reads a document object; what it cannot set exactly goes to `notes`.
    init(from decoder: any Decoder, notes: inout [LottieDiagnostic]) throws {
        let c: KeyedDecodingContainer<AnyKey>
        do { c = try decoder.container(keyedBy: AnyKey.self) } catch {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: decoder.codingPath, debugDescription: "expected a text document, an object with \"t\", \"f\" and \"s\""))
        }
        text = try c.string("t") ?? ""
        guard text.count <= Self.maximumLength else { throw c.mismatch("t", expected: "a text of at most \(Self.maximumLength) characters") }
        font = try c.string("f") ?? ""
        size = try c.number("s") ?? 10
        guard size >= 0, size <= Self.maximumSize else { throw c.mismatch("s", expected: "a font size between 0 and \(Int(Self.maximumSize)), found \(size)") }
        justification = smallInt(try c.number("j") ?? 0)
        tracking = try c.number("tr") ?? 0
        guard abs(tracking) <= 1_000_000 else { throw c.mismatch("tr", expected: "a tracking of at most 1000000 thousandths of an em") }
        lineHeight = try c.number("lh") ?? 0
        guard abs(lineHeight) <= 1_000_000 else { throw c.mismatch("lh", expected: "a line height of at most 1000000") }
        baselineShift = try c.number("ls") ?? 0
        guard abs(baselineShift) <= 1_000_000 else { throw c.mismatch("ls", expected: "a baseline shift of at most 1000000") }
        fillColor = try Self.color(c, "fc")
        strokeColor = try Self.color(c, "sc")
        strokeWidth = try c.number("sw") ?? 0
        guard strokeWidth >= 0, strokeWidth <= 100_000 else { throw c.mismatch("sw", expected: "a stroke width between 0 and 100000, found \(strokeWidth)") }
        strokeOverFill = try c.flag("of")
        if c.has("sz") {
            let sz = try [Double].decodeKeyframeValue(c.superDecoder(forKey: AnyKey("sz")))
            guard sz.count >= 2, sz[0] >= 0, sz[1] >= 0, sz[0] <= 1_000_000, sz[1] <= 1_000_000 else {
                throw c.mismatch("sz", expected: "a box size [width, height] between 0 and 1000000")
            }
            boxSize = CGSize(width: sz[0], height: sz[1])
            let ps = c.has("ps") ? try [Double].decodeKeyframeValue(c.superDecoder(forKey: AnyKey("ps"))) : [0, 0]
            guard ps.count >= 2, abs(ps[0]) <= 1_000_000, abs(ps[1]) <= 1_000_000 else { throw c.mismatch("ps", expected: "a box position [x, y]") }
            boxPosition = CGPoint(x: ps[0], y: ps[1])
        }
        caps = smallInt(try c.number("ca") ?? 0)
        let here = JSONPath.string(decoder.codingPath)
        if (3...6).contains(justification) {
            let drawnAs = ["left", "right", "centred"][[3: 0, 4: 1, 5: 2, 6: 0][justification]!]
            notes.append(LottieDiagnostic(path: here + ".j", message: "justified text (j \(justification)) is drawn \(drawnAs); lines are not stretched to the box's width"))
        } else if !(0...2).contains(justification) {
            notes.append(LottieDiagnostic(path: here + ".j", message: "justification \(justification) is not known; the text is drawn left-aligned"))
        }
        if caps == 2 { notes.append(LottieDiagnostic(path: here + ".ca", message: "small capitals are drawn as full-size capitals")) }
    }

    /// The justification drawn: 0 left, 1 right, 2 centre (the justified kinds as their last line).
    var alignment: Int {
        switch justification {
        case 1, 4: return 1
        case 2, 5: return 2
        default: return 0
        }
    }

    /// The text as drawn: capitals applied.
    var drawnText: String { caps == 0 ? text : text.uppercased() }

    /// A colour `[r, g, b]` of 0...1 (older files write 0...255: components all above 1, as
    /// lottie-ios reads them); a fourth component is read and ignored (see `cgColor`).
    private static func color(_ c: KeyedDecodingContainer<AnyKey>, _ key: String) throws -> [Double]? {
        guard c.has(key) else { return nil }
        let v = try [Double].decodeKeyframeValue(c.superDecoder(forKey: AnyKey(key)))
        guard v.count >= 3 else { throw c.mismatch(key, expected: "a colour [r, g, b]") }
        let scale = v[0] > 1 && v[1] > 1 && v[2] > 1 ? 255.0 : 1
        return v.prefix(3).map { $0 / scale }
    }

    /// The colour as an opaque sRGB `CGColor`, as a fill's (`ShapeLayerBuilder.opaqueColor`: a
    /// fourth component ignored).
    static func cgColor(_ v: [Double]) -> CGColor { ShapeLayerBuilder.opaqueColor(v) }
}

/// A text layer's content (`t`): its documents over time (hold keyframes of `t.d.k`).
struct TextLayerModel: Sendable {
    /// One keyframe of `t.d.k`: the document shown from `frame` until the next keyframe's frame.
    struct Keyframe: Sendable {
        var frame: Double
        var document: TextDocument
        /// The JSON path of the document, for messages.
        var path: String
    }

    /// At least one keyframe, in order of frame.
    var keyframes: [Keyframe]
    /// The animators (`t.a`) applied to every character alike.
    var animators = TextAnimatorModel()

    /// The most document keyframes a layer may hold.
    static let maximumKeyframes = 10_000

    /// Reads a text layer's `t`; animators that cannot be applied and text on a path are noted.
    init(from decoder: any Decoder, notes: inout [LottieDiagnostic]) throws {
        let c: KeyedDecodingContainer<AnyKey>
        do { c = try decoder.container(keyedBy: AnyKey.self) } catch {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: decoder.codingPath, debugDescription: "expected text data, an object with \"d\""))
        }
        guard c.has("d") else { throw DecodingError.keyNotFound(AnyKey("d"), .init(codingPath: decoder.codingPath, debugDescription: "expected \"d\", the text's documents")) }
        let d = try c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("d"))
        if let x = try? d.decode(String.self, forKey: AnyKey("x")), !x.isEmpty {
            notes.append(LottieDiagnostic(path: JSONPath.string(d.codingPath, "x"), message: "expressions are not evaluated; the text's keyframed documents are drawn"))
        }
        guard d.has("k") else { throw DecodingError.keyNotFound(AnyKey("k"), .init(codingPath: d.codingPath, debugDescription: "expected \"k\", the text's document keyframes")) }
        var u = try arrayContainer(d.superDecoder(forKey: AnyKey("k")), expected: "a list of text document keyframes")
        var list: [Keyframe] = []
        while !u.isAtEnd {
            guard list.count < Self.maximumKeyframes else { throw d.mismatch("k", expected: "at most \(Self.maximumKeyframes) text keyframes") }
            let kd = try u.superDecoder()
            let kc: KeyedDecodingContainer<AnyKey>
            do { kc = try kd.container(keyedBy: AnyKey.self) } catch {
                throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: kd.codingPath, debugDescription: "expected a text keyframe, an object with \"s\" and \"t\""))
            }
            guard kc.has("s") else { throw DecodingError.keyNotFound(AnyKey("s"), .init(codingPath: kd.codingPath, debugDescription: "expected \"s\", the keyframe's text document")) }
            let frame = try kc.number("t") ?? 0
            if let prev = list.last, frame < prev.frame {
                throw kc.mismatch("t", expected: "keyframe times that do not decrease (\(frame) follows \(prev.frame))")
            }
            let sd = try kc.superDecoder(forKey: AnyKey("s"))
            list.append(Keyframe(frame: frame, document: try TextDocument(from: sd, notes: &notes), path: JSONPath.string(sd.codingPath)))
        }
        guard !list.isEmpty else { throw d.mismatch("k", expected: "at least one text document keyframe") }
        keyframes = list
        animators = try TextAnimatorModel(c, notes: &notes)
        if let p = try? c.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("p")), p.has("m") {
            notes.append(LottieDiagnostic(path: JSONPath.string(c.codingPath, "p"), message: "text on a path is not drawn along the path; the static text is drawn on its baseline"))
        }
    }

    /// The document shown at layer frame `frame` (the last keyframe at or before it; the first
    /// before the first), as lottie-web picks it.
    func document(at frame: Double) -> TextDocument {
        var i = 0
        while i + 1 < keyframes.count && keyframes[i + 1].frame <= frame { i += 1 }
        return keyframes[i].document
    }
}
