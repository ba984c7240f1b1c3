import Foundation
import XCTest
import LaminaTestSupport

/// deploy/ holds what runs lamina under the schedulers people have; `scripts/check-deploy.sh`
/// checks it without a cluster: the scripts parse, the Kubernetes manifests parse and agree with
/// themselves, the image installs scripts/setup.sh's packages, and the Slurm array script and the
/// Indexed Job's arguments, run as their scheduler would run them, join to one recording's frames.
final class DeployFilesTests: XCTestCase {
    func testTheDeployFilesRunAsTheirSchedulersWouldRunThem() throws {
        try RecordingPartsHarness.require(["ffmpeg", "python3"])
        try XCTSkipIf(try RecordingPartsHarness.run("python3", ["-c", "import yaml"]).status != 0, "python3's yaml module is missing (apt-get install python3-yaml)")
        let script = RecordingPartsHarness.scenes.deletingLastPathComponent().appendingPathComponent("scripts/check-deploy.sh").path
        let r = try RecordingPartsHarness.run("bash", [script], environment: ["LAMINA": LaminaCommand.binary.path])
        XCTAssertEqual(r.status, 0, r.err)
        let out = String(decoding: r.out, as: UTF8.self)
        XCTAssertTrue(out.contains("the Slurm array script (tasks 3-6) and its join give the frames of one recording"), out)
        XCTAssertTrue(out.contains("the Indexed Job's arguments (indexes 0-7) and the join give the frames of one recording"), out)
    }
}
