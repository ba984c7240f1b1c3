import XCTest
import LaminaTestSupport
import Foundation
import QuartzCore
@testable import lamina

/// `lamina eval --plot` (issue 27): round ticks on both axes, a transform shown as its parts, one
/// distinct style a curve, a legend that wraps rather than being cut, titles that name the layer
/// and key once; and `--after` events replayed on a series' way. Expected values are worked out
/// by hand in each test.
final class EvalPlotTests: XCTestCase {
    var repo: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

    /// 74...320 in about 4 ticks: a raw step of 61.5 rounds up to 100 (not 50), from 0 to 400;
    /// 0...1 by 0.25 (two decimals); 0...3 in about 8: 0.375 rounds up to 0.5 (one decimal).
    func testTicksAreRoundValuesCoveringTheData() {
        let a = PlotTicks(covering: 74, 320, target: 4)
        XCTAssertEqual(a.values, [0, 100, 200, 300, 400])
        XCTAssertEqual(a.values.map(a.label), ["0", "100", "200", "300", "400"])
        let b = PlotTicks(covering: 0, 1, target: 4)
        XCTAssertEqual(b.values.map(b.label), ["0.00", "0.25", "0.50", "0.75", "1.00"])
        let c = PlotTicks(covering: 0, 3, target: 8)
        XCTAssertEqual(c.values.map(c.label), ["0.0", "0.5", "1.0", "1.5", "2.0", "2.5", "3.0"])
        let constant = PlotTicks(covering: 1, 1, target: 4)
        XCTAssertEqual(constant.values, [0, 0.5, 1, 1.5, 2], "a constant is widened by 1 either way")
        let negative = PlotTicks(covering: -0.3, 0.3, target: 4)
        XCTAssertEqual(negative.values.map(negative.label), ["-0.4", "-0.2", "0.0", "0.2", "0.4"], "0.15 rounds up to 0.2; -0 shows as 0")
    }

    /// Scale (2, 3) then a 30° turn then a move by (10, 20): rows 2(cos, sin), 3(-sin, cos), and the move.
    func testATransformIsToldAsItsParts() throws {
        let c = cos(Double.pi / 6), s = sin(Double.pi / 6)
        let m = [2 * c, 2 * s, 0, 0, -3 * s, 3 * c, 0, 0, 0, 0, 1, 0, 10, 20, 0, 1]
        let p = try XCTUnwrap(TransformParts(m))
        XCTAssertEqual(p.translation, [10, 20, 0])
        for (got, want) in zip(p.scale + p.rotation, [2.0, 3, 1, 0, 0, 30]) { XCTAssertEqual(got, want, accuracy: 1e-9) }
        let flip = try XCTUnwrap(TransformParts([-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
        XCTAssertEqual(flip.scale, [-1, 1, 1], "a mirror image is a negative x scale")
        XCTAssertEqual(flip.rotation.map { abs($0) }, [0, 0, 0])
        XCTAssertNil(TransformParts([1, 0, 0]))
    }

    /// A matrix that turns 170°, then 190° (read back as -170°), then 210°: one panel, the rotation
    /// about z, continuous (190, not -170); the position's constant y named, not drawn.
    func testPanelsDrawOnlyWhatChangesAndNameEachThingOnce() {
        func turn(_ degrees: Double) -> [Double?] {
            let a = degrees * .pi / 180
            return [cos(a), sin(a), 0, 0, -sin(a), cos(a), 0, 0, 0, 0, 1, 0, 5, 0, 0, 1]
        }
        let series = EvalSeries(times: [0, 1, 2], series: [
            .init(layer: "spinner", key: "transform", values: [turn(170), turn(190), turn(210)]),
            .init(layer: "ball", key: "position", values: [[74, 74], [200, 74], [320, 74]]),
        ])
        let panels = EvalPlotPanel.panels(for: series)
        XCTAssertEqual(panels.map(\.title), ["spinner: transform rotation (degrees)", "ball: position"])
        XCTAssertEqual(panels[0].curves.map(\.name), ["rotation z"])
        for (got, want) in zip(panels[0].curves[0].values, [170.0, 190, 210]) { XCTAssertEqual(got ?? .nan, want, accuracy: 1e-9) }
        XCTAssertEqual(panels[0].constants, ["translation x = 5"], "an unchanged part that is not the identity's is named")
        XCTAssertEqual(panels[1].curves.map(\.name), ["x"])
        XCTAssertEqual(panels[1].constants, ["y = 74"])
    }

    /// A matrix whose entries are not all finite is drawn as its entries (here 16 that change),
    /// each with its own colour and dash; the legend wraps onto rows inside the panel's width,
    /// every label as wide as its text.
    func testEveryCurveHasItsOwnStyleAndTheLegendIsNotCut() {
        var values: [[Double?]] = (0..<3).map { k in (0..<16).map { Double($0 * 10 + k) } }
        values[1][15] = nil
        let series = EvalSeries(times: [0, 1, 2], series: [.init(layer: "layer", key: "sublayerTransform", values: values)])
        AppRunner.installResources()
        let panel = EvalPlotPanel.panels(for: series)[0]
        XCTAssertEqual(panel.title, "layer: sublayerTransform entries")
        XCTAssertEqual(panel.curves.count, 16)
        let styles = (0..<16).map { i -> String in let s = EvalPlot.style(i); return "\(s.colour.components ?? []) \(s.dash ?? [])" }
        XCTAssertEqual(Set(styles).count, 16, "no two curves look alike")
        let legend = EvalPlot.legend(for: panel)
        XCTAssertEqual(legend.map(\.item.text), (1...4).flatMap { r in (1...4).map { "m\(r)\($0)" } })
        let available = EvalPlot.width - EvalPlot.left - EvalPlot.right
        XCTAssertTrue(legend.allSatisfy { $0.origin.x + $0.width <= available }, "inside the panel")
        XCTAssertGreaterThan(Set(legend.map(\.origin.y)).count, 1, "16 items take more than one row")
        for entry in legend { XCTAssertGreaterThanOrEqual(entry.width, 28 + EvalPlot.textWidth(entry.item.text, size: 11)) }
        XCTAssertGreaterThan(EvalPlot.height(of: panel), EvalPlot.top + EvalPlot.plotHeight + EvalPlot.bottom, "the panel grows to hold its legend")
    }

    /// bounce.yaml's x runs from 74 to about 567 over 5 s: ticks 0, 200, 400, 600 up the side and
    /// 0 ... 5 along the time axis, not only the two ends.
    func testBothAxesCarrySeveralTicks() {
        let series = EvalSeries(times: [0, 2.5, 5], series: [.init(layer: "ball", key: "opacity", values: [[74], [320], [567]])])
        AppRunner.installResources()
        let labels = Set(EvalPlot.layer(for: series).sublayers!.compactMap { ($0 as? CATextLayer)?.string as? String })
        XCTAssertTrue(labels.isSuperset(of: ["0", "200", "400", "600"]), "\(labels.sorted())")
        XCTAssertTrue(labels.isSuperset(of: ["0", "1", "2", "3", "4", "5"]), "\(labels.sorted())")
        XCTAssertTrue(labels.contains("ball: opacity"))
    }

    /// transaction.yaml: a click at 0.1 on "... then rotate" (410, 270) turns the colour in 1 s,
    /// then the layer by 90° in 0.25 s: at 0 the turn is 0, at 1.6 it is 90 (m12 = sin 90° = 1).
    /// The event comes after --from 0 and is replayed on the way; one after --to is refused.
    func testEventsAfterTheFirstSampleAreReplayedOnTheWay() throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "lamina is not built beside the tests")
        let scene = repo.appendingPathComponent("scenes/transaction.yaml").path
        let r = try LaminaCommand.run(["eval", scene, "--from", "0", "--to", "1.6", "--step", "0.8", "--layer", "colorLayer",
                                       "--key", "transform", "--format", "csv", "--after", "click@0.1:410,270"])
        XCTAssertEqual(r.status, 0, r.err)
        let rows = r.out.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(rows.map { $0[0] }, ["time", "0", "0.8", "1.6"])
        guard rows.count == 4, rows.allSatisfy({ $0.count == 17 }) else { return XCTFail("a time and 16 entries a row: \(r.out)") }
        XCTAssertEqual(rows[0][2], "colorLayer.transform[1]")
        XCTAssertEqual(Double(rows[1][2]) ?? .nan, 0, accuracy: 1e-6)
        XCTAssertEqual(Double(rows[3][2]) ?? .nan, 1, accuracy: 1e-6)
        let late = try LaminaCommand.run(["eval", scene, "--from", "0", "--to", "1", "--step", "0.5", "--after", "click@2:410,270"])
        XCTAssertEqual(late.status, 64)
        XCTAssertTrue(late.err.contains("--after has events later than --to 1"), late.err)
    }
}
