import Foundation

/// The pixel size an image file declares in its header, read without decoding it, so that an image
/// over a limit or over the scene's decoded-image budget is refused before its pixels are
/// allocated. Knows the formats scenes decode: PNG (IHDR), GIF (the logical screen, which is the
/// size the decoder composes frames into) and JPEG (the first start-of-frame marker). A file in
/// another format, or one whose header is cut short or malformed, declares nothing (nil): it is
/// then checked once decoded.
enum SceneImageHeader {
    /// The most bytes of a JPEG read while looking for its start-of-frame marker (the segments
    /// before it, EXIF and ICC profiles, are at most 64 KiB each).
    static let jpegSearchBytes = 1 << 20

    /// The declared size of the image file at `url`, or nil when the header does not give one.
    static func size(of url: URL) -> (width: Int, height: Int)? {
        guard let h = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? h.close() }
        guard let head = try? h.read(upToCount: 26), head.count >= 10 else { return nil }
        let d = [UInt8](head)
        if d.count >= 24, d[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], d[12..<16] == [0x49, 0x48, 0x44, 0x52] {
            return positive(bigEndian(d, 16, 4), bigEndian(d, 20, 4))
        }
        if d[0..<6] == [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] || d[0..<6] == [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] {   // GIF87a, GIF89a
            return positive(Int(d[6]) | Int(d[7]) << 8, Int(d[8]) | Int(d[9]) << 8)
        }
        if d[0] == 0xFF, d[1] == 0xD8 {
            try? h.seek(toOffset: 0)
            guard let data = try? h.read(upToCount: jpegSearchBytes) else { return nil }
            return jpegSize([UInt8](data))
        }
        return nil
    }

    /// The size in a JPEG's first start-of-frame segment (SOF0...SOF15 but DHT, JPG and DAC),
    /// walking the segments from the start; nil when none is found in `d`.
    static func jpegSize(_ d: [UInt8]) -> (width: Int, height: Int)? {
        var i = 2
        while i + 4 <= d.count {
            guard d[i] == 0xFF else { return nil }
            let marker = d[i + 1]
            if marker == 0xFF { i += 1; continue }                          // fill byte
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }   // no length
            if marker == 0xD9 || marker == 0xDA { return nil }              // end, or scan data before any frame
            let length = bigEndian(d, i + 2, 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 9 <= d.count else { return nil }
                return positive(bigEndian(d, i + 7, 2), bigEndian(d, i + 5, 2))
            }
            i += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ d: [UInt8], _ at: Int, _ count: Int) -> Int {
        d[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
    }

    /// Both sides when both are positive (a zero side in a header means "not said here").
    private static func positive(_ width: Int, _ height: Int) -> (width: Int, height: Int)? {
        width > 0 && height > 0 ? (width, height) : nil
    }
}
