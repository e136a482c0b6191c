/*
 * The display clock (DISPCLK) through the video BIOS, on the simulated
 * engine (suite bios):
 *
 *  - the DENTIST's divider IDs decode as the public driver's ranges say
 *    (dc's dce110_dentist.c), and the DID chosen for a clock is the lowest
 *    clock at or above it;
 *  - on our own images (Tonga, Fiji: SetPixelClock 1.6 with the DFS;
 *    Polaris: SetDCEClock 2.1) Display Core raises DISPCLK to what it asks
 *    for and no further than the DENTIST's next step, read back from
 *    DENTIST_DISPCLK_CNTL with the test's own reading of the divider IDs,
 *    and brings it back to the image's boot clock, never below;
 *  - end to end: a 4K60 DP stream whose plane is scaled down 1.2:1 needs
 *    more than the 600 MHz the engine boots with. On Tonga the commit
 *    raises DISPCLK and the pipe shows its picture without underflow; a
 *    1080p commit after it brings DISPCLK back to 600 MHz. Put back to
 *    600 MHz behind Display Core's back, the same pipe underflows. On
 *    Polaris 10 an HDMI 4K60 stream takes DISPCLK to 626 MHz through
 *    SetDCEClock and turning it off brings it back.
 *  - AMD's Carrizo and Stoney tables set the step at or below the clock
 *    asked for: Display Core asks again for the step above, 4K60 runs at
 *    626 MHz and a wider plane at 654.5, the running DP stream keeping its
 *    refresh although the tables rewrite the DP DTOs' modulo; 1080p goes
 *    back to 600 MHz. Where the table waits on a register the simulator
 *    does not model, the commit is refused naming it, and the stream
 *    before it comes back.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dc_sim_test.h"
#include "dce110.h"
#include "dce110_regs.h"

#define VCO_KHZ	 3600000u /* AMD's Carrizo and Stoney images and our own say so */
#define BOOT_KHZ 600000u  /* their FirmwareInfo default DISPCLK */

static const char scenario_fmt[] =
	"{ \"asic\": \"%s\", \"clock\": \"virtual\","
	"  \"connectors\": [ { \"name\": \"DP-1\", \"type\": \"DP\", \"hpd\": 3, \"ddc\": 3,"
	"    \"aux\": 3, \"encoder\": 2, \"display\": { \"edid\": {"
	"      \"input\": \"dp\", \"bpc\": 8, \"preferred\": \"cta-4k60\","
	"      \"modes\": [ \"cta-1080p60\" ],"
	"      \"range\": { \"v_hz\": [ 24, 60 ], \"h_khz\": [ 30, 140 ],"
	"                   \"max_pixel_mhz\": 600 } },"
	"    \"dp\": { \"dpcd_rev\": \"1.2\", \"max_rate\": \"HBR2\", \"max_lanes\": 4,"
	"              \"tps3\": true } } } ] }";

struct asic {
	const char *name;
	enum dc_asic dc_asic;
	uint32_t max_khz; /* the ASIC's top DISPCLK (dc's resource pool) */
};

static struct dst *create(const struct asic *a)
{
	char json[2048];

	snprintf(json, sizeof(json), scenario_fmt, a->name);
	return dst_create(json, a->dc_asic);
}

/*
 * The test's own reading of a divider ID: 2.00 + 0.25 per ID from 0x08,
 * 16.0 + 0.5 per ID from 0x40, 32 + 1 per ID from 0x60; in quarters.
 */
static uint32_t quarters(uint32_t did)
{
	if (did >= 0x60)
		return 4 * (32 + (did - 0x60));
	if (did >= 0x40)
		return 2 * (32 + (did - 0x40));
	return 8 + (did - 0x08);
}

static uint32_t dentist_did(struct dst *t)
{
	uint32_t v = dc_hw_read(t->hw, mmDENTIST_DISPCLK_CNTL);

	return (v & DENTIST_DISPCLK_CNTL__DENTIST_DISPCLK_RDIVIDER_MASK) >>
	       DENTIST_DISPCLK_CNTL__DENTIST_DISPCLK_RDIVIDER__SHIFT;
}

static uint32_t dentist_khz(struct dst *t)
{
	return (uint32_t)((uint64_t)VCO_KHZ * 4 / quarters(dentist_did(t)));
}

static void divider_ids_decode_as_the_ranges(void **state)
{
	static const struct {
		uint32_t did, quarters;
	} ids[] = { { 0x08, 8 },  { 0x18, 24 },	 { 0x3f, 63 },	{ 0x40, 64 },
		    { 0x41, 66 }, { 0x5f, 126 }, { 0x60, 128 }, { 0x7e, 248 } };

	(void)state;
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		assert_int_equal(dce110_dentist_quarters(ids[i].did), ids[i].quarters);
		assert_int_equal(quarters(ids[i].did), ids[i].quarters);
	}
	/* 600 MHz from 3.6 GHz: divider 6, ID 0x18, as AMD's images boot */
	assert_int_equal(dce110_dentist_did(VCO_KHZ, BOOT_KHZ), 0x18);
	assert_int_equal(dce110_dentist_khz(VCO_KHZ, 0x18), BOOT_KHZ);
	/* 623.7 MHz: 3.6 GHz / 5.75 = 626.087 MHz is the lowest at or above it */
	assert_int_equal(dce110_dentist_did(VCO_KHZ, 623700), 0x17);
	assert_int_equal(dce110_dentist_khz(VCO_KHZ, 0x17), 626086);
	/* 100 MHz is divider 36 (ID 0x60 + 4); 190 MHz needs 18.95, which the halves make 18.5 */
	assert_int_equal(dce110_dentist_did(VCO_KHZ, 100000), 0x64);
	assert_int_equal(dce110_dentist_did(VCO_KHZ, 190000), 0x45);
	/* past the ends: VCO / 2 at most, VCO / 62 at least */
	assert_int_equal(dce110_dentist_did(VCO_KHZ, 5000000), 0x08);
	assert_int_equal(dce110_dentist_did(VCO_KHZ, 1000), 0x7e);
}

static const struct asic own[] = {
	{ "tonga", DC_ASIC_TONGA, 681000 },	     { "fiji", DC_ASIC_FIJI, 681000 },
	{ "polaris10", DC_ASIC_POLARIS10, 1132000 }, { "polaris11", DC_ASIC_POLARIS11, 1132000 },
	{ "polaris12", DC_ASIC_POLARIS12, 1132000 },
};

/* DISPCLK up to each clock and back, through the image's table */
static void own_images_raise_and_lower(void **state)
{
	static const uint32_t asks[] = { 601000, 623700, 650000, 681000, 900000, 1132000 };

	(void)state;
	for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++) {
		struct dst *t = create(&own[i]);

		assert_int_equal(dentist_khz(t), BOOT_KHZ);
		assert_int_equal(dc_dispclk_khz(t->dc), BOOT_KHZ);
		for (size_t k = 0; k < sizeof(asks) / sizeof(asks[0]); k++) {
			struct dc_error err;
			uint32_t got, did;

			if (asks[k] > own[i].max_khz)
				continue;
			if (dc_dispclk_raise(t->dc, asks[k], &err))
				fail_msg("%s, %u kHz: %s", own[i].name, asks[k], err.message);
			got = dentist_khz(t);
			did = dentist_did(t);
			print_message("%s: asked %u kHz, DENTIST ID %#x: %u kHz\n", own[i].name,
				      asks[k], did, got);
			/* at least what was asked, and the next divider would be too slow */
			assert_true(got >= asks[k]);
			assert_true((uint64_t)VCO_KHZ * 4 / quarters(did + 1) < asks[k]);
			assert_int_equal(dc_dispclk_khz(t->dc), got);
			/* asking for less does not lower it: that is dc_dispclk_lower's */
			assert_int_equal(dc_dispclk_raise(t->dc, BOOT_KHZ, &err), 0);
			assert_int_equal(dentist_khz(t), got);
			/* down to what is needed, never below the boot clock */
			dc_dispclk_lower(t->dc, 0);
			assert_int_equal(dentist_khz(t), BOOT_KHZ);
		}
		dst_destroy(t);
	}
}

/*
 * Commits the sink's 4K60 mode on DP-1 (594 MHz, 4400 pixel clocks a line)
 * with a width x 2160 plane scaled to 3840x2160: the line buffer takes
 * width pixels per line, 594 MHz x width / 4400 of DISPCLK before the
 * margin (4608: 622 MHz; 4480: 604.8 MHz; 3840: the pixel clock's 594).
 */
static int commit_4k(struct dst *t, unsigned width, struct dc_error *err)
{
	struct dc_state st = { .stream_count = 1 };
	unsigned link = dst_link(t, "DP-1");
	struct dc_stream *s = &st.streams[0];

	dst_stream(t, link, s, dst_fb(t, width, 2160, 0x3060c0));
	assert_int_equal(s->mode.hdisplay, 3840);
	assert_int_equal(s->mode.htotal, 4400);
	assert_int_equal(s->mode.clock, 594000);
	s->primary.width = width;
	s->primary.pitch = dst_pitch(width);
	s->primary.src_w = width << 16;
	return dc_commit(t->dc, &st, err);
}

/* commit_4k, which must succeed (what: the ASIC, for the message). */
static void light_4k(struct dst *t, unsigned width, const char *what)
{
	struct dc_error err;

	if (commit_4k(t, width, &err))
		fail_msg("%s 4K60, a %u-wide plane: %s", what, width, err.message);
}

/* 1080p60 on DP-1 (156 MHz of DISPCLK): DISPCLK back at the boot clock. */
static void commit_1080p(struct dst *t, const char *what)
{
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;

	dst_stream_vic(t, dst_link(t, "DP-1"), 16, &st.streams[0], dst_fb(t, 1920, 1080, 0xffffff));
	if (dc_commit(t->dc, &st, &err))
		fail_msg("%s 1080p: %s", what, err.message);
	assert_int_equal(dentist_khz(t), BOOT_KHZ);
}

static uint64_t underflow_of_capture(struct dst *t)
{
	struct sim_stats before, after;
	uint8_t *rgb = NULL;
	unsigned w, h;
	int tg = dst_pipe_of(t, dst_link(t, "DP-1"));

	assert_true(tg >= 0);
	assert_int_equal(sim_advance(t->sim, 50000000), 0);
	sim_get_stats(t->sim, &before);
	assert_int_equal(sim_capture_rgb(t->sim, (unsigned)tg, &rgb, &w, &h), 0);
	sim_get_stats(t->sim, &after);
	free(rgb);
	return after.underflow_pixels - before.underflow_pixels;
}

static void scaled_4k_raises_dispclk_on_tonga(void **state)
{
	struct dst *t = create(&own[0]);

	(void)state;
	assert_int_equal(dc_dispclk_khz(t->dc), BOOT_KHZ);
	light_4k(t, 4608, "tonga");
	assert_true(dc_current_state(t->dc)->dispclk_khz > 622000);
	assert_true(dentist_khz(t) >= dc_current_state(t->dc)->dispclk_khz);
	print_message("tonga: scaled 4K60 needs %u kHz, DISPCLK %u kHz\n",
		      dc_current_state(t->dc)->dispclk_khz, dentist_khz(t));
	assert_int_equal(underflow_of_capture(t), 0);
	/* 1080p60 needs 156 MHz: DISPCLK goes back to the boot clock */
	commit_1080p(t, "tonga");
	assert_int_equal(underflow_of_capture(t), 0);
	dst_destroy(t);
}

/* Without the raise the same pipe underflows: the simulator's DISPCLK is real. */
static void dentist_too_slow_underflows(void **state)
{
	struct dst *t = create(&own[0]);

	(void)state;
	light_4k(t, 4608, "tonga");
	/* the boot clock again, behind Display Core's back */
	dc_hw_write(t->hw, mmDENTIST_DISPCLK_CNTL, 0x18);
	assert_int_equal(dentist_khz(t), BOOT_KHZ);
	assert_true(underflow_of_capture(t) >= 3840ull * 2160);
	dst_destroy(t);
}

/* The pipe of DP-1 runs at its mode's refresh (within 0.1 %) on the simulator's timeline. */
static void assert_mode_refresh(struct dst *t, const char *what)
{
	const struct dc_stream *s = &dc_current_state(t->dc)->streams[0];
	double want_hz = dst_refresh_mhz(&s->mode) / 1000.0, got_hz;

	/* a history of frames since the last change only */
	assert_int_equal(sim_advance(t->sim, 1200000000), 0);
	got_hz = dst_timeline_hz(t, (unsigned)s->res.timing_generator);
	if (got_hz < want_hz * 0.999 || got_hz > want_hz * 1.001)
		fail_msg("%s: %.4f Hz on the timeline, the mode has %.4f Hz", what, got_hz,
			 want_hz);
}

/*
 * Polaris 10 (SetDCEClock 2.1 of our own image): an HDMI 2.0 TV at 4K60
 * (594 MHz, scrambled) needs 623.7 MHz; DISPCLK goes to 626.09 MHz and
 * comes back to 600 MHz without it.
 */
static void polaris_hdmi_4k60_raises_dispclk(void **state)
{
	static const char json[] =
		"{ \"asic\": \"polaris10\", \"clock\": \"virtual\", \"connectors\": [ { "
		"\"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, "
		"\"encoder\": 1, \"display\": { \"edid\": { \"input\": \"hdmi\", "
		"\"preferred\": \"cta-4k60\", \"vics\": [ 97, 16 ], "
		"\"hdmi\": { \"max_tmds_mhz\": 340 }, \"hf_vsdb\": { "
		"\"max_tmds_char_rate_mhz\": 600, \"scdc\": true } } } } ] }";
	struct dst *t = dst_create(json, DC_ASIC_POLARIS10);
	unsigned link = dst_link(t, "HDMI-A-1");
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;

	(void)state;
	assert_int_equal(dentist_khz(t), BOOT_KHZ);
	dst_stream(t, link, &st.streams[0], dst_fb(t, 3840, 2160, 0x808080));
	assert_int_equal(st.streams[0].mode.clock, 594000);
	if (dc_commit(t->dc, &st, &err))
		fail_msg("polaris10 4K60: %s", err.message);
	assert_int_equal(dc_current_state(t->dc)->dispclk_khz, 623700);
	assert_int_equal(dentist_khz(t), 626086);
	st.stream_count = 0;
	if (dc_commit(t->dc, &st, &err))
		fail_msg("polaris10 off: %s", err.message);
	assert_int_equal(dentist_khz(t), BOOT_KHZ);
	dst_destroy(t);
}

static const struct asic apus[] = {
	{ "carrizo", DC_ASIC_CARRIZO, 643000 },
	{ "stoney", DC_ASIC_STONEY, 643000 },
};

/*
 * AMD's Carrizo and Stoney tables set the DENTIST step at or below the
 * clock asked for: Display Core asks again for the step above, and the
 * running DP stream keeps its clock although the table rewrites the DP
 * DTOs' modulo.
 */
static void amd_tables_reach_the_step_above(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(apus) / sizeof(apus[0]); i++) {
		struct dst *t = create(&apus[i]);
		struct sim_stats ss;

		assert_int_equal(dc_dispclk_khz(t->dc), BOOT_KHZ);
		/* plain 4K60: 594 MHz, 623.7 with the margin: 3.6 GHz / 5.75 */
		light_4k(t, 3840, apus[i].name);
		assert_int_equal(dc_current_state(t->dc)->dispclk_khz, 623700);
		assert_int_equal(dentist_khz(t), 626086);
		assert_mode_refresh(t, apus[i].name);
		assert_int_equal(underflow_of_capture(t), 0);
		/* the wider plane: 635.04 MHz, 3.6 GHz / 5.5, with the stream running */
		light_4k(t, 4480, apus[i].name);
		assert_int_equal(dentist_khz(t), 654545);
		assert_mode_refresh(t, apus[i].name);
		assert_int_equal(underflow_of_capture(t), 0);
		commit_1080p(t, apus[i].name);
		assert_mode_refresh(t, apus[i].name);
		sim_get_stats(t->sim, &ss);
		assert_int_equal(ss.bad_reg_accesses, 0);
		dst_destroy(t);
	}
}

/*
 * With DENTIST_DPREFCLK_WDIVIDER 0 (not what the images boot with), AMD's
 * Carrizo table waits for an answer from a register the simulator does not
 * model: the commit is refused with the table and the register named, and
 * the stream before it comes back.
 */
static void amd_table_waiting_on_an_unmodelled_register_is_named(void **state)
{
	struct dst *t = create(&apus[0]);
	struct dc_error err;

	(void)state;
	light_4k(t, 3840, "carrizo");
	dc_hw_write(t->hw, mmDENTIST_DISPCLK_CNTL, 0x17);
	assert_int_not_equal(commit_4k(t, 4480, &err), 0);
	print_message("carrizo: %s\n", err.message);
	assert_non_null(strstr(err.message, "could not raise it from 626086 to 635040 kHz"));
	assert_non_null(strstr(err.message, "EnableASIC_StaticPwrMgt"));
	assert_non_null(strstr(err.message, "0x1d8"));
	assert_int_equal(dc_current_state(t->dc)->streams[0].primary.width, 3840);
	assert_mode_refresh(t, "carrizo");
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(divider_ids_decode_as_the_ranges),
		cmocka_unit_test(own_images_raise_and_lower),
		cmocka_unit_test(scaled_4k_raises_dispclk_on_tonga),
		cmocka_unit_test(dentist_too_slow_underflows),
		cmocka_unit_test(polaris_hdmi_4k60_raises_dispclk),
		cmocka_unit_test(amd_tables_reach_the_step_above),
		cmocka_unit_test(amd_table_waiting_on_an_unmodelled_register_is_named),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
