/* The reference bilinear scaler: see scale_ref.h. */
#include <math.h>
#include <stdlib.h>

#include "scale_ref.h"

static unsigned clampi(long v, unsigned n)
{
	return v < 0 ? 0 : v >= (long)n ? n - 1 : (unsigned)v;
}

/* Output k of n from a source of size s: the two source indexes and the weight of the second. */
static void sample(unsigned k, unsigned s, unsigned n, unsigned *i0, unsigned *i1, long *w1)
{
	double pos = (k + 0.5) * s / n - 0.5, f = pos - floor(pos);

	*i0 = clampi((long)floor(pos), s);
	*i1 = clampi((long)floor(pos) + 1, s);
	*w1 = lround(f * 4096);
}

static uint16_t mix(unsigned a, unsigned b, long w1)
{
	return (uint16_t)(((4096 - w1) * a + w1 * b + 2048) >> 12);
}

void scale_ref_bilinear(const uint16_t *src, unsigned sw, unsigned sh, unsigned dw, unsigned dh,
			uint16_t *out)
{
	uint16_t *tmp = calloc((size_t)sw * dh * 3, sizeof(*tmp));
	unsigned i0, i1;
	long w1;

	if (!tmp)
		abort();
	for (unsigned y = 0; y < dh; y++) {
		sample(y, sh, dh, &i0, &i1, &w1);
		for (size_t i = 0; i < (size_t)sw * 3; i++)
			tmp[y * sw * 3 + i] = mix(src[i0 * sw * 3 + i], src[i1 * sw * 3 + i], w1);
	}
	for (unsigned x = 0; x < dw; x++) {
		sample(x, sw, dw, &i0, &i1, &w1);
		for (unsigned y = 0; y < dh; y++)
			for (int c = 0; c < 3; c++)
				out[((size_t)y * dw + x) * 3 + c] =
					mix(tmp[((size_t)y * sw + i0) * 3 + c],
					    tmp[((size_t)y * sw + i1) * 3 + c], w1);
	}
	free(tmp);
}
