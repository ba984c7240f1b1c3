import Foundation
import Synchronization

/// Makes presentation copies of layers of the app's own CALayer subclasses: an instance of the
/// layer's own class, made without an initializer (Swift cannot call a non-required `init(layer:)`
/// through a metatype), its fields filled from the runtime's reflection of stored fields:
/// - the fields of the nearest Lamina class (CALayer, CAShapeLayer, ...) from a copy made by that
///   class's `init(layer:)`, so the copy's bookkeeping is a fresh presentation copy's;
/// - the fields the app's subclasses declare, copied from the model layer (strong references
///   retained, `weak` ones copied as weak references, `unowned` ones with an unowned retain).
///
/// The subclass's own `init(layer:)` override does not run (see QuartzCore.docc/PortingFromApple.md, "Presentation
/// copies"): its usual work, copying stored properties, is what this copy does.
/// The Swift runtime's private entry points this needs are in `SwiftRuntimeAccess`, checked once.
enum PresentationCopier {
    /// The fields of each class copied so far (`SwiftRuntimeAccess.fields` walks the runtime's reflection).
    private static let fieldCache = Mutex<[ObjectIdentifier: [SwiftRuntimeAccess.Field]]>([:])

    /// The stored fields of `cls` and its superclasses, in layout order (cached per class).
    static func fields(of cls: AnyClass, _ runtime: SwiftRuntimeAccess) -> [SwiftRuntimeAccess.Field] {
        let id = ObjectIdentifier(cls)
        if let f = fieldCache.withLock({ $0[id] }) { return f }
        let out = runtime.fields(cls)
        fieldCache.withLock { $0[id] = out }
        return out
    }

    /// A presentation copy of `model` of its own class; `base` is the copy made by the nearest
    /// Lamina class's `init(layer:)` (a presentation copy already, for Lamina's own classes).
    /// When the runtime's entry points failed their check (`SwiftRuntimeAccess.checked`), the copy
    /// is `base`, and one diagnostic names the toolchain.
    static func copy(of model: CALayer, base: CALayer,
                     runtime: Result<SwiftRuntimeAccess, RuntimeAccessFailure> = SwiftRuntimeAccess.checked) -> CALayer {
        let cls: AnyClass = type(of: model)
        let baseClass: AnyClass = type(of: base)
        if cls == baseClass { return base }
        let rt: SwiftRuntimeAccess
        switch runtime {
        case .success(let r): rt = r
        case .failure(let failure):
            LaminaDiagnostics.report(failure.message)
            return base
        }
        let (size, _) = rt.instanceLayout(cls)
        let baseFields = fields(of: baseClass, rt)
        let all = fields(of: cls, rt)
        // The layout read must hold every field (it would not with another metadata layout).
        func width<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        guard all.count >= baseFields.count, all.allSatisfy({ $0.offset + width($0.type) <= size }) else {
            LaminaDiagnostics.report("presentation() of \(describeLayer(model)): the class's layout cannot be read; the copy is a \(baseClass)")
            return base
        }
        let raw = rt.allocate(cls)
        let src = Unmanaged.passUnretained(base).toOpaque(), modelRaw = Unmanaged.passUnretained(model).toOpaque()
        for (i, f) in all.enumerated() {
            if i < baseFields.count {
                // Lamina's own fields: its two unowned(unsafe) links are plain pointers (nil in a fresh copy).
                let unmanaged = f.name == "_superlayer" || f.name == "maskOwner"
                rt.copyField(f, from: UnsafeRawPointer(src), to: raw, weakIfNotStrong: !unmanaged)
            } else {
                rt.copyField(f, from: UnsafeRawPointer(modelRaw), to: raw, weakIfNotStrong: true)
            }
        }
        let layer = Unmanaged<CALayer>.fromOpaque(raw).takeRetainedValue()
        // The base copy keeps its slot (its deinit frees it); this copy takes its own.
        (layer.slot, layer.slotGeneration) = LayerSlots.shared.allocate()
        LayerSlots.shared.setOwner(layer.slot, layer)
        return layer
    }
}
