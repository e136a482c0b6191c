/*
 * Pipe setup (suite silicon): DMIF buffers and display watermarks.
 *
 *  - the watermark formulas against the worked examples of docs/bandwidth.md
 *    ("Watermarks"), number for number;
 *  - on the simulated engine: a committed pipe holds its DMIF buffers and its
 *    DPG watermark sets hold those numbers (Tonga 4K60 + 1080p60, Carrizo
 *    three 1440p144 with stutter off; Polaris 12's four sets and its clamped
 *    17-bit NB p-state mark), a removed pipe gives them back, DCE 10 limits
 *    the memory hub's DMIF requests with one display only;
 *  - an allocation that never completes fails the commit with a sentence
 *    and leaves nothing lit;
 *  - a pipe without DMIF buffers fetches nothing: its capture is the error
 *    colour, counted as underflow.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dc_sim_test.h"
#include "dce110_mem_input.h"
#include "dce110_regs.h"

/* ---- the formulas against docs/bandwidth.md ------------------------------- */

struct example_pipe {
	uint32_t width, pixel_khz, htotal;
	/* the doc's numbers: ns to 3 decimals, then the register values */
	const char *line, *fetch, *urgent, *stutter, *nbp, *hiding;
	uint32_t reg_urgent, reg_line, reg_stutter, reg_nbp;
	bool stutter_on, nbp_hidden;
};

static char *ns3(char *buf, struct fixed32_32 x)
{
	dc_fmt_fixed(buf, 24, x, 1, 3);
	return buf;
}

static void check_example(enum dc_asic asic, const char *burst, const struct example_pipe *ex,
			  unsigned n)
{
	const struct dc_bw_params *bw = &dc_resource_pool_get(asic)->bw;
	struct dc_wm_pipe pipes[6];
	struct dc_watermarks_ns w[6];
	char b[24];

	for (unsigned i = 0; i < n; i++)
		pipes[i] = (struct dc_wm_pipe){
			.pixel_khz = ex[i].pixel_khz,
			.htotal = ex[i].htotal,
			.mbyte_s = dc_bw_plane_mbyte_s(ex[i].pixel_khz, ex[i].htotal, ex[i].width,
						       4, FIXED31_32_ONE),
		};
	assert_int_equal(dc_watermarks_compute(bw, pipes, n, w), 0);
	for (unsigned i = 0; i < n; i++) {
		assert_string_equal(ns3(b, w[i].burst_ns), burst);
		assert_string_equal(ns3(b, w[i].line_ns), ex[i].line);
		assert_string_equal(ns3(b, w[i].fetch_ns), ex[i].fetch);
		assert_string_equal(ns3(b, w[i].urgent_ns), ex[i].urgent);
		assert_string_equal(ns3(b, w[i].stutter_exit_ns), ex[i].stutter);
		assert_string_equal(ns3(b, w[i].nbp_ns), ex[i].nbp);
		assert_string_equal(ns3(b, w[i].hiding_ns), ex[i].hiding);
		assert_int_equal(dc_wm_register_ns(w[i].urgent_ns, 0xffff), ex[i].reg_urgent);
		assert_int_equal(dc_wm_register_ns(w[i].line_ns, 0xffff), ex[i].reg_line);
		assert_int_equal(dc_wm_register_ns(w[i].stutter_exit_ns, 0xffff),
				 ex[i].reg_stutter);
		assert_int_equal(dc_wm_register_ns(w[i].nbp_ns, 0xffff), ex[i].reg_nbp);
		assert_int_equal(fixed32_32_le(w[i].stutter_exit_ns, w[i].hiding_ns),
				 ex[i].stutter_on);
		assert_int_equal(fixed32_32_le(w[i].nbp_ns, w[i].hiding_ns), ex[i].nbp_hidden);
	}
}

// clang-format off
static const struct example_pipe p1080 = {
	1920, 148500, 2200, "14814.815", "383.387", "5610.224", "16910.224", "21259.224",
	"47407.407", 5611, 14815, 16911, 21260, true, true };
static const struct example_pipe tonga_4k = {
	3840, 533250, 4000, "7501.172", "109.091", "3458.182", "5458.182", "45458.182",
	"12001.875", 3459, 7502, 5459, 45459, true, false };
static const struct example_pipe tonga_1080 = {
	1920, 148500, 2200, "14814.815", "54.545", "3403.636", "5403.636", "45403.636",
	"47407.407", 3404, 14815, 5404, 45404, true, true };
static const struct example_pipe carrizo_1440 = {
	2560, 586580, 2640, "4500.665", "511.182", "8191.693", "19491.693", "23840.693",
	"10801.596", 8192, 4501, 19492, 23841, false, false };
static const struct example_pipe tonga_1440 = {
	2560, 586580, 2640, "4500.665", "72.727", "3596.364", "5596.364", "45596.364",
	"10801.596", 3597, 4501, 5597, 45597, true, false };
// clang-format on

static void watermarks_match_the_worked_examples(void **state)
{
	const struct example_pipe tonga2[] = { tonga_4k, tonga_1080 };
	const struct example_pipe c3[] = { carrizo_1440, carrizo_1440, carrizo_1440 };
	const struct example_pipe t3[] = { tonga_1440, tonga_1440, tonga_1440 };

	(void)state;
	check_example(DC_ASIC_CARRIZO, "1226.837", &p1080, 1);
	check_example(DC_ASIC_TONGA, "349.091", tonga2, 2);
	check_example(DC_ASIC_CARRIZO, "3680.511", c3, 3);
	check_example(DC_ASIC_TONGA, "523.636", t3, 3);
}

/* ---- on the simulated engine ----------------------------------------------- */

// clang-format off
/*
 * 2560x1440@144 with CVT-RB v2's clock and totals (586.586 MHz, an EDID
 * holds 10 kHz steps: 586.58; htotal 2640, vtotal 1543), the vertical
 * blanking split as a detailed timing can hold it (front porch at most 63
 * lines). The v1 timing's 604.25 MHz is above the 600 MHz DP reference the
 * DTO divides, so DP cannot carry it here.
 */
#define QHD144 \
	"{ \"pixel_khz\": 586580, \"h\": [ 2560, 8, 32, 40 ], \"v\": [ 1440, 3, 8, 92 ], " \
	"\"hsync\": \"+\", \"vsync\": \"-\" }"

static const char tonga[] = "{ \"asic\": \"tonga\", \"connectors\": ["
	CONN("DP-1", "DP", 1) AUX(1, 0) DP_DISPLAY("uhd", "cvt-rb-3840x2160@60") " },"
	CONN("HDMI-A-1", "HDMI", 2) ENC(3) HDMI_DISPLAY("tv") " } ] }";

static const char polaris12[] = "{ \"asic\": \"polaris12\", \"connectors\": ["
	CONN("HDMI-A-1", "HDMI", 1) ENC(0) HDMI_DISPLAY("tv") " } ] }";

static const char carrizo_1440p144[] = "{ \"asic\": \"carrizo\", \"connectors\": ["
	CONN("DP-1", "DP", 1) AUX(1, 0) DP_DISPLAY_AT("left", QHD144) " },"
	CONN("DP-2", "DP", 2) AUX(2, 1) DP_DISPLAY_AT("middle", QHD144) " },"
	CONN("DP-3", "DP", 3) AUX(3, 2) DP_DISPLAY_AT("right", QHD144) " } ] }";
// clang-format on

/* Preferred-mode streams with a full-screen plane on the links named, in that order. */
static void streams(struct dst *t, struct dc_state *st, const char *const *names, unsigned n)
{
	*st = (struct dc_state){ .stream_count = n };
	for (unsigned i = 0; i < n; i++) {
		unsigned link = dst_link(t, names[i]);
		const struct dc_mode *m;
		size_t count;

		m = dc_sink_modes(dc_link_sink(t->dc, link), &count);
		dst_stream(t, link, &st->streams[i],
			   dst_fb(t, m[0].info.hdisplay, m[0].info.vdisplay, 0x00336699u));
	}
}

/* The pipe's DMIF and every watermark set the generation writes hold ex's numbers. */
static void expect_pipe(struct dst *t, const struct dce110_regs_gen *g, unsigned pipe,
			const struct example_pipe *ex)
{
	struct sim_dmif_info info;

	assert_int_equal(sim_dmif_info(t->sim, pipe, &info), 0);
	assert_int_equal(info.buffers, DCE110_DMIF_BUFFERS);
	assert_true(info.completed);
	for (unsigned s = 0; s < g->wm_set_count; s++) {
		unsigned set = g->wm_sets[s];

		assert_int_equal(info.urgency_low[set], ex->reg_urgent);
		assert_int_equal(info.urgency_high[set], ex->reg_line);
		assert_int_equal(info.stutter_exit[set], ex->reg_stutter);
		assert_int_equal(info.nbp[set], ex->reg_nbp);
	}
	assert_int_equal(info.stutter_enable, ex->stutter_on);
	assert_true(info.nbp_enable);
	/* PIXEL_DURATION: ps per pixel */
	assert_int_equal(
		dc_hw_read(t->hw, mmDPG_PIPE_ARBITRATION_CONTROL1 + dce110_crtc_offsets[pipe]) &
			DPG_PIPE_ARBITRATION_CONTROL1__PIXEL_DURATION_MASK,
		1000000000u / ex->pixel_khz);
}

static unsigned dmif_limit(struct dst *t)
{
	return DC_FIELD_GET(dc_hw_read(t->hw, mmMC_HUB_RDREQ_DMIF_LIMIT), MC_HUB_RDREQ_DMIF_LIMIT,
			    ENABLE);
}

static void tonga_pipes_get_dmif_and_the_documented_watermarks(void **state)
{
	static const char *const both[] = { "DP-1", "HDMI-A-1" };
	const struct dce110_regs_gen *g = &dce110_regs_gens[DCE110_GEN_10_0];
	struct dst *t = dst_create(tonga, DC_ASIC_TONGA);
	const struct dc_state *cur;
	struct sim_dmif_info info;
	struct dc_state st;
	struct dc_error err;
	unsigned pipe4k, pipe1080;

	(void)state;
	streams(t, &st, both, 2);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	dst_run(t, 40000000, 1000000);
	cur = dc_current_state(t->dc);
	pipe4k = (unsigned)cur->streams[0].res.timing_generator;
	pipe1080 = (unsigned)cur->streams[1].res.timing_generator;
	assert_int_equal(cur->streams[0].res.wm.urgent_ns, tonga_4k.reg_urgent);
	assert_int_equal(cur->streams[0].res.wm.hiding_ns, 12002);
	assert_false(cur->streams[0].res.wm.nbp_hidden);
	expect_pipe(t, g, pipe4k, &tonga_4k);
	expect_pipe(t, g, pipe1080, &tonga_1080);
	assert_int_equal(dmif_limit(t), 0); /* two displays: no limit */

	/* the 4K stream goes: its pipe gives the buffers back, the 1080p pipe's marks move */
	st = *cur;
	st.streams[0] = st.streams[1];
	st.stream_count = 1;
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	dst_run(t, 20000000, 1000000);
	assert_int_equal(sim_dmif_info(t->sim, pipe4k, &info), 0);
	assert_int_equal(info.buffers, 0);
	assert_true(info.completed);
	assert_int_equal(sim_dmif_info(t->sim, pipe1080, &info), 0);
	assert_int_equal(info.buffers, DCE110_DMIF_BUFFERS);
	/* one pipe: burst 24576 x 1000 / 140800 = 174.545 ns, urgent 3000 + 174.545 + 54.545 */
	assert_int_equal(info.urgency_low[2], 3230);
	assert_int_equal(info.urgency_low[1], 3230);
	assert_int_equal(dmif_limit(t), 2); /* DCE 10 with one display */

	st.stream_count = 0;
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	assert_int_equal(sim_dmif_info(t->sim, pipe1080, &info), 0);
	assert_int_equal(info.buffers, 0);
	assert_true(info.completed);
	dst_destroy(t);
}

static void carrizo_three_1440p144_run_without_stutter(void **state)
{
	static const char *const three[] = { "DP-1", "DP-2", "DP-3" };
	const struct dce110_regs_gen *g = &dce110_regs_gens[DCE110_GEN_11_0];
	struct dst *t = dst_create(carrizo_1440p144, DC_ASIC_CARRIZO);
	const struct dc_state *cur;
	struct dc_state st;
	struct dc_error err;

	(void)state;
	streams(t, &st, three, 3);
	assert_int_equal(st.streams[0].mode.clock, carrizo_1440.pixel_khz);
	if (dc_commit(t->dc, &st, &err))
		fail_msg("%s", err.message);
	dst_run(t, 20000000, 1000000);
	cur = dc_current_state(t->dc);
	for (unsigned i = 0; i < 3; i++) {
		assert_false(cur->streams[i].res.wm.stutter);
		expect_pipe(t, g, (unsigned)cur->streams[i].res.timing_generator, &carrizo_1440);
	}
	assert_int_equal(dmif_limit(t), 0); /* DCE 11: never written */
	dst_destroy(t);
}

/*
 * DCE 11.2 writes four sets (select 0..3) and has a 17-bit NB p-state field:
 * Polaris 12's 250 us memory clock change makes a mark above it, which is
 * clamped there (res.wm keeps the true value).
 */
static void polaris12_fills_four_sets_and_clamps_nbp(void **state)
{
	static const char *const one[] = { "HDMI-A-1" };
	const struct dce110_regs_gen *g = &dce110_regs_gens[DCE110_GEN_11_2];
	struct dst *t = dst_create(polaris12, DC_ASIC_POLARIS12);
	const struct dc_watermarks *w;
	struct sim_dmif_info info;
	struct dc_state st;
	struct dc_error err;
	unsigned pipe;

	(void)state;
	assert_int_equal(g->wm_set_count, 4);
	assert_int_equal(dce110_wm_nbp_max(g), 0x1ffff);
	streams(t, &st, one, 1);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	w = &dc_current_state(t->dc)->streams[0].res.wm;
	pipe = (unsigned)dc_current_state(t->dc)->streams[0].res.timing_generator;
	assert_true(w->nbp_ns > 250000);
	assert_false(w->nbp_hidden);
	assert_int_equal(sim_dmif_info(t->sim, pipe, &info), 0);
	assert_int_equal(info.buffers, DCE110_DMIF_BUFFERS);
	for (unsigned set = 0; set < 4; set++) {
		assert_int_equal(info.urgency_low[set], w->urgent_ns);
		assert_int_equal(info.urgency_high[set], w->line_ns);
		assert_int_equal(info.stutter_exit[set], w->stutter_exit_ns);
		assert_int_equal(info.nbp[set], 0x1ffff);
	}
	/* sets the generation does not use stay untouched */
	assert_int_equal(info.urgency_low[4], 0);
	assert_int_equal(dmif_limit(t), 0);
	dst_destroy(t);
}

static void dmif_allocation_timeout_fails_the_commit(void **state)
{
	static const char *const one[] = { "HDMI-A-1" };
	struct dst *t = dst_create(tonga, DC_ASIC_TONGA);
	struct dc_state st;
	struct dc_error err;
	uint64_t t0;

	(void)state;
	streams(t, &st, one, 1);
	sim_dmif_set_stuck(t->sim, true);
	t0 = dc_hw_now_ns(t->hw);
	assert_int_equal(dc_commit(t->dc, &st, &err), -ETIMEDOUT);
	/* bounded: the 60 ms wait (and the 35 ms release on the way back), no more */
	assert_true(dc_hw_now_ns(t->hw) - t0 >= DCE110_DMIF_ALLOC_TIMEOUT_NS);
	assert_true(dc_hw_now_ns(t->hw) - t0 < 200000000ull);
	assert_int_equal(err.code, DC_ERR_MEMORY_BANDWIDTH);
	assert_int_equal(err.stream, 0);
	assert_non_null(strstr(err.message, "HDMI-A-1: pipe "));
	assert_non_null(strstr(err.message, " did not get its DMIF buffers within 60 ms"));
	assert_non_null(strstr(err.message, "allocation never completed"));
	assert_int_equal(dc_current_state(t->dc)->stream_count, 0);
	/* once the engine answers again, the same commit lights the display */
	sim_dmif_set_stuck(t->sim, false);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	dst_destroy(t);
}

static void pipe_without_dmif_shows_underflow(void **state)
{
	static const char *const one[] = { "HDMI-A-1" };
	struct dst *t = dst_create(tonga, DC_ASIC_TONGA);
	struct sim_stats before, after;
	struct dc_state st;
	struct dc_error err;
	unsigned pipe, w, h;
	uint8_t *rgb;

	(void)state;
	streams(t, &st, one, 1);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	dst_run(t, 40000000, 1000000);
	pipe = (unsigned)dc_current_state(t->dc)->streams[0].res.timing_generator;
	assert_int_equal(sim_capture_rgb(t->sim, pipe, &rgb, &w, &h), 0);
	assert_int_equal(rgb[0], 0x33); /* the plane's colour */
	assert_int_equal(rgb[1], 0x66);
	assert_int_equal(rgb[2], 0x99);
	free(rgb);

	/* the buffers taken away under the running pipe */
	sim_get_stats(t->sim, &before);
	dc_hw_write(t->hw, mmPIPE0_DMIF_BUFFER_CONTROL + dce110_dmif_offsets[pipe], 0);
	dst_run(t, 40000000, 1000000);
	assert_int_equal(sim_capture_rgb(t->sim, pipe, &rgb, &w, &h), 0);
	for (size_t i = 0; i < (size_t)w * h; i += 997) {
		assert_int_equal(rgb[3 * i], 0xff); /* the error colour: magenta */
		assert_int_equal(rgb[3 * i + 1], 0x00);
		assert_int_equal(rgb[3 * i + 2], 0xff);
	}
	free(rgb);
	sim_get_stats(t->sim, &after);
	assert_true(after.underflow_pixels - before.underflow_pixels >= (uint64_t)w * h);
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(watermarks_match_the_worked_examples),
		cmocka_unit_test(tonga_pipes_get_dmif_and_the_documented_watermarks),
		cmocka_unit_test(carrizo_three_1440p144_run_without_stutter),
		cmocka_unit_test(polaris12_fills_four_sets_and_clamps_nbp),
		cmocka_unit_test(dmif_allocation_timeout_fails_the_commit),
		cmocka_unit_test(pipe_without_dmif_shows_underflow),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
