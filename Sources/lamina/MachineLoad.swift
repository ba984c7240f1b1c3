import Foundation

/// The CPU's vector features and the load average, one line for benchmarks whose figures depend
/// on both (a shared machine's other work slows every row alike).
enum MachineLoad {
    /// "cpu features: sse4_2 avx avx2 fma; load average 0.52 0.61 0.70 (1, 5, 15 min)".
    static func line() -> String {
        var features = "unknown"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") || $0.hasPrefix("Features") }),
           let list = line.split(separator: ":", maxSplits: 1).last {
            let have = Set(list.split(separator: " ").map(String.init))
            let wanted = ["sse4_2", "avx", "avx2", "fma", "avx512f", "asimd", "neon"].filter(have.contains)
            if !wanted.isEmpty { features = wanted.joined(separator: " ") }
        }
        var load = "unknown"
        if let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
            load = text.split(separator: " ").prefix(3).joined(separator: " ") + " (1, 5, 15 min)"
        }
        return "cpu features: \(features); load average \(load)"
    }
}
