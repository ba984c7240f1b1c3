import Foundation
import Synchronization
import CoreGraphics

/// Contours made when first needed, once, by whichever thread needs them first: a shape's stroke
/// outline whose path changes every frame is then built inside the bands that draw it, where two
/// threads build the outlines of a frame side by side with the rest of the drawing, instead of by
/// the render tree's builder before the bands start.
///
/// Thread-safe: the one mutex is held while the contours are made, so a thread that needs them
/// while another makes them sleeps until they are there; `prepare` never waits.
public final class DeferredContours: Sendable {
    private enum State: Sendable {
        case pending(@Sendable () -> [[CGPoint]])
        case made([[CGPoint]])
    }

    private let state: Mutex<State>
    /// Set (releasing) once the contours are made: `isMade` without the lock.
    private let made = Atomic<Bool>(false)
    /// What the contours are made from (the same key: the same contours), or nil (compared by contours).
    private let key: (any Hashable & Sendable)?
    /// A box (layer coordinates) holding every point of the contours, known without making them:
    /// what damage and bounds code reads instead of the contours, so that nothing makes them
    /// before the bands that draw them (nil: none known; such code reads the contours).
    public let bounds: CGRect?
    /// About how long `make` takes, in any unit shared by the contours of a frame (0: unknown): the
    /// bands of a frame start making its unmade contours from the costliest, so that the band
    /// whose thread starts first (the caller's) takes the longest to make, and a helper that comes
    /// late finds only the cheaper ones left (see `FrameRenderer.unmadeContours`).
    public let cost: Int

    /// Contours `make` gives when first asked for (it runs once, on the thread that asks first).
    /// Two of them with equal `key`s are equal (make the same contours) without either being made.
    /// `bounds`, when given, must hold every point `make` gives; `cost`: see `cost`.
    public init(key: (any Hashable & Sendable)? = nil, bounds: CGRect? = nil, cost: Int = 0, _ make: @escaping @Sendable () -> [[CGPoint]]) {
        state = Mutex(.pending(make))
        self.key = key
        self.bounds = bounds
        self.cost = cost
    }

    /// The contours, made now when they were not yet (waiting when another thread is making them).
    public var contours: [[CGPoint]] {
        state.withLock { s in
            switch s {
            case .made(let c): return c
            case .pending(let make):
                let c = make()
                s = .made(c)
                made.store(true, ordering: .releasing)
                return c
            }
        }
    }

    /// Makes the contours when nobody has and nobody is making them; returns at once otherwise.
    public func prepare() {
        _ = state.withLockIfAvailable { s in
            if case .pending(let make) = s {
                s = .made(make())
                made.store(true, ordering: .releasing)
            }
        }
    }

    /// Whether the contours are made (or being made: then false).
    public var isMade: Bool { made.load(ordering: .acquiring) }

    /// Whether `self` and `other` are known to hold the same contours without making either: true
    /// for the same object or equal keys, false for two keys that differ (the contours may still
    /// happen to be equal), nil when either has no key.
    public func sameKey(as other: DeferredContours) -> Bool? {
        if self === other { return true }
        guard let a = key, let b = other.key else { return nil }
        return AnyHashable(a) == AnyHashable(b)
    }

    /// Whether `self` and `other` hold the same contours: the same object or equal keys (neither
    /// made), else their contours compared (both made).
    public func same(as other: DeferredContours) -> Bool {
        if self === other { return true }
        if let a = key, let b = other.key, AnyHashable(a) == AnyHashable(b) { return true }
        return contours == other.contours
    }
}
