import ArgumentParser
import Foundation
import CoreGraphics

/// The JSON file `lamina bench compositor --dump-inputs DIR` writes (DIR/vector-inputs.json): the
/// vector rows' specs with their pixel counts, read by scripts/bench-anchors/vector_anchors.py so
/// that Blend2D and Skia draw exactly what Lamina draws.
enum VectorInputsFile {
    static let fileName = "vector-inputs.json"

    /// The specs of the vector rows whose names pass `filter`, pixel counts measured.
    static func make(filter: (String) -> Bool) throws -> VectorSpec.File {
        var rows: [VectorSpec] = []
        for var spec in VectorWorkloads.specs() where filter(spec.name) {
            if spec.kind == "text" && spec.text == nil {
                throw ValidationError("the text rows need Lamina's font (Assets/Fonts/DejaVuSans.ttf), which was not found")
            }
            spec.pixels = VectorWorkloads.pixelCount(spec)
            rows.append(spec)
        }
        return VectorSpec.File(width: VectorWorkloads.width, height: VectorWorkloads.height, background: VectorWorkloads.background, rows: rows)
    }

    /// The file's JSON (keys sorted, so equal inputs give equal bytes).
    static func encode(_ file: VectorSpec.File) throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return try e.encode(file)
    }

    /// Writes `file` into `folder` (made if missing) through the safe writer.
    static func write(_ file: VectorSpec.File, toFolder folder: String) throws {
        try SafeFile.makeFolder(at: folder)
        try SafeFile.write(encode(file), to: URL(fileURLWithPath: folder).appendingPathComponent(fileName).path)
    }

    /// Reads a file written by `write` (what the anchors read).
    static func read(fromFolder folder: String) throws -> VectorSpec.File {
        let path = URL(fileURLWithPath: folder).appendingPathComponent(fileName).path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError(TerminalText.escaped("cannot read \(path)"))
        }
        do { return try JSONDecoder().decode(VectorSpec.File.self, from: data) } catch {
            throw ValidationError(TerminalText.escaped("\(path) is not a vector inputs file: \(error)"))
        }
    }
}
