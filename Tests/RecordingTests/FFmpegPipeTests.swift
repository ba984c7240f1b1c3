import XCTest
@testable import LaminaRecording
import CoreGraphics

/// The pieces of `FFmpegPipe` that need no ffmpeg: how names reach ffmpeg, where the partial file
/// goes, how a child's ending is read, and how ffmpeg's words are made safe to show.
final class FFmpegPipeTests: XCTestCase {
    func testOutputsAreNamedAsFileURLsWithAbsolutePaths() {
        let cwd = FileManager.default.currentDirectoryPath
        XCTAssertEqual(FFmpegPipe.fileURL("-x.mp4"), "file:\(cwd)/-x.mp4")
        XCTAssertEqual(FFmpegPipe.fileURL("/tmp/a/../b:c.gif"), "file:/tmp/b:c.gif")
        let args = FFmpegPipe.arguments(output: "-x.mp4", width: 4, height: 2, fps: 30, realtime: false)
        XCTAssertEqual(args.last, "file:\(cwd)/-x.mp4", "the output is the last argument, never an option")
        XCTAssertFalse(args.contains { $0.hasPrefix("-x") }, "\(args)")
        XCTAssertEqual(args[args.firstIndex(of: "-progress")! + 1], "pipe:3")
    }

    /// ffmpeg writes the temporary lamina made (descriptor 4, named `/proc/self/fd/4`, its format
    /// given with `-f` since that name has no extension), never a path of its own choosing.
    func testFFmpegWritesTheTemporaryByItsDescriptor() {
        let args = FFmpegPipe.arguments(output: "/tmp/out/x.mkv", width: 4, height: 2, fps: 30, realtime: false, descriptor: 4)
        XCTAssertEqual(Array(args.suffix(3)), ["-f", "matroska", "file:/proc/self/fd/4"])
        XCTAssertFalse(args.contains { $0.contains("/tmp/out") }, "\(args)")
        XCTAssertEqual(FFmpegPipe.muxer(for: "GIF"), "gif")
        XCTAssertEqual(FFmpegPipe.muxer(for: "mp4"), "mp4")
        XCTAssertEqual(FFmpegPipe.verifyArguments(file: "/proc/self/fd/4")[8], "file:/proc/self/fd/4")
    }

    /// waitpid's status word, as the kernel packs it: exit code << 8, or the signal in the low 7 bits.
    func testEndingsAreDecodedFromTheStatusWord() {
        XCTAssertEqual(ChildProcess.decode(0), .exited(0))
        XCTAssertEqual(ChildProcess.decode(3 << 8), .exited(3))
        XCTAssertEqual(ChildProcess.decode(9), .signalled(9))
        XCTAssertEqual(ChildProcess.decode(0x80 | 11), .signalled(11), "a core dump flag does not change the signal")
        XCTAssertEqual(ChildProcess.Ending.signalled(9).description, "killed by signal 9 (SIGKILL)")
        XCTAssertEqual(ChildProcess.Ending.exited(1).description, "exit 1")
    }

    /// A child started through the spawner runs its program with our arguments, its descriptors
    /// as mapped, and reports its ending; a program that does not exist is an error at once.
    func testAChildRunsWithItsDescriptorsAndEnds() throws {
        let out = try ChildProcess.pipe()
        let child = try ChildProcess.start("/bin/sh", arguments: ["-c", "echo \"$0\" >&3; exit 7", "-name"], descriptors: [3: out.write])
        close(out.write)
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = read(out.read, &bytes, 64)
        close(out.read)
        XCTAssertEqual(String(decoding: bytes[0..<max(0, n)], as: UTF8.self), "-name\n")
        let start = ChildProcess.now()
        XCTAssertEqual(child.wait(timeout: 120, lastActivity: { start }), .exited(7))
        XCTAssertThrowsError(try ChildProcess.start("/nonexistent/ffmpeg", arguments: [], descriptors: [:])) { error in
            XCTAssertTrue("\(error)".contains("No such file or directory"), "\(error)")
        }
    }

    func testTextFromAnotherProgramIsEscaped() {
        let raw = Data("ok\n\u{1B}]0;title\u{07}x\r\n\u{9B}31m\u{202E}evil\n".utf8) + Data([0xFF, 0x41, 0x0A])
        XCTAssertEqual(TerminalText.lines(raw), ["ok", "\\u{1B}]0;title\\u{7}x", "\\u{9B}31m\\u{202E}evil", "\u{FFFD}A"])
        XCTAssertEqual(TerminalText.summary(Data(), empty: "nothing"), "nothing")
        // Only the end is kept: the last lines, and at most the characters asked for.
        let many = Data((1...30).map { "line \($0)" }.joined(separator: "\n").utf8)
        XCTAssertEqual(TerminalText.lines(many, maxLines: 2), ["line 29", "line 30"])
        XCTAssertEqual(TerminalText.lines(Data(String(repeating: "a", count: 50).utf8), maxCharacters: 10), ["…aaaaaaaaaa"])
    }
}
