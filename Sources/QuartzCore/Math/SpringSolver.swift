import Foundation

/// A damped harmonic oscillator moving from 0 to 1: the fraction of a spring animation at time t.
/// x'' = −(k/m)(x − 1) − (c/m)x', x(0) = 0, x'(0) = initialVelocity (in distances per second).
struct SpringSolver {
    var mass: Double
    var stiffness: Double
    var damping: Double
    var initialVelocity: Double

    /// The fraction at time `t` seconds (0 at t = 0, tending to 1).
    func fraction(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let w0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let x0 = -1.0          // displacement from rest at t = 0
        let v0 = initialVelocity
        let y: Double
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = x0, b = (v0 + zeta * w0 * x0) / wd
            y = exp(-zeta * w0 * t) * (a * cos(wd * t) + b * sin(wd * t))
        } else if zeta == 1 {
            y = exp(-w0 * t) * (x0 + (v0 + w0 * x0) * t)
        } else {
            let s = w0 * (zeta * zeta - 1).squareRoot()
            let r1 = -zeta * w0 + s, r2 = -zeta * w0 - s
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            y = c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 + y
    }

    /// The time after which |1 − fraction| stays below 0.001: found by stepping 1/240 s and checking a
    /// conservative window after the last excursion, capped at 60 s.
    var settlingDuration: Double {
        let step = 1.0 / 240
        var lastOutside = 0.0
        var t = 0.0
        let limit = 60.0
        while t < limit {
            if abs(1 - fraction(at: t)) >= 0.001 { lastOutside = t }
            else if t - lastOutside > max(1, 4 * (mass / stiffness).squareRoot() * 2 * .pi) { break }
            t += step
        }
        return min(limit, lastOutside + step)
    }

    /// Mass, stiffness and damping for Apple's `init(perceptualDuration:bounce:)`: mass 1,
    /// stiffness (2π / duration)², damping 4π(1 − bounce)/duration for bounce ≥ 0, and
    /// 4π / (duration (1 + bounce)) for negative bounce (overdamped).
    static func parameters(perceptualDuration d: Double, bounce: Double) -> (mass: Double, stiffness: Double, damping: Double) {
        let stiffness = pow(2 * .pi / d, 2)
        let damping = bounce >= 0 ? 4 * .pi * (1 - bounce) / d : 4 * .pi / (d * (1 + bounce))
        return (1, stiffness, damping)
    }
}
