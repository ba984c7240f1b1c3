// scripts/test-tsan.sh's check of its Mutex hooks (MutexTSanHooks.c): four threads append to an
// array in a contended Mutex, which is no race. With the argument "race", threads 0 and 1 also
// write a counter inside the lock and thread 3, which never takes the lock, writes it too: a race
// whatever the timing (nothing orders thread 3's writes with theirs), which TSan must report.
// Thread 3 keeps writing, every 0.1 ms, from before threads 0 and 1 start their loops until both
// have finished them (told by relaxed atomics, which order nothing for TSan): its writes always
// overlap theirs in time. (A single write by a thread that started after they had ended could go
// unreported: TSan may give the new thread the slot of a finished one, on a loaded machine.)
// Without the hooks TSan reports the array (its false positive); with them it must report the
// counter only when asked to race.
import Foundation
import Synchronization

final class Unguarded: @unchecked Sendable { var count = 0 }  // unchecked: the deliberate race this probe must see reported
let items = Mutex<[Int]>([])
let unguarded = Unguarded()
let race = CommandLine.arguments.dropFirst().first == "race"
/// Thread 3 has written once (threads 0 and 1 wait for it before their loops).
let writerStarted = Atomic<Bool>(false)
/// How many of threads 0 and 1 have finished their loops (thread 3 writes until both have).
let lockersDone = Atomic<Int>(0)
let group = DispatchGroup()
for t in [3, 0, 1, 2] {
    group.enter()
    Thread {
        if race && t == 3 {
            while true {
                unguarded.count += 1
                writerStarted.store(true, ordering: .relaxed)
                if lockersDone.load(ordering: .relaxed) >= 2 { break }
                usleep(100)
            }
            group.leave()
            return
        }
        if race && t < 2 { while !writerStarted.load(ordering: .relaxed) { usleep(50) } }
        for i in 0..<20_000 {
            items.withLock { a in
                a.append(i + t)
                if a.count > 100 { a.removeAll() }
                if race && t < 2 && i % 1000 == 0 { unguarded.count += 1 }
            }
        }
        if race && t < 2 { lockersDone.add(1, ordering: .relaxed) }
        group.leave()
    }.start()
}
group.wait()
print("probe done")
