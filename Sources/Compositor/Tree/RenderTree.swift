import Foundation

/// A whole frame's layers as values, in depth-first order: a node, then its sublayers' subtrees
/// (back to front), then its mask's subtree. Node 0 is the root.
public struct RenderTree: Equatable {
    /// The nodes.
    public var nodes: [RenderNode]

    /// Creates a tree; `nodes` must be in the order described above with valid `subtreeEnd`/`mask`.
    public init(nodes: [RenderNode] = []) { self.nodes = nodes }

    /// The indices of the sublayers of node `i`, back to front (its mask excluded).
    public func children(of i: Int) -> [Int] {
        var r: [Int] = []
        var j = i + 1
        let end = nodes[i].subtreeEnd
        while j < end {
            if j != nodes[i].mask { r.append(j) }
            j = max(nodes[j].subtreeEnd, j + 1)
        }
        return r
    }
}
