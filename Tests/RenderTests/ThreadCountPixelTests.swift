import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// `lamina render` splits a frame into bands on several threads (`--threads`, by default the cores
/// up to 4), claiming the same pixels as one thread: every scene in scenes/ and scenes/bench/ is
/// drawn on one thread and on three, and the frames are compared pixel for pixel.
final class ThreadCountPixelTests: XCTestCase {
    override func tearDown() { CAMediaClock.manualTime = nil }

    /// The frame of the scene at `url` at `time`, drawn on `threads` threads at `scale`.
    private func frame(_ url: URL, at time: CFTimeInterval, threads: Int, scale: CGFloat) throws -> (pixels: [UInt32], size: CGSize) {
        CAMediaClock.manualTime = 0
        let scene = try Scene.load(contentsOf: url)
        CATransaction.flush()
        let r = CARenderer(size: scene.size, scale: scale)
        r.threads = threads
        r.layer = scene.root
        let scheduler = FrameScheduler(clock: .virtual, renderer: r)
        scheduler.advance(to: time, step: nil)
        try scheduler.frame()
        let image = r.makeImage()
        return (image.premultipliedARGB, scene.size)
    }

    func testEveryBundledSceneDrawsTheSamePixelsOnOneThreadAndOnThree() throws {
        let folder = RepositoryFolders.scenes
        let names = try (FileManager.default.contentsOfDirectory(atPath: folder.path).map { $0 }
                         + FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("bench").path).map { "bench/" + $0 })
            .filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThan(names.count, 15, "the scenes are found")
        var checked = 0
        for name in names {
            let url = folder.appendingPathComponent(name)
            // Large bench scenes at half scale keep the test short; the shadowed one at full scale
            // (its groups and shadows are then over the size blurred whole, cut to each band).
            let scale: CGFloat = name.hasPrefix("bench/") && name != "bench/shadowed-replicas.yaml" ? 0.5 : 1
            let one = try frame(url, at: 0.8, threads: 1, scale: scale)
            let three = try frame(url, at: 0.8, threads: 3, scale: scale)
            XCTAssertEqual(one.pixels.count, three.pixels.count, name)
            let differing = zip(one.pixels, three.pixels).enumerated().filter { $0.element.0 != $0.element.1 }
            if let first = differing.first {
                let w = Int((one.size.width * scale).rounded())
                XCTFail("\(name): \(differing.count) pixels differ between 1 and 3 threads; first at (\(first.offset % w), \(first.offset / w)): "
                        + "\(String(first.element.0, radix: 16)) vs \(String(first.element.1, radix: 16))")
            }
            XCTAssertTrue(one.pixels.contains { $0 != one.pixels[0] }, "\(name) draws something")
            checked += 1
        }
        XCTAssertEqual(checked, names.count)
    }
}
