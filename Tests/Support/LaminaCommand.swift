import Foundation

/// The `lamina` binary built beside the tests, run as a user would: no display (DISPLAY, WAYLAND_DISPLAY
/// and SDL_VIDEODRIVER removed) unless `extra` sets them, `path` replacing PATH when given.
public enum LaminaCommand {
    /// Where the binary is.
    public static var binary: URL { URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lamina") }

    /// Whether it was built.
    public static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: binary.path) }

    /// This process's environment as a user's shell would hand it on: no display (DISPLAY,
    /// WAYLAND_DISPLAY, SDL_VIDEODRIVER removed), PATH replaced by `path` when given, then `extra`.
    public static func environment(path: String? = nil, extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for k in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { env.removeValue(forKey: k) }
        if let path { env["PATH"] = path }
        env.merge(extra) { _, b in b }
        return env
    }

    /// Runs it with `args` and returns the exit status and both outputs.
    public static func run(_ args: [String], path: String? = nil, extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        p.environment = environment(path: path, extra: extra)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}
