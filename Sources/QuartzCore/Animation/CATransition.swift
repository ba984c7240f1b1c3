import Foundation

/// An animated transition between a layer's old and new look (Apple's `CATransition`). Used as a
/// layer action (for example in `actions["backgroundColor"]`), it is stored under the key
/// "transition"; the presentation shows the new values while rendering blends from a snapshot of the
/// layer taken when the transition was added, by `type` and `subtype`, between startProgress and endProgress.
open class CATransition: CAAnimation {
    /// The kind of transition (default .fade).
    open var type: CATransitionType = .fade
    /// The direction for push, moveIn and reveal (nil: from the left, as Apple's default).
    open var subtype: CATransitionSubtype?
    /// Where in the transition to start, 0 to 1.
    open var startProgress: Float = 0
    /// Where in the transition to end, 0 to 1.
    open var endProgress: Float = 1
    /// A custom filter (not available on Linux; ignored).
    open var filter: Any?

    override func makeEmptyCopy() -> CAAnimation { CATransition() }

    override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CATransition else { return }
        type = o.type; subtype = o.subtype; startProgress = o.startProgress; endProgress = o.endProgress; filter = o.filter
    }

    override func prepare(for layer: CALayer, key: String) {
        if !startProgress.isFinite || !endProgress.isFinite {
            LaminaDiagnostics.report("CATransition on \(describeLayer(layer)): startProgress/endProgress must be finite; using 0 and 1")
            startProgress = 0; endProgress = 1
        }
    }

    override func apply(to state: inout LayerState, parentTime: Double, beginTime: Double, transitionFrom: LayerStateBox?) {
        guard let r = evaluateTiming(timingParameters(beginTime: beginTime), parentTime: parentTime) else { return }
        let eased = timingFunction.map { $0.evaluate(r.progress) } ?? r.progress
        let s = Double(min(max(startProgress, 0), 1)), e = Double(min(max(endProgress, 0), 1))
        let from = transitionFrom ?? LayerStateBox(state)
        state.transition = TransitionState(type: type, subtype: subtype, progress: s + (e - s) * eased, from: from)
    }
}
