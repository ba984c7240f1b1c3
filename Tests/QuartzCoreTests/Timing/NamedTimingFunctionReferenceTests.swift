import XCTest
@testable import QuartzCore

/// Apple's named timing functions at sample points, against values computed apart from Lamina's
/// solver: `reference/timing_functions.py` (mpmath, 50 digits, bisection on x(s) to 1e-30, then
/// y(s)), run as `python3 Tests/QuartzCoreTests/Timing/reference/timing_functions.py` and its
/// output pasted below unchanged.
///
/// Tolerance 1e-6: the accuracy CAMediaTimingFunction documents for `evaluate`. (The control points
/// are Floats, as on Apple: Float(0.42) differs from 0.42 by 1.3e-8, which moves y by less than
/// 1e-7; Apple's own solver is approximate too, to about 1e-6.)
enum NamedTimingReference {
    static let tolerance = 1e-6

    /// The inputs x of every table row.
    static let xs: [Double] = (1...19).map { Double($0) / 20 }

    /// y at x = 0.05, 0.10, …, 0.95 for each named function.
    static let table: [(String, [Double])] = [
        // x = 0.05, 0.10, 0.15, 0.20, 0.25, 0.30, 0.35, 0.40, 0.45, 0.50, 0.55, 0.60, 0.65, 0.70, 0.75, 0.80, 0.85, 0.90, 0.95
        ("linear", [0.050000000000, 0.100000000000, 0.150000000000, 0.200000000000, 0.250000000000, 0.300000000000, 0.350000000000, 0.400000000000, 0.450000000000, 0.500000000000, 0.550000000000, 0.600000000000, 0.650000000000, 0.700000000000, 0.750000000000, 0.800000000000, 0.850000000000, 0.900000000000, 0.950000000000]),
        ("easeIn", [0.004474615296, 0.017026609652, 0.036577463500, 0.062282000137, 0.093464650719, 0.129576760845, 0.170167092347, 0.214860938753, 0.263345075374, 0.315356812573, 0.370676064173, 0.429119769296, 0.490538329130, 0.554814032529, 0.621861869175, 0.691633933319, 0.764130597265, 0.839427845762, 0.917757795958]),
        ("easeOut", [0.082242204042, 0.160572154238, 0.235869402735, 0.308366066681, 0.378138130825, 0.445185967471, 0.509461670870, 0.570880230704, 0.629323935827, 0.684643187427, 0.736654924626, 0.785139061247, 0.829832907653, 0.870423239155, 0.906535349281, 0.937717999863, 0.963422536500, 0.982973390348, 0.995525384704]),
        ("easeInEaseOut", [0.004829749668, 0.019722453548, 0.045210307297, 0.081659856266, 0.129161931047, 0.187395906705, 0.255485613547, 0.331883870098, 0.414339708984, 0.500000000000, 0.585660291016, 0.668116129902, 0.744514386453, 0.812604093295, 0.870838068953, 0.918340143734, 0.954789692703, 0.980277546452, 0.995170250332]),
        ("default", [0.032951541306, 0.094796305716, 0.185456537160, 0.295244334268, 0.408510591355, 0.513315160973, 0.604794677193, 0.682540505978, 0.747853437168, 0.802403387585, 0.847751888952, 0.885229309876, 0.915933848786, 0.940764614298, 0.960458978349, 0.975625355624, 0.986769730346, 0.994316477485, 0.998624541450]),
    ]

    /// The reference y of `name` at x = i/20 (i in 1...19).
    static func y(_ name: CAMediaTimingFunctionName, at i: Int) -> Double {
        table.first { $0.0 == name.rawValue }!.1[i - 1]
    }
}

final class NamedTimingFunctionReferenceTests: LaminaTestCase {
    func testEvaluateMatchesTheReferenceTable() {
        XCTAssertEqual(NamedTimingReference.table.count, 5)
        for (name, ys) in NamedTimingReference.table {
            let f = CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: name))
            XCTAssertEqual(ys.count, NamedTimingReference.xs.count, name)
            for (x, y) in zip(NamedTimingReference.xs, ys) {
                XCTAssertClose(f.evaluate(x), y, NamedTimingReference.tolerance, "\(name) at \(x)")
            }
        }
    }

    func testControlPointInitializerGivesTheSameCurves() {
        // Apple's control points written out, not taken from `init(name:)`.
        let curves: [(CAMediaTimingFunctionName, CAMediaTimingFunction)] = [
            (.easeIn, CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1)),
            (.easeOut, CAMediaTimingFunction(controlPoints: 0, 0, 0.58, 1)),
            (.easeInEaseOut, CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1)),
            (.default, CAMediaTimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)),
        ]
        for (name, f) in curves {
            for i in [1, 4, 10, 13, 19] {
                XCTAssertClose(f.evaluate(Double(i) / 20), NamedTimingReference.y(name, at: i), NamedTimingReference.tolerance, "\(name.rawValue) at \(i)/20")
            }
        }
    }

    /// A CABasicAnimation of position.x from 0 to 1 over 2 s with each named function: the
    /// presentation at time 2·x shows the table's y (compiled number channel).
    func testBasicAnimationPresentationFollowsTheTable() {
        for (name, ys) in NamedTimingReference.table {
            let l = makeLayer()
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 0.0; a.toValue = 1.0; a.duration = 2
            a.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: name))
            l.add(a, forKey: "move")
            CATransaction.flush()
            let start = CACurrentMediaTime()
            for i in stride(from: 1, through: 19, by: 3) {
                CAMediaClock.manualTime = start + 2 * Double(i) / 20
                XCTAssertClose(l.presentation().map { Double($0.position.x) }, ys[i - 1], NamedTimingReference.tolerance, "\(name) at \(i)/20")
            }
            CAMediaClock.manualTime = start
        }
    }

    /// The same through the generic path (a rect-valued property is not compiled into a channel):
    /// bounds width from 0 to 1000 follows 1000·y.
    func testGenericAnimationPathFollowsTheTable() {
        for name in [CAMediaTimingFunctionName.easeIn, .easeOut, .default] {
            let l = makeLayer()
            let a = CABasicAnimation(keyPath: "bounds")
            a.fromValue = CGRect(x: 0, y: 0, width: 0, height: 10)
            a.toValue = CGRect(x: 0, y: 0, width: 1000, height: 10)
            a.duration = 1
            a.timingFunction = CAMediaTimingFunction(name: name)
            l.add(a, forKey: "grow")
            CATransaction.flush()
            let start = CACurrentMediaTime()
            for i in [2, 5, 10, 15, 18] {
                CAMediaClock.manualTime = start + Double(i) / 20
                XCTAssertClose(l.presentation().map { Double($0.bounds.width) }, 1000 * NamedTimingReference.y(name, at: i), 1000 * NamedTimingReference.tolerance, "\(name.rawValue) at \(i)/20")
            }
            CAMediaClock.manualTime = start
        }
    }

    /// A group's timing function eases the group's time; its children then run linearly in it.
    func testGroupTimingFunctionEasesItsChildren() {
        let l = makeLayer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0.0; move.toValue = 100.0; move.duration = 4
        let g = CAAnimationGroup()
        g.animations = [move]
        g.duration = 4
        g.timingFunction = CAMediaTimingFunction(name: .easeOut)
        l.add(g, forKey: "g")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        for i in [3, 10, 16] {
            CAMediaClock.manualTime = start + 4 * Double(i) / 20
            XCTAssertClose(l.presentation().map { Double($0.position.x) }, 100 * NamedTimingReference.y(.easeOut, at: i), 100 * NamedTimingReference.tolerance, "at \(i)/20")
        }
    }

    /// The transaction's timing function drives implicit animations.
    func testImplicitAnimationUsesTheTransactionTimingFunction() {
        let l = makeLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
        l.position = CGPoint(x: 150, y: 50)   // from x = 50: 100 points
        CATransaction.commit()
        at(0.3)
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 50 + 100 * NamedTimingReference.y(.easeInEaseOut, at: 6), 100 * NamedTimingReference.tolerance)
        at(0.85)
        XCTAssertClose(l.presentation().map { Double($0.position.x) }, 50 + 100 * NamedTimingReference.y(.easeInEaseOut, at: 17), 100 * NamedTimingReference.tolerance)
    }
}
