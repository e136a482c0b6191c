/*
 * VESA Coordinated Video Timings 1.2: normal blanking, reduced blanking
 * v1 and v2. The standard's steps are written in real numbers; here every
 * quantity is an exact fraction of integers, so ROUNDDOWN and the clock
 * step land where the standard's arithmetic puts them, with no floating
 * point error at the boundaries. Variable names follow the standard
 * (H_PERIOD_EST, V_SYNC_BP, ...); docs/modes.md lists the steps and where
 * other implementations differ.
 */
#include <errno.h>
#include <string.h>

#include "dc_modes.h"
#include "modes_internal.h"

/* Constants of CVT 1.2 (times are in microseconds). */
#define CELL_GRAN	     8	/* character cell, pixels */
#define MARGIN_PER_MILLE     18 /* 1.8 % borders */
#define MIN_V_PORCH	     3	/* lines */
#define MIN_V_BPORCH	     6	/* lines */
#define MIN_VSYNC_BP_US	     550
#define H_SYNC_PERCENT	     8
#define C_PRIME		     30	 /* (C - J) * K / 256 + J with C=40, J=20, K=128 */
#define M_PRIME		     300 /* K / 256 * M with M=600 */
#define CLOCK_STEP_KHZ	     250
#define RB_MIN_V_BLANK_US    460
#define RB_H_SYNC	     32
#define RB_V1_H_BLANK	     160
#define RB_V1_V_FPORCH	     3
#define RB_V2_H_BLANK	     80
#define RB_V2_H_FPORCH	     8
#define RB_V2_MIN_V_FPORCH   1
#define RB_V2_V_BPORCH	     6
#define RB_V2_V_SYNC	     8
#define RB_V2_CLOCK_STEP_KHZ 1

/* Microseconds per second times mHz per Hz: 1/F in us is US_MHZ / f_mhz. */
#define US_MHZ 1000000000ULL

/*
 * V_SYNC_RND from the aspect ratio (CVT 1.2 table of vertical sync widths):
 * the image is a:b when H_PIXELS_RND equals V_LINES * a / b rounded down
 * to the character cell. The rounding is what makes 1360x768 16:9, as
 * DMT 0x28 (1360x768@120 CVT-RB, vsync 5) shows.
 */
static bool aspect_is(unsigned h_rnd, unsigned v, unsigned a, unsigned b)
{
	return h_rnd == (uint64_t)v * a / b / CELL_GRAN * CELL_GRAN;
}

static unsigned vsync_from_aspect(unsigned h_rnd, unsigned v)
{
	if (aspect_is(h_rnd, v, 4, 3))
		return 4;
	if (aspect_is(h_rnd, v, 16, 9))
		return 5;
	if (aspect_is(h_rnd, v, 16, 10))
		return 6;
	if (aspect_is(h_rnd, v, 5, 4) || aspect_is(h_rnd, v, 15, 9))
		return 7;
	return 10;
}

/* The steps shared by every variant: rounding the size, margins, sync width. */
struct cvt_common {
	unsigned h_pixels_rnd, h_margin, total_active_pixels;
	unsigned v_lines_rnd, v_margin;
	unsigned interlace_x2; /* the standard's INTERLACE (0 or 0.5), doubled */
	uint64_t field_mhz;    /* V_FIELD_RATE_RQD in mHz */
	unsigned v_sync;
};

static int cvt_common(struct cvt_common *c, const struct dc_cvt_params *p)
{
	unsigned cell = p->blanking == DC_CVT_RB_V2 ? 1 : CELL_GRAN;

	if (!p->hdisplay || !p->vdisplay || !p->refresh_mhz || p->hdisplay > 32768 ||
	    p->vdisplay > 32768)
		return -EINVAL;
	c->field_mhz = (uint64_t)p->refresh_mhz * (p->interlaced ? 2 : 1);
	c->h_pixels_rnd = p->hdisplay / cell * cell;
	c->h_margin = p->margins ? c->h_pixels_rnd * MARGIN_PER_MILLE / 1000 / cell * cell : 0;
	c->total_active_pixels = c->h_pixels_rnd + 2 * c->h_margin;
	c->v_lines_rnd = p->interlaced ? p->vdisplay / 2 : p->vdisplay;
	c->v_margin = p->margins ? c->v_lines_rnd * MARGIN_PER_MILLE / 1000 : 0;
	c->interlace_x2 = p->interlaced ? 1 : 0;
	if (!c->h_pixels_rnd || !c->v_lines_rnd)
		return -EINVAL;
	if (p->blanking == DC_CVT_RB_V2)
		c->v_sync = RB_V2_V_SYNC;
	else
		c->v_sync = vsync_from_aspect(c->h_pixels_rnd, p->vdisplay);
	return 0;
}

static int cvt_normal(struct dc_porch_timing *t, const struct cvt_common *c)
{
	uint64_t f = c->field_mhz;
	/* H_PERIOD_EST = hp_num / hp_den microseconds. */
	dc_u128 hp_num, hp_den, blank_num, blank_den;
	unsigned v_sync_bp, h_blank, total_pixels, h_sync;
	dc_u128 clock_steps;

	if (f * MIN_VSYNC_BP_US >= US_MHZ)
		return -EINVAL;
	hp_num = 2 * (dc_u128)(US_MHZ - f * MIN_VSYNC_BP_US);
	hp_den = (dc_u128)f *
		 (2 * (c->v_lines_rnd + 2 * c->v_margin + MIN_V_PORCH) + c->interlace_x2);

	/* V_SYNC_BP = ROUNDDOWN(MIN_VSYNC_BP / H_PERIOD_EST) + 1, at least V_SYNC + MIN_V_BPORCH.
	 */
	v_sync_bp = (unsigned)dc_div_floor(MIN_VSYNC_BP_US * hp_den, hp_num) + 1;
	if (v_sync_bp < c->v_sync + MIN_V_BPORCH)
		v_sync_bp = c->v_sync + MIN_V_BPORCH;

	/*
	 * IDEAL_DUTY_CYCLE = C' - M' * H_PERIOD_EST / 1000 (%), at least 20;
	 * H_BLANK = ROUNDDOWN(TOTAL_ACTIVE_PIXELS * IDC / (100 - IDC) / 16) * 16.
	 * With IDC = (300 hp_den - 3 hp_num) / (10 hp_den) the ratio
	 * IDC / (100 - IDC) is (300 hp_den - 3 hp_num) / (700 hp_den + 3 hp_num).
	 */
	if (3 * hp_num > (C_PRIME - 20) * 10 * hp_den) {
		blank_num = 20;
		blank_den = 80;
	} else {
		blank_num = C_PRIME * 10 * hp_den - 3 * hp_num;
		blank_den = (1000 - C_PRIME * 10) * hp_den + 3 * hp_num;
	}
	h_blank = (unsigned)dc_div_floor(c->total_active_pixels * blank_num,
					 blank_den * 2 * CELL_GRAN) *
		  2 * CELL_GRAN;
	total_pixels = c->total_active_pixels + h_blank;

	/* ACT_PIXEL_FREQ = CLOCK_STEP * ROUNDDOWN(TOTAL_PIXELS / H_PERIOD_EST / CLOCK_STEP). */
	clock_steps =
		dc_div_floor((dc_u128)total_pixels * hp_den * (1000 / CLOCK_STEP_KHZ), hp_num);
	if (clock_steps * CLOCK_STEP_KHZ > UINT32_MAX)
		return -ERANGE;

	/* H_SYNC = ROUNDDOWN(H_SYNC% / 100 * TOTAL_PIXELS / CELL_GRAN) * CELL_GRAN. */
	h_sync = total_pixels * H_SYNC_PERCENT / 100 / CELL_GRAN * CELL_GRAN;

	t->clock_khz = (uint32_t)(clock_steps * CLOCK_STEP_KHZ);
	t->hback = h_blank / 2;
	t->hsync = h_sync;
	t->hfront = h_blank - t->hback - h_sync;
	t->vfront = MIN_V_PORCH;
	t->vsync = c->v_sync;
	t->vback = v_sync_bp - c->v_sync;
	t->flags = DC_TIMING_NHSYNC | DC_TIMING_PVSYNC;
	return 0;
}

static int cvt_reduced(struct dc_porch_timing *t, const struct cvt_common *c,
		       const struct dc_cvt_params *p)
{
	bool v2 = p->blanking == DC_CVT_RB_V2;
	uint64_t f = c->field_mhz;
	unsigned min_fporch = v2 ? RB_V2_MIN_V_FPORCH : RB_V1_V_FPORCH;
	unsigned h_blank = v2 ? RB_V2_H_BLANK : RB_V1_H_BLANK;
	unsigned step = v2 ? RB_V2_CLOCK_STEP_KHZ : CLOCK_STEP_KHZ;
	unsigned vbi_lines, total_v_lines_x2, total_pixels;
	dc_u128 hp_num, hp_den, freq_num, freq_den, clock;

	if (f * RB_MIN_V_BLANK_US >= US_MHZ)
		return -EINVAL;
	/* H_PERIOD_EST = (1000000 / V_FIELD_RATE_RQD - RB_MIN_V_BLANK) / (V_LINES_RND + 2 margins).
	 */
	hp_num = US_MHZ - f * RB_MIN_V_BLANK_US;
	hp_den = (dc_u128)f * (c->v_lines_rnd + 2 * c->v_margin);

	/* VBI_LINES = ROUNDDOWN(RB_MIN_V_BLANK / H_PERIOD_EST) + 1, at least RB_MIN_VBI. */
	vbi_lines = (unsigned)dc_div_floor(RB_MIN_V_BLANK_US * hp_den, hp_num) + 1;
	if (vbi_lines < min_fporch + c->v_sync + MIN_V_BPORCH)
		vbi_lines = min_fporch + c->v_sync + MIN_V_BPORCH;
	total_v_lines_x2 = 2 * (vbi_lines + c->v_lines_rnd + 2 * c->v_margin) + c->interlace_x2;
	total_pixels = c->total_active_pixels + h_blank;

	/*
	 * ACT_PIXEL_FREQ = CLOCK_STEP * ROUNDDOWN(V_FIELD_RATE_RQD *
	 * TOTAL_V_LINES * TOTAL_PIXELS / 1000000 * REFRESH_MULTIPLIER /
	 * CLOCK_STEP); in kHz: f[mHz] * total_v_lines_x2 * total_pixels / 2e6.
	 */
	freq_num = (dc_u128)f * total_v_lines_x2 * total_pixels;
	freq_den = 2000000;
	if (v2 && p->video_optimized) {
		freq_num *= 1000;
		freq_den *= 1001;
	}
	clock = dc_div_floor(freq_num, freq_den * step) * step;
	if (clock > UINT32_MAX)
		return -ERANGE;

	t->clock_khz = (uint32_t)clock;
	t->hsync = RB_H_SYNC;
	t->hback = h_blank / 2;
	t->hfront = h_blank - t->hback - RB_H_SYNC;
	t->vsync = c->v_sync;
	if (v2) {
		t->vback = RB_V2_V_BPORCH;
		t->vfront = vbi_lines - RB_V2_V_BPORCH - c->v_sync;
	} else {
		t->vfront = RB_V1_V_FPORCH;
		t->vback = vbi_lines - RB_V1_V_FPORCH - c->v_sync;
	}
	t->flags = DC_TIMING_PHSYNC | DC_TIMING_NVSYNC;
	return 0;
}

int dc_cvt_mode(struct dc_mode *out, const struct dc_cvt_params *p)
{
	struct dc_porch_timing t = { 0 };
	struct cvt_common c;
	int ret;

	if (p->blanking != DC_CVT_NORMAL && p->blanking != DC_CVT_RB_V1 &&
	    p->blanking != DC_CVT_RB_V2)
		return -EINVAL;
	if (p->video_optimized && p->blanking != DC_CVT_RB_V2)
		return -EINVAL;
	ret = cvt_common(&c, p);
	if (ret)
		return ret;
	if (p->blanking == DC_CVT_NORMAL)
		ret = cvt_normal(&t, &c);
	else
		ret = cvt_reduced(&t, &c, p);
	if (ret)
		return ret;
	if (!t.clock_khz)
		return -ERANGE;

	t.hactive = c.h_pixels_rnd;
	t.hborder = c.h_margin;
	t.vactive = p->interlaced ? 2 * c.v_lines_rnd : c.v_lines_rnd;
	t.vborder = c.v_margin;
	if (p->interlaced)
		t.flags |= DC_TIMING_INTERLACE;
	return dc_mode_from_porches(out, &t, DC_MODE_SOURCE_CVT);
}
