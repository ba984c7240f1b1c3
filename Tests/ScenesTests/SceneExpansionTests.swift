import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// What a scene expands to is limited when it loads, with an error at the place that multiplied
/// past the limit; scenes of the shapes that once hung render in bounded work.
final class SceneExpansionTests: XCTestCase {
    override func tearDown() { CAMediaClock.manualTime = nil }

    func nested(_ outer: Int, _ inner: Int, extra: String = "") -> String {
        """
        layers:
          - name: r1
            class: CAReplicatorLayer
            frame: [0, 0, 100, 100]
            instanceCount: \(outer)
            sublayers:
              - name: r2
                class: CAReplicatorLayer
                frame: [0, 0, 10, 10]
                instanceCount: \(inner)
                sublayers:
                  - {name: dot, frame: [0, 0, 2, 2]\(extra)}
        """
    }

    func testReplicatorsMultiplyTowardTheLayerLimit() throws {
        // 1 + 100 + 100·100 = 10,101 layers: fine.
        XCTAssertNoThrow(try Scene.parse(nested(100, 100), file: "ok.yaml"))
        // 1 + 150 + 150·150 = 22,651: past 20,000, at r2's instanceCount (line 10, column 24).
        XCTAssertThrowsError(try Scene.parse(nested(150, 150), file: "many.yaml")) { e in
            let err = e as! SceneError
            XCTAssertEqual([err.line, err.column], [10, 24], "\(err)")
            XCTAssertTrue(err.message.contains("more than 20000 layers"), err.message)
            XCTAssertTrue(err.message.hasPrefix("r2:"), err.message)
        }
    }

    func testOffscreenPassesAreCountedWithTheirReplicas() throws {
        let shadow = ", shadowOpacity: 0.5, shadowRadius: 50"
        // 40 · 50 = 2,000 shadowed dots: the limit itself.
        XCTAssertNoThrow(try Scene.parse(nested(40, 50, extra: shadow), file: "ok.yaml"))
        XCTAssertThrowsError(try Scene.parse(nested(41, 50, extra: shadow), file: "shadows.yaml")) { e in
            let err = e as! SceneError
            XCTAssertTrue(err.message.contains("more than 2000 layers through offscreen passes"), err.message)
        }
        // A shadowPath draws without an offscreen pass: not counted.
        XCTAssertNoThrow(try Scene.parse(nested(41, 50, extra: shadow + ", shadowPath: {rect: [0, 0, 2, 2]}"), file: "paths.yaml"))
        // Opacity below 1 counts only over sublayers (the dots have none).
        XCTAssertNoThrow(try Scene.parse(nested(41, 50, extra: ", opacity: 0.5"), file: "alpha.yaml"))
    }

    /// The three shapes that hung: nested replicators, huge scales with high contents and
    /// rasterisation scales, and replicated shadows with large radii and offsets over masks. Within
    /// the limits they render; the shadows share one blur.
    func testTheShapesThatHungRenderWithBoundedWork() throws {
        let scale = """
        window: {size: [64, 48]}
        layers:
          - name: big
            frame: [2, 2, 20, 20]
            transform: {scale: 200}
            contentsScale: 300
            shouldRasterize: true
            rasterizationScale: 300
            backgroundColor: "#3366cc"
            cornerRadius: 6
            opacity: 0.5
            sublayers:
              - {name: t, class: CATextLayer, frame: [0, 0, 18, 8], string: "Hi", fontSize: 6, contentsScale: 300}
              - {name: s, class: CAShapeLayer, frame: [0, 0, 18, 18], path: "M 0 0 L 18 0 L 18 18 Z", lineWidth: 1, strokeColor: "#ffffff"}
        """
        let shadows = """
        window: {size: [64, 48]}
        layers:
          - name: r
            class: CAReplicatorLayer
            frame: [0, 0, 64, 48]
            instanceCount: COUNT
            instanceTransform: {translate: [1, 0, 0]}
            sublayers:
              - name: card
                frame: [4, 4, 12, 12]
                backgroundColor: "#ffffff"
                shadowOpacity: 0.8
                shadowRadius: 178
                shadowOffset: [20, 20]
                sublayers:
                  - {name: inner, frame: [2, 2, 4, 4], backgroundColor: "#ff0000"}
                mask: {name: m, frame: [0, 0, 12, 12], backgroundColor: "#000000", cornerRadius: 4}
        """
        func frame(_ text: String, _ name: String) throws -> [UInt32] {
            CAMediaClock.manualTime = 0
            let s = try Scene.parse(text, file: "\(name).yaml")
            let r = CARenderer(size: s.size, scale: min(64 / s.size.width, 48 / s.size.height))
            r.layer = s.root
            let scheduler = FrameScheduler(clock: .virtual, start: 0, renderer: r)
            CATransaction.flush()
            try scheduler.frame(at: 1)
            return r.makeImage().premultipliedARGB
        }
        let empty = try frame("window: {size: [64, 48]}\nlayers: []", "empty")
        XCTAssertEqual(Set(empty).count, 1, "the window's background alone")
        // A thousand such shadows (each covering 1.25 Mpx with its reach, twice for the mask) are
        // past the offscreen pixel limit; sixty are within it.
        XCTAssertThrowsError(try Scene.parse(shadows.replacingOccurrences(of: "COUNT", with: "1000"), file: "shadows.yaml")) { e in
            XCTAssertTrue("\(e)".contains("Mpx a frame"), "\(e)")
        }
        for (name, text) in [("nested", nested(100, 100, extra: ", backgroundColor: \"#ff0000\"")), ("scale", scale),
                             ("shadows", shadows.replacingOccurrences(of: "COUNT", with: "60"))] {
            let px = try frame(text, name)
            XCTAssertNotEqual(px, empty, "\(name) draws something over the background")
        }
    }
}
