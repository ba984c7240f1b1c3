#!/usr/bin/env python3
"""Reference values of Apple's named timing functions, independent of Lamina's solver.

Each named CAMediaTimingFunction is the cubic Bezier from (0, 0) to (1, 1) with Apple's control
points (c1x, c1y) and (c2x, c2y):

    x(s) = 3(1-s)^2 s c1x + 3(1-s) s^2 c2x + s^3,   y(s) likewise with c1y, c2y.

For an input x the output is y(s*) where s* in [0, 1] solves x(s*) = x. x(s) is increasing on
[0, 1] for these control points (both c1x and c2x lie in 0...1), so plain bisection finds s*.
The arithmetic is done with mpmath at 50 significant digits and the bisection runs until the
bracket is narrower than 1e-30 (far below the 1e-12 asked for), so the printed 12 decimals are exact.

Run:  python3 Tests/QuartzCoreTests/Timing/reference/timing_functions.py
(mpmath 1.3.0, Python 3.11). The output is pasted into NamedTimingFunctionReferenceTests.swift.
"""
from mpmath import mp, mpf

mp.dps = 50

# Apple's control points (CAMediaTimingFunctionName documentation).
FUNCTIONS = [
    ("linear", ("0", "0", "1", "1")),
    ("easeIn", ("0.42", "0", "1", "1")),
    ("easeOut", ("0", "0", "0.58", "1")),
    ("easeInEaseOut", ("0.42", "0", "0.58", "1")),
    ("default", ("0.25", "0.1", "0.25", "1")),
]


def bezier(p1, p2, s):
    return 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s ** 2 * p2 + s ** 3


def solve(c1x, c2x, x):
    lo, hi = mpf(0), mpf(1)
    while hi - lo > mpf("1e-30"):
        mid = (lo + hi) / 2
        if bezier(c1x, c2x, mid) < x:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def main():
    print("        // x = " + ", ".join(format(i / 20, ".2f") for i in range(1, 20)))
    xs = [mpf(i) / 20 for i in range(1, 20)]   # 0.05, 0.10, ..., 0.95
    for name, pts in FUNCTIONS:
        c1x, c1y, c2x, c2y = (mpf(p) for p in pts)
        ys = [bezier(c1y, c2y, solve(c1x, c2x, x)) for x in xs]
        print(f'        ("{name}", [' + ", ".join(format(float(y), ".12f") for y in ys) + "]),")


if __name__ == "__main__":
    main()
