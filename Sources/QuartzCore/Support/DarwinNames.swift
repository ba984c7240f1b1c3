import Foundation

// C names that Apple code reaches through `import QuartzCore` (QuartzCore imports Darwin) and that
// Glibc does not give Swift on Linux. Apple's <math.h> defines `MAXFLOAT` as `0x1.fffffep+127f` and
// `HUGE` as `MAXFLOAT`, which Swift imports as `Float` constants; animation code writes
// `repeatCount = HUGE` or `repeatCount = MAXFLOAT` (repeatCount is a Float) to repeat "forever".
// Names Glibc already imports with Apple's types (M_PI and the other M_ constants as Double,
// FLT_MAX, DBL_MAX, FLT_EPSILON, arc4random, drand48, …) are not redefined here.

/// The largest finite `Float`, as Apple's `<math.h>` defines it (`0x1.fffffep+127f`); Glibc does
/// not import it into Swift. Client code uses it as a `repeatCount` meaning "repeat forever".
public let MAXFLOAT: Float = Float.greatestFiniteMagnitude

/// Apple's `<math.h>` `HUGE`, defined there as `MAXFLOAT`: a `Float`, the largest finite one.
/// `animation.repeatCount = HUGE` repeats an animation for as long as it is attached.
public let HUGE: Float = MAXFLOAT

// Darwin's time constants (<sys/time.h> and Dispatch's <dispatch/time.h> there), which Swift
// imports as `UInt64`; Glibc has none of them. Animation and display-link code converts
// `DispatchTime` and `mach_absolute_time()` values with them.

/// Nanoseconds a second (Darwin's `NSEC_PER_SEC`).
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds a millisecond (Darwin's `NSEC_PER_MSEC`).
public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Nanoseconds a microsecond (Darwin's `NSEC_PER_USEC`).
public let NSEC_PER_USEC: UInt64 = 1_000
/// Microseconds a second (Darwin's `USEC_PER_SEC`).
public let USEC_PER_SEC: UInt64 = 1_000_000
