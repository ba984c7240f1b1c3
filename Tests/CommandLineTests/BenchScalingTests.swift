import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
import Compositor
@testable import lamina

/// `lamina bench scaling`: each row draws what its name says (glyphs, segments, pixels), and the
/// command prints a row per size with its growth against the row before. (No timing here: speed
/// is printed, never asserted.)
final class BenchScalingTests: XCTestCase {
    func testEachStepDrawsTheSizeItIsNamedFor() throws {
        let steps = ScalingWorkloads.steps(limit: 10_000)
        XCTAssertEqual(steps.map(\.name), ["text.1k", "text.10k", "fill.1k", "fill.10k", "stroke.1k", "stroke.10k",
                                           "gradient.320x180", "gradient.640x360", "gradient.1280x720"].filter { name in
            !name.hasPrefix("text") || VectorWorkloads.fontFile != nil
        })
        for s in steps {
            let layer = try XCTUnwrap(s.root.sublayers?.first, s.name)
            switch s.series {
            case "text":
                // Every line's non-blank characters, summed over the text layers.
                let glyphs = (s.root.sublayers ?? []).compactMap { ($0 as? CATextLayer)?.string as? String }
                    .reduce(0) { $0 + $1.filter { !$0.isWhitespace }.count }
                XCTAssertEqual(glyphs, Int(s.size), s.name)
                XCTAssertEqual(s.size, s.name == "text.1k" ? 1000 : 10_000, s.name)
            case "fill", "stroke":
                let shape = try XCTUnwrap(layer as? CAShapeLayer)
                // A move, size - 1 lines and a close: size segments.
                let commands = shape.path?.commands ?? []
                XCTAssertEqual(commands.filter { if case .addLine = $0 { return true } else { return false } }.count, Int(s.size) - 1, s.name)
                XCTAssertEqual(commands.last, .closeSubpath, s.name)
                XCTAssertEqual(shape.fillColor == nil, s.series == "stroke", s.name)
                // The polygon keeps one area whatever its count: within the ellipse of radii 308, 169.4.
                let box = shape.path!.boundingBox
                XCTAssertEqual(box.width, 2 * 308, accuracy: 2, s.name)
            default:
                XCTAssertEqual(Double(layer.bounds.width * layer.bounds.height), s.size, s.name)
            }
        }
        XCTAssertEqual(ScalingWorkloads.label(1_000_000), "1M")
        XCTAssertEqual(ScalingWorkloads.label(100_000), "100k")
    }

    func testTheCommandPrintsARowPerSizeWithItsGrowth() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: LaminaCommand.binary.path), "lamina is not built beside the tests")
        let r = try LaminaCommand.run(["bench", "scaling", "--filter", "fill", "--limit", "10000", "--rounds", "1", "--target", "0.001"])
        XCTAssertEqual(r.status, 0, r.err)
        let rows = r.out.split(separator: "\n").filter { $0.hasPrefix("fill.") }
        XCTAssertEqual(rows.map { String($0.prefix(9)).trimmingCharacters(in: .whitespaces) }, ["fill.1k", "fill.10k"], r.out)
        XCTAssertTrue(rows[0].hasSuffix("-"), "the first row of a series has no growth: \(rows[0])")
        XCTAssertNotNil(Double(rows[1].split(separator: " ").last ?? ""), "the second row's growth is a number: \(rows[1])")
        XCTAssertTrue(r.out.contains("load average"), r.out)
        let none = try LaminaCommand.run(["bench", "scaling", "--filter", "nothing"])
        XCTAssertNotEqual(none.status, 0)
        XCTAssertTrue(none.err.contains("no scaling row matches --filter nothing"), none.err)
    }
}
