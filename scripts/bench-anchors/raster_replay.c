// raster_replay.c - replays one frame of lamina_raster_* calls recorded by raster_capture.py into a
// 1280x720 frame, the C kernels alone; prints the best round in ms and a hash of the frame.
//   clang -O3 -std=gnu11 -ffp-contract=off -I Sources/CPixelKernels/include -o /tmp/rp scripts/bench-anchors/raster_replay.c Sources/CPixelKernels/*.c -lm
//   LAMINA_SIMD=avx2 /tmp/rp /tmp/w3.txt 40
// Compare builds alternately in a raised autogroup; the hash must not move.
#include "CPixelKernels.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
typedef struct { int kind; int a[12]; uint32_t color; float op; int n; double m[6]; double *xy; } Call;
static double now(void){ struct timespec t; clock_gettime(CLOCK_MONOTONIC,&t); return t.tv_sec+t.tv_nsec*1e-9; }
int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s CALLS.txt [ROUNDS]\n", argv[0]); return 64; }
  FILE *f = fopen(argv[1], "r"); int rounds = argc > 2 ? atoi(argv[2]) : 100;
  if (!f) { perror(argv[1]); return 66; }
  static char line[1 << 22]; Call *calls = calloc(100000, sizeof(Call)); int nc = 0;
  while (fgets(line, sizeof line, f)) {
    Call *c = &calls[nc]; char *p = line; char tag[32]; unsigned long long r; int off;
    sscanf(p, "%31s %llx%n", tag, &r, &off); p += off;
    if (!strcmp(tag, "reset")) c->kind = 0;
    else if (!strcmp(tag, "limit")) { c->kind = 1; sscanf(p, "%d %d", &c->a[0], &c->a[1]); }
    else if (!strcmp(tag, "affine") || !strcmp(tag, "contour") || !strcmp(tag, "bounds")) {
      c->kind = tag[0] == 'a' ? 2 : tag[0] == 'c' ? 3 : 4;
      c->n = (int)strtol(p, &p, 10); p = strchr(p, '|') + 1;
      if (c->kind != 3) for (int i = 0; i < 6; i++) c->m[i] = strtod(p, &p); 
      p = strchr(p, '|') + 1; c->xy = malloc(sizeof(double) * 2 * (size_t)c->n);
      for (int i = 0; i < 2 * c->n; i++) c->xy[i] = strtod(p, &p);
    } else if (!strcmp(tag, "fill")) {
      c->kind = 5; unsigned long long pix, stride; unsigned int color;
      sscanf(p, "%d %d %d %d %d %d %d %llu %llu %d %d %u %f", &c->a[0], &c->a[1], &c->a[2], &c->a[3], &c->a[4], &c->a[5], &c->a[6],
             &pix, &stride, &c->a[7], &c->a[8], &color, &c->op);
      c->color = color;
    } else if (!strcmp(tag, "stream")) { c->kind = 6; sscanf(p, "%d %d %d %d %d", &c->a[0], &c->a[1], &c->a[2], &c->a[3], &c->a[4]); }
    else continue;
    nc++;
  }
  enum { W = 1280, H = 720 };
  uint32_t *px = malloc(W * H * 4); LaminaRaster *r = lamina_raster_create();
  double best = 1e9; uint64_t hash = 1469598103934665603ull;
  for (int it = 0; it < rounds; it++) {
    for (int i = 0; i < W * H; i++) px[i] = 0xFF404040u;
    double t0 = now();
    for (int k = 0; k < nc; k++) {
      Call *c = &calls[k];
      switch (c->kind) {
      case 0: lamina_raster_reset(r); break;
      case 1: lamina_raster_limit_rows(r, c->a[0], c->a[1]); break;
      case 2: lamina_raster_add_contour_affine(r, c->xy, c->n, c->m); break;
      case 3: lamina_raster_add_contour(r, c->xy, c->n); break;
      case 4: lamina_raster_add_bounds(r, c->xy, c->n, c->m); break;
      case 5: lamina_raster_fill_solid(r, c->a[0], c->a[1], c->a[2], c->a[3], c->a[4], c->a[5], c->a[6], px, W, c->a[7], c->a[8], c->color, c->op); break;
      case 6: lamina_raster_stream_begin(r, c->a[0], c->a[1], c->a[2], c->a[3], c->a[4]); break;
      }
    }
    double t = now() - t0; if (t < best) best = t;
  }
  for (int i = 0; i < W * H; i++) hash = (hash ^ px[i]) * 1099511628211ull;
  printf("best %.3f ms hash %016llx\n", best * 1e3, (unsigned long long)hash);
  return 0;
}
