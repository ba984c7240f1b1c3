import Foundation

/// The completion block of a transaction and the count of animations it still waits for.
/// It fires once: after the outermost commit, when the count reaches zero (at once if it had none).
final class CompletionGroup {
    var block: (() -> Void)?
    var pending = 0
    var committed = false
    var fired = false
    init(block: (() -> Void)?) { self.block = block }
}
