import Foundation
@_spi(LaminaInternal) import QuartzCore
import SDLHost

/// One pass over golden cases: compare each with its PNG in `directory`, or (re)record them. It never
/// passes silently: recording always ends in a failure message saying what was written, and a
/// filter that selects no case is a failure naming the filter.
struct GoldenRun {
    /// Where the goldens are (and where `.out.png` / `.diff.png` go on a mismatch).
    let directory: URL
    /// Write the goldens instead of comparing (LAMINA_RECORD_GOLDENS=1).
    var record = false
    /// Only the cases whose names contain this (LAMINA_GOLDEN_ONLY); nil or empty for all.
    var only: String? = nil

    /// A run configured from the environment: LAMINA_RECORD_GOLDENS=1 records, LAMINA_GOLDEN_ONLY filters.
    static func fromEnvironment(directory: URL, _ env: [String: String] = ProcessInfo.processInfo.environment) -> GoldenRun {
        GoldenRun(directory: directory, record: env["LAMINA_RECORD_GOLDENS"] == "1", only: env["LAMINA_GOLDEN_ONLY"])
    }

    /// The cases this run looks at.
    func selected(_ cases: [GoldenCase]) -> [GoldenCase] {
        guard let only, !only.isEmpty else { return cases }
        return cases.filter { $0.name.contains(only) }
    }

    /// nil when every selected case matches its golden; otherwise the failure message. A recording
    /// run always returns a message (how many goldens were rewritten, which changed, which were
    /// new, how many were already identical), so it can never be mistaken for a passing run.
    func check(_ cases: [GoldenCase]) throws -> String? {
        let chosen = selected(cases)
        if chosen.isEmpty {
            return "LAMINA_GOLDEN_ONLY=\"\(only ?? "")\" matches no golden case (\(cases.count) cases, named like \(cases.prefix(3).map(\.name).joined(separator: ", ")))"
        }
        return record ? try recordAll(chosen) : try compareAll(chosen)
    }

    private func compareAll(_ cases: [GoldenCase]) throws -> String? {
        var failures: [String] = []
        for c in cases {
            let url = directory.appendingPathComponent(c.name + ".png")
            guard FileManager.default.fileExists(atPath: url.path) else {
                failures.append("\(c.name): no golden at \(url.path) (run with LAMINA_RECORD_GOLDENS=1 and look at it)")
                continue
            }
            let image = GoldenRenderer.render(c)
            let golden = try PNGCodec.read(contentsOf: url)
            if let message = ImageDiff.compare(actual: image, expected: golden, tolerance: c.tolerance, name: c.name, directory: directory) {
                failures.append(message)
            }
        }
        return failures.isEmpty ? nil : "\(failures.count) golden(s) differ:\n" + failures.joined(separator: "\n")
    }

    /// What recording did to each golden.
    enum Recorded { case new, changed, reencoded, identical }

    private func recordAll(_ cases: [GoldenCase]) throws -> String {
        var outcome: [(name: String, what: Recorded)] = []
        for c in cases {
            outcome.append((c.name, try record(c)))
        }
        func names(_ w: Recorded) -> [String] { outcome.filter { $0.what == w }.map(\.name) }
        func list(_ w: Recorded, _ label: String) -> String? {
            let n = names(w)
            return n.isEmpty ? nil : "\(n.count) \(label): \(n.joined(separator: ", "))"
        }
        let rewritten = outcome.filter { $0.what != .identical }.count
        let parts = [list(.changed, "changed pixels"), list(.new, "new"), list(.reencoded, "same pixels, other PNG bytes")].compactMap { $0 }
        let identical = names(.identical).count
        return "LAMINA_RECORD_GOLDENS=1: rewrote \(rewritten) of \(cases.count) golden(s) in \(directory.path)"
            + (parts.isEmpty ? "" : "\n  " + parts.joined(separator: "\n  "))
            + "\n  \(identical) identical (not written)"
            + "\nA recording run compares nothing, so it fails: look at every rewritten image, then run again without LAMINA_RECORD_GOLDENS."
    }

    /// Renders `c` and writes its golden unless the file already holds exactly these bytes.
    private func record(_ c: GoldenCase) throws -> Recorded {
        let url = directory.appendingPathComponent(c.name + ".png")
        let image = GoldenRenderer.render(c)
        let bytes = try PNGCodec.encode(image)
        let old = try? Data(contentsOf: url)
        if old == bytes { return .identical }
        let oldPixels = old.flatMap { try? PNGCodec.read(data: $0) }
        // A fresh exclusive temporary renamed over the golden, never through a link.
        try SafeFile.write(bytes, to: url.path)
        guard let oldPixels else { return .new }
        // Both as decoded from their PNG bytes (a PNG stores colour unpremultiplied).
        let newPixels = try PNGCodec.read(data: bytes)
        let same = oldPixels.width == newPixels.width && oldPixels.height == newPixels.height && oldPixels.premultipliedARGB == newPixels.premultipliedARGB
        return same ? .reencoded : .changed
    }
}
