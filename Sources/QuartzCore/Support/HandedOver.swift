/// A value the app handed to a layer or an emitter cell through Apple's untyped API (`contents`,
/// `string`, `font`, `style`, a value set for a custom key) or a finished recorded drawing, carried
/// in the layer's state to the render side, which only reads it.
///
/// The one place where layer state is Sendable by contract rather than by the compiler: these
/// values are typed `Any`, `AnyObject` or a class that is not Sendable (Apple's API), and Lamina never
/// changes one after it is set (the app, as on Apple, must not either: a mutable path is copied
/// when it is set, and a drawing is finished before its layer holds it). Every other field of
/// `LayerState` and the emitter's values is checked by the compiler.
struct HandedOver<Value>: @unchecked Sendable {  // unchecked: Apple's untyped values (Any, CFTypeRef, CGContext), never changed once a layer holds them
    /// The value.
    var value: Value
    /// Wraps `value`.
    init(_ value: Value) { self.value = value }
}
