/*
 * fixed32_32 arithmetic beyond the inline one-liners: computed exactly in
 * 128 bits and rounded once (ties to even); a result that does not fit, a
 * negative result, a division by zero or a marker operand gives the marker
 * UINT64_MAX.
 */
#include "dc_fixpt.h"
#include "fixpt_wide.h"

/* raw as a fixed32_32, or the marker when it is not a finite value. */
static struct fixed32_32 from_raw(fixpt_u128 raw)
{
	if (raw >= UINT64_MAX)
		return FIXED32_32_OVERFLOW;
	return (struct fixed32_32){ (uint64_t)raw };
}

struct fixed32_32 fixed32_32_add_int(struct fixed32_32 x, uint64_t n)
{
	if (fixed32_32_is_overflow(x))
		return x;
	return from_raw((fixpt_u128)x.value + ((fixpt_u128)n << 32));
}

struct fixed32_32 fixed32_32_sub_int(struct fixed32_32 x, uint64_t n)
{
	fixpt_u128 sub = (fixpt_u128)n << 32;

	if (fixed32_32_is_overflow(x) || sub > x.value)
		return FIXED32_32_OVERFLOW;
	return (struct fixed32_32){ x.value - (uint64_t)sub };
}

struct fixed32_32 fixpt32_mul_wide(struct fixed32_32 a, struct fixed32_32 b)
{
	fixpt_u128 p, q;

	if (fixed32_32_is_overflow(a) || fixed32_32_is_overflow(b))
		return FIXED32_32_OVERFLOW;
	p = (fixpt_u128)a.value * b.value;
	/* Rounded as in fixpt_mul_round(). */
	q = (p + 0x7fffffff + ((p >> 32) & 1)) >> 32;
	if (q >= UINT64_MAX)
		return FIXED32_32_OVERFLOW;
	return (struct fixed32_32){ (uint64_t)q };
}

struct fixed32_32 fixed32_32_mul_int(struct fixed32_32 x, uint64_t n)
{
	if (fixed32_32_is_overflow(x))
		return x;
	return from_raw((fixpt_u128)x.value * n);
}

struct fixed32_32 fixed32_32_div_int(struct fixed32_32 x, uint64_t n)
{
	if (fixed32_32_is_overflow(x) || n == 0)
		return FIXED32_32_OVERFLOW;
	return from_raw(fixpt_div_round(x.value, n));
}
