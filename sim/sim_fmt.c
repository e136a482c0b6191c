/*
 * FMT of a pipe: bit depth reduction of the 10-bit frame the timing
 * generator sends, before the encoder (so it applies to the blank and
 * overscan colors too). docs/sim.md ("FMT") is the specification:
 *
 *  - FMT_SPATIAL_DITHER_EN: to D = 6, 8 or 10 bits (FMT_SPATIAL_DITHER_DEPTH
 *    0, 1, 2), dropping d = 10 - D bits: out = min(2^D - 1, (v + t) >> d)
 *    with the threshold t = BAYER[y % 4][x % 4] >> (4 - d) of the 4x4
 *    ordered-dither matrix below at active-area pixel (x, y).
 *  - else FMT_TRUNCATE_EN: to D = 6, 8 or 10 bits (FMT_TRUNCATE_DEPTH),
 *    out = v >> d (FMT_TRUNCATE_MODE 0) or min(2^D - 1, (v + 2^(d-1)) >> d)
 *    (mode 1, rounding).
 *  - else the 10 bits pass.
 * The reduced value goes back in the top bits (out << d), so a capture of
 * a 6-bit output has its two low bits 0.
 *
 * The hardware dithers with a pseudo-random sequence (FMT_RAND_*_SEED,
 * FMT_RGB_RANDOM_ENABLE, FMT_HIGHPASS_RANDOM_ENABLE, FMT_FRAME_RANDOM_ENABLE)
 * that the public headers do not specify; the simulator uses the ordered
 * matrix instead, which keeps the average level and lets a test compute
 * every pixel. Temporal dithering, FMT_SPATIAL_DITHER_MODE, pixel encoding
 * (FMT_CONTROL) and clamping (FMT_CLAMP_CNTL) are not modelled.
 */
#include "sim_internal.h"

// clang-format off
static const uint8_t bayer[4][4] = {
	{  0,  8,  2, 10 },
	{ 12,  4, 14,  6 },
	{  3, 11,  1,  9 },
	{ 15,  7, 13,  5 },
};
// clang-format on

void sim_fmt_apply(struct sim *sim, unsigned pipe, uint16_t *frame, unsigned w, unsigned h)
{
	uint32_t ctl = sim->st->regs[mmFMT_BIT_DEPTH_CONTROL + dce110_crtc_offsets[pipe]];
	bool dither = SIM_GET(ctl, FMT_BIT_DEPTH_CONTROL, FMT_SPATIAL_DITHER_EN);
	bool truncate = SIM_GET(ctl, FMT_BIT_DEPTH_CONTROL, FMT_TRUNCATE_EN);
	bool round = SIM_GET(ctl, FMT_BIT_DEPTH_CONTROL, FMT_TRUNCATE_MODE);
	unsigned code = dither ? SIM_GET(ctl, FMT_BIT_DEPTH_CONTROL, FMT_SPATIAL_DITHER_DEPTH)
			       : SIM_GET(ctl, FMT_BIT_DEPTH_CONTROL, FMT_TRUNCATE_DEPTH);
	unsigned depth = 6 + 2 * (code > FMT_DEPTH_10BPC ? FMT_DEPTH_10BPC : code);
	unsigned drop = 10 - depth, max = (1u << depth) - 1;

	if ((!dither && !truncate) || !drop)
		return;
	for (unsigned y = 0; y < h; y++) {
		for (unsigned x = 0; x < w; x++) {
			uint16_t *p = &frame[((size_t)y * w + x) * 3];
			unsigned add = dither  ? (unsigned)bayer[y % 4][x % 4] >> (4 - drop)
				       : round ? 1u << (drop - 1)
					       : 0;

			for (int c = 0; c < 3; c++) {
				unsigned v = (p[c] + add) >> drop;

				p[c] = (uint16_t)((v > max ? max : v) << drop);
			}
		}
	}
}
