import Foundation
import Compositor
@_spi(LaminaInternal) import QuartzCore
import CSDL2

/// Presents through an SDL renderer: the frame's damage is uploaded into a streaming texture, the
/// window's own layers into a second, blended one, and both are drawn and presented with vsync
/// where the driver has it. Render thread only.
final class TexturePresenter: FramePresenter {
    private let renderer: OpaquePointer
    private var texture: OpaquePointer?
    private var overlayTexture: OpaquePointer?
    private var size = (0, 0)
    private var overlayShown = false
    let name: String
    /// Whether the renderer draws on the CPU (SDL's software renderer, or OpenGL on a software
    /// rasteriser such as llvmpipe).
    let drawsInSoftware: Bool

    /// A renderer on `window` (vsync when possible); nil when SDL cannot make one.
    init?(window: OpaquePointer) {
        guard let r = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue) ?? SDL_CreateRenderer(window, -1, 0) else { return nil }
        renderer = r
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(r, &info)
        let driver = info.name.map { String(cString: $0) } ?? "?"
        var software = driver == "software" || info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        var glName = ""
        if driver.hasPrefix("opengl"), let p = SDL_GL_GetProcAddress("glGetString") {
            // The renderer's context is current on this thread; GL_RENDERER names the rasteriser.
            typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
            if let s = unsafeBitCast(p, to: GetString.self)(0x1F01) { glName = String(cString: s) }
            let lower = glName.lowercased()
            software = software || ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains { lower.contains($0) }
        }
        drawsInSoftware = software
        name = glName.isEmpty ? "texture (\(driver))" : "texture (\(driver), \(glName))"
    }

    deinit {
        if let t = texture { SDL_DestroyTexture(t) }
        if let t = overlayTexture { SDL_DestroyTexture(t) }
        SDL_DestroyRenderer(renderer)
    }

    func outputSize() -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    func prepare(width: Int, height: Int) -> Bool {
        if texture != nil && overlayTexture != nil && size == (width, height) { return false }
        if let t = texture { SDL_DestroyTexture(t) }
        if let t = overlayTexture { SDL_DestroyTexture(t) }
        let format = SDL_PIXELFORMAT_ARGB8888.rawValue, access = Int32(SDL_TEXTUREACCESS_STREAMING.rawValue)
        texture = SDL_CreateTexture(renderer, format, access, Int32(width), Int32(height))
        overlayTexture = SDL_CreateTexture(renderer, format, access, Int32(width), Int32(height))
        if let t = overlayTexture { SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND) }
        size = (width, height)
        overlayShown = false
        return true
    }

    func stage(scene: PixelBuffer, damage: IntRect, overlay: PixelBuffer, overlayDamage: IntRect, overlayHasContent: Bool) -> Int {
        guard let tex = texture, let otex = overlayTexture else { return 0 }
        let sent = upload(scene, damage: damage, to: tex, straightAlpha: false)
        if !overlayDamage.isEmpty { _ = upload(overlay, damage: overlayDamage, to: otex, straightAlpha: true) }
        overlayShown = overlayHasContent
        SDL_RenderCopy(renderer, tex, nil, nil)
        if overlayShown { SDL_RenderCopy(renderer, otex, nil, nil) }
        return sent
    }

    func present() { SDL_RenderPresent(renderer) }

    /// Copies the `damage` rectangle of `buffer` (premultiplied ARGB) into `texture`, made straight
    /// alpha for SDL's blending when `straightAlpha`; returns the pixels copied.
    private func upload(_ buffer: PixelBuffer, damage: IntRect, to texture: OpaquePointer, straightAlpha: Bool) -> Int {
        let d = damage.intersection(IntRect(x: 0, y: 0, width: min(buffer.width, size.0), height: min(buffer.height, size.1)))
        guard !d.isEmpty else { return 0 }
        var rect = SDL_Rect(x: Int32(d.x), y: Int32(d.y), w: Int32(d.width), h: Int32(d.height))
        if straightAlpha {
            var rows = [UInt32](repeating: 0, count: d.area)
            for y in 0..<d.height {
                let from = (d.y + y) * buffer.width + d.x
                for x in 0..<d.width { rows[y * d.width + x] = PNGCodec.unpremultiply(buffer.pixels[from + x]) }
            }
            rows.withUnsafeBytes { raw in _ = SDL_UpdateTexture(texture, &rect, raw.baseAddress!, Int32(d.width * 4)) }
        } else {
            buffer.pixels.withUnsafeBytes { raw in
                _ = SDL_UpdateTexture(texture, &rect, raw.baseAddress! + (d.y * buffer.width + d.x) * 4, Int32(buffer.width * 4))
            }
        }
        return d.area
    }
}
