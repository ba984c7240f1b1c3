import XCTest
import Foundation
import QuartzCore


/// PNG reading and writing through libpng: premultiplication round trips, row order, and errors.
final class PNGCodecTests: XCTestCase {
    private var tempDir: URL!

    override func setUpWithError() throws {
        tempDir = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-png-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: tempDir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: tempDir)
    }

    /// A 7×5 premultiplied image: alpha steps through 0, 255 and partial values; colour channels
    /// vary by position (so a flipped or transposed image is caught) and never exceed alpha.
    private func sampleImage() -> CGImage {
        let alphas: [UInt32] = [0, 255, 1, 2, 17, 64, 127, 128, 200, 254, 255, 3]
        var px = [UInt32]()
        for y in 0..<5 {
            for x in 0..<7 {
                let a = alphas[(y * 7 + x) % alphas.count]
                let r = a * UInt32(x + 1) / 7
                let g = a * UInt32(y + 1) / 5
                let b = a * UInt32((x * 3 + y * 5) % 11) / 10
                px.append(a << 24 | r << 16 | g << 8 | b)
            }
        }
        return CGImage(width: 7, height: 5, premultipliedARGB: px)
    }

    private func channels(_ p: UInt32) -> [Int] {
        [Int(p >> 24), Int((p >> 16) & 255), Int((p >> 8) & 255), Int(p & 255)]
    }

    func testRoundTripKeepsPremultipliedPixels() throws {
        let image = sampleImage()
        let url = tempDir.appendingPathComponent("round trip.png")
        try PNGCodec.write(image, to: url)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
        let back = try PNGCodec.read(contentsOf: url)
        XCTAssertEqual(back.width, 7)
        XCTAssertEqual(back.height, 5)
        for y in 0..<5 {
            for x in 0..<7 {
                let want = image.pixel(x: x, y: y), got = back.pixel(x: x, y: y)
                let a = want >> 24
                if a == 0 || a == 255 {
                    XCTAssertEqual(got, want, "pixel (\(x), \(y)) alpha \(a) must survive exactly")
                } else {
                    let w = channels(want), g = channels(got)
                    XCTAssertEqual(g[0], w[0], "alpha at (\(x), \(y))")
                    for c in 1..<4 {
                        XCTAssertLessThanOrEqual(abs(g[c] - w[c]), 1,
                                                 "channel \(c) at (\(x), \(y)): \(String(got, radix: 16)) vs \(String(want, radix: 16))")
                    }
                }
            }
        }
    }

    func testReadFromDataMatchesReadFromFile() throws {
        let url = tempDir.appendingPathComponent("data.png")
        try PNGCodec.write(sampleImage(), to: url)
        let fromFile = try PNGCodec.read(contentsOf: url)
        let fromData = try PNGCodec.read(data: try Data(contentsOf: url))
        XCTAssertEqual(fromFile, fromData)
    }

    func testOpaqueRGBPNGReadsAsOpaqueTopRowFirst() throws {
        // A 2×2 truecolour PNG without alpha: red, green / blue, (16, 32, 48).
        let b64 = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAE0lEQVR4nGP4z8DAAMIM/wUUDAAalANe3JLb6QAAAABJRU5ErkJggg=="
        let image = try PNGCodec.read(data: try XCTUnwrap(Data(base64Encoded: b64)))
        XCTAssertEqual(image.width, 2)
        XCTAssertEqual(image.height, 2)
        XCTAssertEqual(image.premultipliedARGB, [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFF10_2030])
    }

    func testReadingMissingFileThrowsNamingTheFile() {
        let url = tempDir.appendingPathComponent("does-not-exist.png")
        XCTAssertThrowsError(try PNGCodec.read(contentsOf: url)) { error in
            XCTAssertTrue(error is PNGCodecError, "\(type(of: error))")
            XCTAssertTrue(String(describing: error).contains("does-not-exist.png"), "\(error)")
        }
    }

    func testReadingGarbageThrows() throws {
        let garbage = Data((0..<257).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        XCTAssertThrowsError(try PNGCodec.read(data: garbage))
        XCTAssertThrowsError(try PNGCodec.read(data: Data()))
        let url = tempDir.appendingPathComponent("garbage.png")
        try garbage.write(to: url)
        XCTAssertThrowsError(try PNGCodec.read(contentsOf: url)) { error in
            XCTAssertTrue(String(describing: error).contains("garbage.png"), "\(error)")
        }
        // A PNG cut short after its header is corrupt too.
        let url2 = tempDir.appendingPathComponent("good.png")
        try PNGCodec.write(sampleImage(), to: url2)
        let truncated = try Data(contentsOf: url2).prefix(40)
        XCTAssertThrowsError(try PNGCodec.read(data: truncated))
    }

    func testWritingEmptyImageIsRefused() {
        let url = tempDir.appendingPathComponent("empty.png")
        XCTAssertThrowsError(try PNGCodec.write(CGImage(width: 0, height: 0, premultipliedARGB: []), to: url)) { error in
            XCTAssertTrue(String(describing: error).contains("empty.png"), "\(error)")
        }
        XCTAssertThrowsError(try PNGCodec.write(CGImage(width: 3, height: 0, premultipliedARGB: []), to: url))
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }

    func testWritingIntoMissingFolderThrows() {
        let url = tempDir.appendingPathComponent("no/such/folder/out.png")
        XCTAssertThrowsError(try PNGCodec.write(sampleImage(), to: url)) { error in
            XCTAssertTrue(String(describing: error).contains("out.png"), "\(error)")
        }
    }
}
