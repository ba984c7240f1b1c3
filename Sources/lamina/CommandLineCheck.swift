import ArgumentParser
import Foundation

/// Checks made on the command line before ArgumentParser reads it: a first word that names no
/// command (ArgumentParser would take it as an argument of the default command, the gallery, and
/// print the gallery's usage), and an option given twice (ArgumentParser would keep the last).
enum CommandLineCheck {
    /// Short option names and the long names they stand for.
    static let shortNames = ["-o": "--output"]

    /// What is wrong with `arguments` given to `root`, or nil.
    static func problem(in arguments: [String], of root: ParsableCommand.Type) -> String? {
        let subcommands = root.configuration.subcommands
        var rest = arguments[...]
        if let first = rest.first, !first.hasPrefix("-") {
            guard first == "help" || subcommands.contains(where: { $0._commandName == first }) else {
                return "no command named \"\(first)\"" + suggestion(for: first, among: subcommands.map { $0._commandName })
                    + "; the commands are:\n" + list(subcommands)
            }
            rest = rest.dropFirst()
        }
        var seen: Set<String> = []
        for word in rest {
            if word == "--" { break }
            guard (word.hasPrefix("--") && word.count > 2) || shortNames[word] != nil else { continue }
            let name = shortNames[word] ?? String(word.split(separator: "=", maxSplits: 1)[0])
            if !seen.insert(name).inserted { return "\(name) is given twice; give each option once" }
        }
        return nil
    }

    /// The command `arguments` run: the subcommands their leading words name (a group's default
    /// subcommand when the words stop at the group: `lamina bench stress` is `bench run`), the
    /// root's default subcommand without a command word; nil when the first word names no command.
    static func command(for arguments: [String], in root: ParsableCommand.Type) -> ParsableCommand.Type? {
        var current = root
        for word in arguments {
            guard !word.hasPrefix("-"), let next = current.configuration.subcommands.first(where: {
                $0._commandName == word || $0.configuration.aliases.contains(word)
            }) else {
                if current == root, !word.hasPrefix("-") { return nil }
                break
            }
            current = next
        }
        while let d = current.configuration.defaultSubcommand { current = d }
        return current
    }

    /// The commands, one a line with what each does.
    static func list(_ commands: [ParsableCommand.Type]) -> String {
        let width = commands.map { $0._commandName.count }.max() ?? 0
        return commands.map { c in
            "  " + c._commandName.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + c.configuration.abstract
        }.joined(separator: "\n")
    }

    /// ", did you mean \"x\"" when a command's name is at most two edits from `word`.
    static func suggestion(for word: String, among names: [String]) -> String {
        let best = names.map { ($0, editDistance($0, word)) }.min { $0.1 < $1.1 }
        guard let (name, d) = best, d <= 2 else { return "" }
        return " (did you mean \"\(name)\"?)"
    }

    /// The Levenshtein distance between two strings.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return row[b.count]
    }

    /// "lamina render" for `command` under `root`.
    static func path(of command: ParsableCommand.Type, in root: ParsableCommand.Type) -> String {
        func find(_ c: ParsableCommand.Type, _ prefix: [String]) -> [String]? {
            let here = prefix + [c._commandName]
            if c == command { return here }
            for s in c.configuration.subcommands { if let p = find(s, here) { return p } }
            return nil
        }
        return (find(root, []) ?? [root._commandName]).joined(separator: " ")
    }
}
