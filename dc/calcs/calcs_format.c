/*
 * Numbers as validation messages print them: fixed-point values in a
 * chosen unit with a fixed number of decimals, modes as "WxH@R"; and the
 * one exact multiply-divide the rate calcs share.
 */
#include <stdio.h>

#include "dc_calcs.h"
#include "dc_modes.h"

static const uint32_t powers_of_ten[] = { 1, 10, 100, 1000, 10000, 100000, 1000000 };

int dc_fmt_fixed(char *buf, size_t size, struct fixed32_32 x, uint32_t divisor, unsigned decimals)
{
	__extension__ typedef unsigned __int128 u128;
	uint64_t scale, q;
	u128 num, den;

	if (fixed32_32_is_overflow(x) || divisor == 0)
		return snprintf(buf, size, "overflow");
	if (decimals >= sizeof(powers_of_ten) / sizeof(powers_of_ten[0]))
		decimals = sizeof(powers_of_ten) / sizeof(powers_of_ten[0]) - 1;
	scale = powers_of_ten[decimals];
	/* round(x.value / 2^32 * scale / divisor), halves away from zero */
	num = (u128)x.value * scale;
	den = (u128)divisor << 32;
	q = (uint64_t)((num + den / 2) / den);
	if (decimals == 0)
		return snprintf(buf, size, "%llu", (unsigned long long)q);
	return snprintf(buf, size, "%llu.%0*llu", (unsigned long long)(q / scale), (int)decimals,
			(unsigned long long)(q % scale));
}

int dc_fmt_mode(char *buf, size_t size, const struct drm_mode_modeinfo *mode)
{
	uint32_t mhz = dc_mode_refresh_mhz(mode);
	/* to hundredths of a Hz, then drop trailing zeros */
	uint32_t centi = (mhz + 5) / 10;
	const char *il = (mode->flags & DRM_MODE_FLAG_INTERLACE) ? "i" : "";

	if (centi % 100 == 0)
		return snprintf(buf, size, "%ux%u%s@%u", mode->hdisplay, mode->vdisplay, il,
				centi / 100);
	if (centi % 10 == 0)
		return snprintf(buf, size, "%ux%u%s@%u.%u", mode->hdisplay, mode->vdisplay, il,
				centi / 100, centi % 100 / 10);
	return snprintf(buf, size, "%ux%u%s@%u.%02u", mode->hdisplay, mode->vdisplay, il,
			centi / 100, centi % 100);
}

const char *dc_encoding_name(enum dc_pixel_encoding encoding)
{
	switch (encoding) {
	case DC_ENCODING_RGB:
		return "RGB";
	case DC_ENCODING_YCBCR444:
		return "YCbCr 4:4:4";
	case DC_ENCODING_YCBCR422:
		return "YCbCr 4:2:2";
	case DC_ENCODING_YCBCR420:
		return "YCbCr 4:2:0";
	}
	return "unknown encoding";
}

struct fixed32_32 dc_fixed_muldiv(uint64_t a, struct fixed31_32 ratio, uint64_t den)
{
	__extension__ typedef unsigned __int128 u128;
	u128 q;

	if (!den || ratio.value < 0 || fixed31_32_is_overflow(ratio))
		return FIXED32_32_OVERFLOW;
	/* (a x ratio.value / 2^32) / den in units of 2^-32: a x ratio.value / den */
	q = ((u128)a * (uint64_t)ratio.value + den / 2) / den;
	if (q >= UINT64_MAX)
		return FIXED32_32_OVERFLOW;
	return (struct fixed32_32){ (uint64_t)q };
}
