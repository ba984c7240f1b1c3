import Foundation
@_spi(LaminaInternal) import Scenes

/// The words and values the scene fuzzer splices into inputs: every key a scene knows (taken from
/// the parser's own tables, so new keys are fuzzed without being listed here), the enumerations'
/// names, and values that are hostile to numbers, strings and YAML. A testing aid.
enum SceneFuzzDictionary {
    /// Every layer, animation, interaction, transaction, window and transform key.
    static let keys: [String] = {
        var all = Set<String>(["window", "size", "background", "layers", "animations", "interactions", "name", "class", "sublayers",
                               "layer", "type", "key", "on", "click", "swipe", "timer", "transaction", "set", "add", "remove",
                               "pause", "resume", "then", "disableActions", "translate", "rotate", "rotateX", "rotateY", "scale",
                               "perspective", "ellipse", "rect",
                               // Lottie's keys (inputs from the Lottie files of the corpus).
                               "fr", "ip", "op", "w", "h", "ddd", "assets", "layers", "ty", "ks", "ind", "parent", "refId", "tm",
                               "st", "sr", "shapes", "it", "masksProperties", "tt", "tp", "td", "ef", "bm", "ao", "hd", "a", "k",
                               "s", "e", "i", "o", "t", "p", "r", "c", "g", "d", "lc", "lj", "ml", "mm"])
        for t in [SceneVocabulary.properties(ofClass: "CALayer"), SceneVocabulary.properties(ofClass: "CAShapeLayer"), SceneVocabulary.properties(ofClass: "CATextLayer"), SceneVocabulary.gradientProperties,
                  SceneVocabulary.properties(ofClass: "CAReplicatorLayer"), SceneVocabulary.animatableSubPaths] { all.formUnion(t.keys) }
        all.formUnion(SceneVocabulary.timingKeys)
        all.formUnion(SceneVocabulary.propertyAnimationKeys)
        for v in SceneVocabulary.animationKindKeys.values { all.formUnion(v) }
        return all.sorted()
    }()

    /// Names the parser accepts for enumerations, classes and triggers.
    static let names: [String] = SceneVocabulary.classes + SceneVocabulary.animationKindKeys.keys.sorted() + [
        "butt", "round", "square", "miter", "bevel", "nonZero", "evenOdd", "natural", "left", "right", "center", "justified",
        "none", "start", "middle", "end", "axial", "radial", "conic", "removed", "forwards", "backwards", "both", "linear",
        "easeIn", "easeOut", "easeInEaseOut", "default", "discrete", "paced", "cubic", "cubicPaced", "auto", "autoReverse",
        "fade", "moveIn", "push", "reveal", "fromLeft", "fromRight", "fromTop", "fromBottom", "Space", "R", "infinity",
        "resize", "resizeAspect", "resizeAspectFill", "top", "bottom", "position.x", "transform.rotation.z", "opacity",
        "Sequence/frame01.png", "img.png", "../img.png", "../../etc/passwd", "/etc/passwd", "Fonts/DejaVuSans.ttf", "link.png",
    ]

    /// Numbers at the edges: zero signs, NaN and infinities in YAML's spellings, overflowing and
    /// subnormal magnitudes, integers past 64 bits.
    static let numbers: [String] = [
        "0", "-0", "-0.0", "1", "-1", "0.5", "2", "360", "1e308", "-1e308", "1.8e308", "1e-320", "5e-324", "4.9e-324",
        ".nan", ".NaN", "nan", ".inf", "-.inf", "+.inf", "inf", "1e400", "99999999999999999999999999", "-9223372036854775808",
        "9223372036854775807", "18446744073709551616", "0x7fffffff", "0o777", "1_000", "1e6", "10000", "10001", "20000", "1e9",
        "65536", "16384", "4294967296", "0.0000001", "-1e-9", "3.4028235e38", "3.5e38", "1e39", "true", "null", "~", "\"12\"",
    ]

    /// Snippets hostile to YAML itself: anchors and aliases, tags, documents, odd scalars.
    static let yaml: [String] = [
        "&a", "*a", "&b [1, 2]", "*b", "<<: *a", "!!str", "!!int", "!!float", "!!binary", "!custom", "---", "...", "? ", ": ",
        "- ", "[", "]", "{", "}", ",", "|", ">", "\"", "'", "#", "%YAML 1.2", "\t", "\\u0000", "\"\\u0000\"", "\"\\uD800\"",
        "''", "\"\"", "[]", "{}", "[[]]", "{a: }", "null", "~", "yes", "no", "on", "off",
    ]

    /// Unicode that is awkward to lay out or compare: combining marks, right-to-left, emoji with
    /// joiners, zero-width and replacement characters, the BOM.
    static let unicode: [String] = [
        "é", "e\u{301}\u{301}\u{301}", "\u{202E}gnp.", "👩‍👩‍👧‍👦", "🇫🇷", "\u{200B}", "\u{FEFF}", "\u{FFFD}", "日本語", "ﷺ",
        "\u{1F600}", "Z\u{336}\u{336}", "\u{0}", "\u{85}", "\u{2028}", "ǅ", "ß", "İ",
    ]

    /// YAML double-quoted escapes that make terminal control characters (ESC sequences that
    /// retitle the terminal or colour it, BEL, DEL, C1's CSI and NEL, the bidirectional overrides
    /// and isolates), for keys, names and paths: every message quoting them must show them escaped.
    static let escapes: [String] = [
        "\\e]0;PWNED\\a", "\\e[31mred\\e[0m", "\\a", "\\x7f", "\\x9b2J", "\\N", "\\u202Eevil", "\\u2066x\\u2069", "\\r\\e[2K",
        "\\b\\b", "\\x00", "\\u061C", "\\L", "\\P", "\\e]8;;http://x\\e\\\\", "\\x1b",
    ]

    /// Paths that lead elsewhere: up and out of the scene's folder, absolute, through /proc's
    /// links, very long, or holding escapes.
    static let paths: [String] = [
        "../../../../etc/hostname", "/etc/hostname", "/proc/self/cwd/img.png", "/proc/self/root/etc/hostname", "link.png",
        "./././img.png", "Sequence/../Sequence/frame01.png", String(repeating: "a/", count: 2100) + "x.png", "img\\e]0;x\\a.png",
    ]

    /// Sizes at the edges of what a scene may ask for (a window, a frame, a font, a repeat count).
    static let hugeSizes: [String] = [
        "[1e9, 1e9]", "[100000, 100000]", "[16385, 1]", "[1, 16385]", "[1e308, 1e308]", "[4294967296, 2]", "[0.0001, 1e9]",
    ]
}
