import XCTest
@testable import QuartzCore

/// A reference type held by a layer subclass.
private final class Palette {
    let name: String
    init(_ name: String) { self.name = name }
}

/// A class-bound protocol: weak references to it carry a witness table beside the reference.
private protocol Watcher: AnyObject { func ping() -> Int }
private final class CountingWatcher: NSObject, Watcher, CALayerDelegate { func ping() -> Int { 42 } }

/// A subclass without init(layer:), as most client code writes it.
private class PlainSubclass: CALayer {}

/// A shape layer subclass.
private class BadgeShape: CAShapeLayer {}

/// Stored properties of value and reference types, weak and unowned references.
private class RichLayer: CALayer {
    var title = "untitled"
    var weights: [Double] = []
    var inset = CGSize.zero
    var palette: Palette?
    weak var buddy: CALayer?
    weak var watcher: Watcher?
    unowned var owner: CALayer

    init(owner: CALayer) {
        self.owner = owner
        super.init()
    }
    override init(layer: Any) {
        let l = layer as! RichLayer
        owner = l.owner
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) { return nil }
}

/// Apple-style code: `override init(layer:)` without `required` must compile.
private class CountingLayer: CALayer {
    var count = 0
    override init() { super.init() }
    override init(layer: Any) {
        if let l = layer as? CountingLayer { count = l.count }
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) { return nil }
}

final class SubclassPresentationTests: LaminaTestCase {
    func testPresentationOfAnEmptySubclassIsOfThatClass() {
        let l = PlainSubclass()
        l.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        l.position = CGPoint(x: 7, y: 9)
        CATransaction.flush()
        let p = l.presentation()
        XCTAssertNotNil(p)
        XCTAssertTrue(type(of: p!) == PlainSubclass.self)
        XCTAssertEqual(p!.position, CGPoint(x: 7, y: 9))
        XCTAssertEqual(p!.bounds.size, CGSize(width: 40, height: 30))
        XCTAssertTrue(p!.model() === l)
        XCTAssertTrue(p!.presentation() === p)
    }

    func testPresentationOfAShapeLayerSubclassKeepsShapeValues() {
        let l = BadgeShape()
        l.lineWidth = 6
        l.strokeEnd = 0.25
        CATransaction.flush()
        let p = l.presentation()
        XCTAssertTrue(p.map { type(of: $0) == BadgeShape.self } ?? false)
        XCTAssertEqual(p?.lineWidth, 6)
        XCTAssertEqual(p?.strokeEnd, 0.25)
    }

    func testStoredPropertiesOfValueAndReferenceTypesAreCopied() {
        let owner = CALayer(), buddy = CALayer()
        let palette = Palette("warm")
        let l = RichLayer(owner: owner)
        l.title = "dial"
        l.weights = [0.5, 2]
        l.inset = CGSize(width: 3, height: 4)
        l.palette = palette
        l.buddy = buddy
        let watcher = CountingWatcher()
        l.watcher = watcher
        l.delegate = watcher
        CATransaction.flush()
        guard let p = l.presentation() else { return XCTFail("no presentation") }
        XCTAssertTrue(type(of: p) == RichLayer.self)
        XCTAssertEqual(p.title, "dial")
        XCTAssertEqual(p.weights, [0.5, 2])
        XCTAssertEqual(p.inset, CGSize(width: 3, height: 4))
        XCTAssertTrue(p.palette === palette)
        XCTAssertTrue(p.buddy === buddy)
        XCTAssertEqual(p.watcher?.ping(), 42)
        XCTAssertTrue(p.delegate === watcher)
        XCTAssertTrue(p.owner === owner)
        XCTAssertTrue(p.model() === l)
        XCTAssertFalse(p === l)
    }

    func testCopiesRetainWhatTheyHoldAndReleaseIt() {
        weak var weakPalette: Palette?
        weak var weakCopy: RichLayer?
        let owner = CALayer()
        let l = RichLayer(owner: owner)
        do {
            let palette = Palette("cold")
            weakPalette = palette
            l.palette = palette
            CATransaction.flush()
            for _ in 0..<50 { _ = l.presentation() }
            let p = l.presentation()
            weakCopy = p
            l.palette = nil
            // The copy holds its own strong reference.
            XCTAssertEqual(p?.palette?.name, "cold")
        }
        XCTAssertNil(weakCopy)
        XCTAssertNil(weakPalette)
        // The model keeps its slot: it still presents after its copies are gone.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.position = CGPoint(x: 5, y: 6)
        CATransaction.commit()
        XCTAssertEqual(l.presentation()?.position, CGPoint(x: 5, y: 6))
    }

    func testOverrideOfInitLayerCompilesAndStoredValuesArrive() {
        let l = CountingLayer()
        l.count = 12
        CATransaction.flush()
        XCTAssertEqual(l.presentation()?.count, 12)
    }

    func testAnimatedSubclassPresentsTheInterpolatedValue() {
        let l = PlainSubclass()
        l.position = .zero
        CATransaction.flush()
        let a = CABasicAnimation(keyPath: "position")
        a.fromValue = CGPoint(x: 0, y: 0)
        a.toValue = CGPoint(x: 100, y: 40)
        a.duration = 2
        l.add(a, forKey: "move")
        CATransaction.flush()
        at(0.5)
        // Linear timing 1/4 of the way: (25, 10).
        guard let p = l.presentation() else { return XCTFail("no presentation") }
        XCTAssertEqual(p.position.x, 25, accuracy: 1e-9)
        XCTAssertEqual(p.position.y, 10, accuracy: 1e-9)
        XCTAssertTrue(p.superlayer == nil && p.model() === l)
    }

    func testSublayersOfAPresentationCopyAreOfTheirOwnClasses() {
        let root = CALayer()
        let child = BadgeShape(), grandchild = PlainSubclass()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        CATransaction.flush()
        let p = root.presentation()
        XCTAssertTrue(p?.sublayers?.first.map { type(of: $0) == BadgeShape.self } ?? false)
        XCTAssertTrue(p?.sublayers?.first?.sublayers?.first.map { type(of: $0) == PlainSubclass.self } ?? false)
        XCTAssertTrue(grandchild.presentation()?.superlayer.map { type(of: $0) == BadgeShape.self } ?? false)
    }
}

/// A subclass holding a closure (a thick function: code and context).
private final class ClosureLayer: CALayer {
    var action: () -> Int = { 0 }
}

final class SubclassPresentationClosureTests: LaminaTestCase {
    func testClosureFieldsAreCopied() {
        let l = ClosureLayer()
        let base = 40
        l.action = { base + 2 }
        CATransaction.flush()
        XCTAssertEqual(l.presentation()?.action(), 42)
    }
}
