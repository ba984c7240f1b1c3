import XCTest
import LaminaTestSupport

/// Lamina's Lottie frames against an independent player: scripts/lottie_reference.py renders each
/// case with `lamina render --frame N` and with ThorVG (PyPI thorvg-python, test time only) and
/// compares the pixels either draws (mean absolute difference at most 4 of 255, at most 3 % of
/// them differing by more than 48 in a channel); for every case it also checks that a blank frame
/// and Lamina's frame with the lower half of its drawing cleared FAIL that tolerance. Skipped, with
/// the reason, when python3 or the wheel is absent.
///
/// Frames at `op` itself are left out: lottie-ios shows the last frame there (as Lamina does),
/// where ThorVG and lottie-web have already hidden layers whose out point is `op`. Frame 0 of
/// parenting.json is empty in both players and cannot discriminate, so frame 5 is used.
/// luma_matte.json checks luma and inverted luma mattes (ThorVG reads them by Rec. 709 luma of
/// premultiplied colour too). Merge paths are not compared: ThorVG (and rlottie) draw every merge
/// mode as mode 1, the shapes listed as one path.
final class LottieReferenceTests: XCTestCase {
    static let repo = RecordingHarness.scenes.deletingLastPathComponent()

    func testFramesMatchThorVG() throws {
        let fixtures = Self.repo.appendingPathComponent("Tests/LottieTests/Fixtures").path
        let cases = ["\(RecordingHarness.scenes.path)/lottie/pulse.json@0,15,45"]
            + ["transform_animated.json@0,5", "stroke.json@0", "rect_eased.json@0,5", "shapes_animated.json@0,5",
               "parenting.json@5", "fill_rule.json@0", "spatial.json@0,5", "opacity.json@0,5", "join.json@0", "hold.json@0,5",
               "luma_matte.json@0",
               // Glyph text (chars): ThorVG draws it; font text it does not draw without the font's file.
               "text_glyphs.json@0,5"]
                .map { fixtures + "/" + $0 }
        let (text, status) = try runLottieReferenceCompare(cases)
        XCTAssertEqual(status, 0, text)
        // Every case was compared (none skipped for a player failure), each with its own line.
        XCTAssertEqual(text.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count, 22, text)
    }
}
