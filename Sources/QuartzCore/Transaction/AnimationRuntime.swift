import Foundation

/// Lamina's stand-in for the render server's bookkeeping: it knows which layers have animations and
/// delivers, at a given media time, what is due: animationDidStart, animationDidStop, removal of
/// finished animations, and transaction completion blocks. CATransaction.flush() and the host's frame
/// loop call deliver(now:).
///
/// Shared between app threads through `shared`, a `ModelLocked` that holds `ModelLock` around every
/// access (the lock also guards the layers' model state it walks); the render side never touches it.
final class AnimationRuntime {
    /// The process's registry; its forwarding members (below) take the lock.
    static let shared = ModelLocked(AnimationRuntime())

    fileprivate init() {}

    /// Layers with animations, held weakly: a layer the app lets go of is freed with its animations,
    /// however long they run (as on Apple), instead of being kept and evaluated for ever.
    private var layers: [ObjectIdentifier: WeakLayer] = [:]
    private var groups: [CompletionGroup] = []
    private var queued: [() -> Void] = []
    /// Set by a delivery after which nothing can ever be due without a change through this
    /// registry (every remembered animation has started and never ends, no completion group
    /// waits): later deliveries return at once until `register`, `track`, `stopped` or `reset`
    /// clears it. Time alone cannot make such an animation start or end again.
    private var quiet = false

    private final class WeakLayer {
        weak var layer: CALayer?
        init(_ layer: CALayer) { self.layer = layer }
    }

    /// Remembers a layer that has animations.
    func register(_ layer: CALayer) { quiet = false; layer.nextEventIsValid = false; layers[ObjectIdentifier(layer)] = WeakLayer(layer) }

    /// How many layers with animations are remembered (for tests of the registry's lifetime).
    var registeredCount: Int {
        layers.values.filter { $0.layer != nil }.count
    }

    /// Remembers completion groups armed by a commit.
    func track(_ gs: [CompletionGroup]) { if !gs.isEmpty { quiet = false }; groups.append(contentsOf: gs) }

    /// An animation was removed or replaced before finishing: its delegate hears finished = false at
    /// the next delivery, and its completion groups stop waiting for it.
    func stopped(_ entry: AnimationEntry, finished: Bool) {
        quiet = false
        if !entry.finished {
            entry.finished = true
            let anim = entry.animation
            if entry.beginTime != nil, let d = anim.delegate {
                let wasStarted = entry.started
                queued.append {
                    if !wasStarted { d.animationDidStart(anim) }
                    d.animationDidStop(anim, finished: finished)
                }
            }
        }
        entry.leaveGroups()
    }

    /// What is due at media time `now`, taken out of the registry for `ModelLocked.deliver(now:)` to
    /// run outside the lock: the delegate calls (queued stops, then starts and finishes by layer) and
    /// the completion blocks.
    func takeDue(now: CFTimeInterval) -> (events: [() -> Void], blocks: [() -> Void]) {
        if quiet && queued.isEmpty { return ([], []) }
        var events = queued
        queued = []
        var allQuiet = true
        for (id, box) in layers {
            guard let layer = box.layer else { layers[id] = nil; continue }
            defer { if !(layer.nextEventIsValid && layer.nextEventLocalTime == .infinity) { allQuiet = false } }
            var local: Double?
            var removed = false
            if layer.nextEventIsValid && layer.nextEventLocalTime == .infinity {
                continue   // every animation has started and none ends: nothing can be due
            }
            if layer.nextEventIsValid {
                // Skip quickly when nothing can be due: the layer's next event is later in its time.
                let t = layer.committedLocalTime(fromGlobal: now)
                if t < layer.nextEventLocalTime { continue }
                local = t
            }
            var next = Double.infinity
            for e in layer.animationEntries {
                guard let begin = e.beginTime, !e.finished else { continue }
                if local == nil { local = layer.committedLocalTime(fromGlobal: now) }
                if e.timing == nil { e.timing = e.animation.timingParameters(beginTime: begin) }
                let p = e.timing!
                let t = local!
                defer { if !e.finished { next = min(next, e.started ? timingEndTime(p) : timingStartTime(p)) } }
                let end = timingEndTime(p)
                let ended = end.isFinite && t >= end
                // A start is reported once, also for an animation that began and ended between deliveries.
                if !e.started && (t >= timingStartTime(p) || ended) {
                    e.started = true
                    if let d = e.animation.delegate { let a = e.animation; events.append { d.animationDidStart(a) } }
                }
                if ended {
                    e.finished = true
                    if let d = e.animation.delegate { let a = e.animation; events.append { d.animationDidStop(a, finished: true) } }
                    e.leaveGroups()
                    if e.animation.isRemovedOnCompletion { removed = true }
                }
            }
            if removed {
                // The model drops them; the next commit publishes the layer without them (they
                // stopped applying at their end already: removal is part of their timing).
                layer.animationEntries.removeAll { $0.finished && $0.animation.isRemovedOnCompletion }
                CATransactionStack.current.markDirty(layer)
            }
            layer.nextEventLocalTime = next
            layer.nextEventIsValid = layer.animationEntries.allSatisfy { $0.beginTime != nil }
            if layer.animationEntries.allSatisfy({ $0.finished }) { layers[id] = nil }
        }
        var blocks: [() -> Void] = []
        groups.removeAll { g in
            guard g.committed, g.pending <= 0, !g.fired else { return g.fired }
            g.fired = true
            if let b = g.block { blocks.append(b) }
            return true
        }
        quiet = allQuiet && groups.isEmpty && queued.isEmpty
        return (events, blocks)
    }

    /// The earliest media time after `now` at which `deliver(now:)` has something to do (an animation
    /// starting or ending, for its delegate, its removal and the completion blocks waiting for it), or
    /// infinity when nothing is pending. Nil when a layer's time cannot be mapped back to media time
    /// exactly (a looping layer timeline, a paused or reversed ancestor): then the caller must step.
    func nextDeliveryTime(after now: CFTimeInterval) -> CFTimeInterval? {
        if !queued.isEmpty { return now }
        if quiet { return .infinity }
        if groups.contains(where: { $0.committed && $0.pending <= 0 && !$0.fired }) { return now }
        var next = CFTimeInterval.infinity
        for (_, box) in layers {
            guard let layer = box.layer else { continue }
            var local = Double.infinity
            for e in layer.animationEntries {
                guard let begin = e.beginTime, !e.finished else { continue }
                let p = e.timing ?? e.animation.timingParameters(beginTime: begin)
                local = min(local, e.started ? timingEndTime(p) : timingStartTime(p))
            }
            guard local.isFinite else { continue }
            let localNow = layer.committedLocalTime(fromGlobal: now)
            if localNow >= local { return now }
            guard let g = layer.committedGlobalTime(fromLocal: local) else {
                // A layer whose time stands still (speed 0 here or above) never reaches the event.
                if layer.committedLocalTime(fromGlobal: now + 1) == localNow { continue }
                return nil
            }
            // The first media time whose local time reaches the event (rounding may land just short).
            var t = max(g, now)
            var tries = 0
            while layer.committedLocalTime(fromGlobal: t) < local && tries < 64 { t = t.nextUp; tries += 1 }
            if layer.committedLocalTime(fromGlobal: t) < local { return nil }
            next = min(next, t)
        }
        return next
    }

    /// Forgets everything (used by tests that need a clean slate).
    func reset() {
        layers = [:]; groups = []; queued = []; quiet = false
    }
}

/// The registry's members for callers, each under `ModelLock`.
extension ModelLocked where State == AnimationRuntime {
    /// Remembers a layer that has animations.
    func register(_ layer: CALayer) { withLock { $0.register(layer) } }

    /// How many layers with animations are remembered (for tests of the registry's lifetime).
    var registeredCount: Int { withLock { $0.registeredCount } }

    /// Remembers completion groups armed by a commit.
    func track(_ groups: [CompletionGroup]) { withLock { $0.track(groups) } }

    /// An animation was removed or replaced before finishing (see `AnimationRuntime.stopped`).
    func stopped(_ entry: AnimationEntry, finished: Bool) { withLock { $0.stopped(entry, finished: finished) } }

    /// Delivers everything due at media time `now`. Delegate calls and blocks run outside the lock,
    /// in order: queued stops, then starts and finishes by layer, then completion blocks.
    /// Returns whether any delegate call or block ran (they may have added animations due at once).
    @discardableResult
    func deliver(now: CFTimeInterval) -> Bool {
        let due = withLock { $0.takeDue(now: now) }
        for e in due.events { e() }
        for b in due.blocks { b() }
        return !due.events.isEmpty || !due.blocks.isEmpty
    }

    /// The earliest media time after `now` at which `deliver(now:)` has something to do (see
    /// `AnimationRuntime.nextDeliveryTime(after:)`).
    func nextDeliveryTime(after now: CFTimeInterval) -> CFTimeInterval? { withLock { $0.nextDeliveryTime(after: now) } }

    /// Forgets everything (used by tests that need a clean slate).
    func reset() { withLock { $0.reset() } }
}
