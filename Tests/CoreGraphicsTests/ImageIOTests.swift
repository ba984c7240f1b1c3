import XCTest
import LaminaTestSupport
import Foundation
import CoreGraphics
import ImageIO

/// Apple's image API on Lamina: CGImage(pngDataProviderSource:…), CGImage(jpegDataProviderSource:…),
/// CGDataProvider from data, CFData, URLs and paths, ImageIO's CGImageSource (PNG, JPEG, GIF frames)
/// and CGImageDestination (PNG), written as client code writes them. Fixtures (Fixtures/), made once
/// with ImageMagick 6:
///   solid.png  convert -size 3x2 'xc:rgb(10,200,30)' solid.png
///   solid.jpg  convert -size 8x8 'xc:rgb(200,30,90)' -quality 95 -sampling-factor 1x1 solid.jpg
///   anim.gif   convert -dispose none -delay 10 -size 4x2 xc:red \( -size 2x1 xc:lime -repage 4x2+1+0 -delay 0 \)
///                \( -size 1x1 xc:blue -repage 4x2+3+1 -delay 25 \) -loop 0 anim.gif
///              (identify says: frame 0 4x2 red, delay 10; frame 1 2x1 lime at +1+0, delay 10;
///               frame 2 1x1 blue at +3+1, delay 0; no disposal)
///   anim-cut.gif  anim.gif without its last 20 bytes
/// and with Pillow 12 (libwebp):
///   lossless.webp  3x1 RGBA red, blue, (0, 255, 0, 128); lossless=True, exact=True
///   lossy.webp     8x8 rgb(200, 30, 90), quality=95
///   anim.webp      two 4x4 frames (red, blue), save_all=True
final class ImageIOTests: XCTestCase {
    private let log = MessageLog()
    private var diagnostics: [String] { log.messages }
    override func setUp() { super.setUp(); log.messages = []; let log = log; LaminaDiagnostics.handler = { log.append($0) } }
    override func tearDown() { LaminaDiagnostics.handler = nil; super.tearDown() }

    private func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    }

    private let red: UInt32 = 0xFFFF_0000, lime: UInt32 = 0xFF00_FF00, blue: UInt32 = 0xFF00_00FF

    func testPNGAndJPEGDataProviderInitializers() throws {
        let png = try Data(contentsOf: url("solid.png"))
        let provider = try XCTUnwrap(CGDataProvider(data: png as CFData))
        let image = try XCTUnwrap(CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        XCTAssertEqual([image.width, image.height], [3, 2])
        XCTAssertEqual(image.premultipliedARGB, [UInt32](repeating: 0xFF0A_C81E, count: 6), "rgb(10, 200, 30)")

        let jpegProvider = try XCTUnwrap(CGDataProvider(url: url("solid.jpg") as CFURL))
        let jpeg = try XCTUnwrap(CGImage(jpegDataProviderSource: jpegProvider, decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        let p = jpeg.premultipliedARGB[9]
        for (got, want) in zip([p >> 16 & 255, p >> 8 & 255, p & 255], [200, 30, 90] as [UInt32]) {
            XCTAssertLessThanOrEqual(abs(Int(got) - Int(want)), 3, "JPEG rgb(200, 30, 90) within quantisation: \(String(p, radix: 16))")
        }
        // The wrong kind of data: nil and one diagnostic.
        XCTAssertNil(CGImage(pngDataProviderSource: jpegProvider, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        XCTAssertEqual(diagnostics, ["CGImage: the PNG data does not decode (not a PNG file (it is JPEG)); no image"])
        XCTAssertNil(CGDataProvider(url: URL(fileURLWithPath: "/nonexistent.png") as CFURL))
        let path = url("solid.png").path
        XCTAssertEqual(path.withCString { CGDataProvider(filename: $0)?.data?.length }, png.count)
    }

    func testGIFFramesAreCompositedAsAViewerShowsThem() throws {
        let source = try XCTUnwrap(CGImageSourceCreateWithURL(url("anim.gif") as CFURL, nil))
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusComplete)
        XCTAssertEqual(CGImageSourceGetType(source).map { $0 as String }, "com.compuserve.gif")
        XCTAssertEqual(CGImageSourceGetCount(source), 3)
        let frames = try (0..<3).map { try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, $0, nil)) }
        XCTAssertEqual(frames[0].premultipliedARGB, [red, red, red, red, red, red, red, red])
        XCTAssertEqual(frames[1].premultipliedARGB, [red, lime, lime, red, red, red, red, red], "frame 1 over frame 0")
        XCTAssertEqual(frames[2].premultipliedARGB, [red, lime, lime, red, red, red, red, blue], "frame 2 over both")
        XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 3, nil))

        let props = try XCTUnwrap(CGImageSourceCopyPropertiesAtIndex(source, 1, nil) as? [String: Any])
        XCTAssertEqual(props[kCGImagePropertyPixelWidth as String] as? Int, 4)
        XCTAssertEqual(props[kCGImagePropertyPixelHeight as String] as? Int, 2)
        let gif = try XCTUnwrap(props[kCGImagePropertyGIFDictionary as String] as? [String: Any])
        XCTAssertEqual(gif[kCGImagePropertyGIFDelayTime as String] as? Double, 0.1)
        let last = try XCTUnwrap(CGImageSourceCopyPropertiesAtIndex(source, 2, nil) as? [String: Any])
        let lastGIF = try XCTUnwrap(last[kCGImagePropertyGIFDictionary as String] as? [String: Any])
        XCTAssertEqual(lastGIF[kCGImagePropertyGIFUnclampedDelayTime as String] as? Double, 0)
        XCTAssertEqual(lastGIF[kCGImagePropertyGIFDelayTime as String] as? Double, 0.1, "a zero delay plays as 0.1 s")
        XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
    }

    /// A GIF cut short keeps the frames read whole and says the rest is damaged.
    func testACutGIFKeepsItsWholeFrames() throws {
        let data = try Data(contentsOf: url("anim-cut.gif"))
        let source = try XCTUnwrap(CGImageSourceCreateWithData(data as CFData, nil))
        XCTAssertEqual(CGImageSourceGetCount(source), 2)
        XCTAssertEqual(CGImageSourceCreateImageAtIndex(source, 1, nil)?.premultipliedARGB, [red, lime, lime, red, red, red, red, red])
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(diagnostics.first?.contains("damaged after its last whole frame") ?? false, "\(diagnostics)")
    }

    /// Still WebP files, lossless (exact, with straight alpha premultiplied) and lossy (close);
    /// an animated one and a cut one give an empty source and say why.
    func testWebPFiles() throws {
        let source = try XCTUnwrap(CGImageSourceCreateWithURL(url("lossless.webp") as CFURL, nil))
        XCTAssertEqual(CGImageSourceGetType(source) as String?, "org.webmproject.webp")
        XCTAssertEqual(CGImageSourceGetCount(source), 1)
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertEqual([image.width, image.height], [3, 1])
        // (0, 255, 0) at alpha 128, premultiplied: green 255 × 128 / 255 = 128.
        XCTAssertEqual(image.premultipliedARGB, [red, blue, 0x8000_8000])
        XCTAssertTrue((CGImageSourceCopyTypeIdentifiers() as NSArray).contains("org.webmproject.webp"))

        let lossy = try XCTUnwrap(CGImageSourceCreateImageAtIndex(try XCTUnwrap(CGImageSourceCreateWithURL(url("lossy.webp") as CFURL, nil)), 0, nil))
        let p = lossy.premultipliedARGB[27]
        for (got, want) in zip([p >> 24, p >> 16 & 255, p >> 8 & 255, p & 255], [255, 200, 30, 90] as [UInt32]) {
            XCTAssertLessThanOrEqual(abs(Int(got) - Int(want)), 4, String(format: "%08X", p))
        }

        let animated = try XCTUnwrap(CGImageSourceCreateWithURL(url("anim.webp") as CFURL, nil))
        XCTAssertEqual(CGImageSourceGetCount(animated), 0)
        XCTAssertTrue(diagnostics.contains { $0.contains("animated WebP") }, "\(diagnostics)")
        let cut = try Data(contentsOf: url("lossless.webp")).prefix(30)
        let cutSource = try XCTUnwrap(CGImageSourceCreateWithData(cut as CFData, nil))
        XCTAssertEqual(CGImageSourceGetCount(cutSource), 0)
    }

    func testDataThatIsNoImageGivesAnEmptySourceAndSaysWhy() {
        let source = CGImageSourceCreateWithData(Data("hello".utf8) as CFData, nil)
        XCTAssertNotNil(source)
        XCTAssertEqual(source.map(CGImageSourceGetCount), 0)
        XCTAssertEqual(source.map(CGImageSourceGetStatus), .statusUnknownType)
        XCTAssertNil(source.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) })
        XCTAssertEqual(diagnostics, ["CGImageSource (data): not a PNG, JPEG, GIF or WebP file; no images"])
        XCTAssertNil(CGImageSourceCreateWithURL(URL(fileURLWithPath: "/nonexistent.gif") as CFURL, nil))
    }

    /// PNG out through a destination, back in through a source: the same pixels (opaque and fully
    /// transparent pixels survive exactly).
    func testADestinationWritesAPNGThatASourceReadsBack() throws {
        let image = CGImage(width: 2, height: 2, premultipliedARGB: [red, 0, blue, 0xFF12_3456])
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data as CFMutableData, "public.png" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        XCTAssertFalse(CGImageDestinationFinalize(destination), "only once")
        let source = try XCTUnwrap(CGImageSourceCreateWithData(data as CFData, nil))
        XCTAssertEqual(CGImageSourceGetType(source).map { $0 as String }, "public.png")
        XCTAssertEqual(CGImageSourceCreateImageAtIndex(source, 0, nil)?.premultipliedARGB, image.premultipliedARGB)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-imageio-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let toFile = try XCTUnwrap(CGImageDestinationCreateWithURL(file as CFURL, "public.png" as CFString, 1, nil))
        CGImageDestinationAddImage(toFile, image, nil)
        XCTAssertTrue(CGImageDestinationFinalize(toFile))
        XCTAssertEqual(try Data(contentsOf: file), data as Data)

        XCTAssertNil(CGImageDestinationCreateWithData(NSMutableData() as CFMutableData, "public.jpeg" as CFString, 1, nil))
        XCTAssertNil(CGImageDestinationCreateWithData(NSMutableData() as CFMutableData, "public.png" as CFString, 2, nil))
        let empty = try XCTUnwrap(CGImageDestinationCreateWithData(NSMutableData() as CFMutableData, "public.png" as CFString, 1, nil))
        XCTAssertFalse(CGImageDestinationFinalize(empty), "no image added")
    }
}
