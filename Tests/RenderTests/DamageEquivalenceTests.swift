import XCTest
import LaminaRandom
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore

/// Damage-limited frames against full redraws, pixel for pixel. A layer tree goes through a
/// seeded random sequence of changes (layers added, removed, moved, resized, reordered; an
/// ancestor's opacity, colour, visibility, transform, corner radius, clipping, border or shadow
/// changed; masks set; animations and implicit animations started), frame after frame on virtual
/// time. Each frame is drawn by one long-lived CARenderer, which redraws only what its damage
/// tracker reports, and by a CARenderer made afresh for that frame (everything drawn); the two
/// must agree bit for bit.
final class DamageEquivalenceTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.manualTime = nil
        super.tearDown()
    }


    /// The scenario: the tree, the layers in it, and the log of what was done (for failure messages).
    final class Scenario {
        var rng: SplitMix64
        let size: CGSize
        let root = CALayer()
        var log: [String] = []
        var serial = 0

        init(seed: UInt64, size: CGSize) {
            rng = SplitMix64(seed: seed)
            self.size = size
            root.bounds = CGRect(origin: .zero, size: size)
            root.position = CGPoint(x: size.width / 2, y: size.height / 2)
            root.backgroundColor = CGColor(srgbRed: 0.95, green: 0.94, blue: 0.9, alpha: 1)
            for _ in 0..<5 { addLayer() }
        }

        /// Every layer below the root (masks excluded), depth first.
        var layers: [CALayer] {
            var out: [CALayer] = []
            func walk(_ l: CALayer) { for s in l.sublayers ?? [] { out.append(s); walk(s) } }
            walk(root)
            return out
        }

        func name(_ l: CALayer) -> String { l === root ? "root" : (l.name ?? "?") }

        func color() -> CGColor {
            CGColor(srgbRed: rng.cg(0, 1), green: rng.cg(0, 1), blue: rng.cg(0, 1), alpha: rng.chance(0.3) ? rng.cg(0.2, 0.9) : 1)
        }

        func frame(in parent: CALayer) -> CGRect {
            let b = parent.bounds
            let w = rng.cg(4, max(6, Double(b.width) * 0.7)), h = rng.cg(4, max(6, Double(b.height) * 0.7))
            return CGRect(x: rng.cg(-6, Double(b.width) - 2), y: rng.cg(-6, Double(b.height) - 2), width: w, height: h)
        }

        /// A new layer of a random kind under a random parent.
        func addLayer() {
            let parents = [root] + layers.filter { !($0 is CAShapeLayer) }
            let parent = rng.pick(parents)
            let l: CALayer
            switch rng.int(0...11) {
            case 0:
                let s = CAShapeLayer()
                let p = CGMutablePath()
                p.move(to: CGPoint(x: 1, y: 1)); p.addLine(to: CGPoint(x: 14, y: 4)); p.addQuadCurve(to: CGPoint(x: 3, y: 12), control: CGPoint(x: 16, y: 14))
                p.closeSubpath()
                s.path = p
                s.fillColor = color(); s.strokeColor = color(); s.lineWidth = rng.cg(0, 3)
                l = s
            case 1:
                let g = CAGradientLayer()
                g.colors = [color(), color()]
                g.startPoint = CGPoint(x: 0, y: 0); g.endPoint = CGPoint(x: 1, y: rng.cg(0, 1))
                l = g
            case 2:
                l = CALayer()
                l.contents = rng.chance(0.5) ? Art.picture : Art.alphaRamp
                l.magnificationFilter = rng.chance(0.5) ? .linear : .nearest
            case 3:
                // A 3D context: its sublayers (added later) are sorted by depth, seen in perspective.
                let t = CATransformLayer()
                var p = CATransform3DIdentity; p.m34 = -1 / 80
                t.transform = CATransform3DConcat(CATransform3DMakeRotation(rng.cg(-0.8, 0.8), 0, 1, 0), p)
                l = t
            case 4:
                let r = CAReplicatorLayer()
                r.instanceCount = rng.int(2...3)
                r.instanceTransform = CATransform3DMakeTranslation(rng.cg(3, 9), rng.cg(-3, 3), 0)
                r.instanceAlphaOffset = -0.2
                l = r
            default:
                l = CALayer()
            }
            serial += 1
            l.name = "L\(serial)"
            l.frame = frame(in: parent)
            if !(l is CAGradientLayer) && !(l is CATransformLayer) && rng.chance(0.8) { l.backgroundColor = color() }
            if rng.chance(0.2) { l.cornerRadius = rng.cg(0, 8) }
            if rng.chance(0.15) { l.borderWidth = rng.cg(0.5, 3); l.borderColor = color() }
            if rng.chance(0.2) { l.opacity = Float(rng.cg(0.3, 1)) }
            if rng.chance(0.1) { l.transform = CATransform3DMakeRotation(rng.cg(-1, 1), 0, 0, 1) }
            if parent is CATransformLayer { l.transform = CATransform3DMakeTranslation(0, 0, rng.cg(-12, 12)) }
            if rng.chance(0.5) || parent.sublayers == nil { parent.addSublayer(l) }
            else { parent.insertSublayer(l, at: UInt32(rng.int(0...(parent.sublayers!.count)))) }
            log.append("add \(name(l)) to \(name(parent))")
        }

        /// One random change; `ancestor` changes pick layers with sublayers when there are any.
        func change() {
            let all = layers
            if all.isEmpty { addLayer(); return }
            let withChildren = all.filter { !($0.sublayers ?? []).isEmpty }
            let ancestor = withChildren.isEmpty || rng.chance(0.2) ? rng.pick(all + [root]) : rng.pick(withChildren)
            let any = rng.pick(all)
            switch rng.int(0...24) {
            case 0, 1: addLayer()
            case 2:
                any.removeFromSuperlayer(); log.append("remove \(name(any))")
            case 3:
                any.position = CGPoint(x: any.position.x + rng.cg(-8, 8), y: any.position.y + rng.cg(-8, 8)); log.append("move \(name(any))")
            case 4:
                any.bounds.size = CGSize(width: rng.cg(2, 30), height: rng.cg(2, 24)); log.append("resize \(name(any))")
            case 5:
                ancestor.opacity = rng.chance(0.2) ? 0 : Float(rng.cg(0.2, 1)); log.append("opacity of \(name(ancestor))")
            case 6:
                ancestor.backgroundColor = rng.chance(0.1) ? nil : color(); log.append("background of \(name(ancestor))")
            case 7:
                guard ancestor !== root else { return }
                ancestor.isHidden.toggle(); log.append("hidden of \(name(ancestor)) → \(ancestor.isHidden)")
            case 8:
                ancestor.transform = rng.chance(0.2) ? CATransform3DIdentity
                    : CATransform3DConcat(CATransform3DMakeScale(rng.cg(0.6, 1.4), rng.cg(0.6, 1.4), 1), CATransform3DMakeRotation(rng.cg(-1, 1), 0, 0, 1))
                log.append("transform of \(name(ancestor))")
            case 9:
                ancestor.cornerRadius = rng.chance(0.3) ? 0 : rng.cg(1, 12); log.append("cornerRadius of \(name(ancestor))")
            case 10:
                ancestor.masksToBounds.toggle(); log.append("masksToBounds of \(name(ancestor)) → \(ancestor.masksToBounds)")
            case 11:
                if rng.chance(0.3) { ancestor.shadowOpacity = 0 } else {
                    ancestor.shadowOpacity = Float(rng.cg(0.3, 1)); ancestor.shadowRadius = rng.cg(0, 4)
                    ancestor.shadowOffset = CGSize(width: rng.cg(-4, 4), height: rng.cg(-4, 4))
                    ancestor.shadowColor = color()
                    // shadowPath inside the bounds, or reaching past them (it need not follow them).
                    ancestor.shadowPath = rng.chance(0.4) ? CGPath(ellipseIn: ancestor.bounds.insetBy(dx: rng.cg(-6, 3), dy: rng.cg(-6, 3)), transform: nil) : nil
                }
                log.append("shadow of \(name(ancestor))")
            case 12:
                any.zPosition = rng.cg(-3, 3).rounded(); log.append("zPosition of \(name(any)) → \(any.zPosition)")
            case 13:
                // Restacking without zPosition: to the front, or to the back, of its siblings.
                guard let parent = any.superlayer else { return }
                let n = parent.sublayers?.count ?? 1
                switch rng.int(0...2) {
                case 0: parent.addSublayer(any)
                case 1: parent.insertSublayer(any, at: 0)
                default: parent.insertSublayer(any, at: UInt32(rng.int(0...(n - 1))))
                }
                log.append("restack \(name(any))")
            case 23:
                // To another parent (not inside itself).
                var inside: [CALayer] = []
                func walk(_ l: CALayer) { inside.append(l); for s in l.sublayers ?? [] { walk(s) } }
                walk(any)
                let parents = ([root] + all).filter { p in !inside.contains { $0 === p } && !(p is CAShapeLayer) }
                let p = rng.pick(parents)
                p.insertSublayer(any, at: UInt32(rng.int(0...(p.sublayers?.count ?? 0))))
                log.append("reparent \(name(any)) to \(name(p))")
            case 14:
                let a = CABasicAnimation(keyPath: rng.pick(["position", "opacity", "backgroundColor", "transform.rotation.z", "bounds.size"]))
                switch a.keyPath {
                case "position": a.fromValue = NSValue(point: CGPoint(x: rng.cg(0, Double(size.width)), y: rng.cg(0, Double(size.height))))
                case "opacity": a.fromValue = Float(rng.cg(0, 1))
                case "backgroundColor": a.fromValue = color()
                case "transform.rotation.z": a.fromValue = rng.cg(-2, 2)
                default: a.fromValue = NSValue(size: CGSize(width: rng.cg(2, 30), height: rng.cg(2, 30)))
                }
                a.duration = Double(rng.cg(0.1, 0.6))
                any.add(a, forKey: "anim\(serial)")
                serial += 1
                log.append("animate \(a.keyPath ?? "?") of \(name(any))")
            case 15:
                // A change with its implicit animation (a standalone layer animates it).
                CATransaction.setDisableActions(false)
                any.position = CGPoint(x: rng.cg(0, Double(size.width)), y: rng.cg(0, Double(size.height)))
                any.opacity = Float(rng.cg(0.2, 1))
                log.append("implicit move/fade of \(name(any))")
            case 16:
                ancestor.borderWidth = rng.chance(0.3) ? 0 : rng.cg(0.5, 4); ancestor.borderColor = color()
                log.append("border of \(name(ancestor))")
            case 17:
                guard ancestor !== root else { return }
                if ancestor.mask != nil && rng.chance(0.5) { ancestor.mask = nil } else {
                    let m = CALayer()
                    m.frame = ancestor.bounds.insetBy(dx: rng.cg(0, 6), dy: rng.cg(0, 6))
                    m.backgroundColor = CGColor(gray: 0, alpha: rng.cg(0.4, 1))
                    m.cornerRadius = rng.cg(0, 6)
                    ancestor.mask = m
                }
                log.append("mask of \(name(ancestor))")
            case 18:
                ancestor.sublayerTransform = rng.chance(0.3) ? CATransform3DIdentity : CATransform3DMakeTranslation(rng.cg(-5, 5), rng.cg(-5, 5), 0)
                log.append("sublayerTransform of \(name(ancestor))")
            case 19:
                ancestor.allowsGroupOpacity.toggle(); log.append("allowsGroupOpacity of \(name(ancestor))")
            case 21:
                let tr = CATransition()
                tr.type = rng.pick([.fade, .push, .moveIn, .reveal])
                tr.subtype = rng.pick([.fromLeft, .fromRight, .fromTop, .fromBottom])
                tr.duration = Double(rng.cg(0.1, 0.5))
                any.add(tr, forKey: "transition")
                any.backgroundColor = color()
                log.append("transition of \(name(any))")
            case 22:
                if let g = any as? CAGradientLayer { g.colors = [color(), color(), color()]; log.append("gradient of \(name(any))") }
                else if let r = any as? CAReplicatorLayer { r.instanceCount = rng.int(1...4); log.append("instances of \(name(any))") }
                else if any.superlayer is CATransformLayer { any.transform = CATransform3DMakeTranslation(0, 0, rng.cg(-12, 12)); log.append("depth of \(name(any))") }
                else { any.contentsRect = CGRect(x: rng.cg(0, 0.5), y: rng.cg(0, 0.5), width: 0.5, height: 0.5); log.append("contentsRect of \(name(any))") }
            case 20:
                if let s = any as? CAShapeLayer { s.strokeEnd = rng.cg(0, 1); s.fillColor = color(); log.append("shape of \(name(any))") }
                else { any.contents = rng.chance(0.3) ? nil : Art.picture; log.append("contents of \(name(any))") }
            default:
                log.append("idle")
            }
        }
    }

    /// Runs `frames` frames of one seeded scenario; returns the number of frames compared.
    @discardableResult
    func run(seed: UInt64, frames: Int, size: CGSize = CGSize(width: 48, height: 36), scale: CGFloat = 1, threads: Int = 1,
             changesPerFrame: ClosedRange<Int> = 0...2, file: StaticString = #filePath, line: UInt = #line) -> (compared: Int, partial: Int) {
        var t: CFTimeInterval = 10
        CAMediaClock.manualTime = t
        let sc = Scenario(seed: seed, size: size)
        CATransaction.flush()
        let incremental = CARenderer(size: size, scale: scale)
        incremental.threads = threads
        incremental.layer = sc.root
        var partial = 0
        for k in 0..<frames {
            if k > 0 {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                for _ in 0..<sc.rng.int(changesPerFrame) { sc.change() }
                CATransaction.commit()
                CATransaction.flush()
            }
            incremental.beginFrame(atTime: t)
            let damage = incremental.damageRect
            if damage.area < incremental.pixelBuffer.pixels.count { partial += 1 }
            incremental.render(); incremental.endFrame()
            let full = CARenderer(size: size, scale: scale)
            full.layer = sc.root
            full.beginFrame(atTime: t); full.render(); full.endFrame()
            let a = incremental.pixelBuffer, b = full.pixelBuffer
            if a.pixels != b.pixels {
                let diff = a.pixels.indices.filter { a.pixels[$0] != b.pixels[$0] }
                let at = diff.prefix(4).map { "(\($0 % a.width),\($0 / a.width)) \(String(a.pixels[$0], radix: 16)) vs \(String(b.pixels[$0], radix: 16))" }
                XCTFail("seed \(seed), frame \(k): \(diff.count) pixels differ, first \(at); damage \(damage); last changes \(sc.log.suffix(6))",
                        file: file, line: line)
                return (k + 1, partial)
            }
            t += 1.0 / 30
            CAMediaClock.manualTime = t
        }
        return (frames, partial)
    }

    func testDamageLimitedFramesEqualFullRedraws() {
        var compared = 0, partial = 0
        for seed: UInt64 in 1...12 {
            let r = run(seed: seed, frames: 40, changesPerFrame: 0...3)
            compared += r.compared; partial += r.partial
        }
        XCTAssertEqual(compared, 480)
        XCTAssertGreaterThan(partial, 100, "most frames redraw only part of the target (the test compares the damage path)")
    }

    func testDamageLimitedFramesEqualFullRedrawsAtScaleTwoOnTwoThreads() {
        for seed: UInt64 in 101...103 { run(seed: seed, frames: 40, size: CGSize(width: 32, height: 24), scale: 2, threads: 2) }
    }

    /// Each change to an ancestor alone, on a parent whose sublayer reaches past its bounds (and a
    /// grandchild past those): the damage-limited frame must redraw the descendants too.
    func testEachAncestorChangeRedrawsItsDescendants() {
        let changes: [(String, (CALayer) -> Void)] = [
            ("opacity", { $0.opacity = 0.4 }),
            ("hidden", { $0.isHidden = true }),
            ("removed", { $0.removeFromSuperlayer() }),
            ("moved", { $0.position.x += 3 }),
            ("transform", { $0.transform = CATransform3DMakeRotation(0.3, 0, 0, 1) }),
            ("sublayerTransform", { $0.sublayerTransform = CATransform3DMakeTranslation(2, 1, 0) }),
            ("masksToBounds", { $0.masksToBounds = true }),
            ("cornerRadius when clipping", { $0.masksToBounds = true; CATransaction.flush(); $0.cornerRadius = 4 }),
            ("allowsGroupOpacity", { $0.allowsGroupOpacity = false }),
            ("shadow", { $0.shadowOpacity = 1; $0.shadowRadius = 1; $0.shadowOffset = CGSize(width: 2, height: 3) }),
            ("shadowPath", { $0.shadowOpacity = 1; $0.shadowPath = CGPath(ellipseIn: CGRect(x: -6, y: -4, width: 30, height: 24), transform: nil) }),
            ("mask", { let m = CALayer(); m.frame = CGRect(x: 2, y: 2, width: 20, height: 14); m.backgroundColor = CGColor(gray: 0, alpha: 1); $0.mask = m }),
            ("restacked", { $0.superlayer?.addSublayer($0) }),
            ("reparented", { l in l.superlayer?.sublayers?.last.map { $0.addSublayer(l) } }),
        ]
        CAMediaClock.manualTime = 10
        for (name, change) in changes {
            let size = CGSize(width: 48, height: 36)
            let root = CALayer()
            root.bounds = CGRect(origin: .zero, size: size); root.position = CGPoint(x: 24, y: 18)
            root.backgroundColor = CGColor(srgbRed: 0.95, green: 0.94, blue: 0.9, alpha: 1)
            let parent = CALayer(), child = CALayer(), grandchild = CALayer(), cover = CALayer()
            parent.frame = CGRect(x: 8, y: 6, width: 10, height: 8); parent.opacity = 0.8
            parent.backgroundColor = CGColor(srgbRed: 0.2, green: 0.4, blue: 0.8, alpha: 1)
            child.frame = CGRect(x: 6, y: 5, width: 16, height: 12); child.backgroundColor = CGColor(srgbRed: 0.9, green: 0.3, blue: 0.2, alpha: 1)
            grandchild.frame = CGRect(x: 10, y: 8, width: 8, height: 8); grandchild.backgroundColor = CGColor(srgbRed: 0.1, green: 0.7, blue: 0.3, alpha: 1)
            cover.frame = CGRect(x: 20, y: 14, width: 12, height: 10); cover.backgroundColor = CGColor(srgbRed: 0.9, green: 0.8, blue: 0.1, alpha: 0.8)
            child.addSublayer(grandchild); parent.addSublayer(child); root.addSublayer(parent); root.addSublayer(cover)
            CATransaction.flush()
            let incremental = CARenderer(size: size)
            incremental.layer = root
            incremental.beginFrame(atTime: 10); incremental.render(); incremental.endFrame()
            CATransaction.begin(); CATransaction.setDisableActions(true)
            change(parent)
            CATransaction.commit(); CATransaction.flush()
            incremental.beginFrame(atTime: 10)
            let damage = incremental.damageRect
            incremental.render(); incremental.endFrame()
            let full = CARenderer(size: size)
            full.layer = root
            full.beginFrame(atTime: 10); full.render(); full.endFrame()
            let a = incremental.pixelBuffer.pixels, b = full.pixelBuffer.pixels
            let differing = a.indices.filter { a[$0] != b[$0] }
            XCTAssertEqual(differing.count, 0, "\(name): \(differing.count) pixels differ, first \(differing.prefix(3).map { ($0 % 48, $0 / 48) }); damage \(damage)")
            XCTAssertFalse(damage.isEmpty, "\(name) changes pixels")
        }
    }

    /// One change a frame, so a wrong damage rectangle is not hidden by another change's damage.
    func testSingleChangesEqualFullRedraws() {
        for seed: UInt64 in 201...206 { run(seed: seed, frames: 40, changesPerFrame: 1...1) }
    }
}
