import XCTest
@testable import QuartzCore

/// Cubic keyframe animations against the Kochanek–Bartels spline worked out by hand. With keyframes
/// p_i at times t_i, one-sided slopes d⁻ = (p_i − p_{i−1})/(t_i − t_{i−1}) and d⁺ = (p_{i+1} − p_i)/(t_{i+1} − t_i)
/// (at the ends the one slope there is used for both), the tangent leaving keyframe i is
/// (1−T)(1+B)(1−C)/2·d⁻ + (1−T)(1−B)(1+C)/2·d⁺ and the one arriving at it (1−T)(1+B)(1+C)/2·d⁻ + (1−T)(1−B)(1−C)/2·d⁺
/// (tension T, continuity C, bias B); between keyframes the value is the cubic Hermite curve with
/// those tangents times the segment's duration h: at u = 1/2 it is (p0 + p1)/2 + h·(m0 − m1)/8.
final class KeyframeSplineReferenceTests: LaminaTestCase {
    private func sample(_ a: CAKeyframeAnimation, at times: [Double]) -> [Double] {
        let l = makeLayer()
        a.duration = 1
        l.add(a, forKey: "k")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        return times.map { t in CAMediaClock.manualTime = start + t; return Double(l.presentation()!.position.x) }
    }

    private func cubic(_ values: [Double], keyTimes: [Double]? = nil, tension: [Double]? = nil, continuity: [Double]? = nil, bias: [Double]? = nil) -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = values
        a.keyTimes = keyTimes.map { $0.map { NSNumber(value: $0) } }
        a.calculationMode = .cubic
        a.tensionValues = tension.map { $0.map { NSNumber(value: $0) } }
        a.continuityValues = continuity.map { $0.map { NSNumber(value: $0) } }
        a.biasValues = bias.map { $0.map { NSNumber(value: $0) } }
        return a
    }

    // Keyframes 0, 100, 50, 80 at times 0, 0.2, 0.7, 1: slopes 500, −100, 100. Catmull–Rom
    // tangents: 500 (end), (500 − 100)/2 = 200, (−100 + 100)/2 = 0, 100 (end).
    private let values = [0.0, 100, 50, 80]
    private let keyTimes = [0, 0.2, 0.7, 1]

    func testCatmullRomWithUnevenKeyTimes() {
        // Midpoints: segment 0 (h 0.2): 50 + 0.2·(500 − 200)/8 = 57.5; segment 1 (h 0.5):
        // 75 + 0.5·(200 − 0)/8 = 87.5; segment 2 (h 0.3): 65 + 0.3·(0 − 100)/8 = 61.25.
        // A quarter into segment 0 (u = 1/4): h00 = 0.84375, h10 = 0.140625, h01 = 0.15625, h11 = −0.046875:
        // 0.140625·100 + 0.15625·100 − 0.046875·40 = 27.8125.
        let v = sample(cubic(values, keyTimes: keyTimes), at: [0.1, 0.45, 0.85, 0.05, 0.2, 0.7])
        XCTAssertClose(v[0], 57.5, 1e-9); XCTAssertClose(v[1], 87.5, 1e-9); XCTAssertClose(v[2], 61.25, 1e-9)
        XCTAssertClose(v[3], 27.8125, 1e-9)
        XCTAssertClose(v[4], 100, 1e-9); XCTAssertClose(v[5], 50, 1e-9)
    }

    func testTensionContinuityAndBiasAtOneKeyframe() {
        // Only keyframe 1 (slopes d⁻ = 500, d⁺ = −100) changes; segment 0 ends with its arriving
        // tangent, segment 1 starts with its leaving one.
        // Tension 1/2: both (1/2)·200 = 100 → 50 + 0.2·(500 − 100)/8 = 60, 75 + 0.5·100/8 = 81.25.
        var v = sample(cubic(values, keyTimes: keyTimes, tension: [0, 0.5, 0, 0]), at: [0.1, 0.45])
        XCTAssertClose(v[0], 60, 1e-9); XCTAssertClose(v[1], 81.25, 1e-9)
        // Continuity 1/2: arriving 0.75·500 + 0.25·(−100) = 350, leaving 0.25·500 + 0.75·(−100) = 50
        // → 50 + 0.2·(500 − 350)/8 = 53.75, 75 + 0.5·50/8 = 78.125.
        v = sample(cubic(values, keyTimes: keyTimes, continuity: [0, 0.5, 0, 0]), at: [0.1, 0.45])
        XCTAssertClose(v[0], 53.75, 1e-9); XCTAssertClose(v[1], 78.125, 1e-9)
        // Bias 1/2: both 0.75·500 + 0.25·(−100) = 350 → 53.75 and 75 + 0.5·350/8 = 96.875.
        v = sample(cubic(values, keyTimes: keyTimes, bias: [0, 0.5, 0, 0]), at: [0.1, 0.45])
        XCTAssertClose(v[0], 53.75, 1e-9); XCTAssertClose(v[1], 96.875, 1e-9)
        // Negative bias −1/2 at keyframe 2 (slopes −100 and 100): both 0.25·(−100) + 0.75·100 = 50;
        // segment 1 ends with it: 75 + 0.5·(200 − 50)/8 = 84.375.
        v = sample(cubic(values, keyTimes: keyTimes, bias: [0, 0, -0.5, 0]), at: [0.45])
        XCTAssertClose(v[0], 84.375, 1e-9)
        // Missing or non-finite parameters count as 0.
        v = sample(cubic(values, keyTimes: keyTimes, tension: [0, .nan], continuity: []), at: [0.1, 0.45])
        XCTAssertClose(v[0], 57.5, 1e-9); XCTAssertClose(v[1], 87.5, 1e-9)
    }

    func testCubicPacedSpacesKeyframesByDistance() {
        // Distances 100, 50, 30 of 180: keyframes at 0, 5/9, 5/6, 1; slopes 180, −180, 180; tangents
        // 180, 0, 0, 180. Midpoint of segment 1 (h 5/18): exactly 75; of segment 0 (h 5/9):
        // 50 + (5/9)·180/8 = 62.5.
        let a = cubic(values)
        a.calculationMode = .cubicPaced
        a.keyTimes = [0, 0.1, 0.2, 1]
        let v = sample(a, at: [5.0 / 18, 25.0 / 36, 5.0 / 9])
        XCTAssertClose(v[0], 62.5, 1e-9); XCTAssertClose(v[1], 75, 1e-9); XCTAssertClose(v[2], 100, 1e-9)
    }

    func testTwoDimensionalCubicUsesEachComponent() {
        // The same spline in x and, mirrored, in y.
        let l = makeLayer()
        let a = CAKeyframeAnimation(keyPath: "position")
        a.values = zip(values, values).map { CGPoint(x: $0, y: -$1) }
        a.keyTimes = keyTimes.map { NSNumber(value: $0) }
        a.calculationMode = .cubic
        a.duration = 1
        l.add(a, forKey: "k")
        CATransaction.flush()
        CAMediaClock.manualTime = CACurrentMediaTime() + 0.45
        XCTAssertClose(l.presentation()?.position, CGPoint(x: 87.5, y: -87.5), 1e-9)
    }
}
