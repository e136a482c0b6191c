/*
 * DP link bandwidth: what a link configuration carries and what a stream
 * needs, in kbit/s. DP 1.2 main link lanes use 8b/10b: 8 payload bits per
 * 10-bit symbol, so HBR (2.7 Gbit/s raw per lane) carries 2.16 Gbit/s.
 */
#include "dc_calcs.h"

const char *dc_dp_rate_name(uint32_t rate_mbps)
{
	switch (rate_mbps) {
	case DC_DP_RATE_RBR:
		return "RBR";
	case DC_DP_RATE_HBR:
		return "HBR";
	case DC_DP_RATE_HBR2:
		return "HBR2";
	case DC_DP_RATE_HBR3:
		return "HBR3";
	}
	return NULL;
}

unsigned dc_bpp_x2(enum dc_pixel_encoding encoding, unsigned bpc)
{
	if (bpc < 6 || bpc > 16)
		return 0;
	switch (encoding) {
	case DC_ENCODING_RGB:
	case DC_ENCODING_YCBCR444:
		return 6 * bpc;
	case DC_ENCODING_YCBCR422:
		return 4 * bpc;
	case DC_ENCODING_YCBCR420:
		return 3 * bpc;
	}
	return 0;
}

struct fixed32_32 dc_dp_link_kbps(unsigned lanes, uint32_t rate_mbps)
{
	/* lanes x rate x 1000 kbit/s x 8 / 10 */
	return fixed32_32_from_fraction((uint64_t)lanes * rate_mbps * 1000 * 8, 10);
}

struct fixed32_32 dc_dp_stream_kbps(uint32_t pixel_khz, enum dc_pixel_encoding encoding,
				    unsigned bpc)
{
	unsigned bpp_x2 = dc_bpp_x2(encoding, bpc);

	if (!bpp_x2)
		return FIXED32_32_OVERFLOW;
	return fixed32_32_from_fraction((uint64_t)pixel_khz * bpp_x2, 2);
}
