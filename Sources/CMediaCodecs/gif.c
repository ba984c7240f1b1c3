// GIF through giflib; see include/CMediaCodecs.h.
#include "CMediaCodecs.h"

#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The bytes giflib reads from.
struct lamina_gif_input { const unsigned char *data; size_t size, at; };

static int gif_read(GifFileType *gif, GifByteType *out, int count) {
    struct lamina_gif_input *in = gif->UserData;
    size_t n = count < 0 ? 0 : (size_t)count;
    if (n > in->size - in->at) n = in->size - in->at;
    memcpy(out, in->data + in->at, n);
    in->at += n;
    return (int)n;
}

static void gif_error(char *err, size_t errlen, const char *what, int code) {
    const char *reason = GifErrorString(code);
    if (err && errlen) snprintf(err, errlen, "%s%s%s", what, reason ? ": " : "", reason ? reason : "");
}

/// Draws one decoded frame (`raster`: its colour indices, row by row) onto the canvas.
static void draw_frame(uint32_t *canvas, uint64_t w, uint64_t h, const GifImageDesc *d, const GifByteType *raster,
                       const ColorMapObject *map, int transparent) {
    if (!map) return;
    for (int y = 0; y < d->Height; y++) {
        long cy = (long)d->Top + y;
        if (cy < 0 || (uint64_t)cy >= h) continue;
        for (int x = 0; x < d->Width; x++) {
            long cx = (long)d->Left + x;
            if (cx < 0 || (uint64_t)cx >= w) continue;
            int index = raster[(size_t)y * (size_t)d->Width + (size_t)x];
            if (index == transparent || index >= map->ColorCount) continue;
            GifColorType c = map->Colors[index];
            canvas[(size_t)cy * w + (size_t)cx] = 0xFF000000u | (uint32_t)c.Red << 16 | (uint32_t)c.Green << 8 | c.Blue;
        }
    }
}

/// Clears a frame's rectangle to transparent (disposal "restore to background").
static void clear_rect(uint32_t *canvas, uint64_t w, uint64_t h, const GifImageDesc *d) {
    for (int y = 0; y < d->Height; y++) {
        long cy = (long)d->Top + y;
        if (cy < 0 || (uint64_t)cy >= h) continue;
        for (int x = 0; x < d->Width; x++) {
            long cx = (long)d->Left + x;
            if (cx >= 0 && (uint64_t)cx < w) canvas[(size_t)cy * w + (size_t)cx] = 0;
        }
    }
}

uint32_t *lamina_gif_decode(const void *data, size_t size, int32_t *width, int32_t *height, int32_t *frames,
                            int32_t **delays, char *err, size_t errlen) {
    struct lamina_gif_input in = { data, size, 0 };
    int code = 0;
    GifFileType *gif = DGifOpen(&in, gif_read, &code);
    if (!gif) { gif_error(err, errlen, "not a GIF file", code); return NULL; }
    uint64_t w = (uint64_t)(gif->SWidth > 0 ? gif->SWidth : 0), h = (uint64_t)(gif->SHeight > 0 ? gif->SHeight : 0);
    if (w == 0 || h == 0) {
        if (err && errlen) snprintf(err, errlen, "the GIF's screen has no pixels");
        DGifCloseFile(gif, &code);
        return NULL;
    }
    size_t plane = (size_t)(w * h);
    uint32_t *out = NULL, *canvas = calloc(plane, 4), *saved = malloc(plane * 4);
    int32_t *delay = NULL;
    GifByteType *raster = NULL;
    size_t count = 0;
    int damaged = 0, damage = 0, too_many = 0;
    GraphicsControlBlock gcb = { DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR };
    if (!canvas || !saved) goto fail_memory;
    // Record by record, so that a file damaged part-way keeps exactly the frames read whole.
    for (;;) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) { damaged = 1; damage = gif->Error; break; }
        if (type == TERMINATE_RECORD_TYPE) break;
        if (type == EXTENSION_RECORD_TYPE) {
            int ext = 0;
            GifByteType *block = NULL;
            if (DGifGetExtension(gif, &ext, &block) == GIF_ERROR) { damaged = 1; damage = gif->Error; break; }
            if (ext == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4) DGifExtensionToGCB(block[0], block + 1, &gcb);
            while (block) {
                if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) { damaged = 1; damage = gif->Error; break; }
            }
            if (damaged) break;
            continue;
        }
        if (type != IMAGE_DESC_RECORD_TYPE) continue;
        if (DGifGetImageDesc(gif) == GIF_ERROR) { damaged = 1; damage = gif->Error; break; }
        GifImageDesc d = gif->Image;
        if (d.Width <= 0 || d.Height <= 0 || (uint64_t)d.Width * (uint64_t)d.Height > LAMINA_CODEC_MAX_PIXELS) {
            damaged = 1; damage = D_GIF_ERR_DATA_TOO_BIG; break;
        }
        if ((count + 1) * (uint64_t)plane > LAMINA_CODEC_MAX_PIXELS) { too_many = 1; break; }
        GifByteType *r = realloc(raster, (size_t)d.Width * (size_t)d.Height);
        if (!r) goto fail_memory;
        raster = r;
        int ok = 1;
        if (d.Interlace) {
            static const int start[4] = { 0, 4, 2, 1 }, step[4] = { 8, 8, 4, 2 };
            for (int pass = 0; pass < 4 && ok; pass++)
                for (int y = start[pass]; y < d.Height && ok; y += step[pass])
                    ok = DGifGetLine(gif, raster + (size_t)y * (size_t)d.Width, d.Width) == GIF_OK;
        } else {
            for (int y = 0; y < d.Height && ok; y++)
                ok = DGifGetLine(gif, raster + (size_t)y * (size_t)d.Width, d.Width) == GIF_OK;
        }
        if (!ok) { damaged = 1; damage = gif->Error; break; }
        uint32_t *o = realloc(out, (count + 1) * plane * 4);
        int32_t *dl = realloc(delay, (count + 1) * sizeof(int32_t));
        if (o) out = o;
        if (dl) delay = dl;
        if (!o || !dl) goto fail_memory;
        if (gcb.DisposalMode == DISPOSE_PREVIOUS) memcpy(saved, canvas, plane * 4);
        draw_frame(canvas, w, h, &d, raster, d.ColorMap ? d.ColorMap : gif->SColorMap, gcb.TransparentColor);
        memcpy(out + count * plane, canvas, plane * 4);
        delay[count] = gcb.DelayTime;
        if (gcb.DisposalMode == DISPOSE_BACKGROUND) clear_rect(canvas, w, h, &d);
        else if (gcb.DisposalMode == DISPOSE_PREVIOUS) memcpy(canvas, saved, plane * 4);
        count++;
        gcb = (GraphicsControlBlock){ DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR };
    }
    free(canvas); canvas = NULL;
    free(saved); saved = NULL;
    free(raster); raster = NULL;
    if (count == 0) {
        if (too_many) {
            if (err && errlen) snprintf(err, errlen, "the GIF's frames are larger than the %llu megapixels Lamina decodes",
                                        (unsigned long long)(LAMINA_CODEC_MAX_PIXELS / 1000000));
        } else {
            gif_error(err, errlen, "the GIF data does not decode", damaged ? damage : D_GIF_ERR_NO_IMAG_DSCR);
        }
        free(out); free(delay);
        DGifCloseFile(gif, &code);
        return NULL;
    }
    *width = (int32_t)w;
    *height = (int32_t)h;
    *frames = (int32_t)count;
    *delays = delay;
    DGifCloseFile(gif, &code);
    if (damaged) gif_error(err, errlen, "the file is damaged after its last whole frame", damage);
    else if (too_many && err && errlen)
        snprintf(err, errlen, "frames past the first %zu are left out (more than %llu megapixels in all)", count,
                 (unsigned long long)(LAMINA_CODEC_MAX_PIXELS / 1000000));
    else if (err && errlen) err[0] = 0;
    return out;

fail_memory:
    if (err && errlen) snprintf(err, errlen, "out of memory");
    free(out); free(canvas); free(saved); free(delay); free(raster);
    DGifCloseFile(gif, &code);
    return NULL;
}
