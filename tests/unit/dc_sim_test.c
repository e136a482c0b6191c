/* Display Core on the simulated engine: see dc_sim_test.h. */
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "dc_sim_test.h"
#include "sim_test_util.h"

#define FB_BASE	 0x100000000ull /* device addresses of the test framebuffers */
#define FB_ALIGN 0x10000000ull

static void rec_flip(struct dc *dc, unsigned link, uint64_t user_data, uint64_t seq, uint64_t ts,
		     void *data)
{
	struct dst *t = data;
	struct dst_flip *f;

	assert_true(t->nflips < DST_MAX_EVENTS);
	f = &t->flips[t->nflips++];
	*f = (struct dst_flip){ link, user_data, seq, ts, sim_now_ns(t->sim) };
	if (t->on_flip)
		t->on_flip(t, f);
}

static void rec_vblank(struct dc *dc, unsigned link, uint64_t seq, uint64_t ts, void *data)
{
	struct dst *t = data;

	assert_true(t->nvblanks < DST_MAX_EVENTS);
	t->vblanks[t->nvblanks++] = (struct dst_vblank){ link, seq, ts };
}

static void rec_link(struct dc *dc, unsigned link, enum dc_link_event ev, void *data)
{
	((struct dst *)data)->link_events++;
}

static void rec_hotplug(struct dc *dc, unsigned link, bool connected, void *data)
{
	((struct dst *)data)->hotplugs++;
}

static void log_line(enum dc_log_level level, const char *msg, void *data)
{
	if (getenv("DST_LOG") || level <= DC_LOG_ERROR)
		fprintf(stderr, "dc <%d> %s\n", level, msg);
}

static enum dc_link_type link_type(enum sim_connector_type t)
{
	switch (t) {
	case SIM_CONN_HDMI:
		return DC_LINK_HDMI_A;
	case SIM_CONN_DVI:
		return DC_LINK_DVI_D;
	case SIM_CONN_EDP:
		return DC_LINK_EDP;
	default:
		return DC_LINK_DP;
	}
}

/*
 * TEMPORARY until branch dclink (dc_link_detect) is merged: reads the EDID
 * and DPCD caps with the simulator tests' register helpers.
 */
static void detect(struct dst *t, unsigned link)
{
	struct sim_connector_info info;
	struct dc_dp_caps caps = { 0 }, *capsp = NULL;
	struct dc_sink *sink = NULL;
	uint8_t edid[512], b[16];
	size_t size = 128;

	assert_int_equal(sim_connector_info(t->sim, dst_conn(t, link), &info), 0);
	if (!info.plugged)
		return;
	if (info.dp_sink) {
		st_hpd_enable(t->hw, info.hpd); /* AUX is gated by the HPD line */
		st_dpcd_read(t->hw, (unsigned)info.aux, 0, b, 16);
		caps.dpcd_rev = b[0];
		caps.max_rate_mbps = b[1] * 270u;
		caps.max_lanes = b[2] & 0x1f;
		caps.tps3 = b[2] & 0x40;
		caps.enhanced_framing = b[2] & 0x80;
		caps.sink_count = 1;
		capsp = &caps;
		for (unsigned off = 0; off < size; off += 16) {
			uint8_t o = (uint8_t)off, cmd;
			unsigned got;

			st_aux(t->hw, (unsigned)info.aux, 0x4, 0x50, &o, 1, 0, &cmd, NULL, NULL);
			st_aux(t->hw, (unsigned)info.aux, 0x1, 0x50, NULL, 0, 16, &cmd, edid + off,
			       &got);
			assert_int_equal(got, 16);
			if (off == 112)
				size = 128u * (1u + edid[126]);
			assert_true(size <= sizeof(edid));
		}
	} else {
		st_i2c_read_edid(t->hw, info.ddc, 0, 0, edid, 128);
		size = 128u * (1u + edid[126]);
		assert_true(size <= 256);
		if (size > 128)
			st_i2c_read_edid(t->hw, info.ddc, 0, 128, edid + 128, 128);
	}
	assert_int_equal(dc_link_create_sink(t->dc, link, edid, size, capsp, NULL, &sink), 0);
	assert_int_equal(dc_link_set_sink(t->dc, link, sink), 0);
	dc_sink_unref(sink);
}

struct dst *dst_create(const char *json, enum dc_asic asic)
{
	struct dst *t = calloc(1, sizeof(*t));
	struct dc_board board = { .asic = asic };
	struct dc_events ev = {
		.hotplug = rec_hotplug,
		.flip_done = rec_flip,
		.vblank = rec_vblank,
		.link_event = rec_link,
	};
	int n;

	assert_non_null(t);
	t->sim = st_create(json);
	t->hw = sim_hw(t->sim);
	n = sim_connector_count(t->sim);
	assert_true(n > 0 && n <= DC_MAX_LINKS);
	for (int i = 0; i < n; i++) {
		struct sim_connector_info info;

		assert_int_equal(sim_connector_info(t->sim, (unsigned)i, &info), 0);
		board.connectors[i] = (struct dc_connector_desc){
			.type = link_type(info.type),
			.hpd = (uint8_t)info.hpd,
			.ddc = (uint8_t)info.ddc,
			.aux = (uint8_t)(info.aux < 0 ? 0 : info.aux),
			.dig_be = (uint8_t)info.encoder,
			.hdmi_6g = true,
		};
	}
	board.connector_count = (unsigned)n;
	assert_int_equal(dc_create(t->hw, &board, &t->dc), 0);
	dc_set_events(t->dc, &ev, t);
	dc_set_log_handler(t->dc, log_line, NULL);
	for (unsigned l = 0; l < dc_link_count(t->dc); l++)
		detect(t, l);
	return t;
}

void dst_destroy(struct dst *t)
{
	dc_destroy(t->dc);
	sim_destroy(t->sim);
	for (unsigned i = 0; i < t->nfbs; i++)
		free(t->fbs[i].mem);
	free(t);
}

unsigned dst_link(struct dst *t, const char *name)
{
	int l = dc_link_by_name(t->dc, name);

	assert_true(l >= 0);
	return (unsigned)l;
}

unsigned dst_conn(struct dst *t, unsigned link)
{
	int c = sim_connector_find(t->sim, dc_link_name(t->dc, link));

	assert_true(c >= 0);
	return (unsigned)c;
}

uint32_t dst_pitch(unsigned w)
{
	return (w * 4 + 255) & ~255u;
}

uint64_t dst_fb(struct dst *t, unsigned w, unsigned h, uint32_t xrgb)
{
	struct dst_fb *fb = &t->fbs[t->nfbs];
	size_t words;
	uint32_t *p;

	assert_true(t->nfbs < 16);
	fb->size = (size_t)dst_pitch(w) * h;
	fb->mem = malloc(fb->size);
	assert_non_null(fb->mem);
	p = fb->mem;
	words = fb->size / 4;
	for (size_t i = 0; i < words; i++)
		p[i] = xrgb;
	fb->address = FB_BASE + FB_ALIGN * t->nfbs;
	assert_int_equal(sim_map_memory(t->sim, fb->address, fb->mem, fb->size), 0);
	t->nfbs++;
	return fb->address;
}

static void fill_stream(struct dc_stream *s, unsigned link, const struct drm_mode_modeinfo *m,
			uint64_t fb)
{
	*s = (struct dc_stream){ .link = (uint8_t)link, .mode = *m, .bpc = 8 };
	s->encoding = DC_ENCODING_RGB;
	s->primary = (struct dc_plane){
		.enabled = true,
		.format = DRM_FORMAT_XRGB8888,
		.modifier = DRM_FORMAT_MOD_LINEAR,
		.width = m->hdisplay,
		.height = m->vdisplay,
		.pitch = dst_pitch(m->hdisplay),
		.address = fb,
		.src_w = (uint32_t)m->hdisplay << 16,
		.src_h = (uint32_t)m->vdisplay << 16,
		.dst_w = m->hdisplay,
		.dst_h = m->vdisplay,
	};
}

void dst_stream(struct dst *t, unsigned link, struct dc_stream *s, uint64_t fb)
{
	struct dc_sink *sink = dc_link_sink(t->dc, link);
	const struct dc_mode *modes;
	size_t n = 0;

	assert_non_null(sink);
	modes = dc_sink_modes(sink, &n);
	assert_true(n > 0);
	fill_stream(s, link, &modes[0].info, fb);
}

void dst_stream_vic(struct dst *t, unsigned link, unsigned vic, struct dc_stream *s, uint64_t fb)
{
	struct dc_mode m;

	assert_int_equal(dc_mode_from_vic(&m, vic), 0);
	fill_stream(s, link, &m.info, fb);
}

bool dst_irq_pending(struct dst *t)
{
	struct pollfd p = { .fd = sim_irq_fd(t->sim), .events = POLLIN };

	return poll(&p, 1, 0) == 1;
}

void dst_run(struct dst *t, uint64_t ns, uint64_t step_ns)
{
	uint64_t end = sim_now_ns(t->sim) + ns;

	while (sim_now_ns(t->sim) < end) {
		uint64_t now = sim_now_ns(t->sim), step = end - now < step_ns ? end - now : step_ns;

		assert_int_equal(sim_advance(t->sim, step), 0);
		if (dst_irq_pending(t))
			assert_int_equal(dc_handle_irq(t->dc), 0);
	}
}

double dst_refresh_mhz(const struct drm_mode_modeinfo *m)
{
	return (double)m->clock * 1e6 / ((double)m->htotal * m->vtotal);
}
