import Foundation

/// A one-line description of the machine a benchmark ran on.
enum MachineDescription {
    static func current() -> String {
        var cpu = "unknown CPU"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let name = line.split(separator: ":", maxSplits: 1).last {
            cpu = name.trimmingCharacters(in: .whitespaces)
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let mem = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        var uts = utsname()
        uname(&uts)
        let arch = withUnsafeBytes(of: &uts.machine) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        return String(format: "machine: %@, %d cores, %.0f GiB, %@, %@", cpu, cores, mem, arch,
                      ProcessInfo.processInfo.operatingSystemVersionString)
    }
}
