import Foundation
@_spi(LaminaInternal) import QuartzCore
import Yams

/// What starts an interaction.
public enum SceneTrigger: Equatable {
    /// A click on the named layer (or inside it), hit-tested on the presentation tree.
    case click(String)
    /// A key, by name ("Space", "A" ...).
    case key(String)
    /// A horizontal swipe, "left" or "right".
    case swipe(String)
    /// A time after the scene loaded, in seconds (fires once).
    case timer(Double)
}

/// An interaction of a scene: a trigger and the steps it runs.
public struct SceneInteraction {
    /// What starts it.
    public let trigger: SceneTrigger
    /// Runs the steps (inside one transaction with the interaction's settings).
    let run: () -> Void
}

/// Input a scene reacts to (scene coordinates).
public enum SceneEvent: Equatable {
    /// A click at a point.
    case click(CGPoint)
    /// A key by name.
    case key(String)
    /// A swipe, "left" or "right".
    case swipe(String)
}

extension Scene {
    /// Runs the interactions an event triggers; returns how many ran.
    @discardableResult
    public func handle(_ event: SceneEvent) -> Int {
        var ran = 0
        switch event {
        case .click(let p):
            guard let pres = root.presentation(), let hit = pres.hitTestVisible(p)?.model() else { return 0 }
            var names: [String] = []
            var l: CALayer? = hit
            while let x = l { if let n = x.name { names.append(n) }; l = x.superlayer }
            for i in interactions { if case .click(let n) = i.trigger, names.contains(n) { i.run(); ran += 1 } }
        case .key(let k):
            for i in interactions { if case .key(let n) = i.trigger, n.lowercased() == k.lowercased() { i.run(); ran += 1 } }
        case .swipe(let d):
            for i in interactions { if case .swipe(let n) = i.trigger, n == d { i.run(); ran += 1 } }
        }
        return ran
    }

    /// The media time at which the next timer that has not fired is due (infinity when none is left):
    /// a frame scheduler stops there, so timers fire at their exact times however far time jumps.
    public func nextTimerTime() -> CFTimeInterval {
        var next = CFTimeInterval.infinity
        for (k, i) in interactions.enumerated() {
            if case .timer(let t) = i.trigger, !firedTimers.contains(k) { next = min(next, loadTime + t) }
        }
        return next
    }

    /// Fires the timers due by media time `now` (once each).
    public func tick(_ now: CFTimeInterval) {
        for (k, i) in interactions.enumerated() {
            if case .timer(let t) = i.trigger, !firedTimers.contains(k), now - loadTime >= t {
                firedTimers.insert(k)
                i.run()
            }
        }
    }
}

extension SceneParser {
    static let stepKeys = ["transaction", "set", "add", "remove", "pause", "resume", "toggle", "then"]

    /// `{on: {click|key|swipe|timer: …}, transaction: {duration, timingFunction, disableActions},
    /// set: [{layer: name, key: value …}], add: [animation], remove: [{layer, key}], pause: name, resume: name,
    /// toggle: name (pauses it when running, resumes it when paused),
    /// then: {steps run when the transaction completes, with the same keys but "on"}}`.
    func interaction(_ node: Node, scene: Scene) throws -> SceneInteraction {
        let map = try mapping(node, "an interaction")
        let known = ["on"] + Self.stepKeys
        for (k, _) in map where !known.contains(k.string ?? "") { throw unknownKey(k, known: known, in: "an interaction") }
        // "on" found by its text: a plain `on` is a YAML 1.1 bool, a quoted "on" (as in JSON) a string.
        guard let on = map.first(where: { $0.key.string == "on" })?.value else { throw error(node, "an interaction needs \"on\": {click: layer}, {key: name}, {swipe: left|right} or {timer: seconds}") }
        let onMap = try mapping(on, "a trigger")
        guard onMap.count == 1, let (tk, tv) = onMap.first.map({ ($0.key, $0.value) }) else { throw error(on, "a trigger has exactly one of click, key, swipe, timer") }
        let trigger: SceneTrigger
        switch tk.string {
        case "click":
            guard let n = tv.string, scene.layers[n] != nil else {
                let hint = tv.string.flatMap { nearest($0, in: scene.order) }.map { "; did you mean \"\($0)\"?" } ?? ""
                throw error(tv, "no layer named \"\(tv.string ?? "?")\"\(hint)")
            }
            trigger = .click(n)
        case "key":
            guard let n = tv.string else { throw error(tv, "expected a key name") }
            if let problem = SceneKeyNames.problem(with: n) { throw error(tv, problem) }
            trigger = .key(n)
        case "swipe": guard let n = tv.string, ["left", "right"].contains(n) else { throw error(tv, "expected left or right") }; trigger = .swipe(n)
        case "timer":
            let t = try reader.number(tv)
            guard t >= 0 else { throw error(tv, "a timer fires at a time after load, not before") }
            trigger = .timer(t)
        default: throw unknownKey(tk, known: ["click", "key", "swipe", "timer"], in: "a trigger")
        }
        return SceneInteraction(trigger: trigger, run: try steps(map, scene: scene, depth: 0))
    }

    /// The steps of an interaction (or of its `then`), validated now and returned as one closure
    /// that runs them in a transaction.
    func steps(_ map: Node.Mapping, scene: Scene, depth: Int) throws -> () -> Void {
        // Transaction settings.
        var duration: Double? = nil, timing: CAMediaTimingFunction? = nil, disable = false
        if let t = map.value("transaction") {
            for (k, v) in try mapping(t, "transaction settings") {
                switch k.string {
                case "duration":
                    duration = try reader.number(v)
                    guard duration! >= 0 else { throw error(v, "a duration must not be negative") }
                case "timingFunction": timing = try timingFunction(v)
                case "disableActions": guard let b = v.bool else { throw error(v, "expected true or false") }; disable = b
                default: throw unknownKey(k, known: ["duration", "timingFunction", "disableActions"], in: "transaction settings")
                }
            }
        }
        // Property changes, validated now on a stand-in layer of the same class.
        var sets: [(CALayer, String, SceneValueKind, Node)] = []
        if let s = map.value("set") {
            guard case .sequence(let seq) = s else { throw error(s, "expected a list of {layer: name, property: value}") }
            for item in seq {
                let m = try mapping(item, "a change")
                guard let ln = m.value("layer"), let name = ln.string, let layer = scene.layers[name] else { throw error(item, "a change needs \"layer\": a layer's name") }
                let className = scene.classes[name] ?? "CALayer"
                let table = SceneProperties.table(forClass: className)
                let standIn = SceneProperties.makeLayer(className)
                for (k, v) in m where k.string != "layer" {
                    guard let key = k.string, let kind = table[key] else { throw unknownKey(k, known: table.keys.sorted(), in: "a \(className)") }
                    try set(standIn, key: key, kind: kind, node: v)
                    sets.append((layer, key, kind, v))
                }
            }
        }
        var adds: [SceneAnimationSpec] = []
        if let a = map.value("add") {
            guard case .sequence(let seq) = a else { throw error(a, "expected a list of animations") }
            for n in seq { adds.append(try makeAnimation(n, scene: scene)) }
        }
        var removes: [(CALayer, String)] = []
        if let r = map.value("remove") {
            guard case .sequence(let seq) = r else { throw error(r, "expected a list of {layer, key}") }
            for n in seq {
                let m = try mapping(n, "a removal")
                guard let name = m.value("layer")?.string, let layer = scene.layers[name], let key = m.value("key")?.string else { throw error(n, "a removal needs \"layer\" and \"key\"") }
                removes.append((layer, key))
            }
        }
        func layerNamed(_ key: String) throws -> CALayer? {
            guard let n = map[key] else { return nil }
            guard let name = n.string, let l = scene.layers[name] else {
                let hint = n.string.flatMap { nearest($0, in: scene.order) }.map { "; did you mean \"\($0)\"?" } ?? ""
                throw error(n, "no layer named \"\(n.string ?? "?")\"\(hint)")
            }
            return l
        }
        let pause = try layerNamed("pause"), resume = try layerNamed("resume"), toggle = try layerNamed("toggle")
        var then: (() -> Void)? = nil
        if let t = map.value("then") {
            guard depth < 32 else { throw error(t, "\"then\" is nested more than 32 deep") }
            let m = try mapping(t, "steps to run when the transaction completes")
            for (k, _) in m where !Self.stepKeys.contains(k.string ?? "") { throw unknownKey(k, known: Self.stepKeys, in: "\"then\" steps") }
            then = try steps(m, scene: scene, depth: depth + 1)
        }
        let parser = self
        return {
            CATransaction.begin()
            if let d = duration { CATransaction.setAnimationDuration(d) }
            if let t = timing { CATransaction.setAnimationTimingFunction(t) }
            CATransaction.setDisableActions(disable)
            if let then { CATransaction.setCompletionBlock(then) }
            for (l, key, kind, v) in sets { try? parser.set(l, key: key, kind: kind, node: v) }
            for a in adds { a.add() }
            for (l, key) in removes { l.removeAnimation(forKey: key) }
            func pauseLayer(_ l: CALayer) {
                guard l.speed != 0 else { return }
                let t = l.convertTime(CACurrentMediaTime(), from: nil)
                l.speed = 0; l.timeOffset = t
            }
            func resumeLayer(_ l: CALayer) {
                guard l.speed == 0 else { return }
                let paused = l.timeOffset
                l.speed = 1; l.timeOffset = 0; l.beginTime = 0
                l.beginTime = l.convertTime(CACurrentMediaTime(), from: nil) - paused
            }
            if let l = pause { pauseLayer(l) }
            if let l = resume { resumeLayer(l) }
            if let l = toggle { if l.speed == 0 { resumeLayer(l) } else { pauseLayer(l) } }
            CATransaction.commit()
        }
    }
}
