import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Reading files: the model's times, lottie-ios's loading calls, located errors and diagnostics.
final class LoadingTests: LottieTestCase {
    func testModelTimes() throws {
        let a = try load("rect_linear.json")
        XCTAssertEqual(a.startFrame, 0); XCTAssertEqual(a.endFrame, 10); XCTAssertEqual(a.framerate, 10)
        XCTAssertEqual(a.duration, 1)
        XCTAssertEqual(a.size, CGSize(width: 200, height: 200))
        XCTAssertEqual(a.bounds, CGRect(x: 0, y: 0, width: 200, height: 200))
        XCTAssertEqual(a.time(forFrame: 5), 0.5)
        XCTAssertEqual(a.progressTime(forFrame: 2.5), 0.25)
        XCTAssertEqual(a.progressTime(forFrame: 20), 1)
        XCTAssertEqual(a.progressTime(forFrame: 20, clamped: false), 2)
        XCTAssertEqual(a.frameTime(forProgress: 0.5), 5)
        XCTAssertEqual(a.diagnostics, [])
    }

    /// Code written as lottie-ios's README shows compiles and plays.
    func testReadmeStyleUsage() throws {
        let bundle = try XCTUnwrap(Bundle(path: fixtureURL("").path))
        let animation = LottieAnimation.named("rect_linear", bundle: bundle)
        XCTAssertNotNil(animation)
        let animationLayer = LottieAnimationLayer(animation: animation)
        animationLayer.loopMode = .loop
        animationLayer.animationSpeed = 0.5
        animationLayer.play()
        animationLayer.play(fromProgress: 0, toProgress: 1, loopMode: .playOnce, completion: { finished in _ = finished })
        animationLayer.play(fromFrame: 0, toFrame: 5, loopMode: .repeat(2))
        animationLayer.pause()
        animationLayer.stop()
        XCTAssertFalse(animationLayer.isAnimationPlaying)
        XCTAssertNotNil(LottieAnimation.filepath(fixtureURL("hold.json").path))
        XCTAssertNil(LottieAnimation.named("no_such_animation", bundle: bundle))
        XCTAssertTrue(laminaMessages.contains { $0.contains("no_such_animation") })
    }

    private func error(_ json: String) -> LottieLoadError? {
        do { _ = try LottieAnimation.from(data: Data(json.utf8)); return nil } catch let e as LottieLoadError { return e } catch {
            XCTFail("not a LottieLoadError: \(error)"); return nil
        }
    }

    private let header = #""v":"5.7.0","fr":30,"ip":0,"op":60,"w":100,"h":100"#

    func testMalformedJSONGivesLocatedErrors() throws {
        let syntax = try XCTUnwrap(error("{\"fr\": 30,"))
        XCTAssertEqual(syntax.path, "(top level)"); XCTAssertTrue(syntax.message.hasPrefix("expected JSON"), syntax.message)

        let missing = try XCTUnwrap(error(#"{"fr":30,"ip":0,"op":60,"h":100,"layers":[]}"#))
        XCTAssertEqual(missing.path, "w"); XCTAssertEqual(missing.message, "expected \"w\", the width")

        let badTime = try XCTUnwrap(error("{\(header),\"layers\":[{\"ty\":4,\"ip\":0,\"op\":60,\"ks\":{\"p\":{\"a\":1,\"k\":[{\"t\":\"zero\",\"s\":[0,0]}]}},\"shapes\":[]}]}"))
        XCTAssertEqual(badTime.path, "layers[0].ks.p.k[0].t"); XCTAssertEqual(badTime.message, "expected a number")

        let badPoint = try XCTUnwrap(error("{\(header),\"layers\":[{\"ty\":4,\"ip\":0,\"op\":60,\"shapes\":[{\"ty\":\"rc\",\"s\":{\"a\":0,\"k\":[10,\"x\"]}}]}]}"))
        XCTAssertEqual(badPoint.path, "layers[0].shapes[0].s.k[1]")

        let decreasing = try XCTUnwrap(error("{\(header),\"layers\":[{\"ty\":4,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":1,\"k\":[{\"t\":5,\"s\":[0]},{\"t\":2,\"s\":[100]}]}}}]}"))
        XCTAssertEqual(decreasing.path, "layers[0].ks.o.k[1].t")

        let cycle = try XCTUnwrap(error("{\(header),\"layers\":[{\"ty\":3,\"ind\":1,\"parent\":2,\"ip\":0,\"op\":60},{\"ty\":3,\"ind\":2,\"parent\":1,\"ip\":0,\"op\":60}]}"))
        XCTAssertEqual(cycle.path, "layers[0].parent"); XCTAssertTrue(cycle.message.contains("cycle"))
    }

    func testAbsurdSizesAndDeepNestingAreErrors() throws {
        let huge = try XCTUnwrap(error(#"{"fr":30,"ip":0,"op":60,"w":1e9,"h":100,"layers":[]}"#))
        XCTAssertEqual(huge.path, "w"); XCTAssertTrue(huge.message.contains("32768"), huge.message)
        XCTAssertEqual(try XCTUnwrap(error(#"{"fr":0,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#)).path, "fr")
        XCTAssertEqual(try XCTUnwrap(error(#"{"fr":30,"ip":0,"op":1e300,"w":10,"h":10,"layers":[]}"#)).path, "op")
        XCTAssertEqual(try XCTUnwrap(error("{\(header),\"layers\":[{\"ty\":1,\"ip\":0,\"op\":60,\"sw\":1e12,\"sh\":10}]}")).path, "layers[0].sw")

        // Groups 200 deep.
        let deep = String(repeating: #"{"ty":"gr","it":["#, count: 200) + String(repeating: "]}", count: 200)
        let groups = try XCTUnwrap(error("{\(header),\"layers\":[{\"ty\":4,\"ip\":0,\"op\":60,\"shapes\":[\(deep)]}]}"))
        XCTAssertTrue(groups.message.contains("nested at most 64"), groups.message)
        XCTAssertTrue(groups.path.hasPrefix("layers[0].shapes[0].it[0].it[0]"), groups.path)

        // JSON nested far deeper than any file: an error, not a crash.
        let arrays = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertNotNil(error("{\(header),\"layers\":\(arrays)}"))
    }

    func testMessagesEscapeControlCharacters() throws {
        let e = try XCTUnwrap(error("{\(header),\"layers\":[{\"ty\":1,\"ip\":0,\"op\":60,\"sw\":10,\"sh\":10,\"sc\":\"#\\u001b[31m\"}]}"))
        XCTAssertEqual(e.path, "layers[0].sc")
        XCTAssertTrue(e.description.contains("\\u{1B}[31m"), e.description)
        XCTAssertFalse(e.description.contains("\u{1B}"))
    }

    func testMissingFileIsALocatedError() {
        let url = fixtureURL("missing.json")
        XCTAssertThrowsError(try LottieAnimation(contentsOf: url)) { e in
            let l = e as? LottieLoadError
            XCTAssertEqual(l?.file, url.path)
            XCTAssertTrue(l?.message.hasPrefix("cannot read the file") ?? false)
        }
    }

    /// Everything not drawn yet is named once, with its JSON path; what is drawn still draws.
    func testUnsupportedFeaturesAreDiagnosed() throws {
        let a = try load("unsupported.json")
        let found = Set(a.diagnostics.map(\.path))
        XCTAssertEqual(found, ["layers[1].bm", "layers[1].masksProperties[0].mode",
                               "layers[1].ks.p.x", "layers[1].ks.rx", "layers[1].shapes[1]"])
        XCTAssertEqual(a.diagnostics.count, found.count, "each once")
        XCTAssertTrue(a.diagnostics.contains { $0.path == "layers[1].shapes[1]" && $0.message.contains("pucker/bloat") })
        let layer = LottieAnimationLayer(animation: a)
        XCTAssertEqual(layer.diagnostics, a.diagnostics)
        XCTAssertClose(frame(a, 0).coverage(), 1600, 1, "the rectangle is still drawn")
    }
}
