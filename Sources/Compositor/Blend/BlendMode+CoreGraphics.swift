import CoreGraphics

extension BlendMode {
    /// The compositor's mode for a Core Graphics blend mode (the same formula under the same name;
    /// Core Graphics' `.normal` is source over).
    public init(_ mode: CGBlendMode) {
        switch mode {
        case .normal: self = .normal
        case .multiply: self = .multiply
        case .screen: self = .screen
        case .overlay: self = .overlay
        case .darken: self = .darken
        case .lighten: self = .lighten
        case .colorDodge: self = .colorDodge
        case .colorBurn: self = .colorBurn
        case .softLight: self = .softLight
        case .hardLight: self = .hardLight
        case .difference: self = .difference
        case .exclusion: self = .exclusion
        case .hue: self = .hue
        case .saturation: self = .saturation
        case .color: self = .color
        case .luminosity: self = .luminosity
        case .clear: self = .clear
        case .copy: self = .copy
        case .sourceIn: self = .sourceIn
        case .sourceOut: self = .sourceOut
        case .sourceAtop: self = .sourceAtop
        case .destinationOver: self = .destinationOver
        case .destinationIn: self = .destinationIn
        case .destinationOut: self = .destinationOut
        case .destinationAtop: self = .destinationAtop
        case .xor: self = .xor
        case .plusDarker: self = .plusDarker
        case .plusLighter: self = .plusLighter
        }
    }
}
