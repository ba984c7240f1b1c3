#!/usr/bin/env python3
"""Lottie frames from `lamina render` against independent players, and their speed.

Test-time and benchmark use only: the references are the PyPI wheels rlottie-python (rlottie) and
thorvg-python (ThorVG). Lamina never loads them at run time.

  lottie_reference.py compare --lamina BIN [--player rlottie|thorvg] FILE@FRAME[,FRAME...] ...
      Renders each file at each frame with `lamina render --frame N` and with the player, at the
      composition's size (scaled down to fit 256 px), and compares the premultiplied RGBA pixels:
      the mean absolute difference over all channels (0...255) and the fraction of pixels whose
      largest channel difference is over 48. A frame passes when MAD <= 4.0 and that fraction
      <= 3 %. Each case also checks that the tolerance is discriminating: a blank frame, and
      Lamina's frame with its lower half cleared, must both FAIL it against the reference (a case
      whose reference is too empty for that is reported as not discriminating, which fails).
      Exit 0 when every case passes, 1 when one does not, 77 when the wheels are absent (skip).

  lottie_reference.py bench [--side 512] [--rounds 3] [--lamina BIN] FILE ...
      Per-frame render times of rlottie and ThorVG (one thread each) at `side` px on the longer
      side, and of Lamina (`BIN bench lottie`, its full and changed columns) given --lamina: the
      median per file over the same frames for every player (frames 0 ..< ceil(op - ip) counted
      from ip, each drawn `rounds` times after one untimed round; rlottie's own frame count has
      one more), beside the machine's CPU flags and load average. The geometric means are taken
      over the files every player played (a player that crashes on a file leaves it out for all),
      and, for each player, over all the files it played.

Frames are counted from the file's first frame `ip` by both players (rlottie's frame_num and
ThorVG's set_frame); `lamina render --frame N` takes the absolute frame, so N - ip is passed to them.
"""
import argparse
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib

SKIP = 77
MAD_LIMIT = 4.0
FAR = 48
FAR_FRACTION_LIMIT = 0.03


def players():
    """The players whose wheels import, by name (rlottie, thorvg)."""
    found = {}
    try:
        import rlottie_python  # noqa: F401
        found["rlottie"] = True
    except Exception:
        pass
    try:
        import thorvg_python  # noqa: F401
        found["thorvg"] = True
    except Exception:
        pass
    return found


def read_png(path):
    """(width, height, straight RGBA bytes) of an 8-bit, non-interlaced RGB or RGBA PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        pos += 12 + length
    w, h, depth, ctype, _, _, interlace = header
    if depth != 8 or ctype not in (2, 6) or interlace:
        raise ValueError(f"{path}: PNG of depth {depth}, colour type {ctype}, interlace {interlace} not read")
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    stride = w * bpp
    out = bytearray(h * stride)
    prev = bytearray(stride)
    i = 0
    for y in range(h):
        f = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + ((a + b) >> 1)) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    if bpp == 3:
        rgba = bytearray(w * h * 4)
        for k in range(w * h):
            rgba[4 * k:4 * k + 3] = out[3 * k:3 * k + 3]
            rgba[4 * k + 3] = 255
        out = rgba
    return w, h, bytes(out)


def premultiply(rgba):
    """Straight RGBA bytes to premultiplied (rounded)."""
    out = bytearray(len(rgba))
    for k in range(0, len(rgba), 4):
        a = rgba[k + 3]
        out[k] = (rgba[k] * a + 127) // 255
        out[k + 1] = (rgba[k + 1] * a + 127) // 255
        out[k + 2] = (rgba[k + 2] * a + 127) // 255
        out[k + 3] = a
    return bytes(out)


def render_rlottie(path, frame, w, h):
    """Premultiplied RGBA of rlottie's frame (frame counted from ip)."""
    from rlottie_python import LottieAnimation
    anim = LottieAnimation.from_file(path)
    bgra = anim.lottie_animation_render(frame_num=frame, width=w, height=h)
    out = bytearray(len(bgra))
    out[0::4], out[1::4], out[2::4], out[3::4] = bgra[2::4], bgra[1::4], bgra[0::4], bgra[3::4]
    return bytes(out)


class ThorVG:
    """One ThorVG software canvas (one thread) holding one animation at w x h."""

    def __init__(self, path, w, h):
        import thorvg_python as tvg
        self.engine = tvg.Engine(threads=0)
        self.canvas = tvg.SwCanvas(self.engine)
        self.canvas.set_target(w, h, cs=tvg.Colorspace.ARGB8888)
        self.anim = tvg.LottieAnimation(self.engine)
        pic = self.anim.get_picture()
        if pic.load(path) != tvg.Result.SUCCESS:
            raise ValueError(f"{path}: ThorVG cannot load it")
        pic.set_size(w, h)
        self.canvas.add(pic)

    def frame(self, frame):
        self.anim.set_frame(float(frame))
        self.canvas.update()
        self.canvas.draw(True)
        self.canvas.sync()

    def rgba(self):
        out = bytearray(len(self.canvas.buffer_arr) * 4)
        for k, v in enumerate(self.canvas.buffer_arr):
            out[4 * k:4 * k + 4] = bytes(((v >> 16) & 255, (v >> 8) & 255, v & 255, (v >> 24) & 255))
        return bytes(out)


def render_thorvg(path, frame, w, h):
    t = ThorVG(path, w, h)
    t.frame(frame)
    return t.rgba()


def reference(player, path, frame, w, h, tmp):
    """The player's frame, rendered in a child process (a player that crashes on a file takes
    only the child down); None when it fails."""
    out = os.path.join(tmp, "ref.rgba")
    r = subprocess.run([sys.executable, os.path.abspath(__file__), "render", player, path, str(frame), str(w), str(h), out],
                       capture_output=True, text=True)
    if r.returncode != 0 or not os.path.exists(out):
        return None
    data = open(out, "rb").read()
    os.remove(out)
    return data if len(data) == w * h * 4 else None


def compare(a, b):
    """(mean absolute difference over the channels of the pixels either image draws, fraction of
    those pixels whose largest channel difference is over FAR). Pixels neither draws (alpha 0 in
    both) are left out, so a small drawing on a large empty frame is judged on its own pixels."""
    total, far, n = 0, 0, 0
    for k in range(0, len(a), 4):
        if a[k + 3] == 0 and b[k + 3] == 0:
            continue
        n += 1
        d0, d1, d2, d3 = abs(a[k] - b[k]), abs(a[k + 1] - b[k + 1]), abs(a[k + 2] - b[k + 2]), abs(a[k + 3] - b[k + 3])
        total += d0 + d1 + d2 + d3
        if max(d0, d1, d2, d3) > FAR:
            far += 1
    return (total / (4 * n), far / n) if n else (0.0, 0.0)


def half_drawn(rgba, w, h):
    """`rgba` with the lower half of its drawn rows cleared (a frame drawn halfway)."""
    rows = [y for y in range(h) if any(rgba[(y * w + x) * 4 + 3] for x in range(w))]
    out = bytearray(rgba)
    if rows:
        cut = (rows[0] + rows[-1] + 1) // 2
        out[cut * w * 4:] = bytes(len(out) - cut * w * 4)
    return bytes(out)


def passes(result):
    mad, far = result
    return mad <= MAD_LIMIT and far <= FAR_FRACTION_LIMIT


def composition(path):
    with open(path, "rb") as f:
        doc = json.load(f)
    return float(doc["w"]), float(doc["h"]), float(doc.get("ip", 0))


def fitted(w, h, side):
    s = min(1.0, side / max(w, h))
    return max(1, round(w * s)), max(1, round(h * s))


def cmd_compare(args):
    have = players()
    if args.player not in have:
        print(f"skip: the {args.player} wheel is not installed (pip install rlottie-python thorvg-python)")
        return SKIP
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for case in args.cases:
            path, _, frames = case.rpartition("@")
            cw, ch, ip = composition(path)
            w, h = fitted(cw, ch, 256)
            for frame in [float(f) for f in frames.split(",")]:
                out = os.path.join(tmp, "f.png")
                r = subprocess.run([args.lamina, "render", path, "--frame", repr(frame), "--size", f"{w}x{h}", "-o", out],
                                   capture_output=True, text=True)
                if r.returncode != 0:
                    print(f"FAIL {path}@{frame:g}: lamina render exited {r.returncode}: {r.stderr.strip()}")
                    failures += 1
                    continue
                lw, lh, straight = read_png(out)
                if (lw, lh) != (w, h):
                    print(f"FAIL {path}@{frame:g}: lamina drew {lw}x{lh}, expected {w}x{h}")
                    failures += 1
                    continue
                ours = premultiply(straight)
                ref = reference(args.player, path, int(round(frame - ip)), w, h, tmp)
                if ref is None:
                    print(f"skip {os.path.basename(path)}@{frame:g}: {args.player} crashed or failed on it (not Lamina's result)")
                    continue
                result = compare(ours, ref)
                blank = compare(bytes(len(ours)), ref)
                halved = compare(half_drawn(ours, w, h), ref)
                ok = passes(result)
                discriminating = not passes(blank) and not passes(halved)
                verdict = "ok" if ok and discriminating else ("FAIL" if not ok else "FAIL (not discriminating)")
                print(f"{verdict} {os.path.basename(path)}@{frame:g} {args.player} {w}x{h}: mad {result[0]:.3f} far {result[1] * 100:.2f}% "
                      f"(blank: mad {blank[0]:.2f} far {blank[1] * 100:.1f}%; half: mad {halved[0]:.2f} far {halved[1] * 100:.1f}%)")
                if verdict != "ok":
                    failures += 1
    print(f"tolerance: mad <= {MAD_LIMIT}, pixels differing by more than {FAR} <= {FAR_FRACTION_LIMIT * 100:g}%; {failures} failing")
    return 1 if failures else 0


def machine_line():
    flags = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("flags") or line.startswith("Features"):
                have = set(line.split(":", 1)[1].split())
                flags = " ".join(f for f in ["sse4_2", "avx", "avx2", "fma", "avx512f", "asimd", "neon"] if f in have)
                break
    except OSError:
        pass
    load = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else ["?"] * 3
    return f"# cpu features: {flags or 'unknown'}; load average {' '.join(load)} (1, 5, 15 min); {os.cpu_count()} cores"


def frame_count(path):
    """The frames every player draws: ip, ip+1, ... ip+ceil(op-ip)-1 (as `lamina bench lottie`)."""
    with open(path, "rb") as f:
        doc = json.load(f)
    return max(1, math.ceil(float(doc.get("op", 0)) - float(doc.get("ip", 0))))


def time_player(player, path, side, rounds):
    """(median ms per frame, frames, w, h) of `player` on frames 0..<frame_count(path) of `path`
    (counted from ip), `rounds` times over after one untimed round."""
    cw, ch, _ = composition(path)
    s = side / max(cw, ch, 1)
    w, h = max(1, round(cw * s)), max(1, round(ch * s))
    total = frame_count(path)
    samples = []
    if player == "rlottie":
        from rlottie_python import LottieAnimation
        anim = LottieAnimation.from_file(path)

        def draw(f):
            anim.lottie_animation_render(frame_num=f, width=w, height=h)
    else:
        t = ThorVG(path, w, h)

        def draw(f):
            t.frame(f)
    for r in range(rounds + 1):
        for f in range(total):
            t0 = time.perf_counter()
            draw(f)
            if r > 0:
                samples.append(time.perf_counter() - t0)
    samples.sort()
    return samples[len(samples) // 2] * 1000, total, w, h


def time_lamina(binary, path, side, rounds):
    """{"full": ms, "changed": ms} of `lamina bench lottie` on `path`, or None when it fails."""
    r = subprocess.run([binary, "bench", "lottie", path, "--side", str(side), "--rounds", str(rounds)], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    name = os.path.basename(path)[:30]
    for line in r.stdout.splitlines():
        cells = line.split()
        if line.startswith(name) and len(cells) >= 5:
            return {"changed": float(cells[3]), "full": float(cells[4])}
    return None


def geomean(values):
    return math.exp(sum(math.log(max(v, 1e-6)) for v in values) / len(values))


def cmd_bench(args):
    have = players()
    if not have:
        print("skip: neither rlottie-python nor thorvg-python is installed")
        return SKIP
    columns = [p for p in ["rlottie", "thorvg"] if p in have] + (["lamina", "lamina_changed"] if args.lamina else [])
    print(machine_line())
    print(f"# per frame at {args.side} px on the longer side, one thread, frames ip..<ip+ceil(op-ip) of each file x {args.rounds} "
          "after one untimed round; medians in ms")
    print("# each player runs in a child process: one that crashes on a file is reported as such, not timed")
    if args.lamina:
        print("# lamina: `lamina bench lottie`'s full column (the whole frame redrawn, as the others do); lamina_changed: what changed")
    print(f"{'file':30} {'size':10} {'frames':>6}  " + " ".join(f"{c + '_ms':>17}" for c in columns))
    results = []
    for path in args.files:
        row = {}
        cw, ch, _ = composition(path)
        s = args.side / max(cw, ch, 1)
        w, h = max(1, round(cw * s)), max(1, round(ch * s))
        for player in [p for p in ["rlottie", "thorvg"] if p in have]:
            r = subprocess.run([sys.executable, os.path.abspath(__file__), "time", player, path, str(args.side), str(args.rounds)],
                               capture_output=True, text=True)
            row[player] = float(r.stdout.split()[0]) if r.returncode == 0 and r.stdout.strip() else None
        if args.lamina:
            lam = time_lamina(args.lamina, path, args.side, args.rounds)
            row["lamina"] = lam["full"] if lam else None
            row["lamina_changed"] = lam["changed"] if lam else None
        results.append(row)
        cells = [f"{'crashed':>17}" if row[c] is None else f"{row[c]:17.3f}" for c in columns]
        print(f"{os.path.basename(path)[:30]:30} {f'{w}x{h}':10} {frame_count(path):6d}  " + " ".join(cells))
    common = [r for r in results if all(r[c] is not None for c in columns)]
    if common:
        print(f"geomean over the {len(common)} of {len(results)} files every player played: "
              + ", ".join(f"{c} {geomean([r[c] for r in common]):.3f} ms" for c in columns))
    for c in columns:
        played = [r[c] for r in results if r[c] is not None]
        if played:
            print(f"geomean {c}: {geomean(played):.3f} ms over the {len(played)} files it played")
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser("compare")
    c.add_argument("--lamina", required=True)
    c.add_argument("--player", default="rlottie", choices=["rlottie", "thorvg"])
    c.add_argument("cases", nargs="+")
    b = sub.add_parser("bench")
    b.add_argument("--side", type=int, default=512)
    b.add_argument("--rounds", type=int, default=3)
    b.add_argument("--lamina", help="the lamina binary: time it too (its `bench lottie`) on the same files and frames")
    b.add_argument("files", nargs="+")
    t = sub.add_parser("time")
    for name in ["player", "path", "side", "rounds"]:
        t.add_argument(name)
    r = sub.add_parser("render")
    for name in ["player", "path", "frame", "w", "h", "out"]:
        r.add_argument(name)
    args = p.parse_args()
    if args.command == "time":
        ms, total, w, h = time_player(args.player, args.path, int(args.side), int(args.rounds))
        print(f"{ms} {total} {w} {h}")
        return 0
    if args.command == "render":
        fn = render_rlottie if args.player == "rlottie" else render_thorvg
        data = fn(args.path, int(args.frame), int(args.w), int(args.h))
        with open(args.out, "wb") as f:
            f.write(data)
        return 0
    return cmd_compare(args) if args.command == "compare" else cmd_bench(args)


if __name__ == "__main__":
    sys.exit(main())
