import Foundation

extension CALayer {
    /// Whether a commit has published this layer (app side).
    var isCommitted: Bool { committedRecord != nil }

    /// The values of the last commit, or the model values before the first (app side).
    var committedState: LayerState { committedRecord?.state ?? state }

    /// The layer's local time for media time `t`, from the committed timing of its ancestors in the
    /// latest published tree.
    func committedLocalTime(fromGlobal t: CFTimeInterval) -> CFTimeInterval {
        let tree = CommittedModel.current
        guard tree.record(slot, generation: slotGeneration) != nil else { return committedState.localTime(fromParent: t) }
        return tree.localTime(of: slot, fromGlobal: t)
    }

    /// The media time at which this layer's local time is `t`, from the committed timing of its
    /// ancestors; nil when that is not one time (a looping layer timeline, or a layer or ancestor
    /// whose time stands still or runs backwards).
    func committedGlobalTime(fromLocal t: CFTimeInterval) -> CFTimeInterval? {
        let tree = CommittedModel.current
        guard tree.record(slot, generation: slotGeneration) != nil else { return nil }
        return tree.globalTime(of: slot, fromLocal: t)
    }

    /// The presented state at media time `t`, from the latest published tree (what the screen shows
    /// then); the model values before the first commit.
    func presentationState(at t: CFTimeInterval) -> LayerState {
        let tree = CommittedModel.current
        guard let r = tree.record(slot, generation: slotGeneration) else { return state }
        var s = r.state
        if r.isAnimated { r.applyAnimations(to: &s, localTime: tree.localTime(of: slot, fromGlobal: t)) }
        return s
    }

    /// A presentation copy of the layer at media time `t` (the values shown then, from the latest
    /// commit), as `presentation()` is at `CACurrentMediaTime()`: hosts use it for what they draw
    /// beside a frame whose time is not now (a window's colour overlay, at its next frame's time).
    @_spi(LaminaInternal) public func presentation(atTime t: CFTimeInterval) -> Self? {
        if isPresentationCopy { return self }
        return presentationLayer(at: t, in: CommittedModel.current) as? Self
    }

    /// A presentation copy of this layer at media time `t`, from `tree`; nil when the tree does not
    /// hold the layer.
    func presentationLayer(at t: CFTimeInterval, in tree: CommittedTree) -> CALayer? {
        guard let r = tree.record(slot, generation: slotGeneration) else { return nil }
        var s = r.state
        if r.isAnimated { r.applyAnimations(to: &s, localTime: tree.localTime(of: slot, fromGlobal: t)) }
        let copy = PresentationCopier.copy(of: self, base: makeLayerCopy())
        copy.state = s
        copy.presentationSource = (self, t, tree)
        return copy
    }

    /// The presentation copy of the committed layer in `slot` of `tree`, if its model layer lives.
    static func presentationLayer(slot: Int, in tree: CommittedTree, at t: CFTimeInterval) -> CALayer? {
        guard let r = tree.record(slot), let model = LayerSlots.shared.layer(at: slot, generation: r.generation) else { return nil }
        return model.presentationLayer(at: t, in: tree)
    }

    /// Fills a presentation copy's sublayers (and mask) with presentation copies of the committed
    /// ones, from the same tree.
    func buildPresentationChildren(_ src: (model: CALayer, time: CFTimeInterval, tree: CommittedTree)) {
        presentationChildrenBuilt = true
        guard let r = src.tree.record(src.model.slot, generation: src.model.slotGeneration) else { return }
        var children: [CALayer] = []
        children.reserveCapacity(r.sublayers.count)
        for c in r.sublayers {
            guard let p = CALayer.presentationLayer(slot: c, in: src.tree, at: src.time) else { continue }
            p.presentationBuiltParent = self
            children.append(p)
        }
        _sublayers = children.isEmpty ? nil : children
        if r.mask >= 0 { _mask = CALayer.presentationLayer(slot: r.mask, in: src.tree, at: src.time) }
    }

    /// A presentation copy's superlayer, made on demand from the same tree.
    func presentationSuperlayer(_ src: (model: CALayer, time: CFTimeInterval, tree: CommittedTree)) -> CALayer? {
        if let p = presentationBuiltParent { return p }
        if presentationParent == nil, let r = src.tree.record(src.model.slot, generation: src.model.slotGeneration), r.superlayer >= 0 {
            presentationParent = CALayer.presentationLayer(slot: r.superlayer, in: src.tree, at: src.time)
        }
        return presentationParent
    }
}

extension LayerState {
    /// This layer's local time given its parent's: (parent − beginTime) × speed + timeOffset.
    @inline(__always)
    func localTime(fromParent t: Double) -> Double {
        let local = mediaLocalTime(parentTime: t, beginTime: beginTime, speed: Double(speed), timeOffset: timeOffset)
        if duration > 0 { return loopedLayerTime(local) }
        return local
    }

    /// A layer with a duration loops its sublayers' time like an animation: repeatCount,
    /// repeatDuration and autoreverses apply, and outside the active interval the time holds at the
    /// nearest end (a layer's timeline always fills). Duration 0 (the default) means no looping.
    func loopedLayerTime(_ local: Double) -> Double {
        let d = duration
        let p = TimingParameters(beginTime: 0, duration: d, speed: 1, timeOffset: 0, repeatCount: Double(repeatCount),
                                 repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: .both)
        guard let r = evaluateTiming(p, parentTime: local) else { return local }
        return r.progress * d
    }

    /// The parent's time given this layer's local time (the inverse of the linear part; beginTime when
    /// speed is 0; a looping layer timeline maps back into its first iteration).
    func parentTime(fromLocal t: Double) -> Double {
        mediaParentTime(localTime: t, beginTime: beginTime, speed: Double(speed), timeOffset: timeOffset)
    }
}
