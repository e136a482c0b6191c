/*
 * A few named standard timings for scenarios ("cta-1080p60", ...), so that a
 * monitor description needs no numbers. Facts from CTA-861 and VESA DMT/CVT;
 * docs/scenarios.md lists them.
 */
#ifndef DCD_SIM_MODES_H
#define DCD_SIM_MODES_H

#include <stdint.h>

#include "edid_builder.h"

struct sim_named_mode {
	const char *name;
	uint8_t vic; /* CTA-861 VIC, 0 for none */
	struct edid_timing t;
};

/* The mode called name, or NULL. */
const struct sim_named_mode *sim_mode_find(const char *name);
/* All modes: sim_modes[0 .. sim_mode_count - 1]. */
extern const struct sim_named_mode sim_modes[];
extern const unsigned sim_mode_count;

#endif
