import XCTest
import LaminaTestSupport
import Foundation
@testable import QuartzCore
import Lottie

/// Virtual time from t0 = 100 s, diagnostics captured, and helpers that render layers to pixels
/// with CARenderer and measure what was drawn.
class LottieTestCase: XCTestCase {
    /// The diagnostics reported since `setUp` (the handler may be called on any thread).
    let laminaLog = MessageLog()
    var laminaMessages: [String] {
        get { laminaLog.messages }
        set { laminaLog.messages = newValue }
    }
    let t0: CFTimeInterval = 100

    override func setUp() {
        super.setUp()
        CAMediaClock.manualTime = t0
        CATransaction.flush()
        AnimationRuntime.shared.reset()
        laminaMessages = []
        let log = laminaLog
        LaminaDiagnostics.handler = { log.append($0) }
    }

    override func tearDown() {
        CATransaction.flush()
        // The engine reports bad animations (keyTimes, values) here: the layers built must have none.
        XCTAssertEqual(laminaMessages.filter { !$0.hasPrefix("Lottie:") }, [])
        LaminaDiagnostics.handler = nil
        CAMediaClock.manualTime = nil
        super.tearDown()
    }

    /// Moves virtual time to t0 + dt and delivers what is due (completions, removals).
    func at(_ dt: Double) {
        CAMediaClock.manualTime = t0 + dt
        CATransaction.flush()
    }

    /// The fixture `name` (in Fixtures/).
    func fixtureURL(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    }

    /// The fixture `name`, read (failing the test when it cannot be).
    func load(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> LottieAnimation {
        do { return try LottieAnimation(contentsOf: fixtureURL(name)) } catch {
            XCTFail("\(name): \(error)", file: file, line: line)
            throw error
        }
    }

    /// `root` drawn at media time `t` into a `width` × `height` image (root committed first).
    func render(_ root: CALayer, width: Int, height: Int, at t: CFTimeInterval) -> CGImage {
        CATransaction.flush()
        let r = CARenderer(size: CGSize(width: width, height: height))
        r.layer = root
        r.beginFrame(atTime: t)
        r.render()
        r.endFrame()
        return r.makeImage()
    }

    /// A layer playing `animation` held at composition frame `frame`, drawn at its natural size.
    func frame(_ animation: LottieAnimation, _ frame: Double) -> CGImage {
        let layer = LottieAnimationLayer(animation: animation)
        layer.currentFrame = CGFloat(frame)
        return render(layer, width: Int(animation.size.width), height: Int(animation.size.height), at: CACurrentMediaTime())
    }
}

/// Reading pixels (premultiplied ARGB).
extension CGImage {
    func alpha(_ x: Int, _ y: Int) -> Int { Int(pixel(x: x, y: y) >> 24) }
    func red(_ x: Int, _ y: Int) -> Int { Int((pixel(x: x, y: y) >> 16) & 0xFF) }
    func green(_ x: Int, _ y: Int) -> Int { Int((pixel(x: x, y: y) >> 8) & 0xFF) }
    func blue(_ x: Int, _ y: Int) -> Int { Int(pixel(x: x, y: y) & 0xFF) }

    /// The coverage-weighted centre of what is drawn (alpha as weight, pixel centres at +0.5).
    func centroid() -> CGPoint? {
        var sx = 0.0, sy = 0.0, sw = 0.0
        for y in 0..<height { for x in 0..<width {
            let a = Double(alpha(x, y))
            guard a > 0 else { continue }
            sx += a * (Double(x) + 0.5); sy += a * (Double(y) + 0.5); sw += a
        } }
        return sw > 0 ? CGPoint(x: sx / sw, y: sy / sw) : nil
    }

    /// The drawn area in pixels (coverage summed).
    func coverage() -> Double {
        var s = 0.0
        for y in 0..<height { for x in 0..<width { s += Double(alpha(x, y)) / 255 } }
        return s
    }

    /// The smallest rectangle of pixels with alpha above half.
    func opaqueExtent() -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var r: (Int, Int, Int, Int)?
        for y in 0..<height { for x in 0..<width where alpha(x, y) > 127 {
            r = r.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
        } }
        return r.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }
}

/// Compares two numbers within `tol`.
func XCTAssertClose(_ a: Double?, _ b: Double, _ tol: Double, _ msg: String = "", file: StaticString = #filePath, line: UInt = #line) {
    guard let a else { XCTFail("nil is not \(b) \(msg)", file: file, line: line); return }
    XCTAssert(abs(a - b) <= tol, "\(a) is not within \(tol) of \(b) \(msg)", file: file, line: line)
}
