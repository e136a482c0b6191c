/*
 * Pipe power gating through AMD's real video BIOS images (Carrizo and
 * Stoney): EnableDispPowerGating 2.1 (ENABLE_DISP_POWER_GATING_PARAMETERS_V2_1:
 * the pipe, then ATOM_ENABLE to gate or ATOM_DISABLE to un-gate, as the
 * kernel's DC calls it) run against the simulator. Gating sets
 * PIPEn_PG_ENABLE.PIPEn_POWER_GATE and the status reads gated; un-gating
 * clears it, and the table, which polls PIPEn_PG_STATUS until the pipe
 * reads powered, finishes (without the simulator's model of that status
 * it runs into its step bound). Other pipes are left as they were, and
 * nothing goes outside the register aperture.
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(carrizo_gates_and_ungates_each_pipe),
		cmocka_unit_test(stoney_gates_and_ungates_each_pipe),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
