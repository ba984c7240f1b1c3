import Foundation
import XCTest

/// Runs one test of the running test binary again in a fresh process (for what is read once per
/// process, such as an environment variable, or what must end the process, such as a failed
/// precondition), with `environment` added to this process's environment.
public enum TestBinary {
    /// How the child process ended and everything it printed (stdout and stderr together).
    public struct Outcome: Sendable {
        /// The exit status (or the signal, when `reason` is `.uncaughtSignal`).
        public let status: Int32
        /// Whether it exited or was ended by a signal.
        public let reason: Process.TerminationReason
        /// Its output.
        public let output: String
        /// Whether XCTest reported the one test run and passed.
        public var passedOneTest: Bool { status == 0 && output.contains("Executed 1 test, with 0 failures") }
    }

    /// Runs `test` ("Target.Class/testName") in a new process of this test binary. Throws XCTSkip
    /// when the tests do not run from an .xctest binary (so there is nothing to run again).
    public static func run(_ test: String, environment: [String: String]) throws -> Outcome {
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        guard exe.hasSuffix(".xctest") else { throw XCTSkip("not running from an .xctest binary: \(exe)") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = [test]
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return Outcome(status: p.terminationStatus, reason: p.terminationReason, output: out)
    }
}
