import Foundation

/// Makes presentation copies of layers of the app's own CALayer subclasses: an instance of the
/// layer's own class, made without an initializer (Swift cannot call a non-required `init(layer:)`
/// through a metatype), its fields filled from the runtime's reflection of stored fields:
/// - the fields of the nearest Lamina class (CALayer, CAShapeLayer, ...) from a copy made by that
///   class's `init(layer:)`, so the copy's bookkeeping is a fresh presentation copy's;
/// - the fields the app's subclasses declare, copied from the model layer (strong references
///   retained, `weak` ones copied as weak references, `unowned` ones with an unowned retain).
///
/// The subclass's own `init(layer:)` override does not run (see the README, "Presentation copies
/// and custom properties"): its usual work, copying stored properties, is what this copy does.
enum PresentationCopier {
    /// What the runtime reports about one stored field (the runtime's `_FieldReflectionMetadata`).
    struct FieldInfo {
        var name: UnsafePointer<CChar>? = nil
        var freeFunc: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
        var isStrong = false
        var isVar = false
    }

    /// One stored field of a class, superclasses' fields first.
    struct Field {
        let name: String
        let offset: Int
        let type: Any.Type
        let isStrong: Bool
    }

    nonisolated(unsafe) private static var fieldCache: [ObjectIdentifier: [Field]] = [:]
    private static let lock = NSLock()

    /// The stored fields of `cls` and its superclasses, in layout order (cached per class).
    static func fields(of cls: AnyClass) -> [Field] {
        let id = ObjectIdentifier(cls)
        lock.lock(); defer { lock.unlock() }
        if let f = fieldCache[id] { return f }
        var out: [Field] = []
        let n = reflectionRecursiveCount(cls)
        for i in 0..<n {
            var info = FieldInfo()
            let type = reflectionRecursiveChildMetadata(cls, index: i, fieldMetadata: &info)
            let name = info.name.map { String(cString: $0) } ?? ""
            if let name = info.name { info.freeFunc?(name) }
            out.append(Field(name: name, offset: reflectionRecursiveChildOffset(cls, index: i), type: type, isStrong: info.isStrong))
        }
        fieldCache[id] = out
        return out
    }

    /// A presentation copy of `model` of its own class; `base` is the copy made by the nearest
    /// Lamina class's `init(layer:)` (a presentation copy already, for Lamina's own classes).
    static func copy(of model: CALayer, base: CALayer) -> CALayer {
        let cls: AnyClass = type(of: model)
        let baseClass: AnyClass = type(of: base)
        if cls == baseClass { return base }
        let metadata = unsafeBitCast(cls, to: UnsafeRawPointer.self)
        // Class metadata without Objective-C interop: instance size (UInt32) at 24, alignment mask (UInt16) at 28.
        let size = Int(metadata.load(fromByteOffset: 24, as: UInt32.self))
        let alignMask = Int(metadata.load(fromByteOffset: 28, as: UInt16.self))
        let baseFields = fields(of: baseClass)
        let all = fields(of: cls)
        // The layout read must hold every field (it would not with another metadata layout).
        func width<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        guard all.count >= baseFields.count, all.allSatisfy({ $0.offset + width($0.type) <= size }) else {
            LaminaDiagnostics.report("presentation() of \(describeLayer(model)): the class's layout cannot be read; the copy is a \(baseClass)")
            return base
        }
        let raw = swiftAllocObject(metadata, size, alignMask)
        let src = Unmanaged.passUnretained(base).toOpaque(), modelRaw = Unmanaged.passUnretained(model).toOpaque()
        for (i, f) in all.enumerated() {
            if i < baseFields.count {
                // Lamina's own fields: its two unowned(unsafe) links are plain pointers (nil in a fresh copy).
                let unmanaged = f.name == "_superlayer" || f.name == "maskOwner"
                copyField(f, from: UnsafeRawPointer(src), to: raw, weakIfNotStrong: !unmanaged)
            } else {
                copyField(f, from: UnsafeRawPointer(modelRaw), to: raw, weakIfNotStrong: true)
            }
        }
        let layer = Unmanaged<CALayer>.fromOpaque(raw).takeRetainedValue()
        // The base copy keeps its slot (its deinit frees it); this copy takes its own.
        (layer.slot, layer.slotGeneration) = LayerSlots.shared.allocate()
        LayerSlots.shared.setOwner(layer.slot, layer)
        return layer
    }

    /// Initializes field `f` of the new object at `dst` from the object at `src`.
    private static func copyField(_ f: Field, from src: UnsafeRawPointer, to dst: UnsafeMutableRawPointer, weakIfNotStrong: Bool) {
        let s = src + f.offset, d = dst + f.offset
        if f.isStrong {
            func typed<T>(_: T.Type) { d.assumingMemoryBound(to: T.self).initialize(to: s.assumingMemoryBound(to: T.self).pointee) }
            typed(f.type)
            return
        }
        // weak (always Optional), unowned (not Optional) or unowned(unsafe) storage: a reference,
        // then for a protocol type its witness tables (plain pointers, copied as they are).
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        let width = size(f.type)
        let isOptional = String(reflecting: f.type).hasPrefix("Swift.Optional<")
        if isOptional && weakIfNotStrong {
            swiftWeakCopyInit(d, UnsafeMutableRawPointer(mutating: s))
        } else {
            let p = s.load(as: UnsafeRawPointer?.self)
            d.storeBytes(of: p, as: UnsafeRawPointer?.self)
            if !isOptional, let p { swiftUnownedRetain(UnsafeMutableRawPointer(mutating: p)) }
        }
        let word = MemoryLayout<UnsafeRawPointer>.size
        if width > word { (d + word).copyMemory(from: s + word, byteCount: width - word) }
    }
}

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func reflectionRecursiveCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func reflectionRecursiveChildMetadata(_ type: Any.Type, index: Int,
                                              fieldMetadata: UnsafeMutablePointer<PresentationCopier.FieldInfo>) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func reflectionRecursiveChildOffset(_ type: Any.Type, index: Int) -> Int

/// Entry points of the Swift runtime with the C calling convention, found by name once (referring
/// to them by `@_silgen_name` is reserved to the runtime).
private enum RuntimeCalls {
    nonisolated(unsafe) static let handle = dlopen(nil, RTLD_NOW)
    static func symbol<F>(_ name: String, as: F.Type) -> F {
        guard let p = dlsym(handle, name) else { fatalError("Lamina: the Swift runtime lacks \(name)") }
        return unsafeBitCast(p, to: F.self)
    }
    nonisolated(unsafe) static let allocObject = symbol("swift_allocObject",
        as: (@convention(c) (UnsafeRawPointer, Int, Int) -> UnsafeMutableRawPointer).self)
    nonisolated(unsafe) static let weakCopyInit = symbol("swift_weakCopyInit",
        as: (@convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> UnsafeMutableRawPointer).self)
    nonisolated(unsafe) static let unownedRetain = symbol("swift_unownedRetain",
        as: (@convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer).self)
}

private func swiftAllocObject(_ metadata: UnsafeRawPointer, _ size: Int, _ alignMask: Int) -> UnsafeMutableRawPointer {
    RuntimeCalls.allocObject(metadata, size, alignMask)
}

@discardableResult
private func swiftWeakCopyInit(_ dest: UnsafeMutableRawPointer, _ src: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    RuntimeCalls.weakCopyInit(dest, src)
}

@discardableResult
private func swiftUnownedRetain(_ object: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    RuntimeCalls.unownedRetain(object)
}
