import XCTest
import LaminaTestSupport
@_spi(LaminaInternal) import QuartzCore
import Scenes
import LaminaRecording
#if canImport(Glibc)
import Glibc
#endif

/// The `lamina` command writes files safely and prints input safely (issue 26): links planted at
/// every temporary name and at the output are never followed (their targets unchanged); a folder
/// of frames is made fresh; escape bytes in a key, a layer's name and an image path reach no
/// message raw; YAML syntax errors are located; a write failure is one line naming the file.
final class SafeOutputTests: XCTestCase {
    var dir: URL!
    let scene = RecordingHarness.scenes.appendingPathComponent("bounce.yaml").path
    let small = ["--size", "64x56"]

    override func setUpWithError() throws {
        try XCTSkipUnless(LaminaCommand.isBuilt, "lamina is not built beside the tests")
        dir = try RecordingHarness.folder("safe-output-\(name.hashValue & 0xFFFF)")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    func contents(_ name: String) -> String? { (try? Data(contentsOf: URL(fileURLWithPath: path(name)))).map { String(decoding: $0, as: UTF8.self) } }

    func isLink(_ name: String) -> Bool {
        var st = stat()
        return lstat(path(name), &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// A victim file and links to it at each of `names`.
    func plant(_ names: [String]) throws {
        try Data("victim".utf8).write(to: URL(fileURLWithPath: path("victim")))
        for n in names { XCTAssertEqual(symlink(path("victim"), path(n)), 0, n) }
    }

    /// Whether `text` holds a raw control character a terminal would act on (line feeds apart).
    func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && TerminalText.isControl($0) }
    }

    /// `render` to .png and .jpg with links at the output and at the temporary names lamina used
    /// to use (`x.png.partial`): the targets are unchanged, the outputs are images, not links.
    func testRenderNeverWritesThroughALink() throws {
        try plant(["y.png.partial", "y.png", "w.jpg", "w.jpg.partial", "w.partial.jpg"])
        for out in ["y.png", "w.jpg"] {
            let r = try LaminaCommand.run(["render", scene, "-o", path(out)] + small)
            XCTAssertEqual(r.status, 0, r.err)
            XCTAssertFalse(isLink(out), out)
            XCTAssertNotNil(try? PNGCodec.read(contentsOf: URL(fileURLWithPath: path(out))), out)
        }
        XCTAssertEqual(contents("victim"), "victim")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)),
                       ["victim", "y.png.partial", "y.png", "w.jpg", "w.jpg.partial", "w.partial.jpg"], "no temporary is left")
    }

    /// `record` to .mp4 with links at the old partial name (`x.partial.mp4`) and at the output:
    /// the target is unchanged and the output is a video file, not the link.
    func testRecordNeverWritesThroughALink() throws {
        try XCTSkipIf(FFmpegPipe.find() == nil, "ffmpeg is not installed")
        try plant(["x.partial.mp4", "x.mp4"])
        let r = try RecordingHarness.lamina(["record", scene, "-o", path("x.mp4"), "--duration", "0.2", "--fps", "10"] + small)
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(r.out.contains("2 frames verified"), r.out)
        XCTAssertEqual(contents("victim"), "victim")
        XCTAssertFalse(isLink("x.mp4"))
        XCTAssertTrue(isLink("x.partial.mp4"), "the planted link is left alone")
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)), ["victim", "x.partial.mp4", "x.mp4"])
    }

    /// A folder of frames whose name is a link (to a folder, or to a file) is refused before
    /// anything is written; a fresh name gets a fresh folder with every frame.
    func testAFolderOfFramesIsMadeFresh() throws {
        try FileManager.default.createDirectory(atPath: path("elsewhere"), withIntermediateDirectories: false)
        try plant(["tofile"])
        XCTAssertEqual(symlink(path("elsewhere"), path("todir")), 0)
        for name in ["todir", "tofile"] {
            let r = try RecordingHarness.lamina(["record", scene, "-o", path(name), "--duration", "0.2", "--fps", "10"] + small)
            XCTAssertNotEqual(r.status, 0, r.out)
            XCTAssertTrue(r.err.contains("is a symbolic link"), r.err)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("elsewhere")), [])
        XCTAssertEqual(contents("victim"), "victim")
        let ok = try RecordingHarness.lamina(["record", scene, "-o", path("frames"), "--duration", "0.2", "--fps", "10"] + small)
        XCTAssertEqual(ok.status, 0, ok.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("frames")).sorted(), ["frame00000.png", "frame00001.png"])
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: dir.path).contains { $0.contains("partial") }, "no temporary folder is left")
    }

    /// Escape bytes (OSC title, BEL, CSI colour, C1, a bidirectional override) in a key, a layer's
    /// name (an animation naming a layer that does not exist) and an image path: the message
    /// quotes each, escaped, with no raw control character.
    func testEscapeBytesInAKeyANameAndAPathAreNeverPrintedRaw() throws {
        let cases: [(String, String, String)] = [
            ("key", #"window: {size: [100, 100]}\#n"\e]0;PWNED\a": 1\#nlayers: []\#n"#, #"unknown key "\u{1B}]0;PWNED\u{7}""#),
            ("name", #"layers:\#n  - {name: a, frame: [0, 0, 10, 10]}\#nanimations:\#n  - {layer: "b\e[31m\u202E", keyPath: opacity, from: 0, to: 1, duration: 1}\#n"#, #"b\u{1B}[31m\u{202E}"#),
            ("path", #"layers:\#n  - {name: a, class: CALayer, frame: [0, 0, 10, 10], contents: "i\e]0;x\ag\x9b.png"}\#n"#, #""i\u{1B}]0;x\u{7}g\u{9B}.png""#),
        ]
        for (what, text, quoted) in cases {
            try text.write(toFile: path(what + ".yaml"), atomically: false, encoding: .utf8)
            let r = try LaminaCommand.run(["render", path(what + ".yaml"), "-o", path(what + ".png")])
            XCTAssertNotEqual(r.status, 0, what)
            XCTAssertFalse(hasRawControls(r.err + r.out), "\(what): \(r.err.debugDescription)")
            XCTAssertTrue(r.err.contains(quoted), "\(what): \(r.err)")
            // The error itself (as a window's banner or a library user shows it) is escaped too.
            XCTAssertThrowsError(try Scene.parse(text, file: "s\u{1B}[2J.yaml", directory: dir)) { error in
                XCTAssertFalse(self.hasRawControls("\(error)"), "\(what): \("\(error)".debugDescription)")
                XCTAssertTrue("\(error)".hasPrefix(#"s\u{1B}[2J.yaml:"#), "\(what): \(error)")
            }
        }
    }

    /// A layer's name holding C1 and bidirectional controls: `lamina eval` prints valid JSON with
    /// them as \u escapes, and the name reads back whole.
    func testEvalJSONEscapesControlsAndStaysValid() throws {
        let name = "n\u{1B}]0;t\u{7}\u{85}\u{202E}\u{7F}"
        let text = "layers:\n  - {name: \"n\\e]0;t\\a\\N\\u202E\\x7F\", frame: [0, 0, 10, 10]}\n"
        try text.write(toFile: path("e.yaml"), atomically: false, encoding: .utf8)
        let r = try LaminaCommand.run(["eval", path("e.yaml"), "--at", "0"])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertFalse(hasRawControls(r.out), r.out.debugDescription)
        XCTAssertTrue(r.out.contains(#""n\u001b]0;t\u0007\u0085\u202e\u007f""#), r.out)
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let layers = json?["layers"] as? [[String: Any]]
        XCTAssertEqual(layers?.first?["name"] as? String, name)
    }

    /// YAML syntax errors carry their line and column in the located prefix: a control character
    /// the YAML reader refuses (line 2, column 6, counted by hand), and a scanner error.
    func testYAMLSyntaxErrorsAreLocated() throws {
        XCTAssertThrowsError(try Scene.parse("a: 1\nb: \"x\u{1}\"\n", file: "s.yaml")) { error in
            let e = error as? SceneError
            XCTAssertEqual(e.map { [$0.line, $0.column] }, [2, 6], "\(error)")
            XCTAssertEqual("\(error)", #"s.yaml:2:6: not valid YAML: control characters are not allowed (U+0001)"#)
        }
        XCTAssertThrowsError(try Scene.parse("é: 1\nbé: [1, 2\n", file: "t.yaml")) { error in
            let e = error as? SceneError
            XCTAssertEqual(e?.line, 3, "\(error)")
            XCTAssertFalse("\(error)".hasPrefix("t.yaml:0:0"), "\(error)")
        }
        try "window: {size: [10, 10]}\n\u{7F}: 1\n".write(toFile: path("bad.yaml"), atomically: false, encoding: .utf8)
        let r = try LaminaCommand.run(["render", path("bad.yaml"), "-o", path("bad.png")])
        XCTAssertEqual(r.err, path("bad.yaml") + ":2:1: not valid YAML: control characters are not allowed (U+007F)\n")
    }

    /// A file that cannot be written is one line naming it and the cause: a plot into a folder
    /// that does not exist, and a JPEG on a full disk (a 64 KiB tmpfs, where mounting is allowed).
    func testWriteFailuresAreOneLine() throws {
        let plot = path("no/such/plot.png")
        let r = try LaminaCommand.run(["eval", scene, "--from", "0", "--to", "0.2", "--step", "0.1", "--plot", plot])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertEqual(r.err, "lamina: cannot write \(plot): No such file or directory (the folder \(path("no/such")) does not exist)\n")
        let (mount, why) = try RecordingHarness.mountTmpfs(kilobytes: 64, name: "full-jpeg")
        guard let full = mount else { throw XCTSkip("cannot mount a tmpfs here (needs root): \(why)") }
        defer { RecordingHarness.unmount(full) }
        try RecordingHarness.fill(full, leaving: 0)
        let out = full.appendingPathComponent("w.jpg").path
        let j = try LaminaCommand.run(["render", scene, "-o", out])
        XCTAssertNotEqual(j.status, 0)
        XCTAssertEqual(j.err, "lamina: cannot write \(out): No space left on device\n")
        XCTAssertEqual(RecordingHarness.names(full), ["filler"], "no temporary is left")
    }
}
