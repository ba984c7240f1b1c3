import Foundation

extension CALayer {
    /// Changes one model property the way Apple does: inside the current transaction (creating the
    /// implicit one if needed), the action for `key` is looked up and run first, while the layer still
    /// has its old value, then the new value is stored. A change of the bounds' size marks the layer
    /// as needing layout (Apple's setNeedsLayout(): "when the layer's bounds change").
    @inline(__always)
    func changeProperty<T>(_ key: String, _ keyPath: WritableKeyPath<LayerState, T>, _ value: T, animatable: Bool = true) {
        if isPresentationCopy { state[keyPath: keyPath] = value; return }
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        let tx = CATransactionStack.current
        if animatable { runActionIfNeeded(forKey: key, transaction: tx) }
        let oldSize = state.bounds.size
        state[keyPath: keyPath] = value
        tx.markDirty(self)
        if state.bounds.size != oldSize { needsLayoutFlag = true }
        if type(of: self).needsDisplay(forKey: key) || (key == "bounds" && needsDisplayOnBoundsChange) { needsDisplayFlag = true }
    }

    /// Stores a typed value through the property table, with the same action semantics.
    func changeProperty(_ property: LayerProperty, _ value: LayerValue) {
        if isPresentationCopy { property.set(&state, value); return }
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        let tx = CATransactionStack.current
        if property.animatable { runActionIfNeeded(forKey: property.key, transaction: tx) }
        let oldSize = state.bounds.size
        property.set(&state, value)
        tx.markDirty(self)
        // As on Apple, a change of the bounds' size marks the layer as needing layout.
        if state.bounds.size != oldSize { needsLayoutFlag = true }
        if type(of: self).needsDisplay(forKey: property.key) { needsDisplayFlag = true }
    }

    /// Looks up and runs the action for `key`, unless the layer was never committed or actions are disabled.
    func runActionIfNeeded(forKey key: String, transaction tx: CATransactionStack) {
        guard isCommitted, !tx.disableActions else { return }
        if let action = action(forKey: key) {
            action.run(forKey: key, object: self, arguments: nil)
        }
    }
}

extension CALayer {
    /// Reads a model value under the layer-tree lock, so that reads from one thread never race with
    /// changes or commits on another.
    @inline(__always)
    func readState<T>(_ read: (inout LayerState) -> T) -> T {
        ModelLock.shared.lock(); defer { ModelLock.shared.unlock() }
        return read(&state)
    }
}

extension CALayer {
    /// Whether a geometric value can be stored: non-finite components are refused with one
    /// diagnostic naming the layer and key, and the layer keeps its previous value.
    func acceptsFinite(_ key: String, _ values: [CGFloat]) -> Bool {
        acceptsFinite(key, values.map { Double($0) })
    }

    /// As above, for components given as Doubles.
    func acceptsFinite(_ key: String, _ values: [Double]) -> Bool {
        if values.allSatisfy({ $0.isFinite }) { return true }
        LaminaDiagnostics.report("CALayer.\(key) of \(describeLayer(self)): \(values) is not finite; the previous value is kept")
        return false
    }
}
