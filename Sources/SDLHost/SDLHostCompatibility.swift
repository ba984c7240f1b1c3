import QuartzCore

/// The default font provider under its former name: glyphs from SDL2_ttf now come with the
/// `QuartzCore` product (`DefaultFontProvider`), and text layers use it with no setup.
public typealias SDLFontProvider = DefaultFontProvider
