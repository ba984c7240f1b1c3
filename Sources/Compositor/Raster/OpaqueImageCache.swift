import Foundation
import CoreGraphics

/// The fully opaque parts of images (texel rectangles whose every texel has alpha 255), found
/// once per image and kept while the image is drawn: the whole image when it is opaque, otherwise
/// the longest run of rows opaque across the whole width and the longest run of columns opaque
/// down the whole height (for a card with rounded corners, the cross between its corners).
///
/// Entries hold their images (a weak reference would send every retain of the image through a
/// side table) and are dropped after a frame that did not ask for them (`endFrame`), so no image
/// outlives its last frame here.
///
/// Used by one thread at a time: the frame renderer's, before its bands start.
final class OpaqueImageCache {
    private struct Entry {
        let image: CGImage
        let rects: [IntRect]
        var frame: Int
    }
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The frame being prepared, and how many entries it has asked for.
    private var frame = 0, used = 0

    /// Image texels scanned so far (for tests: a second ask for the same image scans nothing).
    private(set) var scannedTexels = 0

    /// The number of images kept.
    var count: Int { entries.count }

    /// The opaque texel rectangles of `image` (none, one or two).
    func rects(of image: CGImage) -> [IntRect] {
        let id = ObjectIdentifier(image)
        if let e = entries[id] {
            if e.frame != frame { entries[id]!.frame = frame; used += 1 }
            return e.rects
        }
        let rects = image.premultipliedARGB.withUnsafeBufferPointer {
            OpaqueImageCache.opaqueRects($0, width: image.width, height: image.height)
        }
        scannedTexels += image.width * image.height
        entries[id] = Entry(image: image, rects: rects, frame: frame)
        used += 1
        return rects
    }

    /// Ends a frame: drops the images it did not ask for.
    func endFrame() {
        if used < entries.count { entries = entries.filter { $0.value.frame == frame } }
        frame &+= 1
        used = 0
    }

    /// The whole image when every texel is opaque; otherwise the longest run of fully opaque rows
    /// (full width) and the longest run of fully opaque columns (full height), those that exist.
    static func opaqueRects(_ px: UnsafeBufferPointer<UInt32>, width: Int, height: Int) -> [IntRect] {
        guard width > 0, height > 0, px.count >= width * height else { return [] }
        // Bitwise AND of every texel of each column, and of each row (alpha is the top byte).
        var columns = [UInt32](repeating: .max, count: width)
        var bestRows = (start: 0, count: 0), run = 0
        columns.withUnsafeMutableBufferPointer { col in
            for y in 0..<height {
                let row = px.baseAddress! + y * width
                var all: UInt32 = .max
                for x in 0..<width {
                    let v = row[x]
                    all &= v
                    col[x] &= v
                }
                if all >> 24 == 0xFF {
                    run += 1
                    if run > bestRows.count { bestRows = (y + 1 - run, run) }
                } else {
                    run = 0
                }
            }
        }
        if bestRows.count == height { return [IntRect(x: 0, y: 0, width: width, height: height)] }
        var bestColumns = (start: 0, count: 0)
        run = 0
        for x in 0..<width {
            if columns[x] >> 24 == 0xFF {
                run += 1
                if run > bestColumns.count { bestColumns = (x + 1 - run, run) }
            } else {
                run = 0
            }
        }
        var out: [IntRect] = []
        if bestRows.count > 0 { out.append(IntRect(x: 0, y: bestRows.start, width: width, height: bestRows.count)) }
        if bestColumns.count > 0 { out.append(IntRect(x: bestColumns.start, y: 0, width: bestColumns.count, height: height)) }
        return out
    }
}
