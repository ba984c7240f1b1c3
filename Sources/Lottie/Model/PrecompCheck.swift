import Foundation
import CoreGraphics

/// Checks that every precomposition and image layer names an asset that exists, that precompositions do not
/// contain themselves, nest at most `LottieAnimation.maximumPrecompDepth` deep, and expand to at
/// most `LottieAnimation.maximumExpandedLayerCount` layers; each failure is a located error.
struct PrecompCheck {
    let precomps: [String: PrecompAsset]
    let images: [String: ImageAsset]

    /// Checks the composition whose layers are `layers`.
    func check(_ layers: [LayerModel]) throws {
        var memo: [String: (count: Int, depth: Int)] = [:]
        let total = try count(layers, stack: [], memo: &memo).count
        guard total <= LottieAnimation.maximumExpandedLayerCount else {
            throw DecodingError.dataCorrupted(.init(codingPath: [AnyKey("layers")], debugDescription: "expected at most \(LottieAnimation.maximumExpandedLayerCount) layers once precompositions are expanded, found \(total)"))
        }
    }

    /// The layers drawn for `layers`, precompositions expanded (saturating just above the limit),
    /// and how deep precompositions nest in them; `stack` holds the precompositions being expanded.
    private func count(_ layers: [LayerModel], stack: [String], memo: inout [String: (count: Int, depth: Int)]) throws -> (count: Int, depth: Int) {
        let cap = LottieAnimation.maximumExpandedLayerCount + 1
        var total = 0, depth = 0
        for l in layers {
            total = min(cap, total + 1)
            if case .image(let ref) = l.content, images[ref] == nil {
                throw DecodingError.dataCorrupted(.init(codingPath: [AnyKey(l.path + ".refId")], debugDescription: "expected the id of an image in \"assets\", found \"\(TerminalText.escaped(ref.prefix(80)))\""))
            }
            guard case .precomp(let p) = l.content else { continue }
            let at = [AnyKey(l.path + ".refId")]
            guard let asset = precomps[p.refId] else {
                throw DecodingError.dataCorrupted(.init(codingPath: at, debugDescription: "expected the id of a precomposition in \"assets\", found \"\(TerminalText.escaped(p.refId.prefix(80)))\""))
            }
            guard !stack.contains(p.refId) else {
                let chain = (stack + [p.refId]).map { "\"\(TerminalText.escaped($0.prefix(40)))\"" }.joined(separator: " → ")
                throw DecodingError.dataCorrupted(.init(codingPath: at, debugDescription: "expected precompositions that do not contain themselves (\(chain))"))
            }
            let inner: (count: Int, depth: Int)
            if let m = memo[p.refId] { inner = m } else {
                guard stack.count < LottieAnimation.maximumPrecompDepth else { throw tooDeep(at) }
                inner = try count(asset.layers, stack: stack + [p.refId], memo: &memo)
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
