import Foundation
import QuartzCore

/// A radial gradient with a highlight, drawn as lottie-web draws it: the gradient runs from a focal
/// point (the highlight) to the circle around `s` through `e`, the focal point lying `h` percent of
/// the radius (within ±99 %) from the centre at `a` degrees from the direction of `e`. It draws in
/// `draw(in:)` with `CGContext.drawRadialGradient` from the gradient's model at its `lottieFrame`,
/// a custom property animated over the layer's frames, so each frame is drawn exactly.
///
/// Threads: like any layer, it belongs to the thread that builds and changes the layer tree.
final class HighlightGradientLayer: CALayer {
    /// The custom key holding the layer frame drawn.
    static let frameKey = "lottieFrame"
    /// The largest side of the backing image, in pixels.
    static let maximumBackingSide: CGFloat = 2048
    /// The gradient drawn.
    private(set) var gradient: GradientModel?
    /// The shape coordinates of the layer's top-left corner (its bounds start at 0, 0).
    private(set) var origin: CGPoint = .zero

    /// A layer drawing `gradient` over `box` (in the shape's coordinates), placed there.
    init(gradient: GradientModel, box: CGRect) {
        self.gradient = gradient
        origin = box.origin
        super.init()
        anchorPoint = .zero
        bounds = CGRect(origin: .zero, size: box.size)
        position = box.origin
        needsDisplayOnBoundsChange = true
        // The drawing is a backing image of the bounds' size: a smooth gradient loses nothing at a
        // lower resolution (the mask keeps the edges sharp), so a large one is drawn smaller.
        let side = max(box.width, box.height)
        if side > Self.maximumBackingSide { contentsScale = Self.maximumBackingSide / side }
    }

    /// A copy of `layer` (for presentation copies).
    override init(layer: Any) {
        gradient = (layer as? HighlightGradientLayer)?.gradient
        origin = (layer as? HighlightGradientLayer)?.origin ?? .zero
        super.init(layer: layer)
    }

    /// Decoding is not supported on Linux; returns nil.
    required init?(coder: NSCoder) { return nil }

    /// The layer frame drawn (animated by the builder).
    var frameDrawn: Double {
        get { (value(forKey: Self.frameKey) as? Double) ?? Double((value(forKey: Self.frameKey) as? CGFloat) ?? 0) }
        set { setValue(newValue, forKey: Self.frameKey) }
    }

    /// A change of the frame redraws the layer (its animation: every frame).
    override class func needsDisplay(forKey key: String) -> Bool {
        key == frameKey || super.needsDisplay(forKey: key)
    }

    /// Draws the gradient at `frameDrawn` over the bounds, in the shape's coordinates.
    override func draw(in ctx: CGContext) {
        guard let g = gradient else { return }
        let f = frameDrawn
        let stops = g.stops.resolved(g.stops.packed.value(at: f))
        guard let gradient = CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB),
                                        colors: stops.map { ShapeLayerBuilder.color($0.color) } as CFArray,
                                        locations: stops.map { CGFloat(min(max($0.location, 0), 1)) }) else { return }
        ctx.translateBy(x: -origin.x, y: -origin.y)
        let s = g.start.value(at: f), e = g.end.value(at: f)
        let centre = CGPoint(x: s.at(0), y: s.at(1))
        let r = hypot(e.at(0) - s.at(0), e.at(1) - s.at(1))
        let h = min(max(g.highlightLength.value(at: f).at(0) / 100, -0.99), 0.99)
        let angle = atan2(e.at(1) - s.at(1), e.at(0) - s.at(0)) + g.highlightAngle.value(at: f).at(0) * .pi / 180
        let focal = CGPoint(x: centre.x + cos(angle) * r * h, y: centre.y + sin(angle) * r * h)
        ctx.drawRadialGradient(gradient, startCenter: focal, startRadius: 0, endCenter: centre, endRadius: r,
                               options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    }
}
