import Foundation

/// The private Swift runtime entry points presentation copies of app-defined `CALayer` subclasses
/// need, all in this one file: the reflection of a class's stored fields
/// (`swift_reflectionMirror_recursiveCount`, `…ChildMetadata`, `…ChildOffset`), a class's instance
/// size and alignment read from its metadata, and `swift_allocObject`, `swift_weakCopyInit` and
/// `swift_unownedRetain` found by name. None of them is public API: a new toolchain may change one
/// with no compile error, so they are checked once, on first use (`checked`), against classes whose
/// layout is known (`RuntimeProbe`), down to a full field-by-field copy of one; when they fail,
/// presentation copies fall back to the nearest Lamina class and one diagnostic names the toolchain.
///
/// A value of closures so that a test can hand the check a runtime that misbehaves.
struct SwiftRuntimeAccess: Sendable {
    /// One stored field of a class, superclasses' fields first.
    struct Field: Sendable {
        /// Its name.
        let name: String
        /// Its byte offset in the instance.
        let offset: Int
        /// Its type.
        let type: Any.Type
        /// Whether it is a strong reference or a value (not weak, unowned or unowned(unsafe)).
        let isStrong: Bool
    }

    /// The stored fields of a class and its superclasses, in layout order.
    var fields: @Sendable (AnyClass) -> [Field]
    /// A class's instance size and alignment mask, from its metadata.
    var instanceLayout: @Sendable (AnyClass) -> (size: Int, alignMask: Int)
    /// `swift_allocObject(metadata, size, alignMask)`: an uninitialized instance with one strong reference.
    var allocObject: @Sendable (UnsafeRawPointer, Int, Int) -> UnsafeMutableRawPointer
    /// `swift_weakCopyInit(dest, src)`.
    var weakCopyInit: @Sendable (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Void
    /// `swift_unownedRetain(object)`.
    var unownedRetain: @Sendable (UnsafeMutableRawPointer) -> Void

    /// The running process's runtime, its entry points found by name; the failure names the one missing.
    static func system() -> Result<SwiftRuntimeAccess, RuntimeAccessFailure> {
        let handle = dlopen(nil, RTLD_NOW)
        for name in ["swift_reflectionMirror_recursiveCount", "swift_reflectionMirror_recursiveChildMetadata",
                     "swift_reflectionMirror_recursiveChildOffset"] where dlsym(handle, name) == nil {
            return .failure(RuntimeAccessFailure(problem: "the Swift runtime has no \(name)"))
        }
        typealias Alloc = @convention(c) (UnsafeRawPointer, Int, Int) -> UnsafeMutableRawPointer
        typealias WeakCopy = @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> UnsafeMutableRawPointer
        typealias Retain = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer
        guard let a = dlsym(handle, "swift_allocObject") else { return .failure(RuntimeAccessFailure(problem: "the Swift runtime has no swift_allocObject")) }
        guard let w = dlsym(handle, "swift_weakCopyInit") else { return .failure(RuntimeAccessFailure(problem: "the Swift runtime has no swift_weakCopyInit")) }
        guard let u = dlsym(handle, "swift_unownedRetain") else { return .failure(RuntimeAccessFailure(problem: "the Swift runtime has no swift_unownedRetain")) }
        let alloc = unsafeBitCast(a, to: Alloc.self), weakCopy = unsafeBitCast(w, to: WeakCopy.self), retain = unsafeBitCast(u, to: Retain.self)
        return .success(SwiftRuntimeAccess(
            fields: { cls in
                (0..<reflectionRecursiveCount(cls)).map { i in
                    var info = FieldReflection()
                    let type = reflectionRecursiveChildMetadata(cls, index: i, fieldMetadata: &info)
                    let name = info.name.map { String(cString: $0) } ?? ""
                    if let n = info.name { info.freeFunc?(n) }
                    return Field(name: name, offset: reflectionRecursiveChildOffset(cls, index: i), type: type, isStrong: info.isStrong)
                }
            },
            instanceLayout: { cls in
                // Class metadata without Objective-C interop: instance size (UInt32) at 24, alignment mask (UInt16) at 28.
                let metadata = unsafeBitCast(cls, to: UnsafeRawPointer.self)
                return (Int(metadata.load(fromByteOffset: 24, as: UInt32.self)), Int(metadata.load(fromByteOffset: 28, as: UInt16.self)))
            },
            allocObject: { alloc($0, $1, $2) },
            weakCopyInit: { _ = weakCopy($0, $1) },
            unownedRetain: { _ = retain($0) }))
    }

    /// The process's runtime once checked (`check`): on first use, once a process.
    static let checked: Result<SwiftRuntimeAccess, RuntimeAccessFailure> = system().flatMap { rt in
        if let problem = rt.check() { return .failure(problem) }
        return .success(rt)
    }

    /// A new instance of `cls` (metadata pointer `metadata`) with one strong reference, its fields uninitialized.
    func allocate(_ cls: AnyClass) -> UnsafeMutableRawPointer {
        let (size, alignMask) = instanceLayout(cls)
        return allocObject(unsafeBitCast(cls, to: UnsafeRawPointer.self), size, alignMask)
    }

    /// Initializes field `f` of the new object at `dst` from the object at `src`: a strong field (or
    /// a value) by a typed copy; a weak one (always Optional) by `swift_weakCopyInit` when
    /// `weakIfNotStrong`; an unowned one with an unowned retain; an unowned(unsafe) one (Optional,
    /// `weakIfNotStrong` false) as a plain pointer. A protocol type's witness tables follow the
    /// reference and are copied as they are.
    func copyField(_ f: Field, from src: UnsafeRawPointer, to dst: UnsafeMutableRawPointer, weakIfNotStrong: Bool) {
        let s = src + f.offset, d = dst + f.offset
        if f.isStrong {
            func typed<T>(_: T.Type) { d.assumingMemoryBound(to: T.self).initialize(to: s.assumingMemoryBound(to: T.self).pointee) }
            typed(f.type)
            return
        }
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        let width = size(f.type)
        let isOptional = String(reflecting: f.type).hasPrefix("Swift.Optional<")
        if isOptional && weakIfNotStrong {
            weakCopyInit(d, UnsafeMutableRawPointer(mutating: s))
        } else {
            let p = s.load(as: UnsafeRawPointer?.self)
            d.storeBytes(of: p, as: UnsafeRawPointer?.self)
            if !isOptional, let p { unownedRetain(UnsafeMutableRawPointer(mutating: p)) }
        }
        let word = MemoryLayout<UnsafeRawPointer>.size
        if width > word { (d + word).copyMemory(from: s + word, byteCount: width - word) }
    }

    /// What the probe classes' layout must read as (64-bit Swift: a two-word object header, then
    /// the fields in declaration order, each at its alignment).
    static let probeFields: [(name: String, offset: Int, isStrong: Bool)] = [
        ("number", 16, true), ("weakLink", 24, false), ("text", 32, true), ("owner", 48, false), ("strongLink", 56, true),
    ]
    /// The probe's instance size and alignment mask.
    static let probeLayout = (size: 64, alignMask: 7)

    /// Nil when this runtime reads `RuntimeProbe` as Swift lays it out and copies one field by field
    /// into a new instance that reads back equal (strong, weak and unowned references balanced);
    /// otherwise what differs.
    func check() -> RuntimeAccessFailure? {
        guard MemoryLayout<Int>.size == 8 else { return RuntimeAccessFailure(problem: "presentation copies of subclasses need a 64-bit platform") }
        let got = fields(RuntimeProbe.self).map { ($0.name, $0.offset, $0.isStrong) }
        guard got.count == SwiftRuntimeAccess.probeFields.count,
              zip(got, SwiftRuntimeAccess.probeFields).allSatisfy({ $0.0 == $1.name && $0.1 == $1.offset && $0.2 == $1.isStrong }) else {
            return RuntimeAccessFailure(problem: "the runtime's reflection reads a known class's fields as \(got) instead of \(SwiftRuntimeAccess.probeFields.map { ($0.name, $0.offset, $0.isStrong) })")
        }
        let layout = instanceLayout(RuntimeProbe.self)
        guard layout == SwiftRuntimeAccess.probeLayout else {
            return RuntimeAccessFailure(problem: "a known class's metadata reads as size \(layout.size), alignment mask \(layout.alignMask) instead of \(SwiftRuntimeAccess.probeLayout.size), \(SwiftRuntimeAccess.probeLayout.alignMask)")
        }
        // A copy of a live probe through the same steps as a presentation copy.
        let held = RuntimeProbeTarget(), owner = RuntimeProbeTarget()
        let original = RuntimeProbe(number: 0x5A17, weakLink: held, text: "probe text long enough to be on the heap", owner: owner, strongLink: held)
        let raw = allocate(RuntimeProbe.self)
        let src = UnsafeRawPointer(Unmanaged.passUnretained(original).toOpaque())
        for f in fields(RuntimeProbe.self) { copyField(f, from: src, to: raw, weakIfNotStrong: true) }
        let copy = Unmanaged<RuntimeProbe>.fromOpaque(raw).takeRetainedValue()
        guard copy.number == 0x5A17, copy.weakLink === held, copy.text == original.text, copy.owner === owner, copy.strongLink === held else {
            return RuntimeAccessFailure(problem: "a field-by-field copy of a known class does not read back as the original")
        }
        return nil
    }
}

/// Why presentation copies of app-defined subclasses are not available, and the toolchain.
struct RuntimeAccessFailure: Error, Equatable {
    /// What was found.
    let problem: String

    /// The Swift compiler Lamina was built with (the runtime it was checked against ships with it).
    static var compiler: String {
        #if compiler(>=6.4)
        return "Swift 6.4 or later"
        #elseif compiler(>=6.3)
        return "Swift 6.3"
        #elseif compiler(>=6.2)
        return "Swift 6.2"
        #elseif compiler(>=6.1)
        return "Swift 6.1"
        #else
        return "Swift 6.0"
        #endif
    }

    /// The file of the Swift runtime in use (libswiftCore, from the process's memory map).
    static var runtimeLibrary: String {
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        let line = maps.split(separator: "\n").first { $0.contains("libswiftCore") }
        return line.flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init) } ?? "libswiftCore, place unknown"
    }

    /// The diagnostic: what changed, the toolchain, and what presentation copies do instead.
    var message: String {
        "presentation copies of CALayer subclasses: the Swift runtime (\(RuntimeAccessFailure.runtimeLibrary), Lamina built with "
            + "\(RuntimeAccessFailure.compiler)) no longer works as Lamina expects: \(problem). presentation() of a subclass's layer "
            + "is now a copy of the nearest Lamina class (its animated values are right; the subclass's own stored properties are absent). "
            + "Please report this with the output of `swift --version`."
    }
}

/// The known class the check reads: a superclass's fields, then the subclass's, of each kind a
/// layer subclass may hold.
class RuntimeProbeBase {
    let number: Int
    weak var weakLink: AnyObject?
    init(number: Int, weakLink: AnyObject?) { self.number = number; self.weakLink = weakLink }
}

/// The probe's subclass (its fields follow the superclass's).
final class RuntimeProbe: RuntimeProbeBase {
    let text: String
    unowned let owner: AnyObject
    let strongLink: AnyObject
    init(number: Int, weakLink: AnyObject?, text: String, owner: AnyObject, strongLink: AnyObject) {
        self.text = text; self.owner = owner; self.strongLink = strongLink
        super.init(number: number, weakLink: weakLink)
    }
}

/// An object the probe refers to.
final class RuntimeProbeTarget {}

/// What the runtime reports about one stored field (the runtime's `_FieldReflectionMetadata`).
struct FieldReflection {
    var name: UnsafePointer<CChar>? = nil
    var freeFunc: (@convention(c) (UnsafePointer<CChar>?) -> Void)? = nil
    var isStrong = false
    var isVar = false
}

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func reflectionRecursiveCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func reflectionRecursiveChildMetadata(_ type: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<FieldReflection>) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func reflectionRecursiveChildOffset(_ type: Any.Type, index: Int) -> Int
