import ArgumentParser
import Scenes

/// `--image-budget SIZE`, shared by the commands that load scenes (run, render, eval, record and
/// bench's run, suite, idle and soak): the most bytes a scene's decoded images may take together
/// (`Scene.imageBudget`; width x height x 4 for each distinct image file). SIZE is a number with a
/// binary unit, K, M or G (KiB, MiB, GiB; "512M", "1.5G"), or a plain number of MiB.
struct ImageBudgetOption: ParsableArguments {
    @Option(help: ArgumentHelp("The most memory a scene's decoded images may take together: a number with K, M or G (binary units), or of MiB (default: \(ImageBudgetOption.defaultText)). A scene past it stops loading at the image that passes it.",
                               valueName: "size"))
    var imageBudget: String?

    /// The default, as the help prints it.
    static let defaultText = "\(Scene.Limits.defaultImageBudget >> 20)M"

    /// The most bytes a budget may be set to (1 PiB: far above any machine, and free of overflow).
    static let largest = 1 << 50

    func validate() throws { _ = try bytes() }

    /// The budget in bytes: the option's, or `Scene.Limits.defaultImageBudget` without it.
    func bytes() throws -> Int {
        guard let imageBudget else { return Scene.Limits.defaultImageBudget }
        guard let b = ImageBudgetOption.parse(imageBudget) else {
            throw ValidationError("--image-budget \(imageBudget): give a size such as 512M, 1.5G or 2048 (MiB), more than 0 and at most 1048576G")
        }
        return b
    }

    /// Sets `Scene.imageBudget` for the scenes this command loads.
    func apply() throws { Scene.imageBudget = try bytes() }

    /// The bytes `text` names ("512M", "1.5G", "64k", "100": MiB), or nil when it is not a size
    /// above 0 and at most `largest`.
    static func parse(_ text: String) -> Int? {
        var number = Substring(text)
        var unit = 1 << 20
        for (suffixes, u) in [(["kib", "kb", "k"], 1 << 10), (["mib", "mb", "m"], 1 << 20), (["gib", "gb", "g"], 1 << 30)] {
            if let s = suffixes.first(where: { text.lowercased().hasSuffix($0) }) {
                number = number.dropLast(s.count)
                unit = u
                break
            }
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number),
              value.isFinite, value > 0 else { return nil }
        let bytes = (value * Double(unit)).rounded(.down)
        guard bytes >= 1, bytes <= Double(largest) else { return nil }
        return Int(bytes)
    }
}
