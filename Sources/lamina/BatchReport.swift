import Foundation

/// The machine-readable report of a `lamina batch` run (JSON, keys sorted): the manifest, the
/// shard, and per job its line, input, output, status (done, skipped or failed), seconds taken
/// and error.
struct BatchReport: Codable {
    /// What became of one job.
    struct Result: Codable {
        /// How a job ended.
        enum Status: String, Codable { case done, skipped, failed }
        /// The job's line in the manifest.
        var line: Int
        var input: String
        var output: String
        var status: Status
        /// Wall-clock seconds the job took (nil when skipped or refused before it ran).
        var seconds: Double?
        /// Why it failed (escaped for a terminal), nil otherwise.
        var error: String?
    }

    /// Jobs by status.
    struct Counts: Codable { var done = 0, skipped = 0, failed = 0 }

    var manifest: String
    var shard: Int
    var shards: Int
    var results: [Result]
    var counts: Counts {
        var c = Counts()
        for r in results {
            switch r.status { case .done: c.done += 1; case .skipped: c.skipped += 1; case .failed: c.failed += 1 }
        }
        return c
    }

    private enum CodingKeys: String, CodingKey { case manifest, shard, shards, results, counts }

    init(manifest: String, shard: Int, shards: Int, results: [Result]) {
        (self.manifest, self.shard, self.shards, self.results) = (manifest, shard, shards, results)
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        manifest = try c.decode(String.self, forKey: .manifest)
        shard = try c.decode(Int.self, forKey: .shard)
        shards = try c.decode(Int.self, forKey: .shards)
        results = try c.decode([Result].self, forKey: .results)
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(manifest, forKey: .manifest)
        try c.encode(shard, forKey: .shard)
        try c.encode(shards, forKey: .shards)
        try c.encode(results, forKey: .results)
        try c.encode(counts, forKey: .counts)
    }

    /// The report's JSON.
    func json() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try e.encode(self) + Data("\n".utf8)
    }
}
