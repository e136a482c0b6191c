/*
 * The DENTIST (DENTIST_DISPCLK_CNTL): DISPCLK and DPREFCLK are its VCO
 * divided by the dividers their divider IDs name (docs/sim.md, "DISPCLK: the
 * DENTIST").
 *  - Writing DENTIST_DISPCLK_WDIVIDER changes DISPCLK at once:
 *    DENTIST_DISPCLK_RDIVIDER (the divider in effect) takes the new ID and
 *    DENTIST_DISPCLK_CHG_DONE reads 1. DENTIST_DPREFCLK_WDIVIDER is kept
 *    and DENTIST_DPREFCLK_CHG_DONE reads 1; DPREFCLK itself stays what the
 *    scenario's image says (the DP DTOs' reference, cfg.dpref_khz). How
 *    long silicon takes to switch, and what it shows meanwhile, is not
 *    public.
 *  - At power on both run at the image's default DISPCLK, the DID of the
 *    lowest clock at or above it.
 *  - A pipe whose pixel clock or line-buffer fill runs faster than DISPCLK
 *    underflows (sim_scanout.c): on silicon it would show corruption of a
 *    kind the simulator does not model; here its frame is the error colour
 *    and its pixels count as underflow (sim_stats.underflow_pixels).
 * The divider IDs decode in the three ranges of the public DC driver:
 * 0x08..0x3f from 2 in quarters, 0x40..0x5f from 16 in halves, 0x60..0x7e
 * from 32 in ones (this decode is the simulator's own, not Display Core's).
 */
#include "sim_internal.h"

#define CNTL(f) DENTIST_DISPCLK_CNTL__DENTIST_##f##_MASK

/* The divider of a DID, in quarters. */
static uint32_t quarters(uint32_t did)
{
	if (did <= 0x08)
		return 8;
	if (did <= 0x3f)
		return did;
	if (did <= 0x5f)
		return 64 + 2 * (did - 0x40);
	if (did <= 0x7e)
		return 128 + 4 * (did - 0x60);
	return 248;
}

static uint32_t boot_did(const struct sim_config *cfg)
{
	uint32_t did = 0x7e;

	/* the largest divider still at or above the boot clock */
	while (did > 0x08 && (uint64_t)cfg->dentist_vco_khz * 4 / quarters(did) < cfg->dpref_khz)
		did--;
	return did;
}

void sim_dentist_reset(struct sim *sim)
{
	uint32_t did = boot_did(&sim->st->cfg);

	sim->st->regs[mmDENTIST_DISPCLK_CNTL] =
		did | did << DENTIST_DISPCLK_CNTL__DENTIST_DISPCLK_RDIVIDER__SHIFT |
		did << DENTIST_DISPCLK_CNTL__DENTIST_DPREFCLK_WDIVIDER__SHIFT |
		CNTL(DISPCLK_CHG_DONE) | CNTL(DPREFCLK_CHG_DONE);
}

void sim_dentist_write(struct sim *sim, uint32_t value)
{
	uint32_t did = SIM_GET(value, DENTIST_DISPCLK_CNTL, DENTIST_DISPCLK_WDIVIDER);

	sim->st->regs[mmDENTIST_DISPCLK_CNTL] =
		(value & (CNTL(DISPCLK_WDIVIDER) | CNTL(DPREFCLK_WDIVIDER))) |
		did << DENTIST_DISPCLK_CNTL__DENTIST_DISPCLK_RDIVIDER__SHIFT |
		CNTL(DISPCLK_CHG_DONE) | CNTL(DPREFCLK_CHG_DONE);
}

uint32_t sim_dispclk_khz(struct sim *sim)
{
	uint32_t did = SIM_GET(sim->st->regs[mmDENTIST_DISPCLK_CNTL], DENTIST_DISPCLK_CNTL,
			       DENTIST_DISPCLK_RDIVIDER);

	return (uint32_t)((uint64_t)sim->st->cfg.dentist_vco_khz * 4 / quarters(did));
}

bool sim_dispclk_starved(struct sim *sim, unsigned n, unsigned vp_w, unsigned vp_h, unsigned dst_h)
{
	uint32_t htotal = SIM_GET(sim->st->regs[mmCRTC_H_TOTAL + dce110_crtc_offsets[n]],
				  CRTC_H_TOTAL, CRTC_H_TOTAL) +
			  1;
	uint64_t num, den, pixel_hz, fill_hz;

	sim_crtc_clock(sim, n, &num, &den);
	if (!num)
		return false;
	pixel_hz = sim_muldiv(num, 1, den);
	/* the line buffer's fill: pixel clock x vp_w x max(1, vp_h / dst_h) / htotal */
	fill_hz = sim_muldiv(pixel_hz, vp_w, htotal);
	if (dst_h && vp_h > dst_h)
		fill_hz = sim_muldiv(fill_hz, vp_h, dst_h);
	return (pixel_hz > fill_hz ? pixel_hz : fill_hz) > (uint64_t)sim_dispclk_khz(sim) * 1000;
}
