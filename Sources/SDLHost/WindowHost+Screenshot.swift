import Foundation
@_spi(LaminaInternal) import QuartzCore

extension WindowHost {
    /// Writes screenshots one at a time (so that two never take the same number).
    static let screenshotQueue = DispatchQueue(label: "lamina.screenshots")

    /// The first lamina-screenshot-<n>.png in `folder`, from `n` = `first`, at which nothing is,
    /// not even a symbolic link.
    package static func nextScreenshotFile(in folder: URL, from first: Int = 1) -> URL {
        var n = first
        while SafeFile.exists(folder.appendingPathComponent("lamina-screenshot-\(n).png").path) { n += 1 }
        return folder.appendingPathComponent("lamina-screenshot-\(n).png")
    }

    /// Writes `image` as the next free lamina-screenshot-<n>.png in `folder`: through a fresh
    /// exclusive temporary, linked to its name only if nothing is there (a name taken meanwhile,
    /// or a link planted at it, moves on to the next number); returns the file written.
    package static func writeScreenshot(_ image: CGImage, in folder: URL) throws -> URL {
        let data = try PNGCodec.encode(image)
        var n = 1
        while true {
            let url = nextScreenshotFile(in: folder, from: n)
            let failure: FileWriteError
            do {
                try SafeFile.write(data, to: url.path, replacing: false)
                return url
            } catch {
                failure = error
            }
            let taken = Int(url.deletingPathExtension().lastPathComponent.split(separator: "-").last ?? "") ?? n
            guard failure.alreadyExists, taken < 100_000 else { throw failure }
            n = taken + 1
        }
    }

    /// Waits until the screenshots taken so far are written (tests, and before the window closes).
    package func waitForScreenshots() { screenshotWrites.wait() }
}
