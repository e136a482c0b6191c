/*
 * The IH ring: setting it up per OSS generation, draining its vectors into
 * DC's interrupt handlers, and what to do when the hardware flags an
 * overflow. The order of the register writes follows what the public
 * headers allow and what the kernel's tonga_ih.c / cz_ih.c do (ring off,
 * base, size and writeback, pointers at 0, doorbell off, ring on);
 * docs/hardware.md, "The IH ring", says what of it is verified where.
 */
#include <endian.h>
#include <errno.h>
#include <string.h>

#include "../core/dc_priv.h"
#include "../dce110/dce110.h"
#include "ih_regs.h"

/* Unknown vectors logged one by one before the log goes quiet. */
#define IH_COMPLAINTS 8

static const struct dc_ih_gen *ih_gen(const struct dc *dc)
{
	return &dc_ih_gens[dc->ih.gen];
}

static enum dc_ih_gen_id gen_of(enum dc_asic asic)
{
	return asic == DC_ASIC_CARRIZO || asic == DC_ASIC_STONEY ? DC_IH_OSS_3_0_1 : DC_IH_OSS_3_0;
}

static unsigned log2u(uint32_t v)
{
	unsigned n = 0;

	while (v > 1) {
		v >>= 1;
		n++;
	}
	return n;
}

/* Ring and its interrupt off, both pointers at 0. */
static void ih_off(struct dc *dc)
{
	const struct dc_ih_gen *g = ih_gen(dc);
	struct dc_hw *hw = dc->hw;
	uint32_t cntl = dc_hw_read(hw, IH_REG_RB_CNTL) & ~IH_RB_ENABLE;

	if (g->intr_reg == IH_REG_RB_CNTL)
		cntl &= ~g->enable_intr;
	dc_hw_write(hw, IH_REG_RB_CNTL, cntl);
	if (g->intr_reg != IH_REG_RB_CNTL)
		dc_hw_update(hw, g->intr_reg, g->enable_intr, 0);
	dc_hw_write(hw, IH_REG_RB_RPTR, 0);
	dc_hw_write(hw, IH_REG_RB_WPTR, 0);
}

static int check_ring(const struct dc_ih_ring *r)
{
	const uint64_t reach = 1ull << 40; /* IH_RB_BASE holds address bits 39:8 */

	if (!r->ring || !r->wptr)
		return -EINVAL;
	if (r->ring_bytes < DC_IH_RING_MIN_BYTES || r->ring_bytes > DC_IH_RING_MAX_BYTES ||
	    (r->ring_bytes & (r->ring_bytes - 1)))
		return -EINVAL;
	if ((r->ring_addr & 0xff) || r->ring_addr >= reach || reach - r->ring_addr < r->ring_bytes)
		return -EINVAL;
	if ((r->wptr_addr & 3) || r->wptr_addr >= reach - 4)
		return -EINVAL;
	return 0;
}

int dc_ih_attach(struct dc *dc, const struct dc_ih_ring *r)
{
	const struct dc_ih_gen *g;
	struct dc_hw *hw;
	uint32_t cntl, irq_bits;
	int ret;

	if (!dc || !r)
		return -EINVAL;
	ret = check_ring(r);
	if (ret < 0) {
		dc_log(dc, DC_LOG_ERROR,
		       "IH ring: %u bytes at 0x%llx, writeback at 0x%llx: the ring must be a "
		       "power of two of %u..%u bytes at a 256-byte aligned address and the "
		       "writeback 4-byte aligned, both below 2^40",
		       r->ring_bytes, (unsigned long long)r->ring_addr,
		       (unsigned long long)r->wptr_addr, DC_IH_RING_MIN_BYTES,
		       DC_IH_RING_MAX_BYTES);
		return ret;
	}
	hw = dc->hw;
	dc->ih.attached = false;
	dc->ih.gen = gen_of(dc->board.asic);
	g = ih_gen(dc);
	ih_off(dc);
	memset(r->ring, 0, r->ring_bytes);
	memset(r->wptr, 0, 4);

	dc_hw_write(hw, IH_REG_RB_BASE, (uint32_t)(r->ring_addr >> 8));
	/* RB_SIZE is log2 of the size in dwords; MC_VMID stays 0 (system memory) */
	cntl = IH_WPTR_OVERFLOW_CLEAR | IH_WPTR_WRITEBACK | g->overflow_enable |
	       ((log2u(r->ring_bytes / 4) << IH_RB_SIZE_SHIFT) & IH_RB_SIZE_MASK);
	/* with MSI the IH raises again after a read-pointer write that leaves vectors */
	irq_bits = r->no_interrupt ? 0 : g->rptr_rearm;
	if (g->intr_reg == IH_REG_RB_CNTL)
		cntl |= irq_bits;
	dc_hw_write(hw, IH_REG_RB_WPTR_ADDR_LO, (uint32_t)r->wptr_addr & IH_WPTR_ADDR_LO_MASK);
	dc_hw_write(hw, IH_REG_RB_WPTR_ADDR_HI,
		    (uint32_t)(r->wptr_addr >> 32) & IH_WPTR_ADDR_HI_MASK);
	dc_hw_write(hw, IH_REG_RB_CNTL, cntl);
	dc_hw_write(hw, IH_REG_RB_RPTR, 0);
	dc_hw_write(hw, IH_REG_RB_WPTR, 0);
	if (g->intr_reg != IH_REG_RB_CNTL)
		dc_hw_update(hw, g->intr_reg, g->mc_vmid | g->rptr_rearm | g->enable_intr,
			     irq_bits);
	/* the rptr is written to IH_RB_RPTR, not through a doorbell (BAR 2 is not mapped) */
	if (g->doorbell_reg)
		dc_hw_update(hw, g->doorbell_reg, g->doorbell_enable, 0);

	dc->ih.ring = r->ring;
	dc->ih.wptr = r->wptr;
	dc->ih.mask = r->ring_bytes - 1;
	dc->ih.rptr = 0;
	dc->ih.no_interrupt = r->no_interrupt;
	dc->ih.attached = true;

	/* on, with overflows flagged from now on (the clear bit released) */
	cntl = (cntl & ~IH_WPTR_OVERFLOW_CLEAR) | IH_RB_ENABLE;
	if (g->intr_reg == IH_REG_RB_CNTL && !r->no_interrupt)
		cntl |= g->enable_intr;
	if (g->intr_reg != IH_REG_RB_CNTL && !r->no_interrupt)
		dc_hw_update(hw, g->intr_reg, g->enable_intr, g->enable_intr);
	dc_hw_write(hw, IH_REG_RB_CNTL, cntl);
	dc_log(dc, DC_LOG_INFO, "IH ring (%s): %u bytes at 0x%llx, write pointer at 0x%llx, %s",
	       g->name, r->ring_bytes, (unsigned long long)r->ring_addr,
	       (unsigned long long)r->wptr_addr,
	       r->no_interrupt ? "no interrupt (polled)" : "interrupts on");
	/* what latched while no ring listened raised no vector */
	dc_irq_scan(dc);
	return 0;
}

void dc_ih_detach(struct dc *dc)
{
	if (!dc || !dc->ih.attached)
		return;
	ih_off(dc);
	dc->ih.attached = false;
	dc->ih.ring = dc->ih.wptr = NULL;
}

bool dc_ih_attached(const struct dc *dc)
{
	return dc && dc->ih.attached;
}

bool dc_ih_pending(const struct dc *dc)
{
	uint32_t w;

	if (!dc || !dc->ih.attached)
		return false;
	w = le32toh(*dc->ih.wptr);
	return (w & IH_WPTR_OVERFLOW) || (w & IH_PTR_OFFSET & dc->ih.mask) != dc->ih.rptr;
}

void dc_ih_get_stats(const struct dc *dc, struct dc_ih_stats *stats)
{
	if (dc && stats)
		*stats = dc->ih.stats;
}

/*
 * The hardware flagged that vectors were lost: start again from its write
 * pointer and look at every source, whose status registers still hold what
 * the lost vectors would have named.
 */
static uint32_t overflow(struct dc *dc, uint32_t wptr_reg)
{
	struct dc_ih_rt *ih = &dc->ih;
	struct dc_hw *hw = dc->hw;
	uint32_t cntl = dc_hw_read(hw, IH_REG_RB_CNTL);
	uint32_t wptr = wptr_reg & IH_PTR_OFFSET & ih->mask & ~15u;

	ih->stats.overflows++;
	dc_log(dc, DC_LOG_WARNING,
	       "IH ring overflow (IH_RB_WPTR 0x%08x, read pointer 0x%x): vectors were lost; "
	       "resuming at 0x%x and scanning every interrupt source",
	       wptr_reg, ih->rptr, wptr);
	dc_hw_write(hw, IH_REG_RB_CNTL, cntl | IH_WPTR_OVERFLOW_CLEAR);
	dc_hw_write(hw, IH_REG_RB_CNTL, cntl & ~IH_WPTR_OVERFLOW_CLEAR);
	ih->rptr = wptr;
	dc_hw_write(hw, IH_REG_RB_RPTR, ih->rptr);
	dc_irq_scan(dc);
	return wptr;
}

/* The write pointer (byte offset of the next vector the IH will write). */
static uint32_t read_wptr(struct dc *dc)
{
	struct dc_ih_rt *ih = &dc->ih;
	uint32_t w = le32toh(*ih->wptr);

	/* the vectors before it must be read after it */
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	if (w & IH_WPTR_OVERFLOW) {
		/* the writeback may be older than a clear: the register decides */
		uint32_t reg = dc_hw_read(dc->hw, IH_REG_RB_WPTR);

		if (reg & IH_WPTR_OVERFLOW)
			return overflow(dc, reg);
		w = reg;
	}
	w &= IH_PTR_OFFSET & ih->mask;
	if (w & 15) {
		dc_log(dc, DC_LOG_WARNING,
		       "IH ring: write pointer 0x%x is not on a 16-byte vector; reading the "
		       "register instead",
		       w);
		w = dc_hw_read(dc->hw, IH_REG_RB_WPTR) & IH_PTR_OFFSET & ih->mask & ~15u;
	}
	return w;
}

static bool pipe_running(const struct dc *dc, unsigned d)
{
	return d < dc->pool->timing_generators && dc->pipes[d].active;
}

/* Acts on one vector; false when it names nothing DC acts on. */
static bool dispatch(struct dc *dc, uint32_t src, uint32_t data)
{
	if (src >= IH_SRC_D1_V_UPDATE && src < IH_SRC_D1_V_UPDATE + 2 * IH_DISPLAY_CONTROLLERS) {
		unsigned d = (src - IH_SRC_D1_V_UPDATE) / 2;

		if (data != 0 || !pipe_running(dc, d))
			return false;
		if ((src - IH_SRC_D1_V_UPDATE) & 1)
			dc_flip_irq(dc, d);
		else
			dce110_irq_vupdate_ack(dc->hw, d);
		return true;
	}
	if (src >= IH_SRC_D1_VLINE && src < IH_SRC_D1_VLINE + IH_DISPLAY_CONTROLLERS) {
		unsigned d = src - IH_SRC_D1_VLINE;

		if (data != IH_DATA_VLINE0 || !pipe_running(dc, d))
			return false;
		dc_vblank_irq(dc, d);
		return true;
	}
	if (src == IH_SRC_HPD && data < IH_DATA_HPD1_RX + 6)
		return dc_irq_handle_hpd_line(dc, data % 6);
	return false;
}

static void decode(struct dc *dc, uint32_t at)
{
	struct dc_ih_rt *ih = &dc->ih;
	const volatile uint32_t *v = ih->ring + at / 4;
	uint32_t dw0 = le32toh(v[0]), dw1 = le32toh(v[1]);
	uint32_t src = dw0 & IH_SRC_ID_MASK, data = dw1 & IH_SRC_DATA_MASK;

	ih->stats.vectors++;
	if (dispatch(dc, src, data)) {
		ih->stats.dispatched++;
		return;
	}
	ih->stats.ignored++;
	if (ih->complaints < IH_COMPLAINTS) {
		ih->complaints++;
		dc_log(dc, DC_LOG_WARNING,
		       "IH ring: vector at 0x%x (%08x %08x %08x %08x) names source id %u data %u, "
		       "which no running display source of this engine raises; ignored%s",
		       at, dw0, dw1, le32toh(v[2]), le32toh(v[3]), src, data,
		       ih->complaints == IH_COMPLAINTS ? " (further ones are only counted)" : "");
	}
}

void dc_ih_drain(struct dc *dc)
{
	struct dc_ih_rt *ih = &dc->ih;
	/* a writer faster than the reader cannot keep it here forever */
	unsigned budget = 2 * ((ih->mask + 1) / IH_VECTOR_BYTES);

	for (int pass = 0; pass < 2 && budget; pass++) {
		uint32_t wptr = read_wptr(dc);

		if (wptr == ih->rptr)
			break;
		while (ih->rptr != wptr && budget) {
			decode(dc, ih->rptr);
			ih->rptr = (ih->rptr + IH_VECTOR_BYTES) & ih->mask;
			budget--;
		}
		dc_hw_write(dc->hw, IH_REG_RB_RPTR, ih->rptr);
	}
}
