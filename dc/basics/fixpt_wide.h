/*
 * Internal helpers of dc/basics: 128-bit integers, rounding and
 * saturation shared by the fixed-point files, and the constants the
 * transcendental functions reduce their arguments with. Not a public
 * header; tests/unit includes it to check the constants against MPFR.
 */
#ifndef DC_BASICS_FIXPT_WIDE_H
#define DC_BASICS_FIXPT_WIDE_H

#include <stdbool.h>
#include <stdint.h>

#include "dc_fixpt.h"

#define FIXPT_U128(hi, lo) (((fixpt_u128)(hi) << 64) | (uint64_t)(lo))

// clang-format off
/* pi / 2 * 2^63, rounded to nearest (Q1.63). */
#define FIXPT_PIO2_Q63      UINT64_C(0xc90fdaa22168c235)
/* 2 / pi * 2^128, rounded to nearest (Q0.128): range reduction for sin/cos. */
#define FIXPT_2_OVER_PI_Q128 FIXPT_U128(0xa2f9836e4e441529, 0xfc2757d1f534ddc1)
/* ln 2 * 2^121, rounded to nearest (Q6.121, the format of exp's argument). */
#define FIXPT_LN2_Q121      FIXPT_U128(0x0162e42fefa39ef3, 0x5793c7673007e5ed)
/* 1 / ln 2 * 2^62, rounded to nearest: only for a first guess of k in exp. */
#define FIXPT_INV_LN2_Q62   UINT64_C(0x5c551d94ae0bf85e)

/* n! for the Taylor coefficients of exp, sin and cos (24! < 2^80). */
#define FIXPT_FACT_0  ((fixpt_u128)1)
#define FIXPT_FACT_1  (FIXPT_FACT_0 * 1)
#define FIXPT_FACT_2  (FIXPT_FACT_1 * 2)
#define FIXPT_FACT_3  (FIXPT_FACT_2 * 3)
#define FIXPT_FACT_4  (FIXPT_FACT_3 * 4)
#define FIXPT_FACT_5  (FIXPT_FACT_4 * 5)
#define FIXPT_FACT_6  (FIXPT_FACT_5 * 6)
#define FIXPT_FACT_7  (FIXPT_FACT_6 * 7)
#define FIXPT_FACT_8  (FIXPT_FACT_7 * 8)
#define FIXPT_FACT_9  (FIXPT_FACT_8 * 9)
#define FIXPT_FACT_10 (FIXPT_FACT_9 * 10)
#define FIXPT_FACT_11 (FIXPT_FACT_10 * 11)
#define FIXPT_FACT_12 (FIXPT_FACT_11 * 12)
#define FIXPT_FACT_13 (FIXPT_FACT_12 * 13)
#define FIXPT_FACT_14 (FIXPT_FACT_13 * 14)
#define FIXPT_FACT_15 (FIXPT_FACT_14 * 15)
#define FIXPT_FACT_16 (FIXPT_FACT_15 * 16)
#define FIXPT_FACT_17 (FIXPT_FACT_16 * 17)
#define FIXPT_FACT_18 (FIXPT_FACT_17 * 18)
#define FIXPT_FACT_19 (FIXPT_FACT_18 * 19)
#define FIXPT_FACT_20 (FIXPT_FACT_19 * 20)
#define FIXPT_FACT_21 (FIXPT_FACT_20 * 21)
#define FIXPT_FACT_22 (FIXPT_FACT_21 * 22)
#define FIXPT_FACT_23 (FIXPT_FACT_22 * 23)
#define FIXPT_FACT_24 (FIXPT_FACT_23 * 24)
// clang-format on

/*
 * v / 2^shift rounded to nearest, ties to even; shift 0 .. 128. The result
 * of a tie or above is never larger than 2^(128 - shift), so it cannot wrap.
 */
static inline fixpt_u128 fixpt_round_shr(fixpt_u128 v, unsigned int shift)
{
	fixpt_u128 q, rem, half;

	if (shift == 0)
		return v;
	if (shift >= 128) {
		/* v / 2^128 < 1: rounds to 1 only above one half. */
		half = (fixpt_u128)1 << 127;
		return shift == 128 && v > half ? 1 : 0;
	}
	q = v >> shift;
	rem = v & (((fixpt_u128)1 << shift) - 1);
	half = (fixpt_u128)1 << (shift - 1);
	if (rem > half || (rem == half && (q & 1)))
		q++;
	return q;
}

/* n / d rounded to nearest, ties to even, for d != 0. */
static inline fixpt_u128 fixpt_div_round(fixpt_u128 n, uint64_t d)
{
	uint64_t hi = (uint64_t)(n >> 64), r;
	uint64_t qh = hi / d;
	uint64_t ql = fixpt_div_128_64(hi % d, (uint64_t)n, d, &r);
	fixpt_u128 q = ((fixpt_u128)qh << 64) | ql;

	/* Compare 2r with d without overflow: r > d - r. */
	if (r > d - r || (r == d - r && (ql & 1)))
		q++;
	return q;
}

/* floor(a * b / 2^128): the high half of a 256-bit product, exactly. */
static inline fixpt_u128 fixpt_mul_hi(fixpt_u128 a, fixpt_u128 b)
{
	uint64_t a1 = (uint64_t)(a >> 64), a0 = (uint64_t)a;
	uint64_t b1 = (uint64_t)(b >> 64), b0 = (uint64_t)b;
	fixpt_u128 p00 = (fixpt_u128)a0 * b0;
	fixpt_u128 p01 = (fixpt_u128)a0 * b1;
	fixpt_u128 p10 = (fixpt_u128)a1 * b0;
	fixpt_u128 p11 = (fixpt_u128)a1 * b1;
	fixpt_u128 mid = (p00 >> 64) + (uint64_t)p01 + (uint64_t)p10;

	return p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
}

/* floor(a * b / 2^64) for 64-bit a and b. */
static inline uint64_t fixpt_mul_hi64(uint64_t a, uint64_t b)
{
	return (uint64_t)(((fixpt_u128)a * b) >> 64);
}

#endif /* DC_BASICS_FIXPT_WIDE_H */
