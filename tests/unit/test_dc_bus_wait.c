/*
 * A detection waiting on its bus does not hold up other outputs' frames
 * (dc/core/bus_wait.c): with the DDC bus's real timing a four-block EDID
 * takes 47 ms, almost three frames of 1080p60; a flip queued on another
 * CRTC latches at its next vblank and its flip_done comes then, inside the
 * detection, and so do the flips the callback submits after it.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "dc_sim_test.h"

#define NS_PER_MS 1000000ull
/* CTA 1080p60: 2200 x 1125 at 148.5 MHz */
#define PERIOD_NS 16666667ull

static const char timed[] =
	"{ \"asic\": \"carrizo\", \"ddc_bus_timing\": true, \"connectors\": ["
	"  { \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0, \"display\": {"
	"    \"edid\": { \"preferred\": \"cta-1080p60\" } } },"
	"  { \"type\": \"HDMI\", \"hpd\": 2, \"ddc\": 2, \"encoder\": 1, \"display\": {"
	"    \"edid\": { \"preferred\": \"cta-1080p60\", \"blocks\": 4 } } } ] }";

struct chain {
	unsigned link;
	uint64_t fb[2];
	unsigned submitted, limit;
	int refused; /* dc_flip on the link being detected, from inside the wait */
	unsigned detecting;
};

/* flip_done on the flipping link: the next flip at once, as dcd does inside a wait. */
static void flip_next(struct dst *t, const struct dst_flip *f)
{
	struct chain *c = t->user;

	if (f->link != c->link)
		return;
	assert_true(dc_in_bus_wait(t->dc));
	c->refused = dc_flip(t->dc, c->detecting, c->fb[0], 0, 99);
	if (c->submitted >= c->limit)
		return;
	assert_int_equal(dc_flip(t->dc, c->link, c->fb[c->submitted % 2], 0, c->submitted), 0);
	c->submitted++;
}

/* One full-screen 1080p stream on link, run for run_ns; returns its framebuffer. */
static uint64_t light(struct dst *t, unsigned link, uint64_t run_ns)
{
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;
	uint64_t fb = dst_fb(t, 1920, 1080, 0x00ff0000);

	dst_stream(t, link, &st.streams[0], fb);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	dst_run(t, run_ns, NS_PER_MS);
	return fb;
}

/* Unplugs and replugs link's monitor; returns when its debounced detection is due. */
static uint64_t replug(struct dst *t, unsigned link)
{
	uint64_t deadline;

	assert_int_equal(sim_unplug(t->sim, dst_conn(t, link)), 0);
	dst_run(t, 20 * NS_PER_MS, NS_PER_MS);
	assert_int_equal(sim_plug(t->sim, dst_conn(t, link), NULL, 0), 0);
	dst_run(t, NS_PER_MS, NS_PER_MS);
	deadline = dc_next_deadline(t->dc);
	assert_true(deadline != UINT64_MAX);
	assert_true(deadline > sim_now_ns(t->sim));
	return deadline;
}

static void test_flips_during_detection(void **state)
{
	struct dst *t = dst_create(timed, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1"), other = dst_link(t, "HDMI-A-2");
	struct chain c = { .link = link, .limit = 3, .detecting = other };
	struct dc_state st = { .stream_count = 2 };
	struct dc_error err;
	uint64_t start, end, deadline, first_vblank;

	(void)state;
	c.fb[0] = dst_fb(t, 1920, 1080, 0x00ff0000);
	c.fb[1] = dst_fb(t, 1920, 1080, 0x0000ff00);
	dst_stream(t, link, &st.streams[0], c.fb[0]);
	dst_stream(t, other, &st.streams[1], c.fb[0]);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	dst_run(t, 100 * NS_PER_MS, NS_PER_MS);

	/* a replug of HDMI-A-2: its detection is due after the debounce */
	deadline = replug(t, other);
	assert_int_equal(sim_advance(t->sim, deadline - sim_now_ns(t->sim)), 0);

	/* a flip pending on HDMI-A-1, then the detection of HDMI-A-2 */
	t->on_flip = flip_next;
	t->user = &c;
	t->nflips = 0;
	assert_int_equal(dc_flip(t->dc, link, c.fb[1], 0, 100), 0);
	start = sim_now_ns(t->sim);
	assert_int_equal(dc_dispatch(t->dc), 0);
	end = sim_now_ns(t->sim);
	assert_false(dc_in_bus_wait(t->dc));
	printf("  detection %.1f ms, %u flips completed inside it\n",
	       (double)(end - start) / NS_PER_MS, t->nflips);

	/* the detection read four EDID blocks at 100 kHz: longer than two frames */
	assert_true(end - start >= 47 * NS_PER_MS);
	assert_non_null(dc_link_sink(t->dc, other));
	/* the pending flip and the two its callbacks queued, one per vblank, all inside it */
	assert_true(t->nflips >= 3);
	first_vblank = t->flips[0].ts_ns;
	assert_int_equal(t->flips[0].user_data, 100);
	assert_true(t->flips[0].ts_ns - start <= PERIOD_NS + 2 * NS_PER_MS);
	for (unsigned i = 0; i < t->nflips; i++) {
		assert_int_equal(t->flips[i].link, link);
		assert_int_equal(t->flips[i].seq, t->flips[0].seq + i);
		/* delivered at its latch (start of vblank), before its frame starts */
		assert_true(t->flips[i].handled_ns <= t->flips[i].ts_ns);
		assert_true(t->flips[i].handled_ns < end);
		if (i)
			assert_int_equal(t->flips[i].user_data, i - 1);
	}
	assert_true(first_vblank < end);
	/* from inside the wait the link being detected takes no flip */
	assert_int_equal(c.refused, -EBUSY);
	dst_destroy(t);
}

/*
 * A DP detection has no long wait: about twenty AUX requests (DPCD caps,
 * the EDID in 16-byte pieces over I2C-over-AUX), each well under a
 * millisecond. Back to back they are several milliseconds, so they serve
 * other outputs between them: a flip that latches during the detection is
 * delivered before its frame starts (within the vertical blank, 0.67 ms
 * at 1080p60: longer than one request), not after the detection.
 */
static const char dp_replug[] =
	"{ \"asic\": \"carrizo\", \"connectors\": ["
	"  " CONN("HDMI-A-1", "HDMI", 1) ENC(0)
		HDMI_DISPLAY("flipping") " },"
					 "  " CONN("DP-1", "DP", 2) AUX(2, 1)
						 DP_DISPLAY("detected", "cta-1080p60") " } ] }";

static void test_flips_during_aux_detection(void **state)
{
	struct dst *t = dst_create(dp_replug, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1"), dp = dst_link(t, "DP-1");
	uint64_t fb, start, end, deadline, vblank;

	(void)state;
	fb = light(t, link, 100 * NS_PER_MS);
	/* one flip for the phase of HDMI-A-1's vblank */
	t->nflips = 0;
	assert_int_equal(dc_flip(t->dc, link, fb, 0, 1), 0);
	dst_run(t, 20 * NS_PER_MS, 100000);
	assert_int_equal(t->nflips, 1);
	vblank = t->flips[0].ts_ns;

	/* a replug of DP-1, its detection due after the debounce */
	deadline = replug(t, dp);
	/* then to 1 ms before a vblank of HDMI-A-1, and a flip pending for it */
	while (vblank < deadline + 2 * NS_PER_MS)
		vblank += PERIOD_NS;
	assert_int_equal(sim_advance(t->sim, vblank - NS_PER_MS - sim_now_ns(t->sim)), 0);
	t->nflips = 0;
	assert_int_equal(dc_flip(t->dc, link, fb, 0, 2), 0);
	start = sim_now_ns(t->sim);
	assert_int_equal(dc_dispatch(t->dc), 0);
	end = sim_now_ns(t->sim);
	printf("  DP detection %.2f ms, the flip delivered %.3f ms into it, its frame starts at "
	       "%.3f ms\n",
	       (double)(end - start) / NS_PER_MS,
	       t->nflips ? (double)(t->flips[0].handled_ns - start) / NS_PER_MS : -1.0,
	       t->nflips ? (double)(t->flips[0].ts_ns - start) / NS_PER_MS : -1.0);
	assert_non_null(dc_link_sink(t->dc, dp));
	/* the detection spans the vblank; the flip came inside it, before its frame began */
	assert_true(end - start > 2 * NS_PER_MS);
	assert_int_equal(t->nflips, 1);
	assert_int_equal(t->flips[0].user_data, 2);
	assert_true(t->flips[0].ts_ns < end);
	assert_true(t->flips[0].handled_ns <= t->flips[0].ts_ns);
	dst_destroy(t);
}

/*
 * Two links unplugged at once: each dc_dispatch runs one detection and
 * leaves the other due (dc_next_deadline says so at once), so the owner's
 * loop reads its clients between two bus waits of 12 and 47 ms.
 */
static void test_one_detection_per_dispatch(void **state)
{
	struct dst *t = dst_create(timed, DC_ASIC_CARRIZO);
	unsigned a = dst_link(t, "HDMI-A-1"), b = dst_link(t, "HDMI-A-2");
	uint64_t due;

	(void)state;
	dst_run(t, 50 * NS_PER_MS, NS_PER_MS);
	assert_non_null(dc_link_sink(t->dc, a));
	assert_non_null(dc_link_sink(t->dc, b));
	assert_int_equal(sim_unplug(t->sim, dst_conn(t, a)), 0);
	assert_int_equal(sim_unplug(t->sim, dst_conn(t, b)), 0);
	/* the interrupt (after the HPD filter) arms both debounces; detection is due later */
	dst_run(t, 20 * NS_PER_MS, NS_PER_MS);
	due = dc_next_deadline(t->dc);
	assert_true(due != UINT64_MAX && due > sim_now_ns(t->sim));
	assert_int_equal(sim_advance(t->sim, due + NS_PER_MS - sim_now_ns(t->sim)), 0);

	assert_int_equal(dc_dispatch(t->dc), 0);
	/* one of them detected (gone), the other still due */
	assert_true(!dc_link_sink(t->dc, a) != !dc_link_sink(t->dc, b));
	assert_true(dc_next_deadline(t->dc) <= sim_now_ns(t->sim));
	assert_int_equal(dc_dispatch(t->dc), 0);
	assert_null(dc_link_sink(t->dc, a));
	assert_null(dc_link_sink(t->dc, b));
	assert_true(dc_next_deadline(t->dc) > sim_now_ns(t->sim));
	dst_destroy(t);
}

/*
 * A client that keeps one flip in flight and sends it late in the frame
 * (to show what it drew as fresh as it can) sends it while another link's
 * detection waits, and the owner's loop cannot read it then. With
 * flip_window registered, the wait offers the owner a window whenever it
 * serves and DC_FLIP_WINDOW_GUARD_NS before each vblank of a pipe with
 * nothing pending; a flip made in the latter latches in that very vblank.
 */
struct windows {
	unsigned link, n;
	uint64_t at[64];
	uint64_t fb, vblank; /* a start of vertical blank of the link */
	uint64_t flipped_at; /* 0 until the flip, in the first window before a vblank */
	int flip;
};

static uint64_t to_next_vblank(const struct windows *w, uint64_t now)
{
	return (w->vblank + PERIOD_NS - (now - w->vblank) % PERIOD_NS) - w->vblank;
}

static void take_window(struct dst *t, unsigned link)
{
	struct windows *w = t->user;
	uint64_t now = sim_now_ns(t->sim);

	assert_true(dc_in_bus_wait(t->dc));
	assert_int_equal(link, w->link); /* never the link being detected */
	assert_true(w->n < 64);
	w->at[w->n++] = now;
	if (!w->flipped_at && to_next_vblank(w, now) <= DC_FLIP_WINDOW_GUARD_NS + 100000) {
		w->flipped_at = now;
		w->flip = dc_flip(t->dc, link, w->fb, 0, 7);
	}
}

static void test_flip_window_before_each_vblank(void **state)
{
	struct dst *t = dst_create(timed, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1"), other = dst_link(t, "HDMI-A-2");
	struct windows w = { .link = link, .flip = 1 };
	/* 1080p60: 45 lines of vertical blank, 2200 pixels each at 148.5 MHz */
	const uint64_t blank_ns = 45ull * 2200 * 1000000000ull / 148500000;
	uint64_t start, end, deadline, v;
	unsigned vblanks = 0;

	(void)state;
	w.fb = light(t, link, 50 * NS_PER_MS);
	/* one flip for the phase of HDMI-A-1's vblank */
	t->nflips = 0;
	assert_int_equal(dc_flip(t->dc, link, w.fb, 0, 1), 0);
	dst_run(t, 20 * NS_PER_MS, 100000);
	assert_int_equal(t->nflips, 1);
	w.vblank = t->flips[0].ts_ns - blank_ns;

	dst_take_flip_windows(t, take_window);
	t->user = &w;
	deadline = replug(t, other);
	assert_int_equal(sim_advance(t->sim, deadline - sim_now_ns(t->sim)), 0);
	t->nflips = 0;
	start = sim_now_ns(t->sim);
	assert_int_equal(dc_dispatch(t->dc), 0);
	end = sim_now_ns(t->sim);
	printf("  detection %.1f ms, %u flip windows; the flip made %.3f ms before a vblank "
	       "latched %.3f ms after it was made\n",
	       (double)(end - start) / NS_PER_MS, w.n,
	       (double)to_next_vblank(&w, w.flipped_at) / NS_PER_MS,
	       t->nflips ? (double)(t->flips[0].ts_ns - blank_ns - w.flipped_at) / NS_PER_MS
			 : -1.0);
	assert_non_null(dc_link_sink(t->dc, other));
	assert_true(end - start >= 47 * NS_PER_MS);
	/* every vblank inside the wait had a window within the guard before it */
	for (v = start + to_next_vblank(&w, start); v + 100000 < end; v += PERIOD_NS) {
		bool seen = false;

		for (unsigned i = 0; i < w.n; i++)
			seen |= w.at[i] < v && w.at[i] + DC_FLIP_WINDOW_GUARD_NS + 100000 >= v;
		assert_true(seen);
		vblanks++;
	}
	assert_true(vblanks >= 2); /* 47 ms of 16.7 ms frames */
	/* the flip made in the first of them latched in that blank, inside the wait */
	assert_true(w.flipped_at > 0);
	assert_int_equal(w.flip, 0);
	assert_true(t->nflips >= 1);
	assert_int_equal(t->flips[0].user_data, 7);
	assert_true(t->flips[0].ts_ns - blank_ns > w.flipped_at);
	assert_true(t->flips[0].ts_ns - blank_ns <=
		    w.flipped_at + DC_FLIP_WINDOW_GUARD_NS + 100000);
	assert_true(t->flips[0].handled_ns < end);
	dst_destroy(t);
}

/* Outside dc_dispatch's detection, a DDC read sleeps: no callbacks come from dc_link_detect. */
static void test_direct_detect_sleeps(void **state)
{
	struct dst *t = dst_create(timed, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1"), other = dst_link(t, "HDMI-A-2");
	uint64_t fb;

	(void)state;
	fb = light(t, link, 50 * NS_PER_MS);
	t->nflips = 0;
	assert_int_equal(dc_flip(t->dc, link, fb, 0, 1), 0);
	assert_int_equal(dc_link_detect(t->dc, other), 0);
	assert_int_equal(t->nflips, 0);
	/* the owner's dc_handle_irq delivers it, late but with the latch's seq and time */
	dst_run(t, NS_PER_MS, NS_PER_MS);
	assert_int_equal(t->nflips, 1);
	assert_true(t->flips[0].handled_ns > t->flips[0].ts_ns + PERIOD_NS);
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flips_during_detection),
		cmocka_unit_test(test_flips_during_aux_detection),
		cmocka_unit_test(test_one_detection_per_dispatch),
		cmocka_unit_test(test_direct_detect_sleeps),
		cmocka_unit_test(test_flip_window_before_each_vblank),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
