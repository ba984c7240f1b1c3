import Foundation

/// How a layer's (group) pixels combine with what is below them: source over (the default), one of
/// the W3C Compositing and Blending Level 1 blend modes, or a Porter-Duff operator. The compositor
/// draws a layer with any mode but `.normal` through an offscreen group and composites the group
/// with `BlendFormulas.blend` (premultiplied pixels, the W3C formulas).
public enum BlendMode: UInt8, CaseIterable, Equatable, Sendable {
    /// Source over (W3C "normal"): no filter.
    case normal
    // Separable blend modes (W3C §10.2).
    /// B = Cb · Cs.
    case multiply
    /// B = Cb + Cs − Cb · Cs.
    case screen
    /// Hard light with source and backdrop swapped.
    case overlay
    /// B = min(Cb, Cs).
    case darken
    /// B = max(Cb, Cs).
    case lighten
    /// Brightens the backdrop towards the source: min(1, Cb / (1 − Cs)).
    case colorDodge
    /// Darkens the backdrop towards the source: 1 − min(1, (1 − Cb) / Cs).
    case colorBurn
    /// Multiply or screen, depending on the source.
    case hardLight
    /// Darken or lighten, depending on the source (the W3C formula with D(Cb)).
    case softLight
    /// B = |Cb − Cs|.
    case difference
    /// B = Cb + Cs − 2 · Cb · Cs.
    case exclusion
    // Non-separable blend modes (W3C §10.3).
    /// The source's hue with the backdrop's saturation and luminosity.
    case hue
    /// The source's saturation with the backdrop's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the backdrop's luminosity.
    case color
    /// The source's luminosity with the backdrop's hue and saturation.
    case luminosity
    // Porter-Duff operators (W3C §9.1): co = Fa·cs + Fb·cb, αo = Fa·αs + Fb·αb.
    /// Fa = 0, Fb = 0.
    case clear
    /// Fa = 1, Fb = 0.
    case copy
    /// Fa = 1 − αb, Fb = 1.
    case destinationOver
    /// Fa = αb, Fb = 0.
    case sourceIn
    /// Fa = 0, Fb = αs.
    case destinationIn
    /// Fa = 1 − αb, Fb = 0.
    case sourceOut
    /// Fa = 0, Fb = 1 − αs.
    case destinationOut
    /// Fa = αb, Fb = 1 − αs.
    case sourceAtop
    /// Fa = 1 − αb, Fb = αs.
    case destinationAtop
    /// Fa = 1 − αb, Fb = 1 − αs.
    case xor
    /// Fa = 1, Fb = 1, clamped (W3C "plus-lighter"; Apple's "plusL", Core Image's addition).
    case plusLighter
    /// αo = min(1, αs + αb), co = max(0, αo − (αs − cs) − (αb − cb)): Apple's "plusD" and Core
    /// Graphics' `plusDarker`, R = max(0, 1 − ((1 − D) + (1 − S))) on opaque pixels, with alpha as
    /// Safari's `plus-darker` composites it (the W3C draft's formula for it is known to be wrong).
    case plusDarker

    /// Whether the mode changes the backdrop where the source is fully transparent (the
    /// compositor confines such modes to the layer's bounds).
    public var affectsBackdropOutsideSource: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .destinationIn, .sourceOut, .destinationAtop: return true
        default: return false
        }
    }

    /// The mode for a compositing filter name as Apple spells it: the names CALayer accepts as a
    /// String ("multiplyBlendMode", "sourceIn", "xor", "plusL", …) and the names of Core Image's
    /// compositing filters ("CIMultiplyBlendMode", "CISourceInCompositing", "CIAdditionCompositing"
    /// …). Unknown names give nil.
    public init?(filterName name: String) {
        if let m = BlendMode.filterNames[name] { self = m; return }
        return nil
    }

    /// Every accepted filter name, with its mode.
    public static let filterNames: [String: BlendMode] = {
        var t: [String: BlendMode] = [:]
        let blends: [(String, BlendMode)] = [
            ("Multiply", .multiply), ("Screen", .screen), ("Overlay", .overlay), ("Darken", .darken), ("Lighten", .lighten),
            ("ColorDodge", .colorDodge), ("ColorBurn", .colorBurn), ("SoftLight", .softLight), ("HardLight", .hardLight),
            ("Difference", .difference), ("Exclusion", .exclusion), ("Hue", .hue), ("Saturation", .saturation),
            ("Color", .color), ("Luminosity", .luminosity),
        ]
        for (n, m) in blends {
            t[n.prefix(1).lowercased() + n.dropFirst() + "BlendMode"] = m
            t["CI" + n + "BlendMode"] = m
        }
        let porterDuff: [(String, BlendMode)] = [
            ("clear", .clear), ("copy", .copy), ("sourceOver", .normal), ("normalBlendMode", .normal), ("destinationOver", .destinationOver),
            ("sourceIn", .sourceIn), ("destinationIn", .destinationIn), ("sourceOut", .sourceOut),
            ("destinationOut", .destinationOut), ("sourceAtop", .sourceAtop), ("destinationAtop", .destinationAtop),
            ("xor", .xor), ("plusL", .plusLighter), ("plusLighter", .plusLighter),
            ("plusD", .plusDarker), ("plusDarker", .plusDarker),
            ("CISourceOverCompositing", .normal), ("CISourceInCompositing", .sourceIn), ("CISourceOutCompositing", .sourceOut),
            ("CISourceAtopCompositing", .sourceAtop), ("CIAdditionCompositing", .plusLighter),
        ]
        for (n, m) in porterDuff { t[n] = m }
        return t
    }()
}
