// Teaches ThreadSanitizer about the slow paths of Swift's `Synchronization.Mutex` on Linux.
//
// `Mutex` locks with an atomic compare-and-swap that is inlined into the caller (and so is
// instrumented: TSan sees the acquire and the release). When the lock is contended it calls
// `_MutexHandle._lockSlow` / `_unlockSlow` in libswiftSynchronization.so, which spin with atomics
// and then block in `FUTEX_LOCK_PI` / `FUTEX_UNLOCK_PI` syscalls. That library is not instrumented
// and TSan does not model PI futexes, so an acquisition on the slow path has no happens-before
// edge to the previous owner's critical section: every contended `withLock` can be reported as a
// "Swift access race" between two accesses made under the same lock (a false positive, seen in
// this project's suite under `--sanitize=thread`).
//
// This library interposes the two slow-path functions (and `_tryLockSlow`), forwards to the real
// ones, and tells TSan what happened: `__tsan_acquire(handle)` after a slow-path lock, and
// `__tsan_release(handle)` before a slow-path unlock. The handle's address is the address of the
// atomic word the inlined fast paths use, so both paths synchronise on the same TSan object.
//
// It is loaded with LD_PRELOAD by `make sanitize` (Makefile); it does nothing without TSan (the
// `__tsan_*` entry points are weak and then absent). Built with the toolchain's clang for the
// Swift calling convention: `self` travels in the `swift_context` register.
#if defined(__linux__) && defined(__x86_64__) || defined(__linux__) && defined(__aarch64__)

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define SWIFTCALL __attribute__((swiftcall))
#define SELF __attribute__((swift_context))

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"

extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

typedef SWIFTCALL void (*LockSlow)(uint32_t selfID, void *SELF handle);
typedef SWIFTCALL void (*UnlockSlow)(void *SELF handle);
typedef SWIFTCALL bool (*TryLockSlow)(void *SELF handle);

static void *real(const char *name) {
    void *function = dlsym(RTLD_NEXT, name);
    if (function == NULL) {
        fprintf(stderr, "tsan_mutex: %s not found (%s)\n", name, dlerror());
        abort();
    }
    return function;
}

SWIFTCALL void lockSlow(uint32_t selfID, void *SELF handle) __asm__(LOCK_SLOW);
SWIFTCALL void lockSlow(uint32_t selfID, void *SELF handle) {
    static LockSlow cached;
    LockSlow next = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (next == NULL) {
        next = (LockSlow)real(LOCK_SLOW);
        __atomic_store_n(&cached, next, __ATOMIC_RELAXED);
    }
    next(selfID, handle);
    if (__tsan_acquire) __tsan_acquire(handle);
}

SWIFTCALL void unlockSlow(void *SELF handle) __asm__(UNLOCK_SLOW);
SWIFTCALL void unlockSlow(void *SELF handle) {
    static UnlockSlow cached;
    UnlockSlow next = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (next == NULL) {
        next = (UnlockSlow)real(UNLOCK_SLOW);
        __atomic_store_n(&cached, next, __ATOMIC_RELAXED);
    }
    if (__tsan_release) __tsan_release(handle);
    next(handle);
}

SWIFTCALL bool tryLockSlow(void *SELF handle) __asm__(TRY_LOCK_SLOW);
SWIFTCALL bool tryLockSlow(void *SELF handle) {
    static TryLockSlow cached;
    TryLockSlow next = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (next == NULL) {
        next = (TryLockSlow)real(TRY_LOCK_SLOW);
        __atomic_store_n(&cached, next, __ATOMIC_RELAXED);
    }
    bool locked = next(handle);
    if (locked && __tsan_acquire) __tsan_acquire(handle);
    return locked;
}

#endif
