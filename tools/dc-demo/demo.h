/*
 * dc-demo: a small compositor-like client of dcd, the example people read
 * first. It leases every connected output, sets its preferred mode, draws
 * an animated test pattern into two memfd framebuffers per output and
 * flips them at vsync; it lights monitors plugged later, prints each
 * output's frames per second (from the flip-done timestamps) every few
 * seconds, keeps running across dcd restarts, and releases everything on
 * SIGINT/SIGTERM.
 *
 *   main.c    options, the event loop, statistics, signals
 *   output.c  one output: lease, framebuffers, commit, the flip loop
 *   draw.c    the test pattern
 */
#ifndef DEMO_H
#define DEMO_H

#include <stdbool.h>
#include <stdint.h>

#include <dcclient.h>

#include "draw.h"

struct demo;

struct output {
	struct demo *demo;
	struct dcc_link *link;
	struct dcc_lease *lease;
	struct dcc_fb *fb[2];
	struct canvas canvas[2];
	struct dcc_config *config;
	uint32_t refresh_mhz;
	unsigned front; /* the buffer on screen */
	uint64_t frame; /* frames drawn */
	bool flipping;	/* a flip is in flight */
	/* Statistics since the last report, from flip-done timestamps. */
	uint64_t flips, first_ns, last_ns, last_sequence, missed;
};

struct demo {
	struct dcc_client *client;
	struct output *outputs[16]; /* by link id */
	bool quiet;
	bool memfd;		      /* --memfd: never dcc_fb_alloc */
	uint64_t statistics_since_ns; /* flips shown before are not counted */
};

/* Lights link (lease, preferred mode, framebuffers, commit, first flip). */
int output_light(struct demo *demo, struct dcc_link *link);
/* Releases everything of the output and frees it. */
void output_destroy(struct output *out);
/* After a reconnection: lease again, commit, resume flipping. */
int output_resume(struct output *out);
/* Prints the frames per second since the last call and starts a new window. */
void output_report(struct output *out);

#endif
