import Foundation
import Synchronization
import CPixelKernels

/// Blurred shadow masks kept between draws: a shadow whose source alpha (the pixels that cast it),
/// placement in its blur area and blur are the same as one drawn before reuses that blur. So
/// replicated layers whose shadows differ only by translation and colour share one blur, and a
/// layer's shadow is not blurred again while only its position (by whole pixels) or opacity
/// changes. Entries are compared in full (the source alpha too), never by hash alone.
///
/// Shared by the threads that draw the bands of one frame renderer: its state is in one mutex,
/// held only to look up or store an entry; a thread waiting for another's blur of the same key
/// takes part in it when its maker shares it (`SharedBoxBlur`), then sleeps on `madeSignal`. Bounded: the least recently used entries go past `capacity` floats.
public final class ShadowCache: Sendable {
    /// One blurred mask: its key and the blurred plane (full resolution, or reduced by `factor`).
    final class Entry: Sendable {
        let key: Key
        let plane: [Float]
        let width: Int, height: Int
        /// The cache's clock when it was last used (written under the cache's lock).
        let lastUse: Atomic<Int>
        init(key: Key, plane: [Float], width: Int, height: Int, lastUse: Int) {
            self.key = key; self.plane = plane; self.width = width; self.height = height; self.lastUse = Atomic(lastUse)
        }
        /// The last `liveBox` found and the threshold it was found at.
        private let live = Mutex<(threshold: Float, box: (i0: Int, i1: Int, j0: Int, j1: Int)?)?>(nil)

        /// `ShadowComposite.liveBox` of the whole plane at `threshold`, found once (again when asked
        /// at another threshold: a shadow whose opacity changes).
        func liveBox(threshold: Float) -> (i0: Int, i1: Int, j0: Int, j1: Int)? {
            if let kept = live.withLock({ $0 }), kept.threshold == threshold { return kept.box }
            let box = plane.withUnsafeBufferPointer { ShadowComposite.liveBox($0, width: width, height: height, threshold: threshold) }
            live.withLock { $0 = (threshold, box) }
            return box
        }
    }

    /// What makes two blurs the same. Hashed through a fingerprint of the source computed once
    /// (a multiply-xor hash over its words: a lookup and a store hash the key twice, and hashing the
    /// alpha value by value through Hasher cost more than a small blur); equality compares in full.
    struct Key: Hashable {
        /// The source alpha (0...1), row by row over the source rectangle: the very array the blur
        /// is made from (shared, not copied: a shadow whose blur is made anew every frame, such as one
        /// with an animated radius, pays nothing to convert it).
        let source: [Float]
        let sourceWidth: Int, sourceHeight: Int
        /// The source rectangle's place in the blur area, and the area's size.
        let offsetX: Int, offsetY: Int, areaWidth: Int, areaHeight: Int
        let sigma: Double
        /// 1 for a full-resolution blur, else the reduction factor.
        let factor: Int
        /// The source's fingerprint.
        let fingerprint: UInt64
        /// For a blur kept by name only (`ShadowCache.store(_:plane:width:height:)`): the name,
        /// with an empty source; nil for a blur kept by its source.
        let name: ShadowOutlineKey?

        init(source: [Float], sourceWidth: Int, sourceHeight: Int, offsetX: Int, offsetY: Int, areaWidth: Int, areaHeight: Int,
             sigma: Double, factor: Int) {
            self.source = source; self.sourceWidth = sourceWidth; self.sourceHeight = sourceHeight
            self.offsetX = offsetX; self.offsetY = offsetY; self.areaWidth = areaWidth; self.areaHeight = areaHeight
            self.sigma = sigma; self.factor = factor
            fingerprint = Key.fingerprint(source)
            name = nil
        }

        /// The key of a blur kept by `name` only, of a `width` × `height` plane.
        init(name: ShadowOutlineKey, width: Int, height: Int) {
            source = []; sourceWidth = 0; sourceHeight = 0
            offsetX = 0; offsetY = 0; areaWidth = width; areaHeight = height
            sigma = name.sigma; factor = name.factor
            fingerprint = 0
            self.name = name
        }

        /// A 64-bit multiply-xor hash of the values' bits, two at a time, in four independent lanes
        /// (each word's multiply waits only on its own lane's last, not on every word before it),
        /// folded at the end. A large source is hashed by at most `sampledBlocks` blocks of four
        /// words spread evenly over it (and its count, and its last values): a hash is a function of
        /// the values either way, and equal hashes are compared in full, so sampling changes which
        /// keys share a bucket, never which are equal; a shadow blurred anew every frame (and the
        /// band that makes a shared shadow's key while the others wait) no longer reads its whole
        /// source for it.
        static func fingerprint(_ v: [Float]) -> UInt64 {
            v.withUnsafeBufferPointer { b in
                let seed: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(b.count)
                guard let base = b.baseAddress else { return seed }
                let words = b.count / 2, raw = UnsafeRawPointer(base)
                @inline(__always) func mix(_ h: UInt64, _ w: UInt64) -> UInt64 { let m = (h ^ w) &* 0xFF51_AFD7_ED55_8CCD; return m ^ (m >> 29) }
                var h0 = seed, h1 = seed &+ 1, h2 = seed &+ 2, h3 = seed &+ 3
                // Blocks of four words, `step` words apart (4: every word).
                let step = max(4, (words / (4 * sampledBlocks)) * 4)
                var i = 0
                while i + 4 <= words {
                    h0 = mix(h0, raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
                    h1 = mix(h1, raw.loadUnaligned(fromByteOffset: i * 8 + 8, as: UInt64.self))
                    h2 = mix(h2, raw.loadUnaligned(fromByteOffset: i * 8 + 16, as: UInt64.self))
                    h3 = mix(h3, raw.loadUnaligned(fromByteOffset: i * 8 + 24, as: UInt64.self))
                    i += step
                }
                // The words after the last block read (or, sampled, those past the last whole block).
                if step > 4 { i = max(i - step + 4, words - words % 4) }
                while i < words { h0 = mix(h0, raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)); i += 1 }
                var h = mix(mix(mix(h0, h1), h2), h3)
                for i in (words * 2)..<b.count { h = (h ^ UInt64(b[i].bitPattern)) &* 0xC4CE_B9FE_1A85_EC53; h ^= h >> 29 }
                return h
            }
        }

        /// The most blocks of four words `fingerprint` reads of a source (8192 values).
        static let sampledBlocks = 1024

        func hash(into hasher: inout Hasher) {
            hasher.combine(fingerprint)
            hasher.combine(sourceWidth); hasher.combine(sourceHeight)
            hasher.combine(offsetX); hasher.combine(offsetY); hasher.combine(areaWidth); hasher.combine(areaHeight)
            hasher.combine(sigma); hasher.combine(factor)
            hasher.combine(name)
        }

        static func == (a: Key, b: Key) -> Bool {
            a.fingerprint == b.fingerprint && a.sourceWidth == b.sourceWidth && a.sourceHeight == b.sourceHeight
                && a.offsetX == b.offsetX && a.offsetY == b.offsetY && a.areaWidth == b.areaWidth && a.areaHeight == b.areaHeight
                && a.sigma == b.sigma && a.factor == b.factor && a.name == b.name && a.source == b.source
        }
    }

    /// What the drawing threads share (one mutex).
    private struct State {
        /// Keys some thread is blurring now.
        var pending: Set<Key> = []
        /// Pending blurs their makers let waiting threads take part in (`share`).
        var shared: [Key: SharedBoxBlur] = [:]
        var entries: [Key: Entry] = [:]
        /// Blurs found by the outline they were rasterised from (`ShadowOutlineKey`): each maps to
        /// an entry of `entries`, and goes when that entry does.
        var outlines: [ShadowOutlineKey: Entry] = [:]
        /// The frame each name (`store`, `remember`) was given its blur in.
        var namedIn: [ShadowOutlineKey: Int] = [:]
        var stored = 0
        var clock = 0
        /// Frames begun (`beginFrame`).
        var frame = 0
        var misses = 0, hits = 0
        /// Blurs found by name (`plane(forName:)`) kept in an earlier frame, and in the same frame
        /// (by another band), also counted in `hits`.
        var nameHits = 0, frameNameHits = 0
        /// Outlines some thread has claimed to rasterise and blur (`claim`), and the key of the
        /// alpha each was rasterised to once its maker has it (`publish`).
        var outlinesClaimed: Set<ShadowOutlineKey> = []
        var outlineKeys: [ShadowOutlineKey: Key] = [:]
        /// The reduced planes of named shadows the bands of this frame make together (`split`).
        var splits: [ShadowOutlineKey: ShadowSplit] = [:]
    }
    private let state = Mutex(State())
    /// Outlines of shadows cast from a layer's background, kept by what they are made from.
    let outlineMemo = ShadowOutlineMemo()
    /// How many blurs `State.shared` holds (changed under the lock; read without it by `helpShared`,
    /// so that an idle thread's look costs no lock while nothing is shared).
    private let sharedCount = Atomic<Int>(0)
    /// Blurs made and stored by `plane(for:sharing:)` (counted after its lock is let go: a thread
    /// that took part in one spins until the count moves, see there).
    private let stores = Atomic<Int>(0)
    /// Broadcast when a pending blur is done (a thread waiting for it checks `pending` under its
    /// lock, and the maker removes the key before broadcasting under it: no wake-up is lost).
    private let madeSignal = NSCondition()

    /// The most floats kept (default 8 M: 32 MB).
    public let capacity: Int
    /// Blurs computed so far (for tests and statistics).
    public var misses: Int { state.withLock { $0.misses } }
    /// Blurs reused so far (for tests and statistics).
    public var hits: Int { state.withLock { $0.hits } }
    /// Blurs found by name so far (`plane(forName:)`) kept in an earlier frame (for tests).
    var nameHits: Int { state.withLock { $0.nameHits } }
    /// Blurs found by name so far kept in the same frame (for tests).
    var frameNameHits: Int { state.withLock { $0.frameNameHits } }

    /// A cache keeping at most `capacity` floats of blurred planes.
    public init(capacity: Int = 8 << 20) { self.capacity = capacity }

    /// What a lookup found: a kept entry, a key another thread is blurring, or the caller's turn to blur.
    private enum Lookup { case hit(Entry), wait, make(clock: Int) }

    /// The blurred plane for `key`, computed by `make` (outside the lock) when not kept. While one
    /// thread makes a blur, another asking for the same key waits for it (the bands of a frame
    /// that share a shadow ask for it at about the same time).
    func plane(for key: Key, make: () -> (plane: [Float], width: Int, height: Int)) -> Entry {
        plane(for: key, sharing: { _ in make() })
    }

    /// `plane(for:make:)` whose `make` is handed a function to share its blur with: called with a
    /// `SharedBoxBlur` before it is made, it lets the threads waiting for `key` take part in it
    /// rather than wait idle (a thread that comes after the blur is done waits as before).
    func plane(for key: Key, sharing make: (_ share: ((SharedBoxBlur) -> Void)?) -> (plane: [Float], width: Int, height: Int)) -> Entry {
        var key = key
        var counted = false
        while true {
            let found = state.withLock { s -> Lookup in
                if !counted { s.clock += 1; counted = true }
                if let i = s.pending.firstIndex(of: key) {
                    // The pending key itself from now on: its source is the maker's array, so the
                    // lookups while waiting compare it by identity, not value by value (holding
                    // the lock the maker needs to share its blur).
                    key = s.pending[i]
                    return .wait
                }
                if let e = s.entries[key] { e.lastUse.store(s.clock, ordering: .relaxed); s.hits += 1; return .hit(e) }
                s.pending.insert(key)
                return .make(clock: s.clock)
            }
            switch found {
            case .hit(let e):
                return e
            case .wait:
                // Take part in the blur when its maker shares it (it does so as it starts: a few
                // moments' look), then sleep until it is made (the maker has at most its last parts
                // and the store left; a sleeping thread leaves it the CPU on a loaded machine).
                if let blur = sharedBlur(key) {
                    blur.help()
                    // Having taken part, first spin a moment for its store (the others' last parts
                    // take microseconds, and a thread woken from sleep came back late): until a
                    // blur is stored after the look that found it pending, then look again.
                    let before = stores.load(ordering: .acquiring)
                    if state.withLock({ $0.pending.contains(key) }) {
                        var turns = 0
                        while stores.load(ordering: .acquiring) == before && turns < SharedBoxBlur.storeSpins { turns += 1; lamina_cpu_relax() }
                        if turns < SharedBoxBlur.storeSpins { continue }
                    }
                }
                madeSignal.lock()
                if state.withLock({ $0.pending.contains(key) }) { madeSignal.wait() }
                madeSignal.unlock()
            case .make(let clock):
                let made = make { blur in
                    self.state.withLock { s in
                        if s.pending.contains(key) {
                            if s.shared.updateValue(blur, forKey: key) == nil { self.sharedCount.add(1, ordering: .relaxed) }
                        }
                    }
                }
                let capacity = capacity
                let e = state.withLock { s in
                    s.pending.remove(key)
                    if s.shared.removeValue(forKey: key) != nil { sharedCount.subtract(1, ordering: .relaxed) }
                    s.misses += 1
                    let e = Entry(key: key, plane: made.plane, width: made.width, height: made.height, lastUse: clock)
                    if made.plane.count <= capacity {
                        if s.entries[key] == nil { s.stored += made.plane.count + key.source.count }
                        s.entries[key] = e
                        if s.stored > capacity { Self.evict(&s, capacity: capacity) }
                    }
                    return e
                }
                stores.add(1, ordering: .releasing)
                madeSignal.lock(); madeSignal.broadcast(); madeSignal.unlock()
                return e
            }
        }
    }

    /// Takes part in a blur being made that its maker shares (`SharedBoxBlur`), whichever key it
    /// is: what a drawing thread with no band left does while another band makes a blur (see
    /// `BandWorkers`). True when it ran some of its parts; false at once when none is shared.
    /// The blur's bits are the same whoever runs its parts (BoxBlurSharingTests).
    func helpShared() -> Bool {
        guard sharedCount.load(ordering: .relaxed) > 0 else { return false }
        guard let blur = state.withLock({ s in s.shared.values.first(where: { $0.hasParts }) }) else { return false }
        let ran = blur.help()
        idleParts.add(ran, ordering: .relaxed)
        return ran > 0
    }

    /// Parts of shared blurs run by `helpShared` so far (for tests).
    let idleParts = Atomic<Int>(0)

    /// The shared blur of pending `key`, looked for a few moments when it is one its maker shares
    /// (a full-resolution blur of a plane `SharedBoxBlur` takes: shared as it starts); nil when the
    /// key is no longer pending or its blur is not shared.
    private func sharedBlur(_ key: Key) -> SharedBoxBlur? {
        guard key.name == nil, key.factor == 1, key.sigma > 0.3, key.areaWidth * key.areaHeight >= SharedBoxBlur.minimumValues else { return nil }
        for attempt in 0..<64 {
            let (pending, blur) = state.withLock { s in (s.pending.contains(key), s.shared[key]) }
            if let blur { return blur }
            if !pending { return nil }
            if attempt < 32 { for _ in 0..<32 { lamina_cpu_relax() } } else { sched_yield() }
        }
        return nil
    }

    /// Drops the least recently used entries until under half of `capacity`, and the outlines that
    /// led to them.
    private static func evict(_ s: inout State, capacity: Int) {
        let order = s.entries.values.sorted { $0.lastUse.load(ordering: .relaxed) < $1.lastUse.load(ordering: .relaxed) }
        for e in order where s.stored > capacity / 2 {
            s.entries[e.key] = nil
            s.stored -= e.plane.count + e.key.source.count
        }
        let kept = s.outlines.filter { s.entries[$0.value.key] === $0.value }
        for (outline, _) in s.outlines where kept[outline] == nil { s.stored -= outline.points.count }
        s.outlines = kept
        s.namedIn = s.namedIn.filter { kept[$0.key] != nil }
    }

    /// The blur made before from `outline`'s alpha, when it is still kept (counted as a hit).
    func plane(forOutline outline: ShadowOutlineKey) -> Entry? {
        state.withLock { s in
            guard let e = s.outlines[outline], s.entries[e.key] === e else { return nil }
            s.clock += 1
            e.lastUse.store(s.clock, ordering: .relaxed)
            s.hits += 1
            return e
        }
    }

    /// What `claim` found for an outline: its blur kept, the key of the alpha another thread has
    /// rasterised it to (ask `plane(for:sharing:)` for it), the caller's turn to rasterise it
    /// (`make`: claimed, to publish and settle), or to rasterise it unclaimed (`makeAlone`).
    enum OutlineClaim { case kept(Entry), follow(Key), make, makeAlone }

    /// The blur of `outline`'s alpha when kept (counted as a hit, as `plane(forOutline:)`);
    /// else, when another thread is rasterising that outline, the key of its alpha as soon as that
    /// thread has it (`publish`): the bands of a frame that share a shadow then rasterise and
    /// fingerprint its alpha once, and the others wait for (and take part in) its blur. Otherwise
    /// `.make`, after which the caller rasterises the outline, publishes its key, and `settle`s the
    /// outline when its blur is made. After `patience` seconds of waiting for a key, `.makeAlone`
    /// (the caller makes the blur too, as if no one had, and neither publishes nor settles).
    func claim(_ outline: ShadowOutlineKey, patience: Double = 0.002) -> OutlineClaim {
        var spins = 0
        var started: UInt64 = 0
        while true {
            enum Found { case kept(Entry), follow(Key), make, wait }
            let found = state.withLock { s -> Found in
                if let e = s.outlines[outline], s.entries[e.key] === e {
                    s.clock += 1
                    e.lastUse.store(s.clock, ordering: .relaxed)
                    s.hits += 1
                    return .kept(e)
                }
                if let key = s.outlineKeys[outline] { return .follow(key) }
                if s.outlinesClaimed.contains(outline) { return .wait }
                s.outlinesClaimed.insert(outline)
                return .make
            }
            switch found {
            case .kept(let e): return .kept(e)
            case .follow(let key): return .follow(key)
            case .make: return .make
            case .wait:
                // The maker is rasterising the outline (a fraction of a millisecond): spin, then
                // yield the CPU; give up past `patience`.
                spins += 1
                if spins < 64 {
                    for _ in 0..<32 { lamina_cpu_relax() }
                } else {
                    if started == 0 { started = DispatchTime.now().uptimeNanoseconds }
                    if Double(DispatchTime.now().uptimeNanoseconds - started) * 1e-9 > patience { return .makeAlone }
                    sched_yield()
                }
            }
        }
    }

    /// Publishes the key of the alpha `outline` (claimed by the caller) was rasterised to.
    func publish(_ outline: ShadowOutlineKey, key: Key) {
        state.withLock { s in if s.outlinesClaimed.contains(outline) { s.outlineKeys[outline] = key } }
    }

    /// Ends the caller's claim on `outline` (its blur made, and remembered when kept).
    func settle(_ outline: ShadowOutlineKey) {
        state.withLock { s in
            s.outlinesClaimed.remove(outline)
            s.outlineKeys[outline] = nil
        }
    }

    /// Starts a frame: blurs kept by name from now on are found by `plane(forName:)` from the next
    /// frame on. (Called by `FrameRenderer` before its bands draw.)
    func beginFrame() { state.withLock { $0.frame += 1; $0.splits.removeAll() } }

    /// The reduced plane of the shadow named `name` that the bands of this frame make together
    /// (`ShadowSplit`): made by `make` for the first band to ask, the same object for the others.
    func split(_ name: ShadowOutlineKey, make: () -> ShadowSplit) -> ShadowSplit {
        state.withLock { s in
            if let sp = s.splits[name] { splitsJoined.add(1, ordering: .relaxed); return sp }
            let sp = make()
            splitsBegun.add(1, ordering: .relaxed)
            s.splits[name] = sp
            return sp
        }
    }

    /// Split planes begun (`split`; for tests).
    let splitsBegun = Atomic<Int>(0)
    /// Bands that joined a split plane another band began (`split`; for tests).
    let splitsJoined = Atomic<Int>(0)
    /// Rows of split planes made by a band that did not claim them as it reached the group (no
    /// band had: drawn for them alone; for tests).
    let splitRowsTaken = Atomic<Int>(0)
    /// Bands that made rows of a split plane's blur that another band had made rows of
    /// (`ShadowSplit.blurRows`; for tests).
    let splitBlursJoined = Atomic<Int>(0)

    /// The blur kept under `name` (`store`, or `remember` of a group's blur) in an earlier frame
    /// (or in this one too, when `thisFrame`), when it is still kept (counted as a hit). A name
    /// stands for its group's alpha whichever band kept it, so the blur found is the one that alpha
    /// gives (ShadowNameTests).
    func plane(forName name: ShadowOutlineKey, thisFrame: Bool = false) -> Entry? {
        state.withLock { s in
            guard let e = s.outlines[name], s.entries[e.key] === e, let given = s.namedIn[name], given < s.frame || thisFrame else { return nil }
            s.clock += 1
            e.lastUse.store(s.clock, ordering: .relaxed)
            s.hits += 1
            if given < s.frame { s.nameHits += 1 } else { s.frameNameHits += 1 }
            return e
        }
    }

    /// Keeps `plane` (`width` × `height`, reduced or not) as the blur `name` stands for, found by
    /// `plane(forName:)` from the next frame on: a blur made where no source key was (a group's alpha
    /// blurred straight from the group). Not kept when it alone is larger than the cache holds.
    func store(_ name: ShadowOutlineKey, plane: [Float], width: Int, height: Int) {
        let capacity = capacity
        let size = plane.count + name.points.count
        guard size <= capacity else { return }
        state.withLock { s in
            let key = Key(name: name, width: width, height: height)
            s.clock += 1
            if let old = s.outlines[name] {
                // Another band made it too (each makes a reduced blur of its own): keep one.
                guard s.entries[old.key] !== old else { return }
                s.stored -= name.points.count
            }
            let e = Entry(key: key, plane: plane, width: width, height: height, lastUse: s.clock)
            if s.entries[key] == nil { s.stored += plane.count }
            s.entries[key] = e
            s.outlines[name] = e
            s.namedIn[name] = s.frame
            s.stored += name.points.count
            if s.stored > capacity { Self.evict(&s, capacity: capacity) }
        }
    }

    /// Remembers that `outline`'s alpha gave `entry`'s blur (when the entry is kept), so that the
    /// next draw of that outline skips rasterising and comparing its alpha.
    func remember(_ outline: ShadowOutlineKey, gave entry: Entry) {
        let capacity = capacity
        state.withLock { s in
            guard s.entries[entry.key] === entry, s.outlines[outline].map({ s.entries[$0.key] !== $0 }) ?? true else { return }
            if s.outlines[outline] != nil { s.stored -= outline.points.count }
            s.outlines[outline] = entry
            s.namedIn[outline] = s.frame
            s.stored += outline.points.count
            if s.stored > capacity { Self.evict(&s, capacity: capacity) }
        }
    }
}
