import XCTest
@testable import lamina

/// How a recording is cut in parts and how a process learns its part: part K of N holds frames
/// ⌊F·(K−1)/N⌋ ..< ⌊F·K/N⌋ (every frame in exactly one part, in order, sizes within one frame of
/// each other), and the index a scheduler gives (Slurm from its array's first index, Kubernetes
/// from 0, GNU parallel from 1) becomes the 1-based part number.
final class PartNumberingTests: XCTestCase {
    func testPartsCoverEveryFrameOnceInOrder() throws {
        for total in [1, 2, 7, 90, 151, 1000] {
            for n in 1...min(total, 12) {
                let ranges = try (1...n).map { try FrameRange.part($0, of: n, total: total) }
                var next = 0
                for r in ranges {
                    XCTAssertEqual(r.first, next, "\(total) frames, \(n) parts")
                    XCTAssertGreaterThan(r.count, 0)
                    next = r.end
                }
                XCTAssertEqual(next, total)
                let sizes = ranges.map(\.count)
                XCTAssertLessThanOrEqual(sizes.max()! - sizes.min()!, 1, "even split of \(total) in \(n)")
            }
        }
        // Worked by hand: 90 frames in 4 parts are 22, 23, 22, 23 frames.
        XCTAssertEqual(try (1...4).map { try FrameRange.part($0, of: 4, total: 90) }.map { [$0.first, $0.end] }, [[0, 22], [22, 45], [45, 67], [67, 90]])
        XCTAssertThrowsError(try FrameRange.part(5, of: 4, total: 90))
        XCTAssertThrowsError(try FrameRange.part(1, of: 91, total: 90), "more parts than frames")
        XCTAssertThrowsError(try FrameRange.parseFrames("10..10", total: 90))
        XCTAssertThrowsError(try FrameRange.parseFrames("80..91", total: 90))
        XCTAssertEqual(try FrameRange.parseFrames("80..90", total: 90).count, 10)
    }

    func testTheSchedulersIndexBecomesThePartNumber() throws {
        XCTAssertEqual(try SchedulerIndex.index(variable: "auto", base: nil, environment: ["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "4"]), 4)
        XCTAssertEqual(try SchedulerIndex.index(variable: "auto", base: nil, environment: ["SLURM_ARRAY_TASK_ID": "0"]), 1, "an array from 0 without its MIN")
        XCTAssertEqual(try SchedulerIndex.index(variable: "auto", base: nil, environment: ["JOB_COMPLETION_INDEX": "3"]), 4)
        XCTAssertEqual(try SchedulerIndex.index(variable: "auto", base: nil, environment: ["PARALLEL_SEQ": "3"]), 3)
        XCTAssertEqual(try SchedulerIndex.index(variable: "JOB_COMPLETION_INDEX", base: nil, environment: ["JOB_COMPLETION_INDEX": "0", "PARALLEL_SEQ": "9"]), 1)
        XCTAssertEqual(try SchedulerIndex.index(variable: "MY_INDEX", base: nil, environment: ["MY_INDEX": "2"]), 3, "another variable counts from 0")
        XCTAssertEqual(try SchedulerIndex.index(variable: "MY_INDEX", base: 1, environment: ["MY_INDEX": "2"]), 2)
        XCTAssertThrowsError(try SchedulerIndex.index(variable: "MY_INDEX", base: nil, environment: ["MY_INDEX": "two\u{1b}[31m"])) { e in
            XCTAssertFalse("\(e)".contains("\u{1b}"), "control characters are escaped: \(e)")
        }
        XCTAssertThrowsError(try SchedulerIndex.index(variable: "auto", base: nil, environment: [:]))
        // {part} in an output name: zero-padded to the digits of the part count.
        XCTAssertEqual(RecordingPartOptions.output("p/part-{part}.mkv", for: try FrameRange.part(3, of: 12, total: 100)), "p/part-03.mkv")
    }
}
