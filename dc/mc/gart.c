/*
 * VM context 0 as a GART (dc_vram.h): what the kernel's gmc_v8_0.c
 * programs in gart_enable, as far as a display fetch needs it: the L1 TLB
 * in the access mode that sends addresses outside VRAM and the apertures
 * to the VM contexts, the L2 cache on, context 0's flat table, aperture
 * and fault page, then a TLB invalidation. Contexts 1-15 (the render
 * clients' page tables) are not touched: dcd runs no shader engine.
 */
#include "../core/dc_priv.h"
#include "dc_vram.h"
#include "mc_regs.h"

#define PAGE_SHIFT MC_PAGE_SHIFT

_Static_assert(DC_GART_PTE_VALID == MC_PTE_VALID && DC_GART_PTE_SYSTEM == MC_PTE_SYSTEM &&
		       DC_GART_PTE_SNOOPED == MC_PTE_SNOOPED &&
		       DC_GART_PTE_READABLE == MC_PTE_READABLE &&
		       DC_GART_PTE_ADDRESS == MC_PTE_ADDRESS,
	       "dc_vram.h's entry bits are mc_regs.h's (shared with the simulator)");

void dc_gart_flush(struct dc *dc)
{
	dc_hw_write(dc->hw, mmVM_INVALIDATE_REQUEST,
		    DC_FIELD(VM_INVALIDATE_REQUEST, INVALIDATE_DOMAIN_0, 1));
}

void dc_gart_enable(struct dc *dc, const struct dc_gart *g)
{
	uint32_t v = dc_hw_read(dc->hw, mmMC_VM_MX_L1_TLB_CNTL);

	/* the kernel's read-modify-write keeps what the VBIOS set in other fields */
	v = DC_FIELD_SET(v, MC_VM_MX_L1_TLB_CNTL, ENABLE_L1_TLB, 1);
	v = DC_FIELD_SET(v, MC_VM_MX_L1_TLB_CNTL, SYSTEM_ACCESS_MODE, MC_ACCESS_MODE_GART);
	v = DC_FIELD_SET(v, MC_VM_MX_L1_TLB_CNTL, ENABLE_ADVANCED_DRIVER_MODEL, 1);
	v = DC_FIELD_SET(v, MC_VM_MX_L1_TLB_CNTL, SYSTEM_APERTURE_UNMAPPED_ACCESS, 0);
	dc_hw_write(dc->hw, mmMC_VM_MX_L1_TLB_CNTL, v);
	v = dc_hw_read(dc->hw, mmVM_L2_CNTL);
	dc_hw_write(dc->hw, mmVM_L2_CNTL, DC_FIELD_SET(v, VM_L2_CNTL, ENABLE_L2_CACHE, 1));
	dc_hw_write(dc->hw, mmVM_L2_CNTL2,
		    DC_FIELD(VM_L2_CNTL2, INVALIDATE_ALL_L1_TLBS, 1) |
			    DC_FIELD(VM_L2_CNTL2, INVALIDATE_L2_CACHE, 1));
	dc_hw_write(dc->hw, mmVM_CONTEXT0_PAGE_TABLE_START_ADDR,
		    DC_FIELD(VM_CONTEXT0_PAGE_TABLE_START_ADDR, LOGICAL_PAGE_NUMBER,
			     (uint32_t)(g->start >> PAGE_SHIFT)));
	dc_hw_write(dc->hw, mmVM_CONTEXT0_PAGE_TABLE_END_ADDR,
		    DC_FIELD(VM_CONTEXT0_PAGE_TABLE_END_ADDR, LOGICAL_PAGE_NUMBER,
			     (uint32_t)((g->start + g->bytes - 1) >> PAGE_SHIFT)));
	dc_hw_write(dc->hw, mmVM_CONTEXT0_PAGE_TABLE_BASE_ADDR,
		    DC_FIELD(VM_CONTEXT0_PAGE_TABLE_BASE_ADDR, PHYSICAL_PAGE_NUMBER,
			     (uint32_t)(g->table >> PAGE_SHIFT)));
	dc_hw_write(dc->hw, mmVM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR,
		    DC_FIELD(VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR, PHYSICAL_PAGE_ADDR,
			     (uint32_t)(g->fault_page >> PAGE_SHIFT)));
	dc_hw_write(dc->hw, mmVM_CONTEXT0_CNTL2, 0);
	v = dc_hw_read(dc->hw, mmVM_CONTEXT0_CNTL);
	v = DC_FIELD_SET(v, VM_CONTEXT0_CNTL, ENABLE_CONTEXT, 1);
	v = DC_FIELD_SET(v, VM_CONTEXT0_CNTL, PAGE_TABLE_DEPTH, 0);
	v = DC_FIELD_SET(v, VM_CONTEXT0_CNTL, RANGE_PROTECTION_FAULT_ENABLE_DEFAULT, 1);
	dc_hw_write(dc->hw, mmVM_CONTEXT0_CNTL, v);
	dc_gart_flush(dc);
}

bool dc_gart_read(struct dc *dc, struct dc_gart *out)
{
	uint32_t cntl = dc_hw_read(dc->hw, mmVM_CONTEXT0_CNTL);
	uint32_t tlb = dc_hw_read(dc->hw, mmMC_VM_MX_L1_TLB_CNTL);
	uint64_t start = DC_FIELD_GET(dc_hw_read(dc->hw, mmVM_CONTEXT0_PAGE_TABLE_START_ADDR),
				      VM_CONTEXT0_PAGE_TABLE_START_ADDR, LOGICAL_PAGE_NUMBER);
	uint64_t end = DC_FIELD_GET(dc_hw_read(dc->hw, mmVM_CONTEXT0_PAGE_TABLE_END_ADDR),
				    VM_CONTEXT0_PAGE_TABLE_END_ADDR, LOGICAL_PAGE_NUMBER);

	if (!DC_FIELD_GET(cntl, VM_CONTEXT0_CNTL, ENABLE_CONTEXT) ||
	    DC_FIELD_GET(cntl, VM_CONTEXT0_CNTL, PAGE_TABLE_DEPTH) != 0 ||
	    !DC_FIELD_GET(tlb, MC_VM_MX_L1_TLB_CNTL, ENABLE_L1_TLB) ||
	    DC_FIELD_GET(tlb, MC_VM_MX_L1_TLB_CNTL, SYSTEM_ACCESS_MODE) != MC_ACCESS_MODE_GART ||
	    end < start)
		return false;
	out->start = start << PAGE_SHIFT;
	out->bytes = (end + 1 - start) << PAGE_SHIFT;
	out->table = (uint64_t)DC_FIELD_GET(dc_hw_read(dc->hw, mmVM_CONTEXT0_PAGE_TABLE_BASE_ADDR),
					    VM_CONTEXT0_PAGE_TABLE_BASE_ADDR, PHYSICAL_PAGE_NUMBER)
		     << PAGE_SHIFT;
	out->fault_page = (uint64_t)DC_FIELD_GET(
				  dc_hw_read(dc->hw, mmVM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR),
				  VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR, PHYSICAL_PAGE_ADDR)
			  << PAGE_SHIFT;
	return true;
}
