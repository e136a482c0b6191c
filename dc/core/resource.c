/*
 * Resource pools: what each ASIC's display engine has, as one table row
 * per ASIC. Values are facts from the public AMD driver (resource caps,
 * encoder features, clock manager tables, bandwidth calcs, transform and
 * surface register fields) and public product specifications; docs/dc.md
 * and docs/bandwidth.md say which value comes from where.
 */
#include <errno.h>
#include <string.h>

#include <drm_fourcc.h>

#include "../dce110/dce110_regs.h"
#include "dc_priv.h"

// clang-format off
static const struct dc_plane_format dce_formats[] = {
	{ DRM_FORMAT_XRGB8888,    4, "XR24" },
	{ DRM_FORMAT_ARGB8888,    4, "AR24" },
	{ DRM_FORMAT_XBGR8888,    4, "XB24" },
	{ DRM_FORMAT_ABGR8888,    4, "AB24" },
	{ DRM_FORMAT_RGB565,      2, "RG16" },
	{ DRM_FORMAT_XRGB2101010, 4, "XR30" },
	{ DRM_FORMAT_ARGB2101010, 4, "AR30" },
};

/*
 * The display PLL (BPHYC_PLLn of the public headers): 10-bit reference
 * divider, 12-bit feedback divider with a fraction in millionths (six
 * decimal places, FRACT_FB_DIVIDER_DEC_POINTS_MAX_NUM), 7-bit post
 * divider, VCO 600..1200 MHz, and 13.5..27 MHz at the phase detector (the
 * public driver's input range for HDMI). With a video BIOS, FirmwareInfo's
 * reference, ranges and integer feedback replace these (bios_clock.c).
 */
#define DCE_PLL(ref) {                                                   \
	.ref_khz = (ref), .min_input_khz = 13500, .max_input_khz = 27000, \
	.ref_div_min = 1, .ref_div_max = 1023,                            \
	.fb_div_min = 1, .fb_div_max = 4095, .fb_frac_den = 1000000,      \
	.post_div_min = 1, .post_div_max = 127,                           \
	.vco_min_khz = 600000, .vco_max_khz = 1200000,                    \
}

/* SCL: ratios in u2.19 (below 4:1 down), 16x up, 4 taps; LB 1712 x 144 bits. */
#define DCE_SCALER {                                             \
	.max_downscale = 4, .max_upscale = 16, .max_taps = 4,     \
	.lb_entries = 1712, .lb_entry_bits = 144,                 \
}

/*
 * HDMI: DCE 10 and 11.0 are HDMI 1.4 parts; the kernel's display core caps
 * their TMDS clock at 300 MHz (max_hdmi_pixel_clock) whatever the VBIOS says.
 * DCE 11.2 takes 600 MHz with scrambling where the VBIOS sets HDMI_6GB_EN.
 */
#define HDMI_14 .max_hdmi_khz = 300000, .max_hdmi_6g_khz = 300000
#define HDMI_20 .max_hdmi_khz = 300000, .max_hdmi_6g_khz = 600000

#define DCE_COMMON                                                          \
	.hpd = 6, .ddc = 6, .aux = 6, .max_hdmi_bpc = 12,                  \
	.max_dp_rate_mbps = 5400, .max_dp_lanes = 4, .ycbcr420 = false,     \
	.dprefclk_khz = 600000, .scaler = DCE_SCALER,                       \
	.cursor_sizes = { 64, 128 }, .max_surface = 16384,                  \
	.max_viewport = 16383, .max_border = 8191,                          \
	.max_pitch_px = 32767, .pitch_align_bytes = 256, .address_align = 256, \
	.max_htotal = 16384, .max_vtotal = 16384,                           \
	.formats = dce_formats,                                             \
	.format_count = sizeof(dce_formats) / sizeof(dce_formats[0])

static const struct dc_resource_pool pools[DC_ASIC_COUNT] = {
	[DC_ASIC_CARRIZO] = {
		.asic = DC_ASIC_CARRIZO, .dce = "DCE 11.0", DCE_COMMON, HDMI_14,
		.regs = &dce110_regs_gens[DCE110_GEN_11_0],
		.timing_generators = 3, .stream_encoders = 3, .link_encoders = 9,
		.plls = 2, .audio = 3, .max_dispclk_khz = 643000,
		.pll = DCE_PLL(100000),
		.bw = { .dram_channels = 2, .dram_channel_bits = 64, .dram_mts = 1600,
			.dram_efficiency_pct = 80, .return_bus_bytes = 32, .sclk_mhz = 626,
			.urgent_latency_ns = 4000, .dmif_bytes = 2 * 12288,
			.stutter_exit_latency_ns = 15300, .nbp_latency_ns = 19649 },
		.memory = "2 x 64-bit DDR3-1600",
	},
	[DC_ASIC_STONEY] = {
		.asic = DC_ASIC_STONEY, .dce = "DCE 11.0", DCE_COMMON, HDMI_14,
		.regs = &dce110_regs_gens[DCE110_GEN_11_0],
		.timing_generators = 2, .stream_encoders = 3, .link_encoders = 9,
		.plls = 2, .audio = 3, .max_dispclk_khz = 643000,
		.pll = DCE_PLL(100000),
		.bw = { .dram_channels = 1, .dram_channel_bits = 64, .dram_mts = 1866,
			.dram_efficiency_pct = 80, .return_bus_bytes = 32, .sclk_mhz = 800,
			.urgent_latency_ns = 4000, .dmif_bytes = 2 * 12288,
			.stutter_exit_latency_ns = 15800, .nbp_latency_ns = 20080 },
		.memory = "1 x 64-bit DDR3-1866",
	},
	[DC_ASIC_TONGA] = {
		.asic = DC_ASIC_TONGA, .dce = "DCE 10.0", DCE_COMMON, HDMI_14,
		.regs = &dce110_regs_gens[DCE110_GEN_10_0],
		.timing_generators = 6, .stream_encoders = 6, .link_encoders = 7,
		.plls = 3, .audio = 6, .max_dispclk_khz = 681000,
		.pll = DCE_PLL(27000),
		.bw = { .dram_channels = 8, .dram_channel_bits = 32, .dram_mts = 5500,
			.dram_efficiency_pct = 80,
			.urgent_latency_ns = 3000, .dmif_bytes = 2 * 12288,
			.stutter_exit_latency_ns = 5000, .nbp_latency_ns = 45000 },
		.memory = "256-bit GDDR5 at 5.5 GT/s",
	},
	[DC_ASIC_FIJI] = {
		.asic = DC_ASIC_FIJI, .dce = "DCE 10.0", DCE_COMMON, HDMI_14,
		.regs = &dce110_regs_gens[DCE110_GEN_10_0],
		.timing_generators = 6, .stream_encoders = 6, .link_encoders = 7,
		.plls = 3, .audio = 6, .max_dispclk_khz = 681000,
		.pll = DCE_PLL(27000),
		.bw = { .dram_channels = 32, .dram_channel_bits = 128, .dram_mts = 1000,
			.dram_efficiency_pct = 80,
			.urgent_latency_ns = 3000, .dmif_bytes = 2 * 12288,
			.stutter_exit_latency_ns = 5000, .nbp_latency_ns = 45000 },
		.memory = "4096-bit HBM at 1 GT/s",
	},
	/*
	 * Polaris (DCE 11.2): six pipes, encoders and HPD lines on Polaris 10,
	 * five on Polaris 11 and 12 (the kernel's num_crtc / num_dig / num_hpd);
	 * DISPCLK up to 1132 MHz. Pixel clocks come from per-PHY PLLs on these
	 * parts; the simulator extension models three PLLs, so three it is until
	 * the VBIOS tables program them.
	 */
	[DC_ASIC_POLARIS10] = {
		.asic = DC_ASIC_POLARIS10, .dce = "DCE 11.2", DCE_COMMON, HDMI_20,
		.regs = &dce110_regs_gens[DCE110_GEN_11_2],
		.timing_generators = 6, .stream_encoders = 6, .link_encoders = 6,
		.plls = 3, .audio = 6, .max_dispclk_khz = 1132000,
		.pll = DCE_PLL(27000),
		.bw = { .dram_channels = 8, .dram_channel_bits = 32, .dram_mts = 8000,
			.dram_efficiency_pct = 80,
			.urgent_latency_ns = 3000, .dmif_bytes = 2 * 12288,
			.stutter_exit_latency_ns = 5000, .nbp_latency_ns = 45000 },
		.memory = "256-bit GDDR5 at 8 GT/s",
	},
	[DC_ASIC_POLARIS11] = {
		.asic = DC_ASIC_POLARIS11, .dce = "DCE 11.2", DCE_COMMON, HDMI_20,
		.regs = &dce110_regs_gens[DCE110_GEN_11_2],
		.timing_generators = 5, .stream_encoders = 5, .link_encoders = 5,
		.plls = 3, .audio = 5, .max_dispclk_khz = 1132000,
		.pll = DCE_PLL(27000),
		.bw = { .dram_channels = 4, .dram_channel_bits = 32, .dram_mts = 7000,
			.dram_efficiency_pct = 80,
			.urgent_latency_ns = 3000, .dmif_bytes = 2 * 12288,
			.stutter_exit_latency_ns = 5000, .nbp_latency_ns = 45000 },
		.memory = "128-bit GDDR5 at 7 GT/s",
	},
	[DC_ASIC_POLARIS12] = {
		.asic = DC_ASIC_POLARIS12, .dce = "DCE 11.2", DCE_COMMON, HDMI_20,
		.regs = &dce110_regs_gens[DCE110_GEN_11_2],
		.timing_generators = 5, .stream_encoders = 5, .link_encoders = 5,
		.plls = 3, .audio = 5, .max_dispclk_khz = 1132000,
		.pll = DCE_PLL(27000),
		.bw = { .dram_channels = 2, .dram_channel_bits = 32, .dram_mts = 7000,
			.dram_efficiency_pct = 80,
			.urgent_latency_ns = 3000, .dmif_bytes = 2 * 12288,
			.stutter_exit_latency_ns = 5000, .nbp_latency_ns = 250000 },
		.memory = "64-bit GDDR5 at 7 GT/s",
	},
};

/* Connector layouts of typical boards (dc_board_default). */
#define CONN(t, h, d, a, be, dual) \
	{ .type = (t), .hpd = (h), .ddc = (d), .aux = (a), .dig_be = (be), .dual_link = (dual) }
/* an HDMI connector whose encoder the VBIOS marks HDMI_6GB_EN */
#define CONN6G(t, h, d, a, be) \
	{ .type = (t), .hpd = (h), .ddc = (d), .aux = (a), .dig_be = (be), .hdmi_6g = true }

static const struct dc_board default_boards[DC_ASIC_COUNT] = {
	[DC_ASIC_CARRIZO] = { .asic = DC_ASIC_CARRIZO, .connector_count = 3, .connectors = {
		CONN(DC_LINK_EDP, 0, 0, 0, 0, false),
		CONN(DC_LINK_DP, 1, 1, 1, 1, false),
		CONN(DC_LINK_HDMI_A, 2, 2, 0, 2, false),
	} },
	[DC_ASIC_STONEY] = { .asic = DC_ASIC_STONEY, .connector_count = 2, .connectors = {
		CONN(DC_LINK_EDP, 0, 0, 0, 0, false),
		CONN(DC_LINK_HDMI_A, 1, 1, 0, 1, false),
	} },
	/* Radeon R9 285: dual-link DVI-D, single-link DVI-D, HDMI, DP */
	[DC_ASIC_TONGA] = { .asic = DC_ASIC_TONGA, .connector_count = 4, .connectors = {
		CONN(DC_LINK_DVI_D, 0, 0, 0, 0, true),
		CONN(DC_LINK_DVI_D, 1, 1, 0, 2, false),
		CONN(DC_LINK_HDMI_A, 2, 2, 0, 3, false),
		CONN(DC_LINK_DP, 3, 3, 3, 4, false),
	} },
	/* Radeon R9 Fury X: three DP, one HDMI */
	[DC_ASIC_FIJI] = { .asic = DC_ASIC_FIJI, .connector_count = 4, .connectors = {
		CONN(DC_LINK_DP, 0, 0, 0, 0, false),
		CONN(DC_LINK_DP, 1, 1, 1, 1, false),
		CONN(DC_LINK_DP, 2, 2, 2, 2, false),
		CONN(DC_LINK_HDMI_A, 3, 3, 0, 3, false),
	} },
	/* Radeon RX 480: three DP, one HDMI 2.0 */
	[DC_ASIC_POLARIS10] = { .asic = DC_ASIC_POLARIS10, .connector_count = 4, .connectors = {
		CONN(DC_LINK_DP, 0, 0, 0, 0, false),
		CONN(DC_LINK_DP, 1, 1, 1, 1, false),
		CONN(DC_LINK_DP, 2, 2, 2, 2, false),
		CONN6G(DC_LINK_HDMI_A, 3, 3, 0, 3),
	} },
	/* Radeon RX 460: DVI-D, HDMI 2.0, DP */
	[DC_ASIC_POLARIS11] = { .asic = DC_ASIC_POLARIS11, .connector_count = 3, .connectors = {
		CONN(DC_LINK_DVI_D, 0, 0, 0, 0, false),
		CONN6G(DC_LINK_HDMI_A, 1, 1, 0, 1),
		CONN(DC_LINK_DP, 2, 2, 2, 2, false),
	} },
	/* Radeon RX 550: DVI-D, HDMI 2.0, DP */
	[DC_ASIC_POLARIS12] = { .asic = DC_ASIC_POLARIS12, .connector_count = 3, .connectors = {
		CONN(DC_LINK_DVI_D, 0, 0, 0, 0, false),
		CONN6G(DC_LINK_HDMI_A, 1, 1, 0, 1),
		CONN(DC_LINK_DP, 2, 2, 2, 2, false),
	} },
};
// clang-format on

const struct dc_resource_pool *dc_resource_pool_get(enum dc_asic asic)
{
	if ((unsigned)asic >= DC_ASIC_COUNT)
		return NULL;
	return &pools[asic];
}

const struct dc_plane_format *dc_pool_format(const struct dc_resource_pool *pool, uint32_t fourcc)
{
	for (unsigned i = 0; i < pool->format_count; i++) {
		if (pool->formats[i].fourcc == fourcc)
			return &pool->formats[i];
	}
	return NULL;
}

int dc_board_default(enum dc_asic asic, struct dc_board *out)
{
	if ((unsigned)asic >= DC_ASIC_COUNT)
		return -EINVAL;
	*out = default_boards[asic];
	return 0;
}
