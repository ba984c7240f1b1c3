/// An immutable weak reference to an object that is not `Sendable` (a layer), so that state
/// shared between threads can hold it in a `Mutex`: the reference itself never changes (replace
/// it to point elsewhere), and loading `object` is safe from any thread.
///
/// What is unchecked is the object's use: a thread that loads it uses that object on its own
/// thread, which each holder documents where it loads it (a tiled layer's `draw(in:)` on the tile
/// thread, as Apple calls it there; the app side's model layers under `ModelLock`).
final class WeakReference<Object: AnyObject>: @unchecked Sendable {  // unchecked: hands a non-Sendable object (a layer) to the thread that loads it; each loader says why that thread may use it
    /// The object, while it lives.
    weak let object: Object?

    /// A weak reference to `object`.
    init(_ object: Object) { self.object = object }
}
