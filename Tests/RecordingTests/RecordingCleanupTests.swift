import Foundation
import XCTest
@testable import LaminaRecording

/// The table of partial recordings a signal cleans up: slots claimed, attached and freed as the
/// recorder's threads say, and never two recordings in one slot when threads register at once.
final class RecordingCleanupTests: XCTestCase {
    private func unique(_ tag: String) -> String { "/tmp/lamina-cleanup-test-\(tag)-\(UUID().uuidString).partial" }

    func testRegisterAttachAndUnregisterByPathAndPid() {
        let a = unique("a"), b = unique("b")
        RecordingCleanup.register(pid: 0, path: a)
        RecordingCleanup.register(pid: 4242, path: b)
        XCTAssertTrue(Set(RecordingCleanup.trackedPaths).isSuperset(of: [a, b]))
        RecordingCleanup.attach(pid: 4343, path: a)
        RecordingCleanup.unregister(pid: 4343)
        XCTAssertFalse(RecordingCleanup.trackedPaths.contains(a), "unregister(pid:) frees the slot attach gave that pid")
        XCTAssertTrue(RecordingCleanup.trackedPaths.contains(b))
        RecordingCleanup.unregister(path: b)
        XCTAssertFalse(RecordingCleanup.trackedPaths.contains(b))
    }

    func testRegistrationsBeyondCapacityAreNotTrackedAndFreeNoSlot() {
        let paths = (0..<(RecordingCleanup.capacity + 3)).map { unique("cap\($0)") }
        for p in paths { RecordingCleanup.register(pid: 0, path: p) }
        let tracked = Set(RecordingCleanup.trackedPaths)
        XCTAssertEqual(paths.filter(tracked.contains).count, RecordingCleanup.capacity)
        for p in paths { RecordingCleanup.unregister(path: p) }
        XCTAssertTrue(Set(RecordingCleanup.trackedPaths).isDisjoint(with: paths))
        // Every slot is free again: a full table's worth registers.
        let again = (0..<RecordingCleanup.capacity).map { unique("again\($0)") }
        for p in again { RecordingCleanup.register(pid: 0, path: p) }
        XCTAssertEqual(Set(RecordingCleanup.trackedPaths).intersection(again).count, RecordingCleanup.capacity)
        for p in again { RecordingCleanup.unregister(path: p) }
    }

    /// Threads that start recordings at the same moment each get a slot of their own.
    func testConcurrentRegistrationsTakeDistinctSlots() {
        for round in 0..<50 {
            let paths = (0..<RecordingCleanup.capacity).map { unique("r\(round)-\($0)") }
            DispatchQueue.concurrentPerform(iterations: paths.count) { i in
                RecordingCleanup.register(pid: pid_t(10_000 + i), path: paths[i])
            }
            XCTAssertEqual(Set(RecordingCleanup.trackedPaths).intersection(paths).count, paths.count, "round \(round)")
            DispatchQueue.concurrentPerform(iterations: paths.count) { i in
                RecordingCleanup.unregister(pid: pid_t(10_000 + i))
            }
            XCTAssertTrue(Set(RecordingCleanup.trackedPaths).isDisjoint(with: paths), "round \(round)")
        }
    }
}
