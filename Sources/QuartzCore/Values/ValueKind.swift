import Foundation

/// The type of an animatable property, which decides how values are converted and interpolated.
enum ValueKind: String {
    case number, point, size, rect, transform, color, path, bool, contents, colorArray, numberArray
}
