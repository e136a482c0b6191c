/*
 * dc_commit with the link layer: HDMI 2.0 4K60 scrambled on both sides
 * (and refused on an HDMI 1.4 sink), a DP receiver that fails clock
 * recovery at HBR2 (trained at HBR, then a mode that no longer fits
 * refused; a commit whose training comes up short rolled back to the
 * previous state), and a lost link retrained through dc_handle_irq.
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

#define NS_PER_MS 1000000ull

// clang-format off
static const char hdmi_scenario[] = "{ \"asic\": \"polaris10\", \"connectors\": ["
	"{ \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0,"
	"  \"display\": { \"edid\": { \"name\": \"hdmi 2.0\", \"preferred\": \"cta-4k60\","
	"  \"modes\": [ \"cta-1080p60\" ], \"vics\": [ 97, 16 ], \"hdmi\": { \"max_tmds_mhz\": 340 },"
	"  \"hf_vsdb\": { \"max_tmds_char_rate_mhz\": 600, \"scdc\": true } } } },"
	"{ \"name\": \"HDMI-A-2\", \"type\": \"HDMI\", \"hpd\": 2, \"ddc\": 2, \"encoder\": 1,"
	"  \"display\": { \"edid\": { \"name\": \"hdmi 1.4\", \"preferred\": \"cta-1080p60\","
	"  \"modes\": [ \"cta-4k60\" ], \"vics\": [ 16, 97 ], \"hdmi\": { \"max_tmds_mhz\": 300 } } } } ] }";

/* The same HDMI 2.0 monitor on a Tonga, an HDMI 1.4 part (also with 4K30). */
static const char tonga_hdmi_scenario[] = "{ \"asic\": \"tonga\", \"connectors\": ["
	"{ \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0,"
	"  \"display\": { \"edid\": { \"name\": \"hdmi 2.0\", \"preferred\": \"cta-4k60\","
	"  \"modes\": [ \"cta-1080p60\" ], \"vics\": [ 97, 95, 16 ], \"hdmi\": { \"max_tmds_mhz\": 340 },"
	"  \"hf_vsdb\": { \"max_tmds_char_rate_mhz\": 600, \"scdc\": true } } } } ] }";

/*
 * DP-1 fails clock recovery at HBR2; an HDMI monitor beside it; an eDP
 * panel (never trained by detection) that trains only on one lane.
 */
static const char dp_scenario[] = "{ \"asic\": \"carrizo\", \"connectors\": ["
	"{ \"name\": \"DP-1\", \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0,"
	"  \"display\": { \"edid\": { \"name\": \"no hbr2\", \"input\": \"dp\", \"preferred\": \"cta-4k60\","
	"  \"modes\": [ \"cta-1080p60\" ] }, \"dp\": { \"max_rate\": \"HBR2\", \"max_lanes\": 4,"
	"  \"training\": { \"fail_rates\": [ \"HBR2\" ] } } } },"
	"{ \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 2, \"ddc\": 2, \"encoder\": 1,"
	"  \"display\": { \"edid\": { \"name\": \"fhd\", \"preferred\": \"cta-1080p60\","
	"  \"vics\": [ 16 ], \"hdmi\": { } } } },"
	"{ \"name\": \"eDP-1\", \"type\": \"eDP\", \"hpd\": 3, \"ddc\": 3, \"aux\": 3, \"encoder\": 2,"
	"  \"display\": { \"edid\": { \"name\": \"panel\", \"input\": \"dp\","
	"  \"preferred\": \"cvt-rb-1920x1080@60\" }, \"dp\": { \"max_rate\": \"HBR\", \"max_lanes\": 4,"
	"  \"training\": { \"fail_lane_counts\": [ 4, 2 ] } } } } ] }";
// clang-format on

static uint32_t dig_reg(struct dst *t, unsigned dig, uint32_t reg)
{
	return dc_hw_read(t->hw, reg + dce110_dig_offsets[dig]);
}

static void hdmi_4k60_scrambled(void **state)
{
	struct dst *t = dst_create(hdmi_scenario, DC_ASIC_POLARIS10);
	unsigned link = dst_link(t, "HDMI-A-1"), old = dst_link(t, "HDMI-A-2");
	struct dc_state st = { .stream_count = 1 };
	const struct dc_stream *s;
	struct dce110_avi avi;
	struct dc_error err;
	uint8_t scdc[256], sum = 0;
	uint32_t info0, info1;

	dst_stream_vic(t, link, 97, &st.streams[0], dst_fb(t, 3840, 2160, 0x00406080));
	assert_int_equal(st.streams[0].mode.clock, 594000);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	s = &dc_current_state(t->dc)->streams[0];
	assert_true(s->res.hdmi_scrambling);
	/* the sink: scrambling and the 1/40 clock ratio set over SCDC, scrambled data seen */
	assert_int_equal(sim_scdc_peek(t->sim, dst_conn(t, link), scdc), 0);
	assert_int_equal(scdc[0x20], 0x03);
	assert_int_equal(scdc[0x21] & 1, 1);
	assert_int_equal(scdc[0x40], 0x0f);
	/* the source: the link encoder's scrambler */
	assert_true(dig_reg(t, (unsigned)s->res.link_encoder, mmHDMI_CONTROL) &
		    HDMI_CONTROL__HDMI_DATA_SCRAMBLE_EN_MASK);
	/* the AVI InfoFrame in the stream encoder: VIC 97, 16:9, RGB, checksum */
	info0 = dig_reg(t, (unsigned)s->res.stream_encoder, mmAFMT_AVI_INFO0);
	info1 = dig_reg(t, (unsigned)s->res.stream_encoder, mmAFMT_AVI_INFO1);
	assert_int_equal(DC_FIELD_GET(info1, AFMT_AVI_INFO1, AFMT_AVI_INFO_VIC), 97);
	assert_int_equal(DC_FIELD_GET(info0, AFMT_AVI_INFO0, AFMT_AVI_INFO_Y), 0);
	assert_int_equal(DC_FIELD_GET(info0, AFMT_AVI_INFO0, AFMT_AVI_INFO_M), 2);
	dce110_avi_build(&s->mode, s->encoding, &avi);
	for (unsigned i = 0; i < 14; i++)
		sum = (uint8_t)(sum + avi.pb[i]);
	assert_int_equal((uint8_t)(sum + 0x82 + 2 + 13), 0);
	assert_int_equal(info0 & 0xff, avi.pb[0]);
	assert_true(dig_reg(t, (unsigned)s->res.stream_encoder, mmHDMI_INFOFRAME_CONTROL0) &
		    HDMI_INFOFRAME_CONTROL0__HDMI_AVI_INFO_SEND_MASK);

	/* HDMI 1.4: refused with the reason, nothing written */
	st.stream_count = 2;
	st.streams[0] = *s;
	dst_stream_vic(t, old, 97, &st.streams[1], dst_fb(t, 3840, 2160, 0));
	assert_int_equal(sim_trace_start(t->sim, 1024), 0);
	assert_int_equal(dc_commit(t->dc, &st, &err), -ERANGE);
	print_message("%s\n", err.message);
	assert_int_equal(err.code, DC_ERR_SINK_TMDS);
	assert_int_equal(err.stream, 1);
	assert_non_null(strstr(err.message, "HDMI-A-2"));
	assert_non_null(strstr(err.message, "594"));
	assert_int_equal(sim_trace_count(t->sim), 0);
	assert_int_equal(dc_current_state(t->dc)->stream_count, 1);
	dst_destroy(t);
}

/*
 * Tonga stops TMDS at 300 MHz: 4K60 (594 MHz) is refused with the limit in
 * the reason and left out of the link's modes; 4K30 (297 MHz) is the best
 * the monitor gets, unscrambled, with SCDC left alone.
 */
static void tonga_hdmi_20_monitor_gets_4k30(void **state)
{
	struct dst *t = dst_create(tonga_hdmi_scenario, DC_ASIC_TONGA);
	unsigned link = dst_link(t, "HDMI-A-1");
	struct dc_state st = { .stream_count = 1 };
	const struct dc_mode *modes;
	struct dc_error err;
	uint8_t scdc[256];
	size_t n;

	dst_stream_vic(t, link, 97, &st.streams[0], dst_fb(t, 3840, 2160, 0x00406080));
	assert_int_equal(sim_trace_start(t->sim, 1024), 0);
	assert_int_equal(dc_commit(t->dc, &st, &err), -ERANGE);
	print_message("%s\n", err.message);
	assert_int_equal(err.code, DC_ERR_TMDS_CLOCK);
	assert_string_equal(err.message,
			    "HDMI-A-1: link encoder DIG 0 drives TMDS up to 300.00 MHz (Tonga, DCE "
			    "10.0, is an HDMI 1.4 part), 3840x2160@60 RGB 8bpc needs 594.00 MHz");
	assert_int_equal(sim_trace_count(t->sim), 0);

	/* what the link offers: the largest mode is 4K30, nothing above 300 MHz */
	modes = dc_link_modes(t->dc, link, &n);
	assert_true(n > 0);
	for (size_t i = 0; i < n; i++)
		assert_true(modes[i].info.clock <= 300000);
	assert_int_equal(modes[0].info.hdisplay, 3840);
	assert_int_equal(modes[0].info.clock, 297000);
	assert_int_equal(modes[0].vic, 95);

	dst_stream(t, link, &st.streams[0], dst_fb(t, 3840, 2160, 0x00406080));
	st.streams[0].mode = modes[0].info;
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	assert_false(dc_current_state(t->dc)->streams[0].res.hdmi_scrambling);
	assert_int_equal(sim_scdc_peek(t->sim, dst_conn(t, link), scdc), 0);
	assert_int_equal(scdc[0x20], 0x00);
	dst_destroy(t);
}

/* Trains at HBR after clock recovery fails at HBR2; 4K60 then no longer fits. */
static void trained_at_hbr_then_4k60_refused(void **state)
{
	struct dst *t = dst_create(dp_scenario, DC_ASIC_CARRIZO);
	unsigned dp = dst_link(t, "DP-1");
	struct dc_state st = { .stream_count = 1 };
	struct dc_link_status ls;
	struct dc_error err;

	dst_stream_vic(t, dp, 16, &st.streams[0], dst_fb(t, 1920, 1080, 0x0000ff));
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	assert_int_equal(dc_link_get_status(t->dc, dp, &ls), 0);
	assert_int_equal(ls.training.rate_mbps, 2700);
	assert_int_equal(ls.training.lanes, 4);
	assert_int_equal(ls.max_rate_mbps, 2700); /* the verified capability */

	dst_stream_vic(t, dp, 97, &st.streams[0], dst_fb(t, 3840, 2160, 0x00ff00));
	assert_int_equal(sim_trace_start(t->sim, 1024), 0);
	assert_int_equal(dc_commit(t->dc, &st, &err), -ERANGE);
	print_message("%s\n", err.message);
	assert_int_equal(err.code, DC_ERR_LINK_BANDWIDTH);
	assert_non_null(strstr(err.message, "DP-1"));
	assert_non_null(strstr(err.message, "HBR"));
	assert_int_equal(sim_trace_count(t->sim), 0);
	assert_int_equal(dc_current_state(t->dc)->streams[0].mode.clock, 148500);
	dst_destroy(t);
}

static uint32_t pipe_reg(struct dst *t, unsigned tg, uint32_t reg)
{
	return dc_hw_read(t->hw, reg + dce110_crtc_offsets[tg]);
}

/*
 * A commit that removes DP-1, changes the HDMI plane and adds the eDP panel
 * fails when the panel trains only on one lane (too slow for its mode, a
 * hardware failure validation cannot foresee): everything is as before.
 */
static void failed_training_rolls_back(void **state)
{
	struct dst *t = dst_create(dp_scenario, DC_ASIC_CARRIZO);
	unsigned dp = dst_link(t, "DP-1"), hdmi = dst_link(t, "HDMI-A-1"),
		 edp = dst_link(t, "eDP-1");
	struct dc_state st = { .stream_count = 2 }, before, next, snap;
	uint64_t hdmi_fb = dst_fb(t, 1920, 1080, 0x00ff0000);
	struct dc_link_status ls;
	struct dc_error err;
	uint8_t *rgb = NULL;
	unsigned w, h, tg_dp, tg_hdmi;

	dst_stream(t, hdmi, &st.streams[0], hdmi_fb);
	dst_stream_vic(t, dp, 16, &st.streams[1], dst_fb(t, 1920, 1080, 0x0000ff00));
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	before = *dc_current_state(t->dc);
	tg_hdmi = (unsigned)before.streams[0].res.timing_generator;
	tg_dp = (unsigned)before.streams[1].res.timing_generator;
	dst_run(t, 50 * NS_PER_MS, NS_PER_MS);

	next = before;
	next.streams[0].primary.address = dst_fb(t, 1920, 1080, 0x00ffffff);
	dst_stream(t, edp, &next.streams[1], dst_fb(t, 1920, 1080, 0x000000ff));
	assert_int_equal(sim_trace_start(t->sim, 65536), 0);
	assert_true(dc_commit(t->dc, &next, &err) < 0);
	print_message("%s\n", err.message);
	assert_int_equal(err.code, DC_ERR_LINK_BANDWIDTH);
	assert_int_equal(err.stream, 1);
	/* it got as far as the eDP link: DP-1 had been shut down, and came back */
	assert_true(sim_trace_count_block(t->sim, SIM_BLOCK_AUX, -1) > 0);
	assert_true(sim_trace_count_block(t->sim, SIM_BLOCK_CRTC, (int)tg_dp) > 0);
	assert_int_equal(dc_link_get_status(t->dc, edp, &ls), 0);
	assert_int_equal(ls.training.lanes, 1);

	/* the committed state and the hardware are what they were */
	assert_true(dc_state_equal(dc_current_state(t->dc), &before));
	assert_int_equal(dc_snapshot(t->dc, &snap), 0);
	assert_true(dc_state_equal(&snap, &before));
	dst_run(t, 40 * NS_PER_MS, NS_PER_MS);
	assert_int_equal(pipe_reg(t, tg_hdmi, mmGRPH_SURFACE_ADDRESS_INUSE), (uint32_t)hdmi_fb);
	assert_true(pipe_reg(t, tg_dp, mmCRTC_CONTROL) &
		    CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK);
	assert_false(pipe_reg(t, tg_dp, mmCRTC_BLANK_CONTROL) &
		     CRTC_BLANK_CONTROL__CRTC_CURRENT_BLANK_STATE_MASK);
	assert_int_equal(sim_capture_rgb(t->sim, tg_dp, &rgb, &w, &h), 0);
	assert_int_equal(rgb[3 * (w * h / 2) + 1], 0xff);
	free(rgb);
	assert_int_equal(dc_link_get_status(t->dc, dp, &ls), 0);
	assert_true(ls.active);
	assert_int_equal(ls.training.rate_mbps, 2700);
	/* the third pipe, the panel's for a moment, is off again */
	for (unsigned tg = 0; tg < 3; tg++) {
		if (tg != tg_dp && tg != tg_hdmi)
			assert_false(pipe_reg(t, tg, mmCRTC_CONTROL) &
				     CRTC_CONTROL__CRTC_MASTER_EN_MASK);
	}
	/* and what trained now stands: the same commit is refused by validation */
	assert_int_equal(dc_commit(t->dc, &next, &err), -ERANGE);
	assert_int_equal(err.code, DC_ERR_LINK_BANDWIDTH);
	dst_destroy(t);
}

/* The sim drops DP-1's link; dc_handle_irq and dc_dispatch retrain it, unasked. */
static void link_loss_retrained_through_handle_irq(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned dp = dst_link(t, "DP-1");
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;
	uint8_t lane[3];

	dst_stream(t, dp, &st.streams[0], dst_fb(t, 3840, 2160, 0x00123456));
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	dst_run(t, 20 * NS_PER_MS, NS_PER_MS);
	assert_int_equal(sim_drop_link(t->sim, dst_conn(t, dp)), 0);
	assert_int_equal(sim_dpcd_peek(t->sim, dst_conn(t, dp), 0x202, lane, 3), 0);
	assert_int_not_equal(lane[0], 0x77);
	dst_run(t, 300 * NS_PER_MS, NS_PER_MS);
	assert_int_equal(dst_link_events(t, dp, DC_LINK_EVENT_RETRAINED), 1);
	assert_int_equal(dst_link_events(t, dp, DC_LINK_EVENT_TRAINING_FAILED), 0);
	assert_int_equal(sim_dpcd_peek(t->sim, dst_conn(t, dp), 0x202, lane, 3), 0);
	assert_int_equal(lane[0], 0x77); /* lanes 0, 1: CR, EQ, symbol lock */
	assert_int_equal(lane[1], 0x77);
	assert_int_equal(lane[2] & 1, 1); /* interlane align */
	assert_int_equal(dc_current_state(t->dc)->stream_count, 1);
	dst_destroy(t);
}

/*
 * Without a video BIOS (a GPU where neither --vbios, its ROM nor ACPI VFCT
 * gave one, or a scenario with "vbios": ""): TMDS refused before any write.
 */
/* dp_scenario with "vbios": "". */
static struct dst *no_vbios(void)
{
	char json[sizeof(dp_scenario) + 16];

	snprintf(json, sizeof(json), "{ \"vbios\": \"\", %s", strchr(dp_scenario, '{') + 1);
	return dst_create(json, DC_ASIC_CARRIZO);
}

static void no_vbios_no_tmds(void **state)
{
	struct dst *t = no_vbios();
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;

	dst_stream(t, dst_link(t, "HDMI-A-1"), &st.streams[0], dst_fb(t, 1920, 1080, 1));
	assert_int_equal(sim_trace_start(t->sim, 1024), 0);
	assert_int_equal(dc_commit(t->dc, &st, &err), -EOPNOTSUPP);
	print_message("%s\n", err.message);
	assert_int_equal(err.code, DC_ERR_CLOCK_SOURCE);
	assert_non_null(strstr(err.message, "HDMI-A-1"));
	assert_true(dclt_logged(t->lt, "HDMI-A-1", "VBIOS", NULL));
	assert_int_equal(sim_trace_count(t->sim), 0);
	assert_int_equal(dc_current_state(t->dc)->stream_count, 0);
	dst_destroy(t);
}

/*
 * Without a video BIOS DP is refused too: nothing programs the PHY (no
 * extension fallback), and the commit says so before it writes anything.
 */
static void no_vbios_no_dp(void **state)
{
	struct dst *t = no_vbios();
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;
	unsigned link = dst_link(t, "DP-1");

	(void)state;
	assert_true(
		dclt_logged(t->lt,
			    "DP-1: link capability not verified: the DP PHY cannot be programmed "
			    "(no video BIOS image to run UNIPHYTransmitterControl from)",
			    NULL));
	dst_stream(t, link, &st.streams[0], dst_fb(t, 1920, 1080, 1));
	assert_int_equal(sim_trace_start(t->sim, 1u << 16), 0);
	assert_int_equal(dc_commit(t->dc, &st, &err), -EOPNOTSUPP);
	/* refused before the commit wrote anything, as TMDS is */
	assert_int_equal(sim_trace_count(t->sim), 0);
	print_message("%s\n", err.message);
	assert_string_equal(err.message,
			    "DP-1: DP output refused: the DP PHY cannot be programmed (no video "
			    "BIOS image to run UNIPHYTransmitterControl from)");
	assert_int_equal(dc_current_state(t->dc)->stream_count, 0);
	assert_int_equal(dc_hw_read(t->hw, mmDIG_BE_EN_CNTL) & DIG_BE_EN_CNTL__DIG_ENABLE_MASK, 0);
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hdmi_4k60_scrambled),
		cmocka_unit_test(tonga_hdmi_20_monitor_gets_4k30),
		cmocka_unit_test(trained_at_hbr_then_4k60_refused),
		cmocka_unit_test(failed_training_rolls_back),
		cmocka_unit_test(link_loss_retrained_through_handle_irq),
		cmocka_unit_test(no_vbios_no_tmds),
		cmocka_unit_test(no_vbios_no_dp),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
