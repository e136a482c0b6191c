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

void dce110_tg_program_timing(struct dc_hw *hw, unsigned tg, const struct drm_mode_modeinfo *m)
{
	uint32_t hbe = m->htotal - m->hsync_start, vbe = m->vtotal - m->vsync_start;

	dc_hw_write(hw, CRTC(mmCRTC_H_TOTAL, tg),
		    DC_FIELD(CRTC_H_TOTAL, CRTC_H_TOTAL, m->htotal - 1u));
	dc_hw_write(
		hw, CRTC(mmCRTC_H_SYNC_A, tg),
		DC_FIELD(CRTC_H_SYNC_A, CRTC_H_SYNC_A_START, 0) |
			DC_FIELD(CRTC_H_SYNC_A, CRTC_H_SYNC_A_END, m->hsync_end - m->hsync_start));
	dc_hw_write(hw, CRTC(mmCRTC_H_BLANK_START_END, tg),
		    DC_FIELD(CRTC_H_BLANK_START_END, CRTC_H_BLANK_START, hbe + m->hdisplay) |
			    DC_FIELD(CRTC_H_BLANK_START_END, CRTC_H_BLANK_END, hbe));
	dc_hw_update(hw, CRTC(mmCRTC_H_SYNC_A_CNTL, tg), CRTC_H_SYNC_A_CNTL__CRTC_H_SYNC_A_POL_MASK,
		     DC_FIELD(CRTC_H_SYNC_A_CNTL, CRTC_H_SYNC_A_POL,
			      !(m->flags & DRM_MODE_FLAG_PHSYNC)));

	dc_hw_write(hw, CRTC(mmCRTC_V_TOTAL, tg),
		    DC_FIELD(CRTC_V_TOTAL, CRTC_V_TOTAL, m->vtotal - 1u));
	dc_hw_write(
		hw, CRTC(mmCRTC_V_SYNC_A, tg),
		DC_FIELD(CRTC_V_SYNC_A, CRTC_V_SYNC_A_START, 0) |
			DC_FIELD(CRTC_V_SYNC_A, CRTC_V_SYNC_A_END, m->vsync_end - m->vsync_start));
	dc_hw_write(hw, CRTC(mmCRTC_V_BLANK_START_END, tg),
		    DC_FIELD(CRTC_V_BLANK_START_END, CRTC_V_BLANK_START, vbe + m->vdisplay) |
			    DC_FIELD(CRTC_V_BLANK_START_END, CRTC_V_BLANK_END, vbe));
	dc_hw_update(hw, CRTC(mmCRTC_V_SYNC_A_CNTL, tg), CRTC_V_SYNC_A_CNTL__CRTC_V_SYNC_A_POL_MASK,
		     DC_FIELD(CRTC_V_SYNC_A_CNTL, CRTC_V_SYNC_A_POL,
			      !(m->flags & DRM_MODE_FLAG_PVSYNC)));

	dc_hw_update(hw, CRTC(mmCRTC_INTERLACE_CONTROL, tg),
		     CRTC_INTERLACE_CONTROL__CRTC_INTERLACE_ENABLE_MASK, 0);
}

int dce110_tg_read_timing(struct dc_hw *hw, unsigned tg, struct drm_mode_modeinfo *m)
{
	uint32_t ht = dc_hw_read(hw, CRTC(mmCRTC_H_TOTAL, tg));
	uint32_t hb = dc_hw_read(hw, CRTC(mmCRTC_H_BLANK_START_END, tg));
	uint32_t hs = dc_hw_read(hw, CRTC(mmCRTC_H_SYNC_A, tg));
	uint32_t vt = dc_hw_read(hw, CRTC(mmCRTC_V_TOTAL, tg));
	uint32_t vb = dc_hw_read(hw, CRTC(mmCRTC_V_BLANK_START_END, tg));
	uint32_t vs = dc_hw_read(hw, CRTC(mmCRTC_V_SYNC_A, tg));
	uint32_t htotal = DC_FIELD_GET(ht, CRTC_H_TOTAL, CRTC_H_TOTAL) + 1;
	uint32_t vtotal = DC_FIELD_GET(vt, CRTC_V_TOTAL, CRTC_V_TOTAL) + 1;
	uint32_t hbs = DC_FIELD_GET(hb, CRTC_H_BLANK_START_END, CRTC_H_BLANK_START);
	uint32_t hbe = DC_FIELD_GET(hb, CRTC_H_BLANK_START_END, CRTC_H_BLANK_END);
	uint32_t vbs = DC_FIELD_GET(vb, CRTC_V_BLANK_START_END, CRTC_V_BLANK_START);
	uint32_t vbe = DC_FIELD_GET(vb, CRTC_V_BLANK_START_END, CRTC_V_BLANK_END);
	uint32_t hsw = DC_FIELD_GET(hs, CRTC_H_SYNC_A, CRTC_H_SYNC_A_END) -
		       DC_FIELD_GET(hs, CRTC_H_SYNC_A, CRTC_H_SYNC_A_START);
	uint32_t vsw = DC_FIELD_GET(vs, CRTC_V_SYNC_A, CRTC_V_SYNC_A_END) -
		       DC_FIELD_GET(vs, CRTC_V_SYNC_A, CRTC_V_SYNC_A_START);

	/* Anything else is not a timing this file programmed (nor a sane one). */
	if (hbs <= hbe || hbs > htotal || vbs <= vbe || vbs > vtotal || hsw > hbe || vsw > vbe)
		return -ENODATA;
	*m = (struct drm_mode_modeinfo){ 0 };
	m->htotal = (uint16_t)htotal;
	m->hdisplay = (uint16_t)(hbs - hbe);
	m->hsync_start = (uint16_t)(htotal - hbe);
	m->hsync_end = (uint16_t)(m->hsync_start + hsw);
	m->vtotal = (uint16_t)vtotal;
	m->vdisplay = (uint16_t)(vbs - vbe);
	m->vsync_start = (uint16_t)(vtotal - vbe);
	m->vsync_end = (uint16_t)(m->vsync_start + vsw);
	m->flags = (dc_hw_read(hw, CRTC(mmCRTC_H_SYNC_A_CNTL, tg)) &
				    CRTC_H_SYNC_A_CNTL__CRTC_H_SYNC_A_POL_MASK
			    ? DRM_MODE_FLAG_NHSYNC
			    : DRM_MODE_FLAG_PHSYNC) |
		   (dc_hw_read(hw, CRTC(mmCRTC_V_SYNC_A_CNTL, tg)) &
				    CRTC_V_SYNC_A_CNTL__CRTC_V_SYNC_A_POL_MASK
			    ? DRM_MODE_FLAG_NVSYNC
			    : DRM_MODE_FLAG_PVSYNC);
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
}

uint32_t dce110_tg_blank_color(struct dc_hw *hw, unsigned tg)
{
	uint32_t v = dc_hw_read(hw, CRTC(mmCRTC_BLANK_DATA_COLOR, tg));

	return (DC_FIELD_GET(v, CRTC_BLANK_DATA_COLOR, CRTC_BLANK_DATA_COLOR_RED_CR) >> 2) << 16 |
	       (DC_FIELD_GET(v, CRTC_BLANK_DATA_COLOR, CRTC_BLANK_DATA_COLOR_GREEN_Y) >> 2) << 8 |
	       DC_FIELD_GET(v, CRTC_BLANK_DATA_COLOR, CRTC_BLANK_DATA_COLOR_BLUE_CB) >> 2;
}

void dce110_tg_position(struct dc_hw *hw, unsigned tg, struct dce110_tg_position *p)
{
	uint32_t f1, f2, pos = 0;
	uint64_t t0, t1;

	f2 = DC_FIELD_GET(dc_hw_read(hw, CRTC(mmCRTC_STATUS_FRAME_COUNT, tg)),
			  CRTC_STATUS_FRAME_COUNT, CRTC_FRAME_COUNT);
	/* a frame boundary between the counter and the position: read again */
	for (int tries = 0; tries < 3; tries++) {
		f1 = f2;
		t0 = dc_hw_now_ns(hw);
		pos = dc_hw_read(hw, CRTC(mmCRTC_STATUS_POSITION, tg));
		t1 = dc_hw_now_ns(hw);
		f2 = DC_FIELD_GET(dc_hw_read(hw, CRTC(mmCRTC_STATUS_FRAME_COUNT, tg)),
				  CRTC_STATUS_FRAME_COUNT, CRTC_FRAME_COUNT);
		if (f1 == f2)
			break;
	}
	p->frame = f2;
	p->v = DC_FIELD_GET(pos, CRTC_STATUS_POSITION, CRTC_VERT_COUNT);
	p->h = DC_FIELD_GET(pos, CRTC_STATUS_POSITION, CRTC_HORZ_COUNT);
	p->t_ns = t0 + (t1 - t0) / 2;
	p->running = dc_hw_read(hw, CRTC(mmCRTC_CONTROL, tg)) &
		     CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK;
}
