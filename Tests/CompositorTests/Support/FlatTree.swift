import CoreGraphics
@testable import Compositor

/// A render tree of a root of `width` × `height` whose children are `leaves`, each without
/// sublayers (their ids 1, 2, … and subtree ends filled in).
func flatTree(width: CGFloat, height: CGFloat, _ leaves: [RenderNode]) -> RenderTree {
    var root = RenderNode()
    root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    var nodes = [root]
    for var n in leaves {
        n.id = UInt64(nodes.count)
        n.subtreeEnd = nodes.count + 1
        nodes.append(n)
    }
    nodes[0].subtreeEnd = nodes.count
    return RenderTree(nodes: nodes)
}
