/*
 * EDID standard timings: decoding the 2-byte code and resolving a
 * (width, height, refresh) triple to a timing, DMT first and a formula
 * otherwise. Which formula applies is the EDID's business (version,
 * feature bits, range descriptor); docs/modes.md gives the rules.
 */
#include <errno.h>

#include "dc_modes.h"
#include "modes_internal.h"

int dc_std_code_decode(uint8_t byte1, uint8_t byte2, unsigned edid_revision, unsigned *width,
		       unsigned *height, unsigned *refresh_hz)
{
	unsigned w;

	/* 0x01 0x01 is "unused"; 0x00 0x00 and 0x20 0x20 are common fillers too. */
	if ((byte1 == 0x01 && byte2 == 0x01) || (byte1 == 0x00 && byte2 == 0x00) ||
	    (byte1 == 0x20 && byte2 == 0x20))
		return -ENOENT;
	if (byte1 == 0x00)
		return -EINVAL;
	w = (byte1 + 31u) * 8;
	switch (byte2 >> 6) {
	case 0:
		*height = edid_revision >= 3 ? w * 10 / 16 : w;
		break;
	case 1:
		*height = w * 3 / 4;
		break;
	case 2:
		*height = w * 4 / 5;
		break;
	default:
		*height = w * 9 / 16;
		break;
	}
	*width = w;
	*refresh_hz = (byte2 & 0x3fu) + 60;
	return 0;
}

int dc_mode_from_std(struct dc_mode *out, unsigned width, unsigned height, unsigned refresh_hz,
		     enum dc_std_formula formula, bool prefer_rb,
		     const struct dc_gtf_secondary *gtf2)
{
	struct dc_cvt_params cvt = {
		.hdisplay = width,
		.vdisplay = height,
		.refresh_mhz = refresh_hz * 1000,
	};
	struct dc_gtf_params gtf = {
		.hdisplay = width,
		.vdisplay = height,
		.refresh_mhz = refresh_hz * 1000,
	};
	int ret;

	if (!width || !height || !refresh_hz || refresh_hz > 1000)
		return -EINVAL;
	ret = dc_dmt_find(out, width, height, refresh_hz, prefer_rb);
	if (ret == -ENOENT) {
		switch (formula) {
		case DC_STD_DMT_ONLY:
			return -ENOENT;
		case DC_STD_GTF2:
			if (!gtf2)
				return -EINVAL;
			gtf.secondary = gtf2;
			ret = dc_gtf_mode(out, &gtf);
			break;
		case DC_STD_GTF:
			ret = dc_gtf_mode(out, &gtf);
			break;
		case DC_STD_CVT_RB:
			cvt.blanking = DC_CVT_RB_V1;
			ret = dc_cvt_mode(out, &cvt);
			break;
		case DC_STD_CVT:
			ret = dc_cvt_mode(out, &cvt);
			break;
		default:
			return -EINVAL;
		}
	}
	if (ret)
		return ret;
	out->source = DC_MODE_SOURCE_STD;
	return 0;
}
