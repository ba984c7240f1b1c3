// Teaches ThreadSanitizer the happens-before of Swift's `Synchronization.Mutex` on Linux (x86_64),
// for scripts/test-tsan.sh only: linked into the sanitized test binary, never into Lamina.
//
// Mutex's fast paths are atomics inlined into the caller's code, which TSan instruments; its slow
// paths (`_MutexHandle._lockSlow`, `_tryLockSlow`, `_unlockSlow` in libswiftSynchronization.so)
// take and give the lock with uninstrumented atomics and the futex system call, which TSan does
// not see, so every contended lock looked like no lock at all (a "Swift access race" inside each
// `withLock` closure). These definitions take the place of those three functions in the linked
// binary (they come first in symbol lookup), call the real ones (found with dlsym(RTLD_NEXT)),
// and add exactly what the lock guarantees: a release on the futex word before the slow unlock,
// an acquire on it after the slow lock (and after a try-lock that succeeded). Nothing else is
// hidden: an access outside the lock still races (scripts/tsan/probe.swift checks both).
//
// The functions are Swift methods of `_MutexHandle` (self, the futex word's address, in r13; the
// lock's thread id in edi; a Bool result in al), hence assembly. Tied to Swift 6's mangled names:
// test-tsan.sh checks that the toolchain exports them before it links this.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

void __tsan_acquire(void *addr);
void __tsan_release(void *addr);

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define TRYLOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

static void *real(const char *name) {
    void *p = dlsym(RTLD_NEXT, name);
    if (!p) __builtin_trap();
    return p;
}
void *lamina_tsan_real_lock(void) { static void *p; if (!p) p = real(LOCK_SLOW); return p; }
void *lamina_tsan_real_trylock(void) { static void *p; if (!p) p = real(TRYLOCK_SLOW); return p; }
void *lamina_tsan_real_unlock(void) { static void *p; if (!p) p = real(UNLOCK_SLOW); return p; }

// _lockSlow(self: r13 = the futex word, edi = the caller's thread id): the real one, then an acquire.
__asm__(
    ".text\n"
    ".globl \"" LOCK_SLOW "\"\n"
    ".type \"" LOCK_SLOW "\",@function\n"
    "\"" LOCK_SLOW "\":\n"
    "  push %rbp\n  mov %rsp,%rbp\n  push %r13\n  push %rdi\n"   // rsp is 16-aligned at each call below
    "  call lamina_tsan_real_lock\n"
    "  mov %rax,%r11\n  mov (%rsp),%rdi\n  mov 8(%rsp),%r13\n"
    "  call *%r11\n"
    "  mov 8(%rsp),%rdi\n  call __tsan_acquire\n"
    "  add $8,%rsp\n  pop %r13\n  pop %rbp\n  ret\n"
    // _tryLockSlow(self: r13) -> Bool in al: the real one, then an acquire when it took the lock.
    ".globl \"" TRYLOCK_SLOW "\"\n"
    ".type \"" TRYLOCK_SLOW "\",@function\n"
    "\"" TRYLOCK_SLOW "\":\n"
    "  push %rbp\n  mov %rsp,%rbp\n  push %r13\n  push %rbx\n"
    "  call lamina_tsan_real_trylock\n"
    "  mov (%rsp),%rbx\n  mov 8(%rsp),%r13\n"
    "  call *%rax\n"
    "  mov %eax,%ebx\n"
    "  test %al,%al\n  je 1f\n"
    "  mov 8(%rsp),%rdi\n  call __tsan_acquire\n"
    "1:\n  mov %ebx,%eax\n  pop %rbx\n  pop %r13\n  pop %rbp\n  ret\n"
    // _unlockSlow(self: r13): a release, then the real one.
    ".globl \"" UNLOCK_SLOW "\"\n"
    ".type \"" UNLOCK_SLOW "\",@function\n"
    "\"" UNLOCK_SLOW "\":\n"
    "  push %rbp\n  mov %rsp,%rbp\n  push %r13\n  sub $8,%rsp\n"
    "  mov %r13,%rdi\n  call __tsan_release\n"
    "  call lamina_tsan_real_unlock\n"
    "  mov 8(%rsp),%r13\n"
    "  call *%rax\n"
    "  add $8,%rsp\n  pop %r13\n  pop %rbp\n  ret\n"
);
