import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// A layer's start time (`st`) moves a precomposition's inner frames only: the keyframes of a layer,
/// and of its parents, are frames of the composition that holds it, like its in and out points
/// (lottie-ios, rlottie and ThorVG; After Effects exports a trimmed layer with `st` before its in
/// point and its keyframes where they are). start_time.json: a red square (st −18, shown from frame 5)
/// moving x 10 → 110 over frames 5...15, and a blue one placed by a null (st −10) moving 0 → 100 over
/// the same frames, so both centres are at x = 10 + 10 · (f − 5) for f in 5...15; and a
/// time-remapped precomposition (st 7) whose remap goes 0 → 1 s over host frames 0...10 (10 fps), so
/// its square (x 10 → 110 over its frames 0...10) is at x = 10 + 10 · f: the remap, a property of the
/// layer, is read at the host's frame, not at frame − st.
final class StartTimeTests: LottieTestCase {
    private func x(_ img: CGImage, band y: Int) -> Double? { img.cropping(rows: y..<(y + 30)).centroid().map { Double($0.x) } }

    func testKeyframesAreCompositionFramesWhateverTheStartTime() throws {
        let a = try load("start_time.json")
        // Frame 10 is halfway: x 60. Shifted by st the square would be at local frame 28 (x 110).
        XCTAssertClose(x(frame(a, 10), band: 0), 60, 0.05)
        XCTAssertClose(x(frame(a, 5), band: 0), 10, 0.05)
        XCTAssertClose(x(frame(a, 13), band: 0), 90, 0.05)
        // Before its in point (5) the square is not drawn.
        XCTAssertNil(x(frame(a, 4), band: 0))
    }

    func testParentKeyframesAreCompositionFramesWhateverTheStartTime() throws {
        let a = try load("start_time.json")
        XCTAssertClose(x(frame(a, 10), band: 30), 60, 0.05)
        XCTAssertClose(x(frame(a, 7), band: 30), 30, 0.05)
        XCTAssertClose(x(frame(a, 20), band: 30), 110, 0.05)
    }

    func testTimeRemapIsReadAtTheHostFrame() throws {
        let a = try load("start_time.json")
        // Read at frame − 7 the remap would still be 0 s at frame 5 (x 10).
        XCTAssertClose(x(frame(a, 5), band: 60), 60, 0.05)
        XCTAssertClose(x(frame(a, 2), band: 60), 30, 0.05)
        XCTAssertClose(x(frame(a, 9), band: 60), 100, 0.05)
    }
}
