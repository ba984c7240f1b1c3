import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a scene file's text for `Scene.load`, naming the real cause when it cannot: no such file,
/// permission denied, a directory, a fifo, a device or a socket (not a regular file), a file over
/// `Scene.Limits.fileBytes`, an image or a font given where a scene was meant, or bytes that are not
/// UTF-8 (located: the line and column where they start, and the byte's number, counting the
/// file's first byte as 1).
///
/// It never blocks and never reads without end: the type is checked before the file is opened
/// (and again on the open descriptor, which is opened non-blocking), so a fifo is refused without
/// waiting for a writer and `/dev/zero` without reading it; at most the size limit and one byte
/// more are read (a file that grows past the limit while it is read is refused too).
enum SceneFileReader {
    /// The file's text, or a `SceneError` naming why not.
    static func text(of url: URL) throws -> String {
        let path = url.path
        func refuse(_ message: String, line: Int = 0, column: Int = 0) -> SceneError {
            SceneError(file: path, line: line, column: column, message: message)
        }
        var st = stat()
        guard stat(path, &st) == 0 else { throw refuse(cannotOpen(errno)) }
        if let problem = typeProblem(st.st_mode) { throw refuse(problem) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw refuse(cannotOpen(errno)) }
        defer { close(fd) }
        guard fstat(fd, &st) == 0 else { throw refuse("cannot read the file: \(String(cString: strerror(errno)))") }
        if let problem = typeProblem(st.st_mode) { throw refuse(problem) }
        let limit = Scene.Limits.fileBytes
        if Int(st.st_size) > limit { throw refuse("the file is \(st.st_size) bytes; scenes are limited to \(limit)") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(limit + 1, Int(st.st_size) + 1))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= limit {
            let want = min(chunk.count, limit + 1 - bytes.count)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw refuse("cannot read the file: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        if bytes.count > limit { throw refuse("the file is more than \(limit) bytes; scenes are limited to \(limit)") }
        if let kind = binaryKind(bytes) { throw refuse("is \(kind), not a scene file") }
        if let bad = firstInvalidUTF8(bytes) {
            let (line, column) = location(of: bad, in: bytes)
            let hint = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) ? " (it looks like UTF-16; save it as UTF-8)" : ""
            throw refuse("is not UTF-8 text at byte \(bad + 1)\(hint)", line: line, column: column)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Why a file of mode `mode` is not a scene file (nil for a regular file).
    static func typeProblem(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "is a directory, not a scene file"
        case S_IFIFO: return "is a fifo (a named pipe), not a regular file"
        case S_IFCHR: return "is a character device, not a regular file"
        case S_IFBLK: return "is a block device, not a regular file"
        case S_IFSOCK: return "is a socket, not a regular file"
        default: return "is not a regular file"
        }
    }

    /// The reason a path cannot be opened, from `errno`.
    static func cannotOpen(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied: the file cannot be read"
        case ENOTDIR: return "no such file (a part of the path is not a folder)"
        case ELOOP: return "cannot open the file: too many levels of symbolic links"
        default: return "cannot open the file: \(String(cString: strerror(code)))"
        }
    }

    /// What a file that is not text is, from its first bytes: an image or a font (nil otherwise).
    static func binaryKind(_ b: [UInt8]) -> String? {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "a PNG image" }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return "a GIF image" }
        if b.starts(with: [0x00, 0x01, 0x00, 0x00]) || b.starts(with: Array("OTTO".utf8)) || b.starts(with: Array("ttcf".utf8)) { return "a font file" }
        return nil
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence (nil when all are valid).
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// The 1-based line and column (in characters of the valid text before it) of byte `offset`.
    static func location(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let before = bytes[..<offset]
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return (line, column)
    }
}
