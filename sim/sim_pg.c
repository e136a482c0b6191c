/*
 * Pipe power gating (PIPEn_PG_CONFIG, PIPEn_PG_ENABLE, PIPEn_PG_STATUS;
 * dce110_regs_pg.h), as far as the video BIOS's EnableDispPowerGating sees
 * it (docs/sim.md, "Pipe power gating"):
 *  - PIPEn_PG_ENABLE.PIPEn_POWER_GATE asks for the pipe to be gated,
 *    PIPEn_PG_CONFIG.PIPEn_POWER_FORCEON keeps it powered regardless;
 *  - PIPEn_PG_STATUS answers at once: powered, DESIRED_PWR_STATE and
 *    REQUESTED_PWR_STATE 1 with PGFSM_PWR_STATUS 0; gated, both 0 with
 *    PGFSM_PWR_STATUS 2 (the values the kernel's DCN code waits for on its
 *    power-gating state machines; AMD's Carrizo table, un-gating a pipe,
 *    polls the status until it reads the powered value). Everything else
 *    reads 0.
 * A gated pipe does not respond: its CRTC and display controller registers
 * (the pipe's block, sim_pipe_of) read 0 and lose what is written, each
 * access counted (sim_stats.gated_reg_accesses), and its CRTC scans
 * nothing out. Which registers silicon gates, and whether they keep their
 * contents through gating, is not in the public headers: the simulator
 * keeps them and shows them again once the pipe is powered (docs/sim.md).
 * Carrizo and Stoney (DCE 11.0) have PIPE0..2, the other generations
 * PIPE0..5; all start powered.
 */
#include "sim_internal.h"

#define PG_POWERED                                         \
	(PIPE0_PG_STATUS__PIPE0_DESIRED_PWR_STATE_MASK |   \
	 PIPE0_PG_STATUS__PIPE0_REQUESTED_PWR_STATE_MASK | \
	 (uint32_t)DCE110_PGFSM_ON << PIPE0_PG_STATUS__PIPE0_PGFSM_PWR_STATUS__SHIFT)
#define PG_GATED ((uint32_t)DCE110_PGFSM_OFF << PIPE0_PG_STATUS__PIPE0_PGFSM_PWR_STATUS__SHIFT)

static unsigned pg_instances(const struct sim_state *st)
{
	return st->dce == 110 ? 3 : 6;
}

int sim_pg_of(const struct sim_state *st, uint32_t reg, uint32_t *generic)
{
	for (unsigned i = 0; i < pg_instances(st); i++) {
		uint32_t g = reg - dce110_pg_offsets[i];

		if (reg >= dce110_pg_offsets[i] + mmPIPE0_PG_CONFIG && g <= mmPIPE0_PG_STATUS) {
			*generic = g;
			return (int)i;
		}
	}
	return -1;
}

/* Pipe n is power-gated (asked to be, and not forced on). */
bool sim_pg_gated(const struct sim *sim, unsigned n)
{
	const uint32_t *r = sim->st->regs;

	return n < pg_instances(sim->st) &&
	       (r[mmPIPE0_PG_ENABLE + dce110_pg_offsets[n]] &
		PIPE0_PG_ENABLE__PIPE0_POWER_GATE_MASK) &&
	       !(r[mmPIPE0_PG_CONFIG + dce110_pg_offsets[n]] &
		 PIPE0_PG_CONFIG__PIPE0_POWER_FORCEON_MASK);
}

uint32_t sim_pg_read(struct sim *sim, unsigned n, uint32_t generic)
{
	if (generic == mmPIPE0_PG_STATUS)
		return sim_pg_gated(sim, n) ? PG_GATED : PG_POWERED;
	return sim->st->regs[generic + dce110_pg_offsets[n]];
}

void sim_pg_write(struct sim *sim, unsigned n, uint32_t generic, uint32_t value)
{
	bool was = sim_pg_gated(sim, n);

	if (generic == mmPIPE0_PG_STATUS) /* read-only */
		return;
	sim->st->regs[generic + dce110_pg_offsets[n]] = value;
	/* the pipe's CRTC stops or may run again */
	if (sim_pg_gated(sim, n) != was && n < sim->st->ncrtc_regs)
		sim_crtc_retime(sim, n, sim->st->synced_ns);
}
