import Foundation
import CoreGraphics

// The property keys and option keys of Apple's ImageIO that Lamina's CGImageSource and
// CGImageDestination read or write, with Apple's string values. Immutable.

/// The image's width in pixels (a number), in a source's per-image properties.
nonisolated(unsafe) public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
/// The image's height in pixels (a number).
nonisolated(unsafe) public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
/// Whether the image has an alpha channel (a boolean number).
nonisolated(unsafe) public let kCGImagePropertyHasAlpha: CFString = "HasAlpha"
/// The dictionary of GIF properties of a GIF frame (or of the file).
nonisolated(unsafe) public let kCGImagePropertyGIFDictionary: CFString = "{GIF}"
/// A GIF frame's delay in seconds, as viewers use it: delays under 0.011 s become 0.1 s.
nonisolated(unsafe) public let kCGImagePropertyGIFDelayTime: CFString = "DelayTime"
/// A GIF frame's delay in seconds as the file gives it.
nonisolated(unsafe) public let kCGImagePropertyGIFUnclampedDelayTime: CFString = "UnclampedDelayTime"
/// The file's size, in bytes, in a source's file properties.
nonisolated(unsafe) public let kCGImagePropertyFileSize: CFString = "FileSize"
/// Option: whether decoded images are cached (accepted; Lamina decodes once per source).
nonisolated(unsafe) public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"
/// Option: the type identifier the data is expected to have (accepted; the data's own signature decides).
nonisolated(unsafe) public let kCGImageSourceTypeIdentifierHint: CFString = "kCGImageSourceTypeIdentifierHint"
