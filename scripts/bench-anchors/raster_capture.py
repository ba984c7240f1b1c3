# raster_capture.py - gdb script: records one frame's lamina_raster_* calls (reset, limit_rows,
# add_contour(_affine), add_bounds, stream_begin, fill_solid) of a release lamina into a text file
# that raster_replay.c replays through the C kernels alone (the real shapes of a vector row).
#   CAP_OUT=/tmp/w3.txt LAMINA_SIMD=avx2 gdb -q -batch -x scripts/bench-anchors/raster_capture.py -ex run \
#       --args .build/release/lamina bench compositor --set vector --filter w3.round --threads 1 --rounds 1
# CAP_FILLS: fills to record (default 200: one frame of the path and stroke rows), then the run is killed.
import gdb, struct, os
import tempfile
# Written to a fresh exclusive temporary beside the target and renamed over it when the frame is
# recorded, never through an existing file or link at the target's path.
TARGET = os.environ.get("CAP_OUT", "/tmp/raster-calls.txt")
_fd, _TMP = tempfile.mkstemp(prefix=".raster-calls.", dir=os.path.dirname(os.path.abspath(TARGET)))
OUT = os.fdopen(_fd, "w")
LIMIT = int(os.environ.get("CAP_FILLS", "200"))
state = {"fills": 0}
inf = lambda: gdb.selected_inferior()
def reg(n): return int(gdb.parse_and_eval("$" + n)) & 0xFFFFFFFFFFFFFFFF
def i32(v): v &= 0xFFFFFFFF; return v - (1 << 32) if v >> 31 else v
def mem(addr, n): return bytes(inf().read_memory(addr, n))
def doubles(addr, n): return struct.unpack("<%dd" % n, mem(addr, 8 * n))
def stack(k): return struct.unpack("<Q", mem(reg("rsp") + 8 * k, 8))[0]
class BP(gdb.Breakpoint):
    def __init__(self, name): super().__init__("*" + name, internal=True); self.name = name
    def stop(self):
        n = self.name; r = reg("rdi")
        if n == "lamina_raster_reset": OUT.write("reset %x\n" % r)
        elif n == "lamina_raster_limit_rows": OUT.write("limit %x %d %d\n" % (r, i32(reg("rsi")), i32(reg("rdx"))))
        elif n == "lamina_raster_allow_streaming": OUT.write("allow %x %d\n" % (r, i32(reg("rsi"))))
        elif n == "lamina_raster_stream_begin":
            OUT.write("stream %x %d %d %d %d %d\n" % (r, i32(reg("rsi")), i32(reg("rdx")), i32(reg("rcx")), i32(reg("r8")), i32(reg("r9"))))
        elif n in ("lamina_raster_add_contour", "lamina_raster_add_contour_affine", "lamina_raster_add_bounds"):
            xy = reg("rsi"); cnt = i32(reg("rdx")); m = reg("rcx") if n != "lamina_raster_add_contour" else 0
            tag = {"lamina_raster_add_contour": "contour", "lamina_raster_add_contour_affine": "affine", "lamina_raster_add_bounds": "bounds"}[n]
            ms = " ".join(repr(v) for v in doubles(m, 6)) if m else "-"
            pts = " ".join(repr(v) for v in doubles(xy, 2 * cnt)) if cnt > 0 and xy else ""
            OUT.write("%s %x %d | %s | %s\n" % (tag, r, cnt, ms, pts))
        elif n == "lamina_raster_fill_solid":
            op = struct.unpack("<f", struct.pack("<I", int(gdb.parse_and_eval("$xmm0.v4_int32[0]")) & 0xFFFFFFFF))[0]
            OUT.write("fill %x %d %d %d %d %d %d %d %d %d %d %d %d %r\n" % (r, i32(reg("rsi")), i32(reg("rdx")), i32(reg("rcx")), i32(reg("r8")), i32(reg("r9")),
                      i32(stack(1)), i32(stack(2)), stack(3), stack(4), i32(stack(5)), i32(stack(6)), stack(7) & 0xFFFFFFFF, op))
            state["fills"] += 1
            if state["fills"] >= LIMIT:
                OUT.close(); os.replace(_TMP, TARGET); gdb.execute("kill"); return True
        elif n == "lamina_raster_coverage":
            OUT.write("coverage %x\n" % r)
        return False
for f in ["lamina_raster_reset", "lamina_raster_limit_rows", "lamina_raster_allow_streaming", "lamina_raster_stream_begin", "lamina_raster_add_contour",
          "lamina_raster_add_contour_affine", "lamina_raster_add_bounds", "lamina_raster_fill_solid", "lamina_raster_coverage"]:
    BP(f)
