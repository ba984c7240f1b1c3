#!/usr/bin/env python3
"""vector_anchors.py - Blend2D and Skia drawing the vector rows of `lamina bench compositor`, on the same inputs.

    pip install skia-python blend2d-python numpy pillow     (benchmarks only; gcc builds the Blend2D shim on first use)
    lamina bench compositor --set vector --dump-inputs DIR   # the inputs: DIR/vector-inputs.json
    python3 vector_anchors.py DIR [-r rounds] [-t seconds_per_rep] [-p png_dir] [filter]
    python3 vector_anchors.py --compare PNG_DIR              # pictures of -p (and lamina --png) against Lamina's
    python3 vector_anchors.py --table LAMINA_LOG ANCHOR_LOG  # one table: row, Lamina, Blend2D, Skia, ratio
    scripts/bench-anchors/vector_bench.sh                    # all of it in one invocation

Inputs: the JSON Lamina writes from the very specs its layers are built from (rects, paths as verbs and points,
stroke parameters, text lines with their baselines and the font file, the shadowed rect, the morphing path) and
the pixel count of each row (pixels each item alone changes on Lamina's drawing, summed), so Mpix/s compare one to
one.  Timing as `lamina bench compositor`: each row calibrated to ~t s per repetition, repetitions interleaved
round-robin across rows, the frame filled with the background before each repetition, then one untimed op.

- Skia (skia-python): CPU raster surface wrapping the frame (kBGRA_8888 premultiplied, the bytes of Lamina's
  0xAARRGGBB), anti-aliased paints; each static row recorded once into an SkPicture, one op = one playback.  The
  morph row builds its SkPath from the interpolated points every op (Python: a few us).  No multi-threaded raster
  canvas: no .2T rows.  A stroke at most one pixel wide Skia draws as a hairline (another picture), so such a row
  also gets a `.outline` row: the same stroke at 1.0001 times the width, which Skia strokes as an outline.
- Blend2D (the blend2d-python wheel's libblend2d.a through vector_shim.c): one ctypes call per op ending in a
  synchronous flush; 1T = synchronous context, .2T = threadCount 2.  Gradients, paths and fonts are made once
  (as Skia's picture holds them); the morph row builds its BLPath every op.  Blend2D has no blur (no shadow rows)
  and the shim does not set a dash array (no dashed row).
"""
import argparse
import ctypes as C
import json
import math
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.environ.get('ANCHORS_OUT', '/tmp/lamina-anchors')


def need(module, pip_name):
    try:
        return __import__(module)
    except ImportError:
        print(f"# {pip_name} is not installed: its rows are left out (pip install {pip_name})")
        return None


def argb(c):
    """straight colour 0...1 -> 0xAARRGGBB (every component is a multiple of 1/255 in the inputs)"""
    r, g, b, a = (int(round(v * 255)) for v in c)
    return a << 24 | r << 16 | g << 8 | b


def path_offsets(paths):
    offs, pts = [], []
    for p in paths:
        offs.append(len(pts))
        pts.extend(p['points'])
    return offs, pts


# ------------------------------------------------------------------------------------------------ Skia
def skia_rows(sk, spec_rows, frame, W, H):
    surf = sk.Surface(frame.view('uint8').reshape(H, W, 4), colorType=sk.kBGRA_8888_ColorType, alphaType=sk.kPremul_AlphaType)
    canvas = surf.getCanvas()

    def record(draw):
        rec = sk.PictureRecorder()
        draw(rec.beginRecording(sk.Rect.MakeWH(W, H)))
        pic = rec.finishRecordingAsPicture()
        return lambda: pic.playback(canvas)

    def skpath(p, rule='nonZero'):
        path, pt = sk.Path(), p['points']
        k = 0
        for v in p['verbs']:
            if v == 'M':
                path.moveTo(pt[k], pt[k + 1]); k += 2
            elif v == 'L':
                path.lineTo(pt[k], pt[k + 1]); k += 2
            elif v == 'C':
                path.cubicTo(*pt[k:k + 6]); k += 6
            else:
                path.close()
        path.setFillType(sk.PathFillType.kEvenOdd if rule == 'evenOdd' else sk.PathFillType.kWinding)
        return path

    joins = {'miter': sk.Paint.kMiter_Join, 'round': sk.Paint.kRound_Join, 'bevel': sk.Paint.kBevel_Join}
    caps = {'butt': sk.Paint.kButt_Cap, 'round': sk.Paint.kRound_Cap, 'square': sk.Paint.kSquare_Cap}
    out = []
    for s in spec_rows:
        kind, name = s['kind'], s['name']
        if kind == 'gradient':
            g = s['gradient']
            cols, locs = [argb(c) for c in g['colors']], g['locations']

            def draw(c, g=g, cols=cols, locs=locs):
                for x, y, w, h in g['rects']:
                    sx, sy = x + g['startPoint'][0] * w, y + g['startPoint'][1] * h
                    ex, ey = x + g['endPoint'][0] * w, y + g['endPoint'][1] * h
                    if g['type'] == 'axial':
                        sh = sk.GradientShader.MakeLinear([sk.Point(sx, sy), sk.Point(ex, ey)], cols, locs)
                    elif g['type'] == 'radial':
                        m = sk.Matrix()
                        m.setAll(abs(ex - sx), 0, sx, 0, abs(ey - sy), sy, 0, 0, 1)
                        sh = sk.GradientShader.MakeRadial(sk.Point(0, 0), 1, cols, locs, sk.TileMode.kClamp, 0, m)
                    else:
                        m = sk.Matrix.RotateDeg(math.degrees(math.atan2(ey - sy, ex - sx)), sk.Point(sx, sy))
                        sh = sk.GradientShader.MakeSweep(sx, sy, cols, locs, sk.TileMode.kClamp, 0, 360, 0, m)
                    c.drawRRect(sk.RRect.MakeRectXY(sk.Rect.MakeXYWH(x, y, w, h), g['cornerRadius'], g['cornerRadius']),
                                sk.Paint(AntiAlias=True, Shader=sh))
            out.append(('skia.' + name, record(draw)))
        elif kind in ('fill', 'stroke'):
            sh = s['shapes']
            paths = [skpath(p, sh['fillRule']) for p in sh['paths']]
            if kind == 'fill':
                paints = [sk.Paint(AntiAlias=True, Color=argb(c)) for c in sh['fillColors']]
            else:
                paints = []
                for col in sh['strokeColors']:
                    p = sk.Paint(AntiAlias=True, Color=argb(col), Style=sk.Paint.kStroke_Style, StrokeWidth=sh['lineWidth'],
                                 StrokeJoin=joins[sh['lineJoin']], StrokeCap=caps[sh['lineCap']], StrokeMiter=sh['miterLimit'])
                    if sh['dashPattern']:
                        p.setPathEffect(sk.DashPathEffect.Make(sh['dashPattern'], sh['dashPhase']))
                    paints.append(p)
            out.append(('skia.' + name, record(lambda c, paths=paths, paints=paints: [c.drawPath(p, q) for p, q in zip(paths, paints)])))
            if kind == 'stroke' and 0 < sh['lineWidth'] <= 1:
                # Skia draws an anti-aliased stroke at most one device pixel wide as a hairline (coverage scaled by the
                # width), another picture than the outline Apple, Lamina and Blend2D fill.  A width of 1.0001 is past
                # Skia's hairline test (len <= 1), so this row strokes and fills the outline: the same picture to 1e-4.
                outline = []
                for q in paints:
                    q = sk.Paint(q)
                    q.setStrokeWidth(sh['lineWidth'] * 1.0001)
                    outline.append(q)
                out.append(('skia.' + name + '.outline',
                            record(lambda c, paths=paths, paints=outline: [c.drawPath(p, q) for p, q in zip(paths, paints)])))
        elif kind == 'text':
            t = s['text']
            font = sk.Font(sk.Typeface.MakeFromFile(t['fontFile']), t['size'])
            font.setEdging(sk.Font.Edging.kAntiAlias)
            font.setHinting(sk.FontHinting.kSlight)
            paint = sk.Paint(AntiAlias=True, Color=argb(t['color']))
            out.append(('skia.' + name, record(lambda c, t=t, font=font, paint=paint:
                                               [c.drawString(l['text'], l['x'], l['baseline'], font, paint) for l in t['lines']])))
        elif kind == 'shadow':
            d = s['shadow']
            x, y, w, h = d['rect']
            r, (dx, dy) = d['cornerRadius'], d['shadowOffset']

            def draw(c, d=d, x=x, y=y, w=w, h=h, r=r, dx=dx, dy=dy):
                blur = sk.Paint(AntiAlias=True, Color=argb(d['shadowColor']),
                                MaskFilter=sk.MaskFilter.MakeBlur(sk.kNormal_BlurStyle, d['shadowRadius']))
                c.drawRRect(sk.RRect.MakeRectXY(sk.Rect.MakeXYWH(x + dx, y + dy, w, h), r, r), blur)
                c.drawRRect(sk.RRect.MakeRectXY(sk.Rect.MakeXYWH(x, y, w, h), r, r), sk.Paint(AntiAlias=True, Color=argb(d['color'])))
            out.append(('skia.' + name, record(draw)))
        elif kind == 'morph':
            m = s['morph']
            fr, to, verbs = m['from']['points'], m['to']['points'], m['from']['verbs']
            fill = sk.Paint(AntiAlias=True, Color=argb(m['fillColor']))
            stroke = sk.Paint(AntiAlias=True, Color=argb(m['strokeColor']), Style=sk.Paint.kStroke_Style,
                              StrokeWidth=m['lineWidth'], StrokeJoin=joins[m['lineJoin']])
            state = {'k': 0}

            def op(fr=fr, to=to, verbs=verbs, fill=fill, stroke=stroke, m=m, state=state):
                t = (state['k'] / 60 / m['duration']) % 1
                state['k'] = (state['k'] + 1) % m['frames']
                pt = [a + (b - a) * t for a, b in zip(fr, to)]
                canvas.drawPath(skpath({'verbs': verbs, 'points': pt}), fill)
                canvas.drawPath(skpath({'verbs': verbs, 'points': pt}), stroke)
            op.state = state
            out.append(('skia.' + name, op))
    return out, sk.__version__


# ------------------------------------------------------------------------------------------------ Blend2D
def build_shim():
    import blend2d
    lib = os.path.join(os.path.dirname(blend2d.__file__), 'libblend2d.a')
    src = os.path.join(HERE, 'vector_shim.c')
    so = os.path.join(OUT, 'build', 'vector_shim.so')
    if not os.path.exists(lib):
        raise RuntimeError(f"{lib} missing: the blend2d-python wheel is expected to ship it")
    if not os.path.exists(so) or os.path.getmtime(so) < max(os.path.getmtime(src), os.path.getmtime(lib)):
        os.makedirs(os.path.dirname(so), exist_ok=True)
        subprocess.run([os.environ.get('CC', 'gcc'), '-O2', '-shared', '-fPIC', src, lib, '-lstdc++', '-lpthread', '-lrt', '-lm',
                        '-o', so], check=True)
    s = C.CDLL(so)
    vp, i, u32, d, cp = C.c_void_p, C.c_int, C.c_uint32, C.c_double, C.c_char_p
    for name, res, args in [
            ('vs_ctx_new', vp, [vp, i, i, i, i]), ('vs_ctx_free', None, [vp]),
            ('vs_gradients_new', vp, [i, vp, i, vp, vp, vp, vp, i]), ('vs_fill_gradients', i, [vp, vp, vp, i, d]),
            ('vs_paths_new', vp, [vp, vp, vp, i]), ('vs_draw_paths', i, [vp, vp, i, vp, i, i, d, i, i, d]),
            ('vs_font_new', vp, [cp, d]), ('vs_text', i, [vp, vp, vp, vp, i, u32]),
            ('vs_morph', i, [vp, cp, vp, vp, i, d, u32, u32, d, i])]:
        f = getattr(s, name)
        f.restype, f.argtypes = res, args
    return s


def blend2d_rows(bl, spec_rows, frame, W, H):
    keep = []

    def arr(values, ctype):
        a = (ctype * len(values))(*values)
        keep.append(a)
        return C.addressof(a)

    def checked(fn, *a):
        def op():
            r = fn(*a)
            if r:
                raise RuntimeError(f'{fn.__name__} failed: BLResult {r}')
        return op

    joins, caps = {'miter': 1, 'round': 4, 'bevel': 3}, {'butt': 0, 'square': 1, 'round': 2}
    out, skipped = [], []
    for threads, sfx in ((0, ''), (2, '.2T')):
        ctx = bl.vs_ctx_new(frame.ctypes.data, W, H, W * 4, threads)
        if not ctx:
            raise RuntimeError('vs_ctx_new failed')
        keep.append(ctx)
        for s in spec_rows:
            kind, name = s['kind'], 'blend2d.' + s['name'] + sfx
            if kind == 'gradient':
                g = s['gradient']
                rects = arr([v for r in g['rects'] for v in r], C.c_double)
                n = len(g['rects'])
                grads = bl.vs_gradients_new({'axial': 0, 'radial': 1, 'conic': 2}[g['type']], rects, n,
                                            arr(g['startPoint'], C.c_double), arr(g['endPoint'], C.c_double),
                                            arr(g['locations'], C.c_double), arr([argb(c) for c in g['colors']], C.c_uint32),
                                            len(g['locations']))
                if not grads:
                    raise RuntimeError('vs_gradients_new failed')
                out.append((name, checked(bl.vs_fill_gradients, ctx, grads, rects, n, g['cornerRadius'])))
            elif kind in ('fill', 'stroke'):
                sh = s['shapes']
                if sh['dashPattern']:
                    skipped.append(s['name'])
                    continue
                offs, pts = path_offsets(sh['paths'])
                verbs = [C.c_char_p(p['verbs'].encode()) for p in sh['paths']]
                keep.append(verbs)
                n = len(sh['paths'])
                paths = bl.vs_paths_new(arr(verbs, C.c_char_p), arr(pts, C.c_double), arr(offs, C.c_int), n)
                if not paths:
                    raise RuntimeError('vs_paths_new failed')
                cols = arr([argb(c) for c in (sh['fillColors'] if kind == 'fill' else sh['strokeColors'])], C.c_uint32)
                out.append((name, checked(bl.vs_draw_paths, ctx, paths, n, cols, int(kind == 'stroke'),
                                          int(sh['fillRule'] == 'evenOdd'), sh['lineWidth'], joins[sh['lineJoin']],
                                          caps[sh['lineCap']], sh['miterLimit'])))
            elif kind == 'text':
                t = s['text']
                font = bl.vs_font_new(t['fontFile'].encode(), t['size'])
                if not font:
                    raise RuntimeError(f"vs_font_new failed for {t['fontFile']}")
                lines = [C.c_char_p(l['text'].encode()) for l in t['lines']]
                keep.append(lines)
                out.append((name, checked(bl.vs_text, ctx, font, arr(lines, C.c_char_p),
                                          arr([v for l in t['lines'] for v in (l['x'], l['baseline'])], C.c_double),
                                          len(lines), argb(t['color']))))
            elif kind == 'morph':
                m = s['morph']
                fr, to = m['from']['points'], m['to']['points']
                verbs = m['from']['verbs'].encode()
                pf, pt = arr(fr, C.c_double), arr(to, C.c_double)
                state = {'k': 0}

                def op(m=m, verbs=verbs, pf=pf, pt=pt, n=len(fr), state=state, ctx=ctx):
                    t = (state['k'] / 60 / m['duration']) % 1
                    state['k'] = (state['k'] + 1) % m['frames']
                    r = bl.vs_morph(ctx, verbs, pf, pt, n, t, argb(m['fillColor']),
                                    argb(m['strokeColor']), m['lineWidth'], joins[m['lineJoin']])
                    if r:
                        raise RuntimeError(f'vs_morph failed: {r}')
                op.state = state
                out.append((name, op))
            elif kind == 'shadow' and not sfx:
                skipped.append(s['name'])
    return out, keep, sorted(set(skipped))


# ------------------------------------------------------------------------------------------------ pictures
def write_png(path, frame):
    from PIL import Image
    import numpy as np
    a = frame.view(np.uint8).reshape(frame.shape + (4,))           # B G R A (premultiplied)
    al = a[..., 3:4].astype(np.uint32)
    rgb = np.where(al == 0, 0, (a[..., 2::-1].astype(np.uint32) * 255 + al // 2) // np.maximum(al, 1))
    Image.fromarray(np.concatenate([rgb, al], -1).astype(np.uint8), 'RGBA').save(path)


def compare(png_dir):
    """Each row's anchor pictures against Lamina's (<row>.png from lamina --png): largest channel difference,
    share of pixels differing by more than 2/255 and by more than 32/255, mean difference."""
    import numpy as np
    from PIL import Image
    names = sorted(f[:-4] for f in os.listdir(png_dir) if f.endswith('.png') and not f.startswith(('skia.', 'blend2d.')))
    print(f"# pictures against Lamina's ({png_dir}): max = largest channel difference /255, >2 and >32 = share of pixels "
          "whose largest channel difference exceeds that, mean = mean channel difference")
    print(f"{'row':<34} {'anchor':<12} {'max':>4} {'>2':>7} {'>32':>7} {'mean':>6}")
    for n in names:
        ref = np.asarray(Image.open(os.path.join(png_dir, n + '.png')).convert('RGBA')).astype(np.int16)
        for lib, tail in (('blend2d', ''), ('skia', ''), ('skia', '.outline')):
            p = os.path.join(png_dir, f'{lib}.{n}{tail}.png')
            if not os.path.exists(p):
                continue
            img = np.asarray(Image.open(p).convert('RGBA')).astype(np.int16)
            d = np.abs(img - ref).max(-1)
            print(f"{n:<34} {lib + tail:<12} {d.max():4d} {100 * (d > 2).mean():6.2f}% {100 * (d > 32).mean():6.2f}% "
                  f"{np.abs(img - ref).mean():6.3f}")


# ------------------------------------------------------------------------------------------------ the table
def parse_rows(path, best=False):
    rows = {}
    for line in open(path):
        f = line.split()
        if len(f) >= 8 and not line.startswith('#') and f[0] != 'name':
            try:
                rows[f[0]] = (float(f[1]), float(f[3] if best else f[2]))   # px_op, ms_min or ms_med
            except ValueError:
                pass
    return rows


def table(lamina_log, anchor_log, best=False):
    lam, anc = parse_rows(lamina_log, best), parse_rows(anchor_log, best)
    if best:
        print("# each side's fastest round (ms_min), not its median")
    print(f"{'row':<38} {'Lamina ms':>10} {'Blend2D ms':>10} {'Skia ms':>9} {'Lamina Mpix/s':>13} {'x fastest anchor':>16}")
    for name, (px, ms) in lam.items():
        base, two = (name[:-3], '.2T') if name.endswith('.2T') else (name, '')
        b = anc.get('blend2d.' + base + two)
        s = anc.get('skia.' + base) if not two else None
        times = [v[1] for v in (b, s) if v]
        ratio = f"{min(times) / ms:16.2f}" if times else f"{'-':>16}"
        fmt = lambda v: f"{v[1]:10.3f}" if v else f"{'-':>10}"
        print(f"{name:<38} {ms:10.3f} {fmt(b)} {fmt(s)[1:]} {px / ms / 1000:13.1f} {ratio}")
        o = anc.get('skia.' + base + '.outline') if not two else None
        if o:                                            # the same row against Skia stroking the outline, not a hairline
            times = [v[1] for v in (b, o) if v]
            print(f"{name + ' (Skia outline)':<38} {ms:10.3f} {fmt(b)} {fmt(o)[1:]} {px / ms / 1000:13.1f} {min(times) / ms:16.2f}")
    print("# x fastest anchor = the faster anchor's ms / Lamina's ms (above 1: Lamina faster); .2T rows against Blend2D's "
          ".2T (Skia has no threaded raster canvas); '-': the library has no such operation here (see the notes); "
          "'(Skia outline)': the same row against Skia stroking the outline rather than drawing a hairline")


# ------------------------------------------------------------------------------------------------ main
def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('inputs', nargs='?', help='folder holding vector-inputs.json (lamina bench compositor --dump-inputs)')
    ap.add_argument('filter', nargs='?', help='only rows whose name contains this (ending in $: only the row of exactly that name)')
    ap.add_argument('-r', dest='rounds', type=int, default=11, help='rounds of interleaved repetitions')
    ap.add_argument('-t', dest='rep_sec', type=float, default=0.05, help='seconds per repetition')
    ap.add_argument('-p', dest='png_dir', help='write one op of each row as PNG into this folder')
    ap.add_argument('--compare', metavar='PNG_DIR', help="compare the anchors' PNGs with Lamina's and stop")
    ap.add_argument('--table', nargs=2, metavar=('LAMINA_LOG', 'ANCHOR_LOG'), help='print the combined table and stop')
    ap.add_argument('--best', action='store_true', help="with --table: each side's fastest round rather than its median")
    args = ap.parse_args()
    if args.compare:
        return compare(args.compare)
    if args.table:
        return table(*args.table, best=args.best)
    if not args.inputs:
        ap.error('the inputs folder is required')
    np = need('numpy', 'numpy')
    if np is None:
        sys.exit('vector_anchors.py: numpy is required')
    path = os.path.join(args.inputs, 'vector-inputs.json')
    try:
        spec = json.load(open(path))
    except (OSError, ValueError) as e:
        sys.exit(f"vector_anchors.py: cannot read {path!r}: {e}")
    W, H, bg = spec['width'], spec['height'], spec['background']
    # A filter ending in $ names one row exactly (as lamina bench compositor's --filter).
    exact = args.filter[:-1] if args.filter and args.filter.endswith('$') else None
    rows_in = [r for r in spec['rows'] if not args.filter or (r['name'] == exact if exact is not None else args.filter in r['name'])]
    if not rows_in:
        sys.exit(f"vector_anchors.py: no row of {path!r} matches the filter {args.filter!r}")
    px = {r['name']: r['pixels'] for r in rows_in}
    frame = np.zeros((H, W), np.uint32)
    rows, notes = [], []
    sk = need('skia', 'skia-python')
    if sk:
        r, ver = skia_rows(sk, rows_in, frame, W, H)
        rows += r
        notes.append(f"Skia {ver} (skia-python)")
    keep = None
    if need('blend2d', 'blend2d-python'):
        bl = build_shim()
        r, keep, skipped = blend2d_rows(bl, rows_in, frame, W, H)
        rows += r
        notes.append("Blend2D 0.12 (blend2d-python's libblend2d.a via vector_shim.c)" +
                     (f"; no Blend2D row for {', '.join(skipped)} (no blur / no dash array in the shim)" if skipped else ""))
    if not rows:
        sys.exit('vector_anchors.py: neither skia-python nor blend2d-python is installed: nothing to time')
    print(f"# vector_anchors.py: {' | '.join(notes)} | rounds {args.rounds} x ~{args.rep_sec:.2f}s | inputs {path}")

    def px_of(name):
        base = name.split('.', 1)[1]
        for tail in ('.2T', '.outline'):
            base = base[:-len(tail)] if base.endswith(tail) else base
        return px[base]

    def reps(op, n):
        frame[...] = bg
        op()                                           # untimed
        t0 = time.perf_counter()
        for _ in range(n):
            op()
        return time.perf_counter() - t0

    cal = []
    for name, op in rows:
        t = max(reps(op, 1), 1e-6)
        cal.append(max(1, int(args.rep_sec / t)))
    samples = [[] for _ in rows]
    for _ in range(args.rounds):
        for i, (name, op) in enumerate(rows):
            samples[i].append(reps(op, cal[i]) / cal[i] * 1000)
    print("name                                         px_op   ms_med   ms_min   ms_max  Mpix_med Mpix_best  fps_med")
    for (name, op), s in zip(rows, samples):
        s = sorted(s)
        med, lo, hi, p = s[len(s) // 2], s[0], s[-1], px_of(name)
        print(f"{name:<40} {p:9.0f} {med:8.3f} {lo:8.3f} {hi:8.3f} {p / med / 1000:9.1f} {p / lo / 1000:9.1f} {1000 / med:8.1f}")
    if args.png_dir:
        os.makedirs(args.png_dir, exist_ok=True)
        for name, op in rows:
            if name.endswith('.2T'):
                continue
            frame[...] = bg
            if hasattr(op, 'state'):
                op.state['k'] = 0                      # the morph's first frame, as Lamina's picture
            op()
            write_png(os.path.join(args.png_dir, name + '.png'), frame)
        print(f"# wrote one PNG per anchor row to {args.png_dir}")


if __name__ == '__main__':
    main()
