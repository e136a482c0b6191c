/*
 * What every libFuzzer target here defines, and what the reset check
 * (fuzz_reset_check.c) calls: the targets that keep an engine or a daemon
 * between inputs also give a digest of what the last input did, so that
 * running an input after others can be compared with running it alone.
 */
#ifndef DCD_FUZZ_TARGET_H
#define DCD_FUZZ_TARGET_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A hash of everything the last input made the code under test see and do. */
uint64_t fuzz_digest(void);

/* One more value into a digest (a multiply and a shift: it runs on every register access). */
static inline uint64_t fuzz_mix(uint64_t h, uint64_t v)
{
	h = (h ^ v) * 0x9e3779b97f4a7c15ull;
	return h ^ h >> 29;
}

#endif
