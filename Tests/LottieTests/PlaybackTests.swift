import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Playback on virtual time: the frame shown follows media time through the layer timing alone.
/// rect_linear.json has 10 frames at 10 a second (1 s); its square's centre x is 50 + 10 · frame.
final class PlaybackTests: LottieTestCase {
    private func player(_ mode: LottieLoopMode = .playOnce) throws -> LottieAnimationLayer {
        let layer = LottieAnimationLayer(animation: try load("rect_linear.json"))
        layer.loopMode = mode
        CATransaction.flush()
        return layer
    }

    /// The square's centre x drawn at t0 + dt.
    private func drawnX(_ layer: CALayer, _ dt: Double) -> Double? {
        render(layer, width: 200, height: 200, at: t0 + dt).centroid().map { Double($0.x) }
    }

    func testPlayOnceFollowsMediaTimeAndCompletes() throws {
        let layer = try player()
        var completions: [Bool] = []
        layer.play { completions.append($0) }
        XCTAssertTrue(layer.isAnimationPlaying)
        at(0.5)
        XCTAssertClose(Double(layer.currentFrame), 5, 1e-9)
        XCTAssertClose(Double(layer.currentProgress), 0.5, 1e-9)
        XCTAssertClose(layer.currentTime, 0.5, 1e-9)
        XCTAssertClose(drawnX(layer, 0.5), 100, 0.05)
        XCTAssertEqual(completions, [])
        at(1.5)
        XCTAssertEqual(completions, [true])
        XCTAssertFalse(layer.isAnimationPlaying)
        XCTAssertClose(Double(layer.currentFrame), 10, 1e-9, "stays on the last frame")
        XCTAssertClose(drawnX(layer, 1.5), 150, 0.05)
    }

    func testLoopModes() throws {
        // (mode, time, expected frame)
        let cases: [(LottieLoopMode, Double, Double)] = [
            (.loop, 1.25, 2.5), (.loop, 3.75, 7.5),
            (.autoReverse, 1.25, 7.5), (.autoReverse, 2.25, 2.5),
            (.repeat(2), 1.5, 5), (.repeat(2), 2.5, 10),
            (.repeatBackwards(1), 0.5, 5), (.repeatBackwards(1), 1.5, 5), (.repeatBackwards(1), 2.5, 0),
        ]
        for (mode, t, expected) in cases {
            at(0)
            let layer = try player(mode)
            layer.play()
            at(t)
            XCTAssertClose(Double(layer.currentFrame), expected, 1e-6, "\(mode) at \(t) s")
            XCTAssertClose(drawnX(layer, t), 50 + 10 * expected, 0.05, "\(mode) at \(t) s, drawn")
        }
    }

    func testRepeatEndsAndCompletes() throws {
        let layer = try player(.repeat(2))
        var done = false
        layer.play { done = $0 }
        at(1.9)
        XCTAssertTrue(layer.isAnimationPlaying); XCTAssertFalse(done)
        at(2.1)
        XCTAssertFalse(layer.isAnimationPlaying); XCTAssertTrue(done)
    }

    func testSpeedAndRanges() throws {
        let layer = try player()
        layer.animationSpeed = 2
        layer.play()
        at(0.25)
        XCTAssertClose(Double(layer.currentFrame), 5, 1e-9, "twice as fast")

        at(1)
        layer.animationSpeed = 1
        layer.play(fromFrame: 8, toFrame: 2)
        at(1.3)
        XCTAssertClose(Double(layer.currentFrame), 5, 1e-9, "backwards from 8 to 2")
        XCTAssertClose(drawnX(layer, 1.3), 100, 0.05)

        layer.play(fromProgress: 0.5, toProgress: 1, loopMode: .loop)
        XCTAssertEqual(layer.loopMode, .loop)
        at(1.5)
        XCTAssertClose(Double(layer.currentProgress), 0.7, 1e-9)
        at(1.9)
        XCTAssertClose(Double(layer.currentProgress), 0.6, 1e-9, "loops within 0.5...1")
    }

    func testPauseStopAndSettingTheFrame() throws {
        let layer = try player()
        var completions: [Bool] = []
        layer.play { completions.append($0) }
        at(0.3)
        layer.pause()
        XCTAssertEqual(completions, [false])
        XCTAssertFalse(layer.isAnimationPlaying)
        at(0.8)
        XCTAssertClose(Double(layer.currentFrame), 3, 1e-9)
        XCTAssertClose(drawnX(layer, 0.8), 80, 0.05)
        layer.currentProgress = 0.9
        XCTAssertClose(drawnX(layer, 0.8), 140, 0.05)
        layer.currentTime = 0.2
        XCTAssertClose(Double(layer.currentFrame), 2, 1e-9)
        layer.play(fromFrame: nil, toFrame: 10)
        at(1.0)
        XCTAssertClose(Double(layer.currentFrame), 4, 1e-9, "from the current frame")
        layer.stop()
        XCTAssertClose(Double(layer.currentFrame), 0, 1e-9)
        XCTAssertClose(drawnX(layer, 1.0), 50, 0.05)
    }

    /// Changing the loop mode while playing goes on from the frame shown.
    func testChangingLoopModeInFlight() throws {
        let layer = try player()
        layer.play()
        at(0.6)
        layer.loopMode = .autoReverse
        XCTAssertTrue(layer.isAnimationPlaying)
        at(1.2)
        XCTAssertClose(Double(layer.currentFrame), 8, 1e-6, "6 → 10 in 0.4 s, back to 8 in 0.2 s")
        at(1.5)
        XCTAssertClose(Double(layer.currentFrame), 7, 1e-6, "back to 6 at 1.4 s, on to 7")
    }

    /// The same engine as every other layer: an ancestor's speed 0 and time offset pause and move it.
    func testAncestorTimingControlsPlayback() throws {
        let host = CALayer()
        host.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let layer = try player(.loop)
        host.addSublayer(layer)
        CATransaction.flush()
        layer.play()
        at(0.4)
        // Freeze the host at its current time (Apple's pause recipe).
        let paused = host.convertTime(CACurrentMediaTime(), from: nil)
        host.speed = 0
        host.timeOffset = paused
        CATransaction.flush()
        at(0.9)
        XCTAssertClose(Double(layer.currentFrame), 4, 1e-6)
        XCTAssertClose(drawnX(host, 0.9), 90, 0.05)
    }

    /// contentMode fits the 200 × 200 composition in 600 × 400 bounds: aspect fit scales by 2 and
    /// centres (x offset 100), scale to fill stretches 3 × 2, top left keeps the natural size.
    func testContentModeFitting() throws {
        let layer = try player()
        layer.bounds = CGRect(x: 0, y: 0, width: 600, height: 400)
        layer.position = CGPoint(x: 300, y: 200)
        layer.contentMode = .scaleAspectFit
        layer.currentFrame = 5
        CATransaction.flush()
        var img = render(layer, width: 600, height: 400, at: CACurrentMediaTime())
        XCTAssertClose(img.centroid().map { Double($0.x) }, 300, 0.05, "100 + 2 · 100")
        XCTAssertClose(img.centroid().map { Double($0.y) }, 200, 0.05)
        XCTAssertClose(img.coverage(), 6400, 2)
        layer.contentMode = .scaleToFill
        CATransaction.flush()
        img = render(layer, width: 600, height: 400, at: CACurrentMediaTime())
        XCTAssertClose(img.coverage(), 9600, 2, "stretched 3 × 2")
        XCTAssertClose(img.centroid().map { Double($0.x) }, 300, 0.05)
        layer.contentMode = .topLeft
        CATransaction.flush()
        img = render(layer, width: 600, height: 400, at: CACurrentMediaTime())
        XCTAssertClose(img.centroid().map { Double($0.x) }, 100, 0.05)
        XCTAssertClose(img.coverage(), 1600, 1)
    }
}
