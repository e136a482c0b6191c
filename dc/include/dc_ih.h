/*
 * The IH ring: how display interrupts reach the host on DCE 10/11 GPUs.
 *
 * The GPU's interrupt handler (the OSS block) writes one 16-byte vector
 * (source id, source data) per interrupt into a ring in memory the caller
 * provides, advances its write pointer, copies it to a writeback slot and
 * then signals (MSI/INTx: the dc_hw irq_fd). DC never allocates memory of
 * its own: the caller maps the ring and the slot for device writes through
 * its backend (VFIO DMA, the simulator's IOMMU) and hands both over here.
 *
 * With a ring attached dc_handle_irq drains it and acts on exactly the
 * sources its vectors name, acknowledging each at its display block as
 * before; after an overflow (and at attach) it scans every source once so
 * nothing is lost. Without a ring dc_handle_irq scans every source (what
 * poll mode does when no ring can be mapped). docs/hardware.md, "The IH
 * ring".
 */
#ifndef DC_IH_H
#define DC_IH_H

#include <stdbool.h>
#include <stdint.h>

struct dc;

/* Smallest (4 vectors) and largest ring (IH_RB_WPTR.OFFSET reaches 256 KiB). */
#define DC_IH_RING_MIN_BYTES 64u
#define DC_IH_RING_MAX_BYTES (256u * 1024)

struct dc_ih_ring {
	void *ring;	     /* host view of the ring, ring_bytes long */
	uint64_t ring_addr;  /* its device address: 256-byte aligned, below 2^40 */
	uint32_t ring_bytes; /* a power of two, DC_IH_RING_MIN..MAX_BYTES */
	void *wptr;	     /* host view of the 4-byte write pointer writeback */
	uint64_t wptr_addr;  /* its device address: 4-byte aligned, below 2^40 */
	/*
	 * true: the IH writes vectors but raises no interrupt (poll mode: the
	 * caller calls dc_handle_irq from a timer).
	 */
	bool no_interrupt;
};

/*
 * Programs the IH block of the board's generation (OSS 3.0 or 3.0.1) for
 * ring and enables it: the ring off, base, size, writeback address,
 * pointers at 0, the read-pointer doorbell off, then on. Touches no
 * display block, so a running scanout is not disturbed (restart and
 * adoption call it again with new memory). Then scans every source once
 * for what latched while no ring listened. -EINVAL for a ring that breaks
 * the rules above (err names the value).
 */
int dc_ih_attach(struct dc *dc, const struct dc_ih_ring *ring);

/*
 * Turns the ring off (no more vectors, no interrupt) and forgets it. The
 * memory may be unmapped afterwards. Does nothing without a ring.
 */
void dc_ih_detach(struct dc *dc);

bool dc_ih_attached(const struct dc *dc);

/*
 * Vectors wait in the ring (its write pointer writeback is past DC's read
 * pointer); no register access. An interrupt handler clears its interrupt,
 * then asks: the IH writes the pointer before it signals, so a vector whose
 * signal was cleared is seen here and none is left behind.
 */
bool dc_ih_pending(const struct dc *dc);

struct dc_ih_stats {
	uint64_t vectors;    /* vectors read from the ring */
	uint64_t dispatched; /* of those, naming a source DC acted on */
	uint64_t ignored;    /* unknown or corrupt source id/data, or a pipe not running */
	uint64_t overflows;  /* times the hardware flagged RB_OVERFLOW */
	uint64_t scans;	     /* full status scans (attach, overflow, no ring) */
};

void dc_ih_get_stats(const struct dc *dc, struct dc_ih_stats *stats);

#endif
