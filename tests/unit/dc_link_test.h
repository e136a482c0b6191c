/*
 * Fixtures of the link layer tests: Display Core on the simulated engine in
 * virtual time, with the board read from the scenario, events and log lines
 * recorded, a small event loop (interrupts, deadlines), and a register seam
 * between DC and the simulator that can inject faults the simulator does
 * not model (a DDC device that does not acknowledge, a corrupted byte on the
 * bus, hardware without the simulator extension). Include after cmocka.h.
 */
#ifndef DC_LINK_TEST_H
#define DC_LINK_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_priv.h"
#include "dc_test.h"
#include "dce110_regs.h"
#include "sim.h"

#define DCLT_MS		1000000ull
#define DCLT_MAX_EVENTS 64
#define DCLT_MAX_LOG	4096

struct dclt_event {
	unsigned link;
	bool hotplug;		  /* else a link event */
	bool connected;		  /* hotplug */
	enum dc_link_event event; /* link event */
	uint64_t time_ns;
};

/* Faults injected between DC and the simulator. */
struct dclt_faults {
	unsigned i2c_nack;     /* the next n DDC transfers report a NACK */
	unsigned corrupt_go;   /* the n-th DDC transfer (1 = first) ... */
	unsigned corrupt_byte; /* ... reads this byte (0-based) with its bits inverted */
	bool phy_stuck;	       /* UNIPHY_TMDP_REG5 reads 0: the PHY never calibrates */
	unsigned aux_stuck;    /* the next n AUX transactions never report done */
};

struct dclt {
	struct sim *sim;
	struct dc_hw shim; /* what DC sees; forwards to sim_hw() */
	struct dc_hw *inner;
	struct dc *dc;
	struct dclt_faults faults;
	unsigned i2c_go;	 /* DDC transfers started */
	bool i2c_nack_now;	 /* the current transfer reports a NACK */
	unsigned i2c_data_reads; /* DC_I2C_DATA reads since the last transfer started */
	bool aux_stuck_now;	 /* the current AUX transaction hides AUX_SW_DONE */
	struct dclt_event events[DCLT_MAX_EVENTS];
	unsigned nevents;
	char *log[DCLT_MAX_LOG];
	unsigned nlog;
};

/* Simulator from JSON (NULL: the default scenario) and DC on the board it describes. */
struct dclt *dclt_create(const char *json, enum dc_asic asic);
/* The same, with adjust (if not NULL) changing the board before DC starts on it. */
struct dclt *dclt_create_board(const char *json, enum dc_asic asic,
			       void (*adjust)(struct dc_board *board));
void dclt_destroy(struct dclt *t);

/* Link index by name (asserts it exists). */
unsigned dclt_link(struct dclt *t, const char *name);
/* Simulator connector index by name. */
unsigned dclt_conn(struct dclt *t, const char *name);

/*
 * Runs the event loop for ns of virtual time: dc_handle_irq (which starts
 * with dc_irq_handle_hpd) whenever the interrupt fd is readable, and
 * dc_dispatch at its deadlines.
 */
void dclt_run(struct dclt *t, uint64_t ns);

/* Some log line contains all of the given fragments (NULL-terminated). */
bool dclt_logged(const struct dclt *t, const char *first, ...);

/* Events of a kind on a link since the start. */
unsigned dclt_count_hotplug(const struct dclt *t, unsigned link, bool connected);
unsigned dclt_count_link_event(const struct dclt *t, unsigned link, enum dc_link_event ev);

/*
 * The EDID as the simulated monitor serves it, read without DC: over DDC
 * with the E-DDC segment pointer, or over I2C-over-AUX. blocks x 128 bytes.
 */
void dclt_ref_edid_ddc(struct dclt *t, unsigned conn, uint8_t *buf, unsigned blocks);
void dclt_ref_edid_aux(struct dclt *t, unsigned conn, uint8_t *buf, unsigned blocks);

/* A stream for mode on link, validated alone (asserts dc_validate succeeds). */
void dclt_stream(struct dclt *t, struct dc_stream *s, unsigned link, unsigned vic);

#endif
