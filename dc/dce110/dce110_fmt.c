/*
 * FMT of a pipe: what happens to the 10-bit pipeline output before the
 * encoder takes it. dc/core decides the depth the display shows; this file
 * knows the registers (semantics as in the public DCE OPP code):
 *
 *  - 6 bpc: spatial dithering to 6 bits (FMT_SPATIAL_DITHER_EN, depth code
 *    0), no truncation, no temporal dithering, the random-pattern options
 *    (FMT_RGB_RANDOM_ENABLE, FMT_HIGHPASS_RANDOM_ENABLE,
 *    FMT_FRAME_RANDOM_ENABLE) off. A 6-bit panel then shows the average
 *    level of an 8-bit image instead of banding. The seeds
 *    (FMT_DITHER_RAND_*_SEED) are left as they are.
 *  - 8 bpc and more: no reduction. An 8-bit surface passes exactly; a
 *    10-bit surface on an 8 bpc link loses its low bits in the encoder.
 *  - FMT_CONTROL.FMT_PIXEL_ENCODING 1 for YCbCr 4:2:2 (the 4:2:2 packing),
 *    0 otherwise; FMT_CLAMP_CNTL off: dcd sends full range (the AVI
 *    InfoFrame says so).
 * Each register is written only when its value changes.
 */
#include "dce110.h"
#include "dce110_regs.h"

#define FMT(reg, pipe) ((reg) + dce110_crtc_offsets[pipe])

void dce110_fmt_program(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned pipe,
			unsigned depth_bpc, enum dc_pixel_encoding encoding)
{
	const uint32_t depth_fields = FMT_BIT_DEPTH_CONTROL__FMT_TRUNCATE_EN_MASK |
				      FMT_BIT_DEPTH_CONTROL__FMT_TRUNCATE_MODE_MASK |
				      FMT_BIT_DEPTH_CONTROL__FMT_TRUNCATE_DEPTH_MASK |
				      FMT_BIT_DEPTH_CONTROL__FMT_SPATIAL_DITHER_EN_MASK |
				      FMT_BIT_DEPTH_CONTROL__FMT_SPATIAL_DITHER_MODE_MASK |
				      FMT_BIT_DEPTH_CONTROL__FMT_SPATIAL_DITHER_DEPTH_MASK |
				      FMT_BIT_DEPTH_CONTROL__FMT_FRAME_RANDOM_ENABLE_MASK |
				      FMT_BIT_DEPTH_CONTROL__FMT_RGB_RANDOM_ENABLE_MASK |
				      FMT_BIT_DEPTH_CONTROL__FMT_HIGHPASS_RANDOM_ENABLE_MASK |
				      FMT_BIT_DEPTH_CONTROL__FMT_TEMPORAL_DITHER_EN_MASK;
	uint32_t depth = 0;

	if (depth_bpc <= 6)
		depth = DC_FIELD(FMT_BIT_DEPTH_CONTROL, FMT_SPATIAL_DITHER_EN, 1) |
			DC_FIELD(FMT_BIT_DEPTH_CONTROL, FMT_SPATIAL_DITHER_DEPTH, FMT_DEPTH_6BPC);
	dc_hw_update(hw, FMT(mmFMT_BIT_DEPTH_CONTROL, pipe), depth_fields, depth);
	dc_hw_update(hw, FMT(mmFMT_CONTROL, pipe),
		     g->fmt_pixel_encoding_mask | g->fmt_subsampling_mode_mask,
		     ((uint32_t)(encoding == DC_ENCODING_YCBCR422) << g->fmt_pixel_encoding_shift) &
			     g->fmt_pixel_encoding_mask);
	dc_hw_update(hw, FMT(mmFMT_CLAMP_CNTL, pipe),
		     FMT_CLAMP_CNTL__FMT_CLAMP_DATA_EN_MASK |
			     FMT_CLAMP_CNTL__FMT_CLAMP_COLOR_FORMAT_MASK,
		     0);
}
