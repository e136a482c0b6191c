/*
 * pow against MPFR on 1,000,000 argument pairs. Independent random pairs
 * nearly always overflow or vanish, so most pairs are shaped: y is chosen
 * from x so that y ln|x| lands where the result is representable, with x
 * near 1 and |y| up to 2^31 (the case that needs a 128-bit ln), and
 * negative x with integer y.
 */
#include <inttypes.h>
#include <math.h>
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

/* y (raw) with y ln|x| = t, limited to the finite range. */
static int64_t y_for(int64_t x, double t)
{
	double lx = log(fabs((double)x) / 4294967296.0);
	double y = lx == 0 ? t : t / lx * 4294967296.0;

	if (y > 9.2e18)
		return INT64_MAX - 1;
	if (y < -9.2e18)
		return INT64_MIN + 1;
	return (int64_t)y;
}

static void shape_pow(int64_t *raw, struct fixpt_rng *rng)
{
	uint64_t bits = fixpt_rng_next(rng);
	/* t uniform in -24 .. 23: results from ~2^-35 to past 2^31 */
	double t = (double)(bits >> 11) / 9007199254740992.0 * 47.0 - 24.0;

	switch (fixpt_rng_below(rng, 8)) {
	case 0: /* independent operands, as drawn */
		break;
	case 1: /* x near 1, |y| large */
		raw[0] = (INT64_C(1) << 32) + (int64_t)(bits >> 44) - (INT64_C(1) << 19);
		if (raw[0] == INT64_C(1) << 32)
			raw[0]++;
		raw[1] = y_for(raw[0], t);
		break;
	case 2: { /* negative x, integer y */
		int64_t k = (int64_t)fixpt_rng_below(rng, 64) - 32;

		raw[0] = -(raw[0] < 0 ? -raw[0] : raw[0]) >> fixpt_rng_below(rng, 40);
		raw[1] = k * (INT64_C(1) << 32);
		break;
	}
	default: /* any positive x, y to match */
		raw[0] = raw[0] < 0 ? -raw[0] : raw[0];
		if (raw[0] == 0)
			raw[0] = 1;
		raw[1] = y_for(raw[0], t);
		break;
	}
}

static uint64_t run_pow(const int64_t *in)
{
	return R(fixed31_32_pow(F(in[0]), F(in[1])));
}

static void ref_pow(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_t x, y;

	mpfr_inits2(128, x, y, (mpfr_ptr)0);
	mpfr_div_2ui(x, in[0], 32, MPFR_RNDN);
	mpfr_div_2ui(y, in[1], 32, MPFR_RNDN);
	/* Documented: negative x with a non-integer y gives the negative marker. */
	if (raw[0] < 0 && !mpfr_integer_p(y))
		mpfr_set_inf(e, -1);
	else
		mpfr_pow(e, x, y, MPFR_RNDN); /* 0^-y = +inf: the positive marker */
	mpfr_mul_2ui(e, e, 32, MPFR_RNDN);
	mpfr_clears(x, y, (mpfr_ptr)0);
}

#define A31 &fixpt_arg31

static const struct fixpt_op pow_op = {
	"pow", FIXPT_S31, BOUND, 2, { A31, A31 }, run_pow, ref_pow, 160, 61, shape_pow,
};

static void test_exact_points(void **state)
{
	struct fixed31_32 two = fixed31_32_from_int(2), m2 = fixed31_32_from_int(-2);

	assert_int_equal(fixed31_32_pow(two, fixed31_32_from_int(10)).value, INT64_C(1024) << 32);
	assert_int_equal(fixed31_32_pow(m2, fixed31_32_from_int(3)).value, -(INT64_C(8) << 32));
	assert_int_equal(fixed31_32_pow(m2, fixed31_32_from_int(-2)).value, INT64_C(1) << 30);
	assert_int_equal(fixed31_32_pow(two, fixed31_32_from_int(-32)).value, 1);
	assert_int_equal(fixed31_32_pow(two, fixed31_32_from_int(30)).value, INT64_C(1) << 62);
	assert_int_equal(fixed31_32_pow(two, fixed31_32_from_int(31)).value, INT64_MAX);
	assert_int_equal(fixed31_32_pow(m2, fixed31_32_from_int(31)).value, INT64_MIN);
	assert_int_equal(fixed31_32_pow(fixed31_32_from_int(4), FIXED31_32_HALF).value,
			 INT64_C(2) << 32);
}

static void test_special_cases(void **state)
{
	struct fixed31_32 zero = FIXED31_32_ZERO, one = FIXED31_32_ONE, half = FIXED31_32_HALF;
	struct fixed31_32 m1 = fixed31_32_from_int(-1);

	assert_int_equal(fixed31_32_pow(zero, zero).value, one.value);
	assert_int_equal(fixed31_32_pow(zero, half).value, 0);
	assert_int_equal(fixed31_32_pow(zero, m1).value, INT64_MAX); /* pole */
	assert_int_equal(fixed31_32_pow(m1, zero).value, one.value);
	assert_int_equal(fixed31_32_pow(m1, half).value, INT64_MIN); /* domain */
	assert_int_equal(fixed31_32_pow(FIXED31_32_MIN, zero).value, one.value);
	assert_int_equal(fixed31_32_pow(one, FIXED31_32_MAX).value, one.value);
	assert_int_equal(fixed31_32_pow(half, FIXED31_32_MAX).value, 0);
	assert_int_equal(fixed31_32_pow(half, FIXED31_32_MIN).value, INT64_MAX);
}

static void test_markers(void **state)
{
	const struct fixed31_32 pos = FIXED31_32_OVERFLOW_POS, neg = FIXED31_32_OVERFLOW_NEG;

	assert_int_equal(fixed31_32_pow(pos, FIXED31_32_ZERO).value, INT64_MAX);
	assert_int_equal(fixed31_32_pow(neg, FIXED31_32_ONE).value, INT64_MAX);
	assert_int_equal(fixed31_32_pow(FIXED31_32_ONE, neg).value, INT64_MAX);
	assert_int_equal(fixed31_32_pow(FIXED31_32_ZERO, pos).value, INT64_MAX);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		{ .name = "pow", .test_func = fixpt_test_op, .initial_state = (void *)&pow_op },
		cmocka_unit_test(test_exact_points),
		cmocka_unit_test(test_special_cases),
		cmocka_unit_test(test_markers),
	};

	return cmocka_run_group_tests_name("fixpt-pow", tests, NULL, NULL);
}
