import Foundation

/// One object per thread, made on the thread's first use and released when the thread ends (a
/// pthread key): the per-thread state Core Animation keeps (each thread's transactions, its
/// deferred releases, its running view animation blocks). Nothing is shared between threads, so
/// nothing is locked; the slot itself (its key) is immutable and can be reached from any thread.
package final class ThreadLocalSlot<Value: AnyObject>: Sendable {
    private let key: pthread_key_t

    /// A new slot, empty on every thread.
    package init() {
        var k = pthread_key_t()
        pthread_key_create(&k) { ptr in
            guard let ptr else { return }
            Unmanaged<AnyObject>.fromOpaque(ptr).release()
        }
        key = k
    }

    /// The calling thread's object, if it has one.
    package var existing: Value? {
        // Only `value(orMake:)` stores under this key, and it stores a `Value`.
        guard let p = pthread_getspecific(key) else { return nil }
        return Unmanaged<Value>.fromOpaque(p).takeUnretainedValue()
    }

    /// The calling thread's object, made by `make` on the thread's first use.
    package func value(orMake make: () -> Value) -> Value {
        if let v = existing { return v }
        let v = make()
        pthread_setspecific(key, Unmanaged.passRetained(v).toOpaque())
        return v
    }
}
