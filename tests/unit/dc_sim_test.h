/*
 * Display Core on the simulated engine, for the commit, flip and interrupt
 * tests: a struct dc over a virtual-time sim whose board mirrors the
 * scenario's connectors, detection of every plugged display, framebuffers
 * mapped into the simulator, and a recorder for DC's events. Include after
 * cmocka.h.
 */
#ifndef DC_SIM_TEST_H
#define DC_SIM_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_priv.h"
#include "sim.h"

#define DST_MAX_EVENTS 4096

struct dst_flip {
	unsigned link;
	uint64_t user_data, seq, ts_ns;
	uint64_t handled_ns; /* virtual time when dc_handle_irq delivered it */
};

struct dst_vblank {
	unsigned link;
	uint64_t seq, ts_ns;
};

struct dst_fb {
	uint64_t address;
	void *mem;
	size_t size;
};

struct dst {
	struct sim *sim;
	struct dc *dc;
	struct dc_hw *hw;
	struct dst_flip flips[DST_MAX_EVENTS];
	unsigned nflips;
	struct dst_vblank vblanks[DST_MAX_EVENTS];
	unsigned nvblanks;
	unsigned link_events;
	unsigned hotplugs;
	struct dst_fb fbs[16];
	unsigned nfbs;
	/* called from the flip_done recorder, e.g. to queue the next flip */
	void (*on_flip)(struct dst *t, const struct dst_flip *f);
	void *user;
};

/*
 * A virtual-time simulator from JSON (NULL: the default scenario), a core
 * for asic on a board with the scenario's connectors (HDMI 6G capable),
 * and every plugged display detected.
 */
struct dst *dst_create(const char *json, enum dc_asic asic);
void dst_destroy(struct dst *t);

/* The dc link index of the sim connector called name (asserts it exists). */
unsigned dst_link(struct dst *t, const char *name);
/* The sim connector of dc link `link`. */
unsigned dst_conn(struct dst *t, unsigned link);

/*
 * A w x h XRGB8888 framebuffer filled with xrgb, mapped into the
 * simulator; returns its device address. Pitch: w x 4 rounded up to 256.
 */
uint64_t dst_fb(struct dst *t, unsigned w, unsigned h, uint32_t xrgb);
uint32_t dst_pitch(unsigned w);

/* An RGB 8bpc stream on link in the sink's preferred mode, full-screen plane at fb. */
void dst_stream(struct dst *t, unsigned link, struct dc_stream *s, uint64_t fb);
/* The same for a mode given by the CTA VIC. */
void dst_stream_vic(struct dst *t, unsigned link, unsigned vic, struct dc_stream *s, uint64_t fb);

/* The interrupt fd polls readable. */
bool dst_irq_pending(struct dst *t);
/*
 * Advances virtual time by ns in steps of step_ns, calling dc_handle_irq
 * whenever the interrupt fd is readable.
 */
void dst_run(struct dst *t, uint64_t ns, uint64_t step_ns);

/* Expected field rate of a timing in mHz: clock x 10^6 / (htotal x vtotal), exact. */
double dst_refresh_mhz(const struct drm_mode_modeinfo *m);

#endif
