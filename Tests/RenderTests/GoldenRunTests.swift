import XCTest
@_spi(LaminaInternal) import QuartzCore
import SDLHost

/// Recording and filtering goldens can never pass silently: checked on small cases in a temporary
/// folder (the real goldens are never written by the tests).
final class GoldenRunTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-goldenrun-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    /// A 12x8 case filled with one colour.
    func solid(_ name: String, _ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> GoldenCase {
        GoldenCase(name: name, size: CGSize(width: 12, height: 8)) { Art.root(CGSize(width: 12, height: 8), background: Art.color(r, g, b)) }
    }

    func file(_ name: String) -> URL { dir.appendingPathComponent(name) }

    /// A PNG tEXt chunk: length, type, keyword, NUL, text, and the CRC-32 of type and data
    /// (ISO 3309 polynomial, reflected 0xEDB88320, as the PNG specification gives it).
    static func textChunk(_ keyword: String, _ text: String) -> Data {
        let body = Array("tEXt".utf8) + Array(keyword.utf8) + [0] + Array(text.utf8)
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        return Data(be(UInt32(body.count - 4)) + body + be(crc))
    }

    func testRecordingAlwaysFailsAndSaysWhatItRewrote() throws {
        let cases = [solid("one", 1, 0, 0), solid("two", 0, 0, 1)]
        let first = try XCTUnwrap(try GoldenRun(directory: dir, record: true).check(cases), "a recording run fails")
        XCTAssertTrue(first.contains("rewrote 2 of 2 golden(s)"), first)
        XCTAssertTrue(first.contains("2 new: one, two"), first)
        XCTAssertTrue(first.contains("0 identical"), first)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file("one.png").path))
        XCTAssertNil(try GoldenRun(directory: dir).check(cases), "what was recorded compares equal")

        let stamp = try FileManager.default.attributesOfItem(atPath: file("two.png").path)[.modificationDate] as? Date
        let bytesBefore = try Data(contentsOf: file("two.png"))
        let changed = [solid("one", 0, 1, 0), solid("two", 0, 0, 1)]
        let second = try XCTUnwrap(try GoldenRun(directory: dir, record: true).check(changed), "recording again fails too")
        XCTAssertTrue(second.contains("rewrote 1 of 2 golden(s)"), second)
        XCTAssertTrue(second.contains("1 changed pixels: one"), second)
        XCTAssertTrue(second.contains("1 identical (not written)"), second)
        XCTAssertFalse(second.contains("new:"), second)
        XCTAssertEqual(try Data(contentsOf: file("two.png")), bytesBefore)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file("two.png").path)[.modificationDate] as? Date, stamp,
                       "an identical golden is not written")
        XCTAssertEqual(try PNGCodec.read(contentsOf: file("one.png")).pixel(x: 5, y: 4), 0xFF00_FF00, "the changed one is")

        let third = try XCTUnwrap(try GoldenRun(directory: dir, record: true).check(changed))
        XCTAssertTrue(third.contains("rewrote 0 of 2 golden(s)"), third)
        XCTAssertTrue(third.contains("2 identical"), third)

        // Other bytes, same pixels: a text chunk after the header (IHDR ends at byte 33) is not part of the image.
        try (bytesBefore.prefix(33) + Self.textChunk("Comment", "re-encoded") + bytesBefore.dropFirst(33)).write(to: file("two.png"))
        let fourth = try XCTUnwrap(try GoldenRun(directory: dir, record: true).check(changed))
        XCTAssertTrue(fourth.contains("rewrote 1 of 2 golden(s)"), fourth)
        XCTAssertTrue(fourth.contains("1 same pixels, other PNG bytes: two"), fourth)
        XCTAssertFalse(fourth.contains("changed pixels"), fourth)
        XCTAssertEqual(try Data(contentsOf: file("two.png")), bytesBefore, "rewritten")
    }

    func testAComparisonFailureNamesTheCaseAndWritesTheActualImage() throws {
        _ = try GoldenRun(directory: dir, record: true).check([solid("one", 1, 0, 0)])
        let failure = try XCTUnwrap(try GoldenRun(directory: dir).check([solid("one", 1, 0, 0.1)]))
        // 0.1 of 255 is 25.5, beyond the default tolerance of 2 in every one of the 96 pixels.
        XCTAssertTrue(failure.contains("1 golden(s) differ"), failure)
        XCTAssertTrue(failure.contains("one: 96 pixels beyond tolerance 2"), failure)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file("one.out.png").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: file("one.diff.png").path))
        let missing = try XCTUnwrap(try GoldenRun(directory: dir).check([solid("absent", 1, 0, 0)]))
        XCTAssertTrue(missing.contains("absent: no golden at"), missing)
    }

    func testAFilterThatMatchesNothingFailsNamingIt() throws {
        let cases = [solid("alpha_one", 1, 0, 0), solid("beta", 0, 0, 1)]
        let none = try XCTUnwrap(try GoldenRun(directory: dir, only: "gamma").check(cases))
        XCTAssertTrue(none.hasPrefix("LAMINA_GOLDEN_ONLY=\"gamma\" matches no golden case"), none)
        let recordNone = try XCTUnwrap(try GoldenRun(directory: dir, record: true, only: "gamma").check(cases))
        XCTAssertTrue(recordNone.contains("\"gamma\" matches no golden case"), recordNone)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "nothing written")
        // A filter that matches records just its cases.
        let some = try XCTUnwrap(try GoldenRun(directory: dir, record: true, only: "alpha").check(cases))
        XCTAssertTrue(some.contains("rewrote 1 of 1 golden(s)"), some)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["alpha_one.png"])
        XCTAssertEqual(GoldenRun.fromEnvironment(directory: dir, ["LAMINA_GOLDEN_ONLY": "beta", "LAMINA_RECORD_GOLDENS": "1"]).selected(cases).map(\.name), ["beta"])
        XCTAssertTrue(GoldenRun.fromEnvironment(directory: dir, ["LAMINA_RECORD_GOLDENS": "1"]).record)
        XCTAssertFalse(GoldenRun.fromEnvironment(directory: dir, ["LAMINA_RECORD_GOLDENS": "0"]).record)
    }
}
