import ArgumentParser
import Foundation
import CoreGraphics
import Compositor

/// `lamina bench scaling`: how a frame's cost grows with what it draws (ScalingWorkloads: text of
/// 1k to 100k glyphs, a path of 1k to 1M segments filled and stroked, a gradient of a sixteenth to
/// all of the frame). Each row is timed like `bench compositor` (calibrated repetitions,
/// interleaved rounds, medians); the table gives each row's cost per unit and its growth against
/// the row before it in the series: the ratio of times divided by the ratio of sizes, 1.00 for
/// cost that grows linearly.
struct BenchScaling: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scaling",
        abstract: "Time text, paths and gradients at growing sizes and show how the cost grows (1.00 = linear)."
    )

    @Option(help: "Threads to draw with.") var threads = 1
    @Option(help: "Rounds of interleaved repetitions.") var rounds = 7
    @Option(help: "Seconds per repetition (calibrated).") var target = 0.05
    @Option(help: "Only rows whose name contains this.") var filter: String?
    @Option(help: "Leave out sizes above this many glyphs or segments (and gradients above this many thousand pixels).") var limit: Double?

    func run() throws {
        guard threads >= 1 else { throw ValidationError("--threads takes 1 or more") }
        guard rounds >= 1 else { throw ValidationError("--rounds takes 1 or more") }
        let steps = ScalingWorkloads.steps(limit: limit ?? .infinity) { name in filter.map { name.contains($0) } ?? true }
        guard !steps.isEmpty else { throw ValidationError(TerminalText.escaped("no scaling row matches --filter \(filter ?? "") and --limit")) }
        print(MachineDescription.current())
        print("# \(MachineLoad.line()); Lamina's pixel kernels: \(PixelKernels.level); \(threads) thread(s); frame 1280x720")
        let renderer = FrameRenderer(threads: threads)
        let trees = steps.map { VectorWorkloads.tree($0.root) }
        var buffer = PixelBuffer(width: VectorWorkloads.width, height: VectorWorkloads.height)
        let background = [UInt32](repeating: VectorWorkloads.background, count: VectorWorkloads.width * VectorWorkloads.height)
        func op(_ i: Int) { renderer.render(trees[i], into: &buffer, background: nil) }
        func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
        var reps = [Int](repeating: 1, count: steps.count), samples = [[Double]](repeating: [], count: steps.count)
        for i in steps.indices {
            buffer.pixels = background
            op(i)
            let t0 = now(); op(i); let dt = max(now() - t0, 1e-6)
            reps[i] = max(1, Int(target / dt))
        }
        for _ in 0..<rounds {
            for i in steps.indices {
                buffer.pixels = background
                op(i)
                let t0 = now()
                for _ in 0..<reps[i] { op(i) }
                samples[i].append((now() - t0) / Double(reps[i]) * 1000)
            }
        }
        print("row                      size       ms_med   per unit            growth")
        var previous: (series: String, size: Double, ms: Double)?
        for (i, s) in steps.enumerated() {
            let sorted = samples[i].sorted()
            let ms = sorted[sorted.count / 2]
            let unit: String
            switch s.series {
            case "text": unit = String(format: "%8.2f µs/glyph", ms * 1000 / s.size)
            case "gradient": unit = String(format: "%8.2f ns/pixel", ms * 1e6 / s.size)
            default: unit = String(format: "%8.3f µs/segment", ms * 1000 / s.size)
            }
            var growth = "      -"
            if let p = previous, p.series == s.series, p.ms > 0 {
                growth = String(format: "%7.2f", (ms / p.ms) / (s.size / p.size))
            }
            let name = s.name.padding(toLength: 20, withPad: " ", startingAt: 0)
            print(name + String(format: " %10.0f %10.3f", s.size, ms) + "   " + unit + "   " + growth)
            previous = (s.series, s.size, ms)
        }
        print("# growth: (this row's time / the previous row's) / (this row's size / the previous row's): 1.00 is linear")
    }
}
