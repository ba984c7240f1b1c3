import Foundation

/// Opening SDL's video with retries: a display that is busy (another X client holding it) can make
/// one attempt fail, or make SDL fall back to its offscreen or dummy driver, where a moment later it
/// answers. So a start that fails or falls back is undone and tried again after a short, growing
/// wait, before the window gives up with `WindowHost.HostError.noDisplay`.
enum DisplayOpening {
    /// The waits before the second and later attempts, in seconds (five attempts within 0.75 s).
    static let backoff: [Double] = [0.05, 0.1, 0.2, 0.4]

    /// Whether `driver` is one SDL falls back to when no display answers.
    static func isFallback(_ driver: String) -> Bool { driver == "offscreen" || driver == "dummy" }

    /// The driver of the first attempt that gives a display: `start` initialises video and returns
    /// the driver chosen, or SDL's error; a fallback driver that was not `chosen` by name is undone
    /// with `stop` and tried again after the next wait of `backoff` (`sleep` waits). Throws
    /// `.noDisplay` naming the tries and the last cause when none does.
    static func open(chosen: String?, backoff: [Double] = backoff, sleep: (Double) -> Void = { usleep(UInt32($0 * 1_000_000)) },
                     start: () -> Result<String, WindowHost.HostError>, stop: () -> Void) throws -> String {
        var cause = ""
        for attempt in 0...backoff.count {
            if attempt > 0 { sleep(backoff[attempt - 1]) }
            switch start() {
            case .failure(let e):
                if case .noDisplay(let m) = e { cause = m } else { cause = e.description }
            case .success(let driver):
                guard isFallback(driver), chosen?.lowercased() != driver else { return driver }
                stop()
                cause = "SDL offered its \(driver) driver"
            }
        }
        let waited = backoff.reduce(0, +)
        throw WindowHost.HostError.noDisplay("no display answered in \(backoff.count + 1) tries over \(waited) s; \(cause)")
    }
}
