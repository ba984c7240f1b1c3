import Foundation
@_spi(LaminaInternal) import QuartzCore

extension WindowHost {
    /// The inspection overlays the overlays key (F4) cycles through, drawn over the scene on the
    /// screen only (like Xcode's Core Animation instrument).
    public enum Inspection: Int, CaseIterable, Sendable {
        /// None.
        case off
        /// Each frame's updated region (the damage the renderer drew) tinted magenta for a moment.
        case flashUpdates
        /// Offscreen-rendered layers tinted yellow, blended layers red, opaque ones green.
        case colourLayers
    }

    /// How long an updated region stays tinted (host seconds).
    static let flashSeconds = 0.3

    /// The inspection overlay shown now. Set it before `run()` or on the app thread.
    public var inspection: Inspection {
        get { shared.withLock { $0.inspection } }
        set {
            shared.withLock { s in
                s.inspection = newValue
                s.damageSeen.removeAll()
            }
            CATransaction.begin(); CATransaction.setDisableActions(true)
            inspectionRoot.sublayers?.forEach { $0.removeFromSuperlayer() }
            app.flashes.removeAll()
            app.tintsShown.removeAll()
            CATransaction.commit()
            requestFrame()
        }
    }

    /// Whether the layer inspector (F3) is on: the layer under the app.pointer outlined, and its name,
    /// class and the model and presentation values of its animated key paths in a side panel.
    public var inspectsLayers: Bool {
        get { !inspectorPanel.isHidden }
        set {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            inspectorPanel.isHidden = !newValue
            inspectorOutline.isHidden = true
            CATransaction.commit()
            requestFrame()
        }
    }

    /// App thread, every turn: brings the inspection overlays up to date (the colour overlay placed
    /// where the layers will be at `time`, the media time of the frame that will show it).
    func updateInspection(nextFrameAt time: CFTimeInterval) {
        let (mode, damage) = shared.withLock { s in
            defer { s.damageSeen.removeAll() }
            return (s.inspection, s.damageSeen)
        }
        let now = hostNow()
        switch mode {
        case .off: break
        case .flashUpdates:
            let expired = app.flashes.filter { now - $0.time >= WindowHost.flashSeconds || now < $0.time }
            guard !damage.isEmpty || !expired.isEmpty else { break }
            CATransaction.begin(); CATransaction.setDisableActions(true)
            for f in expired { f.layer.removeFromSuperlayer() }
            app.flashes.removeAll { f in expired.contains { $0.layer === f.layer } }
            for rect in damage {
                let l = CALayer()
                l.frame = rect
                l.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 1, alpha: 0.35)
                inspectionRoot.addSublayer(l)
                app.flashes.append((l, now))
            }
            CATransaction.commit()
        case .colourLayers:
            colourLayers(at: time)
        }
        if inspectsLayers { updateInspector() }
    }

    /// Tints every layer of the scene by how it is composited (presentation tree at `time`: where
    /// it is in the frame that shows the tints).
    private func colourLayers(at time: CFTimeInterval) {
        var tints: [(CGRect, LayerCompositing)] = []
        if layer != nil, let top = hostRoot.presentation(atTime: time) {
            func walk(_ l: CALayer) {
                guard !l.isHidden, l.opacity > 0 else { return }
                if let kind = LayerCompositing.of(l) { tints.append((l.convert(l.bounds, to: top), kind)) }
                for s in l.sublayers ?? [] { walk(s) }
            }
            for s in top.sublayers ?? [] { walk(s) }
        }
        let same = tints.count == app.tintsShown.count && zip(tints, app.tintsShown).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        guard !same else { return }
        app.tintsShown = tints
        let existing = inspectionRoot.sublayers ?? []
        CATransaction.begin(); CATransaction.setDisableActions(true)
        for (i, (rect, kind)) in tints.enumerated() {
            let l = i < existing.count ? existing[i] : { let n = CALayer(); inspectionRoot.addSublayer(n); return n }()
            l.frame = rect
            switch kind {
            case .offscreen: l.backgroundColor = CGColor(srgbRed: 1, green: 0.85, blue: 0, alpha: 0.45)
            case .blended: l.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 0.35)
            case .opaque: l.backgroundColor = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 0.25)
            }
        }
        for l in existing.dropFirst(tints.count) { l.removeFromSuperlayer() }
        CATransaction.commit()
    }

    /// The inspector's outline and panel for the layer under the app.pointer.
    private func updateInspector() {
        var text = "Layer inspector (\(Keys.inspector) hides)\nno layer under the app.pointer"
        var outline: CGRect? = nil
        if let p = app.pointer, let hit = hitTest(p) {
            let pres = hit.presentation() ?? hit
            if let top = hostRoot.presentation() { outline = pres.convert(pres.bounds, to: top) }
            text = WindowHost.inspectorText(for: hit, presentation: pres)
        }
        let shown = inspectorOutline.isHidden ? nil : inspectorOutline.frame
        if (inspectorPanel.string as? String) == text && shown == outline { return }
        CATransaction.begin(); CATransaction.setDisableActions(true)
        inspectorPanel.string = text
        inspectorPanel.bounds.size.height = CGFloat(text.split(separator: "\n").count) * 17 + 8
        if let outline { inspectorOutline.frame = outline }
        inspectorOutline.isHidden = outline == nil
        CATransaction.commit()
    }

    /// The panel's text: name, class, and for each animated key path its model and presentation value.
    package static func inspectorText(for model: CALayer, presentation: CALayer) -> String {
        var lines = ["\(model.name.map { "\"\(TerminalText.escaped($0))\"" } ?? "(no name)")  \(String(describing: type(of: model)))"]
        let f = presentation.frame
        lines.append(String(format: "frame %.1f, %.1f  %.1f × %.1f", f.origin.x, f.origin.y, f.size.width, f.size.height))
        var paths: [String] = []
        for key in model.animationKeys() ?? [] {
            if let a = model.animation(forKey: key) as? CAPropertyAnimation, let path = a.keyPath, !paths.contains(path) { paths.append(path) }
        }
        if paths.isEmpty { lines.append("no animations") }
        for path in paths {
            lines.append("\(TerminalText.escaped(path)): model \(describe(model.value(forKeyPath: path)))  now \(describe(presentation.value(forKeyPath: path)))")
        }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ v: Any?) -> String {
        guard let v else { return "nil" }
        func n(_ x: CGFloat) -> String { String(format: "%.3g", Double(x)) }
        switch v {
        case let x as CGFloat: return n(x)
        case let x as Double: return n(CGFloat(x))
        case let x as Float: return n(CGFloat(x))
        case let p as CGPoint: return "(\(n(p.x)), \(n(p.y)))"
        case let s as CGSize: return "(\(n(s.width)) × \(n(s.height)))"
        case let r as CGRect: return "(\(n(r.origin.x)), \(n(r.origin.y)), \(n(r.size.width)) × \(n(r.size.height)))"
        case let c as CGColor: return "rgba(" + (c.components ?? []).map(n).joined(separator: ", ") + ")"
        default: return String(describing: v)
        }
    }

    /// The layers of the scene that can show (not hidden) and the animations attached to them (model
    /// tree), for the statistics overlay.
    func sceneCounts() -> (layers: Int, animations: Int) {
        var layers = 0, animations = 0
        // Only what can show: a hidden layer (a gallery behind the demo it opened) and its
        // sublayers are not counted.
        func walk(_ l: CALayer) {
            guard !l.isHidden else { return }
            layers += 1
            animations += l.animationKeys()?.count ?? 0
            for s in l.sublayers ?? [] { walk(s) }
            if let m = l.mask { walk(m) }
        }
        if let root = layer { walk(root) }
        return (layers, animations)
    }

    func layoutInspection(_ size: CGSize) {
        inspectionRoot.frame = CGRect(origin: .zero, size: size)
        // At the bottom right, above the timeline strip's place (clear of the statistics overlay).
        inspectorPanel.anchorPoint = CGPoint(x: 0, y: 1)
        inspectorPanel.bounds = CGRect(x: 0, y: 0, width: 300, height: inspectorPanel.bounds.height > 0 ? inspectorPanel.bounds.height : 60)
        inspectorPanel.position = CGPoint(x: max(0, size.width - 308), y: size.height - WindowHost.timelineHeight - 8)
    }
}
