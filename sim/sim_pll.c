/*
 * The three display PLLs: what they lock to and when. Their registers are
 * the public ones of the profile's generation (sim_ppll.c); a CRTC runs
 * from its DP DTO when CRTCn_PIXEL_RATE_CNTL.DP_DTOn_ENABLE is set, else
 * from the PLL CRTCn_PIXEL_RATE_SOURCE names. A PLL with valid settings
 * and a VCO in range locks DCE110_PPLL_LOCK_TIME_NS after its last change;
 * until then (and for ever with bad settings) it gives no clock.
 *
 * On DCE 10/11.0 the CRTC gets a PLL's clock through the DCCG's deep colour
 * divider (PIXCLKn_RESYNC_CNTL.DCCG_DEEP_COLOR_CNTLn): for HDMI deep colour
 * the PLL makes the TMDS clock, 5/4, 3/2 or 2 times the pixel clock, and
 * the divider takes it back (the public driver's clock source says which
 * value is which ratio). Whether silicon applies the divider to the CRTC
 * alone, as modelled, or to more of the pipe is not known.
 */
#include "sim_internal.h"

#include "dce110_regs_pll.h"

int sim_crtc_pll(const struct sim_state *st, unsigned n)
{
	uint32_t rate;

	if (n >= 6)
		return -1;
	rate = st->regs[mmCRTC0_PIXEL_RATE_CNTL + dce110_pixclk_offsets[n]];
	if (SIM_GET(rate, CRTC0_PIXEL_RATE_CNTL, DP_DTO0_ENABLE))
		return -1;
	rate = SIM_GET(rate, CRTC0_PIXEL_RATE_CNTL, CRTC0_PIXEL_RATE_SOURCE);
	return rate < DCE110_PPLLS ? (int)rate : -1;
}

int sim_pll_resync_of(const struct sim *sim, uint32_t reg)
{
	for (unsigned p = 0; p < DCE110_PPLLS && sim_gen(sim)->pll_deep_color; p++)
		if (reg == dce110_pll_resync_regs[p])
			return (int)p;
	return -1;
}

void sim_pll_crtc_clock(const struct sim *sim, unsigned pll, uint64_t *num, uint64_t *den)
{
	const struct sim_pll *p;
	unsigned ratio = 0;

	*num = 0;
	*den = 1;
	if (pll >= DCE110_PPLLS)
		return;
	p = &sim->st->pll[pll];
	if (!p->locked)
		return;
	if (sim_gen(sim)->pll_deep_color)
		ratio = SIM_GET(sim->st->regs[dce110_pll_resync_regs[pll]], PIXCLK0_RESYNC_CNTL,
				DCCG_DEEP_COLOR_CNTL0);
	*num = p->hz_num * dce110_deep_color_num[ratio];
	*den = p->hz_den * dce110_deep_color_den[ratio];
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
	p->lock_ns = sim->st->synced_ns + DCE110_PPLL_LOCK_TIME_NS;
	retime_users(sim, pll, sim->st->synced_ns);
}

void sim_pll_resync_write(struct sim *sim, unsigned pll, uint32_t value)
{
	uint32_t *reg = &sim->st->regs[dce110_pll_resync_regs[pll]];
	uint32_t old = *reg;

	*reg = value;
	if ((old ^ value) & PIXCLK0_RESYNC_CNTL__DCCG_DEEP_COLOR_CNTL0_MASK)
		retime_users(sim, pll, sim->st->synced_ns);
}

void sim_pll_sync(struct sim *sim, uint64_t t)
{
	for (unsigned i = 0; i < DCE110_PPLLS; i++) {
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

	for (unsigned i = 0; i < DCE110_PPLLS; i++) {
		const struct sim_pll *p = &sim->st->pll[i];

		if (p->valid && !p->locked && p->lock_ns < next)
			next = p->lock_ns;
	}
	return next;
}
