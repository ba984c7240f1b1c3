/// The key names a scene's `on: {key: NAME}` and `--after key@T:NAME` may use: the names the window
/// reports (SDL's key names: "A", "7", "Space", "Return", "Left", "F1" ...), matched ignoring case.
/// A name that is none of them is refused with the nearest one, so that `key: Spaec` is a located
/// error rather than an interaction that never runs.
public enum SceneKeyNames {
    /// Every known key name.
    public static let all: [String] = {
        var names = (UnicodeScalar("A").value...UnicodeScalar("Z").value).map { String(UnicodeScalar($0)!) }
        names += (0...9).map(String.init)
        names += ["Space", "Return", "Escape", "Backspace", "Tab", "Delete", "Insert", "Home", "End", "PageUp", "PageDown",
                  "Left", "Right", "Up", "Down", "CapsLock", "PrintScreen", "ScrollLock", "Pause", "Menu",
                  "Left Shift", "Right Shift", "Left Ctrl", "Right Ctrl", "Left Alt", "Right Alt", "Left GUI", "Right GUI",
                  "-", "=", "[", "]", "\\", ";", "'", "`", ",", ".", "/",
                  "Keypad Enter", "Keypad +", "Keypad -", "Keypad *", "Keypad /", "Keypad .", "Keypad ="]
        names += (1...24).map { "F\($0)" }
        names += (0...9).map { "Keypad \($0)" }
        return names
    }()

    private static let lowercased = Set(all.map { $0.lowercased() })

    /// Whether `name` is a known key name (letter case ignored).
    public static func isKnown(_ name: String) -> Bool { lowercased.contains(name.lowercased()) }

    /// Why `name` is not a key name, with the nearest known one when it is close (nil when it is known).
    public static func problem(with name: String) -> String? {
        guard !isKnown(name) else { return nil }
        let hint = nearest(name, in: all).map { "; did you mean \"\($0)\"?" } ?? " (key names are as the window reports them: A, 7, Space, Return, Left, F1 ...)"
        return "unknown key name \"\(name)\"\(hint)"
    }
}
