/*
 * Scaler setup for one plane: the viewport that covers the 16.16 source
 * rectangle, the ratios, and whether the scaler (SCL) and its line buffer
 * (LB) can do it.
 *
 * The facts come from the public DCE transform code: ratios are
 * programmed as u2.19 (below 4, so downscaling stops short of 4:1), the
 * planes upscale up to 16x, the filters have up to 4 taps over 16 phases,
 * and the line buffer holds lb_entries x lb_entry_bits bits, whole pixels
 * per entry, at 30 bits per pixel (24 when 30 leaves too few lines). A
 * horizontal prescaler shrinks the line before it is stored, so the line
 * buffer holds min(viewport width, destination width) pixels per line.
 * A vertical filter with n taps needs more than n lines stored and at
 * least 2 taps.
 */
#include <errno.h>

#include "dc_calcs.h"

static bool is_one(struct fixed31_32 x)
{
	return fixed31_32_eq(x, FIXED31_32_ONE);
}

/* Lines the line buffer holds at lb_bpp for lines of width pixels. */
static uint32_t lb_lines(const struct dc_scaler_limits *lim, unsigned lb_bpp, uint32_t width)
{
	uint32_t pixels_per_entry = lim->lb_entry_bits / lb_bpp;

	return (uint32_t)((uint64_t)pixels_per_entry * lim->lb_entries / width);
}

/* Taps for the line buffer at lb_bpp; false when it cannot hold enough lines. */
static bool fit_line_buffer(const struct dc_scaler_limits *lim, unsigned lb_bpp, uint32_t width,
			    struct dc_scaler_result *out)
{
	uint32_t lines = lb_lines(lim, lb_bpp, width);

	out->lb_bpp = (uint8_t)lb_bpp;
	out->lb_lines = (uint16_t)(lines > UINT16_MAX ? UINT16_MAX : lines);
	if (lines == 0)
		return false;
	if (is_one(out->v_ratio)) {
		out->v_taps = 1;
		return true;
	}
	out->v_taps = lim->max_taps;
	if (out->v_taps >= lines)
		out->v_taps = (uint8_t)(lines - 1);
	return out->v_taps >= 2;
}

static int fail(struct dc_scaler_result *out, enum dc_scaler_limit limit)
{
	out->limit = limit;
	return -ERANGE;
}

int dc_scaler_compute(const struct dc_scaler_limits *lim, uint32_t src_x, uint32_t src_y,
		      uint32_t src_w, uint32_t src_h, uint32_t dst_w, uint32_t dst_h,
		      struct dc_scaler_result *out)
{
	uint64_t x1 = ((uint64_t)src_x + src_w + 0xffff) >> 16;
	uint64_t y1 = ((uint64_t)src_y + src_h + 0xffff) >> 16;
	struct fixed31_32 max_down = fixed31_32_from_int(lim->max_downscale);
	uint32_t width;

	*out = (struct dc_scaler_result){ .limit = DC_SCALER_OK };
	if (!src_w || !src_h || !dst_w || !dst_h)
		return fail(out, DC_SCALER_EMPTY);
	out->vp_x = src_x >> 16;
	out->vp_y = src_y >> 16;
	out->vp_w = (uint32_t)(x1 - out->vp_x);
	out->vp_h = (uint32_t)(y1 - out->vp_y);
	out->h_ratio = fixed31_32_from_fraction(src_w, (int64_t)dst_w << 16);
	out->v_ratio = fixed31_32_from_fraction(src_h, (int64_t)dst_h << 16);
	out->h_taps = is_one(out->h_ratio) ? 1 : lim->max_taps;

	if (!fixed31_32_lt(out->h_ratio, max_down))
		return fail(out, DC_SCALER_DOWNSCALE_H);
	if (!fixed31_32_lt(out->v_ratio, max_down))
		return fail(out, DC_SCALER_DOWNSCALE_V);
	/* dst / src <= max_upscale, compared exactly on the 16.16 values */
	if ((uint64_t)src_w * lim->max_upscale < (uint64_t)dst_w << 16)
		return fail(out, DC_SCALER_UPSCALE_H);
	if ((uint64_t)src_h * lim->max_upscale < (uint64_t)dst_h << 16)
		return fail(out, DC_SCALER_UPSCALE_V);

	width = out->vp_w < dst_w ? out->vp_w : dst_w;
	if (fit_line_buffer(lim, 30, width, out) || fit_line_buffer(lim, 24, width, out))
		return 0;
	return fail(out, DC_SCALER_LINE_BUFFER);
}
