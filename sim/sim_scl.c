/*
 * SCL of a pipe as registers: double buffering and the filter coefficient
 * RAM. What the scaler does with them is in sim_scanout.c.
 *
 * Double buffering: SCL_MODE .. EXT_OVERSCAN_TOP_BOTTOM (mode, taps,
 * boundary, ratios, initial phases, filter control, viewport, overscan)
 * read back what was written, but the scaler uses a copy that is taken at
 * the next V_UPDATE, at once while the timing generator is stopped, and
 * never while SCL_UPDATE.SCL_UPDATE_LOCK is held. SCL_UPDATE_PENDING reads
 * 1 while written values wait.
 *
 * Coefficient RAM: a write to SCL_COEF_RAM_TAP_DATA stores the word at the
 * filter type, phase and tap pair that SCL_COEF_RAM_SELECT names (pairs 0
 * and 1, i.e. up to 4 taps, are kept; others are ignored); a read returns
 * the word stored there. The RAM is used at once (its own double buffer,
 * SCL_COEF_UPDATE_COMPLETE, is not modelled and does not stick).
 */
#include "sim_internal.h"

static uint32_t *sreg(struct sim *sim, unsigned n, uint32_t generic)
{
	return &sim->st->regs[generic + dce110_crtc_offsets[n]];
}

static bool buffered(uint32_t generic)
{
	return generic >= SIM_SCL_FIRST && generic < SIM_SCL_FIRST + SIM_SCL_WORDS &&
	       generic != mmSCL_UPDATE && generic != mmSCL_COEF_RAM_CONFLICT_STATUS;
}

static bool locked(struct sim *sim, unsigned n)
{
	return *sreg(sim, n, mmSCL_UPDATE) & SCL_UPDATE__SCL_UPDATE_LOCK_MASK;
}

bool sim_scl_latch_wanted(struct sim *sim, unsigned n)
{
	return sim->st->crtc[n].scl_pending && !locked(sim, n);
}

void sim_scl_latch(struct sim *sim, unsigned n)
{
	struct sim_crtc *c = &sim->st->crtc[n];

	if (!c->scl_pending || locked(sim, n))
		return;
	for (unsigned i = 0; i < SIM_SCL_WORDS; i++) {
		if (buffered(SIM_SCL_FIRST + i))
			c->scl[i] = *sreg(sim, n, SIM_SCL_FIRST + i);
	}
	c->scl_pending = false;
}

uint32_t sim_scl_in_effect(struct sim *sim, unsigned n, uint32_t generic)
{
	if (!buffered(generic))
		return *sreg(sim, n, generic);
	return sim->st->crtc[n].scl[generic - SIM_SCL_FIRST];
}

/* The RAM word SCL_COEF_RAM_SELECT points at, or NULL for a pair not kept. */
static uint32_t *coef_word(struct sim *sim, unsigned n)
{
	uint32_t sel = *sreg(sim, n, mmSCL_COEF_RAM_SELECT);
	unsigned type = SIM_GET(sel, SCL_COEF_RAM_SELECT, SCL_C_RAM_FILTER_TYPE);
	unsigned phase = SIM_GET(sel, SCL_COEF_RAM_SELECT, SCL_C_RAM_PHASE);
	unsigned pair = SIM_GET(sel, SCL_COEF_RAM_SELECT, SCL_C_RAM_TAP_PAIR_IDX);

	if (pair >= SIM_SCL_PAIRS)
		return NULL;
	return &sim->st->crtc[n].scl_coef[type][phase][pair];
}

/* 14-bit two's complement with 12 fraction bits. */
static int32_t coef_value(uint32_t field)
{
	return (int32_t)(field ^ 0x2000u) - 0x2000;
}

int32_t sim_scl_coef(struct sim *sim, unsigned n, unsigned type, unsigned phase, unsigned tap,
		     unsigned taps)
{
	uint32_t word;
	bool odd;

	/* a symmetric filter is loaded for phases 0..8; phase p > 8 is 16 - p mirrored */
	if (phase > SCL_PHASES / 2) {
		phase = SCL_PHASES - phase;
		tap = taps - 1 - tap;
	}
	if (tap / 2 >= SIM_SCL_PAIRS)
		return 0;
	word = sim->st->crtc[n].scl_coef[type][phase][tap / 2];
	odd = tap & 1;
	if (odd)
		return (word & SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_ODD_TAP_COEF_EN_MASK)
			       ? coef_value(SIM_GET(word, SCL_COEF_RAM_TAP_DATA,
						    SCL_C_RAM_ODD_TAP_COEF))
			       : 0;
	return (word & SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_EVEN_TAP_COEF_EN_MASK)
		       ? coef_value(SIM_GET(word, SCL_COEF_RAM_TAP_DATA, SCL_C_RAM_EVEN_TAP_COEF))
		       : 0;
}

uint32_t sim_scl_read(struct sim *sim, unsigned n, uint32_t generic)
{
	uint32_t v = *sreg(sim, n, generic);
	const uint32_t *w;

	switch (generic) {
	case mmSCL_UPDATE:
		v &= ~SCL_UPDATE__SCL_UPDATE_PENDING_MASK;
		if (sim->st->crtc[n].scl_pending)
			v |= SCL_UPDATE__SCL_UPDATE_PENDING_MASK;
		return v;
	case mmSCL_COEF_RAM_TAP_DATA:
		w = coef_word(sim, n);
		return w ? *w : 0;
	default:
		return v;
	}
}

void sim_scl_write(struct sim *sim, unsigned n, uint32_t generic, uint32_t value)
{
	struct sim_crtc *c = &sim->st->crtc[n];
	uint32_t *w;

	switch (generic) {
	case mmSCL_UPDATE:
		*sreg(sim, n, generic) = value & SCL_UPDATE__SCL_UPDATE_LOCK_MASK;
		break;
	case mmSCL_COEF_RAM_TAP_DATA:
		*sreg(sim, n, generic) = value;
		w = coef_word(sim, n);
		if (w)
			*w = value;
		return;
	default:
		*sreg(sim, n, generic) = value;
		if (!buffered(generic))
			return;
		c->scl_pending = true;
		break;
	}
	if (!c->running)
		sim_scl_latch(sim, n);
}
