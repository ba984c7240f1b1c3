import Foundation
import CoreGraphics

/// A named point in time, with a duration, that the designer put in the file (`markers`: `cm` the
/// name, `tm` the frame, `dr` the duration in frames), as lottie-ios reads them for
/// `play(fromMarker:toMarker:)` and `play(marker:)`.
struct MarkerModel: Sendable, Equatable {
    /// The marker's name (`cm`).
    var name: String
    /// The frame it marks (`tm`).
    var frameTime: Double
    /// How many frames it lasts (`dr`; 0 when absent).
    var durationFrameTime: Double

    /// Reads the composition's `markers` list; a marker without a name or frame, or with a value that
    /// is not a finite number, is a located error.
    static func read(_ c: KeyedDecodingContainer<AnyKey>) throws -> [MarkerModel] {
        guard c.has("markers") else { return [] }
        var u = try arrayContainer(c.superDecoder(forKey: AnyKey("markers")), expected: "a list of markers")
        var out: [MarkerModel] = []
        while !u.isAtEnd {
            guard out.count < 10_000 else { throw c.mismatch("markers", expected: "at most 10000 markers") }
            let d = try u.superDecoder()
            let m: KeyedDecodingContainer<AnyKey>
            do { m = try d.container(keyedBy: AnyKey.self) } catch {
                throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: d.codingPath, debugDescription: "expected a marker, an object with \"cm\" and \"tm\""))
            }
            guard let name = try m.string("cm") else {
                throw DecodingError.keyNotFound(AnyKey("cm"), .init(codingPath: d.codingPath, debugDescription: "expected \"cm\", the marker's name"))
            }
            guard let time = try m.number("tm") else {
                throw DecodingError.keyNotFound(AnyKey("tm"), .init(codingPath: d.codingPath, debugDescription: "expected \"tm\", the marker's frame"))
            }
            let duration = try m.number("dr") ?? 0
            guard time.isFinite, abs(time) <= LottieAnimation.maximumFrameCount else { throw m.mismatch("tm", expected: "a frame within ±\(Int(LottieAnimation.maximumFrameCount)), found \(time)") }
            guard duration.isFinite, duration >= 0, duration <= LottieAnimation.maximumFrameCount else {
                throw m.mismatch("dr", expected: "a duration from 0 to \(Int(LottieAnimation.maximumFrameCount)) frames, found \(duration)")
            }
            out.append(MarkerModel(name: name, frameTime: time, durationFrameTime: duration))
        }
        return out
    }
}
