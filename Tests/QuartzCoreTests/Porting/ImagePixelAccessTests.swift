import XCTest
import QuartzCore

/// Reading pixels the two ways client code does: an image's bytes through
/// `dataProvider?.data` (with `CFDataGetBytePtr`), and a bitmap `CGContext` over the caller's own
/// memory (`CGContext(data:…)`, `draw(_:in:)`, `makeImage()`). Expected bytes are worked out by
/// hand from Core Graphics' documented layouts.
final class ImagePixelAccessTests: LaminaTestCase {
    private let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)

    /// A 4×2 frame: the left half red, the top-right pixel blue, the rest transparent.
    private func renderedImage() -> CGImage {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 4, height: 2)
        let left = CALayer(); left.frame = CGRect(x: 0, y: 0, width: 2, height: 2); left.backgroundColor = red
        let dot = CALayer(); dot.frame = CGRect(x: 3, y: 0, width: 1, height: 1); dot.backgroundColor = blue
        root.addSublayer(left); root.addSublayer(dot)
        let r = CARenderer(size: CGSize(width: 4, height: 2))
        r.layer = root
        CATransaction.flush()
        r.beginFrame(atTime: t0, timeStamp: nil); r.render(); r.endFrame()
        return r.makeImage()
    }

    func testARenderedImagesBytesThroughItsDataProvider() throws {
        let image = renderedImage()
        XCTAssertEqual(image.bitsPerComponent, 8)
        XCTAssertEqual(image.bitsPerPixel, 32)
        XCTAssertEqual(image.bytesPerRow, 16)
        XCTAssertEqual(image.alphaInfo, .premultipliedFirst)
        XCTAssertEqual(image.byteOrderInfo, .order32Little)
        XCTAssertTrue(image.bitmapInfo.contains(.byteOrder32Little))
        let data = try XCTUnwrap(image.dataProvider?.data)
        XCTAssertEqual(CFDataGetLength(data), 32)
        let bytes = CFDataGetBytePtr(data)!
        // premultipliedFirst, 32-bit little-endian: B, G, R, A in memory.
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { (0..<4).map { bytes[y * image.bytesPerRow + x * 4 + $0] } }
        XCTAssertEqual(pixel(0, 0), [0, 0, 255, 255])
        XCTAssertEqual(pixel(1, 1), [0, 0, 255, 255])
        XCTAssertEqual(pixel(3, 0), [255, 0, 0, 255])
        XCTAssertEqual(pixel(2, 1), [0, 0, 0, 0])
        XCTAssertTrue(image.shouldInterpolate)
        XCTAssertNil(image.decode)
        XCTAssertEqual(image.renderingIntent, .defaultIntent)
        XCTAssertFalse(image.isMask)
    }

    func testAnImageMadeFromAProviderKeepsItAndItsLayout() throws {
        // Two pixels, RGBA with straight alpha: opaque green, then red at alpha 128.
        let rgba: [UInt8] = [0, 255, 0, 255, 255, 0, 0, 128, 0, 0, 0, 0]
        let provider = try XCTUnwrap(CGDataProvider(data: Data(rgba) as CFData))
        let image = try XCTUnwrap(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 12,
                                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
                                          provider: provider, decode: nil, shouldInterpolate: false, intent: .perceptual))
        XCTAssertTrue(image.dataProvider === provider)
        XCTAssertEqual(image.dataProvider?.data as Data?, Data(rgba))
        XCTAssertEqual(image.bytesPerRow, 12)
        XCTAssertEqual(image.alphaInfo, .last)
        XCTAssertEqual(image.byteOrderInfo, .orderDefault)
        XCTAssertFalse(image.shouldInterpolate)
        XCTAssertEqual(image.renderingIntent, .perceptual)
        // Drawn, it is premultiplied: 255 × 128 / 255 = 128 red at alpha 128.
        XCTAssertEqual(image.pixel(x: 0, y: 0), 0xFF00_FF00)
        XCTAssertEqual(image.pixel(x: 1, y: 0), 0x8080_0000)
        // A part of it keeps the layout, with bytes made anew: the second pixel, un-premultiplied back.
        let part = try XCTUnwrap(image.cropping(to: CGRect(x: 1, y: 0, width: 1, height: 1)))
        XCTAssertEqual(part.alphaInfo, .last)
        XCTAssertEqual(part.dataProvider?.data as Data?, Data([255, 0, 0, 128]))
    }

    func testABitmapContextOverCallerMemoryDrawsAtOnceInYUpSpace() throws {
        var pixels = [UInt8](repeating: 0, count: 4 * 2 * 4)
        try pixels.withUnsafeMutableBytes { raw in
            let ctx = try XCTUnwrap(CGContext(data: raw.baseAddress, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 16,
                                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            XCTAssertEqual(ctx.width, 4)
            XCTAssertEqual(ctx.bytesPerRow, 16)
            XCTAssertEqual(ctx.alphaInfo, .premultipliedLast)
            XCTAssertEqual(ctx.data, raw.baseAddress)
            ctx.setFillColor(red)
            // y up: (0, 0, 2, 1) is the bottom-left two pixels, the second row in memory.
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        }
        let rgba = stride(from: 0, to: pixels.count, by: 4).map { Array(pixels[$0..<$0 + 4]) }
        XCTAssertEqual(rgba[0], [0, 0, 0, 0], "top row untouched")
        XCTAssertEqual(rgba[3], [0, 0, 0, 0])
        XCTAssertEqual(rgba[4], [255, 0, 0, 255], "bottom row, RGBA premultiplied")
        XCTAssertEqual(rgba[5], [255, 0, 0, 255])
        XCTAssertEqual(rgba[6], [0, 0, 0, 0])
    }

    func testDrawingAnImageIntoCallerMemoryReadsItsPixelsUpright() throws {
        let image = renderedImage()
        for (info, order) in [(CGImageAlphaInfo.premultipliedLast.rawValue, [0, 1, 2, 3]),
                              (CGBitmapInfo.byteOrder32Little.rawValue | CGImageAlphaInfo.premultipliedFirst.rawValue, [2, 1, 0, 3]),
                              (CGBitmapInfo.byteOrder32Little.rawValue | CGImageAlphaInfo.premultipliedLast.rawValue, [3, 2, 1, 0]),
                              (CGBitmapInfo.byteOrder32Big.rawValue | CGImageAlphaInfo.noneSkipFirst.rawValue, [1, 2, 3, 0])] {
            var pixels = [UInt8](repeating: 7, count: 4 * 2 * 4)
            try pixels.withUnsafeMutableBytes { raw in
                let ctx = try XCTUnwrap(CGContext(data: raw.baseAddress, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 16,
                                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info))
                ctx.clear(CGRect(x: 0, y: 0, width: 4, height: 2))
                ctx.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 2))
            }
            // RGBA of each pixel, read through `order` (the byte of R, G, B and A).
            func px(_ x: Int, _ y: Int) -> [UInt8] { order.map { pixels[y * 16 + x * 4 + $0] } }
            XCTAssertEqual(px(0, 0), [255, 0, 0, 255], "bitmapInfo 0x\(String(info, radix: 16))")
            XCTAssertEqual(px(1, 1), [255, 0, 0, 255])
            XCTAssertEqual(px(3, 0), [0, 0, 255, 255], "the image's top row is memory's first")
            // Without alpha, the transparent pixel is black and the skipped byte 255.
            XCTAssertEqual(px(3, 1), info & 0x1F == CGImageAlphaInfo.noneSkipFirst.rawValue ? [0, 0, 0, 255] : [0, 0, 0, 0])
        }
    }

    func testAFlippedContextDrawsImagesUpsideDownAsCoreGraphicsDoes() throws {
        let image = renderedImage()
        let ctx = try XCTUnwrap(CGContext(data: nil, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.translateBy(x: 0, y: 2)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 2))
        let out = try XCTUnwrap(ctx.makeImage())
        XCTAssertEqual(out.pixel(x: 3, y: 1), 0xFF00_00FF, "the blue dot is now in the bottom row")
        XCTAssertEqual(out.pixel(x: 3, y: 0), 0)
    }

    func testMakeImageIsASnapshotInTheContextsLayout() throws {
        let ctx = try XCTUnwrap(CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue))
        XCTAssertEqual(ctx.bytesPerRow, 8)
        ctx.setFillColor(blue)
        ctx.fill(CGRect(x: 0, y: 1, width: 1, height: 1))          // top-left pixel
        let first = try XCTUnwrap(ctx.makeImage())
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(first.pixel(x: 0, y: 0), 0xFF00_00FF)
        XCTAssertEqual(first.pixel(x: 1, y: 1), 0xFF00_0000, "no alpha: the untouched pixel is opaque black")
        XCTAssertEqual(first.alphaInfo, .noneSkipLast)
        XCTAssertEqual(first.dataProvider?.data as Data?, Data([0, 0, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]))
        XCTAssertEqual(ctx.makeImage()?.pixel(x: 1, y: 1), 0xFF00_00FF, "a later image sees the later drawing")
    }

    func testGrayAndAlphaOnlyContexts() throws {
        var gray = [UInt8](repeating: 0, count: 4)
        try gray.withUnsafeMutableBytes { raw in
            let ctx = try XCTUnwrap(CGContext(data: raw.baseAddress, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 2,
                                              space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue))
            ctx.setFillColor(CGColor(gray: 1, alpha: 1))
            ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 2))
        }
        XCTAssertEqual(gray, [0, 255, 0, 255])
        var alpha = [UInt8](repeating: 0, count: 2)
        try alpha.withUnsafeMutableBytes { raw in
            let ctx = try XCTUnwrap(CGContext(data: raw.baseAddress, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 2,
                                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue))
            ctx.setFillColor(red)
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        XCTAssertEqual(alpha, [255, 0])
    }

    func testLayoutsLaminaCannotDrawAreRefused() {
        XCTAssertNil(CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 16, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        XCTAssertNil(CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 4,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue), "rows too short")
        XCTAssertNil(CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.last.rawValue), "straight alpha")
        XCTAssertNil(CGContext(data: nil, width: 0, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        XCTAssertEqual(diagnostics.count, 4)
    }

    func testImageMasksPaintWhereTheirSamplesAreZero() throws {
        let opaque = CGImage(width: 3, height: 1, premultipliedARGB: [0xFFFF_0000, 0xFFFF_0000, 0xFFFF_0000])
        // 8-bit image mask: 0 paints, 255 masks out, 51 leaves 80 % (204 / 255).
        let mask = try XCTUnwrap(CGImage(maskWidth: 3, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 3,
                                         provider: CGDataProvider(data: Data([0, 255, 51]) as CFData)!, decode: nil, shouldInterpolate: false))
        XCTAssertTrue(mask.isMask)
        XCTAssertNil(mask.colorSpace)
        let masked = try XCTUnwrap(opaque.masking(mask))
        XCTAssertEqual(masked.pixel(x: 0, y: 0), 0xFFFF_0000)
        XCTAssertEqual(masked.pixel(x: 1, y: 0), 0)
        XCTAssertEqual(masked.pixel(x: 2, y: 0), 0xCCCC_0000)
        // A 1-bit mask: bits 0, 1, 0 (MSB first).
        let bits = try XCTUnwrap(CGImage(maskWidth: 3, height: 1, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 1,
                                         provider: CGDataProvider(data: Data([0b0100_0000]) as CFData)!, decode: nil, shouldInterpolate: false))
        XCTAssertEqual(opaque.masking(bits)?.premultipliedARGB, [0xFFFF_0000, 0, 0xFFFF_0000])
        XCTAssertNil(mask.masking(mask), "a mask is not masked")
    }

    func testMaskingColorComponentsKeysOutAColourRange() throws {
        let image = CGImage(width: 3, height: 1, premultipliedARGB: [0xFF00_FF00, 0xFF10_F010, 0xFFFF_0000])
        // Green-ish (r 0–32, g 200–255, b 0–32) becomes transparent.
        let keyed = try XCTUnwrap(image.copy(maskingColorComponents: [0, 32, 200, 255, 0, 32]))
        XCTAssertEqual(keyed.premultipliedARGB, [0, 0, 0xFFFF_0000])
        XCTAssertNil(image.copy(maskingColorComponents: [0, 1]))
    }
}

/// Counts release callbacks through the info pointer (a C callback captures nothing).
private func countRelease(_ info: UnsafeMutableRawPointer?, _ data: UnsafeRawPointer, _ size: Int) {
    info!.assumingMemoryBound(to: Int.self).pointee += size
}

/// Hands out the bytes 0, 1, 2, … 9 in chunks of at most 3 (info points at the next value).
private func nextBytes(_ info: UnsafeMutableRawPointer?, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    let next = info!.assumingMemoryBound(to: Int.self)
    let n = min(count, 3, 10 - next.pointee)
    for i in 0..<max(n, 0) { buffer.storeBytes(of: UInt8(next.pointee + i), toByteOffset: i, as: UInt8.self) }
    next.pointee += max(n, 0)
    return max(n, 0)
}

/// Apple's CGDataProvider initializers over caller memory and callbacks.
final class DataProviderTests: XCTestCase {
    func testDataInfoProvidersCopyAndReleaseWhenFreed() {
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        defer { counter.deallocate() }
        let bytes: [UInt8] = [1, 2, 3, 4, 5]
        bytes.withUnsafeBytes { raw in
            var p: CGDataProvider? = CGDataProvider(dataInfo: counter, data: raw.baseAddress!, size: 5, releaseData: countRelease)
            XCTAssertEqual(p?.data as Data?, Data(bytes))
            XCTAssertEqual(p?.info, UnsafeMutableRawPointer(counter))
            XCTAssertEqual(counter.pointee, 0, "released only when freed")
            p = nil
            XCTAssertEqual(counter.pointee, 5)
        }
    }

    func testSequentialProvidersReadEveryByte() {
        let next = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        next.initialize(to: 0)
        defer { next.deallocate() }
        var callbacks = CGDataProviderSequentialCallbacks(version: 0, getBytes: nextBytes, skipForward: nil, rewind: nil, releaseInfo: nil)
        let p = CGDataProvider(sequentialInfo: next, callbacks: &callbacks)
        XCTAssertEqual(p?.data as Data?, Data(0..<10))
        var none = CGDataProviderSequentialCallbacks()
        XCTAssertNil(CGDataProvider(sequentialInfo: nil, callbacks: &none))
    }
}
