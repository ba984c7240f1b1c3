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

/// How drawing combines with what is below (Apple's `CGBlendMode`); Lamina draws .normal.
public enum CGBlendMode: Int32, Sendable {
    /// Source over.
    case normal = 0
    /// Multiply.
    case multiply = 1
    /// Screen.
    case screen = 2
    /// Copy.
    case copy = 17
}
