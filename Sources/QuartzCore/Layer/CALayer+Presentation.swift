import Foundation

extension CALayer {
    /// The layer's local time for media time `t`, from the committed timing of its ancestors.
    func committedLocalTime(fromGlobal t: CFTimeInterval) -> CFTimeInterval {
        let parentTime = (_superlayer ?? maskOwner)?.committedLocalTime(fromGlobal: t) ?? t
        return committedState.localTime(fromParent: parentTime)
    }

    /// The media time at which this layer's local time is `t`, from the committed timing of its
    /// ancestors; nil when that is not one time (a looping layer timeline, or a layer or ancestor
    /// whose time stands still or runs backwards).
    func committedGlobalTime(fromLocal t: CFTimeInterval) -> CFTimeInterval? {
        var chain: [LayerState] = []
        var l: CALayer? = self
        while let c = l {
            let s = c.committedState
            guard s.duration <= 0, s.speed > 0, s.speed.isFinite else { return nil }
            chain.append(s)
            l = c._superlayer ?? c.maskOwner
        }
        var g = t
        for s in chain { g = s.parentTime(fromLocal: g) }
        return g.isFinite ? g : nil
    }

    /// The committed state with every committed animation applied at media time `t`.
    func presentationState(at t: CFTimeInterval) -> LayerState {
        var s = committedState
        if animationEntries.isEmpty { return s }
        applyAnimations(to: &s, localTime: committedLocalTime(fromGlobal: t))
        return s
    }

    /// Applies the committed animations, in the order added, at the layer's local time.
    @inline(__always)
    func applyAnimations(to s: inout LayerState, localTime: Double) {
        buildChannelsIfNeeded()
        channels!.withUnsafeBufferPointer { buf in
            for i in buf.indices { buf[i].apply(to: &s, localTime: localTime) }
        }
    }

    /// Compiles the committed animations into channels when they changed.
    @inline(__always)
    func buildChannelsIfNeeded() {
        if channels == nil {
            let c = ContiguousArray(animationEntries.compactMap { AnimationChannel.compile($0) })
            channels = c
            channelsAllCompiled = c.allSatisfy { $0.isCompiled }
        }
    }

    /// Resets the fields the channels write to their committed values (all channels must be compiled).
    func resetAnimatedFields(_ s: inout LayerState) {
        channels!.withUnsafeBufferPointer { buf in
            for i in buf.indices { buf[i].resetTarget(&s, from: committedState) }
        }
    }

    /// A presentation copy of this layer at media time `t`.
    func presentationLayer(at t: CFTimeInterval) -> CALayer {
        let copy = makeLayerCopy()
        copy.state = presentationState(at: t)
        copy.committedState = copy.state
        copy.presentationSource = (self, t)
        copy.isCommitted = true
        return copy
    }

    /// Fills a presentation copy's sublayers (and mask) with presentation copies of the committed ones.
    func buildPresentationChildren(_ src: (model: CALayer, time: CFTimeInterval)) {
        presentationChildrenBuilt = true
        LayerTree.lock.lock(); defer { LayerTree.lock.unlock() }
        let children = src.model.committedSublayers.map { c -> CALayer in
            let p = c.presentationLayer(at: src.time)
            p.presentationBuiltParent = self
            return p
        }
        _sublayers = children.isEmpty ? nil : children
        if let m = src.model.committedMask {
            let p = m.presentationLayer(at: src.time)
            p.presentationChildrenBuilt = false
            _mask = p
        }
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
