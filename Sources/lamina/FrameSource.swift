import ArgumentParser
import Foundation
@_spi(LaminaInternal) import QuartzCore
import Scenes
import Demos

/// What `render` and `record` draw: a scene file, a bundled scene by name (`lamina scenes`) or a
/// demo by name (`lamina demo --list`, at the gallery's 960x640).
final class FrameSource {
    /// The layer tree drawn.
    let root: CALayer
    /// Its size in points.
    let pointSize: CGSize
    /// The scene, when the source is one.
    let scene: Scene?
    /// The demo's shell, when the source is a demo.
    let shell: DemoShell?

    /// Opens `source`: a path that exists (or looks like a scene file's) is read as a scene and its
    /// errors printed; otherwise a demo name, then a bundled scene's name.
    init(_ source: String) throws {
        let ext = URL(fileURLWithPath: source).pathExtension.lowercased()
        let looksLikeFile = source.contains("/") || ["yaml", "yml", "json"].contains(ext)
        if FileManager.default.fileExists(atPath: source) || (looksLikeFile && BundledScenes.named(source) == nil) {
            let s = try loadScene(source)
            (root, pointSize, scene, shell) = (s.root, s.size, s, nil)
        } else if let type = DemoCatalog.named(source) {
            AppRunner.installResources()
            CAMediaClock.manualTime = 0
            let size = CGSize(width: 960, height: 640)
            let demo = DemoShell(size: size, open: type.name)
            CATransaction.flush()
            (root, pointSize, scene, shell) = (demo.root, size, nil, demo)
        } else if let url = BundledScenes.named(source) {
            let s = try loadScene(url.path)
            (root, pointSize, scene, shell) = (s.root, s.size, s, nil)
        } else {
            throw ValidationError("\"\(source)\" is neither a scene file, a bundled scene (lamina scenes) nor a demo (lamina demo --list)")
        }
    }

    /// A frame scheduler on virtual time from 0 driving the demo, ticked once per `framePeriod` as a
    /// window would; `click` clicks the centre of the demo's content first. Only for a demo.
    func demoScheduler(renderer: CARenderer, framePeriod: CFTimeInterval, click: Bool) -> FrameScheduler {
        let demo = shell!
        let scheduler = FrameScheduler(clock: .virtual, start: 0, renderer: renderer, framePeriod: framePeriod)
        var clicked = !click
        let size = pointSize
        scheduler.onAppTurn = { t in
            if !clicked { clicked = true; demo.handle(.mouseDown(CGPoint(x: size.width / 2, y: demo.contentSize.height / 2))) }
            demo.tick(t)
        }
        return scheduler
    }

    /// Whether the source is a Lottie file, .json or .lottie (its `--size` is a box it is fitted in).
    var isLottieFile: Bool { scene?.lottieFile != nil }

    /// The output size of a `--size` text: for a Lottie file, any WIDTHxHEIGHT box (the composition
    /// is fitted in it, its shape kept); otherwise a size of the source's shape (`parsePixelSize`).
    func pixelSize(_ text: String) throws -> CGSize {
        guard isLottieFile else { return try parsePixelSize(text, for: pointSize) }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], (1...8192).contains(w), (1...8192).contains(h) else {
            throw ValidationError("--size wants WIDTHxHEIGHT in whole pixels, 1...8192 each (got \"\(text)\")")
        }
        return CGSize(width: w, height: h)
    }

    /// The renderer's size in points for an output of `pixels` drawn at `scale`: the source's own
    /// size, except that a Lottie file whose fitted size is within a pixel of its box fills the box
    /// (what rounding leaves over, under a pixel, stays clear), so a box of the composition's shape
    /// gives an image of exactly that size (1334x1600 in 213x256: 213x256, not 213x255).
    func canvasSize(for pixels: CGSize?, scale: CGFloat) -> CGSize {
        guard isLottieFile, let pixels, scale > 0 else { return pointSize }
        let fitted = CGSize(width: pointSize.width * scale, height: pointSize.height * scale)
        guard abs(fitted.width - pixels.width) < 1, abs(fitted.height - pixels.height) < 1 else { return pointSize }
        return CGSize(width: pixels.width / scale, height: pixels.height / scale)
    }

    /// The renderer's scale for an output of `pixels` (WIDTHxHEIGHT): the largest that fits the
    /// source in it (1 without `pixels`).
    func scale(for pixels: CGSize?) -> CGFloat {
        guard let pixels else { return 1 }
        return min(pixels.width / pointSize.width, pixels.height / pointSize.height)
    }
}
