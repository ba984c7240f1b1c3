import Foundation
import CoreGraphics

/// An image file being written (Apple's ImageIO `CGImageDestination`): PNG ("public.png") through
/// libpng. Add exactly as many images as the destination was made for (one: PNG holds one image),
/// then `CGImageDestinationFinalize` writes the file or the data and says whether it worked; a
/// failure also reports one `LaminaDiagnostics` message. Used from one thread at a time (not
/// `Sendable`: the compiler lets it move to another thread only as a whole).
public final class CGImageDestination {
    enum Target { case url(URL), data(NSMutableData) }
    let target: Target
    let capacity: Int
    var images: [CGImage] = []
    var finalized = false

    init(target: Target, capacity: Int) { self.target = target; self.capacity = capacity }
}

private func makeDestination(_ target: CGImageDestination.Target, _ type: CFString, _ count: Int) -> CGImageDestination? {
    guard (type as String) == "public.png" else {
        LaminaDiagnostics.report("CGImageDestination: type \(type) is not written (Lamina writes public.png); no destination")
        return nil
    }
    guard count == 1 else {
        LaminaDiagnostics.report("CGImageDestination: a PNG file holds one image, not \(count); no destination")
        return nil
    }
    return CGImageDestination(target: target, capacity: count)
}

/// A destination writing a file at `url` of `type` ("public.png") holding `count` images (1).
public func CGImageDestinationCreateWithURL(_ url: CFURL, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    makeDestination(.url(url as URL), type, count)
}

/// A destination appending the file's bytes to `data`.
public func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    makeDestination(.data(data), type, count)
}

/// Adds `image` to the destination (properties are accepted and not written).
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    guard !idst.finalized, idst.images.count < idst.capacity else {
        LaminaDiagnostics.report("CGImageDestination: more images added than the \(idst.capacity) it was made for; ignored")
        return
    }
    idst.images.append(image)
}

/// Writes the destination's file (or appends its bytes to the data); false when it was given the
/// wrong number of images, was finalized before, or the file cannot be written.
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    guard !idst.finalized else { return false }
    idst.finalized = true
    guard idst.images.count == idst.capacity, let image = idst.images.first else {
        LaminaDiagnostics.report("CGImageDestination: \(idst.images.count) of \(idst.capacity) images added; nothing written")
        return false
    }
    do {
        let bytes = try ImageFileCodec.encodePNG(image)
        switch idst.target {
        case .data(let d): d.append(bytes)
        case .url(let url):
            // A fresh exclusive temporary renamed over the file, never through a link (`SafeFile`).
            do { try SafeFile.write(bytes, to: url.path) } catch {
                LaminaDiagnostics.report("CGImageDestination: \(error)")
                return false
            }
        }
        return true
    } catch {
        LaminaDiagnostics.report("CGImageDestination: \(error.reason)")
        return false
    }
}

/// The type identifiers destinations write.
public func CGImageDestinationCopyTypeIdentifiers() -> CFArray { ["public.png"] as NSArray }
