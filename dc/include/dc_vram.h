/*
 * Scanout memory the display engine can fetch: VRAM, as the memory
 * controller (MC) places it in the GPU's 40-bit address space, and an
 * allocator for buffers in it.
 *
 * Every surface and cursor address DCE fetches is an MC address. The MC
 * sends the frame buffer range (MC_VM_FB_LOCATION, which the VBIOS sets
 * when it posts the GPU and the kernel's gmc_v8_0.c only reads on these
 * parts) to VRAM; the host reaches the same VRAM through the PCI BAR
 * (VRAM offset o is BAR offset o, for as much of VRAM as the BAR shows).
 * So a buffer the host fills through the BAR at offset o scans out from
 * MC address fb_base + o, the same on the simulator and on a GPU.
 * docs/hardware.md, "Scanout memory".
 */
#ifndef DC_VRAM_H
#define DC_VRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dc;

/* Where VRAM is, for DCE and for the host. */
struct dc_vram_view {
	uint64_t fb_base;  /* MC address of VRAM offset 0 (FB_BASE x 16 MiB) */
	uint64_t fb_bytes; /* the frame buffer range (FB_TOP + 1 - FB_BASE) x 16 MiB */
	uint64_t usable;   /* what both reach: min(fb_bytes, the BAR's size) */
};

/*
 * Reads MC_VM_FB_LOCATION, as the kernel does, and programs the system
 * aperture over the frame buffer range (MC_VM_SYSTEM_APERTURE_LOW/HIGH_ADDR)
 * with its default page at VRAM offset scratch (a page the caller keeps
 * for this; what a fetch of an address the aperture holds but nothing
 * maps reads). bar_bytes is the host's view (the BAR's size).
 * -ENXIO with why when the frame buffer range is empty (FB_TOP below
 * FB_BASE: the GPU was not posted), -EINVAL when scratch lies outside it.
 */
int dc_vram_attach(struct dc *dc, uint64_t bar_bytes, uint64_t scratch, struct dc_vram_view *view,
		   char *why, size_t why_size);

/* An MC address (and a DCE surface address) has 40 bits. */
#define DC_MC_ADDRESS_BITS 40

/* ---- the GART (dc/mc/gart.c) ---------------------------------------------- */

/*
 * VM context 0, the page table the kernel's gmc_v8_0.c sets up on these
 * parts (gart_enable): a flat table (PAGE_TABLE_DEPTH 0) of 8-byte
 * entries, one per 4 KiB page of the aperture [start, start + bytes) of
 * the MC address space, in VRAM at MC address table. DCE fetches that
 * fall in the aperture read the page an entry names; APUs scan out
 * system memory this way (docs/hardware.md, "Scanout memory").
 */
struct dc_gart {
	uint64_t start, bytes; /* the aperture, page aligned */
	uint64_t table;	       /* MC address of the table (VRAM) */
	uint64_t fault_page;   /* what a fetch through an invalid entry may read (VRAM) */
};

/*
 * An entry's bits (the kernel's AMDGPU_PTE_*): valid, system (the address
 * is a bus address, not VRAM), snooped (coherent with the CPU's caches),
 * readable; the page's address in bits 47:12.
 */
#define DC_GART_PTE_VALID    (1ull << 0)
#define DC_GART_PTE_SYSTEM   (1ull << 1)
#define DC_GART_PTE_SNOOPED  (1ull << 2)
#define DC_GART_PTE_READABLE (1ull << 5)
#define DC_GART_PTE_ADDRESS  0x0000fffffffff000ull

/* The entry of a page of system memory at bus address bus (an IOVA through VFIO). */
static inline uint64_t dc_gart_pte(uint64_t bus)
{
	return (bus & DC_GART_PTE_ADDRESS) | DC_GART_PTE_VALID | DC_GART_PTE_SYSTEM |
	       DC_GART_PTE_SNOOPED | DC_GART_PTE_READABLE;
}

/*
 * Programs the L1 TLB (SYSTEM_ACCESS_MODE 3: addresses outside VRAM and
 * the apertures go to the VM contexts), the L2 and context 0 for g, then
 * invalidates the TLBs. The table must hold what it should already (all
 * zeros: nothing mapped).
 */
void dc_gart_enable(struct dc *dc, const struct dc_gart *g);
/* What context 0 translates now: true if it is enabled (a restarted dcd keeps it). */
bool dc_gart_read(struct dc *dc, struct dc_gart *out);
/* After entries changed: VM_INVALIDATE_REQUEST for context 0, as the kernel's TLB flush. */
void dc_gart_flush(struct dc *dc);

/* ---- the allocator (dc/mc/vram_alloc.c): no hardware access -------------- */

/*
 * First fit over [0, size) of VRAM offsets, lowest address first, with
 * neighbours merged on free. Alignment: at least DC_VRAM_ALIGN (the 4 KiB
 * page: MC pages, the system aperture's granule; DCE itself needs 256
 * bytes for GRPH_PRIMARY_SURFACE_ADDRESS and 4 KiB for the cursor).
 */
#define DC_VRAM_ALIGN 4096u

struct dc_vram_range {
	uint64_t offset, size;
};

struct dc_vram {
	uint64_t size;
	struct dc_vram_range *free; /* sorted by offset, never adjacent */
	unsigned nfree, cap;
	uint64_t used;	/* bytes allocated */
	unsigned count; /* allocations */
};

int dc_vram_init(struct dc_vram *v, uint64_t size);
void dc_vram_fini(struct dc_vram *v);
/*
 * size bytes (rounded up to DC_VRAM_ALIGN) at an offset aligned to align
 * (a power of two; DC_VRAM_ALIGN if smaller). -ENOSPC with why naming the
 * size asked, the free bytes and the largest free range when nothing fits.
 */
int dc_vram_alloc(struct dc_vram *v, uint64_t size, uint64_t align, uint64_t *offset, char *why,
		  size_t why_size);
/* Takes [offset, offset + size) out of the free space (adoption); -EBUSY if any of it is not free.
 */
int dc_vram_reserve(struct dc_vram *v, uint64_t offset, uint64_t size);
/* Gives back what alloc or reserve gave (the same offset and size). */
int dc_vram_free(struct dc_vram *v, uint64_t offset, uint64_t size);
/* The largest free range (what one allocation can still get). */
uint64_t dc_vram_largest_free(const struct dc_vram *v);

#endif
