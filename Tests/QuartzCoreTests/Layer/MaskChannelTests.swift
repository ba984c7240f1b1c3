import XCTest
@_spi(Lamina) import QuartzCore

/// CALayer.laminaMaskChannel (Lamina's addition, behind `@_spi(Lamina)`): Apple's alpha-read mask by
/// default, luma or inverted luma when asked, carried into presentation copies and the renderer.
/// A 40 × 40 blue layer masked by a 20 × 40 layer over its left half, grey 128/255 and opaque: by
/// alpha the left half shows whole; by luma (128 · 255/255 = 128, Rec. 709 weights summing to 1)
/// at 128/255; by inverted luma at 127/255, and the right half, where the mask is transparent
/// (luma 0), shows whole.
final class MaskChannelTests: XCTestCase {
    private func masked(_ channel: LaminaMaskChannel?) -> CALayer {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        l.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        let m = CALayer()
        m.frame = CGRect(x: 0, y: 0, width: 20, height: 40)
        m.backgroundColor = CGColor(srgbRed: 128 / 255, green: 128 / 255, blue: 128 / 255, alpha: 1)
        l.mask = m
        if let channel { l.laminaMaskChannel = channel }
        return l
    }

    private func pixels(_ root: CALayer) -> [UInt32] {
        CATransaction.flush()
        let r = CARenderer(size: CGSize(width: 40, height: 40))
        r.layer = root
        r.beginFrame(atTime: 0); r.render(); r.endFrame()
        return r.makeImage().premultipliedARGB
    }

    func testDefaultIsApplesAlphaMask() {
        let l = masked(nil)
        XCTAssertEqual(l.laminaMaskChannel, .alpha)
        let px = pixels(l)
        XCTAssertEqual(px[20 * 40 + 10], 0xFF00_00FF)
        XCTAssertEqual(px[20 * 40 + 30], 0)
    }

    func testLuminance() {
        let l = masked(.luminance)
        XCTAssertEqual(l.laminaMaskChannel, .luminance)
        let px = pixels(l)
        XCTAssertEqual(px[20 * 40 + 10], 0x8000_0080)
        XCTAssertEqual(px[20 * 40 + 30], 0)
    }

    func testInverseLuminance() {
        let px = pixels(masked(.inverseLuminance))
        XCTAssertEqual(px[20 * 40 + 10], 0x7F00_007F)
        XCTAssertEqual(px[20 * 40 + 30], 0xFF00_00FF)
    }

    /// Committed and presented like any layer property; changing it runs no action (not animatable).
    func testCarriedIntoPresentationWithoutAnimation() {
        let l = masked(nil)
        CATransaction.flush()
        l.laminaMaskChannel = .inverseLuminance
        CATransaction.flush()
        XCTAssertNil(l.animationKeys())
        XCTAssertEqual(l.presentation()?.laminaMaskChannel, .inverseLuminance)
        XCTAssertEqual(pixels(l)[20 * 40 + 30], 0xFF00_00FF)
    }
}
