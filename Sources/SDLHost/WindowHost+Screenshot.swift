import Foundation
@_spi(LaminaInternal) import QuartzCore

extension WindowHost {
    /// Writes screenshots one at a time (so that two never take the same number).
    static let screenshotQueue = DispatchQueue(label: "lamina.screenshots")

    /// The first lamina-screenshot-<n>.png in `folder` that does not exist.
    package static func nextScreenshotFile(in folder: URL) -> URL {
        var n = 1
        while FileManager.default.fileExists(atPath: folder.appendingPathComponent("lamina-screenshot-\(n).png").path) { n += 1 }
        return folder.appendingPathComponent("lamina-screenshot-\(n).png")
    }

    /// Writes the scene's frame (render thread; the file is written on another thread) and says
    /// where in a toast.
    func saveScreenshot(_ image: CGImage) {
        let folder = screenshotFolder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        screenshotWrites.enter()
        WindowHost.screenshotQueue.async { [self] in
            defer { screenshotWrites.leave() }
            let url = WindowHost.nextScreenshotFile(in: folder)
            do {
                _ = try PNGCodec.write(image, to: url)
                showToast("Saved \(url.path)")
            } catch {
                showToast("Cannot save the screenshot: \(error)", seconds: 5)
            }
        }
    }

    /// Waits until the screenshots taken so far are written (tests, and before the window closes).
    package func waitForScreenshots() { screenshotWrites.wait() }
}
