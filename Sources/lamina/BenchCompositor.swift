import ArgumentParser
import Foundation
import CoreGraphics
import Compositor

/// `lamina bench compositor`: the compositor's speed on the reference workloads (see
/// CompositorWorkload) and on vector content (VectorWorkloads: gradients, paths, strokes, text,
/// shadows, a path animation), measured like shared/bench-anchors: each row calibrated to about
/// `target` seconds per repetition, repetitions interleaved round-robin across rows so that drifts
/// of a shared machine hit every row alike, one untimed warm-up operation per repetition.
/// `--dump-inputs` writes the vector rows' inputs for the Blend2D and Skia anchors instead
/// (scripts/bench-anchors/vector_anchors.py).
struct BenchCompositor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compositor",
        abstract: "Time the compositor on 1280x720 workloads (blits, rounded rects, 50-layer frames, 3D demos, vector content)."
    )

    @Option(help: "Thread counts to run, comma-separated (rows with 2 threads are suffixed .2T).") var threads = "1,2"
    @Option(help: "Rounds of interleaved repetitions.") var rounds = 11
    @Option(help: "Seconds per repetition (calibrated).") var target = 0.05
    @Option(help: "Only rows whose name contains this (ending in $: only the row of exactly that name).") var filter: String?
    @Option(help: "Occlusion culling: on, off, or both (rows drawn without it are suffixed .nocull).") var occlusion = "on"
    @Option(help: "Write one PNG per workload into this folder (to check the output is right).") var png: String?
    @Option(help: "Which rows: blits (images, rects, frames, demos), vector (gradients, paths, strokes, text, shadows, path animation) or all.") var set = "all"
    @Option(help: "Write the vector rows' inputs (geometry, colours, font file, pixel counts) as JSON into this folder (vector-inputs.json) for scripts/bench-anchors/vector_anchors.py, then stop without timing.") var dumpInputs: String?

    func run() throws {
        let threadCounts = threads.split(separator: ",").compactMap { Int($0) }.filter { $0 >= 1 }
        guard !threadCounts.isEmpty else { throw ValidationError("--threads needs numbers like 1,2") }
        guard ["blits", "vector", "all"].contains(set) else { throw ValidationError(TerminalText.escaped("--set takes blits, vector or all, not \(set)")) }
        func selected(_ name: String) -> Bool {
            guard let f = filter else { return true }
            return f.hasSuffix("$") ? name == String(f.dropLast()) : name.contains(f)
        }
        if let dir = dumpInputs {
            let file = try VectorInputsFile.make(filter: selected)
            guard !file.rows.isEmpty else { throw ValidationError(TerminalText.escaped("--filter \(filter ?? "") matches no vector row")) }
            try VectorInputsFile.write(file, toFolder: dir)
            print(TerminalText.escaped("# wrote the inputs of \(file.rows.count) vector rows to \(dir)/\(VectorInputsFile.fileName)"))
            return
        }
        let blits = set == "vector" ? [] : CompositorWorkload.all()
        let vector = set == "blits" ? [] : VectorWorkloads.all(countPixels: true, keep: selected).map(\.work)
        let all = blits + vector
        let workloads = all.filter { selected($0.name) }
        guard !workloads.isEmpty else {
            let names = (CompositorWorkload.all().map(\.name) + VectorWorkloads.specs().map(\.name)).joined(separator: ", ")
            throw ValidationError(TerminalText.escaped("--filter \(filter ?? "") matches no workload in --set \(set); the workloads: \(names)"))
        }
        let culling: [Bool]
        switch occlusion {
        case "on": culling = [true]
        case "off": culling = [false]
        case "both": culling = [true, false]
        default: throw ValidationError("--occlusion takes on, off or both, not \(occlusion)")
        }
        print(MachineDescription.current())
        print("# \(MachineLoad.line()); Lamina's pixel kernels: \(PixelKernels.level) (LAMINA_SIMD=\(ProcessInfo.processInfo.environment["LAMINA_SIMD"].map { TerminalText.escaped($0) } ?? "unset"))")
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
        var fills: [UInt32: [UInt32]] = [:]
        for w in workloads { if let b = w.background, fills[b] == nil { fills[b] = [UInt32](repeating: b, count: destination.count) } }
        func reset(_ w: CompositorWorkload) { buffer.pixels = w.background.flatMap { fills[$0] } ?? destination }
        func op(_ r: Row) {
            if r.work.blursEveryTime { r.renderer.shadowCache = ShadowCache() }
            r.renderer.render(r.work.nextTree?() ?? r.work.tree, into: &buffer, background: r.work.clears ? 0 : nil)
        }
        func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
        // Calibrate.
        for i in rows.indices {
            reset(rows[i].work)
            op(rows[i])
            let t0 = now(); op(rows[i]); let dt = max(now() - t0, 1e-6)
            rows[i].reps = max(1, Int(target / dt))
        }
        for _ in 0..<rounds {
            for i in rows.indices {
                reset(rows[i].work)
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
                reset(w)
                FrameRenderer().render(w.tree, into: &buffer, background: w.clears ? 0 : nil)
                try BenchImages.writePNG(buffer, to: URL(fileURLWithPath: dir).appendingPathComponent(w.name + ".png"))
            }
            print(TerminalText.escaped("# wrote one PNG per workload to \(dir)"))
        }
    }
}
