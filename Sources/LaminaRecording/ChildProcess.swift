import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A child process that cannot outlive lamina: started with fork and execve (its arguments as an
/// array, never through a shell), it asks the kernel for SIGKILL when its parent goes
/// (`PR_SET_PDEATHSIG`), so that killing lamina, even with SIGKILL, leaves no child behind.
///
/// Foundation's `Process` cannot do this on Linux (it offers no hook between fork and exec), hence
/// this type. The death signal follows the *thread* that forked, not the process, so every child
/// is forked by one thread that lives as long as the process (`ChildProcess.spawner`): a child
/// started from a short-lived thread (a recorder's writer) would otherwise be killed when that
/// thread ends. Between fork and exec the child only makes system calls on memory prepared before
/// the fork (no allocation, no locks): the death signal, a check that the parent is still there, a
/// process group of its own (so that a terminal's Ctrl-C reaches lamina, which ends the child
/// itself, and `kill` reaches anything the child started), its standard descriptors, closing every
/// other descriptor, default SIGPIPE and an empty signal mask, then execve; an exec failure is sent
/// back on a close-on-exec pipe.
///
/// Used by one owner at a time (not shared between threads).
package final class ChildProcess {
    /// How a child ended.
    package enum Ending: Equatable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// "exit N" or "killed by signal N (SIGNAME)".
        package var description: String {
            switch self {
            case .exited(let code): return "exit \(code)"
            case .signalled(let signal): return "killed by signal \(signal)\(ChildProcess.signalName(signal).map { " (\($0))" } ?? "")"
            }
        }
    }

    /// The child's process id.
    package let pid: pid_t
    /// How it ended, once it has been waited for.
    private(set) var ending: Ending?

    private init(pid: pid_t) { self.pid = pid }

    /// Starts `executable` with `arguments` (not including argv[0], which is the executable's path)
    /// and this process's environment. `descriptors` maps child descriptor numbers (0, 1, 2, 3 ...)
    /// to descriptors of ours; every other descriptor is closed in the child. Throws when the
    /// program cannot be started (with the system's reason).
    package static func start(_ executable: String, arguments: [String], descriptors: [Int32: Int32]) throws -> ChildProcess {
        let result = spawner.run { Result { try forkAndExec(executable, arguments: arguments, descriptors: descriptors) } }
        guard let result else { throw RecordingError(description: "could not start \(executable)") }
        return ChildProcess(pid: try result.get())
    }

    /// How the child ended, without waiting (nil while it runs).
    package func poll() -> Ending? {
        if let ending { return ending }
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid { ending = ChildProcess.decode(status) }
        else if r < 0 && errno == ECHILD { ending = .exited(-1) }
        return ending
    }

    /// Waits for the child to end, up to `seconds` past the last time `lastActivity` (a monotonic
    /// time in seconds, read on each check) says it did something; nil on a timeout.
    package func wait(timeout seconds: Double, lastActivity: () -> Double) -> Ending? {
        while true {
            if let e = poll() { return e }
            if ChildProcess.now() - lastActivity() > seconds { return nil }
            usleep(10_000)
        }
    }

    /// Kills the child and its process group (SIGKILL) and waits for it.
    package func kill() {
        guard poll() == nil else { return }
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        ending = ending ?? ChildProcess.decode(status)
    }

    /// A monotonic clock in seconds (for timeouts; never for what is measured).
    package static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// The name of a few signals a child is commonly killed by.
    package static func signalName(_ s: Int32) -> String? {
        [SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT",
         SIGPIPE: "SIGPIPE", SIGHUP: "SIGHUP", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGILL: "SIGILL"][s]
    }

    /// waitpid's status word (the W* macros, which Swift does not import).
    package static func decode(_ status: Int32) -> Ending {
        let low = status & 0x7f
        return low == 0 ? .exited((status >> 8) & 0xff) : .signalled(low)
    }

    /// A pipe whose two ends are close-on-exec and numbered 10 or more (so that they never collide
    /// with the child's standard descriptors while those are being set up).
    package static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { throw RecordingError(description: "cannot make a pipe: \(String(cString: strerror(errno)))") }
        let r = fcntl(fds[0], F_DUPFD_CLOEXEC, 10), w = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        close(fds[0]); close(fds[1])
        guard r >= 0, w >= 0 else {
            if r >= 0 { close(r) }
            if w >= 0 { close(w) }
            throw RecordingError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        return (r, w)
    }

    // MARK: - fork and exec

    private typealias PrctlFunction = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    private typealias CloseRangeFunction = @convention(c) (UInt32, UInt32, Int32) -> Int32
    /// prctl and close_range, which Swift does not import (prctl is variadic; close_range is newer
    /// than the headers' defaults): looked up once, before any fork.
    private static let prctlFunction: PrctlFunction? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl").map { unsafeBitCast($0, to: PrctlFunction.self) }
    private static let closeRangeFunction: CloseRangeFunction? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "close_range").map { unsafeBitCast($0, to: CloseRangeFunction.self) }

    private static func forkAndExec(_ executable: String, arguments: [String], descriptors: [Int32: Int32]) throws -> pid_t {
        // Everything the child touches is prepared here, before the fork.
        let path = strdup(executable)!
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: arguments.count + 2)
        argv[0] = strdup(executable)
        for (i, a) in arguments.enumerated() { argv[i + 1] = strdup(a) }
        argv[arguments.count + 1] = nil
        defer {
            free(path)
            for i in 0...arguments.count { free(argv[i]) }
            argv.deallocate()
        }
        let pairs = descriptors.sorted { $0.key < $1.key }
        let targets = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, pairs.count))
        let sources = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, pairs.count))
        defer { targets.deallocate(); sources.deallocate() }
        for (i, p) in pairs.enumerated() { targets[i] = p.key; sources[i] = p.value }
        let count = pairs.count
        let firstFree = UInt32((pairs.last?.key ?? 2) + 1)
        let report = try pipe()
        let env = environ
        let prctl = prctlFunction, closeRange = closeRangeFunction
        // The empty signal mask, made before the fork: the child must not touch a C type through
        // generic code (`withUnsafePointer(to:)` looks its metadata up under a runtime lock, which
        // another thread may hold at the fork: the child then waits for ever).
        let emptyMask = UnsafeMutablePointer<sigset_t>.allocate(capacity: 1)
        defer { emptyMask.deallocate() }
        sigemptyset(emptyMask)
        let parent = getpid()

        let pid = fork()
        if pid == 0 {
            // The child: system calls only.
            _ = prctl?(1 /* PR_SET_PDEATHSIG */, UInt(SIGKILL), 0, 0, 0)
            if getppid() != parent { _exit(127) }
            _ = setpgid(0, 0)
            var i = 0
            while i < count {
                if dup2(sources[i], targets[i]) < 0 { childFail(report.write) }
                i += 1
            }
            // Every other descriptor goes, except the report pipe (close-on-exec, it closes at exec).
            let keep = UInt32(report.write)
            if let closeRange {
                if keep > firstFree { _ = closeRange(firstFree, keep - 1, 0) }
                _ = closeRange(keep + 1, UInt32.max, 0)
            } else {
                var fd = Int32(firstFree)
                while fd < 4096 { if fd != report.write { close(fd) }; fd += 1 }
            }
            signal(SIGPIPE, SIG_DFL)
            _ = sigprocmask(SIG_SETMASK, emptyMask, nil)
            execve(path, argv, env)
            childFail(report.write)
        }
        let forkErrno = errno
        close(report.write)
        defer { close(report.read) }
        guard pid > 0 else {
            throw RecordingError(description: "could not start \(executable): \(String(cString: strerror(forkErrno)))")
        }
        var childErrno: Int32 = 0
        var got = 0
        while true {
            let n = withUnsafeMutableBytes(of: &childErrno) { read(report.read, $0.baseAddress! + got, 4 - got) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            got += n
            if got == 4 { break }
        }
        if got == 4 {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            throw RecordingError(description: "could not start \(executable): \(String(cString: strerror(childErrno)))")
        }
        return pid
    }

    /// In the child: sends errno to the parent and exits (never returns).
    private static func childFail(_ fd: Int32) -> Never {
        var e = errno
        _ = withUnsafeBytes(of: &e) { write(fd, $0.baseAddress, 4) }
        _exit(127)
    }

    // MARK: - the spawning thread

    /// The one thread that forks every child, alive as long as the process (see the type's notes).
    private static let spawner = Spawner()

    /// Runs closures on its own thread, one at a time, the caller waiting for each.
    ///
    /// Threads: any thread calls `run`; callers take turns (`turn`), each handing its job over in
    /// `job` (a mutex) and waking the spawning thread (`jobReady`), which runs it and wakes the
    /// caller (`jobDone`). The job and its result are `Sendable`.
    private final class Spawner: Sendable {
        private let job = Mutex<(@Sendable () -> Void)?>(nil)
        private let turn = NSLock()
        private let jobReady = DispatchSemaphore(value: 0)
        private let jobDone = DispatchSemaphore(value: 0)

        package init() {
            let t = Thread { [self] in loop() }
            t.name = "lamina.spawner"
            t.start()
        }

        /// Runs `body` on the spawning thread and returns its result (which the spawning thread
        /// stores before it signals `jobDone`, so it is always there).
        package func run<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T? {
            let result = Mutex<T?>(nil)
            turn.lock()
            defer { turn.unlock() }
            job.withLock { $0 = { let r = body(); result.withLock { $0 = r } } }
            jobReady.signal()
            jobDone.wait()
            return result.withLock { $0.take() }
        }

        private func loop() {
            while true {
                jobReady.wait()
                let body = job.withLock { $0.take() }
                body?()
                jobDone.signal()
            }
        }
    }
}
