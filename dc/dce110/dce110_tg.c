/*
 * Timing generator (CRTC): timing, enable, blank and blank color, position.
 *
 * The AMD timing generator starts its frame at the leading edge of
 * vertical sync (vertical count 0) and its line at the leading edge of
 * horizontal sync, so a DRM timing maps as
 *   H_TOTAL = htotal - 1
 *   H_SYNC_A = [0, hsync_end - hsync_start)
 *   H_BLANK_END = htotal - hsync_start (sync + back porch)
 *   H_BLANK_START = H_BLANK_END + hdisplay
 * and the same vertically; a polarity bit of 1 means active low. These
 * are the values the public driver's timing generator programs (without
 * borders, which dcd does not use).
 */
#include <errno.h>
#include <stdio.h>

#include "dce110.h"
#include "dce110_regs.h"

#define CRTC(reg, tg) ((reg) + dce110_crtc_offsets[tg])

/* The registers of one direction; their fields lie alike (checked below). */
struct axis {
	uint32_t total, sync, blank, sync_cntl;
};

static const struct axis h_axis = { mmCRTC_H_TOTAL, mmCRTC_H_SYNC_A, mmCRTC_H_BLANK_START_END,
				    mmCRTC_H_SYNC_A_CNTL };
static const struct axis v_axis = { mmCRTC_V_TOTAL, mmCRTC_V_SYNC_A, mmCRTC_V_BLANK_START_END,
				    mmCRTC_V_SYNC_A_CNTL };

_Static_assert(CRTC_H_TOTAL__CRTC_H_TOTAL_MASK == CRTC_V_TOTAL__CRTC_V_TOTAL_MASK &&
		       CRTC_H_SYNC_A__CRTC_H_SYNC_A_END_MASK ==
			       CRTC_V_SYNC_A__CRTC_V_SYNC_A_END_MASK &&
		       CRTC_H_BLANK_START_END__CRTC_H_BLANK_END_MASK ==
			       CRTC_V_BLANK_START_END__CRTC_V_BLANK_END_MASK &&
		       CRTC_H_SYNC_A_CNTL__CRTC_H_SYNC_A_POL_MASK ==
			       CRTC_V_SYNC_A_CNTL__CRTC_V_SYNC_A_POL_MASK,
	       "horizontal and vertical timing fields share one layout");

static void program_axis(struct dc_hw *hw, unsigned tg, const struct axis *a, unsigned total,
			 unsigned active, unsigned sync_start, unsigned sync_end, bool positive)
{
	uint32_t blank_end = total - sync_start; /* sync + back porch */

	dc_hw_write(hw, CRTC(a->total, tg), DC_FIELD(CRTC_H_TOTAL, CRTC_H_TOTAL, total - 1));
	dc_hw_write(hw, CRTC(a->sync, tg),
		    DC_FIELD(CRTC_H_SYNC_A, CRTC_H_SYNC_A_START, 0) |
			    DC_FIELD(CRTC_H_SYNC_A, CRTC_H_SYNC_A_END, sync_end - sync_start));
	dc_hw_write(hw, CRTC(a->blank, tg),
		    DC_FIELD(CRTC_H_BLANK_START_END, CRTC_H_BLANK_START, blank_end + active) |
			    DC_FIELD(CRTC_H_BLANK_START_END, CRTC_H_BLANK_END, blank_end));
	dc_hw_update(hw, CRTC(a->sync_cntl, tg), CRTC_H_SYNC_A_CNTL__CRTC_H_SYNC_A_POL_MASK,
		     DC_FIELD(CRTC_H_SYNC_A_CNTL, CRTC_H_SYNC_A_POL, !positive));
}

void dce110_tg_program_timing(struct dc_hw *hw, unsigned tg, const struct drm_mode_modeinfo *m)
{
	program_axis(hw, tg, &h_axis, m->htotal, m->hdisplay, m->hsync_start, m->hsync_end,
		     m->flags & DRM_MODE_FLAG_PHSYNC);
	program_axis(hw, tg, &v_axis, m->vtotal, m->vdisplay, m->vsync_start, m->vsync_end,
		     m->flags & DRM_MODE_FLAG_PVSYNC);
	dc_hw_update(hw, CRTC(mmCRTC_INTERLACE_CONTROL, tg),
		     CRTC_INTERLACE_CONTROL__CRTC_INTERLACE_ENABLE_MASK, 0);
}

void dce110_tg_advanced_request(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned tg,
				const struct drm_mode_modeinfo *m)
{
	/* vertical front porch and sync: too few lines leave no room to prefetch */
	bool short_vblank = m->vsync_end - m->vdisplay <= 3;
	const uint32_t mask = g->start_line_legacy_requestor_mask |
			      CRTC_START_LINE_CONTROL__CRTC_ADVANCED_START_LINE_POSITION_MASK |
			      g->start_line_prefetch_mask |
			      CRTC_START_LINE_CONTROL__CRTC_PROGRESSIVE_START_LINE_EARLY_MASK |
			      g->start_line_interlace_early_mask;

	dc_hw_update(hw, CRTC(mmCRTC_START_LINE_CONTROL, tg), mask,
		     DC_FIELD(CRTC_START_LINE_CONTROL, CRTC_ADVANCED_START_LINE_POSITION,
			      short_vblank ? 3 : 4) |
			     (short_vblank ? 0 : g->start_line_prefetch_mask) |
			     CRTC_START_LINE_CONTROL__CRTC_PROGRESSIVE_START_LINE_EARLY_MASK |
			     g->start_line_interlace_early_mask);
}

#define VRR_SEL                                            \
	(CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MIN_SEL_MASK | \
	 CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MAX_SEL_MASK)

void dce110_tg_set_vrr(struct dc_hw *hw, unsigned tg, unsigned min_lines, unsigned max_lines)
{
	bool on = max_lines && min_lines && min_lines <= max_lines;

	/* the control bits last on, first off: never a window with stale limits */
	if (!on)
		dc_hw_update(hw, CRTC(mmCRTC_V_TOTAL_CONTROL, tg), VRR_SEL, 0);
	dc_hw_update(hw, CRTC(mmCRTC_V_TOTAL_MIN, tg), CRTC_V_TOTAL_MIN__CRTC_V_TOTAL_MIN_MASK,
		     on ? DC_FIELD(CRTC_V_TOTAL_MIN, CRTC_V_TOTAL_MIN, min_lines - 1) : 0);
	dc_hw_update(hw, CRTC(mmCRTC_V_TOTAL_MAX, tg), CRTC_V_TOTAL_MAX__CRTC_V_TOTAL_MAX_MASK,
		     on ? DC_FIELD(CRTC_V_TOTAL_MAX, CRTC_V_TOTAL_MAX, max_lines - 1) : 0);
	if (on)
		dc_hw_update(hw, CRTC(mmCRTC_V_TOTAL_CONTROL, tg), VRR_SEL, VRR_SEL);
}

unsigned dce110_tg_read_vrr(struct dc_hw *hw, unsigned tg)
{
	if ((dc_hw_read(hw, CRTC(mmCRTC_V_TOTAL_CONTROL, tg)) & VRR_SEL) != VRR_SEL)
		return 0;
	return DC_FIELD_GET(dc_hw_read(hw, CRTC(mmCRTC_V_TOTAL_MAX, tg)), CRTC_V_TOTAL_MAX,
			    CRTC_V_TOTAL_MAX) +
	       1;
}

/* One direction read back; false when the registers hold no usable timing. */
static bool read_axis(struct dc_hw *hw, unsigned tg, const struct axis *a, uint16_t *total,
		      uint16_t *active, uint16_t *sync_start, uint16_t *sync_end, bool *positive)
{
	uint32_t tot =
		DC_FIELD_GET(dc_hw_read(hw, CRTC(a->total, tg)), CRTC_H_TOTAL, CRTC_H_TOTAL) + 1;
	uint32_t blank = dc_hw_read(hw, CRTC(a->blank, tg));
	uint32_t sync = dc_hw_read(hw, CRTC(a->sync, tg));
	uint32_t bs = DC_FIELD_GET(blank, CRTC_H_BLANK_START_END, CRTC_H_BLANK_START);
	uint32_t be = DC_FIELD_GET(blank, CRTC_H_BLANK_START_END, CRTC_H_BLANK_END);
	uint32_t width = DC_FIELD_GET(sync, CRTC_H_SYNC_A, CRTC_H_SYNC_A_END) -
			 DC_FIELD_GET(sync, CRTC_H_SYNC_A, CRTC_H_SYNC_A_START);

	/* anything else is not a timing this file programmed (nor a sane one) */
	if (bs <= be || bs > tot || width > be)
		return false;
	*total = (uint16_t)tot;
	*active = (uint16_t)(bs - be);
	*sync_start = (uint16_t)(tot - be);
	*sync_end = (uint16_t)(tot - be + width);
	*positive = !(dc_hw_read(hw, CRTC(a->sync_cntl, tg)) &
		      CRTC_H_SYNC_A_CNTL__CRTC_H_SYNC_A_POL_MASK);
	return true;
}

int dce110_tg_read_timing(struct dc_hw *hw, unsigned tg, struct drm_mode_modeinfo *m)
{
	bool hpos, vpos;

	*m = (struct drm_mode_modeinfo){ 0 };
	if (!read_axis(hw, tg, &h_axis, &m->htotal, &m->hdisplay, &m->hsync_start, &m->hsync_end,
		       &hpos) ||
	    !read_axis(hw, tg, &v_axis, &m->vtotal, &m->vdisplay, &m->vsync_start, &m->vsync_end,
		       &vpos))
		return -ENODATA;
	m->flags = (hpos ? DRM_MODE_FLAG_PHSYNC : DRM_MODE_FLAG_NHSYNC) |
		   (vpos ? DRM_MODE_FLAG_PVSYNC : DRM_MODE_FLAG_NVSYNC);
	snprintf(m->name, sizeof(m->name), "%ux%u", m->hdisplay, m->vdisplay);
	return 0;
}

void dce110_tg_enable(struct dc_hw *hw, unsigned tg, bool enable)
{
	dc_hw_update(hw, CRTC(mmCRTC_CONTROL, tg), CRTC_CONTROL__CRTC_MASTER_EN_MASK,
		     DC_FIELD(CRTC_CONTROL, CRTC_MASTER_EN, enable));
}

bool dce110_tg_enabled(struct dc_hw *hw, unsigned tg)
{
	return dc_hw_read(hw, CRTC(mmCRTC_CONTROL, tg)) & CRTC_CONTROL__CRTC_MASTER_EN_MASK;
}

void dce110_tg_blank(struct dc_hw *hw, unsigned tg, bool blank)
{
	/* blank at once, not at the next frame: BLANK_DATA double buffering off */
	dc_hw_update(hw, CRTC(mmCRTC_DOUBLE_BUFFER_CONTROL, tg),
		     CRTC_DOUBLE_BUFFER_CONTROL__CRTC_BLANK_DATA_DOUBLE_BUFFER_EN_MASK, 0);
	dc_hw_update(hw, CRTC(mmCRTC_BLANK_CONTROL, tg),
		     CRTC_BLANK_CONTROL__CRTC_BLANK_DATA_EN_MASK,
		     DC_FIELD(CRTC_BLANK_CONTROL, CRTC_BLANK_DATA_EN, blank));
}

bool dce110_tg_blanked(struct dc_hw *hw, unsigned tg)
{
	return dc_hw_read(hw, CRTC(mmCRTC_BLANK_CONTROL, tg)) &
	       CRTC_BLANK_CONTROL__CRTC_BLANK_DATA_EN_MASK;
}

/* 8 to 10 bits by bit replication, so the top 8 bits read back unchanged. */
static uint32_t c10(uint32_t c8)
{
	return (c8 << 2) | (c8 >> 6);
}

void dce110_tg_set_blank_color(struct dc_hw *hw, unsigned tg, uint32_t xrgb)
{
	uint32_t v =
		DC_FIELD(CRTC_BLANK_DATA_COLOR, CRTC_BLANK_DATA_COLOR_RED_CR,
			 c10((xrgb >> 16) & 0xff)) |
		DC_FIELD(CRTC_BLANK_DATA_COLOR, CRTC_BLANK_DATA_COLOR_GREEN_Y,
			 c10((xrgb >> 8) & 0xff)) |
		DC_FIELD(CRTC_BLANK_DATA_COLOR, CRTC_BLANK_DATA_COLOR_BLUE_CB, c10(xrgb & 0xff));

	dc_hw_update(hw, CRTC(mmCRTC_BLANK_DATA_COLOR, tg), 0xffffffff, v);
	/* the same field layout: the color around a smaller destination */
	dc_hw_update(hw, CRTC(mmCRTC_OVERSCAN_COLOR, tg), 0xffffffff, v);
}

uint32_t dce110_tg_blank_color(struct dc_hw *hw, unsigned tg)
{
	uint32_t v = dc_hw_read(hw, CRTC(mmCRTC_BLANK_DATA_COLOR, tg));

	return (DC_FIELD_GET(v, CRTC_BLANK_DATA_COLOR, CRTC_BLANK_DATA_COLOR_RED_CR) >> 2) << 16 |
	       (DC_FIELD_GET(v, CRTC_BLANK_DATA_COLOR, CRTC_BLANK_DATA_COLOR_GREEN_Y) >> 2) << 8 |
	       DC_FIELD_GET(v, CRTC_BLANK_DATA_COLOR, CRTC_BLANK_DATA_COLOR_BLUE_CB) >> 2;
}

/*
 * The position is sampled somewhere between t0 and t1, so the midpoint is
 * off by at most half the window. A window longer than this (the thread was
 * preempted, or an interrupt came, between the clock and the register) makes
 * the time worthless for timestamps, so the read is repeated; the tightest
 * window seen is kept if none is this short.
 */
#define POSITION_MAX_WINDOW_NS 10000
#define POSITION_TRIES	       8

void dce110_tg_position(struct dc_hw *hw, unsigned tg, struct dce110_tg_position *p)
{
	uint64_t best = UINT64_MAX;
	uint32_t f1, f2;

	f2 = DC_FIELD_GET(dc_hw_read(hw, CRTC(mmCRTC_STATUS_FRAME_COUNT, tg)),
			  CRTC_STATUS_FRAME_COUNT, CRTC_FRAME_COUNT);
	for (int tries = 0; tries < POSITION_TRIES && best > POSITION_MAX_WINDOW_NS; tries++) {
		uint64_t t0, t1;
		uint32_t pos;

		f1 = f2;
		t0 = dc_hw_now_ns(hw);
		pos = dc_hw_read(hw, CRTC(mmCRTC_STATUS_POSITION, tg));
		t1 = dc_hw_now_ns(hw);
		f2 = DC_FIELD_GET(dc_hw_read(hw, CRTC(mmCRTC_STATUS_FRAME_COUNT, tg)),
				  CRTC_STATUS_FRAME_COUNT, CRTC_FRAME_COUNT);
		/* a frame boundary between the counter and the position: read again */
		if (f1 != f2 || (best != UINT64_MAX && t1 - t0 >= best))
			continue;
		best = t1 - t0;
		p->frame = f2;
		p->v = DC_FIELD_GET(pos, CRTC_STATUS_POSITION, CRTC_VERT_COUNT);
		p->h = DC_FIELD_GET(pos, CRTC_STATUS_POSITION, CRTC_HORZ_COUNT);
		p->t_ns = t0 + (t1 - t0) / 2;
	}
	if (best == UINT64_MAX) {
		/* the counter moved on every try: a CRTC this fast is not real */
		uint32_t pos = dc_hw_read(hw, CRTC(mmCRTC_STATUS_POSITION, tg));

		p->t_ns = dc_hw_now_ns(hw);
		p->frame = f2;
		p->v = DC_FIELD_GET(pos, CRTC_STATUS_POSITION, CRTC_VERT_COUNT);
		p->h = DC_FIELD_GET(pos, CRTC_STATUS_POSITION, CRTC_HORZ_COUNT);
	}
	p->running = dc_hw_read(hw, CRTC(mmCRTC_CONTROL, tg)) &
		     CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK;
}
