import Foundation
import CoreGraphics

// The property keys and option keys of Apple's ImageIO that Lamina's CGImageSource and
// CGImageDestination read or write, with Apple's string values. Computed (a new NSString each
// read, equal to every other): a global `let` of NSString, which is not Sendable, could not be
// shared between threads with the compiler's checks.

/// The image's width in pixels (a number), in a source's per-image properties.
public var kCGImagePropertyPixelWidth: CFString { "PixelWidth" }
/// The image's height in pixels (a number).
public var kCGImagePropertyPixelHeight: CFString { "PixelHeight" }
/// Whether the image has an alpha channel (a boolean number).
public var kCGImagePropertyHasAlpha: CFString { "HasAlpha" }
/// The dictionary of GIF properties of a GIF frame (or of the file).
public var kCGImagePropertyGIFDictionary: CFString { "{GIF}" }
/// A GIF frame's delay in seconds, as viewers use it: delays under 0.011 s become 0.1 s.
public var kCGImagePropertyGIFDelayTime: CFString { "DelayTime" }
/// A GIF frame's delay in seconds as the file gives it.
public var kCGImagePropertyGIFUnclampedDelayTime: CFString { "UnclampedDelayTime" }
/// The file's size, in bytes, in a source's file properties.
public var kCGImagePropertyFileSize: CFString { "FileSize" }
/// Option: whether decoded images are cached (accepted; Lamina decodes once per source).
public var kCGImageSourceShouldCache: CFString { "kCGImageSourceShouldCache" }
/// Option: the type identifier the data is expected to have (accepted; the data's own signature decides).
public var kCGImageSourceTypeIdentifierHint: CFString { "kCGImageSourceTypeIdentifierHint" }
