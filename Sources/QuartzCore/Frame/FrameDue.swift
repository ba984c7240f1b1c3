import Foundation

/// When the next frame is due, as `FrameScheduler.nextFrameDue(after:)` decides it (Lamina).
public enum FrameDue: Equatable, Sendable {
    /// Draw now, whatever media time does (paused or not): something was committed or a frame was
    /// asked for since the last frame, or a display link is active.
    case now
    /// The tree changes with media time from this media time on (an animation or emitter running,
    /// or the next one to start): draw when media time reaches it (never while media time is paused).
    case at(CFTimeInterval)
    /// Nothing changes until something is committed or a frame is asked for: sleep.
    case idle
}

extension FrameScheduler {
    /// Asks for a frame though nothing was committed (a step of paused time, a screenshot, a window
    /// uncovered or resized): `nextFrameDue(after:)` says `.now` until a frame is drawn. Any thread.
    public func requestFrame() {
        shared.withLock { $0.requests += 1 }
    }

    /// When the next frame is due, media time being `t` (render side): `.now` when a commit changed
    /// layers or a frame was asked for since the last frame drawn, or a display link is active;
    /// `.at(time)` when the renderer's tree changes with media time from `time` on (`t` while an
    /// animation runs, the start of the next one while all wait); `.idle` when nothing will change.
    /// Before the first frame, and without a renderer while anything could change, a frame is due now.
    public func nextFrameDue(after t: CFTimeInterval) -> FrameDue {
        let commits = CATransaction.changingCommitCount
        let changed = shared.withLock { s in
            s.commitsSeen != commits || s.requestsSeen != s.requests || s.linksActive
        }
        if changed { return .now }
        guard let r = renderer else { return .idle }
        let next = r.nextFrameTime()
        if next == .infinity { return .idle }
        return .at(max(next, t))
    }
}
