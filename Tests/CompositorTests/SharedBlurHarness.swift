import Foundation
import Synchronization
@testable import Compositor

/// The blur-sharing tests' threads: one of `threads` makes a blur (a `BoxBlur.blurPlaced` call
/// handed the hook that publishes its `SharedBoxBlur`), the others wait for it to be published and
/// help make it, as the shadow cache's waiting bands do.
enum SharedBlurHarness {
    /// What `blur` returned, made on thread 0 with threads 1 ..< `threads` helping; the helpers
    /// start `lateness` · 150 µs late (0: at once).
    static func run(threads: Int, lateness: Int = 0, _ blur: @Sendable (_ share: @escaping @Sendable (SharedBoxBlur) -> Void) -> [Float]) -> [Float] {
        let published = Mutex<SharedBoxBlur?>(nil), result = Mutex<[Float]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            if t == 0 {
                let got = blur { made in published.withLock { $0 = made } }
                result.withLock { $0 = got }
            } else {
                if lateness > 0 { usleep(UInt32(lateness * 150)) }
                var shared: SharedBoxBlur?
                while shared == nil { shared = published.withLock { $0 }; if shared == nil { sched_yield() } }
                shared!.help()
            }
        }
        return result.withLock { $0 }
    }
}
