// Runs when the test binary loads, before XCTest's main: starts the hang watch of every test
// (LaminaTestSupport's TestHangWatch, exported to C as lamina_test_hang_watch_start). Swift on
// Linux has no +load and XCTest no principal class, and the test targets are linked into one
// binary, so this one hook covers every test target, whichever of them a run selects.
#include "LaminaTestHooks.h"

extern void lamina_test_hang_watch_start(void);

__attribute__((constructor)) static void lamina_test_hooks_load(void) {
    lamina_test_hang_watch_start();
}
