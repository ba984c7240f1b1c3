import XCTest
import LaminaTestSupport
import Foundation
import QuartzCore
@testable import lamina

/// `lamina new`: names it accepts, the package it writes, and the starter's layer code kept word
/// for word with the copy the command compiles (so the golden it renders is the starter's frame).
/// CI builds the generated package and runs its own test (scripts/check-dependent.sh).
final class NewCommandTests: XCTestCase {
    func testTheTemplatesSceneIsTheCompiledStarterScene() throws {
        let compiled = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/lamina/StarterScene.swift").standardizedFileURL
        let text = try String(contentsOf: compiled, encoding: .utf8)
        XCTAssertEqual(StarterTemplate.sceneSource.trimmingCharacters(in: .whitespacesAndNewlines),
                       text.trimmingCharacters(in: .whitespacesAndNewlines),
                       "StarterTemplate.sceneSource and Sources/lamina/StarterScene.swift must stay the same code")
    }

    func testPackageNamesAreSwiftIdentifiers() {
        for good in ["MyApp", "a", "App_2", "Z9"] { XCTAssertTrue(NewCommand.isValidName(good), good) }
        for bad in ["", "2App", "_App", "my-app", "My App", "Äpp", "app.swift"] { XCTAssertFalse(NewCommand.isValidName(bad), bad) }
    }

    func testGitURLIdentityIsItsLastComponentLowercased() {
        XCTAssertEqual(NewCommand.identity(ofURL: "https://github.com/example/Lamina.git"), "lamina")
        XCTAssertEqual(NewCommand.identity(ofURL: "https://example.org/x/Lamina-Fork"), "lamina-fork")
    }

    func testItWritesAPackageWithAGoldenAndRefusesAFolderInUse() throws {
        guard LaminaCommand.isBuilt else { throw XCTSkip("the lamina binary is not built") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-new-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL.path
        let r = try LaminaCommand.run(["new", "Hello", "--output", dir.path, "--lamina-path", checkout])
        XCTAssertEqual(r.status, 0, r.err)
        for file in ["Package.swift", "README.md", ".gitignore", "Sources/HelloCore/AppScene.swift", "Sources/Hello/main.swift",
                     "Sources/Hello/App.swift", "Tests/HelloTests/HelloTests.swift", "Tests/HelloTests/Goldens/frame-1s.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path), file)
        }
        let manifest = try String(contentsOf: dir.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(".package(path: \"\(checkout)\")"), manifest)
        XCTAssertTrue(manifest.contains(".product(name: \"LaminaWindow\", package: \"\(URL(fileURLWithPath: checkout).lastPathComponent.lowercased())\")"), manifest)
        XCTAssertFalse(manifest.contains("NAME") || manifest.contains("DEPENDENCY"), "placeholders left: \(manifest)")
        // The golden is the starter's frame at 1 s: 480x320, the dark background in its corner.
        let golden = try PNGCodec.read(contentsOf: dir.appendingPathComponent("Tests/HelloTests/Goldens/frame-1s.png"))
        XCTAssertEqual([golden.width, golden.height], [480, 320])
        XCTAssertEqual(golden.premultipliedARGB[0], 0xFF1C1F24, "background (0.11, 0.12, 0.14) × 255 rounded")
        // A second run into the same folder is refused, naming it.
        let again = try LaminaCommand.run(["new", "Hello", "--output", dir.path, "--lamina-path", checkout])
        XCTAssertNotEqual(again.status, 0)
        XCTAssertTrue(again.err.contains("exists and is not empty"), again.err)
    }
}
