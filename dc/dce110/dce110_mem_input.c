/*
 * DMIF buffer allocation and display watermarks of a pipe (docs/dc.md,
 * "Pipe setup"). The order of the writes follows the public AMD driver's
 * mem input: buffers first, then the pixel duration; watermarks set by set
 * through the select fields of DPG_WATERMARK_MASK_CONTROL.
 */
#include <errno.h>

#include "dce110_mem_input.h"

#define DMIF_ALLOCATED PIPE0_DMIF_BUFFER_CONTROL__DMIF_BUFFERS_ALLOCATED_MASK
#define DMIF_COMPLETED PIPE0_DMIF_BUFFER_CONTROL__DMIF_BUFFERS_ALLOCATION_COMPLETED_MASK
#define DPG(reg, pipe) ((reg) + dce110_crtc_offsets[pipe])

static uint32_t dmif_reg(unsigned pipe)
{
	return mmPIPE0_DMIF_BUFFER_CONTROL + dce110_dmif_offsets[pipe];
}

unsigned dce110_dmif_buffers(struct dc_hw *hw, unsigned pipe)
{
	if (pipe >= DCE110_MAX_DMIF)
		return 0;
	return DC_FIELD_GET(dc_hw_read(hw, dmif_reg(pipe)), PIPE0_DMIF_BUFFER_CONTROL,
			    DMIF_BUFFERS_ALLOCATED);
}

/* Sets DMIF_BUFFERS_ALLOCATED to n and waits for ALLOCATION_COMPLETED. */
static int dmif_set(struct dc_hw *hw, unsigned pipe, unsigned n, uint64_t timeout_ns,
		    uint32_t *last)
{
	uint32_t reg = dmif_reg(pipe), v = dc_hw_read(hw, reg);

	/* already there (and not left half-done by an earlier timeout) */
	if (DC_FIELD_GET(v, PIPE0_DMIF_BUFFER_CONTROL, DMIF_BUFFERS_ALLOCATED) == n &&
	    (v & DMIF_COMPLETED))
		return 0;
	dc_hw_write(hw, reg, DC_FIELD_SET(v, PIPE0_DMIF_BUFFER_CONTROL, DMIF_BUFFERS_ALLOCATED, n));
	return dc_hw_wait(hw, reg, DMIF_COMPLETED, DMIF_COMPLETED, DCE110_DMIF_POLL_NS, timeout_ns,
			  last);
}

int dce110_dmif_alloc(struct dc_hw *hw, unsigned pipe, uint32_t pixel_khz, uint32_t *last)
{
	int ret;

	if (pipe >= DCE110_MAX_DMIF)
		return 0;
	if ((dc_hw_read(hw, dmif_reg(pipe)) & (DMIF_ALLOCATED | DMIF_COMPLETED)) ==
	    (DC_FIELD(PIPE0_DMIF_BUFFER_CONTROL, DMIF_BUFFERS_ALLOCATED, DCE110_DMIF_BUFFERS) |
	     DMIF_COMPLETED))
		return 0;
	ret = dmif_set(hw, pipe, DCE110_DMIF_BUFFERS, DCE110_DMIF_ALLOC_TIMEOUT_NS, last);
	if (ret)
		return ret;
	/* picoseconds per pixel: the arbiter's weight for this pipe */
	if (pixel_khz)
		dc_hw_update(hw, DPG(mmDPG_PIPE_ARBITRATION_CONTROL1, pipe),
			     DPG_PIPE_ARBITRATION_CONTROL1__PIXEL_DURATION_MASK,
			     DC_FIELD(DPG_PIPE_ARBITRATION_CONTROL1, PIXEL_DURATION,
				      1000000000u / pixel_khz));
	return 0;
}

int dce110_dmif_free(struct dc_hw *hw, unsigned pipe, uint32_t *last)
{
	if (pipe >= DCE110_MAX_DMIF)
		return 0;
	return dmif_set(hw, pipe, 0, DCE110_DMIF_FREE_TIMEOUT_NS, last);
}

void dce110_dmif_limit(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned displays)
{
	if (!g->rdreq_dmif_limit)
		return;
	dc_hw_update(
		hw, mmMC_HUB_RDREQ_DMIF_LIMIT, MC_HUB_RDREQ_DMIF_LIMIT__ENABLE_MASK,
		DC_FIELD(MC_HUB_RDREQ_DMIF_LIMIT, ENABLE, displays > 1 ? 0 : g->rdreq_dmif_limit));
}

static uint32_t field(uint32_t mask, uint32_t value)
{
	return (value << __builtin_ctz(mask)) & mask;
}

uint32_t dce110_wm_nbp_max(const struct dce110_regs_gen *g)
{
	return g->nbp_wm_mask >> __builtin_ctz(g->nbp_wm_mask);
}

void dce110_wm_program(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned pipe,
		       const struct dce110_wm_regs *wm)
{
	uint32_t mask_reg = DPG(mmDPG_WATERMARK_MASK_CONTROL, pipe);
	uint32_t stutter_reg = DPG(mmDPG_PIPE_STUTTER_CONTROL, pipe);
	uint32_t nbp_reg = DPG(mmDPG_PIPE_NB_PSTATE_CHANGE_CONTROL, pipe);
	const uint32_t nbp_on =
		DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_ENABLE_MASK |
		DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_URGENT_DURING_REQUEST_MASK |
		DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_NOT_SELF_REFRESH_DURING_REQUEST_MASK;

	for (unsigned i = 0; i < g->wm_set_count; i++) {
		dc_hw_update(hw, mask_reg, g->wm_urgency_sel_mask,
			     field(g->wm_urgency_sel_mask, g->wm_sets[i]));
		dc_hw_write(
			hw, DPG(mmDPG_PIPE_URGENCY_CONTROL, pipe),
			DC_FIELD(DPG_PIPE_URGENCY_CONTROL, URGENCY_LOW_WATERMARK, wm->urgency_low) |
				DC_FIELD(DPG_PIPE_URGENCY_CONTROL, URGENCY_HIGH_WATERMARK,
					 wm->urgency_high));
	}
	dc_hw_update(hw, stutter_reg,
		     DPG_PIPE_STUTTER_CONTROL__STUTTER_ENABLE_MASK |
			     DPG_PIPE_STUTTER_CONTROL__STUTTER_IGNORE_FBC_MASK,
		     DC_FIELD(DPG_PIPE_STUTTER_CONTROL, STUTTER_ENABLE, wm->stutter) |
			     DPG_PIPE_STUTTER_CONTROL__STUTTER_IGNORE_FBC_MASK);
	for (unsigned i = 0; i < g->wm_set_count; i++) {
		dc_hw_update(hw, mask_reg, g->wm_nbp_sel_mask,
			     field(g->wm_nbp_sel_mask, g->wm_sets[i]));
		dc_hw_update(hw, nbp_reg, nbp_on | g->nbp_wm_mask,
			     nbp_on | field(g->nbp_wm_mask, wm->nbp));
	}
	for (unsigned i = 0; i < g->wm_set_count; i++) {
		dc_hw_update(hw, mask_reg, g->wm_stutter_sel_mask,
			     field(g->wm_stutter_sel_mask, g->wm_sets[i]));
		dc_hw_update(hw, stutter_reg,
			     DPG_PIPE_STUTTER_CONTROL__STUTTER_EXIT_SELF_REFRESH_WATERMARK_MASK,
			     DC_FIELD(DPG_PIPE_STUTTER_CONTROL, STUTTER_EXIT_SELF_REFRESH_WATERMARK,
				      wm->stutter_exit));
	}
}
