// Load-time hooks of the test binary: nothing to call from Swift (hooks.c runs at load).
#ifndef LAMINA_TEST_HOOKS_H
#define LAMINA_TEST_HOOKS_H
#endif
