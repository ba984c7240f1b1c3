import Foundation

/// An object that responds to an action triggered by a layer (Apple's `CAAction`): CAAnimation adds
/// itself to the layer; NSNull does nothing (and, returned from a lookup step, stops the search).
public protocol CAAction {
    /// Runs the action for `event` on `anObject` (a CALayer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// Does nothing: NSNull as an action means "no action".
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
