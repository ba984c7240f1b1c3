"""What the site-finder tests share: the mutants of a snippet, as lines or operator kinds."""

from mutation.presentation import apply
from mutation.source_file import SourceFile


def mutants(src: str, rel: str = "Sources/QuartzCore/Sample.swift", module: str = "QuartzCore"):
    return SourceFile(rel, module, src).mutants()


def mutated_lines(src: str, **kw) -> list[str]:
    """Each mutant (in source order) as the stripped mutated line (a deleted statement gives '')."""
    out = []
    for m in mutants(src, **kw):
        text = apply(src, m)
        out.append(text.splitlines()[m.line - 1].strip())
    return out


def kinds(src: str, **kw) -> list[str]:
    return [m.operator for m in mutants(src, **kw)]
