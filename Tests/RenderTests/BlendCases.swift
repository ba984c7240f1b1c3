import Foundation
@_spi(LaminaInternal) import QuartzCore

/// One golden per compositing filter (CALayer.compositingFilter by Apple's String name): a
/// horizontal gradient from opaque cyan to 30 %-alpha magenta, with an opaque white dot sublayer,
/// composited as one group onto four horizontal stripes (red, green, blue, 50 % black) over the
/// light root, so every column meets every backdrop. The group covers the stripes' middle and
/// overhangs them (top and bottom) onto the root.
enum BlendCases {
    static let filterNames = [
        "multiplyBlendMode", "screenBlendMode", "overlayBlendMode", "darkenBlendMode", "lightenBlendMode",
        "colorDodgeBlendMode", "colorBurnBlendMode", "softLightBlendMode", "hardLightBlendMode", "differenceBlendMode",
        "exclusionBlendMode", "hueBlendMode", "saturationBlendMode", "colorBlendMode", "luminosityBlendMode",
        "clear", "copy", "destinationOver", "sourceIn", "destinationIn", "sourceOut", "destinationOut",
        "sourceAtop", "destinationAtop", "xor", "plusL",
    ]

    static let all: [GoldenCase] = filterNames.map { name in
        GoldenCase(name: "blend_" + name) {
            let r = Art.root()
            let stripes = [Art.red, Art.green, Art.blue, Art.color(0, 0, 0, 0.5)]
            for (k, c) in stripes.enumerated() { Art.box(r, CGRect(x: 6, y: 14 + CGFloat(k) * 11, width: 84, height: 11), c) }
            let g = CAGradientLayer()
            g.frame = CGRect(x: 14, y: 8, width: 68, height: 56)
            g.colors = [Art.color(0.1, 0.85, 0.9), Art.color(0.9, 0.1, 0.8, 0.3)]
            g.startPoint = CGPoint(x: 0, y: 0.5); g.endPoint = CGPoint(x: 1, y: 0.5)
            g.compositingFilter = name
            Art.box(g, CGRect(x: 26, y: 20, width: 16, height: 16), Art.white) { $0.cornerRadius = 8 }
            r.addSublayer(g)
            return r
        }
    }
}
