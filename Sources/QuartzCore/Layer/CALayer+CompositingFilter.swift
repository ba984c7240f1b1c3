import Foundation
import Compositor

extension CALayer {
    /// Lamina's addition (Apple has no such list): the compositing filter names Lamina draws
    /// (CALayer.compositingFilter as a String): Apple's
    /// blend mode names ("multiplyBlendMode" … "luminosityBlendMode"), the Porter-Duff operators
    /// ("clear", "copy", "sourceOver", "destinationOver", "sourceIn", "destinationIn", "sourceOut",
    /// "destinationOut", "sourceAtop", "destinationAtop", "xor", "plusL", "plusD"), and Core Image's names
    /// of the same filters ("CIMultiplyBlendMode", "CISourceInCompositing", "CIAdditionCompositing" …).
    public static var compositingFilterNames: [String] { BlendMode.filterNames.keys.sorted() }

    /// The name stored for a compositingFilter value: a String as it is (an unknown name reported
    /// once), nil for anything else (reported once: Linux has no CIFilter).
    static func compositingFilterName(_ value: Any?, layer: CALayer) -> String? {
        guard let value, !isNilValue(value) else { return nil }
        guard let name = value as? String else {
            LaminaDiagnostics.report("compositingFilter on \(describeLayer(layer)): a \(type(of: value)) is not a filter name; "
                + "Lamina takes the name as a String (e.g. \"multiplyBlendMode\"); drawn with source over")
            return nil
        }
        if BlendMode(filterName: name) == nil {
            LaminaDiagnostics.report("compositingFilter on \(describeLayer(layer)): unknown filter name '\(name)'; drawn with source over")
        }
        return name
    }
}
