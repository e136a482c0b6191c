/*
 * fixed31_32 arithmetic that needs more than a line: division, products
 * and shifts, all computed exactly in 128 bits and rounded once, so each
 * result is the representable value nearest the exact one (ties to even)
 * or an overflow marker (see dc_fixpt.h for the policy). mul, div and
 * from_fraction are inline in dc_fixpt.h.
 */
#include "dc_fixpt.h"
#include "fixpt_wide.h"

struct fixed31_32 fixed31_32_add_int(struct fixed31_32 x, int64_t n)
{
	fixpt_s128 s;

	if (fixed31_32_is_overflow(x))
		return x;
	s = (fixpt_s128)x.value + (fixpt_s128)n * ((fixpt_s128)1 << 32);
	return fixpt31_from_mag(s < 0, (fixpt_u128)(s < 0 ? -s : s));
}

struct fixed31_32 fixed31_32_sub_int(struct fixed31_32 x, int64_t n)
{
	fixpt_s128 s;

	if (fixed31_32_is_overflow(x))
		return x;
	s = (fixpt_s128)x.value - (fixpt_s128)n * ((fixpt_s128)1 << 32);
	return fixpt31_from_mag(s < 0, (fixpt_u128)(s < 0 ? -s : s));
}

struct fixed31_32 fixed31_32_shl(struct fixed31_32 x, unsigned int shift)
{
	uint64_t mag = fixpt_abs64(x.value);

	if (fixed31_32_is_overflow(x) || x.value == 0)
		return x;
	/* mag >= 1, so any shift of 63 or more leaves the range. */
	if (shift >= 63)
		return fixpt31_marker(x.value < 0);
	return fixpt31_from_mag(x.value < 0, (fixpt_u128)mag << shift);
}

struct fixed31_32 fixed31_32_shr(struct fixed31_32 x, unsigned int shift)
{
	if (fixed31_32_is_overflow(x))
		return x;
	/* |x| < 2^63 raw, so from 64 on the quotient is below one half. */
	if (shift >= 64)
		return FIXED31_32_ZERO;
	return fixpt31_from_mag(x.value < 0, fixpt_round_shr(fixpt_abs64(x.value), shift));
}

struct fixed31_32 fixpt31_mul_wide(struct fixed31_32 a, struct fixed31_32 b)
{
	fixpt_s128 r;
	int64_t q, top;

	if (fixed31_32_is_overflow(a) || fixed31_32_is_overflow(b))
		return fixpt31_marker((a.value < 0) != (b.value < 0));
	/* Rounded as in fixpt_mul_round(), on the 128-bit signed product. */
	r = (fixpt_s128)a.value * b.value;
	r += 0x7fffffff + (int64_t)(((uint64_t)r >> 32) & 1);
	/* The quotient r / 2^32 fits 64 bits when bits 95..127 of r are equal. */
	q = (int64_t)(uint64_t)(r >> 32);
	top = (int64_t)(r >> 64) >> 31;
	if (top != q >> 63 || fixed31_32_is_overflow((struct fixed31_32){ q }))
		return fixpt31_marker(top < 0);
	return (struct fixed31_32){ q };
}

struct fixed31_32 fixed31_32_mul_int(struct fixed31_32 x, int64_t n)
{
	bool neg = (x.value < 0) != (n < 0);

	if (fixed31_32_is_overflow(x))
		return fixpt31_marker(neg);
	if (x.value == 0 || n == 0)
		return FIXED31_32_ZERO;
	return fixpt31_from_mag(neg, (fixpt_u128)fixpt_abs64(x.value) * fixpt_abs64(n));
}

struct fixed31_32 fixed31_32_div_int(struct fixed31_32 x, int64_t n)
{
	bool neg = (x.value < 0) != (n < 0);

	if (fixed31_32_is_overflow(x))
		return fixpt31_marker(neg);
	if (n == 0)
		return fixpt31_marker(x.value < 0);
	return fixpt31_from_mag(neg, fixpt_div_round(fixpt_abs64(x.value), fixpt_abs64(n)));
}

struct fixed31_32 fixed31_32_sqr(struct fixed31_32 x)
{
	uint64_t mag = fixpt_abs64(x.value);

	if (fixed31_32_is_overflow(x))
		return FIXED31_32_OVERFLOW_POS;
	return fixpt31_from_mag(false, fixpt_round_shr((fixpt_u128)mag * mag, 32));
}

struct fixed31_32 fixed31_32_recip(struct fixed31_32 x)
{
	uint64_t mag = fixpt_abs64(x.value);

	if (fixed31_32_is_overflow(x))
		return x;
	if (mag == 0)
		return FIXED31_32_OVERFLOW_POS;
	/* 1 / (mag / 2^32) is 2^64 / mag raw. */
	return fixpt31_from_mag(x.value < 0, fixpt_div_round((fixpt_u128)1 << 64, mag));
}
