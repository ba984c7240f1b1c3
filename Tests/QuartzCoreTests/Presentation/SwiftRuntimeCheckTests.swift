import XCTest
import LaminaTestSupport
@testable import QuartzCore

/// A layer subclass with a stored property of its own.
private final class TaggedLayer: CALayer {
    var tag = "model tag"
}

/// The start-up check of the Swift runtime's private entry points (`SwiftRuntimeAccess`): this
/// toolchain passes; a runtime whose reflection, metadata or weak copies behave otherwise is
/// caught with a message naming the toolchain; and presentation copies then fall back to the
/// nearest Lamina class instead of crashing.
final class SwiftRuntimeCheckTests: XCTestCase {
    override func tearDown() { LaminaDiagnostics.handler = nil }

    func system() throws -> SwiftRuntimeAccess { try SwiftRuntimeAccess.system().get() }

    func testThisToolchainPassesTheCheck() throws {
        XCTAssertNil(try system().check())
        XCTAssertNoThrow(try SwiftRuntimeAccess.checked.get())
    }

    /// Fields read 8 bytes off (as a changed reflection would report them).
    func testChangedReflectionIsCaughtAndTheToolchainNamed() throws {
        var rt = try system()
        let fields = rt.fields
        rt.fields = { cls in fields(cls).map { .init(name: $0.name, offset: $0.offset + 8, type: $0.type, isStrong: $0.isStrong) } }
        let failure = try XCTUnwrap(rt.check())
        XCTAssertTrue(failure.problem.contains("reads a known class's fields as"), failure.problem)
        XCTAssertTrue(failure.message.contains("Lamina built with Swift 6."), failure.message)
        XCTAssertTrue(failure.message.contains("libswiftCore"), "the runtime's file: \(failure.message)")
    }

    /// An instance size read from another place in the metadata.
    func testChangedMetadataIsCaught() throws {
        var rt = try system()
        rt.instanceLayout = { _ in (48, 7) }
        XCTAssertTrue(try XCTUnwrap(rt.check()).problem.contains("size 48"))
    }

    /// A weak copy that does not copy: the probe's copy reads back with its weak link lost.
    func testACopyThatDoesNotReadBackIsCaught() throws {
        var rt = try system()
        rt.weakCopyInit = { dest, _ in dest.storeBytes(of: 0, as: Int.self) }
        XCTAssertEqual(try XCTUnwrap(rt.check()).problem, "a field-by-field copy of a known class does not read back as the original")
    }

    /// With the check failed, a subclass's presentation copy is a plain CALayer and one diagnostic
    /// names the toolchain; with it passed, the copy is of the subclass with its own property.
    func testAFailedCheckFallsBackToTheLaminaClass() throws {
        let model = TaggedLayer()
        model.tag = "moved"
        let log = MessageLog()
        LaminaDiagnostics.handler = { log.append($0) }
        var messages: [String] { log.messages }
        let failure = RuntimeAccessFailure(problem: "test")
        let fallback = PresentationCopier.copy(of: model, base: CALayer(layer: model), runtime: .failure(failure))
        XCTAssertTrue(type(of: fallback) == CALayer.self)
        XCTAssertEqual(messages, [failure.message])
        XCTAssertTrue(messages.first?.contains(RuntimeAccessFailure.compiler) ?? false)
        let copy = PresentationCopier.copy(of: model, base: CALayer(layer: model), runtime: .success(try system()))
        XCTAssertEqual((copy as? TaggedLayer)?.tag, "moved")
    }
}
