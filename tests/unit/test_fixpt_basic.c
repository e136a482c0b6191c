/*
 * The simple fixed31_32 operations (conversion, sign, comparison, min/max,
 * clamp, shifts, floor/round/ceil) against MPFR on 1,000,000 operands
 * each, the marker rules of each, and the internal constants.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fixpt_ref.h"
#include "fixpt_wide.h"

static struct fixed31_32 F(int64_t raw) {
	return (struct fixed31_32){ raw };
}

static uint64_t
R(struct fixed31_32 x)
{
	return (uint64_t)x.value;
}

static uint64_t run_from_int(const int64_t *in)
{
	return R(fixed31_32_from_int(in[0]));
}

static void ref_from_int(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_mul_2ui(e, in[0], 32, MPFR_RNDN);
}

static uint64_t run_neg(const int64_t *in)
{
	return R(fixed31_32_neg(F(in[0])));
}

static void ref_neg(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_neg(e, in[0], MPFR_RNDN);
}

static uint64_t run_abs(const int64_t *in)
{
	return R(fixed31_32_abs(F(in[0])));
}

static void ref_abs(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_abs(e, in[0], MPFR_RNDN);
}

static uint64_t run_lt(const int64_t *in)
{
	return fixed31_32_lt(F(in[0]), F(in[1]));
}

static void ref_lt(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_set_ui(e, mpfr_less_p(in[0], in[1]), MPFR_RNDN);
}

static uint64_t run_le(const int64_t *in)
{
	return fixed31_32_le(F(in[0]), F(in[1]));
}

static void ref_le(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_set_ui(e, mpfr_lessequal_p(in[0], in[1]), MPFR_RNDN);
}

static uint64_t run_eq(const int64_t *in)
{
	return fixed31_32_eq(F(in[0]), F(in[1]));
}

static void ref_eq(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_set_ui(e, mpfr_equal_p(in[0], in[1]), MPFR_RNDN);
}

static uint64_t run_min(const int64_t *in)
{
	return R(fixed31_32_min(F(in[0]), F(in[1])));
}

static void ref_min(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_min(e, in[0], in[1], MPFR_RNDN);
}

static uint64_t run_max(const int64_t *in)
{
	return R(fixed31_32_max(F(in[0]), F(in[1])));
}

static void ref_max(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_max(e, in[0], in[1], MPFR_RNDN);
}

static uint64_t run_clamp(const int64_t *in)
{
	return R(fixed31_32_clamp(F(in[0]), F(in[1]), F(in[2])));
}

static void ref_clamp(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_min(e, in[0], in[2], MPFR_RNDN);
	mpfr_max(e, e, in[1], MPFR_RNDN);
}

static uint64_t run_shl(const int64_t *in)
{
	return R(fixed31_32_shl(F(in[0]), (unsigned int)in[1]));
}

static void ref_shl(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_mul_2ui(e, in[0], (unsigned long)raw[1], MPFR_RNDN);
}

static uint64_t run_shr(const int64_t *in)
{
	return R(fixed31_32_shr(F(in[0]), (unsigned int)in[1]));
}

static void ref_shr(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_div_2ui(e, in[0], (unsigned long)raw[1], MPFR_RNDN);
}

static uint64_t run_floor(const int64_t *in)
{
	return (uint64_t)fixed31_32_floor(F(in[0]));
}

static void ref_floor(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_div_2ui(e, in[0], 32, MPFR_RNDN);
	mpfr_floor(e, e);
}

static uint64_t run_ceil(const int64_t *in)
{
	return (uint64_t)fixed31_32_ceil(F(in[0]));
}

static void ref_ceil(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_div_2ui(e, in[0], 32, MPFR_RNDN);
	mpfr_ceil(e, e);
}

static uint64_t run_round(const int64_t *in)
{
	return (uint64_t)fixed31_32_round(F(in[0]));
}

static void ref_round(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_div_2ui(e, in[0], 32, MPFR_RNDN);
	mpfr_round(e, e); /* halves away from zero, as documented */
}

#define A31  &fixpt_arg31
#define AINT &fixpt_arg_int
#define ASH  &fixpt_arg_shift

// clang-format off
static const struct fixpt_op ops[] = {
	{ "from_int", FIXPT_S31, 0, 1, { AINT }, run_from_int, ref_from_int, 0, 21 },
	{ "neg", FIXPT_S31, 0, 1, { A31 }, run_neg, ref_neg, 0, 22 },
	{ "abs", FIXPT_S31, 0, 1, { A31 }, run_abs, ref_abs, 0, 23 },
	{ "lt", FIXPT_S31, 0, 2, { A31, A31 }, run_lt, ref_lt, 0, 24 },
	{ "le", FIXPT_S31, 0, 2, { A31, A31 }, run_le, ref_le, 0, 25 },
	{ "eq", FIXPT_S31, 0, 2, { A31, A31 }, run_eq, ref_eq, 0, 26 },
	{ "min", FIXPT_S31, 0, 2, { A31, A31 }, run_min, ref_min, 0, 27 },
	{ "max", FIXPT_S31, 0, 2, { A31, A31 }, run_max, ref_max, 0, 28 },
	{ "clamp", FIXPT_S31, 0, 3, { A31, A31, A31 }, run_clamp, ref_clamp, 0, 29 },
	{ "shl", FIXPT_S31, 0, 2, { A31, ASH }, run_shl, ref_shl, 0, 30 },
	{ "shr", FIXPT_S31, 0.5, 2, { A31, ASH }, run_shr, ref_shr, 0, 31 },
	{ "floor", FIXPT_S31, 0, 1, { A31 }, run_floor, ref_floor, 0, 32 },
	{ "round", FIXPT_S31, 0, 1, { A31 }, run_round, ref_round, 0, 33 },
	{ "ceil", FIXPT_S31, 0, 1, { A31 }, run_ceil, ref_ceil, 0, 34 },
};
// clang-format on

#define N_OPS (sizeof(ops) / sizeof(ops[0]))

static void test_from_int_limits(void **state)
{
	assert_int_equal(fixed31_32_from_int(INT32_MAX).value, (int64_t)INT32_MAX << 32);
	assert_int_equal(fixed31_32_from_int(-INT32_MAX).value, -((int64_t)INT32_MAX << 32));
	/* -2^31 * 2^32 is INT64_MIN, the negative marker: not a finite value. */
	assert_int_equal(fixed31_32_from_int(INT32_MIN).value, INT64_MIN);
	assert_int_equal(fixed31_32_from_int(INT64_C(1) << 31).value, INT64_MAX);
	assert_int_equal(fixed31_32_from_int(INT64_MIN).value, INT64_MIN);
}

static void test_most_negative(void **state)
{
	struct fixed31_32 min = FIXED31_32_MIN;

	assert_int_equal(fixed31_32_neg(min).value, INT64_MAX);
	assert_int_equal(fixed31_32_abs(min).value, INT64_MAX);
	assert_int_equal(fixed31_32_neg(FIXED31_32_MAX).value, INT64_MIN + 2);
	assert_int_equal(fixed31_32_floor(min), -(INT64_C(1) << 31));
	assert_int_equal(fixed31_32_ceil(min), -(INT64_C(1) << 31) + 1);
	assert_int_equal(fixed31_32_round(min), -(INT64_C(1) << 31));
	/* ceil of the largest finite value is 2^31, beyond int32_t. */
	assert_int_equal(fixed31_32_ceil(FIXED31_32_MAX), INT64_C(1) << 31);
	assert_int_equal(fixed31_32_round(FIXED31_32_MAX), INT64_C(1) << 31);
	assert_int_equal(fixed31_32_shl(min, 1).value, INT64_MIN);
	assert_int_equal(fixed31_32_shr(min, 63).value, -1);
}

/* Halves round away from zero in round(). */
static void test_round_halves(void **state)
{
	assert_int_equal(fixed31_32_round(fixed31_32_from_fraction(5, 2)), 3);
	assert_int_equal(fixed31_32_round(fixed31_32_from_fraction(-5, 2)), -3);
	assert_int_equal(fixed31_32_round(fixed31_32_from_fraction(-1, 2)), -1);
	assert_int_equal(fixed31_32_round(F(-(INT64_C(1) << 31) + 1)), 0);
}

static void test_markers(void **state)
{
	const struct fixed31_32 pos = FIXED31_32_OVERFLOW_POS, neg = FIXED31_32_OVERFLOW_NEG;
	const struct fixed31_32 one = FIXED31_32_ONE;

	assert_true(fixed31_32_is_overflow(pos));
	assert_true(fixed31_32_is_overflow(neg));
	assert_false(fixed31_32_is_overflow(FIXED31_32_MAX));
	assert_false(fixed31_32_is_overflow(FIXED31_32_MIN));
	assert_int_equal(fixed31_32_neg(pos).value, INT64_MIN);
	assert_int_equal(fixed31_32_neg(neg).value, INT64_MAX);
	assert_int_equal(fixed31_32_abs(neg).value, INT64_MAX);
	/* Markers order as infinities. */
	assert_true(fixed31_32_lt(neg, FIXED31_32_MIN));
	assert_true(fixed31_32_lt(FIXED31_32_MAX, pos));
	assert_true(fixed31_32_eq(pos, pos));
	assert_false(fixed31_32_eq(pos, neg));
	/* min/max/clamp never hide a marker behind a finite value. */
	assert_int_equal(fixed31_32_min(pos, one).value, INT64_MAX);
	assert_int_equal(fixed31_32_min(one, pos).value, INT64_MAX);
	assert_int_equal(fixed31_32_max(neg, one).value, INT64_MIN);
	assert_int_equal(fixed31_32_min(pos, neg).value, INT64_MIN);
	assert_int_equal(fixed31_32_max(pos, neg).value, INT64_MAX);
	assert_int_equal(fixed31_32_clamp(pos, FIXED31_32_ZERO, one).value, INT64_MAX);
	assert_int_equal(fixed31_32_clamp(one, neg, pos).value, INT64_MIN);
	assert_int_equal(fixed31_32_clamp(one, FIXED31_32_ZERO, pos).value, INT64_MAX);
	assert_int_equal(fixed31_32_shl(neg, 0).value, INT64_MIN);
	assert_int_equal(fixed31_32_shr(pos, 70).value, INT64_MAX);
	assert_int_equal(fixed31_32_floor(pos), INT64_MAX);
	assert_int_equal(fixed31_32_ceil(neg), INT64_MIN);
	assert_int_equal(fixed31_32_round(pos), INT64_MAX);
	assert_int_equal(fixed31_32_round(neg), INT64_MIN);
}

static void test_clamp_inverted(void **state)
{
	struct fixed31_32 lo = fixed31_32_from_int(2), hi = FIXED31_32_ONE;

	assert_int_equal(fixed31_32_clamp(FIXED31_32_ZERO, lo, hi).value, lo.value);
	assert_int_equal(fixed31_32_clamp(fixed31_32_from_int(5), lo, hi).value, lo.value);
}

/* Checks a raw constant: value * 2^shift rounded to nearest. */
static void check_constant(const char *name, mpfr_srcptr value, unsigned int shift, uint64_t hi,
			   uint64_t lo)
{
	mpfr_t t, c;

	mpfr_inits2(300, t, c, (mpfr_ptr)0);
	mpfr_mul_2ui(t, value, shift, MPFR_RNDN);
	mpfr_rint(t, t, MPFR_RNDN);
	mpfr_set_ui(c, hi, MPFR_RNDN);
	mpfr_mul_2ui(c, c, 64, MPFR_RNDN);
	mpfr_add_ui(c, c, lo, MPFR_RNDN);
	if (!mpfr_equal_p(t, c)) {
		char want[80];

		mpfr_snprintf(want, sizeof(want), "%.40Rg", value);
		fail_msg("%s: 0x%016" PRIx64 "%016" PRIx64 " is not %s * 2^%u rounded", name, hi,
			 lo, want, shift);
	}
	mpfr_clears(t, c, (mpfr_ptr)0);
}

/* Every constant the code relies on is the correctly rounded value. */
static void test_constants(void **state)
{
	mpfr_t v;

	mpfr_init2(v, 300);
	mpfr_const_pi(v, MPFR_RNDN);
	check_constant("PI", v, 32, 0, (uint64_t)FIXED31_32_PI.value);
	check_constant("TWO_PI", v, 33, 0, (uint64_t)FIXED31_32_TWO_PI.value);
	check_constant("HALF_PI", v, 31, 0, (uint64_t)FIXED31_32_HALF_PI.value);
	check_constant("PIO2_Q63", v, 62, 0, FIXPT_PIO2_Q63);
	mpfr_ui_div(v, 2, v, MPFR_RNDN);
	check_constant("2_OVER_PI_Q128", v, 128, (uint64_t)(FIXPT_2_OVER_PI_Q128 >> 64),
		       (uint64_t)FIXPT_2_OVER_PI_Q128);
	mpfr_const_log2(v, MPFR_RNDN);
	check_constant("LN2", v, 32, 0, (uint64_t)FIXED31_32_LN2.value);
	check_constant("LN2_Q121", v, 121, (uint64_t)(FIXPT_LN2_Q121 >> 64),
		       (uint64_t)FIXPT_LN2_Q121);
	mpfr_ui_div(v, 1, v, MPFR_RNDN);
	check_constant("INV_LN2_Q62", v, 62, 0, FIXPT_INV_LN2_Q62);
	mpfr_set_ui(v, 1, MPFR_RNDN);
	mpfr_exp(v, v, MPFR_RNDN);
	check_constant("E", v, 32, 0, (uint64_t)FIXED31_32_E.value);
	mpfr_clear(v);
}

int main(void)
{
	// clang-format off
	const struct CMUnitTest extra[] = {
		cmocka_unit_test(test_from_int_limits),
		cmocka_unit_test(test_most_negative),
		cmocka_unit_test(test_round_halves),
		cmocka_unit_test(test_markers),
		cmocka_unit_test(test_clamp_inverted),
		cmocka_unit_test(test_constants),
	};
	// clang-format on

	return fixpt_run_group("fixpt-basic", ops, N_OPS, extra, sizeof(extra) / sizeof(extra[0]));
}
