// A CMake project using Lamina: one layer tree, rendered headless with CARenderer, half-way
// through an animation on virtual time.
import QuartzCore

CAMediaClock.manualTime = 0                       // virtual time: frames are exact
let root = CALayer()
root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
root.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
let box = CALayer()
box.frame = CGRect(x: 16, y: 8, width: 32, height: 32)
box.cornerRadius = 6
box.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
root.addSublayer(box)
CATransaction.flush()

let fade = CABasicAnimation(keyPath: "backgroundColor")
fade.fromValue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
fade.toValue = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
fade.duration = 1
fade.beginTime = 0
box.add(fade, forKey: "fade")
CATransaction.flush()

let renderer = CARenderer(size: CGSize(width: 64, height: 48), scale: 1)
renderer.layer = root
renderer.beginFrame(atTime: 0.5, timeStamp: nil)   // half-way through the fade
renderer.render()
renderer.endFrame()
let image = renderer.makeImage()

func hex(_ p: UInt32) -> String { "0x" + String(p, radix: 16, uppercase: true) }
let centre = image.pixel(x: 32, y: 24), corner = image.pixel(x: 0, y: 0)
print("lamina-cmake-example: rendered \(image.width)x\(image.height), centre \(hex(centre)), corner \(hex(corner))")
// The corner is the white background; the centre is the box, part way from blue to red.
let r = (centre >> 16) & 0xFF, b = centre & 0xFF
guard corner == 0xFFFF_FFFF, r > 0x20, b > 0x20 else {
    print("lamina-cmake-example: unexpected pixels")
    exit(1)
}
