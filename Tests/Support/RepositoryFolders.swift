import Foundation

/// Folders of this checkout that tests read (found from this file's path, so they hold in any
/// test target and from any working directory).
public enum RepositoryFolders {
    /// The repository's root (Tests/Support/ is two levels below it).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The scene files (`scenes/`).
    public static let scenes = root.appendingPathComponent("scenes")
}
