/*
 * Pipe power gating through AMD's real video BIOS images (Carrizo and
 * Stoney) and our own (Tonga, Fiji, Polaris): EnableDispPowerGating 2.1
 * (ENABLE_DISP_POWER_GATING_PARAMETERS_V2_1: the pipe, then ATOM_ENABLE to gate or ATOM_DISABLE to
 * un-gate, as the kernel's DC calls it) run against the simulator. Gating sets
 * PIPEn_PG_ENABLE.PIPEn_POWER_GATE and the status reads gated; un-gating
 * clears it, and the table, which polls PIPEn_PG_STATUS until the pipe
 * reads powered, finishes (without the simulator's model of that status
 * it runs into its step bound). Other pipes are left as they were, and
 * nothing goes outside the register aperture.
 *
 * And Display Core calls it as the kernel's DC does: a commit powers a new
 * stream's pipe before its timing (and sets DVMM_PTE_REQ's page table
 * requests after it, as the kernel's init_pte), and a pipe whose stream goes is gated;
 * a pipe that keeps its stream is never gated. A gated pipe does not
 * respond (the simulator's model, docs/sim.md): its CRTC registers read 0
 * and lose writes, and it scans nothing out, so a stream on a pipe left
 * gated would show no frame.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "dc_bios.h"
#include "dc_link_test.h"
#include "dc_sim_test.h"

#define ATOM_DISABLE 0
#define ATOM_ENABLE  1

#define SCENARIO(asic)                                                                        \
	"{ \"asic\": \"" asic "\", \"connectors\": [ { \"name\": \"DP-1\", \"type\": \"DP\"," \
	"  \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0 } ] }"

static int run_gating(struct dclt *t, unsigned pipe, unsigned action, struct dc_bios_error *err)
{
	const struct dc_bios_run_limits lim = { .time_limit_ns = 50ull * 1000 * 1000 };
	uint32_t ps[8] = { pipe | action << 8 }; /* ucDispPipeId, ucEnable */

	return dc_bios_run(t->dc->bios, t->inner, DC_BIOS_CMD_ENABLE_DISP_POWER_GATING, ps, 8, &lim,
			   err);
}

static uint32_t pg(struct dclt *t, unsigned pipe, uint32_t generic)
{
	return dc_hw_read(t->inner, generic + dce110_pg_offsets[pipe]);
}

static bool gated_by_regs(struct dclt *t, unsigned pipe)
{
	return pg(t, pipe, mmPIPE0_PG_ENABLE) & PIPE0_PG_ENABLE__PIPE0_POWER_GATE_MASK;
}

static unsigned pgfsm(struct dclt *t, unsigned pipe)
{
	return DC_FIELD_GET(pg(t, pipe, mmPIPE0_PG_STATUS), PIPE0_PG_STATUS,
			    PIPE0_PGFSM_PWR_STATUS);
}

static void gate_and_ungate(const char *json, enum dc_asic asic, unsigned pipes)
{
	struct dclt *t = dclt_create(json, asic);
	struct dc_bios_error err = { 0 };
	struct sim_stats ss;

	assert_non_null(t->dc->bios);
	for (unsigned p = 0; p < pipes; p++) {
		assert_int_equal(pgfsm(t, p), DCE110_PGFSM_ON); /* every pipe starts powered */
	}
	for (unsigned p = 0; p < pipes; p++) {
		if (run_gating(t, p, ATOM_ENABLE, &err))
			fail_msg("gating pipe %u: %s", p, err.message);
		assert_true(gated_by_regs(t, p));
		for (unsigned o = 0; o < pipes; o++) /* the others as they were */
			assert_int_equal(pgfsm(t, o), o <= p ? DCE110_PGFSM_OFF : DCE110_PGFSM_ON);
	}
	for (unsigned p = 0; p < pipes; p++) {
		if (run_gating(t, p, ATOM_DISABLE, &err))
			fail_msg("un-gating pipe %u: %s", p, err.message);
		assert_false(gated_by_regs(t, p));
		assert_int_equal(pgfsm(t, p), DCE110_PGFSM_ON);
		assert_int_equal(pg(t, p, mmPIPE0_PG_STATUS) &
					 (PIPE0_PG_STATUS__PIPE0_DESIRED_PWR_STATE_MASK |
					  PIPE0_PG_STATUS__PIPE0_REQUESTED_PWR_STATE_MASK),
				 PIPE0_PG_STATUS__PIPE0_DESIRED_PWR_STATE_MASK |
					 PIPE0_PG_STATUS__PIPE0_REQUESTED_PWR_STATE_MASK);
		for (unsigned o = p + 1; o < pipes; o++)
			assert_int_equal(pgfsm(t, o), DCE110_PGFSM_OFF);
	}
	sim_get_stats(t->sim, &ss);
	assert_int_equal(ss.bad_reg_accesses, 0);
	dclt_destroy(t);
}

static void carrizo_gates_and_ungates_each_pipe(void **state)
{
	(void)state;
	gate_and_ungate(SCENARIO("carrizo"), DC_ASIC_CARRIZO, 3);
}

static void stoney_gates_and_ungates_each_pipe(void **state)
{
	(void)state;
	gate_and_ungate(SCENARIO("stoney"), DC_ASIC_STONEY, 2);
}

/* Our own images (Tonga, Fiji, Polaris): the same table, on six pipes. */
static void own_images_gate_and_ungate_each_pipe(void **state)
{
	(void)state;
	gate_and_ungate(SCENARIO("tonga"), DC_ASIC_TONGA, 6);
	gate_and_ungate(SCENARIO("fiji"), DC_ASIC_FIJI, 6);
	gate_and_ungate(SCENARIO("polaris10"), DC_ASIC_POLARIS10, 6);
	gate_and_ungate(SCENARIO("polaris12"), DC_ASIC_POLARIS12, 6);
}

static unsigned pipe_pgfsm(struct dst *t, unsigned pipe)
{
	return DC_FIELD_GET(dc_hw_read(t->hw, mmPIPE0_PG_STATUS + dce110_pg_offsets[pipe]),
			    PIPE0_PG_STATUS, PIPE0_PGFSM_PWR_STATUS);
}

/* The start time of the last frame pipe scanned out (0: none yet). */
static uint64_t latest_frame(struct dst *t, unsigned pipe)
{
	struct sim_frame h[1];

	return sim_scanout_history(t->sim, pipe, h, 1) == 1 ? h[0].start_ns : 0;
}

static void display_core_gates_pipes_without_streams(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO); /* AMD's Carrizo image */
	unsigned hdmi = dst_link(t, "HDMI-A-1"), edp = dst_link(t, "eDP-1");
	const unsigned both[] = { hdmi, edp };
	int ph, pe;

	(void)state;
	assert_int_equal(dc_hw_read(t->hw, mmDVMM_PTE_REQ), 0);
	dst_commit_links(t, both, 2, 0x808080);
	ph = dst_pipe_of(t, hdmi);
	pe = dst_pipe_of(t, edp);
	assert_true(ph >= 0 && pe >= 0);
	assert_int_equal(pipe_pgfsm(t, (unsigned)ph), DCE110_PGFSM_ON);
	assert_int_equal(pipe_pgfsm(t, (unsigned)pe), DCE110_PGFSM_ON);
	/* after an un-gate, as the kernel's dce110_init_pte: 255 requests, 4 x 4 per chunk */
	assert_int_equal(dc_hw_read(t->hw, mmDVMM_PTE_REQ) &
				 (DVMM_PTE_REQ__MAX_PTEREQ_TO_ISSUE_MASK |
				  DVMM_PTE_REQ__HFLIP_PTEREQ_PER_CHUNK_INT_MASK |
				  DVMM_PTE_REQ__HFLIP_PTEREQ_PER_CHUNK_MULTIPLIER_MASK),
			 DC_FIELD(DVMM_PTE_REQ, MAX_PTEREQ_TO_ISSUE, 255) |
				 DC_FIELD(DVMM_PTE_REQ, HFLIP_PTEREQ_PER_CHUNK_INT, 4) |
				 DC_FIELD(DVMM_PTE_REQ, HFLIP_PTEREQ_PER_CHUNK_MULTIPLIER, 4));

	/* HDMI goes: its pipe is gated, eDP's stays powered and keeps scanning out */
	dst_commit_links(t, &edp, 1, 0x808080);
	assert_int_equal(dst_pipe_of(t, edp), pe);
	assert_int_equal(pipe_pgfsm(t, (unsigned)ph), DCE110_PGFSM_OFF);
	assert_int_equal(pipe_pgfsm(t, (unsigned)pe), DCE110_PGFSM_ON);

	/* the gated pipe does not respond and scans nothing out */
	{
		uint32_t htotal = mmCRTC_H_TOTAL + dce110_crtc_offsets[ph];
		uint64_t before = latest_frame(t, (unsigned)ph);
		struct sim_stats ss0, ss1;

		sim_get_stats(t->sim, &ss0);
		dc_hw_write(t->hw, htotal, 2199);
		assert_int_equal(dc_hw_read(t->hw, htotal), 0);
		sim_get_stats(t->sim, &ss1);
		assert_int_equal(ss1.gated_reg_accesses - ss0.gated_reg_accesses, 2);
		assert_int_equal(sim_advance(t->sim, 100ull * 1000 * 1000), 0);
		assert_int_equal(latest_frame(t, (unsigned)ph), before);
	}

	/* HDMI back: whichever pipe it gets is powered before its timing, and shows frames */
	{
		unsigned frames, pictures;

		dst_commit_links(t, both, 2, 0x808080);
		ph = dst_pipe_of(t, hdmi);
		assert_true(ph >= 0);
		assert_int_equal(pipe_pgfsm(t, (unsigned)ph), DCE110_PGFSM_ON);
		assert_int_equal(pipe_pgfsm(t, (unsigned)dst_pipe_of(t, edp)), DCE110_PGFSM_ON);
		dst_watch(t, (unsigned)ph, 100ull * 1000 * 1000, &frames, &pictures);
		assert_true(frames >= 5);
	}
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(carrizo_gates_and_ungates_each_pipe),
		cmocka_unit_test(stoney_gates_and_ungates_each_pipe),
		cmocka_unit_test(own_images_gate_and_ungate_each_pipe),
		cmocka_unit_test(display_core_gates_pipes_without_streams),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
