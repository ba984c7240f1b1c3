import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What an ffmpeg child says, read on a thread of its own so that ffmpeg can never block on a full
/// pipe: its error output (the last `FFmpegOutputReader.errorBytesKept` bytes of it) and its
/// `-progress` report (`frame=N` lines and the final `progress=end`), each chunk marking a sign of
/// life (`lastActivity`, for the timeouts).
///
/// Shared between the reading thread, which writes `state` (one mutex) and signals `closed` once
/// both pipes have closed, and the owner, which reads `state`; `joined` is the owner's (an atomic,
/// so the type is Sendable as checked).
package final class FFmpegOutputReader: Sendable {
    /// Most bytes of error output kept (the end of it).
    package static let errorBytesKept = 16 << 10

    /// What the reading thread found so far.
    private struct State {
        var errors = Data()
        var pendingLine = Data()
        var frames: Int?
        var ended = false
        var last = ChildProcess.now()
    }
    private let state = Mutex(State())
    private let closed = DispatchSemaphore(value: 0)
    private let joined = Atomic<Bool>(false)

    /// Starts reading `errors` and `progress` (both closed by the reader when they end).
    package init(errors: Int32, progress: Int32) {
        Thread.detachNewThread { [self] in
            FFmpegOutputReader.drain([errors, progress]) { fd, bytes in take(bytes, isError: fd == errors) }
            close(errors); close(progress)
            closed.signal()
        }
    }

    /// The error output so far.
    package var errorData: Data { state.withLock { $0.errors } }
    /// The last `frame=` count ffmpeg reported, if any.
    package var encodedFrames: Int? { state.withLock { $0.frames } }
    /// Whether ffmpeg reported `progress=end`.
    package var reportedEnd: Bool { state.withLock { $0.ended } }
    /// The monotonic time (`ChildProcess.now()`) of ffmpeg's last output.
    package var lastActivity: Double { state.withLock { $0.last } }

    /// Waits, at most `timeout` seconds, for both pipes to close (they close when ffmpeg exits,
    /// unless a child of its own holds them); true when they did. Owner only; idempotent.
    @discardableResult
    package func waitUntilClosed(timeout: Double) -> Bool {
        if joined.load(ordering: .acquiring) { return true }
        let done = closed.wait(timeout: .now() + timeout) == .success
        joined.store(done, ordering: .releasing)
        return done
    }

    private func take(_ bytes: Data, isError: Bool) {
        state.withLock { s in
            s.last = ChildProcess.now()
            if isError {
                s.errors.append(bytes)
                if s.errors.count > FFmpegOutputReader.errorBytesKept { s.errors.removeFirst(s.errors.count - FFmpegOutputReader.errorBytesKept) }
                return
            }
            s.pendingLine.append(bytes)
            while let nl = s.pendingLine.firstIndex(of: 0x0A) {
                let line = String(decoding: s.pendingLine[s.pendingLine.startIndex..<nl], as: UTF8.self)
                s.pendingLine.removeSubrange(s.pendingLine.startIndex...nl)
                if line.hasPrefix("frame="), let n = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) { s.frames = n }
                if line == "progress=end" { s.ended = true }
            }
            if s.pendingLine.count > 4096 { s.pendingLine.removeAll() }
        }
    }

    /// Reads every descriptor in `fds` until all of them close, handing each chunk to `body`.
    package static func drain(_ fds: [Int32], _ body: (Int32, Data) -> Void) {
        var open = fds
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while !open.isEmpty {
            var polls = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let r = poll(&polls, nfds_t(polls.count), -1)
            if r < 0 { if errno == EINTR { continue }; break }
            for p in polls where p.revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(p.fd, $0.baseAddress, $0.count) }
                if n > 0 { body(p.fd, Data(buffer[0..<n])) }
                else if n == 0 || (errno != EINTR && errno != EAGAIN) { open.removeAll { $0 == p.fd } }
            }
        }
    }
}
