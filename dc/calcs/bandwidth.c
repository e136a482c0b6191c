/*
 * Memory bandwidth: what the planes fetch against what the memory can
 * give, and whether a pipe's DMIF buffer covers the latency of a request.
 * A small model in the spirit of the public DCE bandwidth calcs; the
 * formulas and the per-ASIC parameters are in docs/bandwidth.md.
 */
#include "dc_calcs.h"

struct fixed32_32 dc_bw_plane_mbyte_s(uint32_t pixel_khz, uint32_t htotal, uint32_t vp_w,
				      unsigned bytes_pp, struct fixed31_32 v_ratio)
{
	struct fixed31_32 lines = FIXED31_32_ONE;

	if (!htotal)
		return FIXED32_32_OVERFLOW;
	if (fixed31_32_lt(FIXED31_32_ONE, v_ratio))
		lines = v_ratio;
	/*
	 * bytes per line time x lines per second / 10^6:
	 * vp_w x bytes_pp x lines x (pixel_khz x 1000 / htotal) / 10^6
	 */
	return dc_fixed_muldiv((uint64_t)vp_w * bytes_pp * pixel_khz, lines,
			       (uint64_t)htotal * 1000);
}

struct fixed32_32 dc_bw_available_mbyte_s(const struct dc_bw_params *p)
{
	/* channels x bits / 8 bytes x MT/s x efficiency */
	struct fixed32_32 dram =
		fixed32_32_from_fraction((uint64_t)p->dram_channels * p->dram_channel_bits *
						 p->dram_mts * p->dram_efficiency_pct,
					 8 * 100);

	if (p->return_bus_bytes && p->sclk_mhz)
		dram = fixed32_32_min(
			dram, fixed32_32_from_int((uint64_t)p->return_bus_bytes * p->sclk_mhz));
	return dram;
}

struct fixed32_32 dc_bw_dmif_bytes(struct fixed32_32 plane_mbyte_s, uint32_t latency_ns)
{
	/* MB/s x ns = 10^6 B/s x 10^-9 s = 10^-3 B */
	return fixed32_32_div_int(fixed32_32_mul_int(plane_mbyte_s, latency_ns), 1000);
}
