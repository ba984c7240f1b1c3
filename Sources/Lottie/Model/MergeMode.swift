import Foundation

/// How a merge paths item (`mm`) combines the shapes listed before it in its group.
enum MergeMode: Int, Sendable {
    /// 1: all the shapes as one path (the style's fill rule decides what is inside).
    case merge = 1
    /// 2: the union of the shapes.
    case add
    /// 3: the first shape less each one after it.
    case subtract
    /// 4: the area inside all the shapes.
    case intersect
    /// 5: the area inside an odd number of the shapes (each shape in turn exclusive-or'ed).
    case excludeIntersections
}
