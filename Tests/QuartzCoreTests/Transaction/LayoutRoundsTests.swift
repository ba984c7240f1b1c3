import XCTest
@testable import QuartzCore

/// Layout that asks for more layout during a commit: the layers it marks join the same commit, but
/// a chain that keeps going cannot hold the commit for ever (Lamina stops after 8 rounds).
final class LayoutRoundsTests: LaminaTestCase {
    /// Each layer's layout marks the next layer of a chain as needing layout, and records itself.
    private final class ChainLayer: CALayer {
        var next: ChainLayer?
        var log: LogBox?
        let index: Int
        init(index: Int) { self.index = index; super.init() }
        required init?(coder: NSCoder) { nil }
        override func layoutSublayers() {
            log?.order.append(index)
            next?.setNeedsLayout()
        }
    }

    private final class LogBox { var order: [Int] = [] }

    private func chain(_ n: Int, _ log: LogBox) -> [ChainLayer] {
        let layers = (0..<n).map { ChainLayer(index: $0) }
        for (a, b) in zip(layers, layers.dropFirst()) { a.next = b }
        for l in layers { l.log = log }
        CATransaction.flush()
        return layers
    }

    func testLayoutAskedForDuringACommitJoinsIt() {
        let log = LogBox()
        let layers = chain(3, log)
        layers[0].setNeedsLayout()
        CATransaction.flush()
        XCTAssertEqual(log.order, [0, 1, 2], "each layout's request is served in the same commit")
        XCTAssertFalse(layers.contains { $0.needsLayout() })
    }

    func testAChainOfLayoutRequestsStopsAfterEightRounds() {
        let log = LogBox()
        let layers = chain(20, log)
        layers[0].setNeedsLayout()
        CATransaction.flush()
        XCTAssertEqual(log.order, Array(0..<8), "one round per link, eight rounds in one commit")
        XCTAssertTrue(layers[8].needsLayout(), "the ninth is still waiting")
        // It lays out when asked, and the chain goes on from there.
        layers[8].layoutIfNeeded()
        XCTAssertEqual(log.order.last, 8)
        CATransaction.flush()
        XCTAssertEqual(log.order.count, 17, "the next commit serves eight more")
    }
}
