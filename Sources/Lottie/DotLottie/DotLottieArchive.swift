import Foundation
import CoreGraphics
import ZIPFoundation

/// The entries of a dotLottie zip held in memory, read through ZIPFoundation with limits: the
/// number of entries, each entry's declared uncompressed size and their sum (`DotLottieFile`'s
/// maximums), and no entry inflating past what it declared (a zip bomb that lies in its headers).
struct DotLottieArchive {
    /// File entries by path (leading "./" and "/" removed), with their declared sizes.
    private var entries: [String: (entry: Entry, size: UInt64)] = [:]
    private let archive: Archive
    /// The file name errors give.
    let file: String

    /// The archive in `data`. ZIPFoundation's in-memory reader traps on offsets past the end of a
    /// corrupt archive, so the bytes go to a private temporary file (written through `SafeFile`),
    /// which is opened and removed at once (the open file is read until the archive is released).
    init(data: Data, file: String) throws {
        func fail(_ message: String) -> LottieLoadError { LottieLoadError(file: file, path: "(archive)", message: message) }
        guard data.starts(with: [0x50, 0x4B]) else { throw fail("expected a zip archive (a dotLottie file), found bytes that do not start with \"PK\"") }
        let folder: String
        do { folder = try SafeFile.makeTemporaryFolder(for: NSTemporaryDirectory() + "/lamina-dotlottie") } catch {
            throw fail("cannot make a temporary folder to read the archive from: \(error)")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/archive.lottie"
        do { try SafeFile.write(data, to: path) } catch {
            throw fail("cannot write the archive to a temporary file: \(error)")
        }
        try self.init(url: URL(fileURLWithPath: path), file: file)
    }

    /// The archive in the file at `url`; `file` names it in errors.
    init(url: URL, file: String) throws {
        self.file = file
        func fail(_ message: String) -> LottieLoadError { LottieLoadError(file: file, path: "(archive)", message: message) }
        do { archive = try Archive(url: url, accessMode: .read) } catch {
            throw fail("expected a readable zip archive: \(error)")
        }
        var count = 0
        var total: UInt64 = 0
        for entry in archive {
            count += 1
            guard count <= DotLottieFile.maximumEntryCount else { throw fail("expected at most \(DotLottieFile.maximumEntryCount) entries") }
            guard entry.type == .file else { continue }
            let path = Self.normalised(entry.path)
            let size = entry.uncompressedSize
            guard size <= UInt64(DotLottieFile.maximumEntrySize) else {
                throw LottieLoadError(file: file, path: TerminalText.escaped(path.prefix(200)),
                                      message: "expected an entry of at most \(DotLottieFile.maximumEntrySize >> 20) MiB uncompressed, found one declaring \(size >> 20) MiB")
            }
            total += size
            guard total <= UInt64(DotLottieFile.maximumTotalSize) else {
                throw fail("expected at most \(DotLottieFile.maximumTotalSize >> 20) MiB uncompressed in all")
            }
            if entries[path] == nil { entries[path] = (entry, size) }
        }
    }

    /// Whether the archive holds a file at `path`.
    func contains(_ path: String) -> Bool { entries[path] != nil }

    /// The bytes of the file at `path`, nil when there is none; a located error when it does not
    /// inflate, fails its checksum, or inflates past its declared size.
    func entry(_ path: String) throws -> Data? {
        guard let (entry, size) = entries[path] else { return nil }
        var out = Data()
        out.reserveCapacity(Int(size))
        do {
            let crc = try archive.extract(entry, skipCRC32: false) { chunk in
                guard UInt64(out.count + chunk.count) <= size else { throw OverflowError() }
                out.append(chunk)
            }
            guard crc == entry.checksum else { throw ChecksumError() }
            guard UInt64(out.count) == size else { throw ShortError() }
        } catch is ChecksumError {
            throw LottieLoadError(file: file, path: TerminalText.escaped(path.prefix(200)), message: "expected an entry whose CRC-32 matches its header; it is damaged")
        } catch is ShortError {
            throw LottieLoadError(file: file, path: TerminalText.escaped(path.prefix(200)), message: "expected the \(size) bytes the entry declares; it inflates to fewer")
        } catch is OverflowError {
            throw LottieLoadError(file: file, path: TerminalText.escaped(path.prefix(200)), message: "expected at most the \(size) bytes the entry declares; it inflates to more")
        } catch {
            throw LottieLoadError(file: file, path: TerminalText.escaped(path.prefix(200)), message: "expected an entry that decompresses: \(error)")
        }
        return out
    }

    /// An entry that inflates past its declared size.
    private struct OverflowError: Error {}
    /// An entry whose bytes do not match its checksum, or fall short of its size.
    private struct ChecksumError: Error {}
    private struct ShortError: Error {}

    /// A path inside the archive without leading "./" or "/".
    static func normalised(_ path: String) -> String {
        var p = Substring(path)
        while p.hasPrefix("./") || p.hasPrefix("/") { p = p.hasPrefix("/") ? p.dropFirst() : p.dropFirst(2) }
        return String(p)
    }
}
