#!/usr/bin/env python3
"""Compares Lamina's Lottie frames with lottie-ios's own snapshot images.

lottie-ios keeps, in its repository, a PNG of every sample animation in `Tests/Samples` at several
progress values (0, 25, 50, 75 and 100 %, or named frames), drawn on an iOS simulator at scale 2
by its Core Animation engine and by its main-thread engine (`Tests/__Snapshots__/SnapshotTests`).
This script renders the same frames with `lamina render` at the same pixel size and prints, for
each, how far Lamina's pixels are from lottie-ios's: the share of pixels that differ visibly (any
premultiplied channel by more than --threshold levels) and the mean difference. It is a
development tool for finding where Lamina's player departs from lottie-ios; nothing in the tests
depends on it (lottie-ios's checkout is not part of this repository).

    python3 scripts/lottie_ios_snapshots.py --lottie-ios PATH/TO/lottie-ios --lamina .build/release/lamina
        [--engine coreAnimation|mainThread] [--filter SUBSTRING] [--out DIR] [--threshold 40]

Samples that lottie-ios's snapshot test sets up in code (value providers, image, text and font
providers, viewport frames: `Tests/SnapshotConfiguration.swift`) are left out, since a file alone
does not say what they show. The fonts lottie-ios's test registers (`Tests/Samples/Fonts`) are
given to Lamina through `LAMINA_FONTS`.
"""
import argparse
import math
import os
import re
import subprocess
import sys
import tempfile

try:
    import numpy as np
    from PIL import Image
except ImportError as error:  # pragma: no cover
    sys.exit(f"lottie_ios_snapshots.py needs numpy and Pillow ({error})")

import json

CONFIGURED = re.compile(r'^\s*"([^"]+)":\s*(\.custom(ValueProviders|ImageProvider|TextProvider|FontProvider|ViewportFrame)|SnapshotConfiguration)')
SNAPSHOT = re.compile(r'^test(CoreAnimation|MainThread|Automatic)RenderingEngine\.(.+)-(\d+|Frame-\d+)\.png$')


def configured_in_code(root):
    """Sample names whose snapshot setup is code (left out)."""
    path = os.path.join(root, "Tests", "SnapshotConfiguration.swift")
    names = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = CONFIGURED.match(line)
                if m:
                    names.add(m.group(1))
    return names


def samples(root):
    """Snapshot name (path with '/' as '-') -> sample file path."""
    base = os.path.join(root, "Tests", "Samples")
    out = {}
    for dirpath, _, files in os.walk(base):
        for name in files:
            stem, ext = os.path.splitext(name)
            if ext not in (".json", ".lottie"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, stem), base)
            out[rel.replace(os.sep, "-")] = (rel.replace(os.sep, "/"), os.path.join(dirpath, name))
    return out


def frame_for(sample_path, progress):
    """lottie-ios's frame for a progress value: ip + progress x (op - ip)."""
    if sample_path.endswith(".lottie"):
        return None
    with open(sample_path, encoding="utf-8") as f:
        doc = json.load(f)
    ip, op = float(doc.get("ip", 0)), float(doc.get("op", 0))
    return ip + progress * (op - ip)


def premultiplied(path):
    im = np.asarray(Image.open(path).convert("RGBA"), dtype=np.float64)
    a = im[..., 3:4] / 255
    return np.concatenate([im[..., :3] * a, im[..., 3:4]], axis=-1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lottie-ios", required=True, help="a checkout of airbnb/lottie-ios")
    ap.add_argument("--lamina", default=".build/release/lamina")
    ap.add_argument("--engine", default="coreAnimation", choices=["coreAnimation", "mainThread"])
    ap.add_argument("--filter", default="")
    ap.add_argument("--threshold", type=float, default=40, help="levels a channel may differ before a pixel counts as different")
    ap.add_argument("--out", help="keep Lamina's frames and side-by-side images here")
    ap.add_argument("--progress", default="", help="only these progress values, comma-separated percents (e.g. 25,50)")
    args = ap.parse_args()

    engine = {"coreAnimation": "CoreAnimation", "mainThread": "MainThread"}[args.engine]
    snaps_dir = os.path.join(args.lottie_ios, "Tests", "__Snapshots__", "SnapshotTests")
    skip = configured_in_code(args.lottie_ios)
    files = samples(args.lottie_ios)
    wanted = {p for p in args.progress.split(",") if p}
    work = args.out or tempfile.mkdtemp(prefix="lamina-snap-")
    os.makedirs(work, exist_ok=True)
    # lottie-ios's snapshot test registers the fonts of Tests/Samples/Fonts; Lamina reads them
    # through LAMINA_FONTS.
    env = dict(os.environ)
    fonts = os.path.join(args.lottie_ios, "Tests", "Samples", "Fonts")
    if os.path.isdir(fonts):
        env["LAMINA_FONTS"] = fonts + (":" + env["LAMINA_FONTS"] if env.get("LAMINA_FONTS") else "")
    rows = []
    for name in sorted(os.listdir(snaps_dir)):
        m = SNAPSHOT.match(name)
        if not m or m.group(1) != engine or args.filter not in m.group(2):
            continue
        key, when = m.group(2), m.group(3)
        if key not in files:
            print(f"# {name}: no sample file", file=sys.stderr)
            continue
        sample, path = files[key]
        if sample in skip:
            continue
        if wanted and when not in wanted:
            continue
        frame = float(when[6:]) if when.startswith("Frame-") else frame_for(path, int(when) / 100)
        if frame is None:
            continue
        ref = premultiplied(os.path.join(snaps_dir, name))
        h, w = ref.shape[:2]
        out = os.path.join(work, name)
        run = subprocess.run([args.lamina, "render", path, "--frame", repr(frame), "--size", f"{w}x{h}", "--threads", "1", "-o", out],
                             capture_output=True, text=True, env=env)
        if run.returncode != 0:
            rows.append((1.0, 255.0, name, "render failed: " + run.stderr.strip().splitlines()[-1][:120] if run.stderr.strip() else "render failed"))
            continue
        got = premultiplied(out)
        if got.shape != ref.shape:
            rows.append((1.0, 255.0, name, f"size {got.shape[1]}x{got.shape[0]} against {w}x{h}"))
            continue
        diff = np.abs(got - ref)
        visible = float(np.mean(diff.max(axis=-1) > args.threshold))
        rows.append((visible, float(diff.mean()), name, ""))
        if args.out:
            Image.fromarray(np.concatenate([np.asarray(Image.open(os.path.join(snaps_dir, name)).convert("RGBA")),
                                            np.asarray(Image.open(out).convert("RGBA"))], axis=1)).save(out.replace(".png", ".pair.png"))
    rows.sort(reverse=True)
    print(f"# lottie-ios {args.engine} snapshots against {args.lamina}; 'visible': share of pixels with a channel "
          f"more than {args.threshold:g} levels apart (premultiplied)")
    print(f"{'visible':>8} {'mean':>7}  snapshot")
    for visible, mean, name, note in rows:
        print(f"{visible:8.4f} {mean:7.2f}  {name}  {note}".rstrip())
    if rows:
        ok = sum(1 for r in rows if r[0] < 0.02)
        geo = math.exp(sum(math.log(max(r[1], 0.01)) for r in rows) / len(rows))
        print(f"# {len(rows)} frames; {ok} with under 2 % of pixels visibly different; geometric mean of the mean difference {geo:.2f}")


if __name__ == "__main__":
    main()
