import Foundation
import CoreGraphics

/// A dotLottie file's `manifest.json`: its version and the animations it lists, with their
/// playback settings (`loop`, `speed`, `direction`, `mode`, as lottie-ios reads them).
struct DotLottieManifest {
    /// One entry of `animations`.
    struct Entry {
        var id: String
        var loopMode: LottieLoopMode
        var speed: Double
    }

    var animations: [Entry] = []
    /// The manifest's major version (1 when absent or not a number).
    var version = 1

    /// The most animations one manifest may list.
    static let maximumAnimations = 1_000

    /// Where animations are looked for, the version's folder first.
    var animationFolders: [String] { version >= 2 ? ["a", "animations"] : ["animations", "a"] }
    /// Where images are looked for, the version's folder first.
    var imageFolders: [String] { version >= 2 ? ["i", "images"] : ["images", "i"] }

    /// Reads the manifest's bytes (nil: the archive has none) of the archive `file`.
    init(_ data: Data?, file: String) throws {
        let located = file + " (manifest.json)"
        guard let data else {
            throw LottieLoadError(file: file, path: "(archive)", message: "expected a manifest.json in the archive, found none")
        }
        func fail(_ path: String, _ message: String) -> LottieLoadError { LottieLoadError(file: located, path: path, message: message) }
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw fail("(top level)", "expected JSON: \(String(describing: error).prefix(200))")
        }
        guard let object = root as? [String: Any] else { throw fail("(top level)", "expected an object with \"animations\"") }
        if let v = object["version"] as? String {
            version = Int(v.split(separator: ".").first ?? "") ?? 1
        } else if let v = object["version"] as? NSNumber {
            version = v.intValue
        }
        guard let list = object["animations"] as? [Any] else { throw fail("animations", "expected a list of animations") }
        guard !list.isEmpty else { throw fail("animations", "expected at least one animation") }
        guard list.count <= Self.maximumAnimations else { throw fail("animations", "expected at most \(Self.maximumAnimations) animations") }
        for (i, item) in list.enumerated() {
            guard let a = item as? [String: Any] else { throw fail("animations[\(i)]", "expected an object with \"id\"") }
            guard let id = a["id"] as? String, !id.isEmpty, id.count <= 200 else { throw fail("animations[\(i)].id", "expected the animation's id, a string of 1 to 200 characters") }
            guard !id.contains("/"), id != ".." else { throw fail("animations[\(i)].id", "expected an id without \"/\", found \"\(TerminalText.escaped(id))\"") }
            let loop = (a["loop"] as? Bool) ?? ((a["loop"] as? NSNumber)?.boolValue ?? false)
            let speed = (a["speed"] as? NSNumber)?.doubleValue ?? 1
            let direction = (a["direction"] as? NSNumber)?.doubleValue ?? 1
            guard speed.isFinite, abs(speed) <= 1000, direction.isFinite, abs(direction) <= 1 else {
                throw fail("animations[\(i)].speed", "expected a speed of at most 1000 and a direction of 1 or -1")
            }
            let bounce = (a["mode"] as? String) == "bounce"
            animations.append(Entry(id: id, loopMode: bounce ? .autoReverse : (loop ? .loop : .playOnce), speed: speed * (direction < 0 ? -1 : 1)))
        }
    }
}
