/*
 * The memory controller between the display engine and memory: every
 * surface and cursor fetch is an MC address (40 bits), which the MC sends
 * to VRAM, to system memory through the AGP aperture or straight through
 * (a bus address, which the IOMMU then translates: sim_map_memory), or
 * nowhere. docs/sim.md ("Memory controller and VRAM") is the
 * specification; which parts are the headers' and which a reading of
 * their names is in docs/hardware.md ("Scanout memory").
 *
 * VRAM is the simulator's own memory, part of the hardware state (it
 * follows struct sim_state in the same mapping, so a state file keeps it
 * across a restarted dcd, as VRAM keeps its contents while the GPU stays
 * powered). Software reaches it through sim_vram(), the BAR.
 */
#include <string.h>

#include "mc_regs.h"
#include "sim_internal.h"

#define FB_UNIT	  (1ull << MC_FB_LOCATION_SHIFT)
#define AGP_UNIT  (1ull << MC_AGP_SHIFT)
#define PAGE_UNIT (1ull << MC_PAGE_SHIFT)
#define MC_LIMIT  (1ull << MC_ADDRESS_BITS)

/* SYSTEM_ACCESS_MODE 0: every access is physical (power-on). */
#define ACCESS_PHYSICAL 0

bool sim_mc_reg(uint32_t reg)
{
	switch (reg) {
	case mmVM_L2_CNTL:
	case mmVM_L2_CNTL2:
	case mmVM_L2_CNTL3:
	case mmVM_CONTEXT0_CNTL:
	case mmVM_CONTEXT0_CNTL2:
	case mmVM_INVALIDATE_REQUEST:
	case mmVM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR:
	case mmVM_CONTEXT0_PAGE_TABLE_BASE_ADDR:
	case mmVM_CONTEXT0_PAGE_TABLE_START_ADDR:
	case mmVM_CONTEXT0_PAGE_TABLE_END_ADDR:
		return true;
	}
	return (reg >= mmMC_VM_FB_LOCATION && reg <= mmMC_VM_SYSTEM_APERTURE_DEFAULT_ADDR) ||
	       reg == mmMC_VM_MX_L1_TLB_CNTL || reg == mmMC_VM_FB_OFFSET;
}

/*
 * Power-on, as the VBIOS leaves a posted GPU: VRAM at MC address 0 up to
 * its size (FB_TOP is inclusive, in 16 MiB), the AGP aperture empty
 * (BOT above TOP), the system aperture and the access mode 0.
 */
void sim_mc_reset(struct sim *sim)
{
	struct sim_state *st = sim->st;
	uint64_t units = st->vram_bytes / FB_UNIT;
	uint32_t top = units ? (uint32_t)(units - 1) : 0;

	st->regs[mmMC_VM_FB_LOCATION] = units ? DC_FIELD(MC_VM_FB_LOCATION, FB_TOP, top) |
							DC_FIELD(MC_VM_FB_LOCATION, FB_BASE, 0)
					      : DC_FIELD(MC_VM_FB_LOCATION, FB_BASE, 1);
	st->regs[mmMC_VM_AGP_BOT] = MC_VM_AGP_BOT__AGP_BOT_MASK;
	st->regs[mmMC_VM_AGP_TOP] = 0;
}

static uint32_t r(struct sim *sim, uint32_t reg)
{
	return sim->st->regs[reg];
}

/* A run of len bytes from VRAM offset off, or NULL past the VRAM there is. */
static const uint8_t *vram_at(struct sim *sim, uint64_t off, size_t len)
{
	if (off > sim->st->vram_bytes || len > sim->st->vram_bytes - off)
		return NULL;
	return sim_vram_base(sim) + off;
}

/*
 * VM context 0 (the GART): a flat table of 8-byte entries in VRAM, one
 * per 4 KiB page from PAGE_TABLE_START_ADDR to PAGE_TABLE_END_ADDR. An
 * entry that is valid and readable gives the page: a bus address (system
 * bit: through the IOMMU) or an MC address in VRAM. Anything else is a
 * fault; what DCE then reads is not known (docs/hardware.md), the model
 * returns noise. The L1/L2 TLBs are not modelled: every fetch reads the
 * table, so VM_INVALIDATE_REQUEST only counts.
 */
static const uint8_t *gart_lookup(struct sim *sim, uint64_t addr, size_t len, uint64_t fb_lo,
				  uint64_t fb_hi, bool *garbage)
{
	uint32_t cntl = r(sim, mmVM_CONTEXT0_CNTL);
	uint64_t start = (uint64_t)SIM_GET(r(sim, mmVM_CONTEXT0_PAGE_TABLE_START_ADDR),
					   VM_CONTEXT0_PAGE_TABLE_START_ADDR, LOGICAL_PAGE_NUMBER);
	uint64_t end = (uint64_t)SIM_GET(r(sim, mmVM_CONTEXT0_PAGE_TABLE_END_ADDR),
					 VM_CONTEXT0_PAGE_TABLE_END_ADDR, LOGICAL_PAGE_NUMBER);
	uint64_t table = (uint64_t)SIM_GET(r(sim, mmVM_CONTEXT0_PAGE_TABLE_BASE_ADDR),
					   VM_CONTEXT0_PAGE_TABLE_BASE_ADDR, PHYSICAL_PAGE_NUMBER) *
			 PAGE_UNIT;
	uint64_t page = addr / PAGE_UNIT, pte, at;
	const uint8_t *p;

	*garbage = true;
	if (!SIM_GET(cntl, VM_CONTEXT0_CNTL, ENABLE_CONTEXT) ||
	    SIM_GET(cntl, VM_CONTEXT0_CNTL, PAGE_TABLE_DEPTH) != 0 || page < start || page > end ||
	    (addr & (PAGE_UNIT - 1)) + len > PAGE_UNIT)
		return NULL;
	at = table + (page - start) * 8;
	if (at < fb_lo || at + 8 > fb_hi || !(p = vram_at(sim, at - fb_lo, 8)))
		return NULL;
	memcpy(&pte, p, 8); /* little-endian, as the host */
	if (!(pte & MC_PTE_VALID) || !(pte & MC_PTE_READABLE))
		return NULL;
	at = (pte & MC_PTE_ADDRESS) + (addr & (PAGE_UNIT - 1));
	*garbage = false;
	if (pte & MC_PTE_SYSTEM)
		return sim_mem_lookup(sim, at, len);
	if (at >= fb_lo && at + len <= fb_hi && (p = vram_at(sim, at - fb_lo, len)))
		return p;
	*garbage = true;
	return NULL;
}

const uint8_t *sim_mc_lookup(struct sim *sim, uint64_t addr, size_t len, bool *garbage)
{
	uint32_t fb = r(sim, mmMC_VM_FB_LOCATION), tlb = r(sim, mmMC_VM_MX_L1_TLB_CNTL);
	uint64_t fb_lo = (uint64_t)SIM_GET(fb, MC_VM_FB_LOCATION, FB_BASE) * FB_UNIT;
	uint64_t fb_hi = ((uint64_t)SIM_GET(fb, MC_VM_FB_LOCATION, FB_TOP) + 1) * FB_UNIT;
	uint64_t agp_lo =
		(uint64_t)SIM_GET(r(sim, mmMC_VM_AGP_BOT), MC_VM_AGP_BOT, AGP_BOT) * AGP_UNIT;
	uint64_t agp_hi =
		((uint64_t)SIM_GET(r(sim, mmMC_VM_AGP_TOP), MC_VM_AGP_TOP, AGP_TOP) + 1) * AGP_UNIT;
	uint64_t agp_base =
		(uint64_t)SIM_GET(r(sim, mmMC_VM_AGP_BASE), MC_VM_AGP_BASE, AGP_BASE) * AGP_UNIT;
	uint64_t ap_lo = (uint64_t)SIM_GET(r(sim, mmMC_VM_SYSTEM_APERTURE_LOW_ADDR),
					   MC_VM_SYSTEM_APERTURE_LOW_ADDR, LOGICAL_PAGE_NUMBER) *
			 PAGE_UNIT;
	uint64_t ap_hi = ((uint64_t)SIM_GET(r(sim, mmMC_VM_SYSTEM_APERTURE_HIGH_ADDR),
					    MC_VM_SYSTEM_APERTURE_HIGH_ADDR, LOGICAL_PAGE_NUMBER) +
			  1) *
			 PAGE_UNIT;
	unsigned mode = SIM_GET(tlb, MC_VM_MX_L1_TLB_CNTL, SYSTEM_ACCESS_MODE);
	const uint8_t *p;

	*garbage = false;
	if (addr >= MC_LIMIT || len > MC_LIMIT - addr)
		goto garbage;
	/* the frame buffer range: VRAM (a fetch must not run off its end) */
	if (addr >= fb_lo && addr < fb_hi) {
		if (addr + len > fb_hi || !(p = vram_at(sim, addr - fb_lo, len)))
			goto garbage;
		return p;
	}
	/* the AGP aperture: system memory at AGP_BASE + (addr - AGP_BOT) */
	if (agp_lo < agp_hi && addr >= agp_lo && addr < agp_hi) {
		if (addr + len > agp_hi)
			goto garbage;
		return sim_mem_lookup(sim, agp_base + (addr - agp_lo), len);
	}
	if (mode == ACCESS_PHYSICAL)
		return sim_mem_lookup(sim, addr, len); /* the bus address as it is */
	if (ap_lo < ap_hi && addr >= ap_lo && addr < ap_hi) {
		uint64_t page;

		if (!SIM_GET(tlb, MC_VM_MX_L1_TLB_CNTL, SYSTEM_APERTURE_UNMAPPED_ACCESS))
			return sim_mem_lookup(sim, addr, len); /* passed through */
		/* the default page, a physical page in the frame buffer range */
		page = (uint64_t)SIM_GET(r(sim, mmMC_VM_SYSTEM_APERTURE_DEFAULT_ADDR),
					 MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR, PHYSICAL_PAGE_NUMBER) *
		       PAGE_UNIT;
		if (page >= fb_lo && page + PAGE_UNIT <= fb_hi &&
		    (addr & (PAGE_UNIT - 1)) + len <= PAGE_UNIT &&
		    (p = vram_at(sim, page - fb_lo + (addr & (PAGE_UNIT - 1)), len)))
			return p;
		goto garbage;
	}
	/* outside the system aperture: VM context 0's page table (the GART) */
	if (SIM_GET(tlb, MC_VM_MX_L1_TLB_CNTL, ENABLE_L1_TLB))
		return gart_lookup(sim, addr, len, fb_lo, fb_hi, garbage);
garbage:
	*garbage = true;
	return NULL;
}

/*
 * What a fetch of an address the MC does not map returns: bytes derived
 * from the address alone (a multiplicative hash), so a capture shows a
 * deterministic noise, distinct from the IOMMU's magenta.
 */
void sim_mc_garbage(uint64_t addr, uint8_t *out, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		uint64_t x = (addr + i) * 0x9e3779b97f4a7c15ull;

		out[i] = (uint8_t)(x >> 56);
	}
}

void *sim_vram(struct sim *sim, uint64_t *size)
{
	*size = sim->st->vram_bytes;
	return sim->st->vram_bytes ? sim_vram_base(sim) : NULL;
}
