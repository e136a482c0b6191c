/*
 * Pixel clock sources: the fractional-N display PLL divider search and the
 * DP DTO.
 *
 * The search walks the post dividers from the largest (highest VCO, least
 * jitter) down, as the public driver's calculate_pixel_clock_pll_dividers
 * does, and for each reference divider whose phase-detector input is in
 * range rounds the feedback divider to the nearest fraction step. Unlike
 * that search, which takes the first result inside a growing tolerance,
 * this one keeps the smallest error over the whole range; all arithmetic
 * is on exact integers (128-bit where products can grow), and the error is
 * compared as an exact fraction.
 */
#include <errno.h>

#include "dc_calcs.h"

__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 s128;

/* num / den as a fixed32_32, halving both until they fit 64 bits (exact when they fit). */
static struct fixed32_32 frac32(u128 num, u128 den)
{
	while (num > UINT64_MAX || den > UINT64_MAX) {
		num >>= 1;
		den >>= 1;
	}
	return fixed32_32_from_fraction((uint64_t)num, (uint64_t)den);
}

static struct fixed31_32 frac31(s128 num, s128 den)
{
	while (num > INT64_MAX || num < -INT64_MAX || den > INT64_MAX) {
		num /= 2;
		den /= 2;
	}
	return fixed31_32_from_fraction((int64_t)num, (int64_t)den);
}

static bool limits_valid(const struct dc_pll_limits *l)
{
	return l->ref_khz && l->fb_frac_den && l->ref_div_min >= 1 &&
	       l->ref_div_min <= l->ref_div_max && l->post_div_min >= 1 &&
	       l->post_div_min <= l->post_div_max && l->fb_div_min <= l->fb_div_max &&
	       l->vco_min_khz <= l->vco_max_khz && l->min_input_khz <= l->max_input_khz;
}

struct candidate {
	uint32_t ref_div, post_div;
	uint64_t fbx; /* feedback divider in 1 / fb_frac_den */
	u128 err_num; /* |error| in kHz = err_num / err_den */
	u128 err_den;
};

/* Rounds the feedback divider for one (ref_div, post_div); false if out of range. */
static bool try_dividers(const struct dc_pll_limits *l, uint32_t target_khz, uint32_t rd,
			 uint32_t pd, struct candidate *c)
{
	u128 den = l->fb_frac_den;
	/* fb = target x post x ref_div / ref, in units of 1 / den, rounded to nearest */
	u128 want = (u128)target_khz * pd * rd * den;
	u128 fbx = (want + l->ref_khz / 2) / l->ref_khz;
	u128 fb = fbx / den;
	u128 vco_num = (u128)l->ref_khz * fbx; /* VCO = vco_num / (rd x den) kHz */
	u128 out = vco_num, tgt = (u128)target_khz * rd * pd * den;

	if (fb < l->fb_div_min || fb > l->fb_div_max || fbx > UINT64_MAX)
		return false;
	if (vco_num < (u128)l->vco_min_khz * rd * den || vco_num > (u128)l->vco_max_khz * rd * den)
		return false;
	c->ref_div = rd;
	c->post_div = pd;
	c->fbx = (uint64_t)fbx;
	c->err_num = out > tgt ? out - tgt : tgt - out;
	c->err_den = (u128)rd * pd * den;
	return true;
}

int dc_pll_compute(const struct dc_pll_limits *lim, uint32_t target_khz,
		   struct dc_pll_dividers *out)
{
	struct candidate best = { 0 }, c;
	bool found = false;

	if (!target_khz || !limits_valid(lim))
		return -EINVAL;
	for (uint32_t pd = lim->post_div_max; pd >= lim->post_div_min; pd--) {
		uint64_t vco = (uint64_t)target_khz * pd;

		if (vco < lim->vco_min_khz)
			break; /* smaller post dividers only lower it further */
		if (vco > lim->vco_max_khz)
			continue;
		for (uint32_t rd = lim->ref_div_min; rd <= lim->ref_div_max; rd++) {
			/* phase detector input ref / rd within [min_input, max_input] */
			if ((uint64_t)lim->ref_khz > (uint64_t)lim->max_input_khz * rd)
				continue;
			if ((uint64_t)lim->ref_khz < (uint64_t)lim->min_input_khz * rd)
				break;
			if (!try_dividers(lim, target_khz, rd, pd, &c))
				continue;
			/* strictly smaller error wins: ties keep the higher VCO, smaller rd */
			if (!found || c.err_num * best.err_den < best.err_num * c.err_den) {
				best = c;
				found = true;
			}
		}
	}
	if (!found)
		return -ERANGE;

	u128 vco_num = (u128)lim->ref_khz * best.fbx;
	u128 rd_den = (u128)best.ref_div * lim->fb_frac_den;
	s128 diff = (s128)vco_num -
		    (s128)((u128)target_khz * best.ref_div * best.post_div * lim->fb_frac_den);

	out->ref_div = (uint16_t)best.ref_div;
	out->post_div = (uint16_t)best.post_div;
	out->fb_div = (uint16_t)(best.fbx / lim->fb_frac_den);
	out->fb_frac = (uint32_t)(best.fbx % lim->fb_frac_den);
	out->vco_khz = frac32(vco_num, rd_den);
	out->clock_khz = frac32(vco_num, rd_den * best.post_div);
	/* ppm = diff / (target x rd x pd x den) x 10^6 */
	out->error_ppm = frac31(diff * 1000000, (s128)target_khz * (s128)(rd_den * best.post_div));
	return 0;
}

int dc_dp_dto_compute(uint32_t dprefclk_khz, uint32_t pixel_khz, struct dc_dp_dto *out)
{
	uint64_t phase = (uint64_t)pixel_khz * 1000, modulo = (uint64_t)dprefclk_khz * 1000;

	if (!pixel_khz || !dprefclk_khz)
		return -EINVAL;
	if (modulo > UINT32_MAX || phase > modulo)
		return -ERANGE;
	out->phase = (uint32_t)phase;
	out->modulo = (uint32_t)modulo;
	return 0;
}
