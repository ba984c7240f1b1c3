import CSDL2
import Foundation

extension WindowHost {
    /// Resizes the window to `size` points (`size` × `scale` in the display's units) (for a scene file whose window size changed on reload),
    /// from any thread: the next frame is drawn at the new size; SDL's window is resized on the main
    /// thread (at once there, otherwise when it next handles its events).
    public func setContentSize(_ size: CGSize) {
        let w = max(1, Int32(size.width.rounded())), h = max(1, Int32(size.height.rounded()))
        shared.withLock { $0.pointSize = CGSize(width: CGFloat(w), height: CGFloat(h)) }
        let units = (Int32((CGFloat(w) * scale).rounded()), Int32((CGFloat(h) * scale).rounded()))
        onMainThread { [weak self] in if let window = self?.window { SDL_SetWindowSize(window, units.0, units.1) } }
    }
}
