import Foundation

/// How a layer is drawn through its track matte (`tt`).
enum MatteMode: Int, Sendable {
    /// 1: where the matte is opaque.
    case alpha = 1
    /// 2: where the matte is transparent.
    case alphaInverted
    /// 3: by the matte's luma times its alpha.
    case luma
    /// 4: by one minus the matte's luma times its alpha.
    case lumaInverted

    /// Whether the matte's coverage is turned inside out.
    var isInverted: Bool { self == .alphaInverted || self == .lumaInverted }
}
