import Foundation

/// A check that a .ttf/.otf file a scene names is a font, made on its structure without a font
/// engine (the Scenes module has none): the sfnt header (TrueType `00 01 00 00` or `true`,
/// OpenType `OTTO`, a collection `ttcf`, or WOFF/WOFF2 whose declared length is the file's), a
/// table directory that fits in the file, every table inside the file (a truncated font fails
/// here), the tables every font needs (`cmap`, `head`, `hhea`, `maxp`), and the `head` table's
/// magic number. Text, a truncated font or a fake `.otf` is named with what is wrong, where a font
/// engine would open nothing and draw no text.
enum SceneFontFile {
    /// The most tables a font may list (real fonts have a few dozen).
    static let maxTables = 1024

    /// Nil when the file at `url` has a font's structure, else what is wrong with it.
    static func problem(_ url: URL) -> String? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return "it cannot be read" }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd() else { return "it cannot be read" }
        let size = Int(end)
        func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard offset >= 0, count >= 0, offset + count <= size else { return nil }
            guard (try? handle.seek(toOffset: UInt64(offset))) != nil, let d = try? handle.read(upToCount: count), d.count == count else { return nil }
            return [UInt8](d)
        }
        guard size >= 12, let head = bytes(0, 12) else { return "it is \(size) bytes, too short for a font" }
        let tag = String(decoding: head[0..<4], as: UTF8.self)
        if tag == "wOFF" || tag == "wOF2" {
            return be32(head, 8) == size ? nil : "it is a WOFF font cut short (it declares \(be32(head, 8)) bytes, the file has \(size))"
        }
        if tag == "ttcf" {
            guard let count = bytes(8, 4).map({ be32($0, 0) }), count > 0, count <= maxTables,
                  let first = bytes(12, 4).map({ be32($0, 0) }) else { return "it is a font collection with no readable fonts" }
            return tableProblem(at: first, size: size, bytes: bytes)
        }
        return tableProblem(at: 0, size: size, bytes: bytes)
    }

    /// What is wrong with the font whose table directory starts at `offset` (nil when nothing).
    private static func tableProblem(at offset: Int, size: Int, bytes: (Int, Int) -> [UInt8]?) -> String? {
        guard let header = bytes(offset, 12) else { return "its font header lies outside the file" }
        let version = be32(header, 0)
        guard version == 0x0001_0000 || version == 0x4F54_544F /* OTTO */ || version == 0x7472_7565 /* true */ else {
            let looksLikeText = header.allSatisfy { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20..<0x7F).contains($0) }
            return looksLikeText ? "it is text, not a font" : "it does not start like a TrueType or OpenType font"
        }
        let count = Int(header[4]) << 8 | Int(header[5])
        guard count > 0, count <= maxTables else { return "its table directory lists \(count) tables" }
        guard let directory = bytes(offset + 12, 16 * count) else {
            return "it is cut short: its table directory needs \(offset + 12 + 16 * count) bytes, the file has \(size)"
        }
        var tables: [String: (offset: Int, length: Int)] = [:]
        for i in 0..<count {
            let name = String(decoding: directory[16 * i..<16 * i + 4], as: UTF8.self)
            let start = be32(directory, 16 * i + 8), length = be32(directory, 16 * i + 12)
            guard start + length <= size else {
                return "it is cut short: its '\(name.trimmingCharacters(in: .whitespaces))' table ends at byte \(start + length), the file has \(size)"
            }
            tables[name] = (start, length)
        }
        for required in ["cmap", "head", "hhea", "maxp"] where tables[required] == nil {
            return "it has no '\(required)' table, which every font needs"
        }
        guard let h = tables["head"], h.length >= 16, let magic = bytes(h.offset + 12, 4), be32(magic, 0) == 0x5F0F_3CF5 else {
            return "its 'head' table is damaged"
        }
        return nil
    }

    /// The big-endian 32-bit number at `i`.
    private static func be32(_ b: [UInt8], _ i: Int) -> Int { b[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
}
