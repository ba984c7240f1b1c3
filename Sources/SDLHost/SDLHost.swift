import CSDL2

/// The SDL host module: everything that talks to SDL2 (PNG files through SDL2_image, glyphs through
/// SDL2_ttf, and windows). Nothing else in Lamina imports SDL.
public enum SDLHost {
    /// The version of the SDL2 library linked at run time, as "major.minor.patch".
    public static var linkedSDLVersion: String {
        var v = SDL_version()
        SDL_GetVersion(&v)
        return "\(v.major).\(v.minor).\(v.patch)"
    }
}
