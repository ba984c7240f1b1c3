import XCTest
@testable import QuartzCore

/// emissionRange as Apple's header defines it: "an angle defining a cone around the emission
/// angle; emitted objects are uniformly distributed across this cone" (Lamina reads the angle as
/// the cone's apex angle, so 2π is every direction). Particles fly in 3D and are drawn in the
/// layer's plane: the velocity's z moves zPosition only, so the speed seen in the plane is the
/// xy-projected one. Expected values in closed form, for directions uniform over a cone's cap of
/// half-angle h (cos of the angle from the axis uniform in [cos h, 1], turn about it uniform):
///   E[cos α] = (1 + cos h) / 2,   E[z²] (axis in the plane) = E[sin² α] / 2,
///   E[sin² α] = 1 − (1 + c + c²) / 3 with c = cos h;
/// the whole sphere: z uniform in [−1, 1] (Archimedes), so E[xy speed] = v·E[√(1 − z²)] = v·π/4.
final class EmitterConeTests: LaminaTestCase {
    /// About 1024 particles born in the last second from (50, 40), 10 pt/s, with their directions.
    func directions(_ configure: (CAEmitterCell) -> Void) -> [SIMD3<Double>] {
        let l = CAEmitterLayer()
        l.emitterPosition = CGPoint(x: 50, y: 40)
        l.seed = 5
        let c = CAEmitterCell()
        c.birthRate = 1024; c.lifetime = 1; c.velocity = 10
        configure(c)
        l.emitterCells = [c]
        let t = 3.0
        return ParticleField(l.readState { $0.subclass.emitter }, time: t).particles.compactMap { p in
            let age = t - p.birth
            guard age > 0.01 else { return nil }
            return SIMD3(p.x - 50, p.y - 40, p.z) / (10 * age)
        }
    }

    func mean(_ v: [Double]) -> Double { v.reduce(0, +) / Double(v.count) }

    /// Apex angle π/2 about +x: every direction a unit vector within π/4 of +x; E[x] = (1 + √½)/2 =
    /// 0.853553; E[z²] = (1 − (1 + √½ + ½)/3)/2 = 0.132149, so the mean squared speed seen in the
    /// plane is 100·(1 − 0.132149) = 86.785 (where a flat fan keeps all 100); some fly clearly in z.
    func testConeAboutTheXAxis() {
        let d = directions { $0.emissionRange = .pi / 2 }
        XCTAssertGreaterThan(d.count, 1000)
        for v in d {
            XCTAssertEqual((v * v).sum(), 1, accuracy: 1e-9)
            XCTAssertGreaterThanOrEqual(v.x, (0.5).squareRoot() - 1e-9)
        }
        XCTAssertEqual(mean(d.map(\.x)), 0.853553, accuracy: 0.01)
        XCTAssertEqual(mean(d.map { 100 * ($0.x * $0.x + $0.y * $0.y) }), 86.785, accuracy: 1.5)
        XCTAssertTrue(d.contains { abs($0.z) > 0.5 })
        XCTAssertEqual(mean(d.map(\.z)), 0, accuracy: 0.03)
        XCTAssertEqual(mean(d.map(\.y)), 0, accuracy: 0.03)
    }

    /// Apex angle 2π: every direction; the speed seen in the plane averages 10·π/4 = 7.854.
    func testWholeSphereProjectedSpeed() {
        let d = directions { $0.emissionRange = 2 * .pi }
        XCTAssertEqual(mean(d.map { 10 * ($0.x * $0.x + $0.y * $0.y).squareRoot() }), 10 * .pi / 4, accuracy: 0.2)
        XCTAssertEqual(mean(d.map(\.x)), 0, accuracy: 0.05)
        XCTAssertEqual(mean(d.map { $0.z * $0.z }), 1.0 / 3, accuracy: 0.03)
    }

    /// A tilted axis (longitude π/2, latitude π/4: (0, √½, √½)) with apex angle π/3: every
    /// direction within π/6 of it, and the cone's mean direction on the axis (E[cos α] = (1 +
    /// cos π/6)/2 = 0.933013 along it, nothing across).
    func testConeAboutATiltedAxis() {
        let axis = SIMD3(0, (0.5).squareRoot(), (0.5).squareRoot())
        let d = directions { $0.emissionLongitude = .pi / 2; $0.emissionLatitude = .pi / 4; $0.emissionRange = .pi / 3 }
        for v in d { XCTAssertGreaterThanOrEqual((v * axis).sum(), cos(Double.pi / 6) - 1e-9) }
        XCTAssertEqual(mean(d.map { ($0 * axis).sum() }), 0.933013, accuracy: 0.01)
        XCTAssertEqual(mean(d.map(\.x)), 0, accuracy: 0.02)
        XCTAssertEqual(mean(d.map { $0.y - $0.z }), 0, accuracy: 0.02)
    }

    /// Without a range every particle flies along the axis, its whole speed in the plane.
    func testNoRangeIsTheAxis() {
        let d = directions { $0.emissionLongitude = .pi / 3 }
        for v in d {
            XCTAssertEqual(v.x, 0.5, accuracy: 1e-9); XCTAssertEqual(v.y, (0.75).squareRoot(), accuracy: 1e-9); XCTAssertEqual(v.z, 0, accuracy: 1e-12)
        }
    }
}
