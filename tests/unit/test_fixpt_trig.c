/*
 * sin, cos and sinc against MPFR on 1,000,000 arguments each: the whole
 * range, small angles, and arguments within a few ulps of multiples of
 * pi/2 where a careless range reduction loses every bit.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "fixpt_ref.h"
#include "fixpt_wide.h"

/* The documented bound of the transcendental functions, in ulps. */
#define BOUND (0.5 + 1.0 / (1 << 20))

static struct fixed31_32 F(int64_t raw) {
	return (struct fixed31_32){ raw };
}

static uint64_t
R(struct fixed31_32 x)
{
	return (uint64_t)x.value;
}

/* Replaces a share of the arguments by small angles and near-multiples. */
static void shape_angle(int64_t *raw, struct fixpt_rng *rng)
{
	uint64_t bits = fixpt_rng_next(rng);

	switch (bits & 3) {
	case 0: /* |x| < 32: the first turns, uniformly */
		raw[0] = (int64_t)(bits >> 26) - (INT64_C(1) << 37);
		break;
	case 1: { /* k pi/2 plus a few ulps, k up to 2^30 */
		uint64_t k = fixpt_rng_next(rng) >> (34 + fixpt_rng_below(rng, 30));
		fixpt_u128 m = ((fixpt_u128)k * FIXPT_PIO2_Q63) >> 31;

		raw[0] = (int64_t)m + (int64_t)(bits >> 58) - 32;
		if (bits & 4)
			raw[0] = -raw[0];
		break;
	}
	default: /* keep the general mix */
		break;
	}
}

static void scaled_arg(mpfr_ptr e, mpfr_srcptr raw)
{
	mpfr_div_2ui(e, raw, 32, MPFR_RNDN);
}

static uint64_t run_sin(const int64_t *in)
{
	return R(fixed31_32_sin(F(in[0])));
}

static void ref_sin(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	scaled_arg(e, in[0]);
	mpfr_sin(e, e, MPFR_RNDN);
	mpfr_mul_2ui(e, e, 32, MPFR_RNDN);
}

static uint64_t run_cos(const int64_t *in)
{
	return R(fixed31_32_cos(F(in[0])));
}

static void ref_cos(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	scaled_arg(e, in[0]);
	mpfr_cos(e, e, MPFR_RNDN);
	mpfr_mul_2ui(e, e, 32, MPFR_RNDN);
}

static uint64_t run_sinc(const int64_t *in)
{
	return R(fixed31_32_sinc(F(in[0])));
}

static void ref_sinc(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	if (raw[0] == 0) {
		mpfr_set_ui(e, 1, MPFR_RNDN);
	} else {
		scaled_arg(e, in[0]);
		mpfr_sin(e, e, MPFR_RNDN);
		mpfr_mul_2ui(e, e, 64, MPFR_RNDN);
		mpfr_div(e, e, in[0], MPFR_RNDN);
		return;
	}
	mpfr_mul_2ui(e, e, 32, MPFR_RNDN);
}

#define A31 &fixpt_arg31

// clang-format off
static const struct fixpt_op ops[] = {
	{ "sin", FIXPT_S31, BOUND, 1, { A31 }, run_sin, ref_sin, 128, 41, shape_angle },
	{ "cos", FIXPT_S31, BOUND, 1, { A31 }, run_cos, ref_cos, 128, 42, shape_angle },
	{ "sinc", FIXPT_S31, BOUND, 1, { A31 }, run_sinc, ref_sinc, 128, 43, shape_angle },
};
// clang-format on

#define N_OPS (sizeof(ops) / sizeof(ops[0]))

static void test_exact_points(void **state)
{
	assert_int_equal(fixed31_32_sin(FIXED31_32_ZERO).value, 0);
	assert_int_equal(fixed31_32_cos(FIXED31_32_ZERO).value, INT64_C(1) << 32);
	assert_int_equal(fixed31_32_sinc(FIXED31_32_ZERO).value, INT64_C(1) << 32);
	/* sin(pi) is 0 to the last bit although pi is rounded: |sin(pi~)| < 2^-33. */
	assert_int_equal(fixed31_32_sin(FIXED31_32_PI).value, 0);
	assert_int_equal(fixed31_32_cos(FIXED31_32_PI).value, -(INT64_C(1) << 32));
	assert_int_equal(fixed31_32_sin(FIXED31_32_HALF_PI).value, INT64_C(1) << 32);
}

/* The seed's cos had no range reduction: check far out explicitly. */
static void test_large_arguments(void **state)
{
	struct fixed31_32 x = FIXED31_32_MAX, s = fixed31_32_sin(x), c = fixed31_32_cos(x);
	/* sin^2 + cos^2 = 1 within the rounding of two products. */
	struct fixed31_32 sum = fixed31_32_add(fixed31_32_sqr(s), fixed31_32_sqr(c));

	assert_true(llabs(sum.value - (INT64_C(1) << 32)) <= 4);
	/* sin is odd, and MIN is -MAX - 2^-32: within one step of -sin(MAX). */
	assert_true(llabs(fixed31_32_sin(FIXED31_32_MIN).value + s.value) <= 2);
}

static void test_markers(void **state)
{
	const struct fixed31_32 pos = FIXED31_32_OVERFLOW_POS, neg = FIXED31_32_OVERFLOW_NEG;

	assert_int_equal(fixed31_32_sin(pos).value, INT64_MAX);
	assert_int_equal(fixed31_32_sin(neg).value, INT64_MIN);
	assert_int_equal(fixed31_32_cos(pos).value, INT64_MAX);
	assert_int_equal(fixed31_32_cos(neg).value, INT64_MIN);
	assert_int_equal(fixed31_32_sinc(neg).value, INT64_MIN);
}

int main(void)
{
	// clang-format off
	const struct CMUnitTest extra[] = {
		cmocka_unit_test(test_exact_points),
		cmocka_unit_test(test_large_arguments),
		cmocka_unit_test(test_markers),
	};
	// clang-format on

	return fixpt_run_group("fixpt-trig", ops, N_OPS, extra, sizeof(extra) / sizeof(extra[0]));
}
