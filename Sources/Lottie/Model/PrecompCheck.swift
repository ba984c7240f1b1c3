import Foundation
import CoreGraphics

/// Checks that precompositions do not contain themselves, nest at most
/// `LottieAnimation.maximumPrecompDepth` deep, and expand to at most
/// `LottieAnimation.maximumExpandedLayerCount` layers (each failure a located error); a
/// precomposition or image layer naming an asset that does not exist is noted and drawn empty, as
/// lottie-ios, rlottie and ThorVG leave such a layer out.
struct PrecompCheck {
    let precomps: [String: PrecompAsset]
    let images: [String: ImageAsset]

    /// Checks the composition whose layers are `layers`.
    func check(_ layers: [LayerModel], notes: inout [LottieDiagnostic]) throws {
        var memo: [String: (count: Int, depth: Int)] = [:]
        let total = try count(layers, stack: [], memo: &memo, notes: &notes).count
        guard total <= LottieAnimation.maximumExpandedLayerCount else {
            throw DecodingError.dataCorrupted(.init(codingPath: [AnyKey("layers")], debugDescription: "expected at most \(LottieAnimation.maximumExpandedLayerCount) layers once precompositions are expanded, found \(total)"))
        }
    }

    /// The layers drawn for `layers`, precompositions expanded (saturating just above the limit),
    /// and how deep precompositions nest in them; `stack` holds the precompositions being expanded.
    private func count(_ layers: [LayerModel], stack: [String], memo: inout [String: (count: Int, depth: Int)],
                       notes: inout [LottieDiagnostic]) throws -> (count: Int, depth: Int) {
        let cap = LottieAnimation.maximumExpandedLayerCount + 1
        var total = 0, depth = 0
        for l in layers {
            total = min(cap, total + 1)
            if case .image(let ref) = l.content, images[ref] == nil {
                notes.append(LottieDiagnostic(path: l.path + ".refId", message: "no image in \"assets\" has the id \"\(ref.prefix(80))\"; the layer is drawn empty"))
            }
            guard case .precomp(let p) = l.content else { continue }
            let at = [AnyKey(l.path + ".refId")]
            guard let asset = precomps[p.refId] else {
                notes.append(LottieDiagnostic(path: l.path + ".refId", message: "no precomposition in \"assets\" has the id \"\(p.refId.prefix(80))\"; the layer is drawn empty"))
                continue
            }
            guard !stack.contains(p.refId) else {
                let chain = (stack + [p.refId]).map { "\"\(TerminalText.escaped($0.prefix(40)))\"" }.joined(separator: " → ")
                throw DecodingError.dataCorrupted(.init(codingPath: at, debugDescription: "expected precompositions that do not contain themselves (\(chain))"))
            }
            let inner: (count: Int, depth: Int)
            if let m = memo[p.refId] { inner = m } else {
                guard stack.count < LottieAnimation.maximumPrecompDepth else { throw tooDeep(at) }
                inner = try count(asset.layers, stack: stack + [p.refId], memo: &memo, notes: &notes)
                memo[p.refId] = inner
            }
            guard stack.count + 1 + inner.depth <= LottieAnimation.maximumPrecompDepth else { throw tooDeep(at) }
            total = min(cap, total + inner.count)
            depth = max(depth, 1 + inner.depth)
        }
        return (total, depth)
    }

    private func tooDeep(_ at: [AnyKey]) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: at, debugDescription: "expected precompositions nested at most \(LottieAnimation.maximumPrecompDepth) deep"))
    }
}
