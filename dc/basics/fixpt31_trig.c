/*
 * sin, cos and sinc of fixed31_32 for every finite argument.
 *
 * The output has an absolute ulp of 2^-32, so what matters is the absolute
 * error of the reduced argument, not its relative error: x * 2/pi is
 * formed exactly from a 128-bit 2/pi (error below 2^-97 for the largest
 * |x| of 2^31), its fraction kept to 64 bits, and the remainder r, |r| <=
 * pi/4, scaled to Q1.63. Taylor polynomials in Q1.63 then give sin and cos
 * of r with an absolute error below 2^-58, i.e. 2^-26 ulp before the one
 * final rounding: the documented bound is 0.5 + 2^-20 ulp.
 */
#include "dc_fixpt.h"
#include "fixpt_wide.h"

#define Q63	    (UINT64_C(1) << 63)
/* round(2^63 / f) for a factorial f below 2^63 (20! is the largest used). */
#define INV(f)	    ((uint64_t)((Q63 + (f) / 2) / (f)))
#define INV_FACT(n) INV(FIXPT_FACT_##n)

// clang-format off
/*
 * 1/(2k+1)! and 1/(2k)! in Q1.63. For |r| <= pi/4 the first omitted terms,
 * r^21/21! and r^22/22!, are below 2^-72.
 */
static const uint64_t sin_coef[] = {
	INV_FACT(1), INV_FACT(3), INV_FACT(5), INV_FACT(7), INV_FACT(9),
	INV_FACT(11), INV_FACT(13), INV_FACT(15), INV_FACT(17), INV_FACT(19),
};
static const uint64_t cos_coef[] = {
	Q63, INV_FACT(2), INV_FACT(4), INV_FACT(6), INV_FACT(8), INV_FACT(10),
	INV_FACT(12), INV_FACT(14), INV_FACT(16), INV_FACT(18), INV_FACT(20),
};
// clang-format on

#define N_SIN (sizeof(sin_coef) / sizeof(sin_coef[0]))
#define N_COS (sizeof(cos_coef) / sizeof(cos_coef[0]))

/* z * p in Q1.63 for Q1.63 operands. */
static inline uint64_t mul_q63(uint64_t z, uint64_t p)
{
	return (uint64_t)(((fixpt_u128)z * p) >> 63);
}

/*
 * c[0] - z (c[1] - z (c[2] - ...)) for z = r^2 <= 0.62. Every partial sum
 * stays positive and below c[k] because z c[k+1] < c[k] / 6, so the whole
 * evaluation is unsigned.
 */
static uint64_t alternating_poly(const uint64_t *c, unsigned int n, uint64_t z)
{
	uint64_t p = c[n - 1];

	for (unsigned int k = n - 1; k-- > 0;)
		p = c[k] - mul_q63(z, p);
	return p;
}

/* sin(r) for 0 <= r <= pi/4, all Q1.63. */
static uint64_t sin_q63(uint64_t r)
{
	return mul_q63(r, alternating_poly(sin_coef, N_SIN, mul_q63(r, r)));
}

/* cos(r) for 0 <= r <= pi/4, all Q1.63. */
static uint64_t cos_q63(uint64_t r)
{
	return alternating_poly(cos_coef, N_COS, mul_q63(r, r));
}

/* |x| = (4n + quadrant) pi/2 + r with r of sign r_neg, |r| = r_mag <= pi/4. */
struct quadrant_reduced {
	unsigned int quadrant;
	bool r_neg;
	uint64_t r_mag; /* Q1.63 */
};

/* Reduces a raw magnitude |x| * 2^32 (below 2^63). */
static struct quadrant_reduced reduce(uint64_t mag)
{
	fixpt_u128 c = FIXPT_2_OVER_PI_Q128;
	/*
	 * mag * c is |x| 2/pi * 2^160 (192 bits). p keeps its top 128 bits:
	 * the quarter-turn count above bit 96, 64 bits of fraction below.
	 */
	fixpt_u128 p =
		(fixpt_u128)mag * (uint64_t)(c >> 64) + (((fixpt_u128)mag * (uint64_t)c) >> 64);
	uint64_t turns = (uint64_t)(p >> 96);
	uint64_t frac = (uint64_t)(p >> 32);
	struct quadrant_reduced q;

	/* A fraction of one half or more belongs to the next quadrant, negated. */
	q.r_neg = frac >> 63;
	q.quadrant = (unsigned int)(turns + q.r_neg) & 3;
	if (q.r_neg)
		frac = -frac;
	/* frac / 2^64 quarter turns (<= 1/2) times pi/2 in Q1.63. */
	q.r_mag = fixpt_mul_hi64(frac, FIXPT_PIO2_Q63);
	return q;
}

/* sin (want_cos false) or cos of the raw value x, as sign and Q1.63. */
static uint64_t sin_cos_q63(int64_t x, bool want_cos, bool *neg)
{
	struct quadrant_reduced q = reduce(fixpt_abs64(x));
	/* sin(|x|) = sin(r + quadrant pi/2); cos(|x|) is one quadrant ahead. */
	unsigned int quadrant = (q.quadrant + want_cos) & 3;
	uint64_t v;

	if (quadrant & 1) {
		v = cos_q63(q.r_mag); /* cos r is even in r */
		*neg = quadrant == 3;
	} else {
		v = sin_q63(q.r_mag);
		*neg = (quadrant == 2) != q.r_neg;
	}
	/* sin is odd in x, cos even. */
	if (!want_cos && x < 0)
		*neg = !*neg;
	return v;
}

/* Rounds a Q1.63 magnitude to fixed31_32 (2^-32 units). */
static struct fixed31_32 from_q63(bool neg, uint64_t v)
{
	return fixpt31_from_mag(neg, fixpt_round_shr(v, 31));
}

struct fixed31_32 fixed31_32_sin(struct fixed31_32 x)
{
	bool neg;
	uint64_t v;

	if (fixed31_32_is_overflow(x))
		return x;
	v = sin_cos_q63(x.value, false, &neg);
	return from_q63(neg, v);
}

struct fixed31_32 fixed31_32_cos(struct fixed31_32 x)
{
	bool neg;
	uint64_t v;

	if (fixed31_32_is_overflow(x))
		return x;
	v = sin_cos_q63(x.value, true, &neg);
	return from_q63(neg, v);
}

/* pi/4 * 2^32 rounded down: below it sinc needs no range reduction. */
#define SINC_SERIES_MAX UINT64_C(0xc90fdaa2)

struct fixed31_32 fixed31_32_sinc(struct fixed31_32 x)
{
	uint64_t mag = fixpt_abs64(x.value);
	bool neg;
	uint64_t s;

	if (fixed31_32_is_overflow(x))
		return x;
	if (mag <= SINC_SERIES_MAX) {
		/* sin(r)/r is the sine series without its factor r; exact r. */
		uint64_t r = mag << 31;

		return from_q63(false, alternating_poly(sin_coef, N_SIN, mul_q63(r, r)));
	}
	/*
	 * |x| > pi/4: sin(|x|) / |x| = (s / 2^63) / (mag / 2^32) is 2 s / mag
	 * raw. The error of s (< 2^-58) shrinks by |x| > 0.78.
	 */
	s = sin_cos_q63((int64_t)mag, false, &neg);
	return fixpt31_from_mag(neg, fixpt_div_round((fixpt_u128)s << 1, mag));
}
