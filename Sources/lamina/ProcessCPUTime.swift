import Foundation

/// The CPU time this process has used, read from /proc/self/stat (Linux): user plus system time of
/// every thread, the measure of what an idle window costs.
enum ProcessCPUTime {
    /// Seconds of CPU used so far, or nil where /proc/self/stat cannot be read.
    static func current() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8) else { return nil }
        return parse(stat: text, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// utime + stime (fields 14 and 15) of a /proc/PID/stat text, in seconds. The command name (field
    /// 2, in parentheses) may contain spaces, so fields are counted after its closing parenthesis.
    static func parse(stat text: String, ticksPerSecond: Double) -> Double? {
        guard ticksPerSecond > 0, let close = text.lastIndex(of: ")") else { return nil }
        let rest = text[text.index(after: close)...].split(separator: " ")
        // rest[0] is field 3 (state), so field n is rest[n - 3].
        guard rest.count > 12, let user = Double(rest[11]), let system = Double(rest[12]) else { return nil }
        return (user + system) / ticksPerSecond
    }
}
