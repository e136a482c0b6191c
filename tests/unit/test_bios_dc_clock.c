/*
 * Pixel clocks through the video BIOS, end to end: Display Core on the
 * simulated engine serving AMD's real Carrizo or Stoney image commits an
 * HDMI stream; DC runs the image's SetPixelClock, the simulator's PLL model
 * (public BPHYC_PLLn semantics, the image's 48 MHz reference) clocks the
 * CRTC, and the frame rate measured on the simulator's scanout timeline
 * must be the mode's (pixel clock / (htotal x vtotal)) within 0.1 %: a
 * wrong divider shows as a wrong refresh rate. Also: no write reaches the
 * simulator extension's PLL registers, a table that polls a register the
 * simulator does not model stops with the table and register named, and a
 * scenario refuses an image that does not load.
 */
#include <errno.h>
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

#define NS_PER_S 1000000000ull

static const char scenario_fmt[] =
	"{ \"asic\": \"%s\", \"clock\": \"virtual\", \"vbios\": \"%s\","
	"  \"connectors\": [ { \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 1,"
	"    \"ddc\": 1, \"encoder\": 1, \"display\": { \"edid\": {"
	"      \"input\": \"hdmi\", \"preferred\": \"cta-1080p60\","
	"      \"vics\": [ 1, 4, 16, 95 ], \"hdmi\": { \"max_tmds_mhz\": 300 },"
	"      \"range\": { \"v_hz\": [ 24, 60 ], \"h_khz\": [ 15, 140 ],"
	"                   \"max_pixel_mhz\": 300 } } } } ] }";

struct image {
	const char *asic, *file;
	enum dc_asic dc_asic;
	const char *version;
};

static const struct image images[] = {
	{ "carrizo", "CarrizoGenericVbios.bin", DC_ASIC_CARRIZO, "113-C75100-031" },
	{ "stoney", "StoneyGenericVbios.bin", DC_ASIC_STONEY, "113-C91400-006" },
};

/* CTA-861 VICs: 640x480p59.94 (25.175 MHz), 720p60 (74.25), 1080p60 (148.5), 2160p30 (297). */
static const unsigned vics[] = { 1, 4, 16, 95 };

static struct dst *create(const struct image *im)
{
	char json[2048];

	snprintf(json, sizeof(json), scenario_fmt, im->asic, im->file);
	return dst_create(json, im->dc_asic);
}

static void measure(const struct image *im, unsigned vic)
{
	struct dst *t = create(im);
	struct dc_state st = { .stream_count = 1 };
	const struct dc_stream *s;
	struct sim_frame h[64];
	struct dc_error err;
	double want_hz, got_hz;
	unsigned tg;
	int n;

	assert_string_equal(dc_vbios_version(t->dc), im->version);
	dst_stream_vic(t, dst_link(t, "HDMI-A-1"), vic, &st.streams[0],
		       dst_fb(t, 640, 480, 0x00ff00));
	assert_int_equal(sim_trace_start(t->sim, 65536), 0);
	if (dc_commit(t->dc, &st, &err))
		fail_msg("%s VIC %u: %s", im->file, vic, err.message);
	s = &dc_current_state(t->dc)->streams[0];
	assert_true(s->res.clock_source >= 0 && s->res.clock_source < DC_CLOCK_SOURCE_DP_DTO);
	/* the table programmed the public PLL registers, nothing of the extension */
	assert_true(sim_trace_count_block(t->sim, SIM_BLOCK_PLL, s->res.clock_source) > 0);
	assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_SIMEXT, -1), 0);
	tg = (unsigned)s->res.timing_generator;
	assert_int_equal(sim_advance(t->sim, NS_PER_S), 0);
	n = sim_scanout_history(t->sim, tg, h, 64);
	assert_true(n >= 10);
	/* frames per second over the recorded frames */
	got_hz = (double)(h[n - 1].frame - h[0].frame) * NS_PER_S /
		 (double)(h[n - 1].start_ns - h[0].start_ns);
	want_hz = (double)s->mode.clock * 1000.0 / ((double)s->mode.htotal * s->mode.vtotal);
	if (got_hz < want_hz * 0.999 || got_hz > want_hz * 1.001)
		fail_msg("%s VIC %u (%u kHz): %.4f Hz on the timeline, the mode has %.4f Hz",
			 im->file, vic, s->mode.clock, got_hz, want_hz);
	print_message("%s VIC %u: %u kHz, %.4f Hz measured, %.4f Hz wanted\n", im->file, vic,
		      s->mode.clock, got_hz, want_hz);
	dst_destroy(t);
}

static void pixel_clocks_give_the_mode_refresh(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(images) / sizeof(images[0]); i++)
		for (size_t v = 0; v < sizeof(vics) / sizeof(vics[0]); v++)
			measure(&images[i], vics[v]);
}

/* The PLL is off again when its last stream goes: PLL_CNTL held in reset or powered down. */
static void removing_the_stream_stops_its_pll(void **state)
{
	struct dst *t = create(&images[0]);
	struct dc_state st = { .stream_count = 1 }, none = { .stream_count = 0 };
	struct dc_error err;
	uint32_t cntl;
	int pll;

	(void)state;
	dst_stream_vic(t, dst_link(t, "HDMI-A-1"), 16, &st.streams[0],
		       dst_fb(t, 640, 480, 0x00ff00));
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	pll = dc_current_state(t->dc)->streams[0].res.clock_source;
	/* mmBPHYC_PLLn_PLL_CNTL: 0x1707 + n x 0x2a (dce_11_0_d.h) */
	cntl = dc_hw_read(t->hw, 0x1707 + (uint32_t)pll * 0x2a);
	assert_int_equal(cntl & 0x3, 0); /* running: PLL_RESET and PLL_POWER_DOWN clear */
	assert_int_equal(cntl & 0x200000, 0x200000); /* PLL_LOCKED */
	assert_int_equal(dc_commit(t->dc, &none, &err), 0);
	cntl = dc_hw_read(t->hw, 0x1707 + (uint32_t)pll * 0x2a);
	assert_true(cntl & 0x3);
	assert_int_equal(cntl & 0x200000, 0);
	dst_destroy(t);
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
	struct tasm a;
	struct rom r;
	uint16_t top;
	uint32_t ps[8] = { 0 };

	(void)state;
	tasm_begin(&a, 0, 0);
	top = tasm_here(&a);
	tasm_u8(&a, DELAY_US);
	tasm_u8(&a, 100);
	tasm_u8(&a, TEST);
	tasm_u8(&a, (uint8_t)(K_IMM | A_DW << 3));
	tasm_u16(&a, 0x1705);
	tasm_u32(&a, 1);
	tasm_u8(&a, JUMP_EQUAL); /* bit clear: wait again */
	tasm_u16(&a, top);
	tasm_u8(&a, EOT);
	tasm_end(&a);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pixel_clocks_give_the_mode_refresh),
		cmocka_unit_test(removing_the_stream_stops_its_pll),
		cmocka_unit_test(scenario_refuses_a_bad_image),
		cmocka_unit_test(polling_an_unmodelled_bit_names_table_and_register),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
