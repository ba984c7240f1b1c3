import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
import SDLHost
import Scenes
@testable import lamina

/// `lamina eval` on emitter layers: the layer's own values and each named cell's rates by key path,
/// nested cells included, as the presentation holds them.
final class EvalEmitterTests: XCTestCase {
    override func setUp() {
        CAMediaClock.manualTime = 0
        Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
    }
    override func tearDown() { CAMediaClock.manualTime = nil }

    /// scenes/confetti.yaml at 1.5 s: the fountain's spark rate is half-way through its 3 s
    /// easeInEaseOut animation from 1 to 6 (that curve is symmetric, so 0.5 at half time): 3.5; its
    /// trail cell's rate is the 24 written; the confetti layer's position and seed as written.
    func testEmitterValuesAndCellRates() throws {
        let s = try Scene.load(contentsOf: RepositoryFolders.scenes.appendingPathComponent("confetti.yaml"))
        CATransaction.flush()
        CAMediaClock.manualTime = 1.5
        let text = SceneJSON.presentation(of: s, at: 1.5)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let layers = try XCTUnwrap(object?["layers"] as? [[String: Any]])
        let byName = Dictionary(layers.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        let fountain = try XCTUnwrap(byName["fountain"]), confetti = try XCTUnwrap(byName["confetti"])
        XCTAssertEqual((fountain["emitterCells.spark.birthRate"] as? NSNumber)?.doubleValue ?? -1, 3.5, accuracy: 1e-5)
        XCTAssertEqual((fountain["emitterCells.spark.emitterCells.trail.birthRate"] as? NSNumber)?.doubleValue, 24)
        XCTAssertEqual((confetti["emitterPosition"] as? [NSNumber])?.map(\.doubleValue), [240, -10])
        XCTAssertEqual((confetti["seed"] as? NSNumber)?.intValue, 7)
        XCTAssertEqual((confetti["emitterCells.green.scale"] as? NSNumber)?.doubleValue ?? -1, 0.9, accuracy: 1e-9)
    }
}
