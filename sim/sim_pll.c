/*
 * The three display PLLs: what they lock to and when. Their registers are
 * the public ones of the profile's generation (sim_ppll.c); a CRTC runs
 * from its DP DTO when CRTCn_PIXEL_RATE_CNTL.DP_DTOn_ENABLE is set, else
 * from the PLL CRTCn_PIXEL_RATE_SOURCE names. A PLL with valid settings
 * and a VCO in range locks DCE110_PPLL_LOCK_TIME_NS after its last change;
 * until then (and for ever with bad settings) it gives no clock.
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
