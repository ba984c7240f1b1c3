import XCTest
import LaminaTestSupport

/// Runs `scripts/lottie_reference.py compare` on `cases` ("FILE@F,F…") with the built `lamina` and
/// ThorVG, and returns what it printed and its exit status; throws `XCTSkip` (with the script's
/// reason) when the binary, python3 or the wheel is absent.
func runLottieReferenceCompare(_ cases: [String]) throws -> (text: String, status: Int32) {
    try XCTSkipUnless(LaminaCommand.isBuilt, "the lamina binary is not built")
    let repo = RecordingHarness.scenes.deletingLastPathComponent()
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["python3", repo.appendingPathComponent("scripts/lottie_reference.py").path, "compare",
                   "--lamina", LaminaCommand.binary.path, "--player", "thorvg"] + cases
    let out = Pipe()
    p.standardOutput = out
    p.standardError = out
    do { try p.run() } catch { throw XCTSkip("python3 cannot be run: \(error)") }
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    if p.terminationStatus == 77 || p.terminationStatus == 127 { throw XCTSkip(text.trimmingCharacters(in: .whitespacesAndNewlines)) }
    return (text, p.terminationStatus)
}
