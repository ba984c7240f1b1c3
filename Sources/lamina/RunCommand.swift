import ArgumentParser
import Foundation
import LaminaRecording
@_spi(LaminaInternal) import QuartzCore
import SDLHost
import Scenes

/// `lamina run SCENE`: the scene in a window, reloaded whenever its file is saved. A save that does
/// not parse leaves the last good scene running and shows the error in the window's banner and on
/// stderr; the next good save clears it. A file that exists but does not load at the start opens
/// the window too, with the error in the banner, and waits for a good save. A save that changes
/// the window's size resizes the window.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Open a scene or a Lottie file (.json or .lottie) in a window and reload it on every save.")
    @Argument(help: "The scene file, or a bundled scene's name (lamina scenes).") var scene: String
    @Option(help: "Quit after this many frames (for scripts).") var frames: Int?
    @Option(help: "Display units per point: 2 draws the window at two pixels per point on X11 (a Retina-like 4K desktop).") var scale: Double = 1
    @Option(help: "Record what the window shows, with its true frame timestamps, to this video (.mp4, .webm, .mkv, .mov, .gif).") var record: String?
    @OptionGroup var images: ImageBudgetOption

    func validate() throws {
        guard scale >= 0.25 && scale <= 8 else { throw ValidationError("--scale must be between 0.25 and 8") }
    }

    func run() throws {
        AppRunner.installResources()
        try images.apply()
        Scene.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
        Scene.assetsDirectory = DefaultFontProvider.assetsDirectory
        let url = URL(fileURLWithPath: BundledScenes.resolve(scene))
        // A file that is missing (or not a file) is a typing mistake: say so and stop. A file that
        // does not load opens the window with its error, to be fixed by a save.
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) || isDirectory.boolValue {
            do { _ = try Scene.load(contentsOf: url) } catch {
                StandardError.print("\(error)")
                throw ExitCode(65)
            }
        }
        let session = SceneSession(opening: url)
        if let e = session.error { StandardError.print("\(e)") } else { LottieOptions.printDiagnostics(of: session.scene) }
        let host: WindowHost
        do { host = try WindowHost(title: "Lamina — \(url.lastPathComponent)", size: session.scene.size, scale: CGFloat(scale)) } catch {
            throw RunError(description: "lamina run needs a display (\(error)); lamina render and lamina eval work headless")
        }
        StandardError.print("lamina: window on SDL's \(host.videoDriver) driver")
        host.layer = session.scene.root
        if let e = session.error { host.showBanner(e) }
        // F5 starts and stops recording to lamina-recording-<n>.mp4; --record records the whole run.
        let recording = RecordingToggle(host: host)
        host.overlayHelp = RecordingToggle.help
        var recorder: LiveRecorder? = nil
        if let path = record {
            // The recorder's errors name the file and the cause already.
            do { recorder = try LiveRecorder(url: URL(fileURLWithPath: path), fps: host.refreshRate) } catch {
                throw RunError(description: "\(error)")
            }
            recorder?.attach(to: host)
        }
        host.onTick = { now in
            // The recording banner's timer must not hide a reload error.
            if session.error == nil { recording.tick(now) }
            switch session.poll(now: now) {
            case .unchanged: break
            case .reloaded:
                if session.scene.size != host.contentSize { host.setContentSize(session.scene.size) }
                host.layer = session.scene.root
                host.showBanner(nil)
                StandardError.print("lamina: reloaded \(url.lastPathComponent)")
            case .failed(let message):
                host.showBanner(message)
                StandardError.print("\(message)")
            }
        }
        // The restart key (F10) reloads the scene from its start.
        host.onRestart = {
            if case .failed(let message) = session.reload(fresh: true) { host.showBanner(message) } else { host.layer = session.scene.root }
        }
        // The scene's timers wake the app thread at their times (session.poll ticks them).
        host.nextAppTime = { _ in session.scene.nextTimerTime() }
        host.onEvent = { e in
            switch e {
            case .quit: host.stop()
            case .mouseDown(let p, _): session.scene.handle(.click(p))
            case .key(let k) where k == RecordingToggle.key:
                recording.toggle()
                if let e = session.error { host.showBanner(e) }
            case .key(let k): session.scene.handle(.key(k))
            case .swipe(let s): session.scene.handle(.swipe(s == .left ? "left" : "right"))
            default: break
            }
        }
        host.run(frames: frames)
        recording.stop()
        if let r = recorder {
            let summary = try r.finish()
            print(TerminalText.escaped("lamina: \(summary)"))
        }
    }
}

/// An error of `lamina run` printed as it is (no usage: the command line was right).
struct RunError: Error, CustomStringConvertible {
    /// The message.
    let description: String
}
