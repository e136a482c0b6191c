/*
 * exp and log against MPFR on 1,000,000 arguments each, including the
 * overflow and underflow boundaries of exp and the domain errors of log.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fixpt_ref.h"

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

/* Half the arguments uniformly in -24 .. 24, where e^x is neither 0 nor out. */
static void shape_exp(int64_t *raw, struct fixpt_rng *rng)
{
	uint64_t bits = fixpt_rng_next(rng);

	if (bits & 1)
		raw[0] = (int64_t)fixpt_rng_below(rng, UINT64_C(48) << 32) - (INT64_C(24) << 32);
}

/* Mostly positive arguments; a quarter near 1, where ln x is tiny. */
static void shape_log(int64_t *raw, struct fixpt_rng *rng)
{
	uint64_t bits = fixpt_rng_next(rng);

	switch (bits & 7) {
	case 0: /* keep the sign: x <= 0 is a domain error */
		break;
	case 1:
	case 2:
		raw[0] = (INT64_C(1) << 32) + (int64_t)(bits >> 40) - (INT64_C(1) << 23);
		break;
	default:
		raw[0] = raw[0] < 0 ? -raw[0] : raw[0];
		break;
	}
}

static uint64_t run_exp(const int64_t *in)
{
	return R(fixed31_32_exp(F(in[0])));
}

static void ref_exp(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_div_2ui(e, in[0], 32, MPFR_RNDN);
	mpfr_exp(e, e, MPFR_RNDN);
	mpfr_mul_2ui(e, e, 32, MPFR_RNDN);
}

static uint64_t run_log(const int64_t *in)
{
	return R(fixed31_32_log(F(in[0])));
}

static void ref_log(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	/* Documented: x <= 0 gives the negative marker. */
	if (raw[0] <= 0) {
		mpfr_set_inf(e, -1);
		return;
	}
	mpfr_div_2ui(e, in[0], 32, MPFR_RNDN);
	mpfr_log(e, e, MPFR_RNDN);
	mpfr_mul_2ui(e, e, 32, MPFR_RNDN);
}

#define A31 &fixpt_arg31

// clang-format off
static const struct fixpt_op ops[] = {
	{ "exp", FIXPT_S31, BOUND, 1, { A31 }, run_exp, ref_exp, 160, 51, shape_exp },
	{ "log", FIXPT_S31, BOUND, 1, { A31 }, run_log, ref_log, 160, 52, shape_log },
};
// clang-format on

#define N_OPS (sizeof(ops) / sizeof(ops[0]))

static void test_exact_points(void **state)
{
	assert_int_equal(fixed31_32_exp(FIXED31_32_ZERO).value, INT64_C(1) << 32);
	assert_int_equal(fixed31_32_log(FIXED31_32_ONE).value, 0);
	assert_int_equal(fixed31_32_log(fixed31_32_from_int(2)).value, FIXED31_32_LN2.value);
	assert_int_equal(fixed31_32_exp(FIXED31_32_ONE).value, FIXED31_32_E.value);
}

/*
 * The last argument whose e^x fits and the first that overflows: found by
 * bisection on the raw value with MPFR deciding, so the boundary is exact.
 */
static void test_exp_overflow_boundary(void **state)
{
	mpfr_t x;
	int64_t lo = INT64_C(21) << 32, hi = INT64_C(22) << 32; /* e^21 fits, e^22 not */

	mpfr_init2(x, 200);
	while (hi - lo > 1) {
		int64_t mid = lo + (hi - lo) / 2;

		mpfr_set_si_2exp(x, mid, -32, MPFR_RNDN);
		mpfr_exp(x, x, MPFR_RNDN);
		mpfr_mul_2ui(x, x, 32, MPFR_RNDN);
		/* rounds to INT64_MAX or more from INT64_MAX - 1/2 */
		mpfr_sub_si(x, x, INT64_MAX - 1, MPFR_RNDN);
		if (mpfr_cmp_d(x, 0.5) >= 0)
			hi = mid;
		else
			lo = mid;
	}
	mpfr_clear(x);
	assert_false(fixed31_32_is_overflow(fixed31_32_exp(F(lo))));
	assert_int_equal(fixed31_32_exp(F(hi)).value, INT64_MAX);
	assert_int_equal(fixed31_32_exp(FIXED31_32_MAX).value, INT64_MAX);
	/* Underflow is not overflow: tiny results round to zero. */
	assert_int_equal(fixed31_32_exp(fixed31_32_from_int(-23)).value, 0);
	assert_int_equal(fixed31_32_exp(fixed31_32_from_int(-22)).value, 1);
	assert_int_equal(fixed31_32_exp(FIXED31_32_MIN).value, 0);
}

static void test_log_domain(void **state)
{
	assert_int_equal(fixed31_32_log(FIXED31_32_ZERO).value, INT64_MIN);
	assert_int_equal(fixed31_32_log(fixed31_32_from_int(-1)).value, INT64_MIN);
	assert_int_equal(fixed31_32_log(FIXED31_32_MIN).value, INT64_MIN);
	/* The smallest positive value: ln 2^-32 = -22.18, finite. */
	assert_false(fixed31_32_is_overflow(fixed31_32_log(FIXED31_32_EPSILON)));
	assert_false(fixed31_32_is_overflow(fixed31_32_log(FIXED31_32_MAX)));
}

static void test_markers(void **state)
{
	const struct fixed31_32 pos = FIXED31_32_OVERFLOW_POS, neg = FIXED31_32_OVERFLOW_NEG;

	assert_int_equal(fixed31_32_exp(pos).value, INT64_MAX);
	assert_int_equal(fixed31_32_exp(neg).value, INT64_MAX);
	assert_int_equal(fixed31_32_log(pos).value, INT64_MAX);
	assert_int_equal(fixed31_32_log(neg).value, INT64_MIN);
}

int main(void)
{
	// clang-format off
	const struct CMUnitTest extra[] = {
		cmocka_unit_test(test_exact_points),
		cmocka_unit_test(test_exp_overflow_boundary),
		cmocka_unit_test(test_log_domain),
		cmocka_unit_test(test_markers),
	};
	// clang-format on

	return fixpt_run_group("fixpt-explog", ops, N_OPS, extra, sizeof(extra) / sizeof(extra[0]));
}
