/*
 * struct dc_hw: the one seam between Display Core and a display engine.
 *
 * Display Core reaches hardware only through this structure: the simulated
 * engine (sim/) and the VFIO/UIO backends (vfio/) each embed a struct dc_hw
 * in their own state and fill in the ops. It is the userspace twin of
 * readl/writel plus a clock, not a services table: DC never calls up into
 * anything else.
 */
#ifndef DC_HW_H
#define DC_HW_H

#include <stdbool.h>
#include <stdint.h>

struct dc_hw;

struct dc_hw_ops {
	/*
	 * Register access by dword offset: the mmFOO numbers of the AMD
	 * register headers (dc/dce110/dce110_regs.h), not byte offsets. A
	 * backend that maps a BAR multiplies by 4.
	 */
	uint32_t (*read32)(struct dc_hw *hw, uint32_t reg);
	void (*write32)(struct dc_hw *hw, uint32_t reg, uint32_t value);
	/*
	 * The engine's clock in nanoseconds, on the CLOCK_MONOTONIC time base
	 * for real hardware and the real-time simulator; a virtual clock for
	 * the simulator in virtual time.
	 */
	uint64_t (*now_ns)(struct dc_hw *hw);
	/*
	 * Waits at least ns nanoseconds. In virtual time this advances the
	 * simulated clock (and whatever happens in that time) and costs no
	 * wall time.
	 */
	void (*delay_ns)(struct dc_hw *hw, uint64_t ns);
	/*
	 * A file descriptor that polls readable while an interrupt is pending
	 * (an eventfd, like a VFIO MSI trigger), or -1 when the backend has
	 * no interrupts. The owner of the event loop reads it to clear it.
	 */
	int (*irq_fd)(struct dc_hw *hw);
	/*
	 * Optional (may be NULL): called once the interrupt status registers
	 * have been acknowledged, for backends whose interrupt line must be
	 * re-enabled by software (VFIO INTx unmask, uio_pci_generic's
	 * INTx-disable bit).
	 */
	void (*irq_rearm)(struct dc_hw *hw);
};

struct dc_hw {
	const struct dc_hw_ops *ops;
};

static inline uint32_t dc_hw_read(struct dc_hw *hw, uint32_t reg)
{
	return hw->ops->read32(hw, reg);
}

static inline void dc_hw_write(struct dc_hw *hw, uint32_t reg, uint32_t value)
{
	hw->ops->write32(hw, reg, value);
}

static inline uint64_t dc_hw_now_ns(struct dc_hw *hw)
{
	return hw->ops->now_ns(hw);
}

static inline void dc_hw_delay_ns(struct dc_hw *hw, uint64_t ns)
{
	hw->ops->delay_ns(hw, ns);
}

/*
 * Field access in the style of the AMD register headers, which define for
 * every field REG__FIELD_MASK and REG__FIELD__SHIFT:
 *   DC_FIELD_GET(v, CRTC_STATUS, CRTC_V_BLANK)
 *   v = DC_FIELD_SET(v, CRTC_CONTROL, CRTC_MASTER_EN, 1)
 */
#define DC_FIELD_GET(value, reg, field) (((value)&reg##__##field##_MASK) >> reg##__##field##__SHIFT)
#define DC_FIELD_SET(value, reg, field, field_value)    \
	(((value) & ~(uint32_t)reg##__##field##_MASK) | \
	 (((uint32_t)(field_value) << reg##__##field##__SHIFT) & reg##__##field##_MASK))
#define DC_FIELD(reg, field, field_value) \
	(((uint32_t)(field_value) << reg##__##field##__SHIFT) & reg##__##field##_MASK)

/*
 * Read-modify-write of the bits in mask. Skips the write when the register
 * already holds the value, so re-programming an unchanged block leaves no
 * trace (a commit must not touch outputs it does not change).
 */
void dc_hw_update(struct dc_hw *hw, uint32_t reg, uint32_t mask, uint32_t value);

/*
 * Polls reg every poll_ns until (reg & mask) == expected, for at most
 * timeout_ns. Returns 0, or -ETIMEDOUT with the last value read in *last
 * (when last is not NULL).
 */
int dc_hw_wait(struct dc_hw *hw, uint32_t reg, uint32_t mask, uint32_t expected, uint64_t poll_ns,
	       uint64_t timeout_ns, uint32_t *last);

#endif
