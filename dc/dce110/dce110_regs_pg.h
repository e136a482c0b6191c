/*
 * Pipe power gating: PIPEn_PG_CONFIG, PIPEn_PG_ENABLE and PIPEn_PG_STATUS,
 * at the same offsets in the DCE 10.0, 11.0 and 11.2 headers (PIPE0..5). The video BIOS's
 * EnableDispPowerGating programs them (the kernel's DC runs that table; so does dcd, docs/bios.md).
 * Field names as in dce_11_0_sh_mask.h; what the status fields read in each state is our reading of
 * the names, and of the PGFSM status values the kernel's DCN code waits for (0 powered, 2 gated):
 * docs/sim.md. Included by dce110_regs.h.
 */
#ifndef DCE110_REGS_PG_H
#define DCE110_REGS_PG_H

// clang-format off

#define mmPIPE0_PG_CONFIG 0x2c0
#define mmPIPE0_PG_ENABLE 0x2c1
#define mmPIPE0_PG_STATUS 0x2c2
/* pipe n's PIPEn_PG_* = PIPE0's + dce110_pg_offsets[n] */
static const uint32_t dce110_pg_offsets[] DCE110_MAYBE_UNUSED = {
	0x0, 0x3, 0x6, 0x9, 0xc, 0xf,
};

#define PIPE0_PG_CONFIG__PIPE0_POWER_FORCEON_MASK 0x1
#define PIPE0_PG_CONFIG__PIPE0_POWER_FORCEON__SHIFT 0x0
#define PIPE0_PG_ENABLE__PIPE0_POWER_GATE_MASK 0x1
#define PIPE0_PG_ENABLE__PIPE0_POWER_GATE__SHIFT 0x0
#define PIPE0_PG_STATUS__PIPE0_DESIRED_PWR_STATE_MASK 0x10000000
#define PIPE0_PG_STATUS__PIPE0_DESIRED_PWR_STATE__SHIFT 0x1c
#define PIPE0_PG_STATUS__PIPE0_REQUESTED_PWR_STATE_MASK 0x20000000
#define PIPE0_PG_STATUS__PIPE0_REQUESTED_PWR_STATE__SHIFT 0x1d
#define PIPE0_PG_STATUS__PIPE0_PGFSM_PWR_STATUS_MASK 0xc0000000
#define PIPE0_PG_STATUS__PIPE0_PGFSM_PWR_STATUS__SHIFT 0x1e

/* PGFSM_PWR_STATUS: powered up, gated */
#define DCE110_PGFSM_ON  0
#define DCE110_PGFSM_OFF 2

// clang-format on

#endif
