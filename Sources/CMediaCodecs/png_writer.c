// Writing PNG files from premultiplied pixels, row by row, to a sink; see include/CMediaCodecs.h.
//
// Two ways: compact (libpng with the settings of its simplified writer: adaptive filters, zlib's
// default level; the bytes are those lamina_png_encode gives) and fast, for large frames (every row
// filtered with PNG's Up filter, zlib level 1, the rows split into segments deflated in parallel and
// joined into one zlib stream, the way pigz joins its blocks). Both convert a row at a time from
// premultiplied ARGB words to straight RGBA bytes, so no second image-sized buffer is made.
#include "CMediaCodecs.h"

#include <png.h>
#include <zlib.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void write_error(char *err, size_t errlen, const char *message) {
    if (err && errlen > 0) snprintf(err, errlen, "%s", message && *message ? message : "unknown error");
}

// MARK: - Straight alpha

/// straight[a][c]: the straight value of premultiplied channel c at alpha a, min(255, (c * 255 +
/// a / 2) / a), rounded to nearest as ImageFileCodec.unpremultiply does (rows 0 and 255 unused).
static uint8_t straight[256][256];
static pthread_once_t straight_once = PTHREAD_ONCE_INIT;

static void make_straight(void) {
    for (unsigned a = 1; a < 255; a++)
        for (unsigned c = 0; c < 256; c++) {
            unsigned v = (c * 255 + a / 2) / a;
            straight[a][c] = (uint8_t)(v > 255 ? 255 : v);
        }
}

/// One row of premultiplied ARGB words as straight RGBA bytes (`channels` 4) or RGB bytes
/// (`channels` 3, for an opaque image). A transparent pixel is all zeros.
static void straight_row(const uint32_t *px, int32_t width, int channels, uint8_t *out) {
    for (int32_t x = 0; x < width; x++) {
        uint32_t p = px[x], a = p >> 24;
        uint8_t r = (uint8_t)(p >> 16), g = (uint8_t)(p >> 8), b = (uint8_t)p;
        if (a == 0) { r = g = b = 0; }
        else if (a != 255) { r = straight[a][r]; g = straight[a][g]; b = straight[a][b]; }
        out[0] = r; out[1] = g; out[2] = b;
        if (channels == 4) out[3] = (uint8_t)a;
        out += channels;
    }
}

// MARK: - Compact: libpng

struct compact_state {
    lamina_png_sink sink;
    void *context;
    int sink_error;
    char message[256];
};

static void compact_write(png_structp png, png_bytep bytes, png_size_t count) {
    struct compact_state *s = png_get_io_ptr(png);
    if (s->sink_error) return;
    int e = s->sink(s->context, bytes, count);
    if (e) { s->sink_error = e; png_error(png, "the output could not be written"); }
}

static void compact_flush(png_structp png) { (void)png; }

static void compact_fail(png_structp png, png_const_charp message) {
    struct compact_state *s = png_get_error_ptr(png);
    snprintf(s->message, sizeof s->message, "%s", message);
    png_longjmp(png, 1);
}

static void compact_warn(png_structp png, png_const_charp message) { (void)png; (void)message; }

static int write_compact(const uint32_t *argb, int32_t width, int32_t height, lamina_png_sink sink, void *context,
                         char *err, size_t errlen) {
    struct compact_state s = { sink, context, 0, { 0 } };
    uint8_t *volatile row = NULL;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &s, compact_fail, compact_warn);
    if (!png) { write_error(err, errlen, "out of memory"); return -1; }
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_write_struct(&png, NULL); write_error(err, errlen, "out of memory"); return -1; }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        write_error(err, errlen, s.sink_error ? "the output could not be written" : s.message);
        return s.sink_error ? s.sink_error : -1;
    }
    png_set_write_fn(png, &s, compact_write, compact_flush);
    // What libpng's simplified writer (png_image_write_*) sets for 8-bit sRGB colour with alpha.
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    row = malloc((size_t)width * 4);
    if (!row) png_error(png, "out of memory");
    for (int32_t y = 0; y < height; y++) {
        straight_row(argb + (size_t)y * (size_t)width, width, 4, row);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    return 0;
}

// MARK: - Fast: parallel deflate

/// Growable bytes.
struct bytes { uint8_t *data; size_t count, capacity; };

static int bytes_reserve(struct bytes *b, size_t more) {
    if (b->count + more <= b->capacity) return 0;
    size_t c = b->capacity ? b->capacity : 1 << 16;
    while (c < b->count + more) c *= 2;
    uint8_t *d = realloc(b->data, c);
    if (!d) return -1;
    b->data = d; b->capacity = c;
    return 0;
}

/// The chunks so far go to the sink as they are made (segment 0, on the calling thread) or stay in
/// `out` (the other segments, written in order once all are done).
struct segment {
    const uint32_t *argb;
    int32_t width, height, y0, y1, channels;
    lamina_png_sink sink;   // NULL: keep the output in `out`
    void *context;
    int last;
    atomic_int *abort;
    struct bytes out;
    uLong adler;            // of the segment's filtered rows
    size_t length;          // their count of bytes
    int error;              // 0, a sink's error, or -1 (out of memory, zlib)
};

static int write_chunk(lamina_png_sink sink, void *context, const char type[4], const uint8_t *data, size_t count);

/// Hands over what `out` holds as one IDAT chunk (segment 0 only).
static int segment_drain(struct segment *s) {
    if (!s->sink || s->out.count == 0) return 0;
    int e = write_chunk(s->sink, s->context, "IDAT", s->out.data, s->out.count);
    s->out.count = 0;
    return e;
}

static void *deflate_segment(void *arg) {
    struct segment *s = arg;
    size_t rowbytes = (size_t)s->width * (size_t)s->channels;
    uint8_t *prev = calloc(rowbytes, 1), *cur = malloc(rowbytes), *filtered = malloc(rowbytes + 1);
    z_stream z;
    memset(&z, 0, sizeof z);
    int zok = 0;
    if (!prev || !cur || !filtered) { s->error = -1; goto done; }
    // Raw deflate (the zlib header and checksum are written once for all segments).
    if (deflateInit2(&z, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) { s->error = -1; goto done; }
    zok = 1;
    if (s->y0 > 0) straight_row(s->argb + (size_t)(s->y0 - 1) * (size_t)s->width, s->width, s->channels, prev);
    s->adler = adler32(0, Z_NULL, 0);
    for (int32_t y = s->y0; y < s->y1; y++) {
        if (atomic_load_explicit(s->abort, memory_order_relaxed)) { s->error = s->error ? s->error : -1; goto done; }
        straight_row(s->argb + (size_t)y * (size_t)s->width, s->width, s->channels, cur);
        filtered[0] = 2;   // Up: each byte less the one above it
        for (size_t i = 0; i < rowbytes; i++) filtered[i + 1] = (uint8_t)(cur[i] - prev[i]);
        s->adler = adler32(s->adler, filtered, (uInt)(rowbytes + 1));
        s->length += rowbytes + 1;
        int flush = y + 1 < s->y1 ? Z_NO_FLUSH : s->last ? Z_FINISH : Z_SYNC_FLUSH;
        z.next_in = filtered;
        z.avail_in = (uInt)(rowbytes + 1);
        do {
            if (bytes_reserve(&s->out, 1 << 16)) { s->error = -1; goto done; }
            z.next_out = s->out.data + s->out.count;
            z.avail_out = (uInt)(s->out.capacity - s->out.count);
            size_t before = z.avail_out;
            int r = deflate(&z, flush);
            if (r == Z_STREAM_ERROR) { s->error = -1; goto done; }
            s->out.count += before - z.avail_out;
        } while (z.avail_out == 0 || z.avail_in > 0);
        if (s->sink && s->out.count >= (1 << 20)) {
            int e = segment_drain(s);
            if (e) { s->error = e; atomic_store(s->abort, 1); goto done; }
        }
        uint8_t *t = prev; prev = cur; cur = t;
    }
    if (s->sink) {
        int e = segment_drain(s);
        if (e) { s->error = e; atomic_store(s->abort, 1); }
    }
done:
    if (s->error) atomic_store(s->abort, 1);
    if (zok) deflateEnd(&z);
    free(prev); free(cur); free(filtered);
    return NULL;
}

static void put32(uint8_t *p, uint32_t v) { p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v; }

/// A PNG chunk: length, type, data, CRC of type and data.
static int write_chunk(lamina_png_sink sink, void *context, const char type[4], const uint8_t *data, size_t count) {
    uint8_t head[8];
    put32(head, (uint32_t)count);
    memcpy(head + 4, type, 4);
    uLong crc = crc32(0, (const Bytef *)type, 4);
    // crc32 takes at most 4 GiB at a time; a chunk holds less than 2^31 bytes.
    if (count) crc = crc32(crc, data, (uInt)count);
    uint8_t tail[4];
    put32(tail, (uint32_t)crc);
    int e = sink(context, head, 8);
    if (!e && count) e = sink(context, data, count);
    if (!e) e = sink(context, tail, 4);
    return e;
}

/// Hands `count` bytes over as IDAT chunks of at most 1 GiB each.
static int write_idat(lamina_png_sink sink, void *context, const uint8_t *data, size_t count) {
    while (count > 0) {
        size_t n = count < ((size_t)1 << 30) ? count : (size_t)1 << 30;
        int e = write_chunk(sink, context, "IDAT", data, n);
        if (e) return e;
        data += n; count -= n;
    }
    return 0;
}

static int write_fast(const uint32_t *argb, int32_t width, int32_t height, int32_t threads, lamina_png_sink sink, void *context,
                      char *err, size_t errlen) {
    size_t n = (size_t)width * (size_t)height;
    int opaque = 1;
    for (size_t i = 0; i < n && opaque; i++) opaque = argb[i] >> 24 == 255;
    int channels = opaque ? 3 : 4;
    // Segments of at least a million pixels (and 64 rows), at most one a thread, at most 16.
    int segments = threads < 1 ? 1 : threads > 16 ? 16 : threads;
    while (segments > 1 && ((size_t)height / (size_t)segments < 64 || n / (size_t)segments < (1 << 20))) segments--;

    static const uint8_t signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    uint8_t ihdr[13];
    put32(ihdr, (uint32_t)width);
    put32(ihdr + 4, (uint32_t)height);
    ihdr[8] = 8;                    // bits a channel
    ihdr[9] = opaque ? 2 : 6;       // RGB or RGBA
    ihdr[10] = ihdr[11] = ihdr[12] = 0;
    const uint8_t srgb[1] = { 0 };  // perceptual, as the compact writer says too
    const uint8_t zheader[2] = { 0x78, 0x01 };   // deflate, 32 KiB window, fastest level
    int e = sink(context, signature, 8);
    if (!e) e = write_chunk(sink, context, "IHDR", ihdr, 13);
    if (!e) e = write_chunk(sink, context, "sRGB", srgb, 1);
    if (!e) e = write_chunk(sink, context, "IDAT", zheader, 2);
    if (e) { write_error(err, errlen, "the output could not be written"); return e; }

    atomic_int abort_flag = 0;
    struct segment seg[16];
    memset(seg, 0, sizeof seg);
    for (int k = 0; k < segments; k++) {
        seg[k] = (struct segment){ argb, width, height, (int32_t)((int64_t)height * k / segments),
                                   (int32_t)((int64_t)height * (k + 1) / segments), channels,
                                   k == 0 ? sink : NULL, context, k == segments - 1, &abort_flag, { 0 }, 0, 0, 0 };
    }
    pthread_t tid[16];
    int started[16] = { 0 };
    for (int k = 1; k < segments; k++) started[k] = pthread_create(&tid[k], NULL, deflate_segment, &seg[k]) == 0;
    for (int k = 1; k < segments; k++) if (!started[k]) deflate_segment(&seg[k]);   // no thread: here, in turn
    deflate_segment(&seg[0]);
    for (int k = 1; k < segments; k++) if (started[k]) pthread_join(tid[k], NULL);

    int result = 0;
    uLong adler = seg[0].adler;
    for (int k = 0; k < segments && !result; k++) {
        if (seg[k].error) { result = seg[k].error; break; }
        if (k > 0) {
            result = write_idat(sink, context, seg[k].out.data, seg[k].out.count);
            adler = adler32_combine(adler, seg[k].adler, (z_off_t)seg[k].length);
        }
    }
    for (int k = 0; k < segments; k++) free(seg[k].out.data);
    if (!result) {
        uint8_t tail[4];
        put32(tail, (uint32_t)adler);
        result = write_chunk(sink, context, "IDAT", tail, 4);
        if (!result) result = write_chunk(sink, context, "IEND", NULL, 0);
    }
    if (result) write_error(err, errlen, result > 0 ? "the output could not be written" : "out of memory while compressing");
    return result;
}

int lamina_png_write(const uint32_t *argb, int32_t width, int32_t height, int32_t fast, int32_t threads,
                     lamina_png_sink sink, void *context, char *err, size_t errlen) {
    if (width <= 0 || height <= 0) { write_error(err, errlen, "the image has no pixels"); return -1; }
    pthread_once(&straight_once, make_straight);
    return fast ? write_fast(argb, width, height, threads, sink, context, err, errlen)
                : write_compact(argb, width, height, sink, context, err, errlen);
}
