import Foundation

/// A display timestamp (CoreVideo's CVTimeStamp), accepted by CARenderer.beginFrame(atTime:timeStamp:).
/// Lamina keeps only the fields a software renderer can use; all are optional information.
public struct CVTimeStamp {
    /// The video time of the frame, in units of `videoTimeScale`.
    public var videoTime: Int64 = 0
    /// Units per second of `videoTime` and `videoRefreshPeriod`.
    public var videoTimeScale: Int32 = 0
    /// The refresh period in units of `videoTimeScale`.
    public var videoRefreshPeriod: Int64 = 0
    /// The host time of the frame.
    public var hostTime: UInt64 = 0
    /// The ratio of actual to nominal refresh rate.
    public var rateScalar: Double = 1

    /// A zeroed timestamp.
    public init() {}
}
