import XCTest
@_spi(LaminaInternal) import QuartzCore

final class RenderSmokeTests: XCTestCase {
    func testSmokeScene() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
        root.position = CGPoint(x: 100, y: 75)
        root.backgroundColor = CGColor(srgbRed: 0.95, green: 0.95, blue: 0.9, alpha: 1)
        let a = CALayer()
        a.frame = CGRect(x: 10, y: 10, width: 80, height: 60)
        a.backgroundColor = CGColor(srgbRed: 0.9, green: 0.2, blue: 0.2, alpha: 1)
        a.cornerRadius = 12
        a.borderWidth = 3
        a.borderColor = CGColor(srgbRed: 0, green: 0, blue: 0.5, alpha: 1)
        root.addSublayer(a)
        let b = CALayer()
        b.frame = CGRect(x: 100, y: 30, width: 80, height: 80)
        b.backgroundColor = CGColor(srgbRed: 0.2, green: 0.6, blue: 0.9, alpha: 1)
        b.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        b.shadowOpacity = 0.6
        b.shadowRadius = 5
        b.shadowOffset = CGSize(width: 4, height: 6)
        root.addSublayer(b)
        let g = CAGradientLayer()
        g.frame = CGRect(x: 20, y: 90, width: 70, height: 50)
        g.colors = [CGColor(srgbRed: 1, green: 1, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 0.5, blue: 0, alpha: 1)]
        g.startPoint = CGPoint(x: 0, y: 0.5); g.endPoint = CGPoint(x: 1, y: 0.5)
        root.addSublayer(g)
        CATransaction.flush()
        let r = CARenderer(size: CGSize(width: 200, height: 150), scale: 1)
        r.layer = root
        r.beginFrame(atTime: 0)
        r.render()
        r.endFrame()
        let img = r.makeImage()
        if let dir = ProcessInfo.processInfo.environment["LAMINA_DUMP"] {
            var ppm = "P6 \(img.width) \(img.height) 255\n".data(using: .ascii)!
            for p in img.premultipliedARGB {
                ppm.append(UInt8((p >> 16) & 255)); ppm.append(UInt8((p >> 8) & 255)); ppm.append(UInt8(p & 255))
            }
            try ppm.write(to: URL(fileURLWithPath: dir + "/smoke.ppm"))
        }
        XCTAssertEqual(img.pixel(x: 50, y: 40) >> 24, 255)
    }
}
