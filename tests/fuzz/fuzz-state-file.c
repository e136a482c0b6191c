/*
 * libFuzzer target for the state file reader (daemon/state_file.c): a
 * crash can leave anything in STATE_DIR/dcd-state.json (or someone with
 * the folder's rights can), and dcd reads it at start before anything
 * else. Every input must be read into a state whose values the reader
 * promised (links of this engine named once, framebuffer ids once) or be
 * refused with a reason, never crash, hang or leak.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_daemon.h"
#include "recovery.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const struct dcd *dcd, const struct dcd_saved_state *st)
{
	if (st->n_outputs > dcd->link_count || (st->n_fbs && !st->fbs))
		abort();
	for (unsigned i = 0; i < st->n_outputs; i++) {
		for (unsigned j = 0; j < i; j++) {
			if (!strcmp(st->outputs[i].link, st->outputs[j].link))
				abort();
		}
	}
	for (unsigned i = 0; i < st->n_fbs; i++) {
		for (unsigned j = 0; j < i; j++) {
			if (st->fbs[i].id == st->fbs[j].id)
				abort();
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	struct dcd *dcd = fuzz_daemon();
	struct dcd_saved_state st;
	char why[512];
	int r;

	/* the file lives in memory: no disk I/O per input */
	if (fd < 0) {
		fd = memfd_create("dcd-state.json", MFD_CLOEXEC);
		if (fd < 0)
			abort();
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) < 0 || (size && pwrite(fd, data, size, 0) != (ssize_t)size))
		abort();
	r = dcd_state_read(dcd, path, &st, why, sizeof(why));
	if (r == 0)
		check(dcd, &st);
	else if (!why[0])
		abort(); /* every refusal says why */
	dcd_saved_state_free(&st);
	return 0;
}
