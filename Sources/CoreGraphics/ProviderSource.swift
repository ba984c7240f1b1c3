import Foundation

/// How an image made from a data provider lays out its pixels, as it was given: what
/// `CGImage`'s layout properties report, and the provider `dataProvider` returns. Immutable; any
/// thread.
package struct ProviderSource: Sendable {
    /// The caller's provider, whose bytes are the image's; nil when the bytes are made from the
    /// pixels (a part of an image).
    package let provider: CGDataProvider?
    package let layout: PixelLayout
    package let bitsPerComponent: Int
    package let bitsPerPixel: Int
    package let bytesPerRow: Int
    package let colorSpace: CGColorSpace?
    /// The decode array as given, nil when none was.
    package let decodeStorage: DecodeStorage?
    /// Whether the image is an image mask (`CGImage(maskWidth:…)`).
    package let isMask: Bool

    /// The same layout over bytes made from the pixels of an image `width` pixels wide, rows packed.
    package func withoutProvider(width: Int) -> ProviderSource {
        ProviderSource(provider: nil, layout: layout, bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                       bytesPerRow: width * layout.bytesPerPixel, colorSpace: colorSpace, decodeStorage: decodeStorage, isMask: isMask)
    }
}

/// A decode array kept for as long as the images that carry it (`CGImage.decode` returns a
/// pointer into it, as Apple's does). Immutable after init.
package final class DecodeStorage: @unchecked Sendable {  // unchecked: a pointer (Apple's `CGImage.decode` returns one into it), written once in init and only read after
    /// The entries (two a component).
    package let pointer: UnsafeMutablePointer<CGFloat>
    package let count: Int

    /// A copy of `count` entries at `values`.
    package init(copying values: UnsafePointer<CGFloat>, count: Int) {
        self.count = count
        pointer = .allocate(capacity: max(count, 1))
        pointer.initialize(from: values, count: count)
    }

    deinit { pointer.deallocate() }
}
