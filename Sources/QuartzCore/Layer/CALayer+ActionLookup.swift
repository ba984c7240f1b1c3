import Foundation

extension CALayer {
    /// Apple's four-step search, then the implicit animation for animatable properties.
    func lookUpAction(forKey event: String) -> CAAction? {
        // 1. The delegate.
        if let d = delegate, let a = d.action(for: self, forKey: event) {
            return a is NSNull ? nil : a
        }
        // 2. The actions dictionary.
        if let a = actions?[event] {
            return a is NSNull ? nil : a
        }
        // 3. The style dictionary: its "actions" entry, then chained "style" dictionaries.
        var st = style
        var depth = 0
        while let s = st, depth < 16 {
            if let acts = s["actions"] as? [String: Any], let a = acts[event] {
                if a is NSNull { return nil }
                if let action = a as? CAAction { return action }
            }
            st = s["style"] as? [AnyHashable: Any]
            depth += 1
        }
        // 4. The class's default action.
        if let a = type(of: self).defaultAction(forKey: event) {
            return a is NSNull ? nil : a
        }
        // The implicit animation of an animatable property.
        return implicitAnimation(forKey: event)
    }

    /// The animation Core Animation runs when an animatable property changes with no other action:
    /// a CABasicAnimation from the current presentation value (toValue nil: to the new model value),
    /// with the transaction's duration and timing function (default timing when it has none).
    /// Contents changes cross-fade with a CATransition instead.
    func implicitAnimation(forKey key: String) -> CAAction? {
        guard let property = LayerProperties.resolve(key), property.animatable else { return nil }
        let tx = CATransactionStack.current
        if property.key == "contents" {
            let t = CATransition()
            t.type = .fade
            t.duration = tx.animationDuration
            t.timingFunction = tx.animationTimingFunction ?? CAMediaTimingFunction(name: .default)
            return t
        }
        let anim = CABasicAnimation(keyPath: key)
        let current = isCommitted ? presentationState(at: CACurrentMediaTime()) : state
        anim.fromValue = property.get(current).toAny(numberType: property.numberType)
        anim.duration = tx.animationDuration
        anim.timingFunction = tx.animationTimingFunction ?? CAMediaTimingFunction(name: .default)
        return anim
    }
}
