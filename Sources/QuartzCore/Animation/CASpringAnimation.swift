import Foundation

/// A spring animation (Apple's `CASpringAnimation`): the property moves from its start to its end
/// value like a damped spring, overshooting when underdamped. The spring's displacement at each
/// moment of the iteration (time = progress × duration) is the interpolation fraction; timingFunction
/// is not applied. Set `duration` to `settlingDuration` to let the spring come to rest.
open class CASpringAnimation: CABasicAnimation {
    /// The mass of the object attached to the spring (default 1).
    open var mass: CGFloat = 1
    /// The spring stiffness coefficient (default 100).
    open var stiffness: CGFloat = 100
    /// The damping coefficient (default 10).
    open var damping: CGFloat = 10
    /// The initial velocity, in units of the whole distance per second (positive toward the end value).
    open var initialVelocity: CGFloat = 0
    /// Whether damping may exceed critical damping (Lamina always honours overdamping).
    open var allowsOverdamping = true

    /// Creates a spring animation with default parameters.
    public override init() { super.init() }

    /// Creates a spring that takes about `perceptualDuration` seconds and bounces by `bounce`
    /// (0 none, up to 1; negative values overdamp), as Apple's iOS 17 initializer.
    public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
        self.init()
        let safeDuration = perceptualDuration.isFinite && perceptualDuration > 0 ? perceptualDuration : 0.5
        let p = SpringSolver.parameters(perceptualDuration: safeDuration, bounce: Double(bounce.isFinite ? min(max(bounce, -1), 1) : 0))
        mass = CGFloat(p.mass); stiffness = CGFloat(p.stiffness); damping = CGFloat(p.damping)
        duration = settlingDuration
    }

    /// The perceptual duration implied by the stiffness and mass: 2π·√(mass/stiffness).
    open var perceptualDuration: TimeInterval {
        guard stiffness > 0, mass > 0 else { return 0 }
        return 2 * Double.pi * Double((mass / stiffness).squareRoot())
    }

    /// The bounce implied by the damping ratio: 1 − ζ when underdamped, else 1/ζ − 1 (≤ 0).
    open var bounce: CGFloat {
        guard stiffness > 0, mass > 0 else { return 0 }
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// How long the spring takes to come to rest (within 0.1% of its distance) from its parameters.
    open var settlingDuration: CFTimeInterval { solver.settlingDuration }

    var solver: SpringSolver {
        func ok(_ v: CGFloat, _ d: Double) -> Double { v.isFinite && v > 0 ? Double(v) : d }
        return SpringSolver(mass: ok(mass, 1), stiffness: ok(stiffness, 100),
                            damping: damping.isFinite && damping >= 0 ? Double(damping) : 10,
                            initialVelocity: initialVelocity.isFinite ? Double(initialVelocity) : 0)
    }

    override func makeEmptyCopy() -> CAAnimation { CASpringAnimation() }

    override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CASpringAnimation else { return }
        mass = o.mass; stiffness = o.stiffness; damping = o.damping
        initialVelocity = o.initialVelocity; allowsOverdamping = o.allowsOverdamping
    }

    var cachedSolver: SpringSolver?

    override func prepare(for layer: CALayer, key: String) {
        super.prepare(for: layer, key: key)
        cachedSolver = solver
    }

    override func fraction(progress p: Double) -> Double {
        (cachedSolver ?? solver).fraction(at: p * effectiveDuration)
    }
}
