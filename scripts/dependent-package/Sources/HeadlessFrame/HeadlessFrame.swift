import QuartzCore

/// A 200x120-point frame drawn headless at scale 1: a white background, "Lamina" in black
/// 28-point text (the default font, no setup), and a PNG image in a 64x64 layer at the right.
public enum HeadlessFrame {
    /// Where the text layer is, in points (and pixels: the scale is 1).
    public static let textFrame = CGRect(x: 10, y: 40, width: 120, height: 40)
    /// Where the image layer is.
    public static let imageFrame = CGRect(x: 126, y: 28, width: 64, height: 64)

    /// The frame at t = 0.5 s of virtual time, the image read from `png`.
    public static func render(png: URL) throws -> CGImage {
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
        root.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        let text = CATextLayer()
        text.frame = textFrame
        text.string = "Lamina"
        text.fontSize = 28
        text.foregroundColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
        root.addSublayer(text)
        let image = CALayer()
        image.frame = imageFrame
        image.contents = ImageDecoder.image(contentsOf: png)
        root.addSublayer(image)
        CATransaction.flush()
        let renderer = CARenderer(size: root.bounds.size, scale: 1)
        renderer.layer = root
        renderer.beginFrame(atTime: 0.5, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        return renderer.makeImage()
    }
}
