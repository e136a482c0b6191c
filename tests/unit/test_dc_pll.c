/*
 * dc_pll_compute and dc_dp_dto_compute: exact dividers for the CTA
 * clocks, a sweep over 25..600 MHz checked against an independent
 * brute-force search and the divider rounding bound, and the limits.
 * The limits are the real ones of the pools (resource.c): 27 MHz crystal
 * on Tonga/Fiji, 100 MHz reference on Carrizo/Stoney.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dc_test.h"

__extension__ typedef unsigned __int128 u128;

static const struct dc_pll_limits *pll(enum dc_asic asic)
{
	return &dc_resource_pool_get(asic)->pll;
}

/* The dividers reproduce the clock by the simulator's formula, exactly. */
static void check_dividers(const struct dc_pll_limits *l, uint32_t target,
			   const struct dc_pll_dividers *d)
{
	u128 fbx = (u128)d->fb_div * l->fb_frac_den + d->fb_frac;
	u128 vco_num = (u128)l->ref_khz * fbx, vco_den = (u128)d->ref_div * l->fb_frac_den;

	assert_in_range(d->ref_div, l->ref_div_min, l->ref_div_max);
	assert_in_range(d->fb_div, l->fb_div_min, l->fb_div_max);
	assert_true(d->fb_frac < l->fb_frac_den);
	assert_in_range(d->post_div, l->post_div_min, l->post_div_max);
	/* phase detector input and VCO in range */
	assert_true((u128)l->ref_khz <= (u128)l->max_input_khz * d->ref_div);
	assert_true((u128)l->ref_khz >= (u128)l->min_input_khz * d->ref_div);
	assert_true(vco_num >= (u128)l->vco_min_khz * vco_den);
	assert_true(vco_num <= (u128)l->vco_max_khz * vco_den);
	/* clock_khz is vco / post to within rounding (one ulp) */
	struct fixed32_32 clock =
		fixed32_32_from_fraction((uint64_t)vco_num, (uint64_t)(vco_den * d->post_div));
	assert_int_equal(clock.value, d->clock_khz.value);
	(void)target;
}

static void expect(const struct dc_pll_limits *l, uint32_t target, unsigned rd, unsigned fb,
		   unsigned frac, unsigned pd)
{
	struct dc_pll_dividers d;

	assert_int_equal(dc_pll_compute(l, target, &d), 0);
	check_dividers(l, target, &d);
	assert_int_equal(d.ref_div, rd);
	assert_int_equal(d.fb_div, fb);
	assert_int_equal(d.fb_frac, frac);
	assert_int_equal(d.post_div, pd);
	assert_true(fixed32_32_eq(d.clock_khz, fixed32_32_from_int(target)));
	assert_int_equal(d.error_ppm.value, 0);
}

static void test_cta_clocks_exact(void **state)
{
	/* 27 MHz: 148.5 = 27 x 44 / 1 / 8 at a 1188 MHz VCO */
	expect(pll(DC_ASIC_TONGA), 148500, 1, 44, 0, 8);
	expect(pll(DC_ASIC_TONGA), 594000, 1, 44, 0, 2);
	expect(pll(DC_ASIC_TONGA), 74250, 1, 44, 0, 16);
	/* 533.25 = 27 x 39.5 / 2 */
	expect(pll(DC_ASIC_TONGA), 533250, 1, 39, 500000, 2);
	/* 100 MHz: 148.5 = 100 x 47.52 / 4 / 8 */
	expect(pll(DC_ASIC_CARRIZO), 148500, 4, 47, 520000, 8);
	expect(pll(DC_ASIC_CARRIZO), 594000, 4, 47, 520000, 2);
}

/* An independent search: every (post, ref) pair, error as a fraction. */
static void brute_force(const struct dc_pll_limits *l, uint32_t target, u128 *best_num,
			u128 *best_den)
{
	*best_num = 1;
	*best_den = 0; /* infinity */
	for (uint32_t pd = l->post_div_min; pd <= l->post_div_max; pd++) {
		if ((u128)target * pd < l->vco_min_khz || (u128)target * pd > l->vco_max_khz)
			continue;
		for (uint32_t rd = l->ref_div_min; rd <= l->ref_div_max; rd++) {
			u128 den = l->fb_frac_den, want = (u128)target * pd * rd * den, fbx, out,
			     err;

			if (l->ref_khz < (u128)l->min_input_khz * rd)
				break;
			if (l->ref_khz > (u128)l->max_input_khz * rd)
				continue;
			fbx = (want + l->ref_khz / 2) / l->ref_khz;
			if (fbx / den < l->fb_div_min || fbx / den > l->fb_div_max)
				continue;
			out = (u128)l->ref_khz * fbx;
			if (out < (u128)l->vco_min_khz * rd * den ||
			    out > (u128)l->vco_max_khz * rd * den)
				continue;
			err = out > want ? out - want : want - out;
			if (*best_den == 0 || err * *best_den < *best_num * ((u128)rd * pd * den)) {
				*best_num = err;
				*best_den = (u128)rd * pd * den;
			}
		}
	}
}

static void sweep(enum dc_asic asic, uint32_t step)
{
	const struct dc_pll_limits *l = pll(asic);
	double worst = 0;

	for (uint32_t target = 25000; target <= 600000; target += step) {
		struct dc_pll_dividers d;
		u128 best_num, best_den, fbx, out, want, err;
		double ppm, bound;

		assert_int_equal(dc_pll_compute(l, target, &d), 0);
		check_dividers(l, target, &d);
		fbx = (u128)d.fb_div * l->fb_frac_den + d.fb_frac;
		out = (u128)l->ref_khz * fbx;
		want = (u128)target * d.ref_div * d.post_div * l->fb_frac_den;
		err = out > want ? out - want : want - out;
		/* as good as the exhaustive search */
		brute_force(l, target, &best_num, &best_den);
		assert_true(best_den != 0);
		assert_true(err * best_den ==
			    best_num * ((u128)d.ref_div * d.post_div * l->fb_frac_den));
		/* within half a fraction step: ref / (rd x den) / 2 at the VCO */
		assert_true(2 * err <= l->ref_khz);
		/* the reported ppm matches (to 2^-32 ppm rounding) */
		ppm = (double)((long double)out - (long double)want) /
		      (double)((u128)target * d.ref_div * d.post_div * l->fb_frac_den) * 1e6;
		assert_true(fabs(ppm - d.error_ppm.value / 4294967296.0) < 1e-6);
		/* half a step at a VCO of at least 600 MHz: ref / rd / den / 2 / 600 MHz */
		bound = (double)l->ref_khz / d.ref_div / l->fb_frac_den / 2 / 600000.0 * 1e6;
		assert_true(fabs(ppm) <= bound + 1e-12);
		if (fabs(ppm) > worst)
			worst = fabs(ppm);
	}
	/* 27 MHz: <= 0.0225 ppm; 100 MHz: exact for every kHz (fb = f x post x rd / 10^5) */
	assert_true(worst < 0.025);
	if (dc_resource_pool_get(asic)->pll.ref_khz == 100000)
		assert_true(worst == 0);
	print_message("%s: worst PLL error %.6f ppm over 25..600 MHz\n", dc_asic_name(asic), worst);
}

static void test_sweep_27mhz(void **state)
{
	sweep(DC_ASIC_FIJI, 997);
}

static void test_sweep_100mhz(void **state)
{
	sweep(DC_ASIC_CARRIZO, 1009);
}

static void test_vga_and_fractional_clocks(void **state)
{
	struct dc_pll_dividers d;
	const struct dc_pll_limits *l = pll(DC_ASIC_TONGA);

	/* 25.175 MHz is exact from 27 MHz once post x ref divider is a multiple of 27 */
	expect(l, 25175, 1, 25, 175000, 27);
	assert_int_equal(dc_pll_compute(l, 25175, &d), 0);
	assert_int_equal(fixed32_32_floor(d.vco_khz), 679725);
	/*
	 * 148.352 MHz (1080p at 59.94 Hz): 27 never divides post x ref (post <= 8,
	 * ref <= 2), so it is off by a fraction step at most
	 */
	assert_int_equal(dc_pll_compute(l, 148352, &d), 0);
	check_dividers(l, 148352, &d);
	assert_true(d.error_ppm.value != 0);
	assert_true(fabs(d.error_ppm.value / 4294967296.0) < 0.025);
	assert_int_equal(fixed32_32_round(d.clock_khz), 148352);
	/* a 100 MHz reference makes every whole kHz exact: fb = f x post x ref / 10^5 */
	expect(pll(DC_ASIC_STONEY), 148352, 4, 47, 472640, 8);
}

static void test_limits(void **state)
{
	const struct dc_pll_limits *l = pll(DC_ASIC_TONGA);
	struct dc_pll_limits bad = *l;
	struct dc_pll_dividers d;

	/* the VCO range sets the ends: 600 MHz / 127 and 1200 MHz / 1 */
	assert_int_equal(dc_pll_compute(l, 4724, &d), -ERANGE);
	assert_int_equal(dc_pll_compute(l, 4725, &d), 0);
	assert_int_equal(d.post_div, 127);
	assert_int_equal(dc_pll_compute(l, 1200000, &d), 0);
	assert_int_equal(d.post_div, 1);
	assert_int_equal(dc_pll_compute(l, 1200001, &d), -ERANGE);
	assert_int_equal(dc_pll_compute(l, 0, &d), -EINVAL);
	bad.post_div_min = 0;
	assert_int_equal(dc_pll_compute(&bad, 148500, &d), -EINVAL);
	bad = *l;
	bad.ref_div_min = 5; /* input would be below 13.5 MHz */
	assert_int_equal(dc_pll_compute(&bad, 148500, &d), -ERANGE);
}

static void test_dp_dto(void **state)
{
	struct dc_dp_dto dto;

	assert_int_equal(dc_dp_dto_compute(600000, 533250, &dto), 0);
	assert_int_equal(dto.phase, 533250000);
	assert_int_equal(dto.modulo, 600000000);
	assert_int_equal(dc_dp_dto_compute(600000, 600000, &dto), 0);
	assert_int_equal(dc_dp_dto_compute(600000, 600001, &dto), -ERANGE);
	assert_int_equal(dc_dp_dto_compute(600000, 0, &dto), -EINVAL);
	assert_int_equal(dc_dp_dto_compute(5000000, 148500, &dto), -ERANGE); /* 5 GHz: > 2^32 Hz */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cta_clocks_exact),
		cmocka_unit_test(test_sweep_27mhz),
		cmocka_unit_test(test_sweep_100mhz),
		cmocka_unit_test(test_vga_and_fractional_clocks),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_dp_dto),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
