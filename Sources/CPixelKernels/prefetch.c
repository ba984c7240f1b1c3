// Asking the cache for pixels a row ahead of the one being blended.

#include "CPixelKernels.h"
#include "kernels_internal.h"

// A row of the frame under a blend (a shadow's, say) was last touched when the frame was cleared,
// and the frame (22 MB at 2880x1920) is larger than the caches: each new row starts a new stream
// that the hardware prefetcher only finds after a few misses. Asking for the next row's lines while
// this one is blended overlaps their fetch with its work.
void lamina_prefetch_span(const void *p, intptr_t bytes) { lk_prefetch_row(p, bytes); }
