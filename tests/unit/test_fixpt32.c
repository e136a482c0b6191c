/*
 * fixed32_32 against MPFR, 1,000,000 operands per operation: exact or
 * correctly rounded to even, the marker exactly when the result is
 * negative or does not fit, and the marker rules.
 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fixpt_ref.h"

static struct fixed32_32 U(int64_t raw) {
	return (struct fixed32_32){ (uint64_t)raw };
}

/* Integer quotients of the exact operands; see test_fixpt_arith.c on why
 * MPFR's 256-bit rounding is then exact enough. */
static void
quotient(mpfr_ptr e, mpfr_srcptr num, mpfr_srcptr den, unsigned int num_shift)
{
	mpfr_mul_2ui(e, num, num_shift, MPFR_RNDN);
	if (mpfr_zero_p(den))
		mpfr_set_inf(e, 1); /* any division by zero is the marker */
	else
		mpfr_div(e, e, den, MPFR_RNDN);
}

static uint64_t run_from_fraction(const int64_t *in)
{
	return fixed32_32_from_fraction((uint64_t)in[0], (uint64_t)in[1]).value;
}

static void ref_from_fraction(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	quotient(e, in[0], in[1], 32);
}

static uint64_t run_from_int(const int64_t *in)
{
	return fixed32_32_from_int((uint64_t)in[0]).value;
}

static void ref_from_int(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_mul_2ui(e, in[0], 32, MPFR_RNDN);
}

static uint64_t run_add(const int64_t *in)
{
	return fixed32_32_add(U(in[0]), U(in[1])).value;
}

static void ref_add(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_add(e, in[0], in[1], MPFR_RNDN);
}

static uint64_t run_add_int(const int64_t *in)
{
	return fixed32_32_add_int(U(in[0]), (uint64_t)in[1]).value;
}

static void ref_add_int(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_mul_2ui(e, in[1], 32, MPFR_RNDN);
	mpfr_add(e, in[0], e, MPFR_RNDN);
}

static uint64_t run_sub(const int64_t *in)
{
	return fixed32_32_sub(U(in[0]), U(in[1])).value;
}

static void ref_sub(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_sub(e, in[0], in[1], MPFR_RNDN);
}

static uint64_t run_sub_int(const int64_t *in)
{
	return fixed32_32_sub_int(U(in[0]), (uint64_t)in[1]).value;
}

static void ref_sub_int(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_mul_2ui(e, in[1], 32, MPFR_RNDN);
	mpfr_sub(e, in[0], e, MPFR_RNDN);
}

static uint64_t run_mul(const int64_t *in)
{
	return fixed32_32_mul(U(in[0]), U(in[1])).value;
}

static void ref_mul(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_mul(e, in[0], in[1], MPFR_RNDN);
	mpfr_div_2ui(e, e, 32, MPFR_RNDN);
}

static uint64_t run_mul_int(const int64_t *in)
{
	return fixed32_32_mul_int(U(in[0]), (uint64_t)in[1]).value;
}

static void ref_mul_int(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_mul(e, in[0], in[1], MPFR_RNDN);
}

static uint64_t run_div(const int64_t *in)
{
	return fixed32_32_div(U(in[0]), U(in[1])).value;
}

static void ref_div(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	quotient(e, in[0], in[1], 32);
}

static uint64_t run_div_int(const int64_t *in)
{
	return fixed32_32_div_int(U(in[0]), (uint64_t)in[1]).value;
}

static void ref_div_int(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	quotient(e, in[0], in[1], 0);
}

static uint64_t run_min(const int64_t *in)
{
	return fixed32_32_min(U(in[0]), U(in[1])).value;
}

static void ref_min(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_min(e, in[0], in[1], MPFR_RNDN);
}

static uint64_t run_max(const int64_t *in)
{
	return fixed32_32_max(U(in[0]), U(in[1])).value;
}

static void ref_max(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_max(e, in[0], in[1], MPFR_RNDN);
}

static uint64_t run_lt(const int64_t *in)
{
	return fixed32_32_lt(U(in[0]), U(in[1]));
}

static void ref_lt(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_set_ui(e, mpfr_less_p(in[0], in[1]), MPFR_RNDN);
}

static uint64_t run_le(const int64_t *in)
{
	return fixed32_32_le(U(in[0]), U(in[1]));
}

static void ref_le(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_set_ui(e, mpfr_lessequal_p(in[0], in[1]), MPFR_RNDN);
}

static uint64_t run_eq(const int64_t *in)
{
	return fixed32_32_eq(U(in[0]), U(in[1]));
}

static void ref_eq(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_set_ui(e, mpfr_equal_p(in[0], in[1]), MPFR_RNDN);
}

static uint64_t run_floor(const int64_t *in)
{
	return fixed32_32_floor(U(in[0]));
}

static void ref_floor(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_div_2ui(e, in[0], 32, MPFR_RNDN);
	mpfr_floor(e, e);
}

static uint64_t run_round(const int64_t *in)
{
	return fixed32_32_round(U(in[0]));
}

static void ref_round(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_div_2ui(e, in[0], 32, MPFR_RNDN);
	mpfr_round(e, e);
}

static uint64_t run_ceil(const int64_t *in)
{
	return fixed32_32_ceil(U(in[0]));
}

static void ref_ceil(mpfr_ptr e, mpfr_t *in, const int64_t *raw)
{
	mpfr_div_2ui(e, in[0], 32, MPFR_RNDN);
	mpfr_ceil(e, e);
}

#define A32 &fixpt_arg32
#define AU  &fixpt_arg_uint

// clang-format off
static const struct fixpt_op ops[] = {
	{ "32.from_fraction", FIXPT_U32, 0.5, 2, { AU, AU }, run_from_fraction, ref_from_fraction, 0, 71 },
	{ "32.from_int", FIXPT_U32, 0, 1, { AU }, run_from_int, ref_from_int, 0, 72 },
	{ "32.add", FIXPT_U32, 0, 2, { A32, A32 }, run_add, ref_add, 0, 73 },
	{ "32.add_int", FIXPT_U32, 0, 2, { A32, AU }, run_add_int, ref_add_int, 0, 74 },
	{ "32.sub", FIXPT_U32, 0, 2, { A32, A32 }, run_sub, ref_sub, 0, 75 },
	{ "32.sub_int", FIXPT_U32, 0, 2, { A32, AU }, run_sub_int, ref_sub_int, 0, 76 },
	{ "32.mul", FIXPT_U32, 0.5, 2, { A32, A32 }, run_mul, ref_mul, 0, 77 },
	{ "32.mul_int", FIXPT_U32, 0, 2, { A32, AU }, run_mul_int, ref_mul_int, 0, 78 },
	{ "32.div", FIXPT_U32, 0.5, 2, { A32, A32 }, run_div, ref_div, 0, 79 },
	{ "32.div_int", FIXPT_U32, 0.5, 2, { A32, AU }, run_div_int, ref_div_int, 0, 80 },
	{ "32.min", FIXPT_U32, 0, 2, { A32, A32 }, run_min, ref_min, 0, 81 },
	{ "32.max", FIXPT_U32, 0, 2, { A32, A32 }, run_max, ref_max, 0, 82 },
	{ "32.lt", FIXPT_U32, 0, 2, { A32, A32 }, run_lt, ref_lt, 0, 83 },
	{ "32.le", FIXPT_U32, 0, 2, { A32, A32 }, run_le, ref_le, 0, 84 },
	{ "32.eq", FIXPT_U32, 0, 2, { A32, A32 }, run_eq, ref_eq, 0, 85 },
	{ "32.floor", FIXPT_U32, 0, 1, { A32 }, run_floor, ref_floor, 0, 86 },
	{ "32.round", FIXPT_U32, 0, 1, { A32 }, run_round, ref_round, 0, 87 },
	{ "32.ceil", FIXPT_U32, 0, 1, { A32 }, run_ceil, ref_ceil, 0, 88 },
};
// clang-format on

#define N_OPS (sizeof(ops) / sizeof(ops[0]))

static void test_edges(void **state)
{
	const struct fixed32_32 one = FIXED32_32_ONE, max = FIXED32_32_MAX;

	/* Negative results overflow. */
	assert_true(fixed32_32_is_overflow(fixed32_32_sub(FIXED32_32_ZERO, FIXED32_32_EPSILON)));
	assert_true(fixed32_32_is_overflow(fixed32_32_sub_int(one, 2)));
	assert_int_equal(fixed32_32_sub(one, one).value, 0);
	/* Division by zero. */
	assert_true(fixed32_32_is_overflow(fixed32_32_div(one, FIXED32_32_ZERO)));
	assert_true(fixed32_32_is_overflow(fixed32_32_div_int(one, 0)));
	assert_true(fixed32_32_is_overflow(fixed32_32_from_fraction(0, 0)));
	/* The limits. */
	assert_int_equal(fixed32_32_from_int(UINT32_MAX).value, (uint64_t)UINT32_MAX << 32);
	assert_true(fixed32_32_is_overflow(fixed32_32_from_int(UINT64_C(1) << 32)));
	assert_true(fixed32_32_is_overflow(fixed32_32_add(max, FIXED32_32_EPSILON)));
	assert_int_equal(fixed32_32_ceil(max), UINT64_C(1) << 32);
	assert_int_equal(fixed32_32_round(max), UINT64_C(1) << 32);
	assert_int_equal(fixed32_32_floor(max), UINT32_MAX);
	/* Ties to even. */
	assert_int_equal(fixed32_32_mul((struct fixed32_32){ 1 }, FIXED32_32_HALF).value, 0);
	assert_int_equal(fixed32_32_mul((struct fixed32_32){ 3 }, FIXED32_32_HALF).value, 2);
	assert_int_equal(fixed32_32_round(FIXED32_32_HALF), 1);
}

static void test_markers(void **state)
{
	const struct fixed32_32 m = FIXED32_32_OVERFLOW, one = FIXED32_32_ONE;

	assert_true(fixed32_32_is_overflow(fixed32_32_add(m, one)));
	assert_true(fixed32_32_is_overflow(fixed32_32_add(one, m)));
	assert_true(fixed32_32_is_overflow(fixed32_32_add_int(m, 0)));
	assert_true(fixed32_32_is_overflow(fixed32_32_sub(m, one)));
	assert_true(fixed32_32_is_overflow(fixed32_32_sub(one, m)));
	assert_true(fixed32_32_is_overflow(fixed32_32_sub_int(m, 1)));
	assert_true(fixed32_32_is_overflow(fixed32_32_mul(m, FIXED32_32_ZERO)));
	assert_true(fixed32_32_is_overflow(fixed32_32_mul_int(m, 0)));
	assert_true(fixed32_32_is_overflow(fixed32_32_div(one, m)));
	assert_true(fixed32_32_is_overflow(fixed32_32_div_int(m, 3)));
	assert_true(fixed32_32_is_overflow(fixed32_32_min(m, one)));
	assert_true(fixed32_32_is_overflow(fixed32_32_min(one, m)));
	assert_true(fixed32_32_is_overflow(fixed32_32_max(one, m)));
	assert_int_equal(fixed32_32_floor(m), UINT64_MAX);
	assert_int_equal(fixed32_32_round(m), UINT64_MAX);
	assert_int_equal(fixed32_32_ceil(m), UINT64_MAX);
	assert_true(fixed32_32_lt(FIXED32_32_MAX, m));
}

int main(void)
{
	// clang-format off
	const struct CMUnitTest extra[] = {
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_markers),
	};
	// clang-format on

	return fixpt_run_group("fixpt32", ops, N_OPS, extra, sizeof(extra) / sizeof(extra[0]));
}
