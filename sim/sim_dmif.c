/*
 * DMIF buffers and the DPG watermark registers of each pipe.
 *
 * PIPEn_DMIF_BUFFER_CONTROL: writing DMIF_BUFFERS_ALLOCATED clears
 * DMIF_BUFFERS_ALLOCATION_COMPLETED, which comes back SIM_DMIF_ALLOC_NS
 * later (never while the dmif_stuck fault is set). A pipe whose buffers are
 * not allocated (or whose allocation has not completed) fetches nothing: its
 * capture shows the error colour over the plane (sim_scanout.c), and the
 * pixels are counted as underflow.
 *
 * DPG_PIPE_URGENCY_CONTROL, the watermark of DPG_PIPE_STUTTER_CONTROL and
 * of DPG_PIPE_NB_PSTATE_CHANGE_CONTROL are banked: a write reaches, and a
 * read shows, the set that DPG_WATERMARK_MASK_CONTROL's select field for it
 * names. The values are recorded only: the simulator has no memory
 * controller, so urgency, self-refresh and memory clock changes have no
 * effect (docs/sim.md, docs/hardware.md).
 */
#include <errno.h>

#include "sim_internal.h"

#define ALLOCATED  PIPE0_DMIF_BUFFER_CONTROL__DMIF_BUFFERS_ALLOCATED_MASK
#define COMPLETED  PIPE0_DMIF_BUFFER_CONTROL__DMIF_BUFFERS_ALLOCATION_COMPLETED_MASK
#define STUTTER_WM DPG_PIPE_STUTTER_CONTROL__STUTTER_EXIT_SELF_REFRESH_WATERMARK_MASK

static int dmif_of(const struct sim *sim, uint32_t reg)
{
	if (reg < mmPIPE0_DMIF_BUFFER_CONTROL ||
	    reg >= mmPIPE0_DMIF_BUFFER_CONTROL + DCE110_MAX_DMIF)
		return -1;
	(void)sim;
	return (int)(reg - mmPIPE0_DMIF_BUFFER_CONTROL);
}

/* Completes a pending allocation change that is due. */
static void settle(struct sim *sim, unsigned n)
{
	struct sim_dmif *d = &sim->st->dmif[n];

	if (d->pending && !sim->st->dmif_stuck && sim_clock_now(sim) >= d->done_ns) {
		d->pending = false;
		sim->st->regs[mmPIPE0_DMIF_BUFFER_CONTROL + n] |= COMPLETED;
	}
}

static unsigned sel(uint32_t mask_reg, uint32_t field_mask)
{
	return ((mask_reg & field_mask) >> __builtin_ctz(field_mask)) % SIM_WM_SETS;
}

/* The set a banked register of pipe n reaches, its storage and the banked bits. */
static uint32_t *banked(struct sim *sim, unsigned n, uint32_t generic, uint32_t *bits)
{
	const struct dce110_regs_gen *g = sim_gen(sim);
	struct sim_dmif *d = &sim->st->dmif[n];
	uint32_t mask = sim->st->regs[mmDPG_WATERMARK_MASK_CONTROL + dce110_crtc_offsets[n]];

	switch (generic) {
	case mmDPG_PIPE_URGENCY_CONTROL:
		*bits = 0xffffffffu;
		return &d->urgency[sel(mask, g->wm_urgency_sel_mask)];
	case mmDPG_PIPE_STUTTER_CONTROL:
		*bits = STUTTER_WM;
		return &d->stutter[sel(mask, g->wm_stutter_sel_mask)];
	case mmDPG_PIPE_NB_PSTATE_CHANGE_CONTROL:
		*bits = g->nbp_wm_mask;
		return &d->nbp[sel(mask, g->wm_nbp_sel_mask)];
	default:
		return NULL;
	}
}

bool sim_dmif_read(struct sim *sim, uint32_t reg, uint32_t *value)
{
	uint32_t generic, bits, *set;
	int n = dmif_of(sim, reg);

	if (n >= 0) {
		settle(sim, (unsigned)n);
		*value = sim->st->regs[reg];
		return true;
	}
	n = sim_pipe_of(sim->st, reg, &generic);
	if (n < 0 || !(set = banked(sim, (unsigned)n, generic, &bits)))
		return false;
	*value = (sim->st->regs[reg] & ~bits) | (*set & bits);
	return true;
}

bool sim_dmif_write(struct sim *sim, uint32_t reg, uint32_t value)
{
	uint32_t generic, bits, *set;
	int n = dmif_of(sim, reg);

	if (n >= 0) {
		struct sim_dmif *d = &sim->st->dmif[n];

		settle(sim, (unsigned)n);
		if ((value & ALLOCATED) != (sim->st->regs[reg] & ALLOCATED)) {
			d->pending = true;
			d->done_ns = sim_clock_now(sim) + SIM_DMIF_ALLOC_NS;
			sim->st->regs[reg] = value & ALLOCATED; /* COMPLETED is read-only */
		}
		return true;
	}
	n = sim_pipe_of(sim->st, reg, &generic);
	if (n < 0 || !(set = banked(sim, (unsigned)n, generic, &bits)))
		return false;
	*set = value & bits;
	sim->st->regs[reg] = value & ~bits;
	return true;
}

bool sim_dmif_fetching(struct sim *sim, unsigned n)
{
	uint32_t v;

	if (n >= DCE110_MAX_DMIF)
		return true; /* DCE 10's seventh pipe has no DMIF control register to model */
	settle(sim, n);
	v = sim->st->regs[mmPIPE0_DMIF_BUFFER_CONTROL + n];
	return (v & ALLOCATED) && (v & COMPLETED);
}

int sim_dmif_info(struct sim *sim, unsigned pipe, struct sim_dmif_info *out)
{
	const struct dce110_regs_gen *g = sim_gen(sim);
	const struct sim_dmif *d;
	uint32_t v;

	if (pipe >= DCE110_MAX_DMIF || pipe >= sim->st->ncrtc_regs)
		return -EINVAL;
	sim_sync(sim);
	settle(sim, pipe);
	d = &sim->st->dmif[pipe];
	v = sim->st->regs[mmPIPE0_DMIF_BUFFER_CONTROL + pipe];
	*out = (struct sim_dmif_info){
		.buffers = SIM_GET(v, PIPE0_DMIF_BUFFER_CONTROL, DMIF_BUFFERS_ALLOCATED),
		.completed = v & COMPLETED,
		.stutter_enable =
			sim->st->regs[mmDPG_PIPE_STUTTER_CONTROL + dce110_crtc_offsets[pipe]] &
			DPG_PIPE_STUTTER_CONTROL__STUTTER_ENABLE_MASK,
		.nbp_enable = sim->st->regs[mmDPG_PIPE_NB_PSTATE_CHANGE_CONTROL +
					    dce110_crtc_offsets[pipe]] &
			      DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_ENABLE_MASK,
	};
	for (unsigned s = 0; s < SIM_WM_SETS; s++) {
		out->urgency_low[s] = (uint16_t)SIM_GET(d->urgency[s], DPG_PIPE_URGENCY_CONTROL,
							URGENCY_LOW_WATERMARK);
		out->urgency_high[s] = (uint16_t)SIM_GET(d->urgency[s], DPG_PIPE_URGENCY_CONTROL,
							 URGENCY_HIGH_WATERMARK);
		out->stutter_exit[s] = (uint16_t)SIM_GET(d->stutter[s], DPG_PIPE_STUTTER_CONTROL,
							 STUTTER_EXIT_SELF_REFRESH_WATERMARK);
		out->nbp[s] = (d->nbp[s] & g->nbp_wm_mask) >> __builtin_ctz(g->nbp_wm_mask);
	}
	return 0;
}

void sim_dmif_set_stuck(struct sim *sim, bool stuck)
{
	sim->st->dmif_stuck = stuck;
}
