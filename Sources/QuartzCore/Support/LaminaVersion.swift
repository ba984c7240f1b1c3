/// The version of Lamina this program was built with (semantic versioning: the API of the library
/// products changes incompatibly only with the major number). `lamina --version` prints it.
public enum LaminaVersion {
    /// Major version.
    public static let major = 0
    /// Minor version.
    public static let minor = 1
    /// Patch version.
    public static let patch = 0
    /// "major.minor.patch", the form `.package(url:from:)` takes.
    public static var string: String { "\(major).\(minor).\(patch)" }
}
