import Foundation

extension PixelBuffer {
    /// The smallest rectangle within `rect` (clamped to the buffer) holding every pixel there that
    /// is not 0 (transparent black); empty when all of them are 0. Reads only `rect`'s pixels.
    public func nonTransparentBounds(in rect: IntRect) -> IntRect {
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return .empty }
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        pixels.withUnsafeBufferPointer { px in
            for y in r.y..<r.maxY {
                let row = px.baseAddress! + y * width
                // The first and last non-zero pixels of the row, outside what is already known.
                guard let first = (r.x..<r.maxX).first(where: { row[$0] != 0 }) else { continue }
                var last = first
                var x = r.maxX - 1
                while x > max(first, maxX) { if row[x] != 0 { last = x; break }; x -= 1 }
                minX = min(minX, first); maxX = max(maxX, last)
                minY = min(minY, y); maxY = y
            }
        }
        return minY == Int.max ? .empty : IntRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
