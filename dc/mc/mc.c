/*
 * Where VRAM sits in the MC address space, read as the kernel's
 * gmc_v8_0.c reads it (MC_VM_FB_LOCATION, set by the VBIOS when it posts
 * the GPU), and the system aperture programmed over it as gmc_v8_0.c's
 * mc_program does, so DCE's fetches of VRAM are served whatever
 * MC_VM_MX_L1_TLB_CNTL's access mode is. Nothing else of the MC is
 * written: the GART and the AGP aperture stay as they were.
 */
#include <errno.h>
#include <stdio.h>

#include "../core/dc_priv.h"
#include "dc_vram.h"
#include "mc_regs.h"

int dc_vram_attach(struct dc *dc, uint64_t bar_bytes, uint64_t scratch, struct dc_vram_view *view,
		   char *why, size_t why_size)
{
	uint32_t loc = dc_hw_read(dc->hw, mmMC_VM_FB_LOCATION);
	uint64_t base = DC_FIELD_GET(loc, MC_VM_FB_LOCATION, FB_BASE);
	uint64_t top = DC_FIELD_GET(loc, MC_VM_FB_LOCATION, FB_TOP);
	uint64_t start, end;

	if (top < base) {
		snprintf(
			why, why_size,
			"the memory controller places no VRAM: MC_VM_FB_LOCATION is 0x%08x (FB_TOP "
			"%llu below FB_BASE %llu; is the GPU posted?)",
			loc, (unsigned long long)top, (unsigned long long)base);
		return -ENXIO;
	}
	view->fb_base = base << MC_FB_LOCATION_SHIFT;
	view->fb_bytes = (top + 1 - base) << MC_FB_LOCATION_SHIFT;
	view->usable = bar_bytes < view->fb_bytes ? bar_bytes : view->fb_bytes;
	if (scratch % DC_VRAM_ALIGN || scratch + DC_VRAM_ALIGN > view->usable) {
		snprintf(why, why_size,
			 "the default page at VRAM offset 0x%llx is not a page of the %llu bytes "
			 "usable",
			 (unsigned long long)scratch, (unsigned long long)view->usable);
		return -EINVAL;
	}
	start = view->fb_base;
	end = view->fb_base + view->fb_bytes - 1;
	dc_hw_write(dc->hw, mmMC_VM_SYSTEM_APERTURE_LOW_ADDR,
		    DC_FIELD(MC_VM_SYSTEM_APERTURE_LOW_ADDR, LOGICAL_PAGE_NUMBER,
			     (uint32_t)(start >> MC_PAGE_SHIFT)));
	dc_hw_write(dc->hw, mmMC_VM_SYSTEM_APERTURE_HIGH_ADDR,
		    DC_FIELD(MC_VM_SYSTEM_APERTURE_HIGH_ADDR, LOGICAL_PAGE_NUMBER,
			     (uint32_t)(end >> MC_PAGE_SHIFT)));
	dc_hw_write(dc->hw, mmMC_VM_SYSTEM_APERTURE_DEFAULT_ADDR,
		    DC_FIELD(MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR, PHYSICAL_PAGE_NUMBER,
			     (uint32_t)((start + scratch) >> MC_PAGE_SHIFT)));
	return 0;
}
