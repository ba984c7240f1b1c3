import ArgumentParser
import Foundation
@_spi(LaminaInternal) import QuartzCore
import Lottie

/// `lamina bench lottie FILE...`: the time per frame of Lottie animations, headless on one thread:
/// each file's layer tree built once, then every frame of it (ip up to op: frames ip, ip+1, ...
/// ip+⌈op−ip⌉−1, on virtual time) evaluated and rasterised (`CARenderer.beginFrame` + `render`) at
/// `side` pixels on the composition's longer side, `rounds` times over after one untimed round; the
/// median per file, two ways: redrawing what changed (as the window does) and redrawing the whole
/// frame (as rlottie and ThorVG do), and the geometric means of the medians.
///
/// "changed" is not always below "full": it also pays for finding what changed (the damage
/// column), and where a file moves something across most of the frame every frame, the redrawn
/// region is most of the frame anyway (the redrawn column: the median share of the frame's pixels).
/// scripts/lottie_reference.py bench runs rlottie and ThorVG on the same files and frames (and
/// this command, given `--lamina`), with geometric means over the files every player plays.
struct BenchLottie: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lottie",
        abstract: "Time per frame (evaluate + rasterise, one thread) of Lottie files at 512 px on the longer side."
    )

    @Argument(help: "Lottie JSON or .lottie (dotLottie) files.") var files: [String]
    @Option(help: "Pixels on the composition's longer side.") var side = 512
    @Option(help: "Times every frame of a file is drawn.") var rounds = 3

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give one or more Lottie JSON or .lottie files") }
        guard (16...8192).contains(side) else { throw ValidationError("--side must be 16...8192") }
        guard (1...100).contains(rounds) else { throw ValidationError("--rounds must be 1...100") }
    }

    /// One file's figures: medians in ms.
    struct Row {
        let name: String
        let pixels: (Int, Int)
        let frames: Int
        let changed: Double, full: Double, evaluate: Double, raster: Double
        /// Median ms finding what changed, and median share (0...1) of the frame redrawn, in the changed pass.
        let damage: Double, redrawn: Double
    }

    func run() throws {
        print(MachineDescription.current())
        print(MachineLoad.line())
        print("# per frame at \(side) px on the longer side, 1 thread, every frame ip..<op x \(rounds); medians in ms")
        print("# changed: evaluate + rasterise what changed (the window's way); full: the whole frame redrawn (rlottie's and ThorVG's way)")
        print("# evaluate, raster: of full; damage: finding what changed (in changed, not in full); redrawn: % of the frame changed redraws")
        print("file                           size       frames  changed_ms  full_ms  evaluate_ms  raster_ms  damage_ms  redrawn_%")
        var rows: [Row] = []
        for file in files {
            let animation: LottieAnimation
            do { animation = try LottieAnimation(contentsOf: URL(fileURLWithPath: file)) } catch {
                StandardError.print("\(error)")
                throw ExitCode(65)
            }
            let row = measure(animation, name: URL(fileURLWithPath: file).lastPathComponent)
            rows.append(row)
            let name = row.name.count >= 30 ? String(row.name.prefix(30)) : row.name + String(repeating: " ", count: 30 - row.name.count)
            print(TerminalText.escaped(name) + String(format: " %4dx%-5d %7d %11.3f %8.3f %12.3f %10.3f %10.3f %10.1f", row.pixels.0, row.pixels.1,
                                                      row.frames, row.changed, row.full, row.evaluate, row.raster, row.damage, row.redrawn * 100))
        }
        func geomean(_ v: [Double]) -> Double { exp(v.map { log(max($0, 1e-6)) }.reduce(0, +) / Double(v.count)) }
        print(String(format: "geomean over %d files: changed %.3f ms, full %.3f ms", rows.count, geomean(rows.map(\.changed)), geomean(rows.map(\.full))))
    }

    /// Builds the layer tree once and times every frame, redrawing what changed, then the whole frame.
    func measure(_ animation: LottieAnimation, name: String) -> Row {
        CAMediaClock.manualTime = 0
        let size = animation.size
        let scale = CGFloat(side) / max(size.width, size.height, 1)
        let layer = LottieAnimationLayer(animation: animation)
        layer.loopMode = .loop
        layer.play()
        CATransaction.flush()
        let r = CARenderer(size: size, scale: scale)
        r.threads = 1
        r.layer = layer
        let frames = max(1, Int((Double(animation.endFrame - animation.startFrame)).rounded(.up)))
        var changed: [Double] = [], full: [Double] = [], evaluate: [Double] = [], raster: [Double] = []
        var damage: [Double] = [], redrawn: [Double] = []
        let area = Double(max(1, r.pixelSize.width * r.pixelSize.height))
        // Frame k of the run shows frame ip + k mod frames: time only goes forward, and every round
        // draws each frame ip..<ip+frames once. The first round of each pass is not timed (caches
        // fill, and the changed pass's first frame has no previous frame).
        var k = 0
        for pass in 0..<2 {
            for round in 0...rounds {
                for _ in 0..<frames {
                    let t = Double(k) / animation.framerate
                    k += 1
                    CAMediaClock.manualTime = t
                    if pass == 1 { r.addUpdate(CGRect(origin: .zero, size: size)) }
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    r.beginFrame(atTime: t)
                    r.render()
                    r.endFrame()
                    let dt = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
                    guard round > 0 else { continue }
                    let p = r.lastPhaseDurations
                    if pass == 0 {
                        changed.append(dt)
                        damage.append((p[.damage] ?? 0) * 1000)
                        let d = r.damageRect
                        redrawn.append(Double(d.width * d.height) / area)
                    } else {
                        full.append(dt)
                        evaluate.append(((p[.evaluate] ?? 0) + (p[.buildRenderTree] ?? 0) + (p[.damage] ?? 0)) * 1000)
                        raster.append((p[.raster] ?? 0) * 1000)
                    }
                }
            }
        }
        CAMediaClock.manualTime = nil
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        return Row(name: name, pixels: r.pixelSize, frames: frames, changed: median(changed), full: median(full),
                   evaluate: median(evaluate), raster: median(raster), damage: median(damage), redrawn: median(redrawn))
    }
}
