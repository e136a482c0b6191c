/*
 * Taking the engine over from the firmware (dc_takeover, dc/core/takeover.c)
 * on the simulator's VGA console (sim_vga.c: a scenario's "vga_console"
 * leaves pipe 0 running 720x400 at 70 Hz in VGA mode, as a posted GPU's
 * video BIOS does), with AMD's Carrizo image:
 *
 *  - the console pipe runs and shows no surface of ours, eDP-1's DIG
 *    carrying it;
 *  - dc_snapshot does not take it for a stream;
 *  - dc_takeover turns that DIG off, stops the pipe, takes it out of VGA
 *    mode, turns VGA rendering off, runs the engine's init (the image's
 *    ATOM_INIT for pipe 0, then CRTC_MASTER_UPDATE_MODE 0) and gates every
 *    idle pipe through EnableDispPowerGating; a second call writes nothing;
 *  - a stream on that pipe afterwards shows its picture, which it would
 *    not with VGA mode left on;
 *  - pipes that run outside VGA mode (an earlier dcd's) are left alone;
 *  - encoders still on behind a stopped pipe are turned off.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "dc_sim_test.h"
#include "dce110.h"

#define MS 1000000ull

#define EDP                                                                                       \
	"{ \"name\": \"eDP-1\", \"type\": \"eDP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1,"           \
	"  \"encoder\": 0, \"display\": { \"edid\": { \"input\": \"dp\","                         \
	"  \"preferred\": \"cta-720p60\" }, \"dp\": { \"max_rate\": \"HBR\", \"max_lanes\": 4 } " \
	"} }"
#define HDMI                                                                                    \
	"{ \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 2, \"ddc\": 2, \"encoder\": 1," \
	"  \"display\": { \"edid\": { \"input\": \"hdmi\", \"preferred\": \"cta-720p60\" } } }"
#define SCENARIO(console)                                                                    \
	"{ \"asic\": \"carrizo\", \"clock\": \"virtual\"" console ", \"connectors\": [ " EDP \
	", " HDMI " ] }"

static uint32_t pipe_reg(struct dst *t, unsigned pipe, uint32_t generic)
{
	return dc_hw_read(t->hw, generic + dce110_crtc_offsets[pipe]);
}

/* DIG 0 (eDP-1's): front end on for pipe 0, back end enabled taking it. */
static bool dig0_carries_pipe0(struct dst *t)
{
	uint32_t fe = dc_hw_read(t->hw, mmDIG_FE_CNTL);

	return (fe & DIG_FE_CNTL__DIG_SYMCLK_FE_ON_MASK) &&
	       !DC_FIELD_GET(fe, DIG_FE_CNTL, DIG_SOURCE_SELECT) &&
	       (dc_hw_read(t->hw, mmDIG_BE_EN_CNTL) & DIG_BE_EN_CNTL__DIG_ENABLE_MASK) &&
	       (DC_FIELD_GET(dc_hw_read(t->hw, mmDIG_BE_CNTL), DIG_BE_CNTL, DIG_FE_SOURCE_SELECT) &
		1);
}

static bool powered(struct dst *t, unsigned pipe)
{
	return DC_FIELD_GET(dc_hw_read(t->hw, mmPIPE0_PG_STATUS + dce110_pg_offsets[pipe]),
			    PIPE0_PG_STATUS, PIPE0_PGFSM_PWR_STATUS) == DCE110_PGFSM_ON;
}

static void the_console_is_stopped_and_the_pipe_serves_display_core(void **state)
{
	struct dst *t = dst_create(SCENARIO(", \"vga_console\": \"eDP-1\""), DC_ASIC_CARRIZO);
	unsigned edp = dst_link(t, "eDP-1");
	struct dc_state snap;
	unsigned frames, pictures;

	(void)state;
	/* the firmware's console: pipe 0 runs at 70 Hz in VGA mode, no surface of ours */
	assert_true(pipe_reg(t, 0, mmCRTC_CONTROL) & CRTC_CONTROL__CRTC_MASTER_EN_MASK);
	assert_true(dc_hw_read(t->hw, mmD1VGA_CONTROL) & D1VGA_CONTROL__D1VGA_MODE_ENABLE_MASK);
	dst_watch(t, 0, 100 * MS, &frames, &pictures);
	assert_in_range(frames, 6, 8);
	assert_int_equal(pictures, 0);
	for (unsigned p = 0; p < 3; p++)
		assert_true(powered(t, p));
	assert_true(dig0_carries_pipe0(t));

	/* not a stream of Display Core's, though a DIG takes its pixels */
	assert_int_equal(dc_snapshot(t->dc, &snap), 0);
	assert_int_equal(snap.stream_count, 0);

	assert_int_equal(sim_trace_start(t->sim, 65536), 0);
	assert_int_equal(dc_takeover(t->dc), 0);
	/*
	 * the engine's init, as the kernel's: the image's ATOM_INIT for pipe 0,
	 * then CRTC_MASTER_UPDATE_MODE 0 again (the table leaves it 2)
	 */
	{
		bool init = false;

		for (size_t i = 0; i < sim_trace_count(t->sim); i++) {
			struct sim_trace_entry e;

			assert_int_equal(sim_trace_get(t->sim, i, &e), 0);
			if (e.reg == mmCRTC_MASTER_UPDATE_MODE + dce110_crtc_offsets[0])
				init = e.value == 0;
		}
		assert_true(init);
		assert_int_equal(pipe_reg(t, 0, mmCRTC_MASTER_UPDATE_MODE), 0);
	}
	sim_trace_stop(t->sim);
	assert_false(dc_hw_read(t->hw, mmDIG_FE_CNTL) & DIG_FE_CNTL__DIG_SYMCLK_FE_ON_MASK);
	assert_false(dc_hw_read(t->hw, mmDIG_BE_EN_CNTL) & DIG_BE_EN_CNTL__DIG_ENABLE_MASK);
	assert_false(pipe_reg(t, 0, mmCRTC_CONTROL) &
		     (CRTC_CONTROL__CRTC_MASTER_EN_MASK |
		      CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK));
	assert_int_equal(dc_hw_read(t->hw, mmD1VGA_CONTROL) &
				 (D1VGA_CONTROL__D1VGA_MODE_ENABLE_MASK |
				  D1VGA_CONTROL__D1VGA_TIMING_SELECT_MASK),
			 0);
	assert_int_equal(dc_hw_read(t->hw, mmVGA_RENDER_CONTROL) &
				 VGA_RENDER_CONTROL__VGA_VSTATUS_CNTL_MASK,
			 0);
	for (unsigned p = 0; p < 3; p++)
		assert_false(powered(t, p));

	/* nothing left to do: nothing written */
	assert_int_equal(sim_trace_start(t->sim, 1024), 0);
	assert_int_equal(dc_takeover(t->dc), 0);
	assert_int_equal(sim_trace_count(t->sim), 0);
	sim_trace_stop(t->sim);

	/* eDP-1 lit by Display Core on pipe 0 shows its picture */
	dst_commit_links(t, &edp, 1, 0x336699);
	assert_int_equal(dst_pipe_of(t, edp), 0);
	dst_watch(t, 0, 100 * MS, &frames, &pictures);
	assert_true(frames >= 5);
	assert_int_equal(pictures, frames);
	dst_destroy(t);
}

/* Without the console nothing runs; idle pipes are gated, a running stream is left alone. */
static void running_pipes_are_left_alone(void **state)
{
	struct dst *t = dst_create(SCENARIO(""), DC_ASIC_CARRIZO);
	unsigned hdmi = dst_link(t, "HDMI-A-1");
	unsigned frames, pictures, p;

	(void)state;
	dst_commit_links(t, &hdmi, 1, 0xff8000);
	p = (unsigned)dst_pipe_of(t, hdmi);
	assert_int_equal(sim_trace_start(t->sim, 4096), 0);
	assert_int_equal(dc_takeover(t->dc), 0);
	for (size_t i = 0; i < sim_trace_count(t->sim); i++) {
		struct sim_trace_entry e;

		assert_int_equal(sim_trace_get(t->sim, i, &e), 0);
		/* only the power-gating registers of other pipes */
		assert_in_range(e.reg, mmPIPE0_PG_CONFIG, mmPIPE0_PG_STATUS + dce110_pg_offsets[5]);
	}
	sim_trace_stop(t->sim);
	assert_true(powered(t, p));
	for (unsigned o = 0; o < 3; o++)
		assert_int_equal(powered(t, o), o == p);
	dst_watch(t, p, 100 * MS, &frames, &pictures);
	assert_true(frames >= 5);
	assert_int_equal(pictures, frames);
	dst_destroy(t);
}

/*
 * Encoders left on behind a stopped pipe (a dcd that died between stopping
 * a CRTC and turning its encoders off, say) carry nothing: takeover turns
 * them off, as the kernel's init does every encoder; a running pipe's stay.
 */
static void encoders_behind_a_stopped_pipe_go_off(void **state)
{
	struct dst *t = dst_create(SCENARIO(""), DC_ASIC_CARRIZO);
	const unsigned links[] = { dst_link(t, "HDMI-A-1"), dst_link(t, "eDP-1") };
	const struct dc_state none = { .stream_count = 0 };
	unsigned hdmi_pipe, edp_pipe, frames, pictures;

	(void)state;
	dst_commit_links(t, links, 2, 0x40c040);
	hdmi_pipe = (unsigned)dst_pipe_of(t, links[0]);
	edp_pipe = (unsigned)dst_pipe_of(t, links[1]);
	/* a new dcd: it has committed nothing; HDMI's CRTC stopped behind its back */
	assert_int_equal(dc_adopt(t->dc, &none), 0);
	dce110_tg_enable(t->hw, hdmi_pipe, false);
	assert_int_equal(sim_advance(t->sim, 50 * MS), 0);
	assert_false(pipe_reg(t, hdmi_pipe, mmCRTC_CONTROL) &
		     CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK);
	assert_true(dc_hw_read(t->hw, mmDIG_BE_EN_CNTL + dce110_dig_offsets[1]) &
		    DIG_BE_EN_CNTL__DIG_ENABLE_MASK);

	assert_int_equal(dc_takeover(t->dc), 0);
	/* HDMI-A-1's DIG (UNIPHY B) off; eDP-1's (UNIPHY A) on, its pipe still showing */
	assert_false(dc_hw_read(t->hw, mmDIG_BE_EN_CNTL + dce110_dig_offsets[1]) &
		     DIG_BE_EN_CNTL__DIG_ENABLE_MASK);
	assert_true(dc_hw_read(t->hw, mmDIG_BE_EN_CNTL) & DIG_BE_EN_CNTL__DIG_ENABLE_MASK);
	dst_watch(t, edp_pipe, 100 * MS, &frames, &pictures);
	assert_true(frames >= 5);
	assert_int_equal(pictures, frames);
	/* nothing left to do: nothing written */
	assert_int_equal(sim_trace_start(t->sim, 1024), 0);
	assert_int_equal(dc_takeover(t->dc), 0);
	assert_int_equal(sim_trace_count(t->sim), 0);
	sim_trace_stop(t->sim);
	dst_destroy(t);
}

/* The scenario key: a DP or eDP connector that exists. */
static void the_console_needs_a_dp_connector(void **state)
{
	static const struct {
		const char *json, *message;
	} bad[] = {
		{ SCENARIO(", \"vga_console\": \"HDMI-A-1\""),
		  "vga_console: \"HDMI-A-1\" is not a DP or eDP connector: the simulated console "
		  "runs from pipe 0's DP DTO" },
		{ SCENARIO(", \"vga_console\": \"DP-9\""),
		  "vga_console: no connector is called \"DP-9\"" },
	};
	struct sim_error err;

	(void)state;
	for (unsigned i = 0; i < 2; i++) {
		assert_int_equal(
			sim_scenario_check(bad[i].json, strlen(bad[i].json), "s.json", NULL, &err),
			-EINVAL);
		if (!strstr(err.msg, bad[i].message))
			fail_msg("\"%s\" lacks \"%s\"", err.msg, bad[i].message);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_console_is_stopped_and_the_pipe_serves_display_core),
		cmocka_unit_test(running_pipes_are_left_alone),
		cmocka_unit_test(encoders_behind_a_stopped_pipe_go_off),
		cmocka_unit_test(the_console_needs_a_dp_connector),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
