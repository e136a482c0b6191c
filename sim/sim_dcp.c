/*
 * DCP: the graphics surface (GRPH) and the hardware cursor (CUR) of a pipe,
 * with their double buffering.
 *
 * Surface flips: a write to GRPH_PRIMARY_SURFACE_ADDRESS (the low word; the
 * high word is written first) makes the address pending. It latches into
 * GRPH_SURFACE_ADDRESS_INUSE at the next V_UPDATE (V_BLANK_START line), at
 * the next line start with GRPH_SURFACE_UPDATE_H_RETRACE_EN, or at once with
 * GRPH_SURFACE_UPDATE_IMMEDIATE_EN or while the timing generator is stopped;
 * never while GRPH_UPDATE_LOCK or the CRTC master update lock is held. A
 * latch sets GRPH_PFLIP_INT_OCCURRED.
 *
 * Cursor: writes to CUR_* registers are pending until the next V_UPDATE (at
 * once while the CRTC is stopped) unless CURSOR_UPDATE_LOCK is held.
 *
 * The SCL registers (0x1b40..0x1b6f of the pipe window) go to sim_scl.c;
 * their double buffer latches here, with the surface and the cursor.
 *
 * Fetching: the surface is scanned out only while GRPH_ENABLE is set and
 * the pipe's front end has its clock (DCFE_CLOCK_CONTROL.DCFE_CLOCK_ENABLE,
 * which the video BIOS's EnableCRTC and the kernel's DC set). Without the
 * clock the CRTC still runs its timing, and its frames carry no picture;
 * so do they while the pipe is in VGA mode (sim_vga.c).
 */
#include <errno.h>

#include "sim_internal.h"

static uint32_t *dreg(struct sim *sim, unsigned n, uint32_t generic)
{
	return &sim->st->regs[generic + dce110_crtc_offsets[n]];
}

bool sim_dcp_fetching(const struct sim *sim, unsigned n)
{
	const uint32_t *r = &sim->st->regs[dce110_crtc_offsets[n]];

	return (r[mmGRPH_ENABLE] & GRPH_ENABLE__GRPH_ENABLE_MASK) &&
	       (r[mmDCFE_CLOCK_CONTROL] & DCFE_CLOCK_CONTROL__DCFE_CLOCK_ENABLE_MASK) &&
	       !sim_vga_mode(sim, n);
}

static bool flip_locked(struct sim *sim, unsigned n)
{
	uint32_t master = sim_gen(sim)->master_update_lock_reg; /* none on DCE 10 */

	return (*dreg(sim, n, mmGRPH_UPDATE) & GRPH_UPDATE__GRPH_UPDATE_LOCK_MASK) ||
	       (master &&
		(*dreg(sim, n, master) & CRTC_MASTER_UPDATE_LOCK__MASTER_UPDATE_LOCK_MASK));
}

static bool cursor_locked(struct sim *sim, unsigned n)
{
	return *dreg(sim, n, mmCUR_UPDATE) & CUR_UPDATE__CURSOR_UPDATE_LOCK_MASK;
}

bool sim_dcp_latch_wanted(struct sim *sim, unsigned n, bool *hretrace)
{
	struct sim_crtc *c = &sim->st->crtc[n];
	bool flip = c->flip_pending && !flip_locked(sim, n);
	bool cur = c->cur_pending && !cursor_locked(sim, n);
	bool scl = sim_scl_latch_wanted(sim, n);

	*hretrace = flip && c->flip_hretrace && !cur && !scl;
	return flip || cur || scl;
}

static void latch_flip(struct sim *sim, unsigned n)
{
	struct sim_crtc *c = &sim->st->crtc[n];

	c->inuse_addr = c->pending_addr;
	c->flip_pending = false;
	*dreg(sim, n, mmGRPH_INTERRUPT_STATUS) |=
		GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_OCCURRED_MASK;
}

static void latch_cursor(struct sim *sim, unsigned n)
{
	struct sim_crtc *c = &sim->st->crtc[n];

	c->cur_control = *dreg(sim, n, mmCUR_CONTROL);
	c->cur_addr = *dreg(sim, n, mmCUR_SURFACE_ADDRESS);
	c->cur_addr_high = *dreg(sim, n, mmCUR_SURFACE_ADDRESS_HIGH);
	c->cur_size = *dreg(sim, n, mmCUR_SIZE);
	c->cur_pos = *dreg(sim, n, mmCUR_POSITION);
	c->cur_hot = *dreg(sim, n, mmCUR_HOT_SPOT);
	c->cur_pending = false;
}

void sim_dcp_latch(struct sim *sim, unsigned n, uint64_t t)
{
	struct sim_crtc *c = &sim->st->crtc[n];

	(void)t;
	if (c->flip_pending && !flip_locked(sim, n))
		latch_flip(sim, n);
	if (c->cur_pending && !cursor_locked(sim, n))
		latch_cursor(sim, n);
	sim_scl_latch(sim, n);
}

uint32_t sim_dcp_read(struct sim *sim, unsigned n, uint32_t generic)
{
	struct sim_crtc *c = &sim->st->crtc[n];
	uint32_t v = *dreg(sim, n, generic);

	if (generic >= mmSCL_COEF_RAM_SELECT && generic <= mmSCL_TEST_DEBUG_DATA)
		return sim_scl_read(sim, n, generic);
	switch (generic) {
	case mmGRPH_UPDATE:
		v &= ~(GRPH_UPDATE__GRPH_SURFACE_UPDATE_PENDING_MASK |
		       GRPH_UPDATE__GRPH_MODE_UPDATE_PENDING_MASK);
		if (c->flip_pending)
			v |= GRPH_UPDATE__GRPH_SURFACE_UPDATE_PENDING_MASK;
		return v;
	case mmGRPH_SURFACE_ADDRESS_INUSE:
		return (uint32_t)c->inuse_addr &
		       GRPH_SURFACE_ADDRESS_INUSE__GRPH_SURFACE_ADDRESS_INUSE_MASK;
	case mmGRPH_SURFACE_ADDRESS_HIGH_INUSE:
		return (uint32_t)(c->inuse_addr >> 32) &
		       GRPH_SURFACE_ADDRESS_HIGH_INUSE__GRPH_SURFACE_ADDRESS_HIGH_INUSE_MASK;
	case mmCUR_UPDATE:
		v &= ~CUR_UPDATE__CURSOR_UPDATE_PENDING_MASK;
		if (c->cur_pending)
			v |= CUR_UPDATE__CURSOR_UPDATE_PENDING_MASK;
		return v;
	default:
		return v;
	}
}

void sim_dcp_write(struct sim *sim, unsigned n, uint32_t generic, uint32_t value)
{
	struct sim_crtc *c = &sim->st->crtc[n];
	uint32_t *r = dreg(sim, n, generic);
	uint32_t flip;

	if (generic >= mmSCL_COEF_RAM_SELECT && generic <= mmSCL_TEST_DEBUG_DATA) {
		sim_scl_write(sim, n, generic, value);
		return;
	}
	switch (generic) {
	case mmGRPH_PRIMARY_SURFACE_ADDRESS:
		*r = value;
		c->pending_addr =
			((uint64_t)(*dreg(sim, n, mmGRPH_PRIMARY_SURFACE_ADDRESS_HIGH) & 0xff)
			 << 32) |
			(value & GRPH_PRIMARY_SURFACE_ADDRESS__GRPH_PRIMARY_SURFACE_ADDRESS_MASK);
		flip = *dreg(sim, n, mmGRPH_FLIP_CONTROL);
		c->flip_pending = true;
		c->flip_hretrace = flip & GRPH_FLIP_CONTROL__GRPH_SURFACE_UPDATE_H_RETRACE_EN_MASK;
		if ((flip & sim_gen(sim)->grph_immediate_en_mask) || !c->running)
			sim_dcp_latch(sim, n, sim->st->synced_ns);
		return;
	case mmGRPH_UPDATE:
		*r = value & ~(GRPH_UPDATE__GRPH_SURFACE_UPDATE_PENDING_MASK |
			       GRPH_UPDATE__GRPH_MODE_UPDATE_PENDING_MASK |
			       GRPH_UPDATE__GRPH_SURFACE_UPDATE_TAKEN_MASK |
			       GRPH_UPDATE__GRPH_MODE_UPDATE_TAKEN_MASK);
		if (!c->running ||
		    (*dreg(sim, n, mmGRPH_FLIP_CONTROL) & sim_gen(sim)->grph_immediate_en_mask))
			sim_dcp_latch(sim, n, sim->st->synced_ns);
		return;
	case mmGRPH_INTERRUPT_STATUS:
		if (value & GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_CLEAR_MASK)
			*r &= ~GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_OCCURRED_MASK;
		return;
	case mmGRPH_SURFACE_ADDRESS_INUSE:
	case mmGRPH_SURFACE_ADDRESS_HIGH_INUSE:
		return; /* read-only */
	case mmCUR_CONTROL:
	case mmCUR_SURFACE_ADDRESS:
	case mmCUR_SIZE:
	case mmCUR_SURFACE_ADDRESS_HIGH:
	case mmCUR_POSITION:
	case mmCUR_HOT_SPOT:
		*r = value;
		c->cur_pending = true;
		if (!c->running)
			sim_dcp_latch(sim, n, sim->st->synced_ns);
		return;
	case mmCUR_UPDATE:
		*r = value & ~(CUR_UPDATE__CURSOR_UPDATE_PENDING_MASK |
			       CUR_UPDATE__CURSOR_UPDATE_TAKEN_MASK);
		if (!c->running)
			sim_dcp_latch(sim, n, sim->st->synced_ns);
		return;
	default:
		*r = value;
		return;
	}
}

int sim_scanout_history(struct sim *sim, unsigned pipe, struct sim_frame *frames, unsigned max)
{
	if (pipe >= sim->st->npipes)
		return -EINVAL;
	sim_sync(sim);
	return (int)sim_crtc_history(&sim->st->crtc[pipe], frames, max);
}
