import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
import SDLHost
import Scenes
@testable import lamina

/// `lamina eval` prints JSON that parses for every input, and its numbers read back as exactly the
/// values the layers hold: checked against the presentation layers themselves (not against the
/// printer), over every scene in scenes/ at a few times and over scenes of extreme values; values
/// that are not finite are null with their key paths named.
///
/// Validity is checked with JSONSerialization; exact values with JSONDecoder, because
/// JSONSerialization on Linux (swift-corelibs-foundation) does not round decimal numbers correctly
/// (it reads "0.17364817766693033", which is that Double's shortest form, as 0.17364817766693036;
/// JSONDecoder and Double(String) read it exactly).
final class EvalJSONTests: XCTestCase {
    static let scenes = RecordingHarness.scenes

    override func setUp() {
        CAMediaClock.manualTime = 0
        Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
        Scene.assetsDirectory = DefaultFontProvider.assetsDirectory
    }
    override func tearDown() { CAMediaClock.manualTime = nil }

    /// The JSON's layers by name.
    func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: [String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        let layers = try XCTUnwrap((object as? [String: Any])?["layers"] as? [[String: Any]], file: file, line: line)
        return Dictionary(layers.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// A JSON number as a Double (nil for null or anything else).
    func d(_ any: Any?) -> Double? { (any as? NSNumber)?.doubleValue }

    /// The numbers of one layer, read exactly (JSONDecoder).
    struct Numbers: Decodable {
        let name: String
        let position, bounds, anchorPoint, transform: [Double?]
        let zPosition, cornerRadius, borderWidth, shadowRadius, opacity, speed: Double?
    }

    /// The layers' numbers by name, read exactly (after the text has parsed with JSONSerialization).
    func exact(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Numbers] {
        _ = try parse(text, file: file, line: line)
        struct Document: Decodable { let layers: [Numbers] }
        let document = try JSONDecoder().decode(Document.self, from: Data(text.utf8))
        return Dictionary(document.layers.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The numbers the JSON gives for `p` that are not bit for bit the layer's own values (one
    /// line each), collected rather than asserted one by one: tens of thousands are compared.
    func mismatches(_ json: Numbers, _ p: CALayer, _ what: String) -> [String] {
        var out: [String] = []
        func same(_ key: String, _ got: [Double?], _ values: [Double]) {
            if got.count != values.count { out.append("\(what).\(key): \(got.count) numbers, \(values.count) held"); return }
            for (g, v) in zip(got, values) where g?.bitPattern != v.bitPattern {
                out.append("\(what).\(key): \(g.map { "\($0)" } ?? "null") read back, \(v) held")
            }
        }
        same("position", json.position, [p.position.x, p.position.y].map { Double($0) })
        same("bounds", json.bounds, [p.bounds.minX, p.bounds.minY, p.bounds.width, p.bounds.height].map { Double($0) })
        same("anchorPoint", json.anchorPoint, [p.anchorPoint.x, p.anchorPoint.y].map { Double($0) })
        same("zPosition", [json.zPosition], [Double(p.zPosition)])
        same("cornerRadius", [json.cornerRadius], [Double(p.cornerRadius)])
        same("borderWidth", [json.borderWidth], [Double(p.borderWidth)])
        same("shadowRadius", [json.shadowRadius], [Double(p.shadowRadius)])
        let t = p.transform
        same("transform", json.transform, [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0) })
        // Floats read back as the same Float.
        if json.opacity.map({ Float($0) }) != p.opacity { out.append("\(what).opacity: \(json.opacity as Any) read back, \(p.opacity) held") }
        if json.speed.map({ Float($0) }) != p.speed { out.append("\(what).speed: \(json.speed as Any) read back, \(p.speed) held") }
        return out
    }

    /// Every scene file in scenes/ (and scenes/bench/), at 0, 1.3 and 7.7 s.
    func testEveryRepositorySceneGivesJSONThatReadsBackExactly() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.scenes.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(files.count, 15, "\(files)")
        var layersChecked = 0
        var wrong: [String] = []
        for name in files {
            CAMediaClock.manualTime = 0
            let scene = try Scene.load(contentsOf: Self.scenes.appendingPathComponent(name))
            CATransaction.flush()
            let replay = try SceneReplay(scene: scene, events: nil)
            // One load, evaluated at rising times (as a replay runs), to keep the large scenes quick.
            for t in [0.0, 1.3, 7.7] {
                try replay.frame(at: t)
                let document = SceneJSON.document(of: scene, at: t)
                XCTAssertTrue(document.nonFinite.isEmpty, "\(name) at \(t): \(document.nonFinite.map(\.path))")
                let layers = try exact(document.text)
                XCTAssertEqual(layers.count, Set(scene.order).count, name)
                // Enough layers to cover each file, without walking stress.yaml's 400 at every time.
                for layer in scene.order.prefix(40) {
                    guard let model = scene.layers[layer], let json = layers[layer] else { XCTFail("\(name): \(layer) missing"); continue }
                    wrong += mismatches(json, model.presentation() ?? model, "\(name)@\(t) \(layer)")
                    layersChecked += 1
                }
            }
        }
        XCTAssertEqual(wrong.prefix(20), [], "\(wrong.count) numbers do not read back exactly")
        XCTAssertGreaterThan(layersChecked, 300)
    }

    /// Extreme finite values (near the largest Double, negative, subnormal) print as numbers that
    /// parse and read back exactly; the values are the scene's own, written out by hand.
    func testExtremeValuesReadBackExactly() throws {
        let scene = try Scene.parse("""
        layers:
          - name: big
            frame: [0, 0, 10, 10]
            zPosition: 1.7976931348623157e308
            cornerRadius: -1e308
            borderWidth: 1e308
            opacity: 0.8
          - name: tiny
            bounds: [0, 0, 10, 10]
            zPosition: 5e-324
            cornerRadius: 2.2250738585072014e-308
            borderWidth: 0.1
            shadowRadius: -0.0
            position: [1e-310, 123456789.125]
        """, file: "extreme.yaml")
        CATransaction.flush()
        let text = SceneJSON.presentation(of: scene, at: 0)
        let layers = try exact(text)
        let big = try XCTUnwrap(layers["big"]), tiny = try XCTUnwrap(layers["tiny"])
        XCTAssertEqual(big.zPosition, 1.7976931348623157e308)
        XCTAssertEqual(big.cornerRadius, -1e308, "the -1e308 of the issue: a number, not -inf")
        XCTAssertEqual(big.borderWidth, 1e308)
        XCTAssertEqual(big.opacity.map { Float($0) }, Float(0.8))
        XCTAssertTrue(text.contains("\"opacity\": 0.8,"), "a Float prints as its own shortest form")
        XCTAssertEqual(tiny.zPosition, Double.leastNonzeroMagnitude, "the smallest subnormal survives")
        XCTAssertEqual(tiny.cornerRadius, 2.2250738585072014e-308)
        XCTAssertEqual(tiny.borderWidth, 0.1)
        XCTAssertEqual(tiny.shadowRadius?.sign, .minus, "-0 keeps its sign")
        XCTAssertEqual(tiny.position, [Double("1e-310")!, 123456789.125])
        for (name, layer) in [("big", big), ("tiny", tiny)] {
            XCTAssertEqual(mismatches(layer, scene.layers[name]!.presentation() ?? scene.layers[name]!, name), [])
        }
        XCTAssertTrue(text.contains("\"time\": 0,"), "an integral value prints as an integer")
    }

    /// Values that are not finite (set from code; a scene's own values are refused or kept finite)
    /// are null, listed by key path.
    func testValuesThatAreNotFiniteAreNullWithTheirKeyPaths() throws {
        let scene = try Scene.parse("layers:\n  - {name: b, frame: [0, 0, 10, 10]}\n  - {name: s, class: CAShapeLayer, frame: [0, 0, 4, 4]}\n", file: "inf.yaml")
        CATransaction.flush()
        CATransaction.begin(); CATransaction.setDisableActions(true)
        scene.layers["b"]!.cornerRadius = .infinity
        scene.layers["b"]!.borderWidth = -.infinity
        (scene.layers["s"] as! CAShapeLayer).lineWidth = .nan
        CATransaction.commit(); CATransaction.flush()
        let document = SceneJSON.document(of: scene, at: .infinity)
        XCTAssertEqual(document.nonFinite.map(\.path), ["time", "b.cornerRadius", "b.borderWidth", "s.lineWidth"])
        let object = try JSONSerialization.jsonObject(with: Data(document.text.utf8)) as? [String: Any]
        XCTAssertTrue(object?["time"] is NSNull)
        let layers = try parse(document.text)
        XCTAssertTrue(layers["b"]?["cornerRadius"] is NSNull)
        XCTAssertTrue(layers["b"]?["borderWidth"] is NSNull)
        XCTAssertTrue(layers["s"]?["lineWidth"] is NSNull)
        XCTAssertEqual(d(layers["s"]?["strokeEnd"]), 1, "the rest are numbers")
    }

    /// The command itself: an extreme scene through `lamina eval` parses, with the issue's values.
    func testTheEvalCommandPrintsValidJSONForExtremeValues() throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "lamina is not built beside the tests")
        let dir = try RecordingHarness.folder("eval-json")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("x.yaml")
        try "layers:\n  - {name: b, frame: [0, 0, 10, 10], zPosition: 1e308, cornerRadius: -1e308, borderWidth: 4.9e-324}\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try LaminaCommand.run(["eval", file.path, "--at", "0.5"])
        XCTAssertEqual(r.status, 0, r.err)
        let b = try XCTUnwrap(try exact(r.out)["b"])
        XCTAssertEqual(b.zPosition, 1e308)
        XCTAssertEqual(b.cornerRadius, -1e308)
        XCTAssertEqual(b.borderWidth, Double.leastNonzeroMagnitude, "4.9e-324 is the smallest subnormal, 5e-324 in shortest form")
    }
}
