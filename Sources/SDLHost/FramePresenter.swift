import Foundation
import Compositor
import CSDL2

/// How the render thread puts a frame on the window: a streaming texture drawn by an SDL renderer
/// (`TexturePresenter`, vsync where the driver has it) or the window's own framebuffer, updated
/// only where the frame changed (`WindowSurfacePresenter`). Render thread only: made, used and
/// destroyed there.
protocol FramePresenter: AnyObject {
    /// A short name for reports ("texture (opengl)", "window surface").
    var name: String { get }
    /// The window's drawable size in pixels now.
    func outputSize() -> (width: Int, height: Int)
    /// Readies the presenter for a frame of `width` x `height` pixels; returns true when it (re)made
    /// its buffers, so the next frame must be sent whole.
    func prepare(width: Int, height: Int) -> Bool
    /// Sends `damage` of `scene` and `overlayDamage` of `overlay` (the window's own layers, drawn
    /// over the scene when `overlayHasContent`) towards the window, without showing them yet;
    /// returns the pixels sent.
    func stage(scene: PixelBuffer, damage: IntRect, overlay: PixelBuffer, overlayDamage: IntRect, overlayHasContent: Bool) -> Int
    /// Shows what was staged (waits for the display's refresh where the presenter has vsync).
    func present()
}

/// A presenter whose own buffers the renderer can draw a frame into (`CARenderer.drawTarget`), so
/// that no copy of the frame is made on the way to the display. Render thread only.
protocol DrawingFramePresenter: FramePresenter {
    /// The pixels the next frame may be drawn into (`width × height`, the output's size, rows
    /// `width` apart), and the region of them older than the frame staged last, which the frame
    /// must draw again; nil when there are none (yet).
    func drawTarget() -> (pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stale: IntRect)?
    /// Stages the frame drawn into `drawTarget()`'s pixels, which changed within `damage` since
    /// the frame staged last. `overlayArea`, when given, is where the window's own layers
    /// (`overlay`) hold anything (a presenter may show them from the next frame, drawn into the
    /// renderer's own pixels). Returns the pixels sent.
    func stageDrawn(damage: IntRect, overlay: PixelBuffer, overlayArea: IntRect?) -> Int
}

/// Choosing a presenter for a window.
enum FramePresenters {
    /// The presenter for `window`: `LAMINA_PRESENT=texture|images|surface` when set; otherwise a
    /// texture on an SDL renderer, unless that renderer draws in software (SDL's software renderer,
    /// or OpenGL on llvmpipe, softpipe or swrast, as under Xvfb), where sending only the changed
    /// rectangles of the frame costs a fraction of a software GL frame (a 4K frame of `layers-400`
    /// presented in 21 ms by the texture on llvmpipe): on X11 from two shared images the frames are
    /// drawn into (`SharedImagesPresenter`), elsewhere copied into the window's framebuffer. Nil, with the reason
    /// printed, when the window can show nothing.
    static func make(for window: OpaquePointer, environment: [String: String] = ProcessInfo.processInfo.environment) -> FramePresenter? {
        let asked = environment["LAMINA_PRESENT"]?.lowercased()
        if let asked, asked != "texture", asked != "surface", asked != "images" {
            FileHandle.standardError.write(Data("lamina: LAMINA_PRESENT=\(asked) is neither texture, surface nor images; choosing one\n".utf8))
        }
        if asked != "surface", asked != "images", let texture = TexturePresenter(window: window) {
            if asked == "texture" || !texture.drawsInSoftware { return texture }
        }
        // On X11: two shared images drawn straight into (no copy of the frame into a framebuffer).
        if asked != "surface", let images = SharedImagesPresenter(window: window) { return images }
        // The texture presenter (if any) is gone now: its renderer is destroyed before the surface is asked for.
        if let surface = WindowSurfacePresenter(window: window) { return surface }
        // No framebuffer of its own (a video driver without one): a renderer after all, even a software one.
        if let texture = TexturePresenter(window: window) { return texture }
        FileHandle.standardError.write(Data("lamina: SDL could not make a renderer or a window surface: \(WindowHost.sdlError())\n".utf8))
        return nil
    }
}
