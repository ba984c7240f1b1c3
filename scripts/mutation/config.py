"""What the tool mutates and how: modules, skipped folders, operator tables."""

from __future__ import annotations


MODULES = ["CoreGraphics", "Compositor", "CPixelKernels", "QuartzCore", "Scenes"]
SKIPPED_DIRS = ["Sources/Scenes/Fuzz/"]  # fuzzer tooling, not library behaviour
SOURCE_SUFFIXES = (".swift", ".c", ".h")

# The test targets that exercise each module directly (the quick subset starts from these).
MODULE_TEST_TARGETS = {
    "CoreGraphics": ["CoreGraphicsTests"],
    "Compositor": ["CompositorTests"],
    "CPixelKernels": ["CompositorTests"],
    "QuartzCore": ["QuartzCoreTests"],
    "Scenes": ["ScenesTests"],
}

EQUIVALENTS_FILE = "scripts/mutation-equivalents.txt"
DEFAULT_WORKDIR = "/tmp/lamina-mutate"
WORKDIR_MARKER = ".lamina-mutate-workdir"

# Calls whose arguments are not mutated and whose statements are never removed: messages of
# unreachable paths, assertions (a failing one traps, which XCTest cannot observe) and printing.
UNMUTATED_CALLS = {
    "fatalError", "preconditionFailure", "assertionFailure", "precondition", "assert",
    "dispatchPrecondition", "print", "debugPrint",
}
# Functions whose two arguments commute: swapping them is equivalent by construction.
SYMMETRIC_CALLS = {"min", "max", "hypot", "fmin", "fmax", "Swift.min", "Swift.max"}

SWIFT_KEYWORDS = {
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "is",
    "nil", "true", "false", "self", "Self", "super", "throws", "try", "await", "async", "some",
    "any", "final", "override", "mutating", "nonmutating", "lazy", "weak", "unowned",
    "convenience", "required", "indirect", "dynamic", "optional", "get", "set", "willSet",
    "didSet", "actor", "nonisolated", "isolated", "consuming", "borrowing", "package", "Type",
}
C_KEYWORDS = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
    "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
    "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
    "union", "unsigned", "void", "volatile", "while", "_Bool", "_Atomic", "__attribute__",
    "bool",
}

RELATIONAL = {
    "<": ["<=", ">"], "<=": ["<", ">"], ">": [">=", "<"], ">=": [">", "<"],
    "==": ["!="], "!=": ["=="], "===": ["!=="], "!==": ["==="],
}
ARITHMETIC = {
    "+": ["-"], "-": ["+"], "*": ["/"], "/": ["*"], "%": ["*"],
    "&+": ["&-"], "&-": ["&+"], "&*": ["&+"],
}
COMPOUND = {"+=": ["-="], "-=": ["+="], "*=": ["/="], "/=": ["*="], "&+=": ["&-="], "&-=": ["&+="]}
BOOLEAN = {"&&": ["||"], "||": ["&&"]}
ASSIGNMENT_OPS = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&+=", "&-=",
                  "&*="}

OPERATOR_KINDS = ["relational", "arithmetic", "sign", "boolean", "constant", "swap", "statement"]
