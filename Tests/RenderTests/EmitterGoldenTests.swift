import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// Golden images of CAEmitterLayer (kept apart from GoldenTests' list; the same runner and
/// LAMINA_RECORD_GOLDENS / LAMINA_GOLDEN_ONLY switches). Particles are a function of the layer's
/// time and seed, so each picture repeats exactly.
final class EmitterGoldenTests: XCTestCase {
    /// An 8x8 soft dot (premultiplied white, alpha falling off from the centre).
    static let dot: CGImage = {
        let n = 8
        var px = [UInt32](repeating: 0, count: n * n)
        for y in 0..<n { for x in 0..<n {
            let d = hypot(Double(x) - 3.5, Double(y) - 3.5) / 4
            let a = UInt32(max(0, min(1, 1.2 - d)) * 255)
            px[y * n + x] = a << 24 | a << 16 | a << 8 | a
        } }
        return CGImage(width: n, height: n, premultipliedARGB: px)
    }()

    static let cases: [GoldenCase] = [
        // Falling flakes from a line above the top, spread, scaled, spun and tinted, at t = 2.5 s.
        GoldenCase(name: "emitter_line_snow", time: 2.5) {
            let r = Art.root(background: Art.color(0.1, 0.14, 0.24))
            let e = CAEmitterLayer()
            e.frame = r.bounds
            e.emitterShape = .line
            e.emitterPosition = CGPoint(x: 48, y: 0)
            e.emitterSize = CGSize(width: 96, height: 0)
            e.seed = 11
            let c = CAEmitterCell()
            c.contents = EmitterGoldenTests.dot
            c.birthRate = 16; c.lifetime = 4
            c.velocity = 24; c.velocityRange = 8
            c.emissionLongitude = .pi / 2; c.emissionRange = .pi / 4
            c.scale = 0.8; c.scaleRange = 0.3
            c.color = Art.color(0.9, 0.95, 1); c.blueRange = 0.2; c.alphaSpeed = -0.2
            e.emitterCells = [c]
            r.addSublayer(e)
            return r
        },
        // A burst in every direction from a point, orange, added with plus-lighter where particles
        // overlap (brighter towards the centre), at t = 1 s.
        GoldenCase(name: "emitter_additive_burst", time: 1) {
            let r = Art.root(background: Art.black)
            let e = CAEmitterLayer()
            e.frame = r.bounds
            e.emitterPosition = CGPoint(x: 48, y: 36)
            e.renderMode = .additive
            let c = CAEmitterCell()
            c.contents = EmitterGoldenTests.dot
            c.birthRate = 64; c.lifetime = 1
            c.velocity = 30; c.velocityRange = 6
            c.emissionRange = 2 * .pi
            c.scale = 1.2; c.scaleSpeed = -0.6
            c.color = Art.color(0.8, 0.35, 0.1, 0.8)
            e.emitterCells = [c]
            r.addSublayer(e)
            return r
        },
        // scenes/confetti.yaml at 3 s, at half scale: four colours of paper tumbling from the top
        // (a cone of 0.8 rad about straight down), a fountain of additive sparks with trails.
        GoldenCase(name: "emitter_scene_confetti", size: CGSize(width: 480, height: 320), scale: 0.5, time: 3) {
            let url = RepositoryFolders.scenes.appendingPathComponent("confetti.yaml")
            guard let scene = try? Scene.load(contentsOf: url) else { return Art.root() }
            return scene.root
        },
    ]

    func testEmitterGoldens() throws {
        let run = GoldenRun.fromEnvironment(directory: GoldenTests.goldenDir)
        if let failure = try run.check(EmitterGoldenTests.cases) { XCTFail(failure) }
    }
}
