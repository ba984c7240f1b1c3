// scripts/test-tsan.sh's check of its Mutex hooks (MutexTSanHooks.c): four threads append to an
// array in a contended Mutex, which is no race. With the argument "race", threads 0 and 1 also
// write a counter inside the lock and thread 3, which never takes the lock, writes it too: a race
// whatever the timing (nothing orders thread 3's write with theirs), which TSan must report.
// Without the hooks TSan reports the array (its false positive); with them it must report the
// counter only when asked to race.
import Foundation
import Synchronization

final class Unguarded: @unchecked Sendable { var count = 0 }  // unchecked: the deliberate race this probe must see reported
let items = Mutex<[Int]>([])
let unguarded = Unguarded()
let race = CommandLine.arguments.dropFirst().first == "race"
let group = DispatchGroup()
for t in 0..<4 {
    group.enter()
    Thread {
        if race && t == 3 { unguarded.count += 1; group.leave(); return }
        for i in 0..<20_000 {
            items.withLock { a in
                a.append(i + t)
                if a.count > 100 { a.removeAll() }
                if race && t < 2 && i % 1000 == 0 { unguarded.count += 1 }
            }
        }
        group.leave()
    }.start()
}
group.wait()
print("probe done")
