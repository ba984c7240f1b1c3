import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Merges of many edges sampled at fewer frames (ShapeLayerBuilder.mergeBudget, n·√n per merge of n
/// flattened edges, 10⁷ in all): a static 8000-sided polygon added to a square moving over 200
/// frames, counted as 8001 + 5 points, costs 8006·√8006 = 716 350 per merge, so at most
/// ⌊10⁷ / 716 350⌋ = 13 frames: every ⌈200 / 13⌉ = 16th (0, 16, … 192) and the last, 14 samples
/// instead of one per frame (201).
final class MergeBudgetTests: LottieTestCase {
    func testManyEdgesAreSampledLess() throws {
        let n = 8000
        let v = (0..<n).map { k -> String in
            let a = Double(k) / Double(n) * 2 * Double.pi
            return "[\(50 + 40 * cos(a)),\(50 + 40 * sin(a))]"
        }.joined(separator: ",")
        let zeros = Array(repeating: "[0,0]", count: n).joined(separator: ",")
        let json = """
        {"fr":10,"ip":0,"op":200,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":200,"st":0,"ks":{},"shapes":[
         {"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[\(v)],"i":[\(zeros)],"o":[\(zeros)]}}},
         {"ty":"rc","p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":200,"s":[100,100]}]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
         {"ty":"mm","mm":2},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}]}]}
        """
        let layer = LottieAnimationLayer(animation: try LottieAnimation.from(data: Data(json.utf8)))
        var found: [CAKeyframeAnimation] = []
        var stack: [CALayer] = [layer]
        while let l = stack.popLast() {
            stack += l.sublayers ?? []
            if let a = l.animation(forKey: "lottie.path") as? CAKeyframeAnimation { found.append(a) }
        }
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.values?.count, 14)
    }
}
