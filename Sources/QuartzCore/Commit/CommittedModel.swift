import Synchronization

/// The app side's record of everything committed (Lamina): the tree of every committed layer in
/// the process, whatever renderer shows it, replaced by each outermost commit. Commits read the
/// previous tree from here and build the next one; app-side reads (`presentation()`, layer times,
/// animated display, tools) evaluate from it. Renderers never read it: each draws from its own
/// `CommittedTreeStore`, into which the commit publishes what lies under that renderer's root.
///
/// Any thread: the tree is swapped under the mutex, which is held only for the swap or the read.
enum CommittedModel {
    private static let latest = Mutex(CommittedTree.empty)

    /// The latest committed tree.
    static var current: CommittedTree { latest.withLock { $0 } }

    /// Replaces the latest tree with `tree` (the commit, under ModelLock).
    static func publish(_ tree: CommittedTree) {
        latest.withLock { $0 = tree }
    }
}

extension CATransaction {
    /// Lamina: the latest committed tree of the whole process (every committed layer), as the last
    /// outermost commit on any thread left it. Renderers draw from their own stores instead.
    @_spi(LaminaInternal)
    public static var publishedTree: CommittedTree { CommittedModel.current }
}
