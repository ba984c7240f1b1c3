import CPixelKernels

extension PrimitiveDrawer {
    /// Composites `color` through `mask` placed mask pixel for device pixel: device pixel (x, y) of
    /// `rect` reads mask texel (x + dx, y + dy), which must lie inside the mask. The same pixels as
    /// drawing the rectangle with a `.mask` paint whose map is that translation (coverage 1 times
    /// the opacity, rounded as runs are; each texel scales the colour, then the run's factor), in
    /// one C pass a row (`lamina_over_solid_mask`) instead of a shaded row and a blend.
    func copyMask(_ mask: AlphaMask, color: UInt32, rect: IntRect, dx: Int, dy: Int, opacity: Double, on surface: Surface) {
        guard opacity > 0, color != 0 else { return }
        let area = rect.intersection(surface.scissor)
        let k = UInt32(min(Float(min(opacity, 1)), 1) * 255 + 0.5)
        guard !area.isEmpty, k != 0 else { return }
        let width = mask.width
        mask.alpha.withUnsafeBufferPointer { a in
            let texels = a.baseAddress!
            forEachVisible(area, on: surface) { b in
                for y in b.y..<b.maxY {
                    lamina_over_solid_mask(surface.row(y) + b.x, color, texels + (y + dy) * width + b.x + dx, k, Int32(b.width))
                }
            }
        }
    }

    /// Composites a glyph mask placed by any map but a translation by whole pixels (`s.map`) onto
    /// `count` pixels of row `y` from `x0` (`dst` is pixel x0), every pixel's factor `k` (1...255):
    /// the mask's samples (`SpanShader.sampleTranslatedRow` for a translation, `sampleMappedRow` for
    /// other maps), then the colour scaled by each sample and by k, source over
    /// (`lamina_over_solid_mask`). The same pixels as shading the run (`SpanShader.shade`) and
    /// blending it by k; one vector pass for each instead of a shaded row of colours.
    func overSampledMask(_ s: MaskSampler, dst: UnsafeMutablePointer<UInt32>, x0: Int, y: Int, count: Int, k: UInt32) {
        let samples = sampleRow(count)
        if SpanShader.isTranslation(s.map) {
            SpanShader.sampleTranslatedRow(s, x0: x0, y: y, count: count, into: samples)
        } else {
            SpanShader.sampleMappedRow(s, x0: x0, y: y, count: count, into: samples)
        }
        lamina_over_solid_mask(dst, s.color, samples, k, Int32(count))
    }
}
