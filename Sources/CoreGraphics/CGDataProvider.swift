import Foundation

/// Releases the bytes given to `CGDataProvider(dataInfo:data:size:releaseData:)`: called with
/// the info pointer, the bytes and their size when the provider is freed.
public typealias CGDataProviderReleaseDataCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, Int) -> Void
/// Copies up to the count asked for of the next bytes into the buffer; returns how many it copied.
public typealias CGDataProviderGetBytesCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer, Int) -> Int
/// Skips forward by the count given; returns how many bytes were skipped.
public typealias CGDataProviderSkipForwardCallback = @convention(c) (UnsafeMutableRawPointer?, off_t) -> off_t
/// Moves back to the first byte.
public typealias CGDataProviderRewindCallback = @convention(c) (UnsafeMutableRawPointer?) -> Void
/// Releases the info pointer when the provider is freed.
public typealias CGDataProviderReleaseInfoCallback = @convention(c) (UnsafeMutableRawPointer?) -> Void
/// Returns a pointer to all of a direct provider's bytes.
public typealias CGDataProviderGetBytePointerCallback = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeRawPointer?
/// Says that the pointer from the get-byte-pointer callback is no longer used.
public typealias CGDataProviderReleaseBytePointerCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer) -> Void
/// Copies bytes from a position of a direct provider; returns how many it copied.
public typealias CGDataProviderGetBytesAtPositionCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer, off_t, Int) -> Int

/// The callbacks of a sequential-access provider (Apple's `CGDataProviderSequentialCallbacks`).
public struct CGDataProviderSequentialCallbacks {
    /// The structure's version (0).
    public var version: UInt32
    /// Copies the next bytes.
    public var getBytes: CGDataProviderGetBytesCallback?
    /// Skips bytes.
    public var skipForward: CGDataProviderSkipForwardCallback?
    /// Goes back to the start.
    public var rewind: CGDataProviderRewindCallback?
    /// Releases the info pointer.
    public var releaseInfo: CGDataProviderReleaseInfoCallback?
    /// Empty callbacks.
    public init() { version = 0 }
    /// The callbacks given.
    public init(version: UInt32, getBytes: CGDataProviderGetBytesCallback?, skipForward: CGDataProviderSkipForwardCallback?,
                rewind: CGDataProviderRewindCallback?, releaseInfo: CGDataProviderReleaseInfoCallback?) {
        self.version = version; self.getBytes = getBytes; self.skipForward = skipForward; self.rewind = rewind; self.releaseInfo = releaseInfo
    }
}

/// The callbacks of a direct-access provider (Apple's `CGDataProviderDirectCallbacks`).
public struct CGDataProviderDirectCallbacks {
    /// The structure's version (0).
    public var version: UInt32
    /// Returns a pointer to all the bytes.
    public var getBytePointer: CGDataProviderGetBytePointerCallback?
    /// Releases that pointer.
    public var releaseBytePointer: CGDataProviderReleaseBytePointerCallback?
    /// Copies bytes from a position.
    public var getBytesAtPosition: CGDataProviderGetBytesAtPositionCallback?
    /// Releases the info pointer.
    public var releaseInfo: CGDataProviderReleaseInfoCallback?
    /// Empty callbacks.
    public init() { version = 0 }
    /// The callbacks given.
    public init(version: UInt32, getBytePointer: CGDataProviderGetBytePointerCallback?, releaseBytePointer: CGDataProviderReleaseBytePointerCallback?,
                getBytesAtPosition: CGDataProviderGetBytesAtPositionCallback?, releaseInfo: CGDataProviderReleaseInfoCallback?) {
        self.version = version; self.getBytePointer = getBytePointer; self.releaseBytePointer = releaseBytePointer
        self.getBytesAtPosition = getBytesAtPosition; self.releaseInfo = releaseInfo
    }
}

/// A source of bytes for images (Apple's `CGDataProvider`). Lamina reads the bytes once, when the
/// provider is made (from memory, a file, or the caller's callbacks), and keeps them; the caller's
/// release callbacks run when the provider is freed, as on Apple. Immutable; any thread.
public final class CGDataProvider: @unchecked Sendable {  // unchecked: holds the caller's info pointer and C callbacks (Apple's API); immutable after init, the callbacks run in init and deinit only
    /// The bytes.
    package let bytes: Data
    /// The info pointer the provider was made with (nil for data, URL and file providers).
    public let info: UnsafeMutableRawPointer?
    /// What to call when the provider is freed.
    private let release: Release?

    private enum Release {
        case data(CGDataProviderReleaseDataCallback, UnsafeRawPointer, Int)
        case info(CGDataProviderReleaseInfoCallback)
    }

    /// A provider over `data`.
    public init?(data: Data) { bytes = data; info = nil; release = nil }
    /// A provider over `data` (Apple's spelling: `CGDataProvider(data: data as CFData)`).
    public convenience init?(data: CFData) { self.init(data: data as Data) }
    /// A provider over the file at `url`; nil when it cannot be read.
    public convenience init?(url: CFURL) {
        guard let d = try? Data(contentsOf: url as URL) else { return nil }
        self.init(data: d)
    }
    /// A provider over the file at the path `filename`; nil when it cannot be read.
    public convenience init?(filename: UnsafePointer<CChar>) {
        guard let d = FileManager.default.contents(atPath: String(cString: filename)) else { return nil }
        self.init(data: d)
    }

    /// A provider over `size` bytes at `data` that your program owns; `releaseData` is called with
    /// `info`, `data` and `size` when the provider is freed (the bytes are copied when it is made).
    public init?(dataInfo info: UnsafeMutableRawPointer?, data: UnsafeRawPointer, size: Int, releaseData: CGDataProviderReleaseDataCallback?) {
        guard size >= 0 else { return nil }
        bytes = Data(bytes: data, count: size)
        self.info = info
        release = releaseData.map { .data($0, data, size) }
    }

    /// A provider that reads its bytes through `callbacks` from the first to the last (getBytes
    /// until it returns 0); nil without a getBytes callback. `releaseInfo` runs when it is freed.
    public init?(sequentialInfo info: UnsafeMutableRawPointer?, callbacks: UnsafePointer<CGDataProviderSequentialCallbacks>) {
        let cb = callbacks.pointee
        guard let getBytes = cb.getBytes else { return nil }
        cb.rewind?(info)
        var d = Data()
        let chunk = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = getBytes(info, buffer, chunk)
            guard n > 0 else { break }
            d.append(buffer.assumingMemoryBound(to: UInt8.self), count: min(n, chunk))
        }
        bytes = d
        self.info = info
        release = cb.releaseInfo.map { .info($0) }
    }

    /// A provider of `size` bytes read through `callbacks`: the byte pointer when given (released
    /// at once after copying), else bytes at positions. Nil when neither callback is given or the
    /// size is negative. `releaseInfo` runs when it is freed.
    public init?(directInfo info: UnsafeMutableRawPointer?, size: off_t, callbacks: UnsafePointer<CGDataProviderDirectCallbacks>) {
        let cb = callbacks.pointee
        guard size >= 0 else { return nil }
        let n = Int(size)
        if let get = cb.getBytePointer, let p = get(info) {
            bytes = Data(bytes: p, count: n)
            cb.releaseBytePointer?(info, p)
        } else if let at = cb.getBytesAtPosition {
            var d = Data(count: n)
            var done = 0
            d.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) in
                while done < n {
                    let got = at(info, raw.baseAddress! + done, off_t(done), n - done)
                    guard got > 0 else { break }
                    done += min(got, n - done)
                }
            }
            bytes = d.prefix(done)
        } else {
            return nil
        }
        self.info = info
        release = cb.releaseInfo.map { .info($0) }
    }

    deinit {
        switch release {
        case .data(let cb, let p, let n)?: cb(info, p, n)
        case .info(let cb)?: cb(info)
        case nil: break
        }
    }

    /// A copy of the provider's bytes.
    public var data: CFData? { bytes as NSData }
}
