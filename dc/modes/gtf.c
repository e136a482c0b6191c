/*
 * VESA Generalized Timing Formula 1.1, driven by the vertical refresh
 * rate, with the default blanking curve and the secondary curve of an EDID
 * range limits descriptor. Exact fractions as in cvt.c; ROUND is half up
 * (all rounded values are positive). The standard defines no pixel clock
 * step: the clock is its exact value rounded to the nearest kHz.
 */
#include <errno.h>

#include "dc_modes.h"
#include "modes_internal.h"

#define CELL_GRAN	 8
#define MARGIN_PER_MILLE 18
#define MIN_PORCH	 1 /* lines */
#define V_SYNC_RQD	 3 /* lines */
#define H_SYNC_PERCENT	 8
#define MIN_VSYNC_BP_US	 550
#define US_MHZ		 1000000000ULL

/* The default curve in the descriptor's units: C=40 (x2), M=600, K=128, J=20 (x2). */
static const struct dc_gtf_secondary default_curve = {
	.start_khz = 0,
	.c_x2 = 80,
	.m = 600,
	.k = 128,
	.j_x2 = 40,
};

/*
 * H_BLANK = ROUND(TOTAL_ACTIVE_PIXELS * IDC / (100 - IDC) / 16) * 16 with
 * IDEAL_DUTY_CYCLE = C' - M' * H_PERIOD / 1000, C' = (C - J) * K / 256 + J,
 * M' = K / 256 * M, and H_PERIOD = 2e9 / (f * total_v_lines_x2) us.
 * Over the common denominator 512 * f * tvl_x2:
 *   C' = ((c_x2 - j_x2) * K + 256 * j_x2) / 512
 *   M' * H_PERIOD / 1000 = 4e6 * K * M / (512 * f * tvl_x2)
 */
static int gtf_h_blank(unsigned *h_blank, unsigned total_active_pixels, uint64_t f, unsigned tvl_x2,
		       const struct dc_gtf_secondary *curve)
{
	dc_s128 ft = (dc_s128)f * tvl_x2;
	dc_s128 c_num =
		((dc_s128)curve->c_x2 - curve->j_x2) * curve->k + 256 * (dc_s128)curve->j_x2;
	dc_s128 idc_num = c_num * ft - (dc_s128)4000000 * curve->k * curve->m;
	dc_s128 idc_den = 512 * ft;
	dc_u128 blank;

	/* A duty cycle outside (0, 100) % has no blanking interval to give. */
	if (idc_num <= 0 || idc_num >= 100 * idc_den)
		return -ERANGE;
	blank = dc_div_round((dc_u128)total_active_pixels * (dc_u128)idc_num,
			     (dc_u128)(100 * idc_den - idc_num) * 2 * CELL_GRAN);
	if (blank > UINT16_MAX)
		return -ERANGE;
	*h_blank = (unsigned)blank * 2 * CELL_GRAN;
	return 0;
}

int dc_gtf_mode(struct dc_mode *out, const struct dc_gtf_params *p)
{
	struct dc_porch_timing t = { 0 };
	const struct dc_gtf_secondary *curve = &default_curve;
	unsigned h_pixels_rnd, h_margin, total_active_pixels, v_lines_rnd, v_margin;
	unsigned interlace_x2 = p->interlaced ? 1 : 0;
	unsigned v_sync_bp, tvl_x2, h_blank, total_pixels, h_sync;
	uint64_t f;
	dc_u128 hp_num, hp_den, clock;
	int ret;

	if (!p->hdisplay || !p->vdisplay || !p->refresh_mhz || p->hdisplay > 32768 ||
	    p->vdisplay > 32768)
		return -EINVAL;
	f = (uint64_t)p->refresh_mhz * (p->interlaced ? 2 : 1);
	if (f * MIN_VSYNC_BP_US >= US_MHZ)
		return -EINVAL;

	h_pixels_rnd = (unsigned)dc_div_round(p->hdisplay, CELL_GRAN) * CELL_GRAN;
	v_lines_rnd = p->interlaced ? (unsigned)dc_div_round(p->vdisplay, 2) : p->vdisplay;
	v_margin = p->margins ? (unsigned)dc_div_round(v_lines_rnd * MARGIN_PER_MILLE, 1000) : 0;
	h_margin = p->margins ? (unsigned)dc_div_round(h_pixels_rnd * MARGIN_PER_MILLE,
						       1000 * CELL_GRAN) *
					CELL_GRAN
			      : 0;
	total_active_pixels = h_pixels_rnd + 2 * h_margin;
	if (!h_pixels_rnd || !v_lines_rnd)
		return -EINVAL;

	/* H_PERIOD_EST = (1/F - MIN_VSYNC_BP) / (V_LINES_RND + 2 margins + MIN_PORCH + INTERLACE).
	 */
	hp_num = 2 * (dc_u128)(US_MHZ - f * MIN_VSYNC_BP_US);
	hp_den = (dc_u128)f * (2 * (v_lines_rnd + 2 * v_margin + MIN_PORCH) + interlace_x2);
	/* V_SYNC+BP = ROUND(MIN_VSYNC_BP / H_PERIOD_EST). */
	v_sync_bp = (unsigned)dc_div_round(MIN_VSYNC_BP_US * hp_den, hp_num);
	if (v_sync_bp <= V_SYNC_RQD)
		return -ERANGE;
	tvl_x2 = 2 * (v_lines_rnd + 2 * v_margin + v_sync_bp + MIN_PORCH) + interlace_x2;

	/*
	 * H_PERIOD = H_PERIOD_EST / (V_FIELD_RATE_RQD / V_FIELD_RATE_EST)
	 * = 1 / (F * TOTAL_V_LINES); H_FREQ = f * tvl_x2 / 2e6 kHz. The
	 * secondary curve applies at or above its start frequency.
	 */
	if (p->secondary && (dc_u128)f * tvl_x2 >= (dc_u128)p->secondary->start_khz * 2000000)
		curve = p->secondary;
	ret = gtf_h_blank(&h_blank, total_active_pixels, f, tvl_x2, curve);
	if (ret)
		return ret;
	total_pixels = total_active_pixels + h_blank;

	/* PIXEL_FREQ = TOTAL_PIXELS / H_PERIOD, in kHz rounded to nearest. */
	clock = dc_div_round((dc_u128)total_pixels * f * tvl_x2, 2000000);
	if (!clock || clock > UINT32_MAX)
		return -ERANGE;

	/* H_SYNC = ROUND(H_SYNC% / 100 * TOTAL_PIXELS / CELL_GRAN) * CELL_GRAN. */
	h_sync = (unsigned)dc_div_round(total_pixels * H_SYNC_PERCENT, 100 * CELL_GRAN) * CELL_GRAN;
	if (h_sync >= h_blank / 2)
		return -ERANGE;

	t.clock_khz = (uint32_t)clock;
	t.hactive = h_pixels_rnd;
	t.hborder = h_margin;
	t.hback = h_blank / 2;
	t.hsync = h_sync;
	t.hfront = h_blank / 2 - h_sync;
	t.vactive = p->interlaced ? 2 * v_lines_rnd : v_lines_rnd;
	t.vborder = v_margin;
	t.vfront = MIN_PORCH;
	t.vsync = V_SYNC_RQD;
	t.vback = v_sync_bp - V_SYNC_RQD;
	t.flags = DC_TIMING_NHSYNC | DC_TIMING_PVSYNC;
	if (p->interlaced)
		t.flags |= DC_TIMING_INTERLACE;
	return dc_mode_from_porches(out, &t, DC_MODE_SOURCE_GTF);
}
