"""Mutation testing for Lamina (a developer tool; not part of `swift test`).

The tool finds mutation sites in the production sources of CoreGraphics, Compositor, CPixelKernels,
QuartzCore and Scenes, picks a sample of them from a seed, and for each mutant builds a copy of the
repository, runs the tests most related to the mutated file first and then the whole suite, and
reports whether some test failed (KILLED), none did (SURVIVED), the mutant did not build (DID NOT
COMPILE) or the tests hung (TIMEOUT, counted as killed).

The developer's working tree is never written to (except `scripts/mutation-equivalents.txt` by
--mark-equivalent). The checked-in files plus uncommitted changes (`git ls-files --cached --others
--exclude-standard`, read from the working tree) are copied into a work folder (default
/tmp/lamina-mutate) whose `.build` is reused between mutants and between runs, so each mutant is an
incremental build. Only files whose content changed are rewritten, so a second run starts fast.

The package by concern:
    config          what is mutated: modules, skipped folders, operator tables
    lexer           Swift and C tokens
    mutant          one mutant and its stable ID
    source_file     a file's tokens and context; site finders mixed in from
                    operator_sites (with operator_numbers), swap_sites (with similarity), statement_sites
    tree, sampling, equivalents     the repository's mutants, the seeded sample, the equivalents file
    presentation    a mutant as a diff or a one-line before/after
    workdir, processes, xctest_output, relevant_tests, runner     building and testing mutants
    report, cli     the JSON report, the summary, the command line

Run it as `python3 scripts/mutate.py ...` (or `python3 -m mutation ...` from scripts/); its tests with
`bash scripts/test-mutate.sh`. Python 3.11 standard library only.
"""
