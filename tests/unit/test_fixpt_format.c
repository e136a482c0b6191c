/*
 * Register field packers against MPFR: 1,000,000 values per format, with
 * the generic packers on random formats. The expected field is x * 2^F
 * rounded half away from zero and clamped to the field, the return code
 * -ERANGE exactly when clamping happened (markers always clamp).
 */
#include <errno.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "fixpt_ref.h"

struct format {
	const char *name;
	bool is_signed;
	unsigned int int_bits, frac_bits; /* 0, 0 with generic: random formats */
	uint32_t (*named)(struct fixed31_32 x);
	uint64_t seed;
};

/* The field the documentation promises, and whether x was clamped. */
static uint32_t expected_field(mpfr_ptr t, int64_t raw, bool is_signed, unsigned int ib,
			       unsigned int fb, bool *clamped)
{
	unsigned int bits = ib + fb;
	int64_t lo = is_signed ? -(INT64_C(1) << bits) : 0;
	int64_t hi = (INT64_C(1) << bits) - 1;
	int64_t q;

	if (raw == INT64_MAX || raw == INT64_MIN) {
		*clamped = true;
		q = raw < 0 ? lo : hi;
	} else {
		mpfr_set_si_2exp(t, raw, (long)fb - 32, MPFR_RNDN);
		mpfr_round(t, t); /* halves away from zero */
		*clamped = mpfr_cmp_si(t, lo) < 0 || mpfr_cmp_si(t, hi) > 0;
		q = mpfr_cmp_si(t, lo) < 0   ? lo
		    : mpfr_cmp_si(t, hi) > 0 ? hi
					     : mpfr_get_si(t, MPFR_RNDN);
	}
	return (uint32_t)((uint64_t)q & ((UINT64_C(1) << (bits + is_signed)) - 1));
}

/* An input: in the field's range +-12% mostly, sometimes anything or a marker. */
static int64_t gen_input(struct fixpt_rng *r, unsigned int ib, unsigned int fb, bool is_signed)
{
	uint64_t sel = fixpt_rng_below(r, 16);
	int64_t span;

	if (sel == 0)
		return fixpt_rng_next(r) & 1 ? INT64_MAX : INT64_MIN;
	if (sel < 4 || ib >= 29)
		return fixpt_gen31(r);
	span = INT64_C(1) << (ib + 32); /* 2^ib as raw */
	if (sel < 6)			/* exactly on a field step plus or minus half a step */
		return ((int64_t)fixpt_rng_below(r, (uint64_t)1 << (ib + fb)) << (32 - fb)) +
		       (fb < 32 ? (INT64_C(1) << (31 - fb)) * (int64_t)(fixpt_rng_below(r, 3) - 1)
				: 0);
	span += span / 8;
	return (int64_t)fixpt_rng_below(r, (uint64_t)span * (1 + is_signed)) -
	       (is_signed ? span : span / 16);
}

static void test_format(void **state)
{
	const struct format *f = *state;
	struct fixpt_rng rng;
	mpfr_t t, err;
	double max_err = 0;
	uint64_t clamps = 0;

	fixpt_rng_seed(&rng, f->seed);
	mpfr_inits2(128, t, err, (mpfr_ptr)0);
	for (int i = 0; i < FIXPT_N; i++) {
		unsigned int ib = f->int_bits, fb = f->frac_bits;
		int64_t raw;
		uint32_t want, got;
		bool clamped;
		int ret = 0;

		if (!f->named) { /* random valid format */
			/* 1 .. 32 bits in all, the sign bit included */
			unsigned int total =
				(unsigned int)fixpt_rng_below(&rng, 32) + !f->is_signed;

			fb = (unsigned int)fixpt_rng_below(&rng, total + 1);
			ib = total - fb;
		}
		raw = gen_input(&rng, ib, fb, f->is_signed);
		want = expected_field(t, raw, f->is_signed, ib, fb, &clamped);
		if (f->named)
			got = f->named((struct fixed31_32){ raw });
		else if (f->is_signed)
			ret = fixed31_32_to_sfixed((struct fixed31_32){ raw }, ib, fb, &got);
		else
			ret = fixed31_32_to_ufixed((struct fixed31_32){ raw }, ib, fb, &got);
		if (got != want || (!f->named && ret != (clamped ? -ERANGE : 0)))
			fail_msg("%s %c%u.%u of 0x%016" PRIx64 ": field 0x%x ret %d, expected 0x%x "
				 "ret %d",
				 f->name, f->is_signed ? 's' : 'u', ib, fb, (uint64_t)raw, got, ret,
				 want, clamped ? -ERANGE : 0);
		clamps += clamped;
		if (!clamped) { /* the field's value against the exact x * 2^fb */
			int64_t v = (int64_t)got;
			double e;

			if (f->is_signed && (got >> (ib + fb)))
				v -= INT64_C(1) << (ib + fb + 1);
			mpfr_set_si_2exp(t, raw, (long)fb - 32, MPFR_RNDN);
			mpfr_sub_si(err, t, v, MPFR_RNDN);
			e = mpfr_get_d(err, MPFR_RNDN);
			e = e < 0 ? -e : e;
			assert_true(e <= 0.5);
			if (e > max_err)
				max_err = e;
		}
	}
	printf("fixpt %s: %d inputs, max error %.9f field steps (bound 0.5), %" PRIu64 " clamped\n",
	       f->name, FIXPT_N, max_err, clamps);
	mpfr_clears(t, err, (mpfr_ptr)0);
}

static void test_invalid_formats(void **state)
{
	uint32_t field = 1;

	assert_int_equal(fixed31_32_to_ufixed(FIXED31_32_ONE, 0, 0, &field), -EINVAL);
	assert_int_equal(field, 0);
	assert_int_equal(fixed31_32_to_ufixed(FIXED31_32_ONE, 20, 13, &field), -EINVAL);
	assert_int_equal(fixed31_32_to_sfixed(FIXED31_32_ONE, 16, 16, &field), -EINVAL);
	assert_int_equal(fixed31_32_to_ufixed(FIXED31_32_ONE, UINT32_MAX, 2, &field), -EINVAL);
	assert_int_equal(fixed31_32_to_sfixed(FIXED31_32_ONE, 2, UINT32_MAX, &field), -EINVAL);
	/* The widest formats are valid. */
	assert_int_equal(fixed31_32_to_ufixed(FIXED31_32_HALF, 0, 32, &field), 0);
	assert_int_equal(field, 0x80000000u);
	assert_int_equal(fixed31_32_to_sfixed(fixed31_32_from_int(-1), 0, 31, &field), 0);
	assert_int_equal(field, 0x80000000u);
}

/* Known fields, as a hardware programming guide would list them. */
static void test_named_examples(void **state)
{
	struct fixed31_32 one = FIXED31_32_ONE;

	assert_int_equal(fixed31_32_u2d19(one), 1u << 19);
	assert_int_equal(fixed31_32_u2d19(fixed31_32_from_int(4)), (1u << 21) - 1); /* clamped */
	assert_int_equal(fixed31_32_u2d19(fixed31_32_from_int(-1)), 0);
	assert_int_equal(fixed31_32_u0d19(one), (1u << 19) - 1);
	assert_int_equal(fixed31_32_u0d19(FIXED31_32_HALF), 1u << 18);
	assert_int_equal(fixed31_32_s2d13(one), 1u << 13);
	assert_int_equal(fixed31_32_s2d13(fixed31_32_neg(one)), 0x10000u - (1u << 13));
	assert_int_equal(fixed31_32_s2d13(fixed31_32_from_int(-4)), 0x8000u);
	assert_int_equal(fixed31_32_s2d13(fixed31_32_from_int(-5)), 0x8000u); /* clamped */
	assert_int_equal(fixed31_32_s2d13(FIXED31_32_OVERFLOW_POS), 0x7fffu);
	assert_int_equal(fixed31_32_s2d13(FIXED31_32_OVERFLOW_NEG), 0x8000u);
	assert_int_equal(fixed31_32_u1d8(fixed31_32_from_fraction(3, 2)), 0x180u);
	assert_int_equal(fixed31_32_u0d10(FIXED31_32_OVERFLOW_POS), 0x3ffu);
	assert_int_equal(fixed31_32_s4d19(fixed31_32_neg(FIXED31_32_HALF)),
			 0x1000000u - (1u << 18));
	/* Half a step rounds away from zero. */
	assert_int_equal(fixed31_32_u0d10(fixed31_32_from_fraction(1, 2048)), 1);
	assert_int_equal(fixed31_32_s2d13(fixed31_32_from_fraction(-1, 1 << 14)), 0xffffu);
}

// clang-format off
static const struct format formats[] = {
	{ "ufixed", false, 0, 0, NULL, 91 },
	{ "sfixed", true, 0, 0, NULL, 92 },
	{ "u0d10", false, 0, 10, fixed31_32_u0d10, 93 },
	{ "u0d14", false, 0, 14, fixed31_32_u0d14, 94 },
	{ "u0d19", false, 0, 19, fixed31_32_u0d19, 95 },
	{ "u1d8", false, 1, 8, fixed31_32_u1d8, 96 },
	{ "u2d19", false, 2, 19, fixed31_32_u2d19, 97 },
	{ "u3d19", false, 3, 19, fixed31_32_u3d19, 98 },
	{ "u4d19", false, 4, 19, fixed31_32_u4d19, 99 },
	{ "s2d13", true, 2, 13, fixed31_32_s2d13, 100 },
	{ "s4d19", true, 4, 19, fixed31_32_s4d19, 101 },
};
// clang-format on

#define N_FORMATS (sizeof(formats) / sizeof(formats[0]))

int main(void)
{
	struct CMUnitTest tests[N_FORMATS + 2];

	for (size_t i = 0; i < N_FORMATS; i++)
		tests[i] = (struct CMUnitTest){ .name = formats[i].name,
						.test_func = test_format,
						.initial_state = (void *)&formats[i] };
	tests[N_FORMATS] = (struct CMUnitTest)cmocka_unit_test(test_invalid_formats);
	tests[N_FORMATS + 1] = (struct CMUnitTest)cmocka_unit_test(test_named_examples);
	return _cmocka_run_group_tests("fixpt-format", tests, N_FORMATS + 2, NULL, NULL);
}
