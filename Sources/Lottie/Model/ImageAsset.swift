import Foundation
import CoreGraphics

/// An image asset (`assets` entry with `p`): embedded as a base64 data URI, or a file named by the
/// folder `u` and name `p` beside the animation's JSON file.
struct ImageAsset: Sendable {
    /// Where the image's bytes are.
    enum Source: Sendable {
        /// Decoded from the data URI already.
        case embedded(CGImage)
        /// A path relative to the JSON file's folder.
        case file(String)
        /// A web address: not fetched (noted), drawn empty.
        case remote(String)
        /// Bytes that could not be had or decoded, and why (noted): drawn empty, as lottie-ios
        /// draws an image its provider does not give.
        case unavailable(String)
    }

    var id: String
    /// The size the image is drawn at (`w`, `h`).
    var width: Double
    var height: Double
    var source: Source
    /// The JSON path of the asset's `p`, for messages.
    var path: String
    /// The file name `p` alone (a dotLottie file finds its images by it).
    var fileName = ""
    /// Whether a file path stays inside the animation's folder (not absolute, no `..`); one that
    /// leaves it is an error when the file would be read from a folder.
    var isInsideFolder = true

    /// The largest image side accepted, in pixels.
    static let maximumPixelSide = 16_384

    /// Reads an image asset's fields (the object holds `p`).
    init(_ c: KeyedDecodingContainer<AnyKey>) throws {
        id = try PrecompModel.id(c, "id")
        for key in ["w", "h"] {
            guard let v = try c.number(key) else { throw DecodingError.keyNotFound(AnyKey(key), .init(codingPath: c.codingPath, debugDescription: "expected \"\(key)\", the image's size")) }
            guard v >= 0, v <= LottieAnimation.maximumSide else { throw c.mismatch(key, expected: "an image size between 0 and \(Int(LottieAnimation.maximumSide)), found \(v)") }
        }
        width = try c.number("w") ?? 0
        height = try c.number("h") ?? 0
        let p = try c.string("p") ?? ""
        path = JSONPath.string(c.codingPath, "p")
        if p.hasPrefix("data:") {
            guard let comma = p.firstIndex(of: ","), p[..<comma].hasSuffix(";base64"),
                  let data = Data(base64Encoded: String(p[p.index(after: comma)...]), options: .ignoreUnknownCharacters) else {
                source = .unavailable("expected a base64 data URI (data:image/png;base64,...)")
                return
            }
            do {
                source = .embedded(try Self.decode(data, codingPath: c.codingPath + [AnyKey("p")]))
            } catch let DecodingError.dataCorrupted(context) {
                source = .unavailable(context.debugDescription)
            }
        } else {
            let folder = try c.string("u") ?? ""
            let relative = folder.isEmpty ? p : (folder.hasSuffix("/") ? folder + p : folder + "/" + p)
            if relative.range(of: "^[A-Za-z][A-Za-z0-9+.-]*://", options: .regularExpression) != nil {
                source = .remote(relative)
                return
            }
            guard !p.isEmpty else { throw c.mismatch("p", expected: "an image file name or a data URI") }
            fileName = p
            isInsideFolder = !relative.hasPrefix("/") && !relative.split(separator: "/").contains("..")
            source = .file(relative)
        }
    }

    /// The PNG, JPEG, GIF (its first frame) or still WebP image `data` holds, or a located error.
    static func decode(_ data: Data, codingPath: [any CodingKey]) throws -> CGImage {
        func fail(_ what: String) -> DecodingError { DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "expected \(what)")) }
        guard ImageFileCodec.format(of: data) != nil else { throw fail("PNG, JPEG, GIF or WebP data") }
        let image: CGImage
        do {
            guard let first = try ImageFileCodec.decode(data).images.first else { throw fail("an image that decodes") }
            image = first
        } catch let failure as ImageFileCodec.Failure {
            throw fail("an image that decodes (\(failure.reason))")
        }
        guard image.width <= maximumPixelSide, image.height <= maximumPixelSide else { throw fail("an image at most \(maximumPixelSide) pixels on each side") }
        return image
    }
}
