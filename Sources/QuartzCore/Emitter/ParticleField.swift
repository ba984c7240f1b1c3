import Foundation
import CoreGraphics

/// One live particle at an instant: where it is, how it looks, and which cell made it.
struct Particle {
    /// Position in the emitter layer's coordinates.
    var x: Double, y: Double, z: Double
    /// The image scale (cell scale, ranges, scaleSpeed and the layer's scale).
    var scale: Double
    /// Rotation about z, radians.
    var angle: Double
    /// Straight-alpha colour, each component clamped to 0...1.
    var color: SIMD4<Double>
    /// Birth time in the emitter's local time (ordering).
    var birth: Double
    /// The index of the emitting cell in `ParticleField.cells`.
    var cell: Int
    /// A stable identity (cell path and particle number): the same particle across frames.
    var id: UInt64
}

/// The particles of an emitter layer at a local time, computed directly from the time and the seed
/// (no simulation, no stored state). Births fall on a grid of slots at the power of two 2^E at or
/// above the birth rate r: slot k is at k / 2^E. The grids nest (slot k of grid 2^E is slot 2k of
/// grid 2^(E+1)), and a slot is named by its coarsest grid, its level: slot k ≠ 0 has level
/// E − (trailing zero bits of k). A slot of level e holds a particle when r ≥ 2^(e−1)·(1 + u), u its
/// own uniform draw: every slot of a coarser level is filled, those of level E with probability
/// (r − 2^(E−1)) / 2^(E−1), r a second on average. A power-of-two rate emits exactly at k / r, and a
/// changing rate, across powers of two too, keeps the particles it had (a higher rate only adds).
/// Each random draw is a counter-based hash of (seed, cell, slot name, draw). Only particles that can be alive
/// are visited, so the work grows with the live count, not with the time since emission began.
struct ParticleField {
    /// Every cell that emits, flattened depth first (nested cells after their parent).
    private(set) var cells: [EmitterCellValues] = []
    /// The live particles, in drawing order.
    private(set) var particles: [Particle] = []
    /// How many candidate particles were evaluated (the work done; tests count it).
    private(set) var evaluations = 0
    /// Whether the live-particle limit cut particles.
    private(set) var truncated = false

    private let layer: EmitterLayerValues
    private let limit: Int

    /// Evaluates the field of `layer` at local time `time`, keeping at most `limit` particles.
    init(_ layer: EmitterLayerValues, time: Double, limit: Int = CAEmitterLayer.maximumLiveParticles) {
        self.layer = layer
        self.limit = max(0, limit)
        guard time.isFinite else { return }
        for c in layer.cells.values { emit(c, path: 1, parent: nil, time: time) }
        sort()
    }

    /// The origin a nested cell emits from: its parent particle at the sub-particle's birth.
    private struct Source {
        /// The parent's birth time (the nested cell's time 0) and lifetime.
        var birth: Double, life: Double
        /// The parent's position at its birth, velocity and acceleration (in its cell's time).
        var p0: SIMD3<Double>, v: SIMD3<Double>, a: SIMD3<Double>
        /// The parent cell's speed (its time per second of emitter time).
        var speed: Double
    }

    /// Emits the particles of `cell` (and its sub-cells) alive at `time` (the emitter's local time).
    private mutating func emit(_ cell: EmitterCellValues, path: UInt64, parent: Source?, time: Double) {
        let index = cells.count
        cells.append(cell)
        // A stopped emitter (the model's birthRate set to 0, even while the presentation value
        // still eases down to it): its particles born before the stop, at the rate before it, and
        // no others (nested cells go on emitting from the particles still alive).
        let stopped = layer.stop
        let birthRate = cell.birthRate * (stopped?.rate ?? layer.birthRate)
        let speed = cell.speed
        guard cell.isEnabled, birthRate.isFinite, birthRate >= 0, speed.isFinite, cell.beginTime.isFinite, cell.timeOffset.isFinite else { return }
        let origin = parent?.birth ?? 0
        // The cell's own time: its beginTime, speed and timeOffset, from its emitter's birth.
        let ct = (time - origin - cell.beginTime) * speed + cell.timeOffset
        let lifeMax = max(0, (cell.lifetime + abs(cell.lifetimeRange)) * layer.lifetime)
        guard ct >= 0, lifeMax > 0, lifeMax.isFinite, speed > 0 else { return }
        // The rate at each birth: the rate before each later model change, else the current one;
        // the slot grid fits the highest of them.
        let multiplier = stopped?.rate ?? layer.birthRate
        let changes = parent == nil ? cell.rateChanges : []
        let peak = changes.reduce(birthRate) { max($0, $1.rateBefore * multiplier) }
        guard peak.isFinite, peak > 0 else { return }
        let level = Int(ceil(log2(peak)))
        let rate = exp2(Double(level))        // the slot rate
        // Candidates: born in (ct - lifeMax - tail, ct] (tail: how long its sub-cells' particles can
        // outlive it), within the cell's duration and while its parent lives.
        var last = floor(ct * rate)
        if cell.duration > 0 { last = min(last, ceil(cell.duration * rate) - 1) }
        if let p = parent { last = min(last, ceil(((p.life / p.speed - cell.beginTime) * speed + cell.timeOffset) * rate) - 1) }
        if let s = stopped, parent == nil { last = min(last, floor(((s.time - cell.beginTime) * speed + cell.timeOffset) * rate)) }
        let tail = cell.cells.map { ParticleField.reach($0, layer) }.max() ?? 0
        let first = max(0, floor((ct - lifeMax - tail * speed) * rate))
        guard last >= first, last < 9e15 else { return }
        var lo = Int(first)
        let hi = Int(last)
        let room = limit - particles.count
        if hi - lo + 1 > room {
            truncated = true
            lo = hi - room + 1
        }
        guard lo <= hi else { return }
        let subPath = path &* 0x9E37_79B9_7F4A_7C15
        for k in lo...hi {
            evaluations += 1
            // The slot's name on every grid: its odd part and level (slot 0: all levels).
            let tz = k == 0 ? 0 : k.trailingZeroBitCount
            let name = k == 0 ? 0 : UInt64(k >> tz) << 12 | UInt64(UInt16(truncatingIfNeeded: level - tz + 2048) & 0xFFF)
            var r = Draws(seed: layer.seed, path: path, k: name)
            let bornCell = Double(k) / rate
            var rateThen = birthRate
            if !changes.isEmpty {
                let t = cell.beginTime + (bornCell - cell.timeOffset) / speed
                if let c = changes.first(where: { $0.time >= t }) { rateThen = c.rateBefore * multiplier }
            }
            if rateThen <= 0 || (k != 0 && rateThen < exp2(Double(level - tz - 1)) * (1 + r.slot())) { continue }
            let age = ct - bornCell          // in the cell's time
            let life = (cell.lifetime + cell.lifetimeRange * r.signed()) * layer.lifetime
            let born = origin + cell.beginTime + (bornCell - cell.timeOffset) / speed   // in emitter time
            var p0 = SIMD3<Double>(0, 0, 0)
            if let p = parent {
                let tp = (born - p.birth) * p.speed
                p0 = p.p0 + p.v * tp + p.a * (tp * tp / 2)
            } else {
                p0 = birthPoint(&r)
            }
            let lon = cell.emissionLongitude + cell.emissionRange * (r.unit() - 0.5)
            let lat = cell.emissionLatitude
            let dir = SIMD3(cos(lon) * cos(lat), sin(lon) * cos(lat), sin(lat))
            let v = dir * ((cell.velocity + cell.velocityRange * r.signed()) * layer.velocity)
            let a = SIMD3(cell.xAcceleration, cell.yAcceleration, cell.zAcceleration)
            let scale0 = cell.scale + cell.scaleRange * r.signed()
            let spin = (cell.spin + cell.spinRange * r.signed()) * layer.spin
            let base = RenderColor.straight(cell.color ?? LayerState.opaqueWhite)
            let ranges = SIMD4(cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange)
            let jitter = SIMD4(r.signed(), r.signed(), r.signed(), r.signed())
            let speeds = SIMD4(cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed)
            let id = path &* 0x1000_0000_01B3 ^ name
            if !cell.cells.isEmpty {
                let src = Source(birth: born, life: max(0, life), p0: p0, v: v, a: a, speed: speed)
                for (j, sub) in cell.cells.enumerated() {
                    emit(sub, path: subPath &+ UInt64(j + 1) &* 0xBF58_476D_1CE4_E5B9 ^ name &* 0x94D0_49BB_1331_11EB, parent: src, time: time)
                }
            }
            guard age >= 0, age < life, particles.count < limit else { continue }
            let pos = p0 + v * age + a * (age * age / 2)
            var color = base + ranges * jitter + speeds * age
            color = color.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 1))
            let scale = (scale0 + cell.scaleSpeed * age) * layer.scale
            particles.append(Particle(x: pos.x, y: pos.y, z: pos.z, scale: max(0, scale), angle: spin * age,
                                      color: color, birth: born, cell: index, id: id))
        }
    }

    /// How long after its parent's death a nested cell's particles can live, in emitter seconds:
    /// its beginTime, its particles' longest life and, recursively, its own sub-cells'.
    static func reach(_ cell: EmitterCellValues, _ layer: EmitterLayerValues, depth: Int = 0) -> Double {
        guard cell.isEnabled, cell.speed > 0, cell.speed.isFinite, depth < CAEmitterCell.maxDepth else { return 0 }
        let life = max(0, (cell.lifetime + abs(cell.lifetimeRange)) * layer.lifetime) / cell.speed
        let sub = cell.cells.map { reach($0, layer, depth: depth + 1) }.max() ?? 0
        let r = max(0, cell.beginTime) + life + sub
        return r.isFinite ? r : 0
    }

    /// A birth point on the emitter shape, by emitterMode (layer coordinates).
    private func birthPoint(_ r: inout Draws) -> SIMD3<Double> {
        let c = SIMD3(Double(layer.emitterPosition.x), Double(layer.emitterPosition.y), Double(layer.emitterZPosition))
        let w = Double(layer.emitterSize.width), h = Double(layer.emitterSize.height), d = Double(layer.emitterDepth)
        let mode = layer.emitterMode
        let u = r.unit(), v = r.unit(), s = r.unit()
        switch layer.emitterShape {
        case .line:
            if mode == .points { return c + SIMD3(u < 0.5 ? -w / 2 : w / 2, 0, 0) }
            return c + SIMD3((u - 0.5) * w, 0, 0)
        case .rectangle, .cuboid:
            let depth = layer.emitterShape == .cuboid ? d : 0
            switch mode {
            case .points:
                let corner = Int(u * 8) % (depth == 0 ? 4 : 8)
                return c + SIMD3(corner & 1 == 0 ? -w / 2 : w / 2, corner & 2 == 0 ? -h / 2 : h / 2, corner & 4 == 0 ? -depth / 2 : depth / 2)
            case .outline:
                // A point on the perimeter, uniform by length.
                let per = 2 * (w + h)
                var t = u * per
                if t < w { return c + SIMD3(t - w / 2, -h / 2, 0) }
                t -= w
                if t < h { return c + SIMD3(w / 2, t - h / 2, 0) }
                t -= h
                if t < w { return c + SIMD3(w / 2 - t, h / 2, 0) }
                return c + SIMD3(-w / 2, h / 2 - (t - w), 0)
            case .surface where depth == 0, .volume:
                return c + SIMD3((u - 0.5) * w, (v - 0.5) * h, (s - 0.5) * depth)
            default:
                return c + SIMD3((u - 0.5) * w, (v - 0.5) * h, 0)
            }
        case .circle, .sphere:
            let radius = w / 2
            let angle = 2 * Double.pi * u
            switch mode {
            case .points: return c
            case .outline: return c + SIMD3(cos(angle) * radius, sin(angle) * radius, 0)
            default:
                if layer.emitterShape == .sphere && mode == .volume {
                    let zc = 2 * s - 1, rr = radius * cbrt(v), ring = (1 - zc * zc).squareRoot()
                    return c + SIMD3(cos(angle) * ring * rr, sin(angle) * ring * rr, zc * rr)
                }
                let rr = radius * v.squareRoot()    // uniform over the disc
                return c + SIMD3(cos(angle) * rr, sin(angle) * rr, 0)
            }
        default:
            return c
        }
    }

    /// Puts the particles in renderMode's order (emission order is cell, then oldest first).
    private mutating func sort() {
        switch layer.renderMode {
        case .oldestFirst: particles.sort { ($0.birth, $0.id) < ($1.birth, $1.id) }
        case .oldestLast: particles.sort { ($0.birth, $0.id) > ($1.birth, $1.id) }
        case .backToFront: particles.sort { ($0.z, $0.birth) < ($1.z, $1.birth) }
        default: break
        }
    }
}

/// The random draws of one particle: a counter-based hash (SplitMix64's finaliser) of the seed,
/// the cell's path, the particle's number and the draw's index. No state is carried between
/// particles or frames.
struct Draws {
    private let key: UInt64
    private var n: UInt64 = 0

    /// The draws of particle `k` of the cell at `path`, under `seed`.
    init(seed: UInt32, path: UInt64, k: UInt64) {
        key = Draws.mix(Draws.mix(UInt64(seed) &+ 0x632B_E59B_D9B4_E019) ^ path) ^ Draws.mix(k &+ 0xD1B5_4A32_D192_ED03)
    }

    /// SplitMix64's output function.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The slot's own draw, uniform in [0, 1): whether the slot holds a particle (apart from the
    /// others, so the particle's looks do not depend on the rate).
    func slot() -> Double { Double(Draws.mix(key ^ 0x5851_F42D_4C95_7F2D) >> 11) * 0x1p-53 }

    /// The next draw, uniform in [0, 1).
    mutating func unit() -> Double {
        n += 1
        return Double(Draws.mix(key ^ (n &* 0xA24B_AED4_963E_E407)) >> 11) * 0x1p-53
    }

    /// The next draw, uniform in [-1, 1).
    mutating func signed() -> Double { unit() * 2 - 1 }
}
