/* Display Core on the simulated engine: see dc_sim_test.h. */
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dc_sim_test.h"

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
	struct dst *t = data;

	assert_true(t->nlink_events < 64);
	t->link_events[t->nlink_events].link = link;
	t->link_events[t->nlink_events++].ev = ev;
}

static void rec_hotplug(struct dc *dc, unsigned link, bool connected, void *data)
{
	((struct dst *)data)->hotplugs++;
}

unsigned dst_link_events(const struct dst *t, unsigned link, enum dc_link_event ev)
{
	unsigned n = 0;

	for (unsigned i = 0; i < t->nlink_events; i++)
		n += t->link_events[i].link == link && t->link_events[i].ev == ev;
	return n;
}

static void rec_flip_window(struct dc *dc, unsigned link, void *data)
{
	struct dst *t = data;

	if (t->on_flip_window)
		t->on_flip_window(t, link);
}

static const struct dc_events recorders = {
	.hotplug = rec_hotplug,
	.flip_done = rec_flip,
	.vblank = rec_vblank,
	.link_event = rec_link,
};

void dst_take_flip_windows(struct dst *t, void (*fn)(struct dst *t, unsigned link))
{
	struct dc_events ev = recorders;

	ev.flip_window = rec_flip_window;
	t->on_flip_window = fn;
	dc_set_events(t->dc, &ev, t);
}

struct dst *dst_create(const char *json, enum dc_asic asic)
{
	struct dst *t = calloc(1, sizeof(*t));
	struct dc_events ev = recorders;

	assert_non_null(t);
	t->lt = dclt_create(json, asic);
	t->sim = t->lt->sim;
	t->dc = t->lt->dc;
	t->hw = sim_hw(t->sim);
	dc_set_events(t->dc, &ev, t);
	for (unsigned l = 0; l < dc_link_count(t->dc); l++)
		assert_int_equal(dc_link_detect(t->dc, l), 0);
	return t;
}

void dst_destroy(struct dst *t)
{
	dclt_destroy(t->lt);
	for (unsigned i = 0; i < t->nfbs; i++)
		free(t->fbs[i].mem);
	free(t);
}

void dst_give_vbios(struct dst *t, struct dc *dc)
{
	struct dc_error err;
	size_t len;
	const uint8_t *image = sim_vbios(t->sim, &len);

	if (image && dc_set_vbios(dc, image, len, &err))
		fail_msg("dc_set_vbios: %s", err.message);
}

unsigned dst_link(struct dst *t, const char *name)
{
	return dclt_link(t->lt, name);
}

unsigned dst_conn(struct dst *t, unsigned link)
{
	return dclt_conn(t->lt, dc_link_name(t->dc, link));
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

void dst_stream(struct dst *t, unsigned link, struct dc_stream *s, uint64_t fb)
{
	struct dc_sink *sink = dc_link_sink(t->dc, link);
	const struct dc_mode *modes;
	size_t n = 0;

	assert_non_null(sink);
	modes = dc_sink_modes(sink, &n);
	assert_true(n > 0);
	dct_stream(s, link, &modes[0].info);
	s->primary.address = fb;
}

void dst_stream_vic(struct dst *t, unsigned link, unsigned vic, struct dc_stream *s, uint64_t fb)
{
	struct dc_mode m;

	assert_int_equal(dc_mode_from_vic(&m, vic), 0);
	dct_stream(s, link, &m.info);
	s->primary.address = fb;
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

		if (dc_next_deadline(t->dc) < now + step)
			step = dc_next_deadline(t->dc) > now ? dc_next_deadline(t->dc) - now : 0;
		assert_int_equal(sim_advance(t->sim, step), 0);
		if (dst_irq_pending(t))
			assert_int_equal(dc_handle_irq(t->dc), 0);
		if (dc_next_deadline(t->dc) <= sim_now_ns(t->sim))
			assert_int_equal(dc_dispatch(t->dc), 0);
	}
}

double dst_refresh_mhz(const struct drm_mode_modeinfo *m)
{
	return (double)m->clock * 1e6 / ((double)m->htotal * m->vtotal);
}

double dst_timeline_hz(struct dst *t, unsigned tg)
{
	return dst_timeline_hz_since(t, tg, 0);
}

double dst_timeline_hz_since(struct dst *t, unsigned tg, uint64_t since_ns)
{
	struct sim_frame h[SIM_SCANOUT_HISTORY];
	int n = sim_scanout_history(t->sim, tg, h, SIM_SCANOUT_HISTORY), first = 0;

	while (first < n && h[first].start_ns < since_ns)
		first++;
	assert_true(n - first >= 10);
	return (double)(h[n - 1].frame - h[first].frame) * 1e9 /
	       (double)(h[n - 1].start_ns - h[first].start_ns);
}

void dst_commit_links(struct dst *t, const unsigned *links, unsigned n, uint32_t xrgb)
{
	struct dc_state st = { .stream_count = (uint8_t)n };
	struct dc_error err;

	for (unsigned i = 0; i < n; i++)
		dst_stream(t, links[i], &st.streams[i], dst_fb(t, 640, 480, xrgb));
	if (dc_commit(t->dc, &st, &err))
		fail_msg("%u streams: %s", n, err.message);
}

int dst_pipe_of(struct dst *t, unsigned link)
{
	const struct dc_state *cur = dc_current_state(t->dc);

	for (unsigned i = 0; i < cur->stream_count; i++)
		if (cur->streams[i].link == link)
			return cur->streams[i].res.timing_generator;
	return -1;
}

void dst_watch(struct dst *t, unsigned pipe, uint64_t ns, unsigned *frames, unsigned *pictures)
{
	uint64_t since_ns = sim_now_ns(t->sim);
	struct sim_frame h[64];
	int n;

	assert_int_equal(sim_advance(t->sim, ns), 0);
	n = sim_scanout_history(t->sim, pipe, h, 64);
	*frames = *pictures = 0;
	for (int i = 0; i < n; i++) {
		if (h[i].start_ns <= since_ns)
			continue;
		(*frames)++;
		*pictures += h[i].address != 0 && !h[i].blanked;
	}
}
