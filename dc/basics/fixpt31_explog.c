/*
 * exp, log and pow of fixed31_32.
 *
 * Why 128 bits inside: e^x reaches 2^31 with an ulp of 2^-32, 63
 * significant bits, so the mantissa must be right to far better than
 * 2^-63 relative; pow's exponent y ln x must be right to ~2^-80 when y is
 * large, which needs ln x to ~2^-110 absolute. Both work in Q6.121 (signed
 * magnitude, |w| < 64) with series whose term counts are fixed, so every
 * input terminates in a known number of steps:
 *   exp: w = k ln2 + r, 0 <= r < ln2, Taylor to r^24/24! (remainder below
 *        2^-96 relative), then 2^k.
 *   log: x = m 2^e, m in [sqrt(2)/2, sqrt(2)), s = (m-1)/(m+1),
 *        ln m = 2 atanh s = 2 s sum s^2j/(2j+1) to j = 23 (remainder below
 *        2^-122), plus e ln2.
 * The one rounding to 2^-32 at the end dominates: the documented bound is
 * 0.5 + 2^-20 ulp for all three.
 */
#include "dc_fixpt.h"
#include "fixpt_wide.h"

#define Q127	    ((fixpt_u128)1 << 127)
/* round(2^127 / d) */
#define INV(d)	    ((Q127 + (d) / 2) / (d))
#define INV_FACT(n) INV(FIXPT_FACT_##n)

/* Q6.121: the exponent and logarithm format; 32 is beyond every useful |w|. */
#define Q121_ONE ((fixpt_u128)1 << 121)
#define W_LIMIT	 (32 * Q121_ONE)

// clang-format off
/* 1/k! in Q1.127. */
static const fixpt_u128 exp_coef[] = {
	INV_FACT(0), INV_FACT(1), INV_FACT(2), INV_FACT(3), INV_FACT(4), INV_FACT(5), INV_FACT(6),
	INV_FACT(7), INV_FACT(8), INV_FACT(9), INV_FACT(10), INV_FACT(11), INV_FACT(12), INV_FACT(13),
	INV_FACT(14), INV_FACT(15), INV_FACT(16), INV_FACT(17), INV_FACT(18), INV_FACT(19), INV_FACT(20),
	INV_FACT(21), INV_FACT(22), INV_FACT(23), INV_FACT(24),
};

/* 1/(2j+1) in Q1.127. */
static const fixpt_u128 atanh_coef[] = {
	INV(1), INV(3), INV(5), INV(7), INV(9), INV(11), INV(13), INV(15),
	INV(17), INV(19), INV(21), INV(23), INV(25), INV(27), INV(29), INV(31),
	INV(33), INV(35), INV(37), INV(39), INV(41), INV(43), INV(45), INV(47),
};
// clang-format on

#define N_EXP	(sizeof(exp_coef) / sizeof(exp_coef[0]))
#define N_ATANH (sizeof(atanh_coef) / sizeof(atanh_coef[0]))

/* c[0] + t (c[1] + t (c[2] + ...)) for t in Q0.128, c and result Q1.127. */
static fixpt_u128 poly_q127(const fixpt_u128 *c, unsigned int n, fixpt_u128 t)
{
	fixpt_u128 p = c[n - 1];

	for (unsigned int k = n - 1; k-- > 0;)
		p = c[k] + fixpt_mul_hi(t, p);
	return p;
}

/* A magnitude beyond every finite fixed31_32 of either sign. */
#define MAG_OVERFLOW ((fixpt_u128)1 << 63)

/*
 * e^w for w = +-mag in Q6.121, as the rounded raw magnitude, which the
 * caller signs: pow needs -(2^63 - 1) although +(2^63 - 1) overflows.
 * Results of 2^31 or more give MAG_OVERFLOW; below 2^-33 they round to 0.
 */
static fixpt_u128 exp_q121(bool neg, fixpt_u128 mag)
{
	const fixpt_u128 ln2 = FIXPT_LN2_Q121;
	uint64_t k_abs;
	fixpt_u128 r;
	int k;

	if (mag >= W_LIMIT) /* e^32 > 2^31, e^-32 < 2^-46 */
		return neg ? 0 : MAG_OVERFLOW;
	/* floor(mag / ln2) from the top bits (never above it), then exact. */
	k_abs = (uint64_t)(((fixpt_u128)(uint64_t)(mag >> 64) * FIXPT_INV_LN2_Q62) >> 119);
	if (k_abs * ln2 > mag) /* the guess may be one high within 2^-55 of k ln2 */
		k_abs--;
	r = mag - k_abs * ln2;
	while (r >= ln2) {
		r -= ln2;
		k_abs++;
	}
	/* -(k ln2 + r) = -(k + 1) ln2 + (ln2 - r): keep r in [0, ln2). */
	k = (int)k_abs;
	if (neg && r != 0) {
		k = -k - 1;
		r = ln2 - r;
	} else if (neg) {
		k = -k;
	}
	if (k >= 31)
		return MAG_OVERFLOW;
	if (k < -33)
		return 0;
	/* e^r in [1, 2) as Q1.127; the result is e^r 2^(k+32) raw. */
	return fixpt_round_shr(poly_q127(exp_coef, N_EXP, r << 7), (unsigned int)(95 - k));
}

/* ln(raw / 2^32) for raw > 0, as a signed Q6.121 value (|ln| < 23). */
static fixpt_s128 ln_q121(uint64_t raw)
{
	int b = 63 - __builtin_clzll(raw);
	int e = b - 32;
	uint64_t one = UINT64_C(1) << b;
	uint64_t num, den, q_hi, q_lo, rem;
	fixpt_u128 s, st, ln_m;
	bool s_neg;

	/* m = raw / one in [1, 2); from sqrt(2) on use m/2 and e + 1. */
	if ((fixpt_u128)raw * raw >= (fixpt_u128)1 << (2 * b + 1)) {
		one <<= 1;
		e++;
	}
	s_neg = raw < one;
	num = s_neg ? one - raw : raw - one;
	den = raw + one; /* raw < 2^63 and one <= 2^63 */
	/* s = num / den in Q0.128 by two 128/64 divisions (num < den). */
	q_hi = fixpt_div_128_64(num, 0, den, &rem);
	q_lo = fixpt_div_128_64(rem, 0, den, &rem);
	s = ((fixpt_u128)q_hi << 64) | q_lo;
	/* ln m = 2 s (1 + s^2/3 + s^4/5 + ...), |s| <= 0.1716 */
	st = fixpt_mul_hi(s, poly_q127(atanh_coef, N_ATANH, fixpt_mul_hi(s, s)));
	ln_m = (st + 16) >> 5; /* 2 s T: Q1.127 to Q6.121, times 2 */
	return (fixpt_s128)e * (fixpt_s128)FIXPT_LN2_Q121 +
	       (s_neg ? -(fixpt_s128)ln_m : (fixpt_s128)ln_m);
}

struct fixed31_32 fixed31_32_exp(struct fixed31_32 x)
{
	uint64_t mag = fixpt_abs64(x.value);

	if (fixed31_32_is_overflow(x))
		return FIXED31_32_OVERFLOW_POS;
	/* |x| >= 32: saturate, exp_q121 tells which way. */
	if (mag >= UINT64_C(32) << 32)
		return fixpt31_from_mag(false, exp_q121(x.value < 0, W_LIMIT));
	return fixpt31_from_mag(false, exp_q121(x.value < 0, (fixpt_u128)mag << 89));
}

struct fixed31_32 fixed31_32_log(struct fixed31_32 x)
{
	fixpt_s128 l;

	if (x.value == INT64_MAX)
		return FIXED31_32_OVERFLOW_POS;
	if (x.value <= 0) /* ln 0 = -inf, ln of a negative: no real value */
		return FIXED31_32_OVERFLOW_NEG;
	l = ln_q121((uint64_t)x.value);
	return fixpt31_from_mag(l < 0, fixpt_round_shr((fixpt_u128)(l < 0 ? -l : l), 89));
}

struct fixed31_32 fixed31_32_pow(struct fixed31_32 x, struct fixed31_32 y)
{
	bool odd = false, w_neg;
	uint64_t y_mag = fixpt_abs64(y.value);
	fixpt_s128 l;
	fixpt_u128 l_mag, lo, hi, w;

	if (fixed31_32_is_overflow(x) || fixed31_32_is_overflow(y))
		return FIXED31_32_OVERFLOW_POS;
	if (y.value == 0)
		return FIXED31_32_ONE;
	if (x.value == 0)
		return y.value > 0 ? FIXED31_32_ZERO : FIXED31_32_OVERFLOW_POS;
	if (x.value < 0) {
		if (y.value & 0xffffffff) /* not an integer: no real result */
			return FIXED31_32_OVERFLOW_NEG;
		odd = (y_mag >> 32) & 1;
	}
	l = ln_q121(fixpt_abs64(x.value));
	l_mag = (fixpt_u128)(l < 0 ? -l : l);
	w_neg = (l < 0) != (y.value < 0);
	/* w = y ln|x|: the 192-bit product |y raw| * |l| shifted down by 32. */
	lo = (fixpt_u128)(uint64_t)l_mag * y_mag;
	hi = (fixpt_u128)(uint64_t)(l_mag >> 64) * y_mag;
	if (hi >> 94) /* |w| >= 2^(94 + 64 - 32 - 121) = 32 */
		w = W_LIMIT;
	else
		w = (hi << 32) + (lo >> 32);
	return fixpt31_from_mag(odd, exp_q121(w_neg, w));
}
