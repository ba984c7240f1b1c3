import XCTest
@_spi(LaminaInternal) @testable import QuartzCore

/// Layer slots stay low: a new layer takes the lowest free slot, so a moment with many layers does
/// not leave every later layer (and every renderer's array of records, indexed by slot) near that
/// peak.
final class LayerSlotsTests: LaminaTestCase {
    func testANewLayerTakesTheLowestFreeSlotAfterManyAreFreed() {
        // Many layers alive at once, then freed in the order they were made (an array let go).
        var many: [CALayer]? = (0..<3000).map { _ in CALayer() }
        let slots = many!.map(\.slot)
        let lowest = slots.min()!, highest = slots.max()!
        XCTAssertEqual(Set(slots).count, slots.count, "each live layer has a slot of its own")
        XCTAssertGreaterThanOrEqual(highest - lowest, 2999)
        many = nil
        CATransaction.flush()
        // Every one of those slots is free now; the next layers take the lowest of the free ones
        // (at most the lowest of ours: another test's freed slot may be lower still), not the
        // slot freed last (the highest of ours).
        let next = (0..<10).map { _ in CALayer() }
        XCTAssertLessThanOrEqual(next.map(\.slot).max()!, lowest + 9, "slots \(next.map(\.slot)) after freeing \(lowest)...\(highest)")
        XCTAssertEqual(Set(next.map(\.slot)).count, 10)
    }

    func testAFreedSlotIsTakenAgainWithANewGeneration() {
        var layer: CALayer? = CALayer()
        let (slot, generation) = (layer!.slot, layer!.slotGeneration)
        layer = nil
        CATransaction.flush()
        // The lowest free slot: this one, unless a lower one was free already.
        let again = CALayer()
        if again.slot == slot {
            XCTAssertNotEqual(again.slotGeneration, generation, "a reused slot is told apart by its generation")
        } else {
            XCTAssertLessThan(again.slot, slot)
        }
        XCTAssertNil(LayerSlots.shared.layer(at: slot, generation: generation), "the freed layer's slot and generation name no layer")
    }
}
