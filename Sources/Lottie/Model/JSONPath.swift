import Foundation

/// JSON paths for messages: a decoder's coding path written as `layers[2].ks.p.k[0].s`.
enum JSONPath {
    /// The path of `codingPath`; "(top level)" when it is empty.
    static func string(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let i = key.intValue { out += "[\(i)]" } else { out += out.isEmpty ? key.stringValue : "." + key.stringValue }
        }
        return out.isEmpty ? "(top level)" : out
    }

    /// The path of `codingPath` followed by `key`.
    static func string(_ codingPath: [any CodingKey], _ key: String) -> String {
        let base = string(codingPath)
        return base == "(top level)" ? key : base + "." + key
    }
}

/// A coding key made at run time (for keys read by name).
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ s: String) { stringValue = s }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// A located "expected ..." error for `key`.
    func mismatch(_ key: String, expected: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: codingPath + [AnyKey(key)], debugDescription: "expected \(expected)"))
    }

    /// A number (an integer or a fraction) under `key`, nil when absent or null.
    func number(_ key: String) throws -> Double? {
        let k = AnyKey(key)
        guard contains(k), !((try? decodeNil(forKey: k)) ?? false) else { return nil }
        if let d = try? decode(Double.self, forKey: k) {
            guard d.isFinite else { throw mismatch(key, expected: "a finite number") }
            return d
        }
        if let b = try? decode(Bool.self, forKey: k) { return b ? 1 : 0 }
        throw mismatch(key, expected: "a number")
    }

    /// A flag given as true/false or 1/0, false when absent.
    func flag(_ key: String) throws -> Bool {
        let k = AnyKey(key)
        guard contains(k), !((try? decodeNil(forKey: k)) ?? false) else { return false }
        if let b = try? decode(Bool.self, forKey: k) { return b }
        if let d = try? decode(Double.self, forKey: k) { return d != 0 }
        throw mismatch(key, expected: "true, false, 1 or 0")
    }

    /// A string under `key`, nil when absent or null.
    func string(_ key: String) throws -> String? {
        let k = AnyKey(key)
        guard contains(k), !((try? decodeNil(forKey: k)) ?? false) else { return nil }
        if let s = try? decode(String.self, forKey: k) { return s }
        throw mismatch(key, expected: "a string")
    }

    /// Whether `key` is present with a value other than null.
    func has(_ key: String) -> Bool {
        let k = AnyKey(key)
        return contains(k) && !((try? decodeNil(forKey: k)) ?? false)
    }
}

/// `x` as an integer for enumerations and indices, kept within ±1e9 (never traps on huge or
/// fractional numbers from a file).
func smallInt(_ x: Double) -> Int { Int(min(max(x.rounded(.towardZero), -1e9), 1e9)) }
