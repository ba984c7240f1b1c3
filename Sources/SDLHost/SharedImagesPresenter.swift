import Foundation
import Synchronization
import Compositor
import CSDL2
#if canImport(Glibc)
import Glibc
#endif

/// Presents on an X11 window through two shared-memory images of its own (MIT-SHM), taking turns:
/// the renderer draws what a frame changed straight into the image the X server is not reading
/// (`drawTarget()`), while the server copies the other one to the window, so a frame is never
/// copied into a framebuffer first (a whole Retina frame is 22 MB). Only the changed rectangle is
/// sent (`XShmPutImage`); the window keeps the rest. Frames that must be kept in the renderer's own pixels (the window's
/// own layers shown, screenshots, recordings) are copied in as `WindowSurfacePresenter` copies
/// them (`stage`). No vsync: the frame predictor paces the presents. Render thread only (it
/// shares SDL's X connection, which SDL uses on this thread too).
final class SharedImagesPresenter: DrawingFramePresenter {
    /// One shared image, and the region of it older than the last frame staged.
    private struct Image {
        var image: UnsafeMutablePointer<XImage>
        /// At an address of its own: the image keeps a pointer to it (`obdata`), read by every put.
        var segment: UnsafeMutablePointer<XShmSegmentInfo>
        var stale: IntRect
        /// Not staged yet: its pixels are not a frame (the renderer draws all of it and knows
        /// nothing of what it holds).
        var fresh = true
        var pixels: UnsafeMutablePointer<UInt32> { UnsafeMutableRawPointer(segment.pointee.shmaddr!).assumingMemoryBound(to: UInt32.self) }
    }

    private let window: OpaquePointer
    private let display: OpaquePointer
    private let xWindow: Window
    private let gc: GC
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    private var images: [Image] = []
    private var size = (0, 0)
    /// The image staged last (sent, or to be sent, by `present`); the other one is drawn next.
    private var front = 0
    /// The rectangle staged for the next present (of `images[front]`).
    private var pending: IntRect = .empty
    /// `prepare` has been called (the first call says the buffers are new).
    private var prepared = false
    let name = "x11 shared images"

    /// Set by the error handler while an image is attached (a server that cannot share memory with
    /// this process, such as a remote one, answers with an error, which must not end the process).
    private static let attachFailed = Atomic<Bool>(false)

    /// The presenter of `window` when its video driver is X11 with the MIT-SHM extension and a
    /// 32-bit xRGB visual; nil otherwise.
    init?(window: OpaquePointer) {
        self.window = window
        var info = SDL_SysWMinfo()
        info.version.major = UInt8(SDL_MAJOR_VERSION)
        info.version.minor = UInt8(SDL_MINOR_VERSION)
        info.version.patch = UInt8(SDL_PATCHLEVEL)
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
              let display = info.info.x11.display else { return nil }
        guard XShmQueryExtension(display) != 0 else { return nil }
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, info.info.x11.window, &attributes) != 0, let visual = attributes.visual,
              attributes.depth == 24 || attributes.depth == 32,
              visual.pointee.red_mask == 0xFF0000, visual.pointee.green_mask == 0xFF00, visual.pointee.blue_mask == 0xFF,
              let gc = XCreateGC(display, info.info.x11.window, 0, nil) else { return nil }
        self.display = display
        self.xWindow = info.info.x11.window
        self.visual = visual
        self.depth = attributes.depth
        self.gc = gc
        // One image now, to know that the server takes them.
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        // (A failed init still runs deinit, which frees the graphics context.)
        guard makeImages(width: Int(max(1, w)), height: Int(max(1, h))) else { return nil }
    }

    deinit {
        freeImages()
        XFreeGC(display, gc)
    }

    func outputSize() -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &w, &h)
        return (Int(w), Int(h))
    }

    func prepare(width: Int, height: Int) -> Bool {
        // The first frame is sent whole (the images are new to the window).
        defer { prepared = true }
        guard size != (width, height) || images.isEmpty else { return !prepared }
        freeImages()
        // Not made (out of shared memory): nothing is shown until a size that works.
        _ = makeImages(width: max(1, width), height: max(1, height))
        return true
    }

    func drawTarget() -> (pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stale: IntRect)? {
        guard images.count == 2 else { return nil }
        // Nothing stale to draw again: the window keeps what is not sent, and only what the frame
        // changed (all drawn into the image now) is sent. (Drawing the image whole again, what
        // changed in the frame before too, doubled the rasterisation of scenes that change in part.)
        // A new image is stale whole: the renderer then assumes nothing of its pixels.
        let image = images[1 - front]
        return (image.pixels, size.0, size.1, image.fresh ? IntRect(x: 0, y: 0, width: size.0, height: size.1) : .empty)
    }

    func stageDrawn(damage: IntRect, overlay: PixelBuffer, overlayArea: IntRect?) -> Int {
        guard images.count == 2 else { return 0 }
        // Only what changed is valid in the image (and sent). The window's own layers, if they
        // appeared this frame, show from the next one, which is drawn into the renderer's pixels,
        // whole, and copied in with them.
        let bounds = IntRect(x: 0, y: 0, width: size.0, height: size.1)
        return turn(to: 1 - front, sending: damage.intersection(bounds))
    }

    func invalidate() {
        let bounds = IntRect(x: 0, y: 0, width: size.0, height: size.1)
        for i in images.indices { images[i].stale = bounds }
    }

    func stage(scene: PixelBuffer, damage: IntRect, overlay: PixelBuffer, overlayDamage: IntRect, overlayHasContent: Bool) -> Int {
        guard images.count == 2 else { return 0 }
        let back = 1 - front
        let bounds = IntRect(x: 0, y: 0, width: min(size.0, scene.width, overlay.width), height: min(size.1, scene.height, overlay.height))
        // What changed since the frame on screen (sent), and what the image still holds of an
        // older frame (copied too).
        let changed = damage.union(overlayDamage).intersection(bounds)
        let r = changed.union(images[back].stale.intersection(bounds))
        if !r.isEmpty {
            let pitch = size.0 * 4
            let corner = UnsafeMutableRawPointer(images[back].pixels) + r.y * pitch + r.x * 4
            _ = WindowSurfacePresenter.export(scene, r, overlay: overlayHasContent ? overlay : nil, to: corner, pitch: pitch)
        }
        return turn(to: back, sending: changed)
    }

    /// Makes `back` the image staged (whole), to send `r` of it, what changed since the frame on
    /// screen: the other image is now older where `r` is.
    private func turn(to back: Int, sending r: IntRect) -> Int {
        images[back].stale = .empty
        images[back].fresh = false
        images[1 - back].stale = images[1 - back].stale.union(r)
        front = back
        pending = r
        return r.area
    }

    func present() {
        guard images.count == 2, !pending.isEmpty else { return }
        let r = pending
        XShmPutImage(display, xWindow, gc, images[front].image, Int32(r.x), Int32(r.y), Int32(r.x), Int32(r.y),
                     UInt32(r.width), UInt32(r.height), 0)
        // Until the server has copied it: the image may be drawn again after this returns.
        XSync(display, 0)
        pending = .empty
    }

    /// Two images of `width` x `height`; false (and none) when the server or the system refuses one.
    private func makeImages(width: Int, height: Int) -> Bool {
        var made: [Image] = []
        for _ in 0..<2 {
            guard let image = makeImage(width: width, height: height) else {
                for i in made { free(i) }
                return false
            }
            made.append(image)
        }
        images = made
        size = (width, height)
        front = 0
        pending = .empty
        return true
    }

    private func makeImage(width: Int, height: Int) -> Image? {
        let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        segment.initialize(to: XShmSegmentInfo())
        func fail(_ image: UnsafeMutablePointer<XImage>?) -> Image? {
            if let image { image.pointee.data = nil; XFree(image) }
            segment.deallocate()
            return nil
        }
        guard let image = XShmCreateImage(display, visual, UInt32(depth), ZPixmap, nil, segment, UInt32(width), UInt32(height)) else { return fail(nil) }
        // Drawn as a PixelBuffer is laid out: 0xXXRRGGBB words, rows exactly `width` pixels apart.
        guard image.pointee.bits_per_pixel == 32, image.pointee.bytes_per_line == Int32(width * 4), image.pointee.byte_order == LSBFirst else {
            return fail(image)
        }
        let id = shmget(0 /* IPC_PRIVATE */, width * height * 4, IPC_CREAT | 0o600)
        guard id >= 0 else { return fail(image) }
        let address = shmat(id, nil, 0)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil)
            return fail(image)
        }
        segment.pointee.shmid = id
        segment.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        segment.pointee.readOnly = 0
        image.pointee.data = segment.pointee.shmaddr
        SharedImagesPresenter.attachFailed.store(false, ordering: .relaxed)
        let previous = XSetErrorHandler { _, _ in
            SharedImagesPresenter.attachFailed.store(true, ordering: .relaxed)
            return 0
        }
        let attached = XShmAttach(display, segment) != 0
        XSync(display, 0)
        XSetErrorHandler(previous)
        // Freed once both this process and the server have let go of it.
        shmctl(id, IPC_RMID, nil)
        guard attached, !SharedImagesPresenter.attachFailed.load(ordering: .relaxed) else {
            shmdt(address)
            return fail(image)
        }
        // Starts black, as a new window does; all of it is older than any frame.
        memset(address, 0, width * height * 4)
        return Image(image: image, segment: segment, stale: IntRect(x: 0, y: 0, width: width, height: height))
    }

    private func free(_ i: Image) {
        XShmDetach(display, i.segment)
        XSync(display, 0)
        i.image.pointee.data = nil
        XFree(i.image)
        shmdt(i.segment.pointee.shmaddr)
        i.segment.deallocate()
    }

    private func freeImages() {
        for i in images { free(i) }
        images = []
    }
}
