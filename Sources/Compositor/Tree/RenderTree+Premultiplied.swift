import Foundation

/// A colour in a render tree that breaks its premultiplied contract: a channel above alpha.
public struct NonPremultipliedColor: Equatable, CustomStringConvertible, Sendable {
    /// The node's index in the tree.
    public var node: Int
    /// Which of the node's colours: "backgroundColor", "borderColor", "shadow.color",
    /// "contents[i].color" or "contents[i].tint".
    public var field: String
    /// The colour, 0xAARRGGBB.
    public var color: UInt32

    /// Creates a finding.
    public init(node: Int, field: String, color: UInt32) { self.node = node; self.field = field; self.color = color }

    /// "node 3 backgroundColor 0x80306090 has a channel above its alpha 0x80".
    public var description: String {
        "node \(node) \(field) 0x\(String(color, radix: 16, uppercase: true)) has a channel above its alpha 0x\(String(color >> 24, radix: 16, uppercase: true)) (render tree colours are premultiplied)"
    }
}

extension RenderTree {
    /// Whether a 0xAARRGGBB colour is a valid premultiplied one: no channel above alpha.
    public static func isPremultiplied(_ color: UInt32) -> Bool {
        let a = color >> 24
        return (color >> 16) & 0xFF <= a && (color >> 8) & 0xFF <= a && color & 0xFF <= a
    }

    /// The first colour in node order that is not premultiplied, or nil when every colour the
    /// rasteriser reads keeps the contract. The kernels assume it: on a broken colour their SIMD
    /// levels may differ from each other (wrapping against saturating arithmetic). Gradient tables
    /// are made premultiplied from straight stops and are not checked.
    public func firstNonPremultipliedColor() -> NonPremultipliedColor? {
        for (i, node) in nodes.enumerated() {
            if !Self.isPremultiplied(node.backgroundColor) { return NonPremultipliedColor(node: i, field: "backgroundColor", color: node.backgroundColor) }
            if !Self.isPremultiplied(node.borderColor) { return NonPremultipliedColor(node: i, field: "borderColor", color: node.borderColor) }
            if let s = node.shadow, !Self.isPremultiplied(s.color) { return NonPremultipliedColor(node: i, field: "shadow.color", color: s.color) }
            for (k, content) in node.contents.enumerated() {
                switch content {
                case .fill(let f) where !Self.isPremultiplied(f.color):
                    return NonPremultipliedColor(node: i, field: "contents[\(k)].color", color: f.color)
                case .glyphs(let g) where !Self.isPremultiplied(g.color):
                    return NonPremultipliedColor(node: i, field: "contents[\(k)].color", color: g.color)
                case .image(let m) where !Self.isPremultiplied(m.tint):
                    return NonPremultipliedColor(node: i, field: "contents[\(k)].tint", color: m.tint)
                default:
                    continue
                }
            }
        }
        return nil
    }
}
