import Foundation

/// How line ends are drawn (Apple's `CGLineCap`).
public enum CGLineCap: Int32, Sendable {
    /// Squared off at the end point.
    case butt = 0
    /// A half circle.
    case round = 1
    /// A half square.
    case square = 2
}

/// How line corners are drawn (Apple's `CGLineJoin`).
public enum CGLineJoin: Int32, Sendable {
    /// A sharp corner.
    case miter = 0
    /// A rounded corner.
    case round = 1
    /// A cut-off corner.
    case bevel = 2
}

/// What a path-drawing call paints (Apple's `CGPathDrawingMode`).
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill with non-zero winding.
    case fill = 0
    /// Fill with even-odd.
    case eoFill = 1
    /// Stroke.
    case stroke = 2
    /// Fill then stroke.
    case fillStroke = 3
    /// Even-odd fill then stroke.
    case eoFillStroke = 4
}

/// How drawing combines with what is below (Apple's `CGBlendMode`, with Apple's cases and raw
/// values). A mode applies within the shape drawn: each pixel the shape covers becomes the mode's
/// result mixed with the old pixel by the shape's coverage; pixels outside the shape stay as they were.
public enum CGBlendMode: Int32, Sendable {
    /// Source over.
    case normal = 0
    /// Multiply.
    case multiply = 1
    /// Screen.
    case screen = 2
    /// Overlay.
    case overlay = 3
    /// Darken.
    case darken = 4
    /// Lighten.
    case lighten = 5
    /// Colour dodge.
    case colorDodge = 6
    /// Colour burn.
    case colorBurn = 7
    /// Soft light.
    case softLight = 8
    /// Hard light.
    case hardLight = 9
    /// Difference.
    case difference = 10
    /// Exclusion.
    case exclusion = 11
    /// The hue of the source with the saturation and luminosity of the destination.
    case hue = 12
    /// The saturation of the source with the hue and luminosity of the destination.
    case saturation = 13
    /// The hue and saturation of the source with the luminosity of the destination.
    case color = 14
    /// The luminosity of the source with the hue and saturation of the destination.
    case luminosity = 15
    /// Clear (R = 0).
    case clear = 16
    /// Copy (R = S).
    case copy = 17
    /// Source in (R = S·Da).
    case sourceIn = 18
    /// Source out (R = S·(1 − Da)).
    case sourceOut = 19
    /// Source atop (R = S·Da + D·(1 − Sa)).
    case sourceAtop = 20
    /// Destination over (R = S·(1 − Da) + D).
    case destinationOver = 21
    /// Destination in (R = D·Sa).
    case destinationIn = 22
    /// Destination out (R = D·(1 − Sa)).
    case destinationOut = 23
    /// Destination atop (R = S·(1 − Da) + D·Sa).
    case destinationAtop = 24
    /// Exclusive or (R = S·(1 − Da) + D·(1 − Sa)).
    case xor = 25
    /// Plus darker (R = max(0, 1 − ((1 − D) + (1 − S)))).
    case plusDarker = 26
    /// Plus lighter (R = min(1, S + D)).
    case plusLighter = 27
}
