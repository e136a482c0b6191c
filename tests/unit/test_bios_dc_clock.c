/*
 * Pixel clocks through the video BIOS, end to end: Display Core on the
 * simulated engine serving AMD's real Carrizo or Stoney image, or the
 * simulator's own image for Tonga, Fiji (SetPixelClock 1.6, BPHYC_PLLn) and
 * Polaris (1.7, DC_DISPLAYPLLREGSn), commits an HDMI stream; DC runs the
 * image's SetPixelClock, the simulator's PLL model of that generation (the
 * image's reference) clocks the CRTC, and the frame rate measured on the
 * simulator's scanout timeline must be the mode's (pixel clock / (htotal x
 * vtotal)) within 0.1 %: a wrong divider shows as a wrong refresh rate.
 * Also: nothing goes outside the register aperture, the PLL is off again
 * without a stream, our own image carries the scenario's clocks and its
 * AdjustDisplayPll leaves the clock as asked, a table that polls a register
 * the simulator does not model stops with the table and register named,
 * and a scenario refuses an image that does not load.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "bios_rom.h"
#include "dc_bios.h"
#include "dc_link_test.h"
#include "dc_sim_test.h"
#include "dce110.h"

#define NS_PER_S 1000000000ull

static const char scenario_fmt[] =
	"{ \"asic\": \"%s\", \"clock\": \"virtual\", %s"
	"  \"connectors\": [ { \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 1,"
	"    \"ddc\": 1, \"encoder\": 1, \"display\": { \"edid\": {"
	"      \"input\": \"hdmi\", \"preferred\": \"cta-1080p60\","
	"      \"vics\": [ 1, 4, 16, 95 ],"
	"      \"hdmi\": { \"max_tmds_mhz\": 300, \"deep_color\": [ 30, 36 ] },"
	"      \"range\": { \"v_hz\": [ 24, 60 ], \"h_khz\": [ 15, 140 ],"
	"                   \"max_pixel_mhz\": 300 } } } } ] }";

struct image {
	const char *asic;
	const char *file; /* NULL: the simulator's own image */
	enum dc_asic dc_asic;
	const char *version;
	const char *extra; /* more top-level keys, or NULL */
};

#define OWN10  "DCD-OWN-DCE10-PPLL"
#define OWN112 "DCD-OWN-DCE112-PPLL"

static const struct image images[] = {
	{ "carrizo", "CarrizoGenericVbios.bin", DC_ASIC_CARRIZO, "113-C75100-031", NULL },
	{ "stoney", "StoneyGenericVbios.bin", DC_ASIC_STONEY, "113-C91400-006", NULL },
	{ "tonga", NULL, DC_ASIC_TONGA, OWN10, NULL },
	{ "fiji", NULL, DC_ASIC_FIJI, OWN10, "\"ref_clock_khz\": 48000," },
	{ "polaris10", NULL, DC_ASIC_POLARIS10, OWN112, NULL },
	{ "polaris11", NULL, DC_ASIC_POLARIS11, OWN112, "\"ref_clock_khz\": 100000," },
	{ "polaris12", NULL, DC_ASIC_POLARIS12, OWN112, "\"ref_clock_khz\": 25000," },
};

#define N_IMAGES (sizeof(images) / sizeof(images[0]))

/* mmBPHYC_PLL0_PLL_CNTL, mmDC_DISPLAYPLLREGS0_PPLL_MODE_CNTL and _UPDATE_CNTL, PLL stride
 * (dce_11_0_d.h, dce_10_0_d.h, dce_11_2_d.h) */
#define BPHYC_CNTL  0x1707u
#define PPLL_MODE   0x1701u
#define PPLL_UPDATE 0x1724u
#define PLL_STRIDE  0x2au

/* CTA-861 VICs: 640x480p59.94 (25.175 MHz), 720p60 (74.25), 1080p60 (148.5), 2160p30 (297). */
static const unsigned vics[] = { 1, 4, 16, 95 };

static struct dst *create(const struct image *im)
{
	char json[2048], keys[256];

	snprintf(keys, sizeof(keys), "%s%s%s%s", im->file ? "\"vbios\": \"" : "",
		 im->file ? im->file : "", im->file ? "\"," : "", im->extra ? im->extra : "");
	snprintf(json, sizeof(json), scenario_fmt, im->asic, keys);
	return dst_create(json, im->dc_asic);
}

/* Commits VIC vic on t's HDMI-A-1 and checks the refresh on the timeline. */
static void measure_on(struct dst *t, const struct image *im, unsigned vic)
{
	struct dc_state st = { .stream_count = 1 };
	const struct dc_stream *s;
	struct dc_error err;
	double want_hz, got_hz;
	unsigned tg;

	assert_string_equal(dc_vbios_version(t->dc), im->version);
	dst_stream_vic(t, dst_link(t, "HDMI-A-1"), vic, &st.streams[0],
		       dst_fb(t, 640, 480, 0x00ff00));
	assert_int_equal(sim_trace_start(t->sim, 65536), 0);
	if (dc_commit(t->dc, &st, &err))
		fail_msg("%s VIC %u: %s", im->asic, vic, err.message);
	s = &dc_current_state(t->dc)->streams[0];
	assert_true(s->res.clock_source >= 0 && s->res.clock_source < DC_CLOCK_SOURCE_DP_DTO);
	/* the table programmed the public PLL registers */
	assert_true(sim_trace_count_block(t->sim, SIM_BLOCK_PLL, s->res.clock_source) > 0);
	{ /* nothing outside the register aperture (no simulator-only register) */
		struct sim_stats ss;

		sim_get_stats(t->sim, &ss);
		assert_int_equal(ss.bad_reg_accesses, 0);
	}
	tg = (unsigned)s->res.timing_generator;
	assert_int_equal(sim_advance(t->sim, NS_PER_S), 0);
	got_hz = dst_timeline_hz(t, tg);
	want_hz = dst_refresh_mhz(&s->mode) / 1000.0;
	if (got_hz < want_hz * 0.999 || got_hz > want_hz * 1.001)
		fail_msg("%s VIC %u (%u kHz): %.4f Hz on the timeline, the mode has %.4f Hz",
			 im->asic, vic, s->mode.clock, got_hz, want_hz);
	print_message("%s (%s) VIC %u: %u kHz, %.4f Hz measured, %.4f Hz wanted\n", im->asic,
		      im->version, vic, s->mode.clock, got_hz, want_hz);
}

static void measure(const struct image *im, unsigned vic)
{
	struct dst *t = create(im);

	measure_on(t, im, vic);
	dst_destroy(t);
}

static void pixel_clocks_give_the_mode_refresh(void **state)
{
	(void)state;
	for (size_t i = 0; i < N_IMAGES; i++)
		for (size_t v = 0; v < sizeof(vics) / sizeof(vics[0]); v++)
			measure(&images[i], vics[v]);
}

/* PLL pll's clock in kHz, as its registers say it (no deep colour divider). */
static double pll_khz(struct dst *t, unsigned pll)
{
	struct dce110_pixel_rate r = { .hz_num = 0, .hz_den = 1 };

	dce110_ppll_rate(t->hw, t->dc->pool->regs, pll, dc_ref_khz(t->dc), &r);
	return (double)r.hz_num / (double)r.hz_den / 1000.0;
}

/*
 * A restarted dcd: what it reads back (depth included) agrees with the
 * clock committed, though an integer-divider PLL on a 48 MHz reference
 * misses 185.625 MHz and the read back says 148.48 MHz (*inexact counts
 * those), and not with another mode's; adopted with the state file's mode,
 * as recovery does, the same configuration committed again writes no PLL
 * register.
 */
static void adopt_and_commit_again(struct dst *t, const struct dc_state *st, unsigned pll,
				   unsigned *inexact)
{
	const struct dc_stream *cur = &dc_current_state(t->dc)->streams[0];
	struct dc_state snap;
	struct dc_error err;

	assert_int_equal(dc_snapshot(t->dc, &snap), 0);
	assert_int_equal(snap.stream_count, 1);
	assert_int_equal(snap.streams[0].bpc, cur->encoding == DC_ENCODING_YCBCR422 ? 8 : cur->bpc);
	assert_true(dc_clock_agrees(t->dc, &snap.streams[0], cur->mode.clock));
	assert_false(dc_clock_agrees(t->dc, &snap.streams[0], 74250));
	*inexact += snap.streams[0].mode.clock != cur->mode.clock;
	snap.streams[0].mode = cur->mode;
	snap.streams[0].bpc = cur->bpc; /* 4:2:2's depth is the state file's too */
	assert_int_equal(dc_adopt(t->dc, &snap), 0);
	assert_int_equal(sim_trace_start(t->sim, 65536), 0);
	if (dc_commit(t->dc, st, &err))
		fail_msg("the same configuration again: %s", err.message);
	assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_PLL, pll), 0);
}

/*
 * HDMI deep colour on DCE 10/11.0, as the kernel's clock source does it:
 * the table gets the TMDS clock and the colour depth, the PLL makes the
 * TMDS clock (5/4 or 3/2 of the pixel clock), and the DCCG's divider
 * (PIXCLKn_RESYNC_CNTL) gives the CRTC the pixel clock back, so the
 * monitor still gets 60 Hz and a restarted dcd reads the stream back as
 * committed, pixel clock and depth included.
 * YCbCr 4:2:2 at 12 bits has the pixel clock as its TMDS clock.
 */
static void deep_colour_runs_the_pll_at_the_tmds_clock(void **state)
{
	static const struct {
		uint8_t bpc;
		enum dc_pixel_encoding enc;
		double tmds_khz;
		unsigned ratio;
	} cases[] = {
		{ 10, DC_ENCODING_RGB, 185625, 1 },
		{ 12, DC_ENCODING_RGB, 222750, 2 },
		{ 12, DC_ENCODING_YCBCR422, 148500, 0 },
		{ 8, DC_ENCODING_RGB, 148500, 0 },
	};

	unsigned inexact = 0;

	(void)state;
	/* Carrizo, Stoney (AMD's tables), Tonga, Fiji (ours): the generations with the divider */
	for (size_t i = 0; i < 4; i++) {
		struct dst *t = create(&images[i]);

		for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
			struct dc_state st = { .stream_count = 1 };
			struct dce110_pixel_rate px;
			const struct dc_stream *s;
			struct dc_error err;
			unsigned pll, tg;
			uint64_t since;
			double hz;

			dst_stream_vic(t, dst_link(t, "HDMI-A-1"), 16, &st.streams[0],
				       dst_fb(t, 640, 480, 0x00ff00));
			st.streams[0].bpc = cases[c].bpc;
			st.streams[0].encoding = cases[c].enc;
			if (dc_commit(t->dc, &st, &err))
				fail_msg("%s %ubpc: %s", images[i].asic, cases[c].bpc, err.message);
			since = sim_now_ns(t->sim);
			s = &dc_current_state(t->dc)->streams[0];
			pll = (unsigned)s->res.clock_source;
			tg = (unsigned)s->res.timing_generator;
			if (fabs(pll_khz(t, pll) - cases[c].tmds_khz) > cases[c].tmds_khz * 0.001)
				fail_msg("%s %ubpc: PLL %u at %.3f kHz, the TMDS clock is %.3f kHz",
					 images[i].asic, cases[c].bpc, pll, pll_khz(t, pll),
					 cases[c].tmds_khz);
			assert_int_equal(dce110_pll_deep_color(t->hw, t->dc->pool->regs, pll),
					 cases[c].ratio);
			dc_pixel_rate(t->dc, tg, &px);
			assert_true(fabs((double)px.hz_num / (double)px.hz_den - 148.5e6) <
				    148.5e3);
			adopt_and_commit_again(t, &st, pll, &inexact);
			assert_int_equal(sim_advance(t->sim, NS_PER_S / 2), 0);
			hz = dst_timeline_hz_since(t, tg, since);
			if (fabs(hz - 60.0) > 0.06)
				fail_msg("%s %ubpc: %.4f Hz on the timeline", images[i].asic,
					 cases[c].bpc, hz);
		}
		dst_destroy(t);
	}
	/* the 48 MHz reference misses some TMDS clocks: the adoption above saw it */
	assert_true(inexact > 0);
}

/*
 * An image Display Core refuses leaves the one before in use, whole: here
 * one with FirmwareInfo (a 27 MHz reference) but no SetPixelClock, offered
 * after Carrizo's. The next HDMI commit still runs at the mode's refresh,
 * which the refused image's reference clock would have put 44 % off.
 */
static void a_refused_image_keeps_the_one_before(void **state)
{
	const struct image *im = &images[0];
	struct dst *t = create(im);
	struct dc_error err = { 0 };
	struct rom rom;

	(void)state;
	rom_init(&rom);
	rom_add_firmware_info(&rom, 27000, 1200000);
	rom_finish(&rom);
	assert_int_equal(dc_set_vbios(t->dc, rom.b, sizeof(rom.b), &err), -EINVAL);
	print_message("%s\n", err.message);
	assert_non_null(strstr(err.message, "no SetPixelClock table"));
	assert_string_equal(dc_vbios_version(t->dc), im->version);
	measure_on(t, im, 16);
	dst_destroy(t);
}

/*
 * Whether PLL pll runs, with the public fields: BPHYC_PLLn_PLL_CNTL with
 * PLL_RESET and PLL_POWER_DOWN (bits 0, 1) clear and PLL_LOCKED (bit 21);
 * on DCE 11.2 PPLL_MODE_CNTL.reg_tmg_pwr_state (bits 16..17) not 0 and
 * PPLL_UPDATE_CNTL.pc_pw_pll_rdy (bit 9).
 */
static bool pll_runs(struct dst *t, const struct image *im, unsigned pll)
{
	uint32_t o = pll * PLL_STRIDE;

	if (im->dc_asic >= DC_ASIC_POLARIS10)
		return (dc_hw_read(t->hw, PPLL_MODE + o) & 0x30000) &&
		       (dc_hw_read(t->hw, PPLL_UPDATE + o) & 0x200);
	return !(dc_hw_read(t->hw, BPHYC_CNTL + o) & 0x3) &&
	       (dc_hw_read(t->hw, BPHYC_CNTL + o) & 0x200000);
}

/* The PLL is off again when its last stream goes (SetPixelClock with a clock of 0). */
static void removing_the_stream_stops_its_pll(void **state)
{
	(void)state;
	for (size_t i = 0; i < N_IMAGES; i++) {
		const struct image *im = &images[i];
		struct dst *t = create(im);
		struct dc_state st = { .stream_count = 1 }, none = { .stream_count = 0 };
		struct dc_error err;
		int pll;

		dst_stream_vic(t, dst_link(t, "HDMI-A-1"), 16, &st.streams[0],
			       dst_fb(t, 640, 480, 0x00ff00));
		assert_int_equal(dc_commit(t->dc, &st, &err), 0);
		pll = dc_current_state(t->dc)->streams[0].res.clock_source;
		assert_true(pll >= 0 && pll < 3);
		if (!pll_runs(t, im, (unsigned)pll))
			fail_msg("%s: PLL %d does not run with the stream", im->asic, pll);
		assert_int_equal(dc_commit(t->dc, &none, &err), 0);
		if (pll_runs(t, im, (unsigned)pll))
			fail_msg("%s: PLL %d still runs without a stream", im->asic, pll);
		dst_destroy(t);
	}
}

/*
 * Our own image (docs/bios.md): its version names it, FirmwareInfo holds
 * the scenario's reference and DP reference, SetPixelClock has the
 * revision of the generation, and AdjustDisplayPll gives the clock back
 * unchanged with no divider constraints.
 */
static void own_image_carries_the_scenario_clocks(void **state)
{
	static const char json[] =
		"{ \"asic\": \"%s\", \"ref_clock_khz\": %u, "
		"\"dp_ref_clock_khz\": 540000, \"connectors\": [ { \"type\": "
		"\"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0 } ] }";
	static const struct {
		const char *asic, *version;
		unsigned ref_khz, spc_rev;
	} own[] = { { "tonga", OWN10, 27000, 6 }, { "polaris10", OWN112, 100000, 7 } };

	(void)state;
	for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++) {
		struct sim_options o = { .clock = SIM_CLOCK_VIRTUAL };
		struct dc_bios_firmware_info fw;
		struct dc_bios_error berr = { 0 };
		struct sim_error e = { "" };
		struct dc_bios_table tab;
		struct dc_bios *b;
		struct sim *sim = NULL;
		const uint8_t *img;
		char text[512];
		size_t len;
		/* 148.5 MHz in 10 kHz, transmitter and mode bytes after it */
		uint32_t ps[8] = { 14850 | 0x1e << 16 | 3 << 24 };

		snprintf(text, sizeof(text), json, own[i].asic, own[i].ref_khz);
		o.scenario_json = text;
		if (sim_create(&o, &sim, &e))
			fail_msg("%s: %s", own[i].asic, e.msg);
		img = sim_vbios(sim, &len);
		assert_non_null(img);
		assert_int_equal(dc_bios_load(img, len, &b, &berr), 0);
		assert_string_equal(dc_bios_version(b), own[i].version);
		assert_int_equal(dc_bios_firmware_info(b, &fw, &berr), 0);
		assert_int_equal(fw.ref_clock_khz, own[i].ref_khz);
		assert_int_equal(fw.default_dispclk_khz, 540000);
		assert_int_equal(dc_bios_cmd_table(b, DC_BIOS_CMD_SET_PIXEL_CLOCK, &tab), 0);
		assert_int_equal(tab.format_rev, 1);
		assert_int_equal(tab.content_rev, own[i].spc_rev);
		assert_int_equal(dc_bios_cmd_table(b, DC_BIOS_CMD_ADJUST_DISPLAY_PLL, &tab), 0);
		assert_int_equal(tab.content_rev, 3);
		assert_int_equal(dc_bios_run(b, sim_hw(sim), DC_BIOS_CMD_ADJUST_DISPLAY_PLL, ps, 8,
					     NULL, &berr),
				 0);
		assert_int_equal(ps[0], 14850);	     /* ulDispPllFreq */
		assert_int_equal(ps[1] & 0xffff, 0); /* ucRefDiv, ucPostDiv: no constraint */
		dc_bios_destroy(b);
		sim_destroy(sim);
	}
}

/* A scenario naming a damaged image is refused with the file and the reason. */
static void scenario_refuses_a_bad_image(void **state)
{
	static const char json[] = "{ \"asic\": \"carrizo\", \"vbios\": \"LICENSE.txt\","
				   "  \"connectors\": [ { \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1,"
				   "    \"aux\": 1, \"encoder\": 0 } ] }";
	struct sim_options o = { .scenario_json = json };
	struct sim_error e = { "" };
	struct sim *sim = NULL;

	(void)state;
	assert_int_not_equal(sim_create(&o, &sim, &e), 0);
	assert_null(sim);
	assert_non_null(strstr(e.msg, "LICENSE.txt"));
	assert_non_null(strstr(e.msg, "not a PCI expansion ROM"));
}

static void refused(const char *json, const char *what, const char *why)
{
	struct sim_options o = { .scenario_json = json };
	struct sim_error e = { "" };
	struct sim *sim = NULL;

	assert_int_not_equal(sim_create(&o, &sim, &e), 0);
	assert_null(sim);
	print_message("%s\n", e.msg);
	assert_non_null(strstr(e.msg, what));
	assert_non_null(strstr(e.msg, why));
}

/*
 * The reference clocks: an image's FirmwareInfo has the last word (a
 * scenario may repeat its values, not change them), and our own image
 * holds the scenario's in 10 kHz.
 */
static void scenario_clocks_agree_with_the_image(void **state)
{
	(void)state;
	refused("{ \"asic\": \"carrizo\", \"dp_ref_clock_khz\": 540000, \"connectors\": ["
		" { \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0 } ] }",
		"dp_ref_clock_khz", "says 600000 kHz");
	refused("{ \"asic\": \"stoney\", \"ref_clock_khz\": 27000, \"connectors\": ["
		" { \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0 } ] }",
		"ref_clock_khz", "says 48000 kHz");
	refused("{ \"asic\": \"tonga\", \"ref_clock_khz\": 27001, \"connectors\": ["
		" { \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0 } ] }",
		"27001 kHz", "steps of 10 kHz");
}

/*
 * A table of our own (bios_rom.c) that waits for bit 0 of
 * BPHYC_PLL0_PLL_DS_CNTL (0x1705), which the simulator keeps as plain
 * storage: on the simulator it stops at the time bound, and the message
 * names the table and the register it was polling.
 */
static void polling_an_unmodelled_bit_names_table_and_register(void **state)
{
	enum {
		TEST = 74,
		JUMP_EQUAL = 68,
		DELAY_US = 81,
		EOT = 91,
		K_IMM = 5,
		A_DW = 0
	};
	const struct dc_bios_run_limits lim = { .time_limit_ns = 5000000 };
	struct dst *t = create(&images[0]);
	struct dc_bios_error err = { 0 };
	struct dc_bios *b;
	struct atom_table a;
	struct rom r;
	uint16_t top;
	uint32_t ps[8] = { 0 };

	(void)state;
	atom_table_begin(&a, 1, 0, 0);
	top = atom_table_here(&a);
	atom_table_u8(&a, DELAY_US);
	atom_table_u8(&a, 100);
	atom_table_u8(&a, TEST);
	atom_table_u8(&a, (uint8_t)(K_IMM | A_DW << 3));
	atom_table_u16(&a, 0x1705);
	atom_table_u32(&a, 1);
	atom_table_u8(&a, JUMP_EQUAL); /* bit clear: wait again */
	atom_table_u16(&a, top);
	atom_table_u8(&a, EOT);
	atom_table_end(&a);
	rom_init(&r);
	rom_add_cmd(&r, DC_BIOS_CMD_SET_PIXEL_CLOCK, &a);
	rom_finish(&r);
	assert_int_equal(dc_bios_load(r.b, ROM_SIZE, &b, &err), 0);
	assert_int_equal(dc_bios_run(b, t->hw, DC_BIOS_CMD_SET_PIXEL_CLOCK, ps, 8, &lim, &err),
			 -ETIMEDOUT);
	assert_non_null(strstr(err.message, "SetPixelClock (12)"));
	assert_non_null(strstr(err.message, "last read register 0x1705"));
	dc_bios_destroy(b);
	dst_destroy(t);
}

/*
 * `test-bios-dc-clock --write-seeds DIR` writes the simulator's own images
 * (DIR/own-dce10.bin from a Tonga, DIR/own-dce112.bin from a Polaris 10
 * scenario) for the fuzz corpus (tests/fuzz/corpus/bios/).
 */
static int write_seeds(const char *dir)
{
	static const char *const asics[] = { "tonga", "polaris10" };
	static const char *const names[] = { "own-dce10.bin", "own-dce112.bin" };

	for (size_t i = 0; i < 2; i++) {
		struct sim_options o = { .clock = SIM_CLOCK_VIRTUAL };
		struct sim_error e = { "" };
		struct sim *sim = NULL;
		const uint8_t *img;
		char json[256], path[4096];
		size_t len;
		FILE *f;

		snprintf(json, sizeof(json),
			 "{ \"asic\": \"%s\", \"connectors\": [ { \"type\": \"DP\", "
			 "\"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0 } ] }",
			 asics[i]);
		o.scenario_json = json;
		if (sim_create(&o, &sim, &e)) {
			fprintf(stderr, "%s: %s\n", asics[i], e.msg);
			return 1;
		}
		img = sim_vbios(sim, &len);
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		f = fopen(path, "wbe");
		if (!f || fwrite(img, 1, len, f) != len || fclose(f)) {
			perror(path);
			sim_destroy(sim);
			return 1;
		}
		sim_destroy(sim);
	}
	return 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pixel_clocks_give_the_mode_refresh),
		cmocka_unit_test(deep_colour_runs_the_pll_at_the_tmds_clock),
		cmocka_unit_test(removing_the_stream_stops_its_pll),
		cmocka_unit_test(own_image_carries_the_scenario_clocks),
		cmocka_unit_test(scenario_refuses_a_bad_image),
		cmocka_unit_test(a_refused_image_keeps_the_one_before),
		cmocka_unit_test(scenario_clocks_agree_with_the_image),
		cmocka_unit_test(polling_an_unmodelled_bit_names_table_and_register),
	};

	if (argc == 3 && !strcmp(argv[1], "--write-seeds"))
		return write_seeds(argv[2]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
