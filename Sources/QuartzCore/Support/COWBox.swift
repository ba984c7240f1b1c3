/// A copy-on-write box, so that rarely used value fields cost one pointer in the common case.
/// A value: its storage is changed only when uniquely referenced, otherwise replaced, so a box
/// shared between threads is only ever read (hence Sendable when its value is).
struct COWBox<T>: @unchecked Sendable where T: Sendable {  // unchecked: the box is copied before any write unless uniquely referenced, so a shared box is never written
    private final class Ref { var value: T; init(_ v: T) { value = v } }
    private var ref: Ref
    init(_ value: T) { ref = Ref(value) }

    /// `body` of the value, read in place (the struct is not copied).
    func withValue<R>(_ body: (borrowing T) -> R) -> R { body(ref.value) }
    var value: T {
        // Read in place: reading one field of a boxed struct does not copy the whole struct.
        _read { yield ref.value }
        set {
            if isKnownUniquelyReferenced(&ref) { ref.value = newValue } else { ref = Ref(newValue) }
        }
        // Changed in place: setting one field of a boxed struct does not copy the whole struct
        // out and back (a copy of a large value costs a retain of every reference in it); a
        // shared box is copied once first.
        _modify {
            if !isKnownUniquelyReferenced(&ref) { ref = Ref(ref.value) }
            yield &ref.value
        }
    }
}
