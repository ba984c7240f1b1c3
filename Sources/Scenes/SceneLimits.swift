/// The limits added to `Scene.Limits` that guard the machine against hostile or runaway scene files;
/// each, when exceeded, gives a located message that names it.
extension Scene.Limits {
    /// Deepest nesting of lists and mappings, counted with aliases followed (a layer nested in a
    /// layer takes two levels: its mapping and the `sublayers` list).
    public static let depth = 256
    /// Most nodes (scalars, lists, mappings) in a scene with every alias expanded: guards against
    /// "billion laughs" documents whose aliases multiply a small text into an enormous tree.
    public static let expandedNodes = 4_000_000
    /// Widest or tallest image a scene may use, in pixels.
    public static let imageSide = 16_384
    /// Most pixels in one image a scene may use (64 Mpx).
    public static let imagePixels = 64 << 20
    /// The decoded-image budget of a scene unless `Scene.imageBudget` changes it: 1 GiB, the bytes
    /// of four images at `imagePixels` (256 MiB each decoded) or of about 32 full-screen 4K ones.
    /// A fixed amount rather than a share of the machine's memory, so that a scene that loads on one
    /// machine loads on every other (and in CI) alike.
    public static let defaultImageBudget = 1 << 30
    /// Most items in one list of values (numbers, colours, dash patterns, gradient stops).
    public static let listItems = 10_000
    /// Longest text of a text layer, in UTF-8 bytes (laid out on every frame).
    public static let textBytes = 64 << 10
}
