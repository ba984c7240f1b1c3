// ARGB to I420.
#include "kernel_tests.h"

/// The I420 planes of one frame, written by the formula (rows row0 ..< row0 + rows, as the header
/// says: pairs from row0, a pair's second row written when inside the frame).
static void ref_i420(const uint32_t *src, int32_t stride, int32_t width, int32_t height, int32_t row0, int32_t rows, int straight,
                     uint8_t *yp, int32_t ys, uint8_t *up, uint8_t *vp, int32_t cs) {
    if (row0 + rows > height) rows = height - row0;
    for (int32_t y = row0; y < row0 + rows; y += 2) {
        for (int32_t x = 0; x < width; x += 2) {
            int32_t sr = 0, sg = 0, sb = 0;
            for (int dy = 0; dy < 2; dy++)
                for (int dx = 0; dx < 2; dx++) {
                    int32_t yy = y + dy < height ? y + dy : y, xx = x + dx < width ? x + dx : x;
                    uint32_t p = src[yy * stride + xx];
                    if (straight) p = ref_straight(p);
                    if (yy == y + dy && xx == x + dx) yp[yy * ys + xx] = ref_luma(p);
                    sr += (int32_t)ch(p, 16); sg += (int32_t)ch(p, 8); sb += (int32_t)ch(p, 0);
                }
            up[(y / 2) * cs + x / 2] = (uint8_t)((-3299 * sr - 11093 * sg + 14392 * sb + 128 * 131072 + 65536) >> 17);
            vp[(y / 2) * cs + x / 2] = (uint8_t)((14392 * sr - 13074 * sg - 1318 * sb + 128 * 131072 + 65536) >> 17);
        }
    }
}

void test_i420(void) {
    enum { W = 70, H = 9, PLANE = W * H + 64 };
    static uint32_t frame[(W + 5) * H];
    static uint8_t wantY[PLANE], wantU[PLANE], wantV[PLANE], gotY[PLANE], gotU[PLANE], gotV[PLANE];
    for (int t = 0; t < 300; t++) {
        int32_t width = t < 70 ? t + 1 : irand(1, W), height = irand(1, H), stride = width + irand(0, 5), straight = t % 2;
        int32_t ys = width + irand(0, 4), cs = (width + 1) / 2 + irand(0, 4);
        for (int32_t y = 0; y < height; y++) {
            premultiplied_row(frame + y * stride, stride);
            if (chance(0.5)) for (int32_t x = 0; x < stride; x++) frame[y * stride + x] |= 0xFF000000u;   // opaque rows: the vector path
        }
        int32_t row0 = 2 * irand(0, (height - 1) / 2), rows = irand(1, height - row0 + 1);
        memset(wantY, 0xA5, PLANE); memset(wantU, 0xA5, PLANE); memset(wantV, 0xA5, PLANE);
        ref_i420(frame, stride, width, height, row0, rows, straight, wantY, ys, wantU, wantV, cs);
        LABEL("lamina_argb_to_i420 (%dx%d, rows %d..<%d, %s)", width, height, row0, row0 + rows, straight ? "straight" : "premultiplied");
        for (int li = 0; li < level_count; li++) {
            memset(gotY, 0xA5, PLANE); memset(gotU, 0xA5, PLANE); memset(gotV, 0xA5, PLANE);
            use_level(&levels[li]);
            lamina_argb_to_i420(frame, stride, width, height, row0, rows, straight, gotY, ys, gotU, gotV, cs);
            char what[160] = "ok";
            int ok = 1;
            for (int32_t i = 0; i < PLANE && ok; i++) {
                if (gotY[i] != wantY[i]) { snprintf(what, sizeof what, "Y byte %d: %d, expected %d", i, gotY[i], wantY[i]); ok = 0; }
                else if (gotU[i] != wantU[i]) { snprintf(what, sizeof what, "U byte %d: %d, expected %d", i, gotU[i], wantU[i]); ok = 0; }
                else if (gotV[i] != wantV[i]) { snprintf(what, sizeof what, "V byte %d: %d, expected %d", i, gotV[i], wantV[i]); ok = 0; }
            }
            check(ok, levels[li].name, what);
        }
    }
}
