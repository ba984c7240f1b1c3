import XCTest
import QuartzCore
import Demos

/// `DemoArt.page`: every text bar has one length from its first row to its last (issue 12: the
/// length changed part-way down a bar, leaving a 1-px tail).
final class DemoArtTests: XCTestCase {
    func testEveryBarHasOneLength() {
        for (w, h) in [(200, 180), (320, 560), (257, 301)] {
            let image = DemoArt.page(width: w, height: h, hue: 0.36, number: 3)
            let px = image.premultipliedARGB
            func at(_ x: Int, _ y: Int) -> UInt32 { px[y * w + x] }
            // A bar row: the pixel just inside the bars' left end differs from the row's background
            // at the right (the badge's circle does not reach x = w - 2); its length is the run of
            // that colour from there.
            let x0 = w / 16 + 1
            var bars: [[Int]] = [], previousWasBar = false
            for y in 1..<(h - 1) {
                let colour = at(x0, y)
                guard colour != at(w - 2, y) else { previousWasBar = false; continue }
                var x = x0
                while x < w - 1 && at(x, y) == colour { x += 1 }
                if previousWasBar { bars[bars.count - 1].append(x - x0) } else { bars.append([x - x0]) }
                previousWasBar = true
            }
            XCTAssertGreaterThan(bars.count, 3, "\(w)x\(h): bars found")
            for (i, lengths) in bars.enumerated() {
                XCTAssertEqual(Set(lengths).count, 1, "\(w)x\(h): bar \(i) rows have lengths \(lengths)")
            }
        }
    }
}
