/*
 * The interrupt handler (IH, OSS 3.0 / 3.0.1): the only way the display
 * engine's interrupts reach the host.
 *
 * Every display source (per CRTC V_UPDATE, GRPH_PFLIP, vertical interrupt 0;
 * per HPD line hot plug and HPD RX) has a level: its status latched and its
 * enable set. When one rises and the ring is on (IH_RB_CNTL.RB_ENABLE), the
 * IH writes a 16-byte vector (source id, source data: ih_regs.h) at
 * IH_RB_BASE + wptr into memory mapped for device writes, advances
 * IH_RB_WPTR, copies it to the writeback address (WPTR_WRITEBACK_ENABLE)
 * and only then raises its MSI (sim_msi_fd) where ENABLE_INTR is set. A
 * full ring (the next vector would reach the read pointer) drops the
 * vector and sets IH_RB_WPTR.RB_OVERFLOW (OSS 3.0.1: where
 * WPTR_OVERFLOW_ENABLE asks), held clear while WPTR_OVERFLOW_CLEAR is set.
 * A read-pointer write that leaves vectors behind raises the MSI again
 * where RPTR_REARM is set. A source that rises while the ring is off sends
 * nothing, now or later. docs/sim.md, "IH".
 */
#include <endian.h>
#include <string.h>
#include <unistd.h>

#include "ih_regs.h"
#include "sim_internal.h"

/* Bits of st->ih_levels. */
#define LV_CRTC(n, src) (1ull << (3 * (n) + (src)))
#define LV_HPD(i)	(1ull << (18 + (i)))
#define LV_HPD_RX(i)	(1ull << (24 + (i)))

static const struct dc_ih_gen *gen(const struct sim *sim)
{
	return &dc_ih_gens[sim->st->dce == 110 ? DC_IH_OSS_3_0_1 : DC_IH_OSS_3_0];
}

bool sim_ih_reg(uint32_t reg)
{
	return reg >= IH_REG_RB_CNTL && reg <= OSS30_mmIH_DOORBELL_RPTR;
}

static uint32_t *ih(struct sim *sim, uint32_t reg)
{
	return &sim->st->regs[reg];
}

static uint32_t ring_bytes(struct sim *sim)
{
	unsigned log2_dwords = (*ih(sim, IH_REG_RB_CNTL) & IH_RB_SIZE_MASK) >> IH_RB_SIZE_SHIFT;

	/* the offset fields reach 256 KiB: a larger size wraps there */
	return log2_dwords >= 16 ? 1u << 18 : 4u << log2_dwords;
}

static bool intr_enabled(struct sim *sim)
{
	const struct dc_ih_gen *g = gen(sim);

	return *ih(sim, g->intr_reg) & g->enable_intr;
}

static void msi(struct sim *sim)
{
	uint64_t one = 1;
	ssize_t n;

	if (!intr_enabled(sim))
		return;
	n = write(sim->msi_fd, &one, sizeof(one));
	(void)n;
	sim->st->ih_msis++;
}

static bool ring_full(struct sim *sim, uint32_t wptr)
{
	uint32_t mask = ring_bytes(sim) - 1;

	return ((wptr + IH_VECTOR_BYTES) & mask) ==
	       (*ih(sim, IH_REG_RB_RPTR) & IH_PTR_OFFSET & mask);
}

/* A device write of 4..16 bytes; dropped (counted) unless mapped for it. */
static void dma_write(struct sim *sim, uint64_t addr, const void *data, size_t len)
{
	uint8_t *p = sim_mem_lookup_writable(sim, addr, len);

	if (!p) {
		sim->st->ih_faults++;
		return;
	}
	memcpy(p, data, len);
}

static void writeback(struct sim *sim)
{
	uint64_t addr =
		((uint64_t)(*ih(sim, IH_REG_RB_WPTR_ADDR_HI) & IH_WPTR_ADDR_HI_MASK) << 32) |
		(*ih(sim, IH_REG_RB_WPTR_ADDR_LO) & IH_WPTR_ADDR_LO_MASK);
	uint32_t v = htole32(*ih(sim, IH_REG_RB_WPTR));

	if (*ih(sim, IH_REG_RB_CNTL) & IH_WPTR_WRITEBACK)
		dma_write(sim, addr, &v, sizeof(v));
}

/* One vector into the ring; false when it was dropped. */
static bool push(struct sim *sim, uint32_t src, uint32_t data)
{
	struct sim_state *st = sim->st;
	uint32_t cntl = *ih(sim, IH_REG_RB_CNTL);
	uint32_t *wreg = ih(sim, IH_REG_RB_WPTR);
	uint32_t mask = ring_bytes(sim) - 1;
	uint32_t wptr = *wreg & IH_PTR_OFFSET & mask & ~15u;
	uint64_t base = (uint64_t)*ih(sim, IH_REG_RB_BASE) << 8;
	uint32_t v[4] = { htole32(src & IH_SRC_ID_MASK), htole32(data & IH_SRC_DATA_MASK), 0, 0 };

	if (ring_full(sim, wptr)) {
		const struct dc_ih_gen *g = gen(sim);

		st->ih_dropped++;
		if ((!g->overflow_enable || (cntl & g->overflow_enable)) &&
		    !(cntl & IH_WPTR_OVERFLOW_CLEAR) && !(*wreg & IH_WPTR_OVERFLOW)) {
			*wreg |= IH_WPTR_OVERFLOW;
			writeback(sim);
		}
		return false;
	}
	dma_write(sim, base + wptr, v, sizeof(v));
	*wreg = (*wreg & IH_WPTR_OVERFLOW) | ((wptr + IH_VECTOR_BYTES) & mask);
	st->ih_vectors++;
	writeback(sim);
	return true;
}

static uint64_t levels(struct sim *sim)
{
	struct sim_state *st = sim->st;
	uint64_t lv = 0;

	for (unsigned n = 0; n < st->ncrtc_regs && n < IH_DISPLAY_CONTROLLERS; n++) {
		unsigned s = sim_crtc_irq_sources(sim, n);

		if (s & SIM_CRTC_IRQ_V_UPDATE)
			lv |= LV_CRTC(n, 0);
		if (s & SIM_CRTC_IRQ_PFLIP)
			lv |= LV_CRTC(n, 1);
		if (s & SIM_CRTC_IRQ_VLINE0)
			lv |= LV_CRTC(n, 2);
	}
	for (unsigned i = 0; i < DCE110_MAX_HPDS && i < 6; i++) {
		bool rx;

		if (sim_hpd_irq_sources(sim, i, &rx))
			lv |= LV_HPD(i);
		if (rx)
			lv |= LV_HPD_RX(i);
	}
	return lv;
}

/* Source id and data of level bit b (see LV_*). */
static void vector_of(unsigned b, uint32_t *src, uint32_t *data)
{
	if (b >= 24) {
		*src = IH_SRC_HPD;
		*data = IH_DATA_HPD1_RX + (b - 24);
	} else if (b >= 18) {
		*src = IH_SRC_HPD;
		*data = IH_DATA_HPD1 + (b - 18);
	} else if (b % 3 == 2) {
		*src = IH_SRC_D1_VLINE + b / 3;
		*data = IH_DATA_VLINE0;
	} else {
		*src = (b % 3 ? IH_SRC_D1_GRPH_PFLIP : IH_SRC_D1_V_UPDATE) + 2 * (b / 3);
		*data = 0;
	}
}

void sim_ih_update(struct sim *sim)
{
	struct sim_state *st = sim->st;
	uint64_t now = levels(sim);
	uint64_t rose = now & ~st->ih_levels;
	bool wrote = false;

	st->ih_levels = now;
	if (!rose || !(*ih(sim, IH_REG_RB_CNTL) & IH_RB_ENABLE))
		return;
	for (unsigned b = 0; b < 64; b++) {
		uint32_t src, data;

		if (!(rose & (1ull << b)))
			continue;
		vector_of(b, &src, &data);
		wrote |= push(sim, src, data);
	}
	if (wrote)
		msi(sim);
}

uint32_t sim_ih_read(struct sim *sim, uint32_t reg)
{
	uint32_t v = *ih(sim, reg);

	if (reg == IH_REG_STATUS) {
		uint32_t w = *ih(sim, IH_REG_RB_WPTR);

		v = 0;
		if (ring_full(sim, w & IH_PTR_OFFSET & (ring_bytes(sim) - 1)))
			v |= IH_STATUS_RB_FULL;
		if (w & IH_WPTR_OVERFLOW)
			v |= IH_STATUS_RB_OVERFLOW;
	}
	return v;
}

void sim_ih_write(struct sim *sim, uint32_t reg, uint32_t value)
{
	uint32_t *r = ih(sim, reg);

	switch (reg) {
	case IH_REG_STATUS:
		return; /* read-only */
	case IH_REG_RB_CNTL:
		*r = value;
		if (value & IH_WPTR_OVERFLOW_CLEAR)
			*ih(sim, IH_REG_RB_WPTR) &= ~IH_WPTR_OVERFLOW;
		return;
	case IH_REG_RB_WPTR:
		/* software may move the pointer (to 0 at setup); the flag stays */
		*r = (*r & IH_WPTR_OVERFLOW) | (value & IH_PTR_OFFSET);
		return;
	case IH_REG_RB_RPTR: {
		const struct dc_ih_gen *g = gen(sim);
		uint32_t mask = ring_bytes(sim) - 1;

		*r = value & IH_PTR_OFFSET;
		if ((*ih(sim, g->intr_reg) & g->rptr_rearm) &&
		    (*ih(sim, IH_REG_RB_CNTL) & IH_RB_ENABLE) &&
		    (*r & mask) != (*ih(sim, IH_REG_RB_WPTR) & IH_PTR_OFFSET & mask))
			msi(sim);
		return;
	}
	default:
		*r = value;
	}
}

int sim_msi_fd(struct sim *sim)
{
	return sim->msi_fd;
}

void sim_ih_get_stats(struct sim *sim, struct sim_ih_stats *stats)
{
	const struct sim_state *st = sim->st;

	stats->vectors = st->ih_vectors;
	stats->dropped = st->ih_dropped;
	stats->faults = st->ih_faults;
	stats->msis = st->ih_msis;
}
