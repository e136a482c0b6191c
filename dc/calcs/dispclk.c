/*
 * Display clock (DISPCLK) a pipe needs.
 *
 * The pipe moves one pixel per DISPCLK cycle into and out of the line
 * buffer (lb_write_pixels_per_dispclk = 1 in the public bandwidth calcs).
 * Out of it go the CRTC's pixels: the pixel clock. Into it go the
 * viewport's pixels, vp_w per source line and max(1, v_ratio) source
 * lines per output line, all within one line time (htotal pixel clocks).
 * The larger rate wins, with the 5 % margin of the public calcs'
 * display_pipe_throughput_factor (1.05).
 */
#include "dc_calcs.h"

struct fixed32_32 dc_dispclk_pipe_khz(uint32_t pixel_khz, uint32_t htotal, uint32_t vp_w,
				      struct fixed31_32 v_ratio)
{
	struct fixed31_32 lines = FIXED31_32_ONE;
	struct fixed32_32 rate = fixed32_32_from_int(pixel_khz), fill;

	if (!htotal)
		return FIXED32_32_OVERFLOW;
	if (fixed31_32_lt(FIXED31_32_ONE, v_ratio))
		lines = v_ratio;
	/* the line buffer's fill rate: pixel_khz x vp_w x lines / htotal */
	fill = dc_fixed_muldiv((uint64_t)pixel_khz * vp_w, lines, htotal);
	rate = fixed32_32_max(rate, fill);
	return fixed32_32_div_int(fixed32_32_mul_int(rate, DC_DISPCLK_MARGIN_PCT), 100);
}
