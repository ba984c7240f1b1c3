/// A copy-on-write box, so that rarely used value fields cost one pointer in the common case.
struct COWBox<T> {
    private final class Ref { var value: T; init(_ v: T) { value = v } }
    private var ref: Ref
    init(_ value: T) { ref = Ref(value) }
    var value: T {
        get { ref.value }
        set {
            if isKnownUniquelyReferenced(&ref) { ref.value = newValue } else { ref = Ref(newValue) }
        }
    }
}
