import CSDL2
import Foundation

extension WindowHost {
    /// Resizes the window to `size` points (for a scene file whose window size changed on reload);
    /// the next frame is drawn at the new size.
    public func setContentSize(_ size: CGSize) {
        let w = max(1, Int32(size.width.rounded())), h = max(1, Int32(size.height.rounded()))
        SDL_SetWindowSize(window, w, h)
        lock.lock(); pointSize = CGSize(width: CGFloat(w), height: CGFloat(h)); lock.unlock()
    }
}
