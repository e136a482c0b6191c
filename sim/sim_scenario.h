/* Between the scenario parser's two files (top level and displays). */
#ifndef DCD_SIM_SCENARIO_H
#define DCD_SIM_SCENARIO_H

#include "sim_json.h"
#include "sim_state.h"

/* Parses the display object v at path for a connector of type ctype. */
int sim_display_parse(struct sj_ctx *ctx, const char *path, json_object *v, uint8_t ctype,
		      struct sim_display *d);

/*
 * "vbios": reads and checks the image file, keeps it in cfg with its
 * reference clock and PPLL range (sim_vbios.c). ref_given: the scenario set
 * ref_clock_khz itself, which must then agree with the image.
 */
int sim_vbios_parse(struct sj_ctx *ctx, const char *file, bool ref_given, struct sim_config *cfg);

#endif
