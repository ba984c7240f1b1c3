import XCTest
@testable import CoreGraphics
#if canImport(Glibc)
import Glibc
#endif

/// `SafeFile`: every file Lamina writes goes to a fresh temporary created exclusively beside it,
/// synced and renamed; a link at any name it creates is never followed; a failure is one line.
final class SafeFileTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lamina-safefile-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    func contents(_ path: String) -> String? { (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) } }

    func isLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// A victim file and a link to it at `name` in the test folder.
    func plant(_ name: String, victim: String) throws -> String {
        let target = dir + "/" + victim
        try Data("victim \(victim)".utf8).write(to: URL(fileURLWithPath: target))
        XCTAssertEqual(symlink(target, dir + "/" + name), 0)
        return target
    }

    /// Links planted at the temporary names offered first (and one dangling) are skipped, their
    /// targets unchanged; the file goes through the first free name and lands whole.
    func testLinksPlantedAtTemporaryNamesAreNeverFollowed() throws {
        let v1 = try plant("t1", victim: "v1")
        let v2 = try plant("t2", victim: "v2")
        XCTAssertEqual(symlink(dir + "/missing", dir + "/t3"), 0)
        var offered = [dir + "/t1", dir + "/t2", dir + "/t3", dir + "/t4"].makeIterator()
        let file = try SafeTemporaryFile(for: dir + "/out.txt", names: { offered.next()! })
        XCTAssertEqual(file.path, dir + "/t4")
        try Data("new".utf8).withUnsafeBytes { try file.write($0) }
        try file.commit()
        XCTAssertEqual(contents(dir + "/out.txt"), "new")
        XCTAssertEqual(contents(v1), "victim v1")
        XCTAssertEqual(contents(v2), "victim v2")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/missing"), "a dangling link's target is not created")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/t4"), "the temporary is renamed away")
    }

    /// A link at the destination is replaced by the file (its target unchanged), never written through.
    func testALinkAtTheDestinationIsReplacedNotFollowed() throws {
        let victim = try plant("out.png", victim: "v")
        try SafeFile.write(Data("png".utf8), to: dir + "/out.png")
        XCTAssertEqual(contents(victim), "victim v")
        XCTAssertFalse(isLink(dir + "/out.png"))
        XCTAssertEqual(contents(dir + "/out.png"), "png")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["out.png", "v"], "no temporary is left")
    }

    /// The temporary's name swapped for a link while it is written: the rename is refused, the
    /// link's target and the destination untouched.
    func testATemporarySwappedForALinkIsNotRenamed() throws {
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/out.txt"))
        let victim = dir + "/v"
        try Data("victim".utf8).write(to: URL(fileURLWithPath: victim))
        let file = try SafeTemporaryFile(for: dir + "/out.txt")
        try Data("new".utf8).withUnsafeBytes { try file.write($0) }
        XCTAssertEqual(unlink(file.path), 0)
        XCTAssertEqual(symlink(victim, file.path), 0)
        XCTAssertThrowsError(try file.commit()) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot write \(self.dir)/out.txt: its temporary file"), "\(error)")
        }
        XCTAssertEqual(contents(dir + "/out.txt"), "old")
        XCTAssertEqual(contents(victim), "victim")
    }

    /// Temporary names are fresh: beside the destination, `NAME.partial-XXXXXXXX.EXT`, different each time.
    func testTemporaryNamesAreRandomAndBesideTheDestination() {
        let a = SafeFile.temporaryName(for: "/x/y/clip.v2.mp4"), b = SafeFile.temporaryName(for: "/x/y/clip.v2.mp4")
        XCTAssertNotEqual(a, b)
        XCTAssertNotNil(a.range(of: #"^/x/y/clip\.v2\.partial-[A-Za-z0-9]{8}\.mp4$"#, options: .regularExpression), a)
        let long = SafeFile.temporaryName(for: "/x/" + String(repeating: "n", count: 255))
        XCTAssertEqual(URL(fileURLWithPath: long).lastPathComponent.utf8.count, 255)
    }

    /// With `replacing` false, anything at the name, a dangling link included, is left alone.
    func testNotReplacingLeavesANameThatIsTaken() throws {
        XCTAssertEqual(symlink(dir + "/nowhere", dir + "/shot.png"), 0)
        XCTAssertThrowsError(try SafeFile.write(Data("x".utf8), to: dir + "/shot.png", replacing: false)) { error in
            XCTAssertTrue((error as? FileWriteError)?.alreadyExists == true, "\(error)")
        }
        XCTAssertTrue(isLink(dir + "/shot.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/nowhere"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["shot.png"], "no temporary is left")
        try SafeFile.write(Data("x".utf8), to: dir + "/free.png", replacing: false)
        XCTAssertEqual(contents(dir + "/free.png"), "x")
    }

    /// Failures are one line naming the file and the cause: a missing folder, a full disk (/dev/full).
    func testWriteFailuresAreOneLineNamingTheFile() throws {
        XCTAssertThrowsError(try SafeFile.write(Data("x".utf8), to: dir + "/no/such/f.jpg")) { error in
            XCTAssertEqual("\(error)", "cannot write \(self.dir)/no/such/f.jpg: No such file or directory (the folder \(self.dir)/no/such does not exist)")
        }
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try XCTSkipIf(full < 0, "no /dev/full")
        defer { close(full) }
        let code = Data(count: 4096).withUnsafeBytes { SafeFile.writeAll(full, $0) }
        XCTAssertEqual(code, ENOSPC)
        XCTAssertEqual(FileWriteError(path: "out/f\u{1B}[2J.jpg", errno: code).description, "cannot write out/f\\u{1B}[2J.jpg: No space left on device")
    }

    /// A folder is built fresh and renamed into place; a link, a file or a folder that is not
    /// empty at its name is refused, untouched.
    func testFoldersAreMadeFreshNeverThroughALink() throws {
        let target = dir + "/elsewhere"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        XCTAssertEqual(symlink(target, dir + "/frames"), 0)
        let building = try SafeFile.makeTemporaryFolder(for: dir + "/frames")
        XCTAssertTrue(building.hasPrefix(dir + "/frames.partial-"), building)
        try SafeFile.write(Data("f".utf8), to: building + "/frame00000.png")
        XCTAssertThrowsError(try SafeFile.moveFolder(building, to: dir + "/frames")) { error in
            XCTAssertTrue("\(error)".contains("symbolic link"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target), [], "nothing was written through the link")
        try FileManager.default.createDirectory(atPath: dir + "/full", withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: dir + "/full/keep"))
        XCTAssertThrowsError(try SafeFile.moveFolder(building, to: dir + "/full")) { error in
            XCTAssertTrue("\(error)".contains("not empty"), "\(error)")
        }
        try SafeFile.moveFolder(building, to: dir + "/fresh")
        XCTAssertEqual(contents(dir + "/fresh/frame00000.png"), "f")
        var st = stat()
        XCTAssertEqual(stat(dir + "/fresh", &st), 0)
        let mask = umask(0o022); umask(mask)
        XCTAssertEqual(st.st_mode & 0o777, 0o777 & ~mask, "a new folder's permissions, not mkdtemp's 0700")
    }

    /// An output folder for files written one by one (`lamina tour`, `bench compositor --png`, the
    /// fuzzer's saved inputs): made with the folders above it, used when it is a folder already,
    /// refused when it is a link (dangling too) or a file, the link's target left empty.
    func testOutputFoldersAreMadeOrUsedNeverThroughALink() throws {
        try SafeFile.makeFolder(at: dir + "/a/b/out")
        var st = stat()
        XCTAssertEqual(lstat(dir + "/a/b/out", &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFDIR)
        try Data("kept".utf8).write(to: URL(fileURLWithPath: dir + "/a/b/out/old.png"))
        try SafeFile.makeFolder(at: dir + "/a/b/out")
        XCTAssertEqual(contents(dir + "/a/b/out/old.png"), "kept", "a folder already there is used as it is")
        let target = dir + "/elsewhere"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        XCTAssertEqual(symlink(target, dir + "/tour"), 0)
        XCTAssertEqual(symlink(dir + "/nowhere", dir + "/dangling"), 0)
        for name in ["tour", "dangling"] {
            XCTAssertThrowsError(try SafeFile.makeFolder(at: dir + "/" + name)) { error in
                XCTAssertTrue("\(error)".contains("symbolic link"), "\(error)")
            }
        }
        XCTAssertFalse(SafeFile.exists(dir + "/nowhere"), "a dangling link's target is not made")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target), [])
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/plain"))
        XCTAssertThrowsError(try SafeFile.makeFolder(at: dir + "/plain")) { error in
            XCTAssertTrue("\(error)".contains("not a folder"), "\(error)")
        }
    }
}
