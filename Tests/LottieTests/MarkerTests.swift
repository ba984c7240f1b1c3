import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Markers (`markers`: `cm` name, `tm` frame, `dr` duration), read and played as lottie-ios plays
/// them, on virtual time. rect_linear.json (10 frames at 10 a second) with markers added: "intro"
/// at frame 2 lasting 3, "loop" at 6 lasting 2, "end" at 9.
final class MarkerTests: LottieTestCase {
    private let markers = #"[{"cm":"intro","tm":2,"dr":3},{"cm":"loop","tm":6,"dr":2},{"cm":"end","tm":9,"dr":0}]"#

    private func animation(markers: String) throws -> LottieAnimation {
        var json = try String(contentsOf: fixtureURL("rect_linear.json"), encoding: .utf8)
        let close = try XCTUnwrap(json.lastIndex(of: "}"))
        json.replaceSubrange(close...close, with: ",\"markers\":\(markers)}")
        return try LottieAnimation.from(data: Data(json.utf8))
    }

    private func player() throws -> LottieAnimationLayer {
        let layer = LottieAnimationLayer(animation: try animation(markers: markers))
        CATransaction.flush()
        return layer
    }

    func testMarkersAreRead() throws {
        let a = try animation(markers: markers)
        XCTAssertEqual(a.markerNames, ["intro", "loop", "end"])
        XCTAssertEqual(a.frameTime(forMarker: "loop"), 6)
        XCTAssertEqual(a.durationFrameTime(forMarker: "intro"), 3)
        XCTAssertEqual(a.progressTime(forMarker: "end"), 0.9)
        XCTAssertNil(a.frameTime(forMarker: "nope"))
        XCTAssertEqual(try animation(markers: "[]").markerNames, [])
    }

    /// From one marker to another: frames follow media time from the first's frame, ending on the
    /// second's (or a frame before it), then complete.
    func testPlayFromMarkerToMarker() throws {
        let layer = try player()
        var done: [Bool] = []
        layer.play(fromMarker: "intro", toMarker: "end") { done.append($0) }
        at(0)
        XCTAssertClose(Double(layer.currentFrame), 2, 1e-9)
        at(0.4)
        XCTAssertClose(Double(layer.currentFrame), 6, 1e-9)
        at(1)
        XCTAssertEqual(done, [true])
        XCTAssertClose(Double(layer.currentFrame), 9, 1e-9)

        layer.play(fromMarker: "intro", toMarker: "loop", playEndMarkerFrame: false)
        at(2)
        XCTAssertClose(Double(layer.currentFrame), 5, 1e-9, "a frame before the end marker")
    }

    /// One marker: from its frame for its duration.
    func testPlayMarker() throws {
        let layer = try player()
        var done: [Bool] = []
        layer.play(marker: "intro") { done.append($0) }
        at(0.1)
        XCTAssertClose(Double(layer.currentFrame), 3, 1e-9)
        at(0.5)
        XCTAssertEqual(done, [true])
        XCTAssertClose(Double(layer.currentFrame), 5, 1e-9)
    }

    /// A list of markers, one after the other, skipping a name the file does not hold; the
    /// completion hears true once, after the last.
    func testPlayMarkersInSequence() throws {
        let layer = try player()
        var done: [Bool] = []
        layer.play(markers: ["intro", "nope", "loop"]) { done.append($0) }
        at(0.2)
        XCTAssertClose(Double(layer.currentFrame), 4, 1e-9)
        at(0.35)
        XCTAssertEqual(done, [])
        // "loop" begins when "intro" completes (at 0.3 s): frame 6 + 10 × (t − 0.3).
        at(0.4)
        XCTAssertClose(Double(layer.currentFrame), 7, 0.5)
        at(1)
        XCTAssertEqual(done, [true])
        XCTAssertClose(Double(layer.currentFrame), 8, 1e-9)
    }

    /// A marker name the file does not hold plays nothing (lottie-ios's rule).
    func testUnknownMarkerDoesNothing() throws {
        let layer = try player()
        layer.play(fromMarker: "intro", toMarker: "nope")
        XCTAssertFalse(layer.isAnimationPlaying)
        layer.play(marker: "nope")
        XCTAssertFalse(layer.isAnimationPlaying)
    }

    /// A marker without a frame, or with one that is not a number, is noted and left out (the rest
    /// plays); a negative duration is kept, as lottie-ios keeps it (lottie-ios's Issues/issue_1915 has one).
    func testMalformedMarkersAreNotedAndLeftOut() throws {
        let a = try animation(markers: #"[{"cm":"a","tm":1},{"cm":"b"},{"cm":"c","tm":"x"},7,{"cm":"d","tm":2,"dr":-4}]"#)
        XCTAssertEqual(a.markerNames, ["a", "d"])
        XCTAssertEqual(a.diagnostics.map(\.path), ["markers[1]", "markers[2]", "markers[3]"])
        XCTAssertEqual(a.durationFrameTime(forMarker: "d"), -4)
        XCTAssertEqual(a.durationFrameTime(forMarker: "a"), 0)
    }
}
