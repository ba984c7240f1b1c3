import Foundation

/// The process's resident memory, read from /proc/self/status (Linux).
enum ResidentMemory {
    /// VmRSS in bytes, or nil where /proc/self/status has no such line.
    static func current() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        return parse(status: text)
    }

    /// The VmRSS line of a /proc/PID/status text ("VmRSS:   123456 kB") in bytes.
    static func parse(status text: String) -> Int? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 2, let kb = Int(fields[1]) else { return nil }
        return kb * 1024
    }

    /// Bytes as MiB with one decimal.
    static func mib(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }
}
