import XCTest
@testable import Compositor

/// BlendFormulas against the W3C formulas worked out apart: by hand (below) and by
/// Support/blend_reference.py (exact rational arithmetic, written independently of the Swift code;
/// its output is the table here, pasted as printed by `python3 Tests/CompositorTests/Support/blend_reference.py`).
final class BlendFormulaTests: XCTestCase {
    static let pairs: [(backdrop: UInt32, source: UInt32)] = [(0xFF4080C0, 0xFFC08040), (0xFF202020, 0xFFE0E0E0), (0x80402000, 0xC0604020), (0xFF10A0F0, 0x80604000), (0x00000000, 0x80808080), (0xFFC86432, 0xFF3278C8)]
    static let expected: [BlendMode: [UInt32]] = [
        .multiply: [0xFF304030, 0xFF1C1C1C, 0xE0583010, 0xFF0E7878, 0x80808080, 0xFF272F27],
        .screen: [0xFFD0C0D0, 0xFFE4E4E4, 0xE0885820, 0xFF6AB8F0, 0x80808080, 0xFFD3ADD3],
        .overlay: [0xFF6080A1, 0xFF383838, 0xE0703810, 0xFF14A0E8, 0x80808080, 0xFFA75E4E],
        .darken: [0xFF408040, 0xFF202020, 0xE0704010, 0xFF109078, 0x80808080, 0xFF326432],
        .lighten: [0xFFC080C0, 0xFFE0E0E0, 0xE0704820, 0xFF68A0F0, 0x80808080, 0xFFC878C8],
        .colorDodge: [0xFFFFFFFF, 0xFFFFFFFF, 0xE0A04C10, 0xFF28D0F0, 0x80808080, 0xFFF9BDE8],
        .colorBurn: [0xFF010204, 0xFF010101, 0xE0402810, 0xFF087078, 0x80808080, 0xFF000000],
        .hardLight: [0xFFA18060, 0xFFC9C9C9, 0xE0703810, 0xFF4CA078, 0x80808080, 0xFF4E5EA7],
        .softLight: [0xFF6080A8, 0xFF4A4A4A, 0xE0703A10, 0xFF19A0E9, 0x80808080, 0xFFAE6056],
        .difference: [0xFF800080, 0xFFC0C0C0, 0xE0403020, 0xFF6060F0, 0x80808080, 0xFF961496],
        .exclusion: [0xFFA07FA0, 0xFFC8C8C8, 0xE0705020, 0xFF6490F0, 0x80808080, 0xFFAC7EAC],
        .hue: [0xFFA86828, 0xFF202020, 0xE0704010, 0xFF638C78, 0x80808080, 0xFF4389D9],
        .saturation: [0xFF4080C0, 0xFF202020, 0xE0694119, 0xFF189DE8, 0x80808080, 0xFFC86432],
        .color: [0xFFA86828, 0xFF202020, 0xE0694119, 0xFF638C78, 0x80808080, 0xFF4389D9],
        .luminosity: [0xFF5898D8, 0xFFE0E0E0, 0xE0764616, 0xFF14A4F4, 0x80808080, 0xFFB75321],
        .clear: [0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000],
        .copy: [0xFFC08040, 0xFFE0E0E0, 0xC0604020, 0x80604000, 0x80808080, 0xFF3278C8],
        .destinationOver: [0xFF4080C0, 0xFF202020, 0xE0704010, 0xFF10A0F0, 0x80808080, 0xFFC86432],
        .sourceIn: [0xFFC08040, 0xFFE0E0E0, 0x60302010, 0x80604000, 0x00000000, 0xFF3278C8],
        .destinationIn: [0xFF4080C0, 0xFF202020, 0x60301800, 0x80085078, 0x00000000, 0xFFC86432],
        .sourceOut: [0x00000000, 0x00000000, 0x60302010, 0x00000000, 0x80808080, 0x00000000],
        .destinationOut: [0x00000000, 0x00000000, 0x20100800, 0x7F085078, 0x00000000, 0x00000000],
        .sourceAtop: [0xFFC08040, 0xFFE0E0E0, 0x80402810, 0xFF689078, 0x00000000, 0xFF3278C8],
        .destinationAtop: [0xFF4080C0, 0xFF202020, 0xC0603810, 0x80085078, 0x80808080, 0xFFC86432],
        .xor: [0x00000000, 0x00000000, 0x7F402810, 0x7F085078, 0x80808080, 0x00000000],
        .plusLighter: [0xFFFFFFFF, 0xFFFFFFFF, 0xFFA06020, 0xFF70E0F0, 0x80808080, 0xFFFADCFA],
        .plusDarker: [0xFF010101, 0xFF010101, 0xFF5F1F00, 0xFF006070, 0x80808080, 0xFF000000],
    ]

    func testEveryModeMatchesTheReferenceScript() {
        XCTAssertEqual(Set(Self.expected.keys), Set(BlendMode.allCases).subtracting([.normal]), "every mode has reference values")
        for (mode, values) in Self.expected {
            for (k, pair) in Self.pairs.enumerated() {
                let got = BlendFormulas.blend(pair.backdrop, pair.source, mode: mode)
                XCTAssertEqual(got, values[k], "\(mode) of \(String(pair.source, radix: 16)) onto \(String(pair.backdrop, radix: 16)): got \(String(got, radix: 16))")
            }
        }
    }

    /// Worked by hand. Opaque pixels: co = B(Cb, Cs).
    /// multiply, Cb = (64, 128, 192)/255, Cs = (192, 128, 64)/255: 64·192/255 = 48.19 → 48 (0x30),
    /// 128·128/255 = 64.25 → 64 (0x40), 192·64/255 = 48.19 → 48.
    /// screen, same pixels: 64 + 192 − 48.19 = 207.8 → 208 (0xD0); 128 + 128 − 64.25 = 191.75 → 192 (0xC0).
    /// difference: |64 − 192| = 128 (0x80), 0, 128.
    /// sourceIn, 50 % backdrop (α = 128/255) under an opaque source: Fa = αb, so every channel is
    /// source·128/255: 255 → 128, 0x80 red → 128·128/255 = 64.25 → 64.
    /// destinationOut, opaque source: Fb = 1 − αs = 0: transparent.
    /// Source-over modes keep the backdrop where the source is transparent.
    func testHandWorkedPixels() {
        XCTAssertEqual(BlendFormulas.blend(0xFF40_80C0, 0xFFC0_8040, mode: .multiply), 0xFF30_4030)
        XCTAssertEqual(BlendFormulas.blend(0xFF40_80C0, 0xFFC0_8040, mode: .screen), 0xFFD0_C0D0)
        XCTAssertEqual(BlendFormulas.blend(0xFF40_80C0, 0xFFC0_8040, mode: .difference), 0xFF80_0080)
        XCTAssertEqual(BlendFormulas.blend(0x8000_0080, 0xFF80_FF00, mode: .sourceIn), 0x8040_8000)
        XCTAssertEqual(BlendFormulas.blend(0xFF12_3456, 0xFF00_0000, mode: .destinationOut), 0)
        // plusDarker, opaque: max(0, D + S − 1) a channel: 64 + 192 − 255 = 1, 128 + 128 − 255 = 1,
        // 192 + 64 − 255 = 1; a mid grey on itself, 128 + 128 − 255 = 1; white leaves the backdrop.
        XCTAssertEqual(BlendFormulas.blend(0xFF40_80C0, 0xFFC0_8040, mode: .plusDarker), 0xFF01_0101)
        XCTAssertEqual(BlendFormulas.blend(0xFF80_8080, 0xFF80_8080, mode: .plusDarker), 0xFF01_0101)
        XCTAssertEqual(BlendFormulas.blend(0xFF12_3456, 0xFFFF_FFFF, mode: .plusDarker), 0xFF12_3456)
        for mode in BlendMode.allCases where !mode.affectsBackdropOutsideSource && mode != .clear {
            XCTAssertEqual(BlendFormulas.blend(0xC012_3456, 0, mode: mode), 0xC012_3456, "\(mode) with a transparent source")
        }
    }

    /// Apple's names (the String names CALayer.compositingFilter takes on iOS, as listed in the
    /// issue, and Core Image's filter names) map to the modes.
    func testFilterNames() {
        let apple: [String: BlendMode] = [
            "multiplyBlendMode": .multiply, "screenBlendMode": .screen, "overlayBlendMode": .overlay,
            "darkenBlendMode": .darken, "lightenBlendMode": .lighten, "colorDodgeBlendMode": .colorDodge,
            "colorBurnBlendMode": .colorBurn, "softLightBlendMode": .softLight, "hardLightBlendMode": .hardLight,
            "differenceBlendMode": .difference, "exclusionBlendMode": .exclusion, "hueBlendMode": .hue,
            "saturationBlendMode": .saturation, "colorBlendMode": .color, "luminosityBlendMode": .luminosity,
            "sourceIn": .sourceIn, "sourceOut": .sourceOut, "sourceAtop": .sourceAtop, "destinationIn": .destinationIn,
            "destinationOut": .destinationOut, "xor": .xor, "plusL": .plusLighter, "plusD": .plusDarker, "sourceOver": .normal,
            "CIMultiplyBlendMode": .multiply, "CISourceAtopCompositing": .sourceAtop, "CILuminosityBlendMode": .luminosity,
        ]
        for (name, mode) in apple { XCTAssertEqual(BlendMode(filterName: name), mode, name) }
        XCTAssertNil(BlendMode(filterName: "multiply"))
        XCTAssertNil(BlendMode(filterName: "MultiplyBlendMode"))
    }
}
