import Foundation
import QuartzCore

/// A layer that plays a `LottieAnimation` (lottie-ios's `LottieAnimationLayer`, its Core Animation
/// rendering engine): the composition's layer tree is built once, of `CAShapeLayer`s and plain
/// layers animated by `CAKeyframeAnimation`s on media time, and playback is the timing of two
/// layers above that tree (see `PlaybackClock`). So pausing media time, changing `speed` or
/// `timeOffset` of an ancestor, virtual time in tests and recording all apply to it, as to every
/// other Lamina animation.
///
/// Threads: like any layer, it belongs to the thread that builds and changes the layer tree; its
/// model (`LottieAnimation`) is immutable and may be shared.
open class LottieAnimationLayer: CALayer {
    /// The custom key the playback's marker animation animates from 0 to 1 on the layer holding
    /// the composition (Lamina).
    static let progressKey = "lottiePlaybackProgress"
    private static let markerKey = "lottie.playback"

    /// What is shown now: a frame held still, or a playback under way (or finished on its last frame).
    private enum State {
        case paused(frame: Double)
        case playing(Playback)
    }

    /// The composition-sized layer that `contentMode` places and scales (clips when `maskAnimationToBounds`).
    private let fitLayer = TransformLayers.bare("lottie: composition")
    private var clock: PlaybackClock?
    private var state: State = .paused(frame: 0)
    private var completionDelegate: PlaybackCompletion?

    /// The animation played; setting it builds its layer tree (once per animation) and shows its first frame.
    public var animation: LottieAnimation? {
        didSet { load() }
    }

    /// What the animation leaves out or draws differently (its `diagnostics`), empty without one (Lamina).
    public var diagnostics: [LottieDiagnostic] { animation?.diagnostics ?? [] }

    /// How `play` calls repeat (`.playOnce` by default); changing it while playing continues from the current frame.
    public var loopMode: LottieLoopMode = .playOnce {
        didSet { if oldValue != loopMode { updateInFlightPlayback() } }
    }

    /// The playback speed, 1 for the animation's own rate (negative plays backwards); changing it
    /// while playing continues from the current frame.
    public var animationSpeed: CGFloat = 1 {
        didSet { if oldValue != animationSpeed { updateInFlightPlayback() } }
    }

    /// How the composition fits the layer's bounds (`.scaleAspectFit` by default).
    public var contentMode: LottieContentMode = .scaleAspectFit {
        didSet { setNeedsLayout() }
    }

    /// Whether the composition is clipped to its own bounds (true by default, as lottie-ios).
    public var maskAnimationToBounds = true {
        didSet { fitLayer.masksToBounds = maskAnimationToBounds }
    }

    /// Creates a layer playing `animation`, sized to the composition and showing its first frame.
    public init(animation: LottieAnimation?) {
        self.animation = animation
        super.init()
        fitLayer.masksToBounds = true
        addSublayer(fitLayer)
        load()
        if let animation { frame = animation.bounds }
    }

    /// Creates a layer without an animation (set `animation` later).
    public override convenience init() {
        self.init(animation: nil)
    }

    /// A copy of `layer`'s values (for presentation copies, as `CALayer.init(layer:)`).
    public override init(layer: Any) {
        let other = layer as? LottieAnimationLayer
        animation = other?.animation
        loopMode = other?.loopMode ?? .playOnce
        animationSpeed = other?.animationSpeed ?? 1
        contentMode = other?.contentMode ?? .scaleAspectFit
        maskAnimationToBounds = other?.maskAnimationToBounds ?? true
        super.init(layer: layer)
    }

    /// Decoding is not supported on Linux; returns nil.
    public required init?(coder: NSCoder) { return nil }

    // MARK: Playing

    /// Plays from the first frame to the last, repeating as `loopMode` says.
    open func play(completion: LottieCompletionBlock? = nil) {
        guard let animation else { return }
        start(from: Double(animation.startFrame), to: Double(animation.endFrame), completion: completion)
    }

    /// Plays from one progress (0...1; nil: the current one) to another, `loopMode` replaced when given.
    open func play(fromProgress: AnimationProgressTime? = nil, toProgress: AnimationProgressTime, loopMode: LottieLoopMode? = nil,
                   completion: LottieCompletionBlock? = nil) {
        guard let animation else { return }
        let from = animation.frameTime(forProgress: fromProgress ?? currentProgress)
        if let loopMode { setLoopModeQuietly(loopMode) }
        start(from: Double(from), to: Double(animation.frameTime(forProgress: toProgress)), completion: completion)
    }

    /// Plays from one frame (nil: the current one) to another, `loopMode` replaced when given.
    open func play(fromFrame: AnimationFrameTime? = nil, toFrame: AnimationFrameTime, loopMode: LottieLoopMode? = nil,
                   completion: LottieCompletionBlock? = nil) {
        guard animation != nil else { return }
        let from = fromFrame ?? currentFrame
        if let loopMode { setLoopModeQuietly(loopMode) }
        start(from: Double(from), to: Double(toFrame), completion: completion)
    }

    /// Plays from marker `fromMarker` (nil: the current frame) to marker `toMarker`, on its frame
    /// when `playEndMarkerFrame`, else a frame before it (the next section's first), as lottie-ios
    /// does; does nothing when a marker named is not in the file (lottie-ios's rule).
    open func play(fromMarker: String? = nil, toMarker: String, playEndMarkerFrame: Bool = true, loopMode: LottieLoopMode? = nil,
                   completion: LottieCompletionBlock? = nil) {
        guard let animation, let to = animation.frameTime(forMarker: toMarker) else { return }
        let from = fromMarker.flatMap { animation.frameTime(forMarker: $0) } ?? currentFrame
        play(fromFrame: from, toFrame: playEndMarkerFrame ? to : to - 1, loopMode: loopMode, completion: completion)
    }

    /// Plays marker `marker` from its frame for its duration (`dr`); does nothing when the file has
    /// no such marker.
    open func play(marker: String, loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        guard let animation, let from = animation.frameTime(forMarker: marker), let length = animation.durationFrameTime(forMarker: marker) else { return }
        play(fromFrame: from, toFrame: from + length, loopMode: loopMode, completion: completion)
    }

    /// Plays `markers` one after another, each once (names the file does not hold are skipped); the
    /// completion hears `true` after the last, or `false` as soon as another playback replaces one.
    open func play(markers: [String], completion: LottieCompletionBlock? = nil) {
        guard let first = markers.first else { return }
        let rest = Array(markers.dropFirst())
        guard animation?.frameTime(forMarker: first) != nil else {
            if rest.isEmpty { completion?(true) } else { play(markers: rest, completion: completion) }
            return
        }
        play(marker: first, loopMode: .playOnce) { [weak self] finished in
            guard finished, let self else { completion?(false); return }
            if rest.isEmpty { completion?(true) } else { self.play(markers: rest, completion: completion) }
        }
    }

    /// The progress of the frame marker `named` marks, nil without an animation or such a marker.
    public func progressTime(forMarker named: String) -> AnimationProgressTime? { animation?.progressTime(forMarker: named) }

    /// The frame marker `named` marks, nil without an animation or such a marker.
    public func frameTime(forMarker named: String) -> AnimationFrameTime? { animation?.frameTime(forMarker: named) }

    /// How many frames marker `named` lasts, nil without an animation or such a marker.
    public func durationFrameTime(forMarker named: String) -> AnimationFrameTime? { animation?.durationFrameTime(forMarker: named) }

    /// Stops on the current frame; a pending completion hears `false`.
    open func pause() {
        hold(frame: Double(currentFrame))
    }

    /// Stops and shows the first frame; a pending completion hears `false`.
    open func stop() {
        hold(frame: Double(animation?.startFrame ?? 0))
    }

    /// Whether a playback is under way (it ends when a finite one reaches its end, as that one's
    /// completion is told).
    public var isAnimationPlaying: Bool { fitLayer.animation(forKey: Self.markerKey) != nil }

    // MARK: Where playback is

    /// The frame shown now (at `CACurrentMediaTime()`, through the timing of this layer and its
    /// ancestors); setting it stops playback there.
    public var currentFrame: AnimationFrameTime {
        get {
            switch state {
            case .paused(let f): return CGFloat(f)
            case .playing: return CGFloat(clock?.frame(atMediaTime: CACurrentMediaTime()) ?? 0)
            }
        }
        set { hold(frame: Double(newValue)) }
    }

    /// The progress shown now, 0 at the first frame and 1 at the last; setting it stops playback there.
    public var currentProgress: AnimationProgressTime {
        get { animation?.progressTime(forFrame: currentFrame) ?? 0 }
        set { if let animation { currentFrame = animation.frameTime(forProgress: newValue) } else { currentFrame = 0 } }
    }

    /// Seconds from the first frame to the one shown now; setting it stops playback there.
    public var currentTime: TimeInterval {
        get { animation?.time(forFrame: currentFrame) ?? 0 }
        set { if let animation { currentFrame = animation.frameTime(forTime: newValue) } else { currentFrame = 0 } }
    }

    /// The frame shown now (the same as `currentFrame`: it is read from media time).
    public var realtimeAnimationFrame: AnimationFrameTime { currentFrame }

    /// The progress shown now (the same as `currentProgress`).
    public var realtimeAnimationProgress: AnimationProgressTime { currentProgress }

    // MARK: Layout

    /// Places the composition in the bounds as `contentMode` says.
    open override func layoutSublayers() {
        super.layoutSublayers()
        guard let animation else { return }
        let p = contentMode.placement(of: animation.size, in: bounds)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        fitLayer.position = p.origin
        fitLayer.transform = CATransform3DMakeScale(p.scaleX, p.scaleY, 1)
        CATransaction.commit()
    }

    // MARK: Private

    /// Builds the layer tree of `animation` and shows its first frame.
    private func load() {
        finishPlayback(completed: false)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        fitLayer.sublayers = nil
        clock = nil
        if let animation {
            fitLayer.bounds = animation.bounds
            let time = CompositionTime(startFrame: Double(animation.startFrame), framerate: animation.framerate)
            let clockLayer = TransformLayers.bare("lottie: clock"), range = TransformLayers.bare("lottie: frames")
            clockLayer.addSublayer(range)
            fitLayer.addSublayer(clockLayer)
            CompositionBuilder(animation: animation).build(into: range)
            clock = PlaybackClock(clock: clockLayer, range: range, time: time)
        }
        CATransaction.commit()
        hold(frame: Double(animation?.startFrame ?? 0))
        setNeedsLayout()
    }

    private func start(from: Double, to: Double, completion: LottieCompletionBlock?) {
        guard let clock, let animation else { return }
        finishPlayback(completed: false)
        let p = Playback(from: from, to: to, loopMode: loopMode, speed: Double(animationSpeed),
                         begin: fitLayer.convertTime(CACurrentMediaTime(), from: nil))
        guard p.span(framerate: animation.framerate) > 0, animationSpeed != 0 else {
            // Nothing to play: show the frame and report it done.
            hold(frame: animationSpeed < 0 ? from : to)
            completion?(true)
            return
        }
        state = .playing(p)
        clock.play(p)
        let delegate = PlaybackCompletion(completion)
        completionDelegate = delegate
        fitLayer.add(clock.marker(p, delegate: delegate), forKey: Self.markerKey)
    }

    private func hold(frame: Double) {
        finishPlayback(completed: false)
        state = .paused(frame: frame)
        clock?.hold(frame: frame)
    }

    /// Ends the playback under way, if any: its completion hears `completed`.
    private func finishPlayback(completed: Bool) {
        if fitLayer.animation(forKey: Self.markerKey) != nil { fitLayer.removeAnimation(forKey: Self.markerKey) }
        if let d = completionDelegate {
            completionDelegate = nil
            let c = d.completion
            d.completion = nil
            c?(completed)
        }
    }

    /// A new loop mode or speed while playing: continue from the frame shown to the same end frame.
    private func updateInFlightPlayback() {
        guard case .playing(let p) = state, isAnimationPlaying else { return }
        let here = Double(currentFrame)
        let pending = completionDelegate?.completion
        completionDelegate?.completion = nil
        start(from: here, to: p.to, completion: pending)
    }

    /// Sets `loopMode` without restarting the playback under way (a `play` call follows).
    private func setLoopModeQuietly(_ mode: LottieLoopMode) {
        if case .playing = state { finishPlayback(completed: false); state = .paused(frame: Double(currentFrame)) }
        loopMode = mode
    }
}
