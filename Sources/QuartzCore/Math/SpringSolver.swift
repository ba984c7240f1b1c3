import Foundation

/// A damped harmonic oscillator moving from 0 to 1: the fraction of a spring animation at time t.
/// x'' = −(k/m)(x − 1) − (c/m)x', x(0) = 0, x'(0) = initialVelocity (in distances per second).
struct SpringSolver {
    var mass: Double
    var stiffness: Double
    var damping: Double
    var initialVelocity: Double

    /// The fraction at time `t` seconds (0 at t = 0, tending to 1): 1 + x(t) for the displacement
    /// x from rest, x(0) = −1, x'(0) = initialVelocity, with decay rate ζω₀ = c/2m and ω₀ = √(k/m).
    /// Written so that no intermediate leaves the range of doubles for any positive mass and
    /// stiffness, non-negative damping and moderate velocity (the textbook form overflowed to NaN,
    /// or cancelled to 0, when the ratios of the parameters are extreme): √k/√m instead of √(k/m),
    /// 1 − e^(−at) as −expm1(−at), sin(ω_d t)/ω_d and (e^(Δt) − 1)/Δ taken whole, the overdamped
    /// roots without subtracting nearly equal numbers. When the mass is negligible (ω₀ or c/2m
    /// beyond doubles, or an oscillation too fast for its phase to be a double), the spring is the
    /// first-order relaxation 1 − e^(−(k/c)t) it tends to (at once without damping). Mass and
    /// stiffness must be greater than 0 and damping 0 or more (CASpringAnimation substitutes the
    /// defaults for other values).
    func fraction(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let v0 = initialVelocity
        let w0 = stiffness.squareRoot() / mass.squareRoot()
        let decay = damping / mass / 2
        func negligibleMass() -> Double { damping > 0 ? -expm1(-(stiffness / damping) * t) : 1 }
        // (e^x − 1)/x, 1 at 0.
        func grow(_ x: Double) -> Double { x == 0 ? 1 : expm1(x) / x }
        guard w0.isFinite, decay.isFinite else { return negligibleMass() }
        // w0 ≥ √(5e-324)/√(1.8e308) > 0, so ζ is a number (infinite when the damping dwarfs the spring).
        let zeta = decay / w0
        if zeta < 1 {
            let wd = w0 * ((1 - zeta) * (1 + zeta)).squareRoot()
            let phase = wd * t
            guard phase.isFinite else { return negligibleMass() }
            let sinOverWd = abs(phase) < 1e-8 ? t : sin(phase) / wd
            let half = sin(phase / 2)
            // 1 − e^(−at)·cos φ = (1 − e^(−at))·cos φ + 2 sin²(φ/2).
            return -expm1(-decay * t) * cos(phase) + 2 * half * half + (v0 - decay) * (exp(-decay * t) * sinOverWd)
        }
        if zeta == 1 { return -expm1(-w0 * t) + (v0 - w0) * (t * exp(-w0 * t)) }
        // Overdamped: the slow root r1 = −ω₀/q and the fast one r2 = −ζω₀(1 + √(1 − 1/ζ²)), q = ζ(1 + √(1 − 1/ζ²)).
        let root = ((1 - 1 / zeta) * (1 + 1 / zeta)).squareRoot()
        let r1 = -w0 / (zeta * (1 + root)), r2 = -decay * (1 + root)
        return -expm1(r1 * t) + (v0 + r1) * (t * exp(r1 * t)) * grow((r2 - r1) * t)
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
