/*
 * TMDS (DVI, HDMI) clock rules.
 *
 * The character rate is the pixel clock scaled by the deep color packing
 * (HDMI 1.4 section 6.5.2): bpc / 8 for RGB and 4:4:4, none for 4:2:2,
 * and 4:2:0 halves it (HDMI 2.0 section 7.1). Limits, checked in order:
 * the signal (DVI 165 MHz per link, HDMI 2.0 600 MHz), the link encoder,
 * the sink (above 340 MHz only with SCDC in its HF-VSDB; its stated max
 * TMDS clock) and a DP++ adaptor in between.
 */
#include <errno.h>

#include "dc_calcs.h"

struct fixed32_32 dc_tmds_clock_khz(uint32_t pixel_khz, enum dc_pixel_encoding encoding,
				    unsigned bpc)
{
	switch (encoding) {
	case DC_ENCODING_RGB:
	case DC_ENCODING_YCBCR444:
		return fixed32_32_from_fraction((uint64_t)pixel_khz * bpc, 8);
	case DC_ENCODING_YCBCR422:
		return fixed32_32_from_int(pixel_khz);
	case DC_ENCODING_YCBCR420:
		return fixed32_32_from_fraction((uint64_t)pixel_khz * bpc, 16);
	}
	return FIXED32_32_OVERFLOW;
}

static bool above(struct fixed32_32 value, uint32_t limit_khz)
{
	return fixed32_32_lt(fixed32_32_from_int(limit_khz), value);
}

static int exceeded(struct dc_tmds_result *out, enum dc_tmds_limit limit, uint32_t limit_khz,
		    struct fixed32_32 needed)
{
	out->limit = limit;
	out->limit_khz = limit_khz;
	out->needed_khz = needed;
	return -ERANGE;
}

static int check_dvi(const struct dc_tmds_config *cfg, uint32_t pixel_khz,
		     struct dc_tmds_result *out)
{
	struct fixed32_32 pixel = fixed32_32_from_int(pixel_khz);

	if (!above(pixel, DC_TMDS_DVI_SINGLE_KHZ)) {
		out->signal = DC_SIGNAL_DVI_SINGLE;
		out->tmds_khz = pixel;
	} else if (!cfg->dual_link_capable) {
		out->signal = DC_SIGNAL_DVI_SINGLE;
		out->tmds_khz = pixel;
		return exceeded(out, DC_TMDS_LIMIT_DVI_SINGLE, DC_TMDS_DVI_SINGLE_KHZ, pixel);
	} else {
		/* Two links share the pixels: each runs at half the pixel clock. */
		out->signal = DC_SIGNAL_DVI_DUAL;
		out->tmds_khz = fixed32_32_from_fraction(pixel_khz, 2);
		if (above(pixel, 2 * DC_TMDS_DVI_SINGLE_KHZ))
			return exceeded(out, DC_TMDS_LIMIT_DVI_DUAL, 2 * DC_TMDS_DVI_SINGLE_KHZ,
					pixel);
	}
	if (cfg->dongle_max_khz && above(out->tmds_khz, cfg->dongle_max_khz))
		return exceeded(out, DC_TMDS_LIMIT_DONGLE, cfg->dongle_max_khz, out->tmds_khz);
	return 0;
}

static int check_hdmi(const struct dc_tmds_config *cfg, struct dc_tmds_result *out)
{
	struct fixed32_32 tmds = out->tmds_khz;

	out->signal = DC_SIGNAL_HDMI;
	out->scrambling = above(tmds, DC_TMDS_HDMI14_KHZ);
	if (above(tmds, DC_TMDS_HDMI20_KHZ))
		return exceeded(out, DC_TMDS_LIMIT_HDMI20, DC_TMDS_HDMI20_KHZ, tmds);
	if (cfg->encoder_max_khz && above(tmds, cfg->encoder_max_khz))
		return exceeded(out, DC_TMDS_LIMIT_ENCODER, cfg->encoder_max_khz, tmds);
	/* Scrambling above 340 Mcsc is negotiated over SCDC; no SCDC, no 2.0 rates. */
	if (out->scrambling && !cfg->sink_scdc)
		return exceeded(out, DC_TMDS_LIMIT_SCDC, DC_TMDS_HDMI14_KHZ, tmds);
	if (cfg->sink_max_khz && above(tmds, cfg->sink_max_khz))
		return exceeded(out, DC_TMDS_LIMIT_SINK, cfg->sink_max_khz, tmds);
	if (cfg->dongle_max_khz && above(tmds, cfg->dongle_max_khz))
		return exceeded(out, DC_TMDS_LIMIT_DONGLE, cfg->dongle_max_khz, tmds);
	return 0;
}

int dc_tmds_check(const struct dc_tmds_config *cfg, uint32_t pixel_khz,
		  enum dc_pixel_encoding encoding, unsigned bpc, struct dc_tmds_result *out)
{
	*out = (struct dc_tmds_result){ .limit = DC_TMDS_OK };
	if (!pixel_khz || bpc < 6 || bpc > 16)
		return -EINVAL;
	if (!cfg->hdmi)
		return check_dvi(cfg, pixel_khz, out);
	out->tmds_khz = dc_tmds_clock_khz(pixel_khz, encoding, bpc);
	if (fixed32_32_is_overflow(out->tmds_khz))
		return -EINVAL;
	return check_hdmi(cfg, out);
}
