/*
 * Display Core on the simulated engine, for the commit, flip and interrupt
 * tests: the link tests' fixture (dc_link_test.h: a virtual-time sim, a
 * board mirroring the scenario's connectors) with every plugged display
 * detected, framebuffers mapped into the simulator, an event loop that
 * services all interrupts and deadlines, and a recorder for DC's events.
 * Include after cmocka.h.
 */
#ifndef DC_SIM_TEST_H
#define DC_SIM_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_link_test.h"
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
	struct dclt *lt; /* the fixture underneath (its event recorders are replaced) */
	struct sim *sim;
	struct dc *dc;
	struct dc_hw *hw; /* the simulator's registers, for the tests' own reads */
	struct dst_flip flips[DST_MAX_EVENTS];
	unsigned nflips;
	struct dst_vblank vblanks[DST_MAX_EVENTS];
	unsigned nvblanks;
	struct {
		unsigned link;
		enum dc_link_event ev;
	} link_events[64];
	unsigned nlink_events;
	unsigned hotplugs;
	struct dst_fb fbs[16];
	unsigned nfbs;
	/* called from the flip_done recorder, e.g. to queue the next flip */
	void (*on_flip)(struct dst *t, const struct dst_flip *f);
	void *user;
	/* dc_events.flip_window, when dst_take_flip_windows turned it on */
	void (*on_flip_window)(struct dst *t, unsigned link);
};

/*
 * A virtual-time simulator from JSON (NULL: the default scenario), a core
 * for asic on a board with the scenario's connectors, and every link
 * detected with dc_link_detect.
 */
struct dst *dst_create(const char *json, enum dc_asic asic);
void dst_destroy(struct dst *t);
/* Registers dc_events.flip_window too (bus waits then offer windows): calls fn. */
void dst_take_flip_windows(struct dst *t, void (*fn)(struct dst *t, unsigned link));
/* Hands dc (a second core over the same engine) the engine's video BIOS, as dcd does. */
void dst_give_vbios(struct dst *t, struct dc *dc);

/* The dc link index of the sim connector called name (asserts it exists). */
unsigned dst_link(struct dst *t, const char *name);
/* The sim connector of dc link `link`. */
unsigned dst_conn(struct dst *t, unsigned link);
/* Link events of a kind on a link so far. */
unsigned dst_link_events(const struct dst *t, unsigned link, enum dc_link_event ev);

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

/*
 * Commits one stream per link in links (dst_stream, a 640x480 framebuffer
 * of xrgb each); fails the test with DC's message when refused.
 */
void dst_commit_links(struct dst *t, const unsigned *links, unsigned n, uint32_t xrgb);
/*
 * Advances virtual time by ns (at most 64 frames' worth) and counts the
 * frames pipe started in it, and how many carried a picture (an address,
 * not blanked).
 */
void dst_watch(struct dst *t, unsigned pipe, uint64_t ns, unsigned *frames, unsigned *pictures);
/* The timing generator of link's stream in the current state, or -1. */
int dst_pipe_of(struct dst *t, unsigned link);

/* The interrupt fd polls readable. */
bool dst_irq_pending(struct dst *t);
/*
 * Advances virtual time by ns in steps of at most step_ns, calling
 * dc_handle_irq whenever the interrupt fd is readable and dc_dispatch at
 * its deadlines.
 */
void dst_run(struct dst *t, uint64_t ns, uint64_t step_ns);

/* Expected field rate of a timing in mHz: clock x 10^6 / (htotal x vtotal), exact. */
double dst_refresh_mhz(const struct drm_mode_modeinfo *m);
/*
 * Frames per second pipe tg ran at, over the simulator's record of its
 * frames (sim_scanout_history: the last second or so); at least 10 frames.
 */
double dst_timeline_hz(struct dst *t, unsigned tg);
/* The same over the frames that started at or after since_ns (one stream of several). */
double dst_timeline_hz_since(struct dst *t, unsigned tg, uint64_t since_ns);

/*
 * Pieces of scenario JSON for the tests' own engines: a connector (name,
 * type, HPD and DDC line n), its AUX channel and encoder, or an encoder
 * alone, and the monitor on it (a DP one with its preferred mode as a
 * JSON value or a mode name, an HDMI 1080p one).
 */
#define CONN(name, type, n) \
	"{ \"name\": \"" name "\", \"type\": \"" type "\", \"hpd\": " #n ", \"ddc\": " #n ", "
#define AUX(n, enc) "\"aux\": " #n ", \"encoder\": " #enc ", "
#define ENC(enc)    "\"encoder\": " #enc ", "
#define DP_DISPLAY_AT(n, mode)                                                \
	"\"display\": { \"edid\": { \"name\": \"" n "\", \"input\": \"dp\", " \
	"\"preferred\": " mode " }, \"dp\": { \"max_rate\": \"HBR2\", \"max_lanes\": 4 } }"
#define DP_DISPLAY(n, mode) DP_DISPLAY_AT(n, "\"" mode "\"")
#define HDMI_DISPLAY(n)                                                                    \
	"\"display\": { \"edid\": { \"name\": \"" n "\", \"preferred\": \"cta-1080p60\", " \
	"\"vics\": [ 16 ], \"hdmi\": { } } }"

#endif
