import Foundation
import QuartzCore
import SDLHost
import CoreGraphics

/// The gallery's recording key: each press of `key` starts or stops recording the window (a
/// `LiveRecorder` on the window's presented frames) to lamina-recording-<n>.mp4 in the current
/// folder, the first n not taken. A small mark at the top right stays for the whole recording; a
/// message (the window's toast) says where it records and, at the end, where the file was saved.
/// Errors show in the red banner: no ffmpeg when starting, and a recording that fails while it
/// runs (ffmpeg exiting, killed or stuck, a full disk) as soon as the next tick sees it, which also
/// ends that recording (nothing is saved for it; the next press starts a new one). None of them is
/// drawn into the recording. Runs on the app thread.
package final class RecordingToggle {
    /// The key that starts and stops recording.
    package static let key = "F5"
    /// The overlay's line for the key.
    package static let help = "\(key) starts or stops recording (.mp4)"
    private let host: WindowHost
    private let folder: URL
    private var recorder: LiveRecorder?
    private var bannerUntil: CFTimeInterval?

    /// A toggle recording `host` into `folder` (default: the current folder).
    package init(host: WindowHost, folder: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        self.host = host
        self.folder = folder
    }

    /// Whether a recording is running.
    package var isRecording: Bool { recorder != nil }

    /// The first lamina-recording-<n>.mp4 in `folder` at which nothing is, not even a symbolic link.
    package static func nextFile(in folder: URL) -> URL {
        var n = 1
        while SafeFile.exists(folder.appendingPathComponent("lamina-recording-\(n).mp4").path) { n += 1 }
        return folder.appendingPathComponent("lamina-recording-\(n).mp4")
    }

    /// Starts recording, or stops and saves the running recording.
    package func toggle() {
        if recorder != nil { stop(); return }
        let url = RecordingToggle.nextFile(in: folder)
        do {
            let r = try LiveRecorder(url: url, fps: host.refreshRate, replacing: false)
            r.attach(to: host)
            recorder = r
            host.showRecordingMark("● REC  \(RecordingToggle.key) stops")
            tell("Recording to \(url.path) (\(RecordingToggle.key) stops)", for: 3)
        } catch {
            warn("Cannot record: \(error)", for: 6)
        }
    }

    /// Stops and saves the running recording, if any (also when the window closes).
    package func stop() {
        guard let r = recorder else { return }
        recorder = nil
        host.showRecordingMark(nil)
        do {
            let summary = try r.finish()
            tell(String(format: "Saved %@ (%.1f s)", r.url.path, summary.duration), for: 4)
        } catch {
            warn("Recording failed: \(error)", for: 6)
        }
    }

    /// Shows a recording's failure as soon as it happens (and ends that recording), and hides the
    /// banner when its time is up (on the host's clock, so that it also hides while media time is
    /// paused); call on every tick.
    package func tick(_ now: CFTimeInterval) {
        if let r = recorder, r.error != nil { stop(); return }
        if let until = bannerUntil, host.hostNow() >= until { bannerUntil = nil; bannerText = nil; host.showBanner(nil) }
    }

    /// The banner's text now (an error; nil when hidden).
    private(set) var bannerText: String?
    /// The last message told (in the toast, not an error).
    private(set) var toldText: String?

    /// A message that is not an error: the window's toast (it prints it too).
    private func tell(_ text: String, for seconds: CFTimeInterval) {
        toldText = text
        host.showToast(text, seconds: seconds)
    }

    /// An error: the red banner, for `seconds`.
    private func warn(_ text: String, for seconds: CFTimeInterval) {
        print("lamina: \(TerminalText.escaped(text))")
        bannerText = text
        host.showBanner(text)
        bannerUntil = host.hostNow() + seconds
    }
}
