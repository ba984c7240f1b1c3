import Foundation

/// Cuts subpaths into the "on" pieces of a dash pattern (internal to Lamina).
struct PathDasher {
    /// The pattern, alternating on and off lengths, with an even count.
    let pattern: [CGFloat]
    /// The pattern's total length (> 0).
    let patternLength: CGFloat
    /// Where each subpath starts in the pattern: an index and the length already used of it.
    let startIndex: Int
    let startOffset: CGFloat
    /// The most dash entries walked before giving up (the pattern is too fine for the path).
    static let maxEntries = 1_000_000

    /// A dasher, or nil when `lengths` is empty, has a negative or non-finite entry, or sums to zero.
    /// An odd count repeats the lengths (so on and off swap the second time), and a non-finite phase
    /// acts as zero.
    init?(phase: CGFloat, lengths: [CGFloat]) {
        guard !lengths.isEmpty, lengths.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let p = lengths.count % 2 == 0 ? lengths : lengths + lengths
        let total = p.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        pattern = p
        patternLength = total
        var offset = phase.isFinite ? phase.truncatingRemainder(dividingBy: total) : 0
        if offset < 0 { offset += total }
        var i = 0
        while offset > 0 && offset >= p[i] {
            offset -= p[i]
            i = (i + 1) % p.count
        }
        startIndex = i
        startOffset = offset
    }

    /// The dashed subpaths as commands (each on piece an open subpath, zero-length on entries as a
    /// move and a line to the same point), or nil when the pattern would need more than
    /// `maxEntries` pieces.
    func dash(_ subpaths: [StrokeSubpath]) -> [CGPathCommand]? {
        var total: CGFloat = 0
        var tables: [[ArcLengthTable]] = []
        for sp in subpaths {
            let t = sp.segments.map(ArcLengthTable.init)
            tables.append(t)
            total += t.reduce(0) { $0 + $1.total }
        }
        let estimate = (total / patternLength + CGFloat(subpaths.count)) * CGFloat(pattern.count)
        guard estimate.isFinite, estimate <= CGFloat(PathDasher.maxEntries) else { return nil }

        var out: [CGPathCommand] = []
        for (sp, segTables) in zip(subpaths, tables) where sp.hasDrawing {
            var index = startIndex
            var remaining = pattern[index] - startOffset
            var open = false, drew = false
            var lastPoint = sp.start
            func finishEntry() {
                if index % 2 == 0 {
                    if open && !drew { out.append(.addLine(to: lastPoint)) }
                    else if !open { out.append(.move(to: lastPoint)); out.append(.addLine(to: lastPoint)) }
                }
                open = false; drew = false
                index = (index + 1) % pattern.count
                remaining = pattern[index]
            }
            if sp.segments.isEmpty || segTables.allSatisfy({ $0.total == 0 }) {
                // A drawn zero-length subpath keeps its dot when the pattern starts on.
                if index % 2 == 0 { out.append(.move(to: sp.start)); out.append(.addLine(to: sp.start)) }
                continue
            }
            for table in segTables where table.total > 0 {
                let seg = table.segment, len = table.total
                var pos: CGFloat = 0
                while true {
                    let avail = len - pos
                    let on = index % 2 == 0
                    if remaining > avail {
                        if on && avail > 0 {
                            if !open { out.append(.move(to: pos == 0 ? seg.start : table.point(atLength: pos))); open = true }
                            out.append(table.subsegment(fromLength: pos, toLength: len).command)
                            drew = true
                        }
                        remaining -= avail
                        lastPoint = seg.end
                        break
                    }
                    let stop = pos + remaining
                    if on {
                        let piece = table.subsegment(fromLength: pos, toLength: stop)
                        if !open { out.append(.move(to: piece.start)); open = true }
                        if stop > pos { out.append(piece.command); drew = true }
                        lastPoint = piece.end
                    } else {
                        lastPoint = stop >= len ? seg.end : table.point(atLength: stop)
                    }
                    pos = stop
                    finishEntry()
                }
            }
            // An on piece that began exactly at the end of the subpath draws nothing.
            if open && !drew, case .move = out.last { out.removeLast() }
        }
        return out
    }
}
