import Foundation

/// The pixels of a bitmap context: the caller's memory (or memory the context allocated) in one
/// of the layouts `PixelLayout` reads and writes. Each drawing operation is drawn at once over the
/// part of the pixels it can touch: read into premultiplied ARGB, drawn by the compositor's
/// rasteriser, written back (in place when the layout is Lamina's own). Used by the thread that
/// draws into the context, as a CGContext is on Apple.
final class BitmapStorage {
    let width: Int
    let height: Int
    let bytesPerRow: Int
    let bitsPerComponent: Int
    let layout: PixelLayout
    let colorSpace: CGColorSpace?
    /// The first byte of the top row.
    let data: UnsafeMutableRawPointer
    private let ownsData: Bool
    private let rasterizer: BitmapRasterizing.Type

    init(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
         layout: PixelLayout, colorSpace: CGColorSpace?, rasterizer: BitmapRasterizing.Type) {
        self.width = width; self.height = height; self.bitsPerComponent = bitsPerComponent
        self.layout = layout; self.colorSpace = colorSpace; self.rasterizer = rasterizer
        let rowBytes = bytesPerRow == 0 ? width * layout.bytesPerPixel : bytesPerRow
        self.bytesPerRow = rowBytes
        if let data {
            self.data = data
            ownsData = false
        } else {
            let n = max(rowBytes * height, 1)
            self.data = .allocate(byteCount: n, alignment: 16)
            self.data.initializeMemory(as: UInt8.self, repeating: 0, count: n)
            ownsData = true
        }
    }

    deinit { if ownsData { data.deallocate() } }

    /// The pixels as premultiplied ARGB, top row first.
    func readPixels() -> [UInt32] {
        var out = [UInt32](repeating: 0, count: width * height)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height {
                let row = data + y * bytesPerRow
                for x in 0..<width { dst[y * width + x] = layout.read(row + x * layout.bytesPerPixel) }
            }
        }
        return out
    }

    /// Draws `op` over the pixels it can reach.
    func draw(_ op: CGContext.Operation) {
        guard let r = BitmapStorage.deviceBounds(of: op, width: width, height: height) else { return }
        let inPlace = layout.isNativeARGB && bytesPerRow % 4 == 0 && Int(bitPattern: data) % 4 == 0
        if inPlace {
            let first = (data + r.y * bytesPerRow + r.x * 4).assumingMemoryBound(to: UInt32.self)
            rasterizer.draw(op, into: first, stride: bytesPerRow / 4, region: r)
            return
        }
        let bpp = layout.bytesPerPixel
        var scratch = [UInt32](repeating: 0, count: r.width * r.height)
        scratch.withUnsafeMutableBufferPointer { px in
            for y in 0..<r.height {
                let row = data + (r.y + y) * bytesPerRow + r.x * bpp
                for x in 0..<r.width { px[y * r.width + x] = layout.read(row + x * bpp) }
            }
            rasterizer.draw(op, into: px.baseAddress!, stride: r.width, region: r)
            for y in 0..<r.height {
                let row = data + (r.y + y) * bytesPerRow + r.x * bpp
                for x in 0..<r.width { layout.write(px[y * r.width + x], to: row + x * bpp) }
            }
        }
    }

    /// The device pixels `op` can touch (its geometry, widened for strokes, anti-aliasing and
    /// shadows, cut to its clips and the bitmap), nil when none.
    static func deviceBounds(of op: CGContext.Operation, width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        let box = reach(of: op, width: width, height: height).intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !box.isNull, box.width.isFinite, box.height.isFinite else { return nil }
        let x0 = max(0, Int((box.minX - 1).rounded(.down))), y0 = max(0, Int((box.minY - 1).rounded(.down)))
        let x1 = min(width, Int((box.maxX + 1).rounded(.up))), y1 = min(height, Int((box.maxY + 1).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// Where `op` draws (device space): its extent cut to its clips' boxes.
    private static func reach(of op: CGContext.Operation, width: Int, height: Int) -> CGRect {
        var (box, clips) = extent(of: op, width: width, height: height)
        for c in clips { box = box.intersection(c.path.boundingBoxOfPath) }
        return box
    }

    /// Where `op` draws before its clips (device space), and the clips.
    private static func extent(of op: CGContext.Operation, width: Int, height: Int) -> (box: CGRect, clips: [CGContext.Clip]) {
        switch op {
        case let .fillPath(path, _, _, _, c):
            return (path.boundingBoxOfPath, c)
        case let .strokePath(path, ctm, style, _, _, c):
            let scale = max((ctm.a * ctm.a + ctm.b * ctm.b).squareRoot(), (ctm.c * ctm.c + ctm.d * ctm.d).squareRoot())
            let reach = style.lineWidth / 2 * scale * max(style.miterLimit, 1.5)
            return (path.boundingBoxOfPath.applying(ctm).insetBy(dx: -reach, dy: -reach), c)
        case let .drawImage(_, rect, ctm, _, c):
            return (rect.applying(ctm), c)
        case let .clear(rect):
            return (rect, [])
        case let .drawGradient(_, _, _, _, _, c):
            // A gradient fills the clip (the bitmap when unclipped).
            return (CGRect(x: 0, y: 0, width: width, height: height), c)
        case let .blended(inner, _), let .aliased(inner):
            // A blend mode acts within the operation's shape only; aliasing covers less of it.
            return extent(of: inner, width: width, height: height)
        case let .shadowed(inner, shadow):
            // What casts the shadow, and the shadow: the caster's box moved by the offset and
            // widened by more than the blur reaches (the caster may lie outside the clips; its
            // shadow is drawn under them).
            let (box, clips) = extent(of: inner, width: width, height: height)
            let sigma = shadow.sigma.isFinite ? max(shadow.sigma, 0) : 0
            let pad = (6 * sigma).rounded(.up) + 12
            let cast = box.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height).insetBy(dx: -pad, dy: -pad)
            return (box.union(cast), clips)
        case let .transparencyLayer(ops, bounds, _, clips):
            // What the layer's operations reach, within its bounds.
            let drawn = ops.reduce(CGRect.null) { $0.union(reach(of: $1, width: width, height: height)) }
            return (bounds.map { drawn.intersection($0) } ?? drawn, clips)
        }
    }
}
