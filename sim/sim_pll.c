/*
 * The three display PLLs: what they lock to and when, for both register
 * models. With a VBIOS image the PLLs are the public BPHYC_PLLn registers
 * (sim_ppll.c) and a CRTC's CRTCn_PIXEL_RATE_SOURCE picks its PLL. Without
 * one they are the simulator extension's (dce110_regs.h):
 *   VCO    = REFCLK x (PLL_FB_DIV + PLL_FB_DIV_FRACTION / 10^6) / PLL_REF_DIV
 *   PIXCLK = VCO / PLL_POST_DIV_PIXCLK
 * and SIMEXT_CRTC_CLK_SEL picks. Either way a PLL out of reset and powered
 * with valid dividers and a VCO in range locks SIMEXT_PLL_LOCK_TIME_NS
 * after its last change; until then (and for ever with bad dividers) it
 * gives no clock.
 */
#include "sim_internal.h"

static uint32_t *preg(struct sim *sim, unsigned pll, uint32_t generic)
{
	return &sim->st->ext[generic + dce110_simext_pll_offsets[pll] - mmSIMEXT_ID];
}

int sim_crtc_pll(const struct sim_state *st, unsigned n)
{
	uint32_t rate = n < 6 ? st->regs[mmCRTC0_PIXEL_RATE_CNTL + dce110_pixclk_offsets[n]] : 0;

	if (SIM_GET(rate, CRTC0_PIXEL_RATE_CNTL, DP_DTO0_ENABLE))
		return -1;
	if (st->cfg.vbios_len) {
		if (n >= 6)
			return -1;
		return (int)SIM_GET(rate, CRTC0_PIXEL_RATE_CNTL, CRTC0_PIXEL_RATE_SOURCE);
	}
	rate = SIM_GET(st->ext[mmSIMEXT_CRTC_CLK_SEL + n - mmSIMEXT_ID], SIMEXT_CRTC_CLK_SEL,
		       CRTC_PLL_SEL);
	return rate < DCE110_SIMEXT_NUM_PLLS ? (int)rate : -1;
}

static void retime_users(struct sim *sim, unsigned pll, uint64_t t)
{
	for (unsigned n = 0; n < sim->st->ncrtc_regs; n++)
		if (sim_crtc_pll(sim->st, n) == (int)pll)
			sim_crtc_retime(sim, n, t);
}

void sim_pll_set(struct sim *sim, unsigned pll, bool valid, uint64_t hz_num, uint64_t hz_den)
{
	struct sim_pll *p = &sim->st->pll[pll];
	struct sim_pll old = *p;

	p->valid = valid;
	p->hz_num = hz_num;
	p->hz_den = hz_den;
	if (old.valid && p->valid && old.hz_num == p->hz_num && old.hz_den == p->hz_den)
		return; /* rewriting the same dividers does not disturb the PLL */
	p->locked = false;
	p->lock_ns = sim->st->synced_ns + SIMEXT_PLL_LOCK_TIME_NS;
	retime_users(sim, pll, sim->st->synced_ns);
}

static void recompute(struct sim *sim, unsigned pll)
{
	uint32_t cntl = *preg(sim, pll, mmSIMEXT_PLL_CNTL);
	uint64_t ref =
		SIM_GET(*preg(sim, pll, mmSIMEXT_PLL_REF_DIV), SIMEXT_PLL_REF_DIV, PLL_REF_DIV);
	uint64_t fb = SIM_GET(*preg(sim, pll, mmSIMEXT_PLL_FB_DIV), SIMEXT_PLL_FB_DIV, PLL_FB_DIV);
	uint64_t frac = SIM_GET(*preg(sim, pll, mmSIMEXT_PLL_FB_DIV_FRAC), SIMEXT_PLL_FB_DIV_FRAC,
				PLL_FB_DIV_FRACTION);
	uint64_t post = SIM_GET(*preg(sim, pll, mmSIMEXT_PLL_POST_DIV), SIMEXT_PLL_POST_DIV,
				PLL_POST_DIV_PIXCLK);
	uint64_t refclk_hz = (uint64_t)sim->st->cfg.ref_khz * 1000;
	uint64_t fbx = fb * 1000000 + frac; /* feedback divider in millionths */
	uint64_t vco_khz;
	bool valid;

	valid = !(cntl &
		  (SIMEXT_PLL_CNTL__PLL_RESET_MASK | SIMEXT_PLL_CNTL__PLL_POWER_DOWN_MASK)) &&
		ref && fb && post && frac < 1000000;
	if (valid) {
		vco_khz = sim_muldiv(refclk_hz / 1000, fbx, ref * 1000000);
		valid = vco_khz >= SIMEXT_PLL_VCO_MIN_KHZ && vco_khz <= SIMEXT_PLL_VCO_MAX_KHZ;
	}
	sim_pll_set(sim, pll, valid, refclk_hz * fbx, ref * post * 1000000);
}

void sim_pll_write(struct sim *sim, unsigned pll, uint32_t generic, uint32_t value)
{
	if (generic == mmSIMEXT_PLL_CNTL)
		value &= ~SIMEXT_PLL_CNTL__PLL_LOCK_MASK;
	*preg(sim, pll, generic) = value;
	recompute(sim, pll);
}

uint32_t sim_pll_read(struct sim *sim, unsigned pll, uint32_t generic)
{
	uint32_t v = *preg(sim, pll, generic);

	if (generic == mmSIMEXT_PLL_CNTL && sim->st->pll[pll].locked)
		v |= SIMEXT_PLL_CNTL__PLL_LOCK_MASK;
	return v;
}

void sim_pll_sync(struct sim *sim, uint64_t t)
{
	for (unsigned i = 0; i < DCE110_SIMEXT_NUM_PLLS; i++) {
		struct sim_pll *p = &sim->st->pll[i];

		if (p->valid && !p->locked && p->lock_ns <= t) {
			p->locked = true;
			retime_users(sim, i, p->lock_ns);
		}
	}
}

uint64_t sim_pll_next_event(struct sim *sim)
{
	uint64_t next = UINT64_MAX;

	for (unsigned i = 0; i < DCE110_SIMEXT_NUM_PLLS; i++) {
		const struct sim_pll *p = &sim->st->pll[i];

		if (p->valid && !p->locked && p->lock_ns < next)
			next = p->lock_ns;
	}
	return next;
}
