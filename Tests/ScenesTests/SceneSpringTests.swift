import XCTest
@_spi(LaminaInternal) import QuartzCore
import Scenes

/// Spring parameters: a scene refuses values outside CASpringAnimation's documented ranges (Apple's
/// header: mass "must be greater than 0", stiffness "must be greater than 0", damping "must be
/// greater than or equal to 0"; initialVelocity has no documented range) and Lamina's bound of 1e6,
/// with a located error naming the key and the range; and QuartzCore's CASpringAnimation, which
/// code can give any value, never puts NaN or infinity in the presentation.
final class SceneSpringTests: XCTestCase {
    override func setUp() { CAMediaClock.manualTime = 0 }
    override func tearDown() { CAMediaClock.manualTime = nil }

    /// A spring on position.x of layer s; `line` (the 8th line of the file) sets one parameter.
    func scene(_ line: String) -> String {
        "layers:\n  - name: s\nanimations:\n  - layer: s\n    type: spring\n    keyPath: position.x\n    to: 100\n    \(line)\n"
    }

    func testParametersOutsideTheValidRangesAreRefusedWithTheKeyAndTheRange() {
        // (parameter line, column of its value = 4 spaces + "key: " + 1, message)
        let table: [(String, Int, String)] = [
            ("mass: 0", 11, "mass must be greater than 0 (and at most 1e6), got 0"),
            ("mass: -2", 11, "mass must be greater than 0 (and at most 1e6), got -2"),
            ("mass: 1e7", 11, "mass must be greater than 0 (and at most 1e6), got 1e7"),
            ("mass: .nan", 11, "mass must be greater than 0 (and at most 1e6), got .nan"),
            ("mass: heavy", 11, "mass must be greater than 0 (and at most 1e6), got \"heavy\""),
            ("stiffness: 0", 16, "stiffness must be greater than 0 (and at most 1e6), got 0"),
            ("stiffness: -5", 16, "stiffness must be greater than 0 (and at most 1e6), got -5"),
            ("stiffness: .inf", 16, "stiffness must be greater than 0 (and at most 1e6), got .inf"),
            ("damping: -1", 14, "damping must be 0 or more (and at most 1e6), got -1"),
            ("damping: -0.001", 14, "damping must be 0 or more (and at most 1e6), got -0.001"),
            ("damping: 2e6", 14, "damping must be 0 or more (and at most 1e6), got 2e6"),
            ("initialVelocity: 1e308", 22, "initialVelocity must be between -1e6 and 1e6, got 1e308"),
            ("initialVelocity: -1000001", 22, "initialVelocity must be between -1e6 and 1e6, got -1000001"),
            ("initialVelocity: .nan", 22, "initialVelocity must be between -1e6 and 1e6, got .nan"),
        ]
        for (line, column, message) in table {
            XCTAssertThrowsError(try Scene.parse(scene(line), file: "spring.yaml"), line) { e in
                XCTAssertEqual("\(e)", "spring.yaml:8:\(column): \(message)", line)
            }
        }
        // The edges of the ranges are accepted.
        for line in ["mass: 1e-9", "mass: 1e6", "stiffness: 1e-9", "stiffness: 1e6", "damping: 0", "damping: 1e6",
                     "initialVelocity: -1e6", "initialVelocity: 1e6", "initialVelocity: 0"] {
            XCTAssertNoThrow(try Scene.parse(scene(line), file: "spring.yaml"), line)
        }
        // In an interaction's animations too.
        let inInteraction = "layers:\n  - name: s\ninteractions:\n  - on: {click: s}\n    add:\n      - {layer: s, type: spring, keyPath: opacity, to: 0, mass: 0}\n"
        XCTAssertThrowsError(try Scene.parse(inInteraction, file: "i.yaml")) { e in
            XCTAssertEqual("\(e)", "i.yaml:6:65: mass must be greater than 0 (and at most 1e6), got 0")
        }
    }

    /// The default spring (mass 1, stiffness 100, damping 10, no initial velocity) from 0 to 100 at
    /// 0.1, 0.3 and 0.6 s, from its closed form x(t) = 1 − e^(−ζω₀t)(cos ω_d t + ζω₀/ω_d sin ω_d t)
    /// with ω₀ = 10, ζ = 0.5, ω_d = 10·√0.75, computed with Python's math module:
    ///     w0=10; z=0.5; wd=w0*sqrt(1-z*z); 100*(1-exp(-z*w0*t)*(cos(wd*t)+(z*w0/wd)*sin(wd*t)))
    static let defaultSpring: [(t: Double, x: Double)] = [(0.1, 34.029984660829825), (0.3, 112.43547674084115), (0.6, 100.22894940077182)]

    /// Invalid values set in code are not used: like Apple's (which logs "mass must be greater than
    /// 0" and keeps the default), the spring moves as with the default for that parameter.
    func testInvalidParametersSetInCodeMoveLikeTheDefaults() throws {
        let cases: [(String, (CASpringAnimation) -> Void)] = [
            ("mass 0", { $0.mass = 0 }), ("mass -1", { $0.mass = -1 }), ("mass NaN", { $0.mass = .nan }),
            ("stiffness 0", { $0.stiffness = 0 }), ("stiffness -100", { $0.stiffness = -100 }), ("stiffness inf", { $0.stiffness = .infinity }),
            ("damping -10", { $0.damping = -10 }), ("damping NaN", { $0.damping = .nan }),
            ("initialVelocity NaN", { $0.initialVelocity = .nan }), ("initialVelocity -inf", { $0.initialVelocity = -.infinity }),
        ]
        for (name, configure) in cases {
            let xs = try positions(configure, at: Self.defaultSpring.map(\.t))
            for ((t, expected), x) in zip(Self.defaultSpring, xs) {
                XCTAssertEqual(x, expected, accuracy: 1e-6, "\(name) at \(t) s")
            }
        }
    }

    /// Extreme but valid values (the smallest and largest doubles, subnormals) are drawn: the
    /// spring's value is finite and shown (not dropped for the model value, as a NaN would be) at
    /// every time; even velocities of ±1e308 put no NaN or infinity in the presentation.
    func testExtremeParametersNeverPutNaNOrInfinityInThePresentation() throws {
        let sizes: [CGFloat] = [.leastNonzeroMagnitude, 1e-300, 1e-12, 1, 1e12, 1e300, .greatestFiniteMagnitude]
        let times = [1e-9, 0.01, 0.37, 1, 2.5, 30, 1e6]
        var bad: [String] = [], count = 0
        for mass in sizes {
            for stiffness in sizes {
                for damping in [0] + sizes {
                    for velocity in [0, 1e6, -1e6, 1e308, -1e308] as [CGFloat] {
                        count += 1
                        let xs = try positions({ $0.mass = mass; $0.stiffness = stiffness; $0.damping = damping; $0.initialVelocity = velocity; $0.duration = 1e7 },
                                               at: times, model: Self.sentinel)
                        let shown = abs(velocity) > 1e6 || !xs.contains(Double(Self.sentinel))
                        if let i = xs.firstIndex(where: { !$0.isFinite }) ?? (shown ? nil : xs.firstIndex(of: Double(Self.sentinel))) {
                            bad.append("mass \(mass) stiffness \(stiffness) damping \(damping) v0 \(velocity): \(xs[i]) at \(times[i]) s")
                        }
                    }
                }
            }
        }
        XCTAssertEqual(bad, [], "\(bad.count) of \(count) springs")
    }

    /// A model value no spring here reaches: where the presentation shows it, the animation's
    /// value was dropped (not finite).
    static let sentinel: CGFloat = -12_345.678

    /// Extreme parameters against the closed form of m x'' + c x' + k x = 0 (x(0) = −1, x'(0) = v0,
    /// position = 100·(1 + x)), in mpmath with 1400 digits, the small overdamped root written as
    /// 2k/(−c − √(c² − 4km)). Printed by this script (python3, mpmath 1.3):
    ///
    ///     from mpmath import mp, mpf, sqrt, exp, sin, cos, nstr
    ///     mp.dps = 1400
    ///     def fraction(m, k, c, v0, t):
    ///         m, k, c, v0, t = map(mpf, (m, k, c, v0, t))
    ///         disc = c*c - 4*k*m
    ///         if disc > 0:
    ///             sq = sqrt(disc); rf = (-c - sq)/(2*m); rs = (2*k)/(-c - sq)
    ///             B = (v0 + rs)/(rf - rs); x = (-1 - B)*exp(rs*t) + B*exp(rf*t)
    ///         elif disc < 0:
    ///             a = -c/(2*m); wd = sqrt(-disc)/(2*m)
    ///             x = exp(a*t)*(-cos(wd*t) + (v0 + a)/wd*sin(wd*t))
    ///         else:
    ///             a = -c/(2*m); x = exp(a*t)*(-1 + (v0 + a)*t)
    ///         return 1 + x
    ///     CASES = [("1e-300", "1e-12", "2e-12", 0), ("5e-324", "5e-324", "5e-324", 0), ("1e300", "5e-324", "1e300", 1),
    ///              ("1e-12", "1e-300", "1e-150", 1), ("1.7976931348623157e308", "5e-324", 0, 1e6), ("1e-300", "1.7976931348623157e308", "1e6", 0),
    ///              ("5e-324", "1e300", "2e300", 0)]
    ///     for m, k, c, v0 in CASES: print([nstr(100 * fraction(float(m), float(k), float(c), v0, t), 17) for t in (0.37, 2.5)])
    func testExtremeParametersMoveAsTheClosedFormSays() throws {
        let max = CGFloat.greatestFiniteMagnitude, min = CGFloat.leastNonzeroMagnitude
        let cases: [(m: CGFloat, k: CGFloat, c: CGFloat, v0: CGFloat, at037: Double, at25: Double, what: String)] = [
            (1e-300, 1e-12, 2e-12, 0, 16.889571614787434, 71.34952031398099, "negligible mass: 1 − e^(−(k/c)t)"),
            (min, 1e300, 2e300, 0, 16.889571614787434, 71.34952031398099, "mass beyond doubles: √(k/m) and c/2m overflow"),
            (min, min, min, 0, 6.0062064809064132, 102.33595799066924, "subnormal: k/m = 1, c/m = 1"),
            (1e300, min, 1e300, 1, 30.926566936264534, 91.79150013761012, "negligible stiffness: the velocity, damped at 2·c/2m"),
            (1e-12, 1e-300, 1e-150, 1, 37, 250, "neither force: v0·t"),
            (max, min, 0, 1e6, 37_000_000, 250_000_000, "undamped, negligible stiffness: v0·t"),
            (1e-300, max, 1e6, 0, 100, 100, "overdamped with roots near the largest doubles"),
        ]
        for c in cases {
            let xs = try positions({ $0.mass = c.m; $0.stiffness = c.k; $0.damping = c.c; $0.initialVelocity = c.v0; $0.duration = 10 }, at: [0.37, 2.5])
            XCTAssertEqual(xs[0], c.at037, accuracy: 1e-9 * Swift.max(1, abs(c.at037)), "\(c.what) at 0.37 s")
            XCTAssertEqual(xs[1], c.at25, accuracy: 1e-9 * Swift.max(1, abs(c.at25)), "\(c.what) at 2.5 s")
        }
    }

    /// position.x of a layer (model value `model`) with a spring from 0 to 100 (duration 1 s unless
    /// `configure` sets it), added at media time 0, at each of `times`.
    func positions(_ configure: (CASpringAnimation) -> Void, at times: [Double], model: CGFloat = 0) throws -> [Double] {
        CAMediaClock.manualTime = 0
        let l = CALayer()
        l.position = CGPoint(x: model, y: 0)
        let a = CASpringAnimation(keyPath: "position.x")
        a.fromValue = 0.0; a.toValue = 100.0; a.duration = 1
        configure(a)
        l.add(a, forKey: "spring")
        CATransaction.flush()
        return try times.map { t in
            CAMediaClock.manualTime = t
            return Double(try XCTUnwrap(l.presentation()).position.x)
        }
    }
}
