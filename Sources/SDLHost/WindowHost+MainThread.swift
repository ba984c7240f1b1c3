import CSDL2
import Foundation

/// Work other threads leave for a window's main (SDL) thread, by window.
private final class MainThreadWork: @unchecked Sendable {
    static let shared = MainThreadWork()
    private let lock = NSLock()
    private var work: [ObjectIdentifier: [() -> Void]] = [:]
    func put(_ action: @escaping () -> Void, for host: WindowHost) { lock.lock(); work[ObjectIdentifier(host), default: []].append(action); lock.unlock() }
    func take(for host: WindowHost) -> [() -> Void] { lock.lock(); defer { lock.unlock() }; return work.removeValue(forKey: ObjectIdentifier(host)) ?? [] }
}

extension WindowHost {
    /// The wake event's code that means "work is waiting for the main thread".
    static let mainThreadWorkCode: Int32 = 0x4D41_494E

    /// Runs `action` on the main (SDL) thread: at once when called there; otherwise when the main
    /// thread next handles its events, in the order asked for. SDL's window calls (title, size)
    /// belong to the main thread; the app thread asks through this.
    func onMainThread(_ action: @escaping () -> Void) {
        if Thread.isMainThread { action(); return }
        MainThreadWork.shared.put(action, for: self)
        var e = SDL_Event()
        e.type = wakeEventType
        e.user.code = WindowHost.mainThreadWorkCode
        SDL_PushEvent(&e)
    }

    /// On the main thread: runs the work other threads left (`onMainThread`).
    func runMainThreadWork() {
        for action in MainThreadWork.shared.take(for: self) { action() }
    }

    /// Sets the window's title from any thread (`title` itself is for the main thread): at once on
    /// the main thread, otherwise when the main thread next handles its events. The gallery retitles
    /// its window from the app thread when a demo opens.
    public func setTitle(_ newTitle: String) {
        onMainThread { [weak self] in self?.title = newTitle }
    }
}
