import QuartzCore

/// The presenter tests' scene: a blue 320x160 root with a red 10x10 dot whose `position.x` moves
/// from 105 to 205 over ten seconds, so that after the first frame only where the dot was and is
/// changes.
enum MovingDotScene {
    /// The root layer (the dot is its only sublayer, already animating).
    static func make() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 160)
        root.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        let dot = CALayer()
        dot.frame = CGRect(x: 100, y: 100, width: 10, height: 10)
        dot.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(dot)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 105
        move.toValue = 205
        move.duration = 10
        dot.add(move, forKey: "move")
        return root
    }
}
