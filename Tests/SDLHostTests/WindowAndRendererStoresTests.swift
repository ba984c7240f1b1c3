import XCTest
@_spi(LaminaInternal) import QuartzCore
@testable import SDLHost

/// A window and a headless `CARenderer` in one process, with different roots: each draws from its
/// own store, and a commit reaches only the store whose tree it changed.
final class WindowAndRendererStoresTests: OffscreenClockTestCase {
    func testAWindowAndAHeadlessRendererEachGetOnlyTheirOwnCommits() throws {
        // The window's tree takes red and green, the renderer's blue and white (opaque ARGB below).
        let windowColours = [CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)]
        let rendererColours = [CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1), CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)]
        let windowPixels: [UInt32] = [0xFFFF_0000, 0xFF00_FF00], rendererPixels: [UInt32] = [0xFF00_00FF, 0xFFFF_FFFF]
        func square(_ c: CGColor) -> CALayer {
            let l = CALayer()
            l.anchorPoint = .zero
            l.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            l.backgroundColor = c
            return l
        }
        let host = try WindowHost(title: "stores", size: CGSize(width: 40, height: 40))
        host.virtualTime = true
        host.keepsLastFrame = true
        let shown = square(windowColours[0]), headless = square(rendererColours[0])
        host.layer = shown
        let renderer = CARenderer(size: CGSize(width: 40, height: 40))
        renderer.layer = headless
        CATransaction.flush()
        // On the app thread, one explicit transaction a turn, alternating between the two trees; the
        // headless renderer draws in the same turns.
        var turn = 0
        var windowCommits = 0, rendererCommits = 0
        var missed: [String] = []
        var headlessPixels: [UInt32] = []
        host.onTick = { _ in
            turn += 1
            let window = host.sceneTrees.tree.generation, own = renderer.committedTrees.tree.generation
            CATransaction.begin(); CATransaction.setDisableActions(true)
            if turn % 2 == 1 { shown.backgroundColor = windowColours[turn / 2 % 2] } else { headless.backgroundColor = rendererColours[turn / 2 % 2] }
            CATransaction.commit()
            let dw = host.sceneTrees.tree.generation - window, dr = renderer.committedTrees.tree.generation - own
            if turn % 2 == 1 { windowCommits += dw; if dr != 0 { missed.append("turn \(turn): the renderer's store moved") } }
            else { rendererCommits += dr; if dw != 0 { missed.append("turn \(turn): the window's store moved") } }
            renderer.beginFrame(atTime: CACurrentMediaTime()); renderer.render(); renderer.endFrame()
            headlessPixels.append(renderer.pixelBuffer.pixels[20 * 40 + 20])
        }
        host.run(frames: 12)
        XCTAssertEqual(missed, [])
        XCTAssertGreaterThanOrEqual(turn, 12)
        XCTAssertEqual(windowCommits, (turn + 1) / 2, "every window transaction reached the window's store")
        XCTAssertEqual(rendererCommits, turn / 2, "every renderer transaction reached the renderer's store")
        // What each shows is its own tree's last colour.
        let lastHeadless = turn % 2 == 0 ? turn : turn - 1
        XCTAssertEqual(headlessPixels.last, rendererPixels[lastHeadless / 2 % 2])
        let frame = try XCTUnwrap(host.lastFrame)
        // The window's last frame may come before the app's last turns: it shows one of its colours.
        let p = frame.premultipliedARGB[20 * frame.width + 20]
        XCTAssertTrue(windowPixels.contains(p), "the window shows its own tree (\(String(p, radix: 16)))")
        XCTAssertTrue(Set(headlessPixels).isSubset(of: rendererPixels), "the renderer shows its own tree")
        for l in [headless] { XCTAssertFalse(host.sceneTrees.tree.holds(l)) }
        for l in [shown, host.hostRoot] { XCTAssertFalse(renderer.committedTrees.tree.holds(l)) }
        XCTAssertTrue(host.sceneTrees.tree.holds(shown))
    }
}
