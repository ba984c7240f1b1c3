import Foundation

extension CALayer {
    /// This layer's local time for media time `t` through its model chain (superlayer, or the layer
    /// it masks), walked without recursion. At commit time this is the chain the commit publishes.
    func modelLocalTime(fromGlobal t: CFTimeInterval) -> CFTimeInterval {
        var chain: [CALayer] = []
        var l: CALayer? = self
        while let c = l {
            chain.append(c)
            l = c._superlayer ?? c.maskOwner
        }
        var time = t
        for c in chain.reversed() { time = c.state.localTime(fromParent: time) }
        return time
    }

    /// The record a commit publishes for this layer: its model values (paths that can still be
    /// changed replaced by immutable copies, in the model too), its place in the tree, and its
    /// started animations.
    func makeCommittedRecord() -> CommittedLayer {
        if let p = state.sub?.value.path, type(of: p) != CGPath.self, let c = p.copy() { state.subclass.path = c }
        if let p = state.shadowPath, type(of: p) != CGPath.self, let c = p.copy() { state.shadowPath = c }
        var anims: [CommittedAnimation] = []
        anims.reserveCapacity(animationEntries.count)
        for e in animationEntries {
            guard let begin = e.beginTime else { continue }
            if e.committed == nil {
                e.committed = CommittedAnimation(key: e.key, animation: e.animation, beginTime: begin, transitionFrom: e.transitionFrom)
            }
            anims.append(e.committed!)
        }
        return CommittedLayer(slot: slot, generation: slotGeneration, kind: LayerKind.of(self), state: state,
                              sublayers: (_sublayers ?? []).map(\.slot), mask: _mask?.slot ?? -1,
                              superlayer: _superlayer?.slot ?? -1, maskOwner: maskOwner?.slot ?? -1, animations: anims)
    }
}
