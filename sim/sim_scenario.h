/* Between the scenario parser's two files (top level and displays). */
#ifndef DCD_SIM_SCENARIO_H
#define DCD_SIM_SCENARIO_H

#include "sim_json.h"
#include "sim_state.h"

/*
 * sim_scenario_parse with the image file vbios (NULL: the scenario's own)
 * in place of the scenario's "vbios" (sim_options.vbios_path).
 */
int sim_scenario_parse_vbios(const char *json, size_t len, const char *name, const char *dir,
			     const char *vbios, struct sim_config *cfg, struct sim_error *err);

/* Parses the display object v at path for a connector of type ctype. */
int sim_display_parse(struct sj_ctx *ctx, const char *path, json_object *v, uint8_t ctype,
		      struct sim_display *d);

/*
 * "vbios": reads and checks the image file, keeps it in cfg with its
 * reference clock and PPLL range (sim_vbios.c). ref_given: the scenario set
 * ref_clock_khz itself, which must then agree with the image.
 */
int sim_vbios_parse(struct sj_ctx *ctx, const char *file, bool ref_given, bool dpref_given,
		    struct sim_config *cfg);

/*
 * The image of our own for Tonga, Fiji and Polaris (sim_own_vbios.c), from
 * cfg's ASIC and reference clocks, into cfg->vbios; sim_vbios_take then
 * reads it back like any image.
 */
#define SIM_OWN_VBIOS_DCE100		 "DCD-OWN-DCE10-PPLL"
#define SIM_OWN_VBIOS_DCE112		 "DCD-OWN-DCE112-PPLL"
#define SIM_OWN_VBIOS_VCO_MIN_KHZ	 600000
/* DCE 11.2: a post divider of at most 15 must still reach 25.175 MHz (VGA) */
#define SIM_OWN_VBIOS_DCE112_VCO_MIN_KHZ 300000
#define SIM_OWN_VBIOS_VCO_MAX_KHZ	 1200000
#define SIM_OWN_VBIOS_PD_MIN_KHZ	 6750 /* at the phase detector, as AMD's images say */
#define SIM_OWN_VBIOS_PD_MAX_KHZ	 50000
/* The DENTIST's VCO our own images say (FirmwareInfo's GPU PLL output) */
#define SIM_OWN_VBIOS_DENTIST_VCO_KHZ	 3600000
int sim_own_vbios_build(struct sj_ctx *ctx, struct sim_config *cfg);
/* Checks cfg->vbios (len bytes, called name) and takes its clocks into cfg. */
int sim_vbios_take(struct sj_ctx *ctx, const char *name, size_t len, bool ref_given,
		   bool dpref_given, struct sim_config *cfg);

#endif
