import CSDL2

/// The SDL host module: windows through SDL2 (`WindowHost`). PNG and JPEG files (SDL2_image) and
/// glyphs (SDL2_ttf) come with the `QuartzCore` product (`PNGCodec`, `ImageDecoder`,
/// `DefaultFontProvider`); the public window API is the `LaminaWindow` product, which wraps this
/// module and shows no SDL type.
public enum SDLHost {
    /// The version of the SDL2 library linked at run time, as "major.minor.patch".
    public static var linkedSDLVersion: String {
        var v = SDL_version()
        SDL_GetVersion(&v)
        return "\(v.major).\(v.minor).\(v.patch)"
    }
}
