import Foundation

extension LayerWindow {
    /// Why a window could not be opened.
    public enum Error: Swift.Error, CustomStringConvertible, Equatable {
        /// There is no display to open a window on (the reason). Render headless instead:
        /// `CARenderer` on virtual time (`CAMediaClock.manualTime`).
        case noDisplay(String)
        /// The window system refused to open the window (its message).
        case cannotOpen(String)

        /// One line for the user.
        public var description: String {
            switch self {
            case .noDisplay(let reason):
                return "no display (\(reason)); render headless with CARenderer instead"
            case .cannotOpen(let message):
                return "the window could not be opened: \(message)"
            }
        }
    }
}
