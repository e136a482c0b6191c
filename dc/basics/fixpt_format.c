/*
 * fixed31_32 to hardware register fields: unsigned uI.F and signed sI.F
 * (sign bit + I + F bits, two's complement). Values round to the nearest
 * field step, halves away from zero, and saturate at the field's limits as
 * the hardware does; the generic packers report the saturation.
 */
#include <errno.h>

#include "dc_fixpt.h"
#include "fixpt_wide.h"

/*
 * x * 2^frac_bits rounded (halves away from zero) and limited to lo .. hi,
 * in *q. Returns 0, or -ERANGE when x was outside (markers always are).
 */
static int quantize(struct fixed31_32 x, unsigned int frac_bits, int64_t lo, int64_t hi, int64_t *q)
{
	unsigned int shift = 32 - frac_bits;
	uint64_t mag = fixpt_abs64(x.value);
	int64_t v;

	if (fixed31_32_is_overflow(x)) {
		*q = x.value < 0 ? lo : hi;
		return -ERANGE;
	}
	/* mag < 2^63, so adding half a step cannot wrap. */
	if (shift > 0)
		mag = (mag + (UINT64_C(1) << (shift - 1))) >> shift;
	v = x.value < 0 ? -(int64_t)mag : (int64_t)mag;
	if (v < lo || v > hi) {
		*q = v < lo ? lo : hi;
		return -ERANGE;
	}
	*q = v;
	return 0;
}

int fixed31_32_to_ufixed(struct fixed31_32 x, unsigned int int_bits, unsigned int frac_bits,
			 uint32_t *field)
{
	unsigned int bits = int_bits + frac_bits;
	int64_t q;
	int ret;

	*field = 0;
	if (int_bits > 32 || frac_bits > 32 || bits < 1 || bits > 32)
		return -EINVAL;
	ret = quantize(x, frac_bits, 0, (INT64_C(1) << bits) - 1, &q);
	*field = (uint32_t)q;
	return ret;
}

int fixed31_32_to_sfixed(struct fixed31_32 x, unsigned int int_bits, unsigned int frac_bits,
			 uint32_t *field)
{
	unsigned int bits = int_bits + frac_bits; /* plus the sign bit */
	int64_t limit, q;
	int ret;

	*field = 0;
	if (int_bits > 31 || frac_bits > 31 || bits > 31)
		return -EINVAL;
	limit = INT64_C(1) << bits;
	ret = quantize(x, frac_bits, -limit, limit - 1, &q);
	*field = (uint32_t)((uint64_t)q & ((UINT64_C(2) << bits) - 1));
	return ret;
}

/* The named fields clamp silently; callers that must know use the above. */
static uint32_t ufixed(struct fixed31_32 x, unsigned int int_bits, unsigned int frac_bits)
{
	uint32_t field;

	(void)fixed31_32_to_ufixed(x, int_bits, frac_bits, &field);
	return field;
}

static uint32_t sfixed(struct fixed31_32 x, unsigned int int_bits, unsigned int frac_bits)
{
	uint32_t field;

	(void)fixed31_32_to_sfixed(x, int_bits, frac_bits, &field);
	return field;
}

uint32_t fixed31_32_u0d10(struct fixed31_32 x)
{
	return ufixed(x, 0, 10);
}

uint32_t fixed31_32_u0d14(struct fixed31_32 x)
{
	return ufixed(x, 0, 14);
}

uint32_t fixed31_32_u0d19(struct fixed31_32 x)
{
	return ufixed(x, 0, 19);
}

uint32_t fixed31_32_u1d8(struct fixed31_32 x)
{
	return ufixed(x, 1, 8);
}

uint32_t fixed31_32_u2d19(struct fixed31_32 x)
{
	return ufixed(x, 2, 19);
}

uint32_t fixed31_32_u3d19(struct fixed31_32 x)
{
	return ufixed(x, 3, 19);
}

uint32_t fixed31_32_u4d19(struct fixed31_32 x)
{
	return ufixed(x, 4, 19);
}

uint32_t fixed31_32_s2d13(struct fixed31_32 x)
{
	return sfixed(x, 2, 13);
}

uint32_t fixed31_32_s4d19(struct fixed31_32 x)
{
	return sfixed(x, 4, 19);
}
