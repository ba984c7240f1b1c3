import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How Lamina writes every file (images, plots, goldens, reports, recordings, `lamina new`):
/// nothing is written through a name that already exists, and a file is either all there or not
/// changed.
///
/// - The bytes go to a temporary beside the destination, under a fresh random name
///   (`NAME.partial-XXXXXXXX.EXT`), created exclusively (`O_CREAT | O_EXCL | O_NOFOLLOW`): a file
///   or a symbolic link already at that name is never opened, let alone followed.
/// - Every `write` is checked, the file is `fsync`ed, and it is renamed over the destination (a
///   symbolic link at the destination is replaced, never followed); the folder is synced too.
/// - Before the rename, the temporary's name must still be the file that was written (same device
///   and inode): a name swapped for a link meanwhile is refused.
/// - On any failure the temporary is removed and a `FileWriteError` names the destination and the
///   system's reason, in one line.
///
/// A folder (a recording's PNG frames) is made fresh the same way: built inside a new private
/// folder (`mkdtemp`) beside it and renamed into place (`makeTemporaryFolder`, `moveFolder`).
package enum SafeFile {
    /// Writes `data` to `path`, replacing what is there (see `SafeFile`); with `replacing` false,
    /// a `path` that exists (even as a dangling link) is left alone and the error's
    /// `alreadyExists` is true.
    package static func write(_ data: Data, to path: String, replacing: Bool = true) throws(FileWriteError) {
        let file = try SafeTemporaryFile(for: path)
        let e = data.withUnsafeBytes { SafeFile.writeAll(file.descriptor, $0) }
        guard e == 0 else { file.discard(); throw FileWriteError(path: path, errno: e) }
        try file.commit(replacing: replacing)
    }

    /// Whether anything is at `path`, a symbolic link included (dangling or not: `lstat`).
    package static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// Builds the folder `path` fresh: `body` fills a new private folder beside it (it is given
    /// that folder's path), which is then renamed to `path` (`moveFolder`: never through a link,
    /// never over a folder that is not empty). On any failure the folder built is removed.
    package static func buildFolder(at path: String, _ body: (String) throws -> Void) throws {
        let temporary = try makeTemporaryFolder(for: path)
        do {
            try body(temporary)
            try moveFolder(temporary, to: path)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    /// Makes the folder `path` (and any missing folders above it) to hold files written one by
    /// one (a tour's or a benchmark's images, each written safely); a folder already there is
    /// used. Refuses a `path` that is a symbolic link (never followed, dangling or not) or a file.
    package static func makeFolder(at path: String) throws(FileWriteError) {
        func check() throws(FileWriteError) -> Bool {
            var st = stat()
            guard lstat(path, &st) == 0 else { return false }
            switch st.st_mode & S_IFMT {
            case S_IFDIR: return true
            case S_IFLNK: throw FileWriteError(path: path, cause: "it is a symbolic link (not followed); give a folder name")
            default: throw FileWriteError(path: path, cause: "it is a file, not a folder")
            }
        }
        if try check() { return }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) } catch {
            throw FileWriteError(path: path, cause: "its folder \(parent) cannot be made")
        }
        guard mkdir(path, 0o777) == 0 else {
            let e = errno
            // Made meanwhile by someone else: used if it is a folder, refused if it is a link.
            if e == EEXIST, try check() { return }
            throw FileWriteError(path: path, errno: e)
        }
    }

    /// Writes `text` as UTF-8 to `path`, replacing what is there (see `SafeFile`).
    package static func write(_ text: String, to path: String) throws(FileWriteError) {
        try write(Data(text.utf8), to: path)
    }

    /// Letters and digits for temporary names.
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)

    /// A fresh random temporary name for `path`, in its folder: `NAME.partial-XXXXXXXX.EXT` (the
    /// name shortened if needed so that the whole stays within 255 bytes).
    package static func temporaryName(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let ext = url.pathExtension
        var stem = url.deletingPathExtension().lastPathComponent
        var rng = SystemRandomNumberGenerator()
        let tag = String(decoding: (0..<8).map { _ in alphabet[Int(rng.next(upperBound: UInt(alphabet.count)))] }, as: UTF8.self)
        let tail = ".partial-" + tag + (ext.isEmpty ? "" : "." + ext)
        while stem.utf8.count + tail.utf8.count > 255, !stem.isEmpty { stem.removeLast() }
        return (folder == "/" ? "" : folder) + "/" + stem + tail
    }

    /// Makes a new, empty, private folder beside `path` (`NAME.partial-XXXXXX`, through `mkdtemp`)
    /// in which a folder for `path` is built; returns its path.
    package static func makeTemporaryFolder(for path: String) throws(FileWriteError) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var stem = url.lastPathComponent
        while stem.utf8.count > 230 { stem.removeLast() }
        var template = Array((url.deletingLastPathComponent().path + "/" + stem + ".partial-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw FileWriteError(path: path, errno: errno) }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Renames the folder `temporary` (from `makeTemporaryFolder`) to `path`, with the permissions
    /// a new folder gets (0777 less the umask). Refuses a `path` that is a symbolic link, a file,
    /// or a folder that is not empty (an empty folder is replaced).
    package static func moveFolder(_ temporary: String, to path: String) throws(FileWriteError) {
        var st = stat()
        if lstat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFLNK: throw FileWriteError(path: path, cause: "it is a symbolic link (not followed); give a new folder name")
            case S_IFDIR: break
            default: throw FileWriteError(path: path, cause: "it is a file, not a folder")
            }
        }
        let mask = umask(0o022); umask(mask)
        _ = chmod(temporary, 0o777 & ~mask)
        guard rename(temporary, path) == 0 else {
            let e = errno
            if e == ENOTEMPTY || e == EEXIST { throw FileWriteError(path: path, cause: "the folder already exists and is not empty; give a new folder name") }
            throw FileWriteError(path: path, errno: e)
        }
        syncFolder(of: path)
    }

    /// Syncs the folder holding `path`, so that a rename in it survives a crash (best effort: some
    /// file systems cannot sync a folder).
    package static func syncFolder(of path: String) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and interruptions; returns 0, or the
    /// `errno` of the write that failed.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 { if errno == EINTR { continue }; return errno }
            if n == 0 { return EIO }
            offset += n
        }
        return 0
    }
}

/// A temporary file for a destination, created exclusively under a fresh name in the
/// destination's folder (see `SafeFile`): write to it (`write`, or `descriptor` handed to another
/// program), then `commit` (fsync and rename over the destination) or `discard`. One thread at a
/// time; a temporary neither committed nor discarded is discarded when released.
package final class SafeTemporaryFile {
    /// The file this temporary becomes.
    package let destination: String
    /// The temporary's own path (`NAME.partial-XXXXXXXX.EXT` beside the destination).
    package let path: String
    /// The open descriptor (read and write, close-on-exec); -1 once committed or discarded.
    package private(set) var descriptor: Int32
    /// The temporary's device and inode, to check that its name still holds it.
    private let identity: (dev_t, ino_t)

    /// Creates the temporary for `destination` (absolute or relative), retrying on a name taken
    /// (`names` gives the candidates: fresh random ones, or a test's).
    package init(for destination: String, names: () -> String = { "" }) throws(FileWriteError) {
        self.destination = destination
        var attempts = 0
        while true {
            let given = names()
            let name = given.isEmpty ? SafeFile.temporaryName(for: destination) : given
            let fd = open(name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if fd >= 0 {
                var st = stat()
                guard fstat(fd, &st) == 0 else { let e = errno; close(fd); unlink(name); throw FileWriteError(path: destination, errno: e) }
                path = name; descriptor = fd; identity = (st.st_dev, st.st_ino)
                return
            }
            let e = errno
            attempts += 1
            guard e == EEXIST, attempts < 100 else { throw FileWriteError(path: destination, errno: e) }
        }
    }

    deinit { discard() }

    /// Appends `bytes`, every write checked.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        guard descriptor >= 0 else { throw FileWriteError(path: destination, cause: "the temporary file is already closed") }
        let e = SafeFile.writeAll(descriptor, bytes)
        guard e == 0 else { throw FileWriteError(path: destination, errno: e) }
    }

    /// Whether `path` still names the file created (not a link or another file put in its place).
    package var isStillOurs: Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG && st.st_dev == identity.0 && st.st_ino == identity.1
    }

    /// Syncs the file to disk, closes it and renames it over the destination (with `replacing`
    /// false, links it to the destination's name only if nothing is there, then removes its own
    /// name). On failure the temporary is removed and the error names the destination and the cause.
    package func commit(replacing: Bool = true) throws(FileWriteError) {
        guard descriptor >= 0 else { throw FileWriteError(path: destination, cause: "the temporary file is already closed") }
        defer { if descriptor >= 0 { discard() } }
        guard fsync(descriptor) == 0 else { throw FileWriteError(path: destination, errno: errno) }
        let fd = descriptor
        descriptor = -1
        guard close(fd) == 0 else { let e = errno; unlinkIfOurs(); throw FileWriteError(path: destination, errno: e) }
        guard isStillOurs else { throw FileWriteError(path: destination, cause: "its temporary file \(path) was replaced while it was written") }
        if replacing {
            guard rename(path, destination) == 0 else { let e = errno; unlinkIfOurs(); throw FileWriteError(path: destination, errno: e) }
        } else {
            guard link(path, destination) == 0 else { let e = errno; unlinkIfOurs(); throw FileWriteError(path: destination, errno: e) }
            unlink(path)
        }
        SafeFile.syncFolder(of: destination)
    }

    /// Closes and removes the temporary (only when its name still holds the file created).
    /// Idempotent; does nothing after `commit`.
    package func discard() {
        guard descriptor >= 0 else { return }
        unlinkIfOurs()
        close(descriptor)
        descriptor = -1
    }

    private func unlinkIfOurs() { if isStillOurs { unlink(path) } }
}

/// A file that could not be written, in one line: "cannot write PATH: CAUSE" (the path escaped
/// for the terminal, the cause in the system's words: "No space left on device").
public struct FileWriteError: Error, CustomStringConvertible, Equatable {
    /// The file that was to be written, as given.
    public let path: String
    /// Why it could not be.
    public let cause: String
    /// The system's error number, when the cause is one (0 otherwise).
    public let code: Int32

    /// A failure to write `path` because of `cause` (`code`: the system's error number, if any).
    public init(path: String, cause: String, code: Int32 = 0) { self.path = path; self.cause = cause; self.code = code }

    /// A failure to write `path` with the system's error `errno` (a missing folder is named).
    package init(path: String, errno code: Int32) {
        var cause = String(cString: strerror(code))
        if code == ENOENT { cause += " (the folder \(URL(fileURLWithPath: path).deletingLastPathComponent().path) does not exist)" }
        if code == EEXIST { cause = "it already exists" }
        self.init(path: path, cause: cause, code: code)
    }

    /// Whether the file was not written because something is already at its name (`replacing` false).
    package var alreadyExists: Bool { code == EEXIST }

    /// "cannot write PATH: CAUSE".
    public var description: String { "cannot write \(TerminalText.escaped(path)): \(TerminalText.escaped(cause))" }
}
