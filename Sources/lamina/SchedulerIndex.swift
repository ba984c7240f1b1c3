import ArgumentParser
import Foundation
import QuartzCore

/// A job's index given by the scheduler that started it, from the environment
/// (`--index-from-env`): Slurm job arrays (`SLURM_ARRAY_TASK_ID`, counted from the array's
/// `SLURM_ARRAY_TASK_MIN`), Kubernetes Indexed Jobs (`JOB_COMPLETION_INDEX`, from 0) and GNU
/// parallel (`PARALLEL_SEQ`, from 1), or a variable named by the user (from `--index-base`,
/// default 0). The result is 1-based, as `--part K/N` and `--shard K/N` count.
enum SchedulerIndex {
    /// The variables `auto` looks for, in this order, and the index each starts from (nil: read
    /// from `SLURM_ARRAY_TASK_MIN`, 0 when that is not set).
    static let known: [(name: String, base: Int?)] = [("SLURM_ARRAY_TASK_ID", nil), ("JOB_COMPLETION_INDEX", 0), ("PARALLEL_SEQ", 1)]

    /// The 1-based index named by `variable` ("auto": the first of `known` that is set) in
    /// `environment`, counted from `base` when given. Throws a located error when the variable is
    /// unset or not a whole number.
    static func index(variable: String, base: Int?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Int {
        let name: String
        var start = base
        if variable == "auto" {
            guard let found = known.first(where: { environment[$0.name] != nil }) else {
                throw ValidationError("--index-from-env auto: none of \(known.map(\.name).joined(separator: ", ")) is set (run under Slurm, a Kubernetes Indexed Job or GNU parallel, or name the variable)")
            }
            name = found.name
            if start == nil { start = found.base }
        } else {
            name = variable
            if start == nil { start = known.first { $0.name == variable }.map { $0.base } ?? 0 }
        }
        if start == nil {
            // Slurm: the array's first index is part 1.
            let minText = environment["SLURM_ARRAY_TASK_MIN"] ?? "0"
            guard let m = Int(minText.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("--index-from-env: SLURM_ARRAY_TASK_MIN=\"\(TerminalText.escaped(minText))\" is not a whole number")
            }
            start = m
        }
        guard let text = environment[name] else { throw ValidationError("--index-from-env: \(TerminalText.escaped(name)) is not set") }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw ValidationError("--index-from-env: \(TerminalText.escaped(name))=\"\(TerminalText.escaped(text))\" is not a whole number")
        }
        return value - start! + 1
    }
}
