import Foundation
import Synchronization
@_spi(LaminaInternal) import Scenes
import CoreGraphics

/// A fuzz run: inputs `start..<start+count` of a `SceneFuzzer` through `SceneFuzzHarness`, each
/// timed (DispatchTime, for hang detection only), with the resident memory sampled at the start,
/// the middle and the end. An input slower than `slowLimit` is a failure (saved when
/// `saveFailures` is set); a watchdog thread ends the process with the input saved when one runs
/// past `hangLimit`. A testing aid, used by `lamina fuzz-scenes` and the tests.
///
/// Shared with its watchdog thread: the input being run and the finished flag are behind one
/// mutex (the run's thread writes them, the watchdog reads); the settings are constants of the run.
@_spi(LaminaInternal) public final class SceneFuzzRun: Sendable {
    /// What a run found.
    public struct Report {
        /// Inputs run.
        public var count = 0
        /// Inputs that parsed (and were rendered, clicked, ticked and formatted).
        public var parsed = 0
        /// Inputs that threw a SceneError.
        public var threw = 0
        /// The slowest input: its index, seconds, and its first 120 characters.
        public var slowest: (index: Int, seconds: Double, preview: String) = (-1, 0, "")
        /// Resident memory in KiB before the first input, after half of them, and after the last.
        public var rssStart = 0, rssMiddle = 0, rssEnd = 0
        /// Seconds spent in the inputs (their times added up).
        public var seconds = 0.0
        /// Inputs slower than the limit: index and seconds.
        public var slow: [(index: Int, seconds: Double)] = []
        /// Inputs whose output held a raw control character (index and the line, escaped).
        public var unsafe: [(index: Int, line: String)] = []
        /// Inputs per second.
        public var rate: Double { seconds > 0 ? Double(count) / seconds : 0 }
    }

    /// The inputs.
    public let fuzzer: SceneFuzzer
    /// Where image paths resolve (besides `Scene.assetsDirectory`).
    public let directory: URL?
    /// Seconds above which an input counts as a failure.
    public let slowLimit: Double
    /// Seconds after which the watchdog declares a hang and ends the process.
    public let hangLimit: Double
    /// Where failing inputs are written (nil: nowhere).
    public let saveFailures: URL?

    /// The input being run (index, start, text) and whether the run finished.
    private let running = Mutex<(current: (index: Int, started: UInt64, text: String)?, finished: Bool)>((nil, false))

    /// A run of `fuzzer`'s inputs.
    public init(fuzzer: SceneFuzzer, directory: URL?, slowLimit: Double = 2, hangLimit: Double = 30, saveFailures: URL? = nil) {
        self.fuzzer = fuzzer; self.directory = directory; self.slowLimit = slowLimit; self.hangLimit = hangLimit
        self.saveFailures = saveFailures
    }

    /// Runs `count` inputs from `start`; `progress` is called every `every` inputs with the
    /// report so far.
    public func run(count: Int, start: Int = 0, every: Int = 1000, progress: ((Report) -> Void)? = nil) -> Report {
        var report = Report()
        report.rssStart = SceneFuzzHarness.residentKiB()
        startWatchdog()
        defer { running.withLock { $0.finished = true } }
        for index in start..<(start + count) {
            let text = fuzzer.input(index)
            let began = DispatchTime.now().uptimeNanoseconds
            running.withLock { $0.current = (index, began, text) }
            SceneFuzzCrashRecorder.record(text, index: index)
            let outcome = SceneFuzzHarness.run(text, directory: directory)
            let ok = outcome.parsed
            if let line = outcome.unsafeOutput {
                report.unsafe.append((index, line))
                save(text, name: "unsafe-output-\(index).yaml")
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
            report.count += 1
            report.seconds += seconds
            if ok { report.parsed += 1 } else { report.threw += 1 }
            if seconds > report.slowest.seconds {
                report.slowest = (index, seconds, TerminalText.escaped(String(text.prefix(120)).replacingOccurrences(of: "\n", with: "⏎")))
            }
            if seconds > slowLimit {
                report.slow.append((index, seconds))
                save(text, name: "slow-\(index).yaml")
            }
            if report.count == count / 2 { report.rssMiddle = SceneFuzzHarness.residentKiB() }
            if report.count % every == 0 { progress?(report) }
        }
        report.rssEnd = SceneFuzzHarness.residentKiB()
        if report.rssMiddle == 0 { report.rssMiddle = report.rssEnd }
        return report
    }

    func save(_ text: String, name: String) {
        guard let dir = saveFailures else { return }
        try? SafeFile.makeFolder(at: dir.path)
        try? SafeFile.write(text, to: dir.appendingPathComponent(name).path)
    }

    /// A thread that ends the process when one input runs past `hangLimit`, saving it first.
    private func startWatchdog() {
        let t = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 0.25)
                let (cur, done) = running.withLock { $0 }
                if done { return }
                guard let c = cur else { continue }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - c.started) / 1e9
                if seconds > hangLimit {
                    save(c.text, name: "hang-\(c.index).yaml")
                    FileHandle.standardError.write(Data("fuzz-scenes: input \(c.index) ran for more than \(hangLimit) s (a hang); seed \(fuzzer.seed)\(saveFailures.map { ", saved in \($0.path)" } ?? "")\n".utf8))
                    exit(3)
                }
            }
        }
        t.start()
    }
}
