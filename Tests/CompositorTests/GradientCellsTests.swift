import XCTest
import CoreGraphics
import LaminaRandom
@testable import Compositor

/// Gradient-filled shapes through the C cell rasteriser's coverage (`drawGradientShape`): within 2
/// of 255 a channel of the Swift rasteriser's runs (each coverage within 1/255 of the Double
/// reference, so its factor within one level), at every kernel level, for every kind, and the
/// same pixels on 1 and 3 threads.
final class GradientCellsTests: XCTestCase {
    override func tearDown() {
        PixelKernels.maximumLevel = .highest
        super.tearDown()
    }

    func testCellsCoverageIsWithinALevelOfTheRuns() {
        var rng = SplitMix64(seed: 0x6C31)
        let helper = GradientOverTests(name: "gradient", testClosure: { _ in })
        var worst = 0, differing = 0
        for level in PixelKernels.Level.allCases {
            PixelKernels.maximumLevel = level
            for trial in 0..<30 {
                let kind: GradientKind = [.axial, .radial, .conic][trial % 3]
                let g = helper.gradient(kind, &rng)
                let opacity = rng.pick([1, 0.8, 0.3])
                let shape: [(x: Double, y: Double)] = (0..<7).map { k in
                    let a = Double(k) * 2 * Double.pi / 7 + rng.double(0, 0.4), r = rng.double(15, 70)
                    return (70 + r * cos(a), 50 + r * sin(a))
                }
                let rule: FillRule = rng.pick([.nonZero, .evenOdd])
                func paint(_ d: PrimitiveDrawer, _ s: Surface) { d.drawGradientShape([shape], rule: rule, gradient: g, opacity: opacity, on: s) }
                let cells = helper.draw(fused: true, clip: nil, cells: true, paint)
                let runs = helper.draw(fused: true, clip: nil, cells: false, paint)
                for i in cells.indices {
                    var d = 0
                    for shift in stride(from: UInt32(0), to: 32, by: 8) {
                        let a = Int((cells[i] >> shift) & 255), b = Int((runs[i] >> shift) & 255)
                        d = max(d, abs(a - b))
                    }
                    worst = max(worst, d)
                    if d > 0 { differing += 1 }
                    if d > 2 {
                        return XCTFail("\(level), trial \(trial) (\(kind)): pixel (\(i % 140), \(i / 140)) cells \(String(cells[i], radix: 16)), runs \(String(runs[i], radix: 16))")
                    }
                }
            }
        }
        XCTAssertGreaterThan(differing, 0, "the two rasterisers round apart somewhere (or the cells path was not taken)")
    }

    /// Masked gradient layers (drawn through their mask's path: `FoldedMaskTests`) on 1 and 3
    /// threads: the same pixels (the cell rasteriser's coverage depends on no band).
    func testBandsGiveTheSamePixels() {
        var rng = SplitMix64(seed: 0x6C32)
        let folded = FoldedMaskTests(name: "fold", testClosure: { _ in })
        let image = CGImage(width: 5, height: 5, premultipliedARGB: (0..<25).map { _ in rng.premultipliedPixel() })
        for round in 0..<20 {
            let tree = folded.maskedTree(&rng, image: image, reach: 0)
            var one = PixelBuffer(width: 160, height: 120, fill: 0xFF30_5070)
            FrameRenderer(threads: 1).render(tree, into: &one, background: nil)
            let under = [UInt32](repeating: 0xFF30_5070, count: 160 * 120)
            if let d = FrameVariants.firstDifference(tree, under: under, width: 160, height: 120, expected: one.pixels, variants: [(3, true)]) {
                return XCTFail("round \(round): \(d) (one thread's)")
            }
        }
    }
}
