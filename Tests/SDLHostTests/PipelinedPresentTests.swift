import XCTest
import Synchronization
import QuartzCore
@_spi(LaminaInternal) import QuartzCore
import CSDL2
@testable import SDLHost

/// The pipelined render loop (each frame presented while the next is rasterised on the overlap
/// thread), on virtual time: every frame rendered is presented once, in order, none dropped or
/// shown twice, each with the pixels drawn for its own time (the same frames, byte for byte, as the
/// loop that presents each frame before drawing the next), and the run joins its thread.
final class PipelinedPresentTests: OffscreenClockTestCase {
    private struct Run {
        var images: [[UInt32]]
        /// What the window's framebuffer showed after each present (its colour channels).
        var shown: [[UInt32]]
        var times: [CFTimeInterval]
        var last: [UInt32]
        var framesRendered: Int
        var jobs: Int
    }

    /// Runs `frames` frames of a dot moving 1 point a frame (60 points a second at 60 Hz) across a
    /// blue window, recording every present.
    private func record(frames: Int, pipelined: Bool) throws -> Run {
        if pipelined { unsetenv("LAMINA_PIPELINE") } else { setenv("LAMINA_PIPELINE", "0", 1) }
        // The window's own framebuffer, read back after each present.
        setenv("LAMINA_PRESENT", "surface", 1)
        defer { unsetenv("LAMINA_PIPELINE"); unsetenv("LAMINA_PRESENT") }
        CAMediaClock.manualTime = Self.startTime
        CAMediaClock.timeBase = MediaTimeBase()
        let host = try WindowHost(title: "pipeline", size: CGSize(width: 200, height: 40))
        host.virtualTime = true
        host.virtualFramePeriod = 1.0 / 60
        host.keepsLastFrame = true
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 10, width: 4, height: 4)
        dot.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(dot)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 2
        move.toValue = 182
        move.duration = 3
        dot.add(move, forKey: "move")
        host.layer = root
        let recorded = Recorded()
        // (The window as an address: the hook runs on the render thread, which owns SDL.)
        let window = UInt(bitPattern: host.window)
        host.onPresent = { image, t in
            var shown: [UInt32] = []
            if let w = OpaquePointer(bitPattern: window), let surface = SDL_GetWindowSurface(w) {
                let pitch = Int(surface.pointee.pitch) / 4, width = Int(surface.pointee.w), height = Int(surface.pointee.h)
                let px = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
                for y in 0..<height { for x in 0..<width { shown.append(px[y * pitch + x] & 0xFF_FFFF) } }
            }
            recorded.frames.withLock { $0.append((image.premultipliedARGB, t)) }
            recorded.shown.withLock { $0.append(shown) }
        }
        let jobs = OverlapThread.jobsRun
        host.run(frames: frames)
        let got = recorded.frames.withLock { $0 }
        XCTAssertEqual(host.presentation, "window surface")
        return Run(images: got.map(\.0), shown: recorded.shown.withLock { $0 }, times: got.map(\.1), last: try XCTUnwrap(host.lastFrame).premultipliedARGB,
                   framesRendered: host.handle.frameCount, jobs: OverlapThread.jobsRun - jobs)
    }

    func testEveryFrameIsPresentedOnceInOrderWithItsOwnPixels() throws {
        let alive = OverlapThread.alive
        let piped = try record(frames: 30, pipelined: true)
        XCTAssertEqual(OverlapThread.alive, alive, "the run joined its overlap thread")
        // Frames 2...30 were rasterised on the overlap thread while the one before was presented.
        XCTAssertEqual(piped.jobs, 29)
        XCTAssertEqual(piped.images.count, 30)
        XCTAssertEqual(piped.framesRendered, 30)
        for i in 1..<piped.times.count {
            XCTAssertEqual(piped.times[i] - piped.times[i - 1], 1.0 / 60, accuracy: 1e-9, "frame \(i): one period after the one before")
            XCTAssertTrue(piped.images[i] != piped.images[i - 1], "frame \(i) is a new frame, not the last one again")
        }
        // Each frame shows the dot where it is at that frame's time: its left edge 1 point a frame on.
        var offset: Int?
        for (i, image) in piped.images.enumerated() {
            let red = image.indices.filter { image[$0] & 0xFF_0000 > 0x80_0000 }.map { $0 % 200 }
            let left = try XCTUnwrap(red.min(), "frame \(i) shows the dot")
            if offset == nil { offset = left - i; XCTAssertTrue((0...1).contains(left), "frame 0's dot at \(left)") }
            XCTAssertEqual(left - i, offset, "frame \(i)'s dot")
        }
        XCTAssertTrue(piped.last == piped.images.last, "lastFrame is the last frame presented")
        // The window showed each frame (staged before the next one was drawn over the renderer's buffer).
        XCTAssertEqual(piped.shown.count, piped.images.count)
        for (i, image) in piped.images.enumerated() where i < piped.shown.count && piped.shown[i] != image.map({ $0 & 0xFF_FFFF }) {
            XCTFail("frame \(i): the window shows other pixels than the frame's")
        }

        let serial = try record(frames: 30, pipelined: false)
        XCTAssertEqual(serial.jobs, 0)
        XCTAssertEqual(serial.times, piped.times)
        XCTAssertEqual(serial.images.count, piped.images.count)
        for i in 0..<min(serial.images.count, piped.images.count) where serial.images[i] != piped.images[i] || serial.shown[i] != piped.shown[i] {
            XCTFail("frame \(i) differs from the one the loop that presents before drawing the next shows")
        }
    }
}

/// The frames `onPresent` handed on (render thread appends, the test reads after `run()`).
private final class Recorded: Sendable {
    let frames = Mutex<[([UInt32], CFTimeInterval)]>([])
    let shown = Mutex<[[UInt32]]>([])
}
