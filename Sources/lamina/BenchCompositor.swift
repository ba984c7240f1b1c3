import ArgumentParser
import Foundation
import CoreGraphics
import Compositor

/// `lamina bench compositor`: the compositor's speed on the reference workloads (see
/// CompositorWorkload), measured like shared/bench-anchors: each row calibrated to about `target`
/// seconds per repetition, repetitions interleaved round-robin across rows so that drifts of a
/// shared machine hit every row alike, one untimed warm-up operation per repetition.
struct BenchCompositor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compositor",
        abstract: "Time the compositor on 1280x720 workloads (blits, rounded rects, 50-layer frames, 3D demos)."
    )

    @Option(help: "Thread counts to run, comma-separated (rows with 2 threads are suffixed .2T).") var threads = "1,2"
    @Option(help: "Rounds of interleaved repetitions.") var rounds = 11
    @Option(help: "Seconds per repetition (calibrated).") var target = 0.05
    @Option(help: "Only rows whose name contains this (ending in $: only the row of exactly that name).") var filter: String?
    @Option(help: "Occlusion culling: on, off, or both (rows drawn without it are suffixed .nocull).") var occlusion = "on"
    @Option(help: "Write one PNG per workload into this folder (to check the output is right).") var png: String?

    func run() throws {
        let threadCounts = threads.split(separator: ",").compactMap { Int($0) }.filter { $0 >= 1 }
        guard !threadCounts.isEmpty else { throw ValidationError("--threads needs numbers like 1,2") }
        let all = CompositorWorkload.all()
        let workloads = all.filter { w in
            guard let f = filter else { return true }
            return f.hasSuffix("$") ? w.name == String(f.dropLast()) : w.name.contains(f)
        }
        guard !workloads.isEmpty else {
            throw ValidationError("--filter \(filter ?? "") matches no workload; the workloads: \(all.map(\.name).joined(separator: ", "))")
        }
        let culling: [Bool]
        switch occlusion {
        case "on": culling = [true]
        case "off": culling = [false]
        case "both": culling = [true, false]
        default: throw ValidationError("--occlusion takes on, off or both, not \(occlusion)")
        }
        print(MachineDescription.current())
        print("# frame 1280x720 premultiplied ARGB; Mpix = 1e6 destination pixels written per second; fps = operations per second at the median")
        struct Row { let name: String; let work: CompositorWorkload; let renderer: FrameRenderer; var reps = 1; var samples: [Double] = [] }
        var rows: [Row] = []
        for cull in culling {
            for t in threadCounts {
                for w in workloads {
                    let r = FrameRenderer(threads: t)
                    r.occlusionCulling = cull
                    let name = (t == 1 ? w.name : "\(w.name).\(t)T") + (cull || occlusion == "off" ? "" : ".nocull")
                    rows.append(Row(name: name, work: w, renderer: r))
                }
            }
        }
        var rng = CompositorWorkload.RNG(state: 0x9E37_79B9_7F4A_7C15)
        let destination = CompositorWorkload.noise(&rng, count: CompositorWorkload.width * CompositorWorkload.height, opaque: true)
        var buffer = PixelBuffer(width: CompositorWorkload.width, height: CompositorWorkload.height)
        func op(_ r: Row) {
            r.renderer.render(r.work.tree, into: &buffer, background: r.work.clears ? 0 : nil)
        }
        func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
        // Calibrate.
        for i in rows.indices {
            buffer.pixels = destination
            op(rows[i])
            let t0 = now(); op(rows[i]); let dt = max(now() - t0, 1e-6)
            rows[i].reps = max(1, Int(target / dt))
        }
        for _ in 0..<rounds {
            for i in rows.indices {
                buffer.pixels = destination
                op(rows[i])
                let t0 = now()
                for _ in 0..<rows[i].reps { op(rows[i]) }
                rows[i].samples.append((now() - t0) / Double(rows[i].reps) * 1000)
            }
        }
        print("name                                         px_op   ms_med   ms_min   ms_max  Mpix_med Mpix_best  fps_med")
        for r in rows {
            let s = r.samples.sorted()
            let med = s[s.count / 2], lo = s.first!, hi = s.last!
            let px = r.work.pixelsPerOp
            let name = r.name.count >= 40 ? r.name : r.name + String(repeating: " ", count: 40 - r.name.count)
            print(name + String(format: " %9.0f %8.3f %8.3f %8.3f %9.1f %9.1f %8.1f", px, med, lo, hi,
                                px / med / 1000, px / lo / 1000, 1000 / med))
        }
        if let dir = png {
            try SafeFile.makeFolder(at: dir)
            for w in workloads {
                buffer.pixels = destination
                FrameRenderer().render(w.tree, into: &buffer, background: w.clears ? 0 : nil)
                try BenchImages.writePNG(buffer, to: URL(fileURLWithPath: dir).appendingPathComponent(w.name + ".png"))
            }
            print(TerminalText.escaped("# wrote one PNG per workload to \(dir)"))
        }
    }
}
