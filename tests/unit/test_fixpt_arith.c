/*
 * fixed31_32 arithmetic against exact MPFR results: every operation on
 * 1,000,000 operands (edge combinations first), correctly rounded to
 * nearest even or exact, with markers exactly when the result does not fit.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fixpt_ref.h"

static struct fixed31_32 F(int64_t raw) {
	return (struct fixed31_32){ raw };
}

static uint64_t
R(struct fixed31_32 x)
{
	return (uint64_t)x.value;
}

/*
 * The quotients below are rounded once by MPFR at 256 bits; rounding that
 * again to an integer is still exact: a quotient of integers below 2^96
 * by d < 2^64 is either a half-integer exactly or at least 1/(2d) away
 * from one, far beyond 256-bit precision.
 */
static void quotient(mpfr_ptr e, mpfr_srcptr num, mpfr_srcptr den, unsigned int num_shift)
{
	mpfr_mul_2ui(e, num, num_shift, MPFR_RNDN);
	/* 0/0 gives the positive marker by the documented rule; MPFR says NaN. */
	if (mpfr_zero_p(den) && mpfr_zero_p(num))
		mpfr_set_inf(e, 1);
	else
		mpfr_div(e, e, den, MPFR_RNDN);
}

static uint64_t run_from_fraction(const int64_t *in)
{
	return R(fixed31_32_from_fraction(in[0], in[1]));
}

static void ref_from_fraction(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	quotient(e, in[0], in[1], 32);
}

static uint64_t run_add(const int64_t *in)
{
	return R(fixed31_32_add(F(in[0]), F(in[1])));
}

static void ref_add(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_add(e, in[0], in[1], MPFR_RNDN);
}

static uint64_t run_sub(const int64_t *in)
{
	return R(fixed31_32_sub(F(in[0]), F(in[1])));
}

static void ref_sub(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_sub(e, in[0], in[1], MPFR_RNDN);
}

static uint64_t run_add_int(const int64_t *in)
{
	return R(fixed31_32_add_int(F(in[0]), in[1]));
}

static void ref_add_int(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_mul_2ui(e, in[1], 32, MPFR_RNDN);
	mpfr_add(e, in[0], e, MPFR_RNDN);
}

static uint64_t run_sub_int(const int64_t *in)
{
	return R(fixed31_32_sub_int(F(in[0]), in[1]));
}

static void ref_sub_int(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_mul_2ui(e, in[1], 32, MPFR_RNDN);
	mpfr_sub(e, in[0], e, MPFR_RNDN);
}

static uint64_t run_mul(const int64_t *in)
{
	return R(fixed31_32_mul(F(in[0]), F(in[1])));
}

static void ref_mul(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_mul(e, in[0], in[1], MPFR_RNDN);
	mpfr_div_2ui(e, e, 32, MPFR_RNDN);
}

static uint64_t run_mul_int(const int64_t *in)
{
	return R(fixed31_32_mul_int(F(in[0]), in[1]));
}

static void ref_mul_int(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_mul(e, in[0], in[1], MPFR_RNDN);
}

static uint64_t run_div(const int64_t *in)
{
	return R(fixed31_32_div(F(in[0]), F(in[1])));
}

static void ref_div(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	quotient(e, in[0], in[1], 32);
}

static uint64_t run_div_int(const int64_t *in)
{
	return R(fixed31_32_div_int(F(in[0]), in[1]));
}

static void ref_div_int(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	quotient(e, in[0], in[1], 0);
}

static uint64_t run_sqr(const int64_t *in)
{
	return R(fixed31_32_sqr(F(in[0])));
}

static void ref_sqr(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_sqr(e, in[0], MPFR_RNDN);
	mpfr_div_2ui(e, e, 32, MPFR_RNDN);
}

static uint64_t run_recip(const int64_t *in)
{
	return R(fixed31_32_recip(F(in[0])));
}

static void ref_recip(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	/* 1 / (x / 2^32) * 2^32; 1/+0 is +inf in MPFR, the documented marker. */
	mpfr_ui_div(e, 1, in[0], MPFR_RNDN);
	mpfr_mul_2ui(e, e, 64, MPFR_RNDN);
}

#define A31  &fixpt_arg31
#define AINT &fixpt_arg_int

// clang-format off
static const struct fixpt_op ops[] = {
	{ "from_fraction", FIXPT_S31, 0.5, 2, { AINT, AINT }, run_from_fraction, ref_from_fraction, 0, 1 },
	{ "add", FIXPT_S31, 0, 2, { A31, A31 }, run_add, ref_add, 0, 2 },
	{ "sub", FIXPT_S31, 0, 2, { A31, A31 }, run_sub, ref_sub, 0, 3 },
	{ "add_int", FIXPT_S31, 0, 2, { A31, AINT }, run_add_int, ref_add_int, 0, 4 },
	{ "sub_int", FIXPT_S31, 0, 2, { A31, AINT }, run_sub_int, ref_sub_int, 0, 5 },
	{ "mul", FIXPT_S31, 0.5, 2, { A31, A31 }, run_mul, ref_mul, 0, 6 },
	{ "mul_int", FIXPT_S31, 0, 2, { A31, AINT }, run_mul_int, ref_mul_int, 0, 7 },
	{ "div", FIXPT_S31, 0.5, 2, { A31, A31 }, run_div, ref_div, 0, 8 },
	{ "div_int", FIXPT_S31, 0.5, 2, { A31, AINT }, run_div_int, ref_div_int, 0, 9 },
	{ "sqr", FIXPT_S31, 0.5, 1, { A31 }, run_sqr, ref_sqr, 0, 10 },
	{ "recip", FIXPT_S31, 0.5, 1, { A31 }, run_recip, ref_recip, 0, 11 },
};
// clang-format on

#define N_OPS (sizeof(ops) / sizeof(ops[0]))

/* Ties go to the even neighbour, in both directions of the sign. */
static void test_ties_to_even(void **state)
{
	/* 2^-32 * 1/2 = 2^-33: a tie between 0 and 2^-32, 0 is even. */
	assert_int_equal(fixed31_32_mul(F(1), FIXED31_32_HALF).value, 0);
	/* 3 * 2^-33: a tie between 1 and 2 ulps: 2. */
	assert_int_equal(fixed31_32_mul(F(3), FIXED31_32_HALF).value, 2);
	assert_int_equal(fixed31_32_mul(F(-3), FIXED31_32_HALF).value, -2);
	assert_int_equal(fixed31_32_from_fraction(1, INT64_C(1) << 33).value, 0);
	assert_int_equal(fixed31_32_from_fraction(3, INT64_C(1) << 33).value, 2);
	assert_int_equal(fixed31_32_div_int(F(5), 2).value, 2);
	assert_int_equal(fixed31_32_div_int(F(7), -2).value, -4);
}

/* Division by zero is a marker of the numerator's sign (0/0 positive). */
static void test_division_by_zero(void **state)
{
	assert_int_equal(fixed31_32_from_fraction(5, 0).value, INT64_MAX);
	assert_int_equal(fixed31_32_from_fraction(-5, 0).value, INT64_MIN);
	assert_int_equal(fixed31_32_from_fraction(0, 0).value, INT64_MAX);
	assert_int_equal(fixed31_32_div(FIXED31_32_ONE, FIXED31_32_ZERO).value, INT64_MAX);
	assert_int_equal(fixed31_32_div(F(-1), FIXED31_32_ZERO).value, INT64_MIN);
	assert_int_equal(fixed31_32_div_int(F(-1), 0).value, INT64_MIN);
	assert_int_equal(fixed31_32_div_int(F(0), 0).value, INT64_MAX);
	assert_int_equal(fixed31_32_recip(FIXED31_32_ZERO).value, INT64_MAX);
}

/* The most negative finite value: its negation, square and reciprocal. */
static void test_most_negative(void **state)
{
	struct fixed31_32 min = FIXED31_32_MIN;

	assert_false(fixed31_32_is_overflow(min));
	assert_int_equal(fixed31_32_sub(min, FIXED31_32_EPSILON).value, INT64_MIN);
	assert_int_equal(fixed31_32_mul_int(min, -1).value, INT64_MAX);
	assert_int_equal(fixed31_32_mul_int(min, 1).value, min.value);
	assert_int_equal(fixed31_32_div_int(min, -1).value, INT64_MAX);
	assert_int_equal(fixed31_32_sqr(min).value, INT64_MAX);
	/* 1 / (-2^31 + 2^-32) rounds to -2^-31 exactly. */
	assert_int_equal(fixed31_32_recip(min).value, -2);
	assert_int_equal(fixed31_32_from_fraction(INT64_MIN, 1).value, INT64_MIN);
	assert_int_equal(fixed31_32_from_fraction(INT64_MIN, INT64_MIN).value, INT64_C(1) << 32);
}

/*
 * Markers are sticky: every operation given one returns one, with the sign
 * the header documents.
 */
static void test_markers_propagate(void **state)
{
	const struct fixed31_32 pos = FIXED31_32_OVERFLOW_POS, neg = FIXED31_32_OVERFLOW_NEG;
	const struct fixed31_32 two = fixed31_32_from_int(2), m3 = fixed31_32_from_int(-3);

	assert_int_equal(fixed31_32_add(pos, m3).value, INT64_MAX);
	assert_int_equal(fixed31_32_add(m3, neg).value, INT64_MIN);
	assert_int_equal(fixed31_32_add(pos, neg).value, INT64_MAX);
	assert_int_equal(fixed31_32_sub(two, pos).value, INT64_MIN);
	assert_int_equal(fixed31_32_sub(neg, pos).value, INT64_MIN);
	assert_int_equal(fixed31_32_add_int(neg, 5).value, INT64_MIN);
	assert_int_equal(fixed31_32_sub_int(pos, -5).value, INT64_MAX);
	assert_int_equal(fixed31_32_mul(pos, m3).value, INT64_MIN);
	assert_int_equal(fixed31_32_mul(neg, m3).value, INT64_MAX);
	assert_int_equal(fixed31_32_mul(neg, FIXED31_32_ZERO).value, INT64_MIN);
	assert_int_equal(fixed31_32_mul(FIXED31_32_ZERO, pos).value, INT64_MAX);
	assert_int_equal(fixed31_32_mul_int(pos, 0).value, INT64_MAX);
	assert_int_equal(fixed31_32_mul_int(pos, -1).value, INT64_MIN);
	assert_int_equal(fixed31_32_div(two, neg).value, INT64_MIN);
	assert_int_equal(fixed31_32_div(neg, neg).value, INT64_MAX);
	assert_int_equal(fixed31_32_div_int(neg, 7).value, INT64_MIN);
	assert_int_equal(fixed31_32_sqr(neg).value, INT64_MAX);
	assert_int_equal(fixed31_32_recip(neg).value, INT64_MIN);
	/* A long formula: one check at the end is enough. */
	struct fixed31_32 big = fixed31_32_from_int(1 << 30);
	struct fixed31_32 f = fixed31_32_mul(big, big); /* 2^60: overflow */
	f = fixed31_32_div(f, big);
	f = fixed31_32_sub(f, big);
	f = fixed31_32_mul_int(f, 0);
	f = fixed31_32_add(f, FIXED31_32_ONE);
	assert_true(fixed31_32_is_overflow(f));
}

int main(void)
{
	// clang-format off
	const struct CMUnitTest extra[] = {
		cmocka_unit_test(test_ties_to_even),
		cmocka_unit_test(test_division_by_zero),
		cmocka_unit_test(test_most_negative),
		cmocka_unit_test(test_markers_propagate),
	};
	// clang-format on

	return fixpt_run_group("fixpt-arith", ops, N_OPS, extra, sizeof(extra) / sizeof(extra[0]));
}
