import Foundation

/// Describes a layer for a diagnostic: its name if it has one, else its class.
func describeLayer(_ layer: CALayer?) -> String {
    guard let layer else { return "<no layer>" }
    if let n = layer.name { return "layer '\(n)'" }
    return "a \(String(describing: type(of: layer)))"
}
