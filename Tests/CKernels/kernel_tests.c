// The CPixelKernels C kernels at every level the running CPU has (portable, AVX2, AVX-512 on
// x86-64; portable, NEON on AArch64), on seeded random inputs, compared with the portable level's
// output; the portable level itself is compared with formulas written out here from
// CPixelKernels.h, sharing no code with the kernels. Every output buffer has guard words around
// it, so a write outside the row or rectangle is a failure too.
//
// Built and run by scripts/test-arm64-kernels.sh (natively, and cross-compiled for AArch64 under
// qemu-user). Ends with the line "N passed, M failed"; exits 1 on any failure.
//
//   cc -O2 -ffp-contract=off -I Sources/CPixelKernels/include Tests/CKernels/*.c Sources/CPixelKernels/*.c
//
// This file holds the shared state and main; each job's tests are in <job>_tests.c, the harness in
// kernel_tests.h.

#include "kernel_tests.h"

long passed, failed;
const char *current = "";   // the kernel and case being checked, for messages
uint64_t rng_state = 0x1A7A1A5EEDull;
Level levels[4];
int level_count;
char label[256];
uint32_t block[MAXN + 2 * GUARD + 16], input[MAXN], want[MAXN], src_block[MAXN + 16];
const int32_t sizes[NSIZES] = { 0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 63, 64, 65, 100, 255, 257, 1000 };

/// Every gradient kernel test.
static void test_gradients(void) {
    test_gradient_near_steps();
    test_gradient_far_steps();
    test_gradient_conic_steps();
    test_gradient_rows_far();
    test_gradient_rows_far_oblique();
    test_gradient_conic_near_centre();
    test_gradient_conic_axes();
    test_gradient_conic_centre_line();
    test_gradient_conic_rows_near_centre();
    test_gradient_conic_rows_along_cut();
    test_gradient_conic_flat_rows();
    test_gradient();
    test_gradient_over();
    test_gradient_over_rows();
    test_gradient_over_rows_coverage();
    test_gradient_rows_long();
    test_gradient_rows_one_alpha();
    test_gradient_ia_factors();
}

/// Every cell rasteriser test.
static void test_rasters(void) {
    test_raster_sweep();
    test_raster_coverage();
    test_raster_pinned_cells();
    test_raster_pinned_stars();
    test_raster_pinned_strokes();
    test_raster_pinned_steep();
    test_raster_fill();
    test_raster_fill_wide();
    test_raster_fill_outlines();
    test_raster_bands();
    test_raster_shared_edges();
    test_raster_exact_area();
    test_raster_long_contours();
    test_raster_streaming();
    test_raster_edge_setup();
}

int main(void) {
    make_texture_area();
    find_levels();
    printf("levels on this CPU:");
    for (int i = 0; i < level_count; i++) printf(" %s", levels[i].name);
    printf("\n");
#if defined(__aarch64__)
    // NEON is part of every AArch64 CPU: its absence here would mean the dispatch is wrong.
    current = "level choice";
    check(level_count == 2 && levels[1].level == LAMINA_LEVEL_NEON && lamina_kernels_cpu_has_neon(), "automatic", "NEON is chosen");
#endif
    test_over_row();
    test_over_rect();
    test_prefetch_span();
    test_alpha_row();
    test_sample_between();
    test_mix_rows();
    test_reduce_alpha_row();
    test_over_solid_mix();
    test_box_blur_placed_rows();
    test_box_blur_staged();
    test_box_blur_levels();
    test_box_blur_mirrored();
    test_over_solid();
    test_fill_rect();
    test_over_solid_coverage();
    test_over_solid_mask();
    test_sample_mask_row();
    test_sample_mask_mapped_row();
    test_copy_rect();
    test_sample_affine();
#if defined(__x86_64__)
    // The gradient kernels with the fused loops' colours by permutes, then by gathers (both ways
    // whatever the CPU would choose; gradient_x86.c).
    // At AVX2 the table's entries come by a gather or by eight loads (both ways here too), and
    // the stepped axial rows of one alpha by lookup8's window or by those (both ways).
    for (int gathers = 0; gathers < 2; gathers++) {
        for (int loads = 0; loads < 2; loads++) {
            for (int window = 0; window < 2; window++) {
                lk_gradient_force_gathers(gathers);
                lk_gradient_force_loads(loads);
                lk_gradient_force_axial_window(window);
                printf("gradients with colours by %s, tables read by %s, axial rows %s\n", gathers ? "gathers" : "permutes",
                       loads ? "loads" : "gathers", window ? "by a window" : "as the others");
                test_gradients();
            }
        }
    }
    lk_gradient_force_gathers(-1);
    lk_gradient_force_loads(-1);
    lk_gradient_force_axial_window(-1);
#else
    test_gradients();
#endif
    test_sample_float();
    test_i420();
#if defined(__x86_64__)
    // Every cell rasteriser test with the AVX2 blend's colours by gathers and the AVX-512 blend's
    // stretches of one colour by byte lookups (where the CPU has AVX512-VBMI), then both by
    // arithmetic (both ways whatever the CPU would choose; raster_x86.c); the AVX-512 level's rows
    // in chunks of 16 cells, then in chunks of 8 (the narrow rows, at every width).
    for (int mode = 3; mode >= 0; mode--) {
        lk_raster_force_gathers(mode & 1);
        lk_raster_force_vbmi(mode & 1);
        lk_raster_force_narrow_rows(mode < 2);
        printf("raster with %s, %s, AVX-512 rows of %s\n", mode & 1 ? "gathers" : "colours in the lanes",
               lk_raster_vbmi() ? "lookups" : "multiplies", mode < 2 ? "8 cells" : "16 cells");
        test_rasters();
    }
    lk_raster_force_gathers(-1);
    lk_raster_force_vbmi(-1);
    lk_raster_force_narrow_rows(-1);
#else
    test_rasters();
#endif
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}
