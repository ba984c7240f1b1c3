import XCTest
import Foundation
@testable import QuartzCore
import Lottie

/// 3D layers (`ddd` 1), as lottie-web draws them: without a camera, no perspective (z moves nothing,
/// a turn about y narrows by its cosine); through a camera, perspective about the composition's
/// centre: a point z behind the plane of interest shrinks towards the centre by pe / (pe + z).
final class ThreeDTests: LottieTestCase {
    /// The opaque extent of `img` inside columns `x` and rows `y`, in image coordinates.
    func extent(_ img: CGImage, x: Range<Int>, y: Range<Int>) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        img.cropping(rows: y).cropping(columns: x).opaqueExtent().map { ($0.minX + x.lowerBound, $0.minY + y.lowerBound, $0.maxX + x.lowerBound, $0.maxY + y.lowerBound) }
    }

    func coverage(_ img: CGImage, x: Range<Int>, y: Range<Int>) -> Double { img.cropping(rows: y).cropping(columns: x).coverage() }

    /// An 80 square turned 60° about y: 80 · cos 60° = 40 wide, 80 tall, centred on (50, 50).
    func testRotationAboutY() throws {
        let a = try load("three_d.json")
        let img = frame(a, 0)
        let e = try XCTUnwrap(extent(img, x: 0..<100, y: 0..<100))
        XCTAssertEqual(e.minX, 30); XCTAssertEqual(e.maxX, 69); XCTAssertEqual(e.minY, 10); XCTAssertEqual(e.maxY, 89)
        XCTAssertClose(coverage(img, x: 0..<100, y: 0..<100), 40 * 80, 40)
    }

    /// Orientation `or` [60, 0, 0]: the turn about x halves the height: 80 wide, 40 tall.
    func testOrientation() throws {
        let img = frame(try load("three_d.json"), 0)
        let e = try XCTUnwrap(extent(img, x: 100..<200, y: 0..<100))
        XCTAssertEqual(e.minX, 110); XCTAssertEqual(e.maxX, 189); XCTAssertEqual(e.minY, 30); XCTAssertEqual(e.maxY, 69)
    }

    /// `rz` 90 then `ry` 60 (lottie-web's order: z first): the 80 × 30 bar stands up (30 × 80), then
    /// narrows to 15 × 80. The other order would give 30 × 40.
    func testRotationOrder() throws {
        let img = frame(try load("three_d.json"), 0)
        let e = try XCTUnwrap(extent(img, x: 200..<300, y: 0..<100))
        XCTAssertEqual(e.minY, 10); XCTAssertEqual(e.maxY, 89)
        XCTAssertClose(coverage(img, x: 200..<300, y: 0..<100), 15 * 80, 30)
    }

    /// A z of 300 without a camera changes nothing on screen: 80 × 80 around (350, 50).
    func testDepthWithoutCameraIsFlat() throws {
        let img = frame(try load("three_d.json"), 0)
        let e = try XCTUnwrap(extent(img, x: 300..<400, y: 0..<100))
        XCTAssertEqual(e.minX, 310); XCTAssertEqual(e.maxX, 389); XCTAssertEqual(e.minY, 10); XCTAssertEqual(e.maxY, 89)
    }

    /// `ry` keyframed 0 → 60 over frames 0...10 (linear): 80 · cos 30° ≈ 69.3 wide at frame 5, 40 at 10.
    func testKeyframedRotationAboutY() throws {
        let a = try load("three_d.json")
        XCTAssertClose(coverage(frame(a, 0), x: 0..<100, y: 100..<200), 80 * 80, 40)
        XCTAssertClose(coverage(frame(a, 5), x: 0..<100, y: 100..<200), 80 * cos(Double.pi / 6) * 80, 40)
        XCTAssertClose(coverage(frame(a, 10), x: 0..<100, y: 100..<200), 40 * 80, 40)
    }

    /// A 2D layer's `ry` is not drawn, and is noted; the 3D layers' parts are not.
    func testRotationOnA2DLayerIsNoted() throws {
        let a = try load("three_d.json")
        XCTAssertEqual(a.diagnostics.map(\.path), ["layers[5].ks.ry"])
        XCTAssertClose(coverage(frame(a, 0), x: 100..<200, y: 100..<200), 40 * 40, 20)
    }

    /// Camera pe 500 at its default place (100, 100, −500) looking at the centre. An 80 square at
    /// z 500 shows at 500 / 1000 = half size around the centre: 80...120. A 20 square at (160, 40,
    /// 500): centre 100 + 60 / 2 = 130, 100 − 60 / 2 = 70, 10 wide. A 24 square at (60, 150, −100):
    /// × 500 / 400 = 1.25: centre (50, 162.5), 30 wide. The 2D layer at (170, 170) is not seen
    /// through the camera: 160...180.
    func testCameraPerspective() throws {
        let a = try load("camera.json")
        XCTAssertEqual(a.diagnostics, [])
        let img = frame(a, 0)
        let big = try XCTUnwrap(extent(img, x: 70..<124, y: 78..<130))
        XCTAssertEqual(big.minX, 80); XCTAssertEqual(big.maxX, 119); XCTAssertEqual(big.minY, 80); XCTAssertEqual(big.maxY, 119)
        let far = try XCTUnwrap(extent(img, x: 110..<200, y: 40..<78))
        XCTAssertEqual(far.minX, 125); XCTAssertEqual(far.maxX, 134); XCTAssertEqual(far.minY, 65); XCTAssertEqual(far.maxY, 74)
        XCTAssertClose(coverage(img, x: 0..<80, y: 130..<200), 30 * 30, 10)
        let near = try XCTUnwrap(extent(img, x: 0..<80, y: 130..<200))
        XCTAssertEqual(near.minX, 35); XCTAssertEqual(near.maxX, 64)
        let flat = try XCTUnwrap(extent(img, x: 150..<200, y: 150..<200))
        XCTAssertEqual(flat.minX, 160); XCTAssertEqual(flat.maxX, 179); XCTAssertEqual(flat.minY, 160); XCTAssertEqual(flat.maxY, 179)
    }

    /// A 3D layer under a 2D parent that scales by 2: the 10 square at (40, 90, 500) is at (80, 180)
    /// and 20 wide in the composition, so the camera shows it around 100 + (80 − 100) / 2 = 90,
    /// 100 + 80 / 2 = 140, 10 wide (seen from inside the parent it would land at (140, 190)).
    func testCameraSeesALayerUnderA2DParent() throws {
        let img = frame(try load("camera.json"), 0)
        let e = try XCTUnwrap(extent(img, x: 70..<124, y: 125..<146))
        XCTAssertEqual(e.minX, 85); XCTAssertEqual(e.maxX, 94); XCTAssertEqual(e.minY, 135); XCTAssertEqual(e.maxY, 144)
        XCTAssertEqual(img.alpha(140, 190), 0)
    }

    /// A 3D layer turned 30° about y under a 3D null turned 30° (then 60°) about y turns 60° (then
    /// 90°) in one 3D space: the 40 square is 40 · cos 60° = 20 wide (then 0); flattened into its
    /// parent's plane it would be 40 · cos² 30° = 30 wide (then 40 · cos 30° · cos 60° ≈ 17.3).
    func testThreeDParentSharesItsSpace() throws {
        let a = try load("three_d_parent.json")
        XCTAssertEqual(a.diagnostics, [])
        let e = try XCTUnwrap(frame(a, 0).opaqueExtent())
        XCTAssertEqual(e.minX, 40); XCTAssertEqual(e.maxX, 59); XCTAssertEqual(e.minY, 30); XCTAssertEqual(e.maxY, 69)
        XCTAssertClose(frame(a, 10).coverage(), 0, 20)
    }

    /// A layer behind the camera (z −600 with the eye at −500) is not drawn. A 40 square at (30, 30)
    /// turned 89° about y: its edges x = ±20 go to x ± 20 cos 89° and 20 sin 89° towards / away from
    /// the eye, so perspective about (100, 100) scales them by 500 / (500 ∓ 20 sin 89°): a trapezoid
    /// from 100 + (−70 + 0.35) · 1.0417 ≈ 27.4 to 100 + (−70 − 0.35) · 0.9615 ≈ 32.4, its sides 40 ·
    /// those scales tall: about 197 px, where no perspective would give 40 · 40 cos 89° ≈ 28.
    func testBehindTheCamera() throws {
        let img = frame(try load("camera_behind.json"), 0)
        XCTAssertClose(img.cropping(rows: 60..<200).coverage(), 0, 1)
        let r = 89 * Double.pi / 180, near = 500 / (500 - 20 * sin(r)), far = 500 / (500 + 20 * sin(r))
        let left = 100 + (-70 + 20 * cos(r)) * near, right = 100 + (-70 - 20 * cos(r)) * far
        XCTAssertClose(img.cropping(rows: 0..<60).cropping(columns: 0..<60).coverage(), (right - left) * 40 * (near + far) / 2, 6)
    }

    /// The anchor's z takes the content back as the position's z brings it forward: a 40 square with
    /// anchor z 500 at z 500 lies in the plane z = 0, drawn at its size around (100, 120). A 20 square
    /// with anchor z 250, scale z 200 % and z 500 too (250 · 2 − 500 = 0): 90...110 around y 40
    /// (with scale z ignored it would be 20 · 500 / 750 ≈ 13 wide).
    func testAnchorAndScaleDepth() throws {
        let img = frame(try load("camera_anchor.json"), 0)
        let a = try XCTUnwrap(extent(img, x: 0..<200, y: 80..<200))
        XCTAssertEqual(a.minX, 80); XCTAssertEqual(a.maxX, 119); XCTAssertEqual(a.minY, 100); XCTAssertEqual(a.maxY, 139)
        let b = try XCTUnwrap(extent(img, x: 0..<200, y: 0..<80))
        XCTAssertEqual(b.minX, 90); XCTAssertEqual(b.maxX, 109); XCTAssertEqual(b.minY, 30); XCTAssertEqual(b.maxY, 49)
    }

    /// The camera (and its point of interest) moves from x 100 to 150 over frames 0...10: the world
    /// moves the other way, so a 40 square at (100, 100, 0) shows at 80...120, then 55...95, then 30...70.
    func testMovingCamera() throws {
        let a = try load("camera_moving.json")
        for (f, lo) in [(0.0, 80), (5, 55), (10, 30)] {
            let e = try XCTUnwrap(extent(frame(a, f), x: 0..<200, y: 0..<200))
            XCTAssertEqual(e.minX, lo, "frame \(f)"); XCTAssertEqual(e.maxX, lo + 39, "frame \(f)")
            XCTAssertEqual(e.minY, 80, "frame \(f)"); XCTAssertEqual(e.maxY, 119, "frame \(f)")
        }
    }

    /// What is not drawn is noted where it is: a second camera, a camera inside a precomposition, a
    /// camera's parent; a perspective below 1 is an error. A 3D layer under a 3D parent is drawn.
    func testDiagnosticsAndBadPerspective() throws {
        func camera(_ ind: Int, _ extra: String = "") -> String {
            #"{"ty":13,"ind":\#(ind),"ip":0,"op":10,"pe":{"a":0,"k":500},"ks":{"p":{"a":0,"k":[50,50,-500]}}\#(extra)}"#
        }
        let turned = #"{"ddd":1,"ty":3,"ind":3,"ip":0,"op":10,"ks":{"ry":{"a":0,"k":30}}}"#
        let child = #"{"ddd":1,"ty":3,"ind":4,"parent":3,"ip":0,"op":10,"ks":{}}"#
        let json = #"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":["# + camera(1) + "," + camera(2, #","parent":1"#) + "," + turned + "," + child
            + #"],"assets":[{"id":"p","layers":["# + camera(1) + "]}]}"
        let a = try LottieAnimation.from(data: Data(json.utf8))
        XCTAssertEqual(a.diagnostics.map(\.path), ["layers[1].parent", "layers[1]", "assets[0].layers[0]"])
        let bad = json.replacingOccurrences(of: #""k":500"#, with: #""k":0"#)
        XCTAssertThrowsError(try LottieAnimation.from(data: Data(bad.utf8))) { e in
            XCTAssertEqual((e as? LottieLoadError)?.path, "layers[0].pe")
        }
    }
}
