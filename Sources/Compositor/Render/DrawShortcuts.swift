/// The shortcuts a frame's drawing takes where it can. Each draws the same pixels as the general
/// path it stands in for, bit for bit; every one is on by default and is turned off only to draw
/// the general path in tests and compare the two.
///
/// A value: `FrameRenderer` keeps one and hands each band's `TreeRasterizer` a copy before the
/// bands start, so no thread reads another's.
struct DrawShortcuts: Sendable, Equatable {
    /// Images placed texel for texel are copied without a sampler (`PrimitiveDrawer.copyTexels`);
    /// off: sampled like any other image.
    var copiesTexels = true
    /// A masked layer without a shadow, whose mask is read by alpha, draws its mask first and its
    /// body only inside the mask's drawn pixels (`.maskedBody`); off: the body first.
    var drawsMaskFirst = true
    /// A layer drawing one gradient or image, masked by a layer filling one path, is drawn through
    /// the path's coverage with no offscreen group (`drawFoldedMask`); off: as a masked group.
    var foldsPathMasks = true
    /// A shadow is left unpainted where its layer's opaque background covers it (`opaqueCover`);
    /// off: painted everywhere.
    var skipsCoveredShadow = true
    /// A layer drawing only its background casts its shadow from the background's outline, with no
    /// offscreen group (`outlineAlpha`); off: from the group's alpha.
    var tracesShadowOutline = true
    /// A shadow cast from a layer's outline finds that outline (and its cache key's points) by
    /// what it is made from, made once while it stays (`ShadowOutlineMemo`); off: made every draw.
    var remembersOutlines = true
    /// A kept blur remembers the box of its values a shadow's opacity shows (`ShadowCache.Entry`'s
    /// `liveBox`), found once, not scanned by every band of every frame; off: scanned every paint.
    var remembersLiveBoxes = true
    /// A layer whose group's alpha is fixed by a few numbers finds its shadow's blur by them from
    /// frame to frame, without reading its group's alpha (`shadowName`); off: the alpha is read
    /// every time.
    var namesShadows = true
    /// The bands of a frame drawn in several share the reduced plane of a named shadow that reaches
    /// more than one of them, each drawing the group on its own rows only (`beginSplitShadow`);
    /// off: each band makes the plane it needs.
    var sharesShadowRows = true
    /// A border ring whose rows between its bands cross only its straight sides paints those as
    /// rectangles and rasterises only its rounded bands (`drawBorderSides`); off: the whole ring
    /// through the rasteriser.
    var splitsBorderSides = true
    /// Gradients are painted in one pass a run (`PrimitiveDrawer.fusesGradients`); off: each run's
    /// colours shaded into a row, then blended (the reference).
    var fusesGradients = true
}
