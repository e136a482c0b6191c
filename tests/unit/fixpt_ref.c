/* PRNG, input mixes and the MPFR checker of the fixed-point tests. */
#include <inttypes.h>
#include <stdio.h>

#include "fixpt_ref.h"

_Static_assert(sizeof(long) == 8, "mpfr_set_si must take a 64-bit long");

/* Enough for every exact product and sum of the tests (at most ~2^130). */
#define REF_PREC 256

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

void fixpt_rng_seed(struct fixpt_rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t fixpt_rng_next(struct fixpt_rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t fixpt_rng_below(struct fixpt_rng *r, uint64_t n)
{
	return fixpt_rng_next(r) % n;
}

#define ONE (INT64_C(1) << 32)

// clang-format off
const int64_t fixpt_edges31[] = {
	0, 1, -1, 2, -2, INT64_C(1) << 31, -(INT64_C(1) << 31), 3 * (INT64_C(1) << 31),
	-3 * (INT64_C(1) << 31), ONE, -ONE, ONE + 1, ONE - 1, -ONE + 1, -ONE - 1,
	2 * ONE, -2 * ONE, 0xffffffff, -0xffffffff, INT64_C(1) << 62, -(INT64_C(1) << 62),
	INT64_MAX - 1, INT64_MIN + 1, INT64_MAX - 2, INT64_MIN + 2,
	(INT64_C(1) << 62) - 1, INT64_C(0x3243f6a89) /* pi */, INT64_C(0x1921fb544) /* pi/2 */,
	INT64_C(0xb17217f8) /* ln 2 */, INT64_C(46341) << 32 /* ~ sqrt(2^31) */,
};
const unsigned int fixpt_edges31_count = sizeof(fixpt_edges31) / sizeof(fixpt_edges31[0]);

const uint64_t fixpt_edges32[] = {
	0, 1, 2, UINT64_C(1) << 31, 3 * (UINT64_C(1) << 31), UINT64_C(1) << 32,
	(UINT64_C(1) << 32) + 1, (UINT64_C(1) << 32) - 1, UINT64_C(1) << 63,
	(UINT64_C(1) << 63) - 1, UINT64_MAX - 1, UINT64_MAX - 2, UINT64_C(0xffffffff) << 32,
	UINT64_C(65536) << 32,
};
const unsigned int fixpt_edges32_count = sizeof(fixpt_edges32) / sizeof(fixpt_edges32[0]);

static const int64_t int_edges[] = {
	0, 1, -1, 2, -2, 3, 1000, INT32_MAX, INT32_MIN, INT64_C(1) << 31, -(INT64_C(1) << 31),
	(INT64_C(1) << 31) - 1, -(INT64_C(1) << 31) + 1, INT64_C(1) << 32, -(INT64_C(1) << 32),
	INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1,
};
static const int64_t shift_edges[] = { 0, 1, 31, 32, 33, 62, 63, 64, 65 };
static const uint64_t uint_edges[] = {
	0, 1, 2, 3, 1000, UINT32_MAX, UINT64_C(1) << 32, (UINT64_C(1) << 32) + 1, INT64_MAX,
	UINT64_MAX, UINT64_MAX - 1,
};
// clang-format on

/* A magnitude of the region picked by the PRNG (below 2^63 - 1). */
static uint64_t gen_mag(struct fixpt_rng *r)
{
	uint64_t bits = fixpt_rng_next(r);

	switch (fixpt_rng_below(r, 8)) {
	case 0: /* random bit pattern over the whole range */
		return bits >> 1;
	case 1:
	case 2: /* log-uniform: every binade equally often */
		return (bits >> 1) >> fixpt_rng_below(r, 63);
	case 3: /* tiny: a few ulps up to 2^-8 */
		return bits >> (40 + fixpt_rng_below(r, 24));
	case 4: /* near 1 */
		return (uint64_t)ONE + (bits >> 47) - (UINT64_C(1) << 16);
	case 5: /* near the limit */
		return (uint64_t)INT64_MAX - 1 - (bits >> 44);
	case 6: /* integers and half-integers */
		return ((bits >> 33) << 32) | ((bits & 1) << 31);
	default: /* typical DC magnitudes: up to 4096 with any fraction */
		return bits >> 20;
	}
}

int64_t fixpt_gen31(struct fixpt_rng *r)
{
	uint64_t mag = gen_mag(r);

	if (mag > (uint64_t)INT64_MAX - 1)
		mag = (uint64_t)INT64_MAX - 1;
	return (fixpt_rng_next(r) & 1) ? -(int64_t)mag : (int64_t)mag;
}

int64_t fixpt_gen_int(struct fixpt_rng *r)
{
	uint64_t bits = fixpt_rng_next(r);
	int64_t v;

	switch (fixpt_rng_below(r, 4)) {
	case 0: /* any int64 */
		return (int64_t)bits;
	case 1: /* small */
		v = (int64_t)(bits >> 54);
		break;
	case 2: /* around 2^31 and 2^32, where from_int and the _int ops overflow */
		v = (INT64_C(1) << (31 + (bits & 1))) + (int64_t)((bits >> 40) & 0xff) - 128;
		break;
	default: /* log-uniform */
		v = (int64_t)((bits >> 1) >> fixpt_rng_below(r, 63));
		break;
	}
	return (fixpt_rng_next(r) & 1) ? -v : v;
}

uint64_t fixpt_gen32(struct fixpt_rng *r)
{
	uint64_t mag = gen_mag(r) << 1 | (fixpt_rng_next(r) & 1);

	/* gen_mag covers 63 bits; doubling it reaches the unsigned limit too. */
	return mag > UINT64_MAX - 1 ? UINT64_MAX - 1 : mag;
}

void fixpt_stats_init(struct fixpt_stats *st, const char *name, enum fixpt_kind kind,
		      double bound_ulp)
{
	st->name = name;
	st->kind = kind;
	st->bound_ulp = bound_ulp;
	st->max_err_ulp = 0;
	st->count = 0;
	st->markers = 0;
	st->why[0] = 0;
	mpfr_init2(st->t, REF_PREC);
	mpfr_init2(st->u, REF_PREC);
}

void fixpt_stats_clear(struct fixpt_stats *st)
{
	mpfr_clear(st->t);
	mpfr_clear(st->u);
}

void fixpt_mpfr_set31(mpfr_ptr m, int64_t raw)
{
	mpfr_set_si(m, raw, MPFR_RNDN);
}

/* Expected outcome of one result. */
enum expect {
	EXPECT_FINITE,
	EXPECT_POS_MARKER,
	EXPECT_NEG_MARKER,
	EXPECT_EITHER_POS, /* within the error bound of the positive limit */
	EXPECT_EITHER_NEG,
};

/* Where exact (times 2^32) falls relative to the finite range. */
static enum expect classify(struct fixpt_stats *st, mpfr_srcptr exact)
{
	/* Largest and smallest finite raw values. */
	double eps = st->bound_ulp > 0.5 ? st->bound_ulp - 0.5 : 0;

	if (st->bound_ulp <= 0.5) {
		/* Correctly rounded: the marker exactly when rint(exact) is out. */
		mpfr_rint(st->t, exact, MPFR_RNDN);
		if (st->kind == FIXPT_S31) {
			if (mpfr_cmp_si(st->t, INT64_MAX - 1) > 0)
				return EXPECT_POS_MARKER;
			if (mpfr_cmp_si(st->t, INT64_MIN + 1) < 0)
				return EXPECT_NEG_MARKER;
		} else {
			if (mpfr_cmp_ui(st->t, UINT64_MAX - 1) > 0 || mpfr_sgn(st->t) < 0)
				return EXPECT_POS_MARKER;
		}
		return EXPECT_FINITE;
	}
	/* An approximation A rounds out of range when A >= max + 1/2. */
	if (st->kind == FIXPT_S31) {
		mpfr_set_si(st->t, INT64_MAX - 1, MPFR_RNDN);
		mpfr_add_d(st->t, st->t, 0.5, MPFR_RNDN);
		mpfr_sub(st->t, exact, st->t, MPFR_RNDN); /* exact - (max + 1/2) */
		if (mpfr_cmp_d(st->t, eps) >= 0)
			return EXPECT_POS_MARKER;
		if (mpfr_cmp_d(st->t, -eps) > 0)
			return EXPECT_EITHER_POS;
		mpfr_set_si(st->t, INT64_MIN + 1, MPFR_RNDN);
		mpfr_sub_d(st->t, st->t, 0.5, MPFR_RNDN);
		mpfr_sub(st->t, exact, st->t, MPFR_RNDN); /* exact - (min - 1/2) */
		if (mpfr_cmp_d(st->t, -eps) <= 0)
			return EXPECT_NEG_MARKER;
		if (mpfr_cmp_d(st->t, eps) < 0)
			return EXPECT_EITHER_NEG;
		return EXPECT_FINITE;
	}
	mpfr_set_ui(st->t, UINT64_MAX - 1, MPFR_RNDN);
	mpfr_add_d(st->t, st->t, 0.5, MPFR_RNDN);
	mpfr_sub(st->t, exact, st->t, MPFR_RNDN);
	if (mpfr_cmp_d(st->t, eps) >= 0)
		return EXPECT_POS_MARKER;
	if (mpfr_cmp_d(st->t, -eps) > 0)
		return EXPECT_EITHER_POS;
	return EXPECT_FINITE;
}

bool fixpt_check(struct fixpt_stats *st, uint64_t got, mpfr_srcptr exact)
{
	bool s31 = st->kind == FIXPT_S31;
	bool pos_marker = s31 ? got == (uint64_t)INT64_MAX : got == UINT64_MAX;
	bool neg_marker = s31 && got == (uint64_t)INT64_MIN;
	enum expect e = classify(st, exact);
	double err;

	st->count++;
	if (pos_marker || neg_marker)
		st->markers++;
	switch (e) {
	case EXPECT_POS_MARKER:
		if (pos_marker)
			return true;
		mpfr_snprintf(st->why, sizeof(st->why),
			      "exact %.17Rg does not fit: expected +marker", exact);
		return false;
	case EXPECT_NEG_MARKER:
		if (neg_marker)
			return true;
		mpfr_snprintf(st->why, sizeof(st->why),
			      "exact %.17Rg does not fit: expected -marker", exact);
		return false;
	case EXPECT_EITHER_POS:
		if (pos_marker)
			return true;
		break;
	case EXPECT_EITHER_NEG:
		if (neg_marker)
			return true;
		break;
	case EXPECT_FINITE:
		break;
	}
	if (pos_marker || neg_marker) {
		mpfr_snprintf(st->why, sizeof(st->why), "marker, but exact %.20Rg fits", exact);
		return false;
	}
	if (s31)
		mpfr_set_si(st->u, (long)got, MPFR_RNDN);
	else
		mpfr_set_ui(st->u, got, MPFR_RNDN);
	if (st->bound_ulp <= 0.5 && !mpfr_equal_p(st->u, st->t)) {
		mpfr_snprintf(st->why, sizeof(st->why),
			      "expected %.0Rf (exact %.25Rg rounded to nearest even)", st->t,
			      exact);
		return false;
	}
	mpfr_sub(st->u, st->u, exact, MPFR_RNDN);
	err = mpfr_get_d(st->u, MPFR_RNDA);
	err = err < 0 ? -err : err;
	if (err > st->max_err_ulp)
		st->max_err_ulp = err;
	if (err > st->bound_ulp) {
		mpfr_snprintf(st->why, sizeof(st->why),
			      "error %.9g ulp > bound %.9g (exact %.25Rg)", err, st->bound_ulp,
			      exact);
		return false;
	}
	return true;
}

void fixpt_stats_print(const struct fixpt_stats *st)
{
	printf("fixpt %s: %" PRIu64 " inputs, max error %.9f ulp (bound %.9f), %" PRIu64
	       " overflow markers\n",
	       st->name, st->count, st->max_err_ulp, st->bound_ulp, st->markers);
}

static int64_t gen_shift(struct fixpt_rng *r)
{
	return (int64_t)fixpt_rng_below(r, 71);
}

static int64_t gen_uint(struct fixpt_rng *r)
{
	return (int64_t)(fixpt_rng_next(r) >> fixpt_rng_below(r, 64));
}

static int64_t gen32_bits(struct fixpt_rng *r)
{
	return (int64_t)fixpt_gen32(r);
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

const struct fixpt_operand fixpt_arg31 = { fixpt_edges31, COUNT(fixpt_edges31), fixpt_gen31,
					   false };
const struct fixpt_operand fixpt_arg_int = { int_edges, COUNT(int_edges), fixpt_gen_int, false };
const struct fixpt_operand fixpt_arg_shift = { shift_edges, COUNT(shift_edges), gen_shift, false };
const struct fixpt_operand fixpt_arg32 = { fixpt_edges32, COUNT(fixpt_edges32), gen32_bits, true };
const struct fixpt_operand fixpt_arg_uint = { uint_edges, COUNT(uint_edges), gen_uint, true };
