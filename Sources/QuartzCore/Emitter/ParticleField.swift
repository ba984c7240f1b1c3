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
        // Each cell draws its own numbers (its index in the path): cells alike but for their
        // colour must not put their particles on top of each other.
        for (i, c) in layer.cells.values.enumerated() { emit(c, path: UInt64(i + 1), parent: nil, time: time) }
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
    /// Each particle takes the values of its birth (`ParticleBirthValues.Table`): those of the
    /// epoch it was born in, or the cell's current ones.
    private mutating func emit(_ cell: EmitterCellValues, path: UInt64, parent: Source?, time: Double) {
        let index = cells.count
        cells.append(cell)
        // A stopped emitter (the model's birthRate set to 0, even while the presentation value
        // still eases down to it): its particles born before the stop, at the rate before it, and
        // no others (nested cells go on emitting from the particles still alive).
        let stopped = layer.stop
        let multiplier = stopped?.rate ?? layer.birthRate
        let birthRate = cell.birthRate * multiplier
        let speed = cell.speed
        guard cell.isEnabled, birthRate.isFinite, birthRate >= 0, speed.isFinite, cell.beginTime.isFinite else { return }
        let origin = parent?.birth ?? 0
        // The cell's active time (its own time since its beginTime); it emits while that is
        // within its active span (see EmitterCellTiming).
        let at = cell.activeTime(at: time, origin: origin)
        let lifeMax = cell.epochs.reduce(max(0, (cell.lifetime + abs(cell.lifetimeRange)) * layer.lifetime)) {
            max($0, ($1.values.lifetime + abs($1.values.lifetimeRange)) * layer.lifetime)
        }
        guard at >= 0, lifeMax > 0, lifeMax.isFinite, speed > 0 else { return }
        // The rate at each birth is its epoch's; the slot grid fits the highest of them.
        let peak = cell.epochs.reduce(birthRate) { max($0, $1.values.birthRate * multiplier) }
        guard peak.isFinite, peak > 0 else { return }
        let level = Int(ceil(log2(peak)))
        let rate = exp2(Double(level))        // the slot rate
        // Candidates: born in (at - lifeMax - tail, at] (tail: how long its sub-cells' particles can
        // outlive it), within the cell's active span and while its parent lives.
        var last = floor(at * rate)
        let span = cell.activeSpan
        if span.isFinite { last = min(last, ceil(span * rate) - 1) }
        if let p = parent { last = min(last, ceil((p.life / p.speed - cell.beginTime) * speed * rate) - 1) }
        if let s = stopped, parent == nil { last = min(last, floor(cell.activeTime(at: s.time, origin: 0) * rate)) }
        let tail = cell.cells.map { ParticleField.reach($0, layer) }.max() ?? 0
        let first = max(0, floor((at - lifeMax - tail * speed) * rate))
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
        let table = ParticleBirthValues.Table(cell)
        for k in lo...hi {
            evaluations += 1
            // The slot's name on every grid: its odd part and level (slot 0: all levels).
            let tz = k == 0 ? 0 : k.trailingZeroBitCount
            let name = k == 0 ? 0 : UInt64(k >> tz) << 12 | UInt64(UInt16(truncatingIfNeeded: level - tz + 2048) & 0xFFF)
            var r = Draws(seed: layer.seed, path: path, k: name)
            let bornActive = Double(k) / rate                       // in the cell's active time
            let born = origin + cell.beginTime + bornActive / speed    // in emitter time
            guard born > cell.bornAfter else { continue }
            let e = table.values(bornAt: born)
            let rateThen = table.isUniform ? birthRate : e.birthRate * multiplier
            if !(rateThen > 0) || (k != 0 && rateThen < exp2(Double(level - tz - 1)) * (1 + r.slot())) { continue }
            let age = at - bornActive          // in the cell's time
            let life = (e.lifetime + e.lifetimeRange * r.signed()) * layer.lifetime
            var p0 = SIMD3<Double>(0, 0, 0)
            if let p = parent {
                let tp = (born - p.birth) * p.speed
                p0 = p.p0 + p.v * tp + p.a * (tp * tp / 2)
            } else {
                p0 = birthPoint(&r)
            }
            // The draws in a fixed order (each property its own), the cone's azimuth last.
            let coneDraw = r.unit()
            let speed0 = (e.velocity + e.velocityRange * r.signed()) * layer.velocity
            let scale0 = e.scale + e.scaleRange * r.signed()
            let spin = (e.spin + e.spinRange * r.signed()) * layer.spin
            let jitter = SIMD4(r.signed(), r.signed(), r.signed(), r.signed())
            let dir = ParticleField.direction(longitude: e.emissionLongitude, latitude: e.emissionLatitude,
                                              range: e.emissionRange, u: coneDraw, w: r.unit())
            let v = dir * speed0
            let a = e.acceleration
            let id = path &* 0x1000_0000_01B3 ^ name
            if !cell.cells.isEmpty {
                let src = Source(birth: born, life: max(0, life), p0: p0, v: v, a: a, speed: speed)
                for (j, sub) in cell.cells.enumerated() {
                    emit(sub, path: subPath &+ UInt64(j + 1) &* 0xBF58_476D_1CE4_E5B9 ^ name &* 0x94D0_49BB_1331_11EB, parent: src, time: time)
                }
            }
            guard age >= 0, age < life, particles.count < limit else { continue }
            let pos = p0 + v * age + a * (age * age / 2)
            var color = e.color + e.colorRanges * jitter + e.colorSpeeds * age
            color = color.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 1))
            let scale = (scale0 + e.scaleSpeed * age) * layer.scale
            particles.append(Particle(x: pos.x, y: pos.y, z: pos.z, scale: max(0, scale), angle: spin * age,
                                      color: color, birth: born, cell: index, id: id))
        }
    }

    /// A particle's direction of flight: uniform across the cone of apex angle |range| (so at
    /// most |range|/2 from the axis, the whole sphere from 2π on) around the emission direction
    /// (longitude in the xy-plane from +x, latitude from the xy-plane towards +z), from two
    /// uniform draws: `u` the cosine of the angle from the axis (uniform in [cos(|range|/2), 1],
    /// which spreads directions evenly over the cone's cap), `w` the turn about the axis.
    static func direction(longitude lon: Double, latitude lat: Double, range: Double, u: Double, w: Double) -> SIMD3<Double> {
        let axis = SIMD3(cos(lon) * cos(lat), sin(lon) * cos(lat), sin(lat))
        let half = min(abs(range) / 2, .pi)
        guard half > 0, half.isFinite else { return axis }
        let cosA = 1 - u * (1 - cos(half)), sinA = max(0, 1 - cosA * cosA).squareRoot()
        // Two unit vectors square to the axis and to each other: along the longitude, then the latitude.
        let e1 = SIMD3(-sin(lon), cos(lon), 0)
        let e2 = SIMD3(-sin(lat) * cos(lon), -sin(lat) * sin(lon), cos(lat))
        let turn = 2 * Double.pi * w
        return axis * cosA + (e1 * cos(turn) + e2 * sin(turn)) * sinA
    }

    /// How long after its parent's death a nested cell's particles can live, in emitter seconds:
    /// its beginTime, its particles' longest life (in any of its epochs) and, recursively, its own
    /// sub-cells'.
    static func reach(_ cell: EmitterCellValues, _ layer: EmitterLayerValues, depth: Int = 0) -> Double {
        guard cell.isEnabled, cell.speed > 0, cell.speed.isFinite, depth < CAEmitterCell.maxDepth else { return 0 }
        let longest = cell.epochs.reduce(cell.lifetime + abs(cell.lifetimeRange)) { max($0, $1.values.lifetime + abs($1.values.lifetimeRange)) }
        let life = max(0, longest * layer.lifetime) / cell.speed
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
