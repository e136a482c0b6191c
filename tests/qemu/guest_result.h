/*
 * What every real-kernel guest program (suites qemu and kms) shares: the
 * RESULT lines the host-side runner checks, and a bounded wait on an fd.
 */
#ifndef GUEST_RESULT_H
#define GUEST_RESULT_H

#include <stdbool.h>

/* Prints "RESULT <name> PASS|FAIL <detail>" and flushes it. */
__attribute__((format(printf, 3, 4))) void result(const char *name, bool ok, const char *fmt, ...);

/* Polls fd for up to timeout_ms; true when it became readable (false for fd < 0). */
bool wait_readable(int fd, int timeout_ms);

#endif
