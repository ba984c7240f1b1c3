import Foundation
import CoreGraphics
import LaminaRecording
@_spi(LaminaInternal) import QuartzCore
import SDLHost
import Demos

/// Opens the gallery (or one demo) in a window; without a display, says so in one line and renders
/// the headless tour instead. In the window, F1 shows the overlay and F5 starts and stops recording
/// the window to lamina-recording-<n>.mp4 (`RecordingToggle`).
enum AppRunner {
    /// Fonts, the Assets folder and the image decoder for the demos.
    static func installResources() {
        DefaultFontProvider.installAsDefault()
        DemoResources.assetsDirectory = DefaultFontProvider.assetsDirectory
        DemoResources.imageLoader = { try? PNGCodec.read(contentsOf: $0) }
    }

    static func run(demo: String?, frames: Int?, size: CGSize) throws {
        installResources()
        let host: WindowHost
        do {
            host = try WindowHost(title: "Lamina", size: size)
        } catch WindowHost.HostError.noDisplay(let reason) {
            print("lamina: no display (\(reason)); rendering the demo tour to image files instead.")
            try HeadlessTour.run(size: size, only: demo)
            return
        }
        StandardError.print("lamina: window on SDL's \(host.videoDriver) driver")
        let shell = DemoShell(size: size, open: demo)
        host.title = shell.title
        shell.onTitleChange = { host.setTitle($0) }   // on the app thread
        shell.onQuit = { host.stop() }
        host.layer = shell.root
        let recording = RecordingToggle(host: host)
        host.overlayHelp = RecordingToggle.help
        host.onEvent = { e in
            switch e {
            case .quit: host.stop()
            case .resize(let s): shell.resize(s)
            case .mouseDown(let p, _): shell.handle(.mouseDown(p))
            case .mouseUp(let p, _): shell.handle(.mouseUp(p))
            case .mouseMoved(let p, let dragging): shell.handle(.mouseMoved(p, dragging: dragging))
            case .swipe(let s): shell.handle(.swipe(s == .left ? .left : .right))
            case .key(let k): if k == RecordingToggle.key { recording.toggle() } else { shell.handle(.key(k)) }
            case .wheel: break
            }
        }
        host.onTick = { t in shell.tick(t); recording.tick(t) }
        // The restart key (F10) re-creates the open demo.
        host.onRestart = { if let demo = shell.current { shell.open(type(of: demo)) } }
        host.run(frames: frames)
        recording.stop()
    }
}

/// The demos rendered to PNG files on virtual time: each opened, clicked at its centre, and drawn at
/// a few moments after.
enum HeadlessTour {
    static let moments: [CFTimeInterval] = [0, 0.6, 2.5]

    static func run(size: CGSize, only: String?, directory: String = "lamina-tour") throws {
        AppRunner.installResources()
        try SafeFile.makeFolder(at: directory)
        CAMediaClock.manualTime = 0
        defer { CAMediaClock.manualTime = nil }
        var written: [String] = []
        let types = only.flatMap { DemoCatalog.named($0) }.map { [$0] } ?? DemoCatalog.all
        for type in types {
            CAMediaClock.manualTime = 0
            let shell = DemoShell(size: size, open: type.name)
            let r = CARenderer(size: size)
            r.layer = shell.root
            // Each demo on its own virtual clock: clicked at its centre in the first app turn,
            // ticked at every turn, drawn at each moment.
            let scheduler = FrameScheduler(clock: .virtual, start: 0, renderer: r)
            var clicked = false
            scheduler.onAppTurn = { t in
                if !clicked {
                    clicked = true
                    let centre = CGPoint(x: shell.contentSize.width / 2, y: shell.contentSize.height / 2)
                    shell.handle(.mouseDown(centre))
                    shell.handle(.mouseUp(centre))
                }
                shell.tick(t)
            }
            for t in moments {
                scheduler.onPresent = { r, _ in
                    let path = "\(directory)/\(type.name)-\(String(format: "%.1f", t))s.png"
                    try PNGCodec.write(r.makeImage(), to: URL(fileURLWithPath: path))
                    written.append(path)
                }
                try scheduler.frame(at: t)
            }
        }
        print(TerminalText.escaped("lamina: wrote \(written.count) frames of \(types.count) demos to \(directory)/ (\(written.first ?? "")...)"))
    }
}
