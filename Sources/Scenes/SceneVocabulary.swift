import Foundation

/// The scene format's vocabulary, for tools that generate scene documents (the fuzzer): the layer
/// classes, each class's property keys and kinds, and the animation keys (Lamina, SPI).
@_spi(LaminaInternal)
public enum SceneVocabulary {
    /// The layer class names a scene may use.
    public static var classes: [String] { SceneProperties.classes }
    /// The property keys of a layer class and the kind of value each takes.
    public static func properties(ofClass name: String) -> [String: SceneValueKind] { SceneProperties.table(forClass: name) }
    /// The gradient layer's own keys.
    public static var gradientProperties: [String: SceneValueKind] { SceneProperties.gradient }
    /// Key paths that animations may target besides the properties (`position.x`, `transform.scale` ...).
    public static var animatableSubPaths: [String: SceneValueKind] { SceneProperties.animatableSubPaths }
    /// The media-timing keys of an animation.
    public static var timingKeys: [String] { SceneParser.timingKeys }
    /// The keys every property animation takes.
    public static var propertyAnimationKeys: [String] { SceneParser.propertyKeys }
    /// The keys of each animation type, by type name.
    public static var animationKindKeys: [String: [String]] { SceneParser.kindKeys }
    /// Refuses a document whose structure is over the limits (alias bombs, depth), before parsing.
    public static func checkDocument(_ text: String, file: String) throws { try SceneDocumentGuard.check(text, file: file) }
}
