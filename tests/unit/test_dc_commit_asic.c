/*
 * Engine sizes through dc_commit: Carrizo's three timing generators refuse
 * a fourth stream (with the reason, and without touching the hardware),
 * Tonga's six take six displays of every kind at once.
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
#include "dce110_regs.h"

// clang-format off

static const char carrizo_four[] = "{ \"asic\": \"carrizo\", \"connectors\": ["
	CONN("DP-1", "DP", 1) AUX(1, 0) DP_DISPLAY("one", "cta-1080p60") " },"
	CONN("DP-2", "DP", 2) AUX(2, 1) DP_DISPLAY("two", "cvt-rb-1920x1200@60") " },"
	CONN("HDMI-A-1", "HDMI", 3) ENC(2) HDMI_DISPLAY("three") " },"
	CONN("DP-3", "DP", 4) AUX(4, 3) DP_DISPLAY("four", "cta-720p60") " } ] }";

static const char tonga_six[] = "{ \"asic\": \"tonga\", \"connectors\": ["
	CONN("DP-1", "DP", 1) AUX(1, 0) DP_DISPLAY("hub", "cvt-rb-2560x1440@60") " },"
	CONN("DP-2", "DP", 2) AUX(2, 1) DP_DISPLAY("left", "cta-1080p60") " },"
	CONN("DP-3", "DP", 3) AUX(3, 2) DP_DISPLAY("right", "cta-1080p60") " },"
	CONN("HDMI-A-1", "HDMI", 4) ENC(3) HDMI_DISPLAY("office") " },"
	CONN("HDMI-A-2", "HDMI", 5) ENC(4) HDMI_DISPLAY("projector") " },"
	CONN("DVI-D-1", "DVI", 6) ENC(5)
	"\"display\": { \"edid\": { \"name\": \"old lcd\", \"input\": \"dvi\", \"bpc\": 0, "
	"\"preferred\": \"dmt-1280x1024@60\" } } } ] }";
// clang-format on

/* Preferred-mode streams on every connected link, in link order. */
static void all_streams(struct dst *t, struct dc_state *st)
{
	*st = (struct dc_state){ .stream_count = 0 };
	for (unsigned l = 0; l < dc_link_count(t->dc); l++) {
		const struct dc_mode *m;
		uint64_t fb;
		size_t n;

		if (!dc_link_sink(t->dc, l))
			continue;
		m = dc_sink_modes(dc_link_sink(t->dc, l), &n);
		fb = dst_fb(t, m[0].info.hdisplay, m[0].info.vdisplay,
			    0x00102030u * (st->stream_count + 2));
		dst_stream(t, l, &st->streams[st->stream_count], fb);
		st->stream_count++;
	}
}

static void carrizo_refuses_a_fourth_stream(void **state)
{
	struct dst *t = dst_create(carrizo_four, DC_ASIC_CARRIZO);
	struct dc_state st;
	struct dc_error err;

	all_streams(t, &st);
	assert_int_equal(st.stream_count, 4);
	assert_int_equal(sim_trace_start(t->sim, 1024), 0);
	assert_int_equal(dc_commit(t->dc, &st, &err), -ENOSPC);
	print_message("%s\n", err.message);
	assert_int_equal(err.code, DC_ERR_TIMING_GENERATOR);
	assert_int_equal(err.stream, 3);
	assert_non_null(strstr(err.message, "DP-3"));
	assert_non_null(strstr(err.message, "timing generator"));
	assert_non_null(strstr(err.message, "has 3"));
	assert_int_equal(sim_trace_count(t->sim), 0);
	assert_int_equal(dc_current_state(t->dc)->stream_count, 0);
	/* three of them are fine */
	st.stream_count = 3;
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	dst_destroy(t);
}

static void tonga_commits_six(void **state)
{
	struct dst *t = dst_create(tonga_six, DC_ASIC_TONGA);
	const struct dc_state *cur;
	struct dc_state st;
	struct dc_error err;
	unsigned plls = 0;

	all_streams(t, &st);
	assert_int_equal(st.stream_count, 6);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	cur = dc_current_state(t->dc);
	assert_int_equal(cur->stream_count, 6);
	for (unsigned i = 0; i < 6; i++) {
		const struct dc_stream *s = &cur->streams[i];
		unsigned tg = (unsigned)s->res.timing_generator;
		uint8_t *rgb = NULL;
		unsigned w, h;
		uint32_t c = 0x00102030u * (i + 2);

		assert_true(dc_hw_read(t->hw, mmCRTC_CONTROL + dce110_crtc_offsets[tg]) &
			    CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK);
		assert_int_equal(sim_capture_rgb(t->sim, tg, &rgb, &w, &h), 0);
		assert_int_equal(w, s->mode.hdisplay);
		assert_int_equal(h, s->mode.vdisplay);
		assert_int_equal(rgb[3 * ((h / 2) * w + w / 2)], (c >> 16) & 0xff);
		assert_int_equal(rgb[3 * ((h / 2) * w + w / 2) + 2], c & 0xff);
		free(rgb);
		if (s->res.clock_source < DC_CLOCK_SOURCE_DP_DTO)
			plls |= 1u << s->res.clock_source;
	}
	/* two HDMI 1080p60 share a PLL, the DVI panel has its own: two of three */
	assert_int_equal(__builtin_popcount(plls), 2);
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(carrizo_refuses_a_fourth_stream),
		cmocka_unit_test(tonga_commits_six),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
