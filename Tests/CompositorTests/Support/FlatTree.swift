import CoreGraphics
@testable import Compositor

/// A render tree of a root of `width` × `height` whose children are `leaves`, each without
/// sublayers (their ids 1, 2, … and subtree ends filled in).
func flatTree(width: CGFloat, height: CGFloat, _ leaves: [RenderNode]) -> RenderTree {
    nestedTree(width: width, height: height, leaves.map { ($0, []) })
}

/// A tree of a root of `width` × `height` and `layers`, each followed by its own leaves (the
/// sublayers it holds), in order.
func nestedTree(width: CGFloat, height: CGFloat, _ layers: [(RenderNode, [RenderNode])]) -> RenderTree {
    var root = RenderNode()
    root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    var nodes = [root]
    for (layer, leaves) in layers {
        var n = layer
        n.id = UInt64(nodes.count)
        n.subtreeEnd = nodes.count + 1 + leaves.count
        nodes.append(n)
        for var leaf in leaves {
            leaf.id = UInt64(nodes.count)
            leaf.subtreeEnd = nodes.count + 1
            nodes.append(leaf)
        }
    }
    nodes[0].subtreeEnd = nodes.count
    return RenderTree(nodes: nodes)
}
