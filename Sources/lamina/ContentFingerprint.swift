import Foundation

/// A 64-bit FNV-1a fingerprint of bytes, as 16 hex digits: tells a part's file or a scene's text
/// from another (not a defence against someone forging one). Files are read in chunks.
enum ContentFingerprint {
    /// The fingerprint of `bytes`, continuing from `state`.
    static func update(_ state: UInt64, _ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h = state
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// FNV-1a's starting value.
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The fingerprint of `data`.
    static func of(_ data: Data) -> String { hex(data.withUnsafeBytes { update(offsetBasis, $0) }) }

    /// The fingerprint of the file at `path`, or nil when it cannot be read.
    static func ofFile(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var h = offsetBasis
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch { return nil }
            // nil or empty: the end of the file.
            guard let chunk, !chunk.isEmpty else { break }
            h = chunk.withUnsafeBytes { update(h, $0) }
        }
        return hex(h)
    }

    /// The size in bytes of the regular file at `path` (links followed), nil when there is none.
    static func fileSize(_ path: String) -> Int? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(st.st_size)
    }

    static func hex(_ h: UInt64) -> String {
        let s = String(h, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
