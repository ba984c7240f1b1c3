import Foundation
import Compositor
import CSDL2

/// Presents through the window's own framebuffer (`SDL_GetWindowSurface`; on X11 a shared-memory
/// image): only the rectangles that changed are copied into it, with the window's own layers
/// blended over the scene on the way, and only those rectangles are sent to the display
/// (`SDL_UpdateWindowSurfaceRects`). No vsync: the frame predictor paces the presents. Render
/// thread only.
final class WindowSurfacePresenter: FramePresenter {
    private let window: OpaquePointer
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    private var size = (0, 0)
    /// The rectangles staged for the next present.
    private var pending: [SDL_Rect] = []
    /// The row buffer for a framebuffer whose format is not 32-bit xRGB (converted by SDL).
    private var scratch: [UInt32] = []
    let name = "window surface"

    /// The framebuffer of `window`, taken directly (not through SDL's texture framebuffer); nil
    /// when the video driver has none.
    init?(window: OpaquePointer) {
        self.window = window
        SDL_SetHint("SDL_FRAMEBUFFER_ACCELERATION", "0")
        guard SDL_GetWindowSurface(window) != nil else { return nil }
    }

    func outputSize() -> (width: Int, height: Int) {
        // The framebuffer's own size: frames are drawn at exactly the pixels it holds (where a
        // driver's framebuffer is in window units rather than pixels, at those).
        guard let s = SDL_GetWindowSurface(window) else {
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetWindowSizeInPixels(window, &w, &h)
            return (Int(w), Int(h))
        }
        return (Int(s.pointee.w), Int(s.pointee.h))
    }

    func prepare(width: Int, height: Int) -> Bool {
        // SDL makes a new surface when the window's size changed; the old one is gone then.
        let s = SDL_GetWindowSurface(window)
        let fresh = s != surface || size != (width, height)
        surface = s
        size = (width, height)
        if fresh { pending.removeAll() }
        return fresh
    }

    func stage(scene: PixelBuffer, damage: IntRect, overlay: PixelBuffer, overlayDamage: IntRect, overlayHasContent: Bool) -> Int {
        guard let s = surface else { return 0 }
        let bounds = IntRect(x: 0, y: 0, width: min(Int(s.pointee.w), scene.width, overlay.width), height: min(Int(s.pointee.h), scene.height, overlay.height))
        let a = damage.intersection(bounds), b = overlayDamage.intersection(bounds)
        // Overlapping rectangles are sent as one (the overlay must be blended once per pixel).
        let rects = a.isEmpty ? [b] : b.isEmpty ? [a] : a.intersection(b).isEmpty ? [a, b] : [a.union(b)]
        let top = overlayHasContent ? overlay : nil
        SDL_LockSurface(s)
        defer { SDL_UnlockSurface(s) }
        guard let pixels = s.pointee.pixels else { return 0 }
        let format = s.pointee.format.pointee.format
        let direct = format == SDL_PIXELFORMAT_RGB888.rawValue || format == SDL_PIXELFORMAT_ARGB8888.rawValue
        let pitch = Int(s.pointee.pitch), bpp = Int(s.pointee.format.pointee.BytesPerPixel)
        var sent = 0
        for r in rects where !r.isEmpty {
            let corner = pixels + r.y * pitch + r.x * bpp
            if direct {
                sent += WindowSurfacePresenter.export(scene, r, overlay: top, to: corner, pitch: pitch)
            } else {
                // Another framebuffer format: composite into a buffer of the rectangle, then let SDL convert it.
                if scratch.count < r.area { scratch = [UInt32](repeating: 0, count: r.area) }
                scratch.withUnsafeMutableBytes { raw in
                    sent += scene.export(r, overlay: top, to: raw.baseAddress!, pitch: r.width * 4)
                    _ = SDL_ConvertPixels(Int32(r.width), Int32(r.height), SDL_PIXELFORMAT_ARGB8888.rawValue, raw.baseAddress!, Int32(r.width * 4),
                                          format, corner, Int32(pitch))
                }
            }
            pending.append(SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height)))
        }
        return sent
    }

    /// `scene.export` of `r` (with `overlay`) to `corner`, rows `pitch` bytes apart: on two threads,
    /// its top and bottom halves, when it is large. A whole Retina frame (22 MB) took the render
    /// thread over a millisecond to copy, while the rasteriser's threads wait for the next frame.
    static func export(_ scene: PixelBuffer, _ r: IntRect, overlay: PixelBuffer?, to corner: UnsafeMutableRawPointer, pitch: Int) -> Int {
        guard r.area >= 1 << 20, r.height >= 2 else { return scene.export(r, overlay: overlay, to: corner, pitch: pitch) }
        let half = r.height / 2
        // (The address as a number: each half writes its own rows of the framebuffer.)
        let address = UInt(bitPattern: corner)
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            let part = k == 0 ? IntRect(x: r.x, y: r.y, width: r.width, height: half)
                : IntRect(x: r.x, y: r.y + half, width: r.width, height: r.height - half)
            guard let base = UnsafeMutableRawPointer(bitPattern: address) else { return }
            scene.export(part, overlay: overlay, to: base + (part.y - r.y) * pitch, pitch: pitch)
        }
        return r.area
    }

    func present() {
        guard !pending.isEmpty else { return }
        _ = SDL_UpdateWindowSurfaceRects(window, pending, Int32(pending.count))
        pending.removeAll(keepingCapacity: true)
    }
}
