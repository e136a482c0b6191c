/*
 * The data tables with plain records a display driver reads: FirmwareInfo
 * (reference clock, PPLL ranges, default DISPCLK), ASIC_InternalSS_Info
 * (spread spectrum) and IntegratedSystemInfo (APU boot clocks). Offsets are
 * the public structure layouts of atombios.h; every read is bounded by the
 * table's own size, checked against the image at load.
 */
#include <errno.h>
#include <string.h>

#include "bios_priv.h"

/* FirmwareInfo 2.1 and 2.2 share every field read here but the GPU PLL's output. */
enum {
	FWI_REVISION = 4,
	FWI_ENGINE_CLOCK = 8,
	FWI_MEMORY_CLOCK = 12,
	FWI_GPU_PLL_OUT = 20, /* 2.2 only: ulGPUPLL_OutputFreq */
	FWI_MAX_PPLL_OUT = 32,
	FWI_DISPCLK = 40,
	FWI_MIN_PPLL_OUT = 56,
	FWI_MIN_PPLL_IN = 74,
	FWI_MAX_PPLL_IN = 76,
	FWI_REF_CLOCK = 82,
	FWI_DP_EXT_CLOCK = 86,
	FWI_MIN_SIZE = 88,
};

int dc_bios_firmware_info(const struct dc_bios *bios, struct dc_bios_firmware_info *out,
			  struct dc_bios_error *err)
{
	struct dc_bios_table t;
	int r = bios_data_need(bios, DC_BIOS_DATA_FIRMWARE_INFO, 2, 2, FWI_MIN_SIZE, &t, err);

	if (r)
		return r;
	memset(out, 0, sizeof(*out));
	out->format_rev = t.format_rev;
	out->content_rev = t.content_rev;
	/* The table's clocks are in units of 10 kHz. */
	out->firmware_revision = bios_u32(bios, t.offset + FWI_REVISION);
	out->default_engine_clock_khz = bios_u32(bios, t.offset + FWI_ENGINE_CLOCK) * 10u;
	out->default_memory_clock_khz = bios_u32(bios, t.offset + FWI_MEMORY_CLOCK) * 10u;
	out->default_dispclk_khz = bios_u32(bios, t.offset + FWI_DISPCLK) * 10u;
	if (t.content_rev >= 2)
		out->gpu_pll_output_khz = bios_u32(bios, t.offset + FWI_GPU_PLL_OUT) * 10u;
	out->ppll_max_output_khz = bios_u32(bios, t.offset + FWI_MAX_PPLL_OUT) * 10u;
	out->ppll_min_output_khz = bios_u32(bios, t.offset + FWI_MIN_PPLL_OUT) * 10u;
	out->ppll_min_input_khz = bios_u16(bios, t.offset + FWI_MIN_PPLL_IN) * 10u;
	out->ppll_max_input_khz = bios_u16(bios, t.offset + FWI_MAX_PPLL_IN) * 10u;
	out->ref_clock_khz = bios_u16(bios, t.offset + FWI_REF_CLOCK) * 10u;
	out->dp_ext_clock_khz = bios_u16(bios, t.offset + FWI_DP_EXT_CLOCK) * 10u;
	if (!out->ref_clock_khz)
		return bios_fail(err, -EINVAL,
				 "FirmwareInfo %u.%u at 0x%04x has no reference clock (0 at +%u)",
				 t.format_rev, t.content_rev, t.offset, FWI_REF_CLOCK);
	return 0;
}

#define SS_ENTRY	  12u
#define SS_CENTER	  0x01u
#define SS_EXTERNAL	  0x02u
#define SS_PERCENT_1000TH 0x10u

int dc_bios_ss_info(const struct dc_bios *bios, struct dc_bios_ss *out, unsigned max,
		    unsigned *count, struct dc_bios_error *err)
{
	struct dc_bios_table t;
	int r = bios_data_need(bios, DC_BIOS_DATA_ASIC_INTERNAL_SS_INFO, 2, 3, 4, &t, err);
	unsigned n;

	*count = 0;
	if (r)
		return r;
	n = (t.size - 4u) / SS_ENTRY;
	if (n > max)
		return bios_fail(err, -EINVAL,
				 "ASIC_InternalSS_Info at 0x%04x has %u entries, more than %u",
				 t.offset, n, max);
	for (unsigned i = 0; i < n; i++) {
		size_t e = t.offset + 4u + i * SS_ENTRY;
		uint8_t mode = bios_u8(bios, e + 9);

		out[i] = (struct dc_bios_ss){
			.target_clock_khz = bios_u32(bios, e) * 10u,
			.percentage = bios_u16(bios, e + 4),
			/* Only revision 3 knows thousandths of a percent. */
			.percentage_divider =
				t.format_rev >= 3 && (mode & SS_PERCENT_1000TH) ? 1000 : 100,
			.rate_hz = bios_u16(bios, e + 6) * 10u,
			.clock_id = bios_u8(bios, e + 8),
			.center_spread = mode & SS_CENTER,
			.external = mode & SS_EXTERNAL,
		};
	}
	*count = n;
	return 0;
}

/* IntegratedSystemInfo 1.8 and later keep these fields at these offsets. */
enum {
	ISI_ENGINE_CLOCK = 4,
	ISI_DENTIST_VCO = 8,
	ISI_UMA_CLOCK = 12,
	ISI_DISPCLK_VOLTAGE = 16, /* 4 x { voltage index, max clock } */
	ISI_MEMORY_TYPE = 90,
	ISI_UMA_CHANNELS = 91,
	ISI_MIN_SIZE = 92,
};

int dc_bios_integrated_info(const struct dc_bios *bios, struct dc_bios_integrated_info *out,
			    struct dc_bios_error *err)
{
	struct dc_bios_table t;
	int r = bios_data_need(bios, DC_BIOS_DATA_INTEGRATED_SYSTEM_INFO, 1, 1, ISI_MIN_SIZE, &t,
			       err);

	if (r)
		return r;
	if (t.content_rev < 8)
		return bios_fail(
			err, -EINVAL,
			"IntegratedSystemInfo at 0x%04x has revision 1.%u; known are 1.8 and later",
			t.offset, t.content_rev);
	memset(out, 0, sizeof(*out));
	out->format_rev = t.format_rev;
	out->content_rev = t.content_rev;
	out->boot_engine_clock_khz = bios_u32(bios, t.offset + ISI_ENGINE_CLOCK) * 10u;
	out->dentist_vco_khz = bios_u32(bios, t.offset + ISI_DENTIST_VCO) * 10u;
	out->boot_uma_clock_khz = bios_u32(bios, t.offset + ISI_UMA_CLOCK) * 10u;
	for (unsigned i = 0; i < 4; i++)
		out->dispclk_level_khz[i] =
			bios_u32(bios, t.offset + ISI_DISPCLK_VOLTAGE + 8u * i + 4u) * 10u;
	out->memory_type = bios_u8(bios, t.offset + ISI_MEMORY_TYPE);
	out->uma_channels = bios_u8(bios, t.offset + ISI_UMA_CHANNELS);
	return 0;
}

uint32_t dc_bios_dentist_vco_khz(const struct dc_bios *bios)
{
	struct dc_bios_integrated_info ii;
	struct dc_bios_firmware_info fw;
	struct dc_bios_error err;

	if (bios && !dc_bios_integrated_info(bios, &ii, &err) && ii.dentist_vco_khz)
		return ii.dentist_vco_khz;
	if (bios && !dc_bios_firmware_info(bios, &fw, &err) && fw.gpu_pll_output_khz)
		return fw.gpu_pll_output_khz;
	return DC_BIOS_DENTIST_VCO_DEFAULT_KHZ;
}
