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

    /// Reads the composition's `markers` list. A marker without a name or frame, or with a value
    /// that is not a finite number, is noted at its path and left out (the rest of the file plays);
    /// a negative duration is kept, as lottie-ios keeps it (`play(marker:)` then plays backwards).
    static func read(_ c: KeyedDecodingContainer<AnyKey>, notes: inout [LottieDiagnostic]) throws -> [MarkerModel] {
        guard c.has("markers") else { return [] }
        var u = try arrayContainer(c.superDecoder(forKey: AnyKey("markers")), expected: "a list of markers")
        var out: [MarkerModel] = []
        while !u.isAtEnd {
            guard out.count < 10_000 else { throw c.mismatch("markers", expected: "at most 10000 markers") }
            let d = try u.superDecoder()
            let here = JSONPath.string(d.codingPath)
            guard let m = try? d.container(keyedBy: AnyKey.self) else {
                notes.append(LottieDiagnostic(path: here, message: "expected a marker, an object with \"cm\" and \"tm\"; it is left out"))
                continue
            }
            // (`try?` flattens: nil when the key is absent or not of its kind.)
            let name: String? = try? m.string("cm"), time: Double? = try? m.number("tm")
            let duration: Double? = m.has("dr") ? try? m.number("dr") : 0
            guard let name, let time, time.isFinite, abs(time) <= LottieAnimation.maximumFrameCount,
                  let duration, duration.isFinite, abs(duration) <= LottieAnimation.maximumFrameCount else {
                notes.append(LottieDiagnostic(path: here, message: "expected a marker with a name (\"cm\"), a frame (\"tm\") and a duration (\"dr\") within ±\(Int(LottieAnimation.maximumFrameCount)) frames; it is left out"))
                continue
            }
            out.append(MarkerModel(name: name, frameTime: time, durationFrameTime: duration))
        }
        return out
    }
}
