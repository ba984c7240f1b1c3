import Foundation
import QuartzCore
import Yams

extension Scene {
    /// Carries the running state of `old` into this newly loaded scene, for live reload. For every
    /// layer whose name and class match: each property the file declares as before keeps the old
    /// layer's current value (so what interactions changed stays), while a property whose
    /// declaration changed takes the file's new value; an animation started at load keeps running
    /// from where it was if its definition is unchanged (and stays ended if it ended) and restarts
    /// if it changed; animations the scene's interactions (or implicit actions) added keep running;
    /// animations removed from the file stop. The load time and the timers already fired carry over too, so media time and
    /// timers run on. Runs in one transaction with actions disabled.
    public func adoptState(from old: Scene) {
        loadTime = old.loadTime
        let fired = Set(old.firedTimers.compactMap { i -> Double? in
            if case .timer(let t) = old.interactions[i].trigger { return t } else { return nil }
        })
        for (k, i) in interactions.enumerated() { if case .timer(let t) = i.trigger, fired.contains(t) { firedTimers.insert(k) } }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        for name in order {
            guard let n = layers[name], let o = old.layers[name], let cls = classes[name], cls == old.classes[name] else { continue }
            let now = declarations[name] ?? [:], before = old.declarations[name] ?? [:]
            for key in SceneProperties.table(forClass: cls).keys.sorted() where !Self.notCarried.contains(key) {
                var changed = now[key] != before[key]
                if Self.setByFrame.contains(key), now["frame"] != before["frame"] { changed = true }
                if !changed { n.setValue(o.value(forKey: key), forKey: key) }
            }
            let specsNow = animationSpecs[name] ?? [:], specsBefore = old.animationSpecs[name] ?? [:]
            for key in o.animationKeys() ?? [] {
                guard let running = o.animation(forKey: key)?.copy() as? CAAnimation else { continue }
                // A beginTime of 0 means "now" to add(_:forKey:); an animation that began at media
                // time 0 keeps its start by a nudge of the smallest positive time.
                if running.beginTime == 0 { running.beginTime = .leastNonzeroMagnitude }
                if let spec = specsNow[key] {
                    if specsBefore[key] == spec { n.add(running, forKey: key) }
                } else if specsBefore[key] == nil {
                    n.add(running, forKey: key)
                }
            }
            // A load-time animation the file still declares as before, but which the old layer no
            // longer runs (it finished and was removed, or an interaction removed it), stays ended:
            // the new scene started it again at load.
            for (key, spec) in specsNow where specsBefore[key] == spec && o.animation(forKey: key) == nil {
                n.removeAnimation(forKey: key)
            }
        }
    }

    /// Properties a reload never copies from the old layer: frame is derived from bounds and
    /// position (which are copied), contents are re-read from their files.
    static let notCarried: Set<String> = Set(["frame", "contents"]).union(SceneLottie.ownKeys)
    /// Properties a declared frame sets.
    static let setByFrame: Set<String> = ["bounds", "position"]
}
