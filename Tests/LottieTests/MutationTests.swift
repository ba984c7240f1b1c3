import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// Damaged files: every fixture, with numbers replaced by extreme ones and pieces cut out
/// (deterministically), either loads or throws a located `LottieLoadError`; what loads builds its
/// layer tree and draws two frames without crashing or hanging.
final class MutationTests: LottieTestCase {
    /// A small deterministic generator (64-bit LCG), so every run mutates the same way.
    private struct Generator {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(n, 1)))
        }
    }

    private static let extremes = ["-1", "0", "1e9", "-1e9", "0.5", "1e308", "-0.0001", "3", "true", "null", "[]", "{}", "\"x\""]

    func testMutatedFixturesLoadOrFailLocated() throws {
        let dir = fixtureURL("")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(names.count, 10)
        var loaded = 0, refused = 0
        for name in names {
            // Each file's mutations from a generator of its own, seeded by its name (FNV-1a), so a
            // new fixture leaves the other files' mutations as they were.
            var gen = Generator(state: name.utf8.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 } ^ 0x5EED)
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            let chars = Array(text.unicodeScalars)
            // Where numbers start: mutation targets.
            let numberStarts = chars.indices.filter { i in
                (chars[i].properties.numericType != nil || chars[i] == "-") && (i == 0 || !(chars[i - 1].properties.numericType != nil || chars[i - 1] == "." || chars[i - 1] == "e"))
            }
            for _ in 0..<80 {
                var s = chars
                switch gen.next(3) {
                case 0 where !numberStarts.isEmpty:
                    let at = numberStarts[gen.next(numberStarts.count)]
                    var end = at + 1
                    while end < s.count, s[end].properties.numericType != nil || ".eE+-".unicodeScalars.contains(s[end]) { end += 1 }
                    s.replaceSubrange(at..<end, with: Array(Self.extremes[gen.next(Self.extremes.count)].unicodeScalars))
                case 1:
                    let at = gen.next(s.count), length = gen.next(12)
                    s.removeSubrange(at..<min(s.count, at + length))
                default:
                    let at = gen.next(s.count), length = gen.next(40), to = gen.next(s.count)
                    let piece = Array(s[at..<min(s.count, at + length)])
                    s.insert(contentsOf: piece, at: min(to, s.count))
                }
                var out = String.UnicodeScalarView(); out.append(contentsOf: s)
                let data = Data(String(out).utf8)
                let animation: LottieAnimation
                do { animation = try LottieAnimation.from(data: data) } catch {
                    XCTAssertTrue(error is LottieLoadError, "\(name): \(error)")
                    refused += 1
                    continue
                }
                loaded += 1
                let layer = LottieAnimationLayer(animation: animation)
                layer.bounds = CGRect(x: 0, y: 0, width: 24, height: 24)
                for f in [animation.startFrame, (animation.startFrame + animation.endFrame) / 2] {
                    layer.currentFrame = f
                    _ = render(layer, width: 24, height: 24, at: CACurrentMediaTime())
                }
            }
        }
        XCTAssertGreaterThan(loaded, 0); XCTAssertGreaterThan(refused, 0)
        // The engine's own reports about odd values from damaged files are expected here.
        laminaMessages.removeAll()
    }
}
