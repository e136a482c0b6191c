/*
 * Page flips, vblank events and the cursor on the simulated engine: 600
 * vsync flips with their sequence and timestamps checked against the
 * simulator's scanout history, immediate flips, late interrupt handling,
 * the frame counter's wrap, cursor moves during a pending flip, and a
 * commit on one display while another flips.
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

#define NS_PER_S  1000000000ull
#define NS_PER_MS 1000000ull

/* CTA 1080p60: 2200 x 1125 at 148.5 MHz */
#define PERIOD_NS 16666666.67
#define VBE_NS	  (41.0 * 2200 * 1e9 / 148.5e6) /* vsync + back porch: 41 lines */
/* times come from position reads, which resolve one pixel */
#define PIXEL_NS  (1e9 / 148.5e6)

struct flipper {
	unsigned link;
	uint64_t fb[2];
	unsigned submitted, limit;
	bool stop;
};

static void flip_next(struct dst *t, const struct dst_flip *f)
{
	struct flipper *fl = t->user;

	if (fl->stop || f->link != fl->link || fl->submitted >= fl->limit)
		return;
	assert_int_equal(dc_flip(t->dc, fl->link, fl->fb[fl->submitted % 2], 0, fl->submitted), 0);
	fl->submitted++;
}

/* HDMI-A-1 (CTA 1080p60) with framebuffer a; returns its timing generator. */
static unsigned commit_hdmi(struct dst *t, uint64_t a)
{
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;

	dst_stream(t, dst_link(t, "HDMI-A-1"), &st.streams[0], a);
	assert_int_equal(st.streams[0].mode.clock, 148500);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	return (unsigned)dc_current_state(t->dc)->streams[0].res.timing_generator;
}

static uint32_t pipe_reg(struct dst *t, unsigned tg, uint32_t reg)
{
	return dc_hw_read(t->hw, reg + dce110_crtc_offsets[tg]);
}

static const struct sim_frame no_frame = { .frame = UINT64_MAX };

/*
 * The history record of frame seq, or &no_frame. The simulator numbers
 * frames without wrapping, as the sequence does: the CRTCs here start with
 * the counter at 0.
 */
static const struct sim_frame *frame_of(const struct sim_frame *h, int n, uint64_t seq)
{
	for (int i = 0; i < n; i++) {
		if (h[i].frame == seq)
			return &h[i];
	}
	return &no_frame;
}

static void vsync_flips_600(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct flipper fl = { .link = dst_link(t, "HDMI-A-1"), .limit = 600 };
	struct sim_frame h[64];
	unsigned tg;
	double worst = 0;
	int n, checked = 0;

	fl.fb[0] = dst_fb(t, 1920, 1080, 0x00ff0000);
	fl.fb[1] = dst_fb(t, 1920, 1080, 0x0000ff00);
	tg = commit_hdmi(t, fl.fb[1]);
	t->user = &fl;
	t->on_flip = flip_next;
	dst_run(t, 5 * NS_PER_MS, NS_PER_MS);
	assert_int_equal(dc_flip(t->dc, fl.link, fl.fb[0], 0, 0), 0);
	fl.submitted = 1;
	/* interrupts handled up to 3 ms late: the times must not care */
	dst_run(t, 10 * NS_PER_S + 20 * NS_PER_MS, 3 * NS_PER_MS);

	assert_int_equal(t->nflips, 600);
	for (unsigned i = 0; i < 600; i++) {
		assert_int_equal(t->flips[i].user_data, i);
		assert_int_equal(t->flips[i].link, fl.link);
		if (i) {
			double d = (double)(t->flips[i].ts_ns - t->flips[i - 1].ts_ns) - PERIOD_NS;

			assert_int_equal(t->flips[i].seq, t->flips[i - 1].seq + 1);
			worst = d > worst ? d : -d > worst ? -d : worst;
		}
	}
	print_message("600 flips, seq %llu..%llu, worst period error %.3f ns\n",
		      (unsigned long long)t->flips[0].seq, (unsigned long long)t->flips[599].seq,
		      worst);
	assert_true(worst < 1000.0);
	assert_true(worst < 2 * PIXEL_NS);

	/* against the scanout history: the flip's frame shows its buffer, the one before not */
	n = sim_scanout_history(t->sim, tg, h, 64);
	for (unsigned i = 600 - 40; i < 600; i++) {
		const struct sim_frame *f = frame_of(h, n, t->flips[i].seq);
		const struct sim_frame *p = frame_of(h, n, t->flips[i].seq - 1);
		double off;

		if (f == &no_frame || p == &no_frame)
			continue;
		assert_int_equal(f->address, fl.fb[i % 2]);
		assert_int_equal(p->address, fl.fb[(i + 1) % 2]);
		assert_false(f->blanked);
		off = (double)(t->flips[i].ts_ns - f->start_ns) - VBE_NS;
		assert_true(off < PIXEL_NS + 1 && off > -PIXEL_NS - 1);
		checked++;
	}
	assert_true(checked >= 30);
	dst_destroy(t);
}

static void immediate_flip_completes_at_once(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1"), tg;
	uint64_t a = dst_fb(t, 1920, 1080, 1), b = dst_fb(t, 1920, 1080, 2), now;
	uint32_t frame;

	tg = commit_hdmi(t, a);
	dst_run(t, 100 * NS_PER_MS + 12345, NS_PER_MS);
	now = sim_now_ns(t->sim);
	frame = pipe_reg(t, tg, mmCRTC_STATUS_FRAME_COUNT);
	assert_int_equal(dc_flip(t->dc, link, b, DC_FLIP_IMMEDIATE, 77), 0);
	/* scanned out from now on, mid-frame */
	assert_int_equal(pipe_reg(t, tg, mmGRPH_SURFACE_ADDRESS_INUSE), (uint32_t)b);
	assert_int_equal(pipe_reg(t, tg, mmGRPH_SURFACE_ADDRESS_HIGH_INUSE), b >> 32);
	assert_true(dst_irq_pending(t));
	assert_int_equal(t->nflips, 0);
	assert_int_equal(dc_handle_irq(t->dc), 0);
	assert_int_equal(t->nflips, 1);
	assert_int_equal(t->flips[0].user_data, 77);
	assert_int_equal(t->flips[0].ts_ns, now);
	assert_int_equal(t->flips[0].seq & 0xffffff, frame);
	assert_false(dst_irq_pending(t));
	/* and a vsync flip after it goes back to vsync */
	assert_int_equal(dc_flip(t->dc, link, a, 0, 78), 0);
	assert_int_equal(pipe_reg(t, tg, mmGRPH_SURFACE_ADDRESS_INUSE), (uint32_t)b);
	dst_run(t, 20 * NS_PER_MS, NS_PER_MS);
	assert_int_equal(t->nflips, 2);
	assert_int_equal(t->flips[1].seq, t->flips[0].seq + 1);
	dst_destroy(t);
}

static void late_interrupt_reports_the_same_time(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1"), tg;
	uint64_t a = dst_fb(t, 1920, 1080, 1), b = dst_fb(t, 1920, 1080, 2);
	struct sim_frame h[64];
	const struct sim_frame *f;
	double off;
	int n;

	tg = commit_hdmi(t, a);
	dst_run(t, 50 * NS_PER_MS + 4321, NS_PER_MS);
	assert_int_equal(dc_flip(t->dc, link, b, 0, 5), 0);
	assert_int_equal(dc_flip(t->dc, link, a, 0, 6), -EBUSY);
	assert_int_equal(sim_advance(t->sim, 55 * NS_PER_MS), 0); /* over three frames, unhandled */
	assert_true(dst_irq_pending(t));
	assert_int_equal(dc_handle_irq(t->dc), 0);
	assert_int_equal(t->nflips, 1);
	n = sim_scanout_history(t->sim, tg, h, 64);
	f = frame_of(h, n, t->flips[0].seq);
	assert_true(f != &no_frame);
	assert_int_equal(f->address, b);
	off = (double)(t->flips[0].ts_ns - f->start_ns) - VBE_NS;
	assert_true(off < PIXEL_NS + 1 && off > -PIXEL_NS - 1);
	assert_true(t->flips[0].ts_ns + 30 * NS_PER_MS < sim_now_ns(t->sim));
	/* the event consumed, the next flip is accepted */
	assert_int_equal(dc_flip(t->dc, link, a, 0, 6), 0);
	dst_destroy(t);
}

static void flip_errors(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1");
	uint64_t a = dst_fb(t, 1920, 1080, 1);

	assert_int_equal(dc_flip(t->dc, link, a, 0, 0), -ENOENT);
	commit_hdmi(t, a);
	assert_int_equal(dc_flip(t->dc, dst_link(t, "DP-1"), a, 0, 0), -ENOENT);
	assert_int_equal(dc_flip(t->dc, link, a + 64, 0, 0), -EINVAL);
	assert_int_equal(dc_flip(t->dc, link, a, 0x80, 0), -EINVAL);
	assert_int_equal(dc_flip(t->dc, 99, a, 0, 0), -EINVAL);
	assert_int_equal(dc_flip(t->dc, link, a, 0, 0), 0);
	assert_int_equal(dc_flip(t->dc, link, a, 0, 0), -EBUSY);
	dst_destroy(t);
}

/*
 * A commit that turns the primary plane off does not wait for a pending
 * flip: the screen is blank from the next frame on, and the flip still
 * completes at its vblank. Taking the stream away still waits.
 */
static void plane_off_while_flip_pending(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1"), tg;
	uint64_t a = dst_fb(t, 1920, 1080, 1), b = dst_fb(t, 1920, 1080, 2), off_ns;
	struct sim_frame h[64];
	struct dc_state st;
	struct dc_error err;
	int n, after = 0;

	tg = commit_hdmi(t, a);
	dst_run(t, 100 * NS_PER_MS + 12345, NS_PER_MS);
	assert_int_equal(dc_flip(t->dc, link, b, 0, 5), 0);
	st = *dc_current_state(t->dc);
	st.streams[0].primary.enabled = false;
	st.streams[0].blank_color = 0x00102030;
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	off_ns = sim_now_ns(t->sim);
	assert_true(pipe_reg(t, tg, mmCRTC_BLANK_CONTROL) &
		    CRTC_BLANK_CONTROL__CRTC_BLANK_DATA_EN_MASK);
	assert_int_equal(t->nflips, 0);
	dst_run(t, 50 * NS_PER_MS, NS_PER_MS);
	assert_int_equal(t->nflips, 1);
	assert_int_equal(t->flips[0].user_data, 5);
	n = sim_scanout_history(t->sim, tg, h, 64);
	for (int i = 0; i < n; i++) {
		if (h[i].start_ns > off_ns) {
			assert_true(h[i].blanked);
			after++;
		}
	}
	assert_int_equal(after, 3);
	/* with the plane off there is nothing to flip */
	assert_int_equal(dc_flip(t->dc, link, a, 0, 6), -EINVAL);
	/* a stream that goes away still waits for its flip */
	st.streams[0].primary.enabled = true;
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	assert_int_equal(dc_flip(t->dc, link, b, 0, 7), 0);
	st.stream_count = 0;
	assert_int_equal(dc_commit(t->dc, &st, &err), -EBUSY);
	dst_destroy(t);
}

/* The frame sequence keeps counting when the 24-bit counter turns over unobserved. */
static void sequence_survives_counter_wrap(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1"), tg;
	uint64_t a = dst_fb(t, 1920, 1080, 1), b = dst_fb(t, 1920, 1080, 2), frames, seq;
	struct sim_frame h[64];
	int n;

	tg = commit_hdmi(t, a);
	dst_run(t, 30 * NS_PER_MS, NS_PER_MS);
	assert_int_equal(dc_flip(t->dc, link, b, 0, 1), 0);
	dst_run(t, 30 * NS_PER_MS, NS_PER_MS);
	assert_int_equal(t->nflips, 1);
	/* 2^24 + 12345 frames with nobody looking: about 78 hours */
	frames = (1ull << 24) + 12345;
	assert_int_equal(sim_advance(t->sim, (uint64_t)(frames * PERIOD_NS)), 0);
	assert_int_equal(dc_flip(t->dc, link, a, 0, 2), 0);
	dst_run(t, 30 * NS_PER_MS, NS_PER_MS);
	assert_int_equal(t->nflips, 2);
	seq = t->flips[1].seq;
	print_message("after %llu frames: seq %llu -> %llu\n", (unsigned long long)frames,
		      (unsigned long long)t->flips[0].seq, (unsigned long long)seq);
	assert_true(seq > (1ull << 24));
	/* its low 24 bits are the hardware's number of the frame that shows the buffer */
	n = sim_scanout_history(t->sim, tg, h, 64);
	assert_true(frame_of(h, n, seq) != &no_frame);
	assert_int_equal(frame_of(h, n, seq)->address, a);
	assert_int_equal(frame_of(h, n, seq - 1)->address, b);
	/* as many frames as the timestamps say went by */
	assert_int_equal(
		seq - t->flips[0].seq,
		(uint64_t)((double)(t->flips[1].ts_ns - t->flips[0].ts_ns) / PERIOD_NS + 0.5));
	dst_destroy(t);
}

static void vblank_events(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1"), n;
	uint64_t a = dst_fb(t, 1920, 1080, 1), b = dst_fb(t, 1920, 1080, 2);
	bool matched = false;

	assert_int_equal(dc_vblank_enable(t->dc, link, true), 0); /* before the commit: kept */
	commit_hdmi(t, a);
	dst_run(t, NS_PER_S, NS_PER_MS);
	n = t->nvblanks;
	assert_true(n >= 59 && n <= 61);
	for (unsigned i = 1; i < n; i++) {
		double d = (double)(t->vblanks[i].ts_ns - t->vblanks[i - 1].ts_ns) - PERIOD_NS;

		assert_int_equal(t->vblanks[i].seq, t->vblanks[i - 1].seq + 1);
		assert_true(d < 2 * PIXEL_NS && d > -2 * PIXEL_NS);
	}
	/* a flip latched in a blank reports that blank's sequence and time */
	assert_int_equal(dc_flip(t->dc, link, b, 0, 9), 0);
	dst_run(t, 40 * NS_PER_MS, NS_PER_MS);
	assert_int_equal(t->nflips, 1);
	for (unsigned i = n; i < t->nvblanks; i++) {
		if (t->vblanks[i].seq == t->flips[0].seq) {
			assert_int_equal(t->vblanks[i].ts_ns, t->flips[0].ts_ns);
			matched = true;
		}
	}
	assert_true(matched);
	assert_int_equal(dc_vblank_enable(t->dc, link, false), 0);
	n = t->nvblanks;
	dst_run(t, 200 * NS_PER_MS, NS_PER_MS);
	assert_true(t->nvblanks <= n + 1); /* at most the one already latched */
	dst_destroy(t);
}

static void cursor_moves_while_flip_pending(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dst_link(t, "HDMI-A-1"), tg;
	uint64_t a = dst_fb(t, 1920, 1080, 0x00000080), b = dst_fb(t, 1920, 1080, 0x00008000);
	uint64_t cur = dst_fb(t, 64, 64, 0xffffffff); /* opaque white */
	struct dc_cursor c = { .enabled = true,
			       .width = 64,
			       .height = 64,
			       .address = cur,
			       .x = 500,
			       .y = 300,
			       .hot_x = 10,
			       .hot_y = 20 };
	uint8_t *rgb = NULL;
	unsigned w, h;

	tg = commit_hdmi(t, a);
	dst_run(t, 20 * NS_PER_MS + 999, NS_PER_MS);
	assert_int_equal(dc_flip(t->dc, link, b, 0, 1), 0);
	assert_int_equal(sim_trace_start(t->sim, 256), 0);
	assert_int_equal(dc_cursor_update(t->dc, link, &c), 0);
	/* written at once, the flip still pending */
	assert_true(sim_trace_count_block(t->sim, SIM_BLOCK_DCP, (int)tg) > 0);
	assert_int_equal(pipe_reg(t, tg, mmCUR_POSITION),
			 DC_FIELD(CUR_POSITION, CURSOR_X_POSITION, 490) |
				 DC_FIELD(CUR_POSITION, CURSOR_Y_POSITION, 280));
	assert_true(pipe_reg(t, tg, mmGRPH_UPDATE) & GRPH_UPDATE__GRPH_SURFACE_UPDATE_PENDING_MASK);
	assert_false(pipe_reg(t, tg, mmCUR_UPDATE) & CUR_UPDATE__CURSOR_UPDATE_LOCK_MASK);
	assert_int_equal(t->nflips, 0);
	/* it moves again before the vblank: still at once */
	c.x = 700;
	assert_int_equal(dc_cursor_update(t->dc, link, &c), 0);
	assert_int_equal(
		DC_FIELD_GET(pipe_reg(t, tg, mmCUR_POSITION), CUR_POSITION, CURSOR_X_POSITION),
		690);
	assert_int_equal(dc_flip(t->dc, link, a, 0, 2), -EBUSY);
	dst_run(t, 20 * NS_PER_MS, NS_PER_MS);
	assert_int_equal(t->nflips, 1);
	/* both took effect: the new surface with the cursor's white square on it */
	assert_int_equal(sim_capture_rgb(t->sim, tg, &rgb, &w, &h), 0);
	assert_int_equal(rgb[3 * (300u * w + 700)], 0xff);
	assert_int_equal(rgb[3 * (300u * w + 700) + 2], 0xff);
	assert_int_equal(rgb[3 * (100u * w + 100) + 1], 0x80);
	assert_int_equal(rgb[3 * (100u * w + 100) + 2], 0x00);
	free(rgb);
	c.width = 32;
	assert_int_equal(dc_cursor_update(t->dc, link, &c), -EINVAL);
	dst_destroy(t);
}

/*
 * Display A flips every frame while display B is switched to another mode:
 * none of A's blocks sees a write during B's commit, A keeps its frame
 * rate without a blank frame, and every flip of A latches at a vblank.
 */
static void commit_on_b_while_a_flips(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct flipper fl = { .link = dst_link(t, "HDMI-A-1"), .limit = 1000000 };
	unsigned dp = dst_link(t, "DP-1");
	struct dc_state st = { .stream_count = 2 }, next;
	const struct dc_stream *a;
	struct dc_error err;
	struct sim_frame h[64];
	uint64_t t0, t1, f0, f1, first_flip;
	unsigned tg;
	int n;

	fl.fb[0] = dst_fb(t, 1920, 1080, 0x00ff0000);
	fl.fb[1] = dst_fb(t, 1920, 1080, 0x0000ff00);
	/* B first: DP-1 takes its own DIG as stream encoder, A (HDMI-A-1 on UNIPHY D,
	 * past Carrizo's three stream encoders) another, so no DIG is both's */
	dst_stream_vic(t, dp, 16, &st.streams[0], dst_fb(t, 1920, 1080, 0xff));
	dst_stream(t, fl.link, &st.streams[1], fl.fb[1]);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	a = &dc_current_state(t->dc)->streams[1];
	tg = (unsigned)a->res.timing_generator;
	t->user = &fl;
	t->on_flip = flip_next;
	assert_int_equal(dc_flip(t->dc, fl.link, fl.fb[0], 0, 0), 0);
	fl.submitted = 1;
	dst_run(t, 300 * NS_PER_MS + 1717, NS_PER_MS);
	first_flip = t->nflips;
	assert_true(first_flip > 10);

	t0 = sim_now_ns(t->sim);
	f0 = pipe_reg(t, tg, mmCRTC_STATUS_FRAME_COUNT);
	next = *dc_current_state(t->dc);
	dst_stream(t, dp, &next.streams[0], dst_fb(t, 3840, 2160, 0xffff)); /* 4K60: a modeset */
	assert_int_equal(sim_trace_start(t->sim, 65536), 0);
	assert_int_equal(dc_commit(t->dc, &next, &err), 0);
	print_message("B's commit: %zu register writes\n", sim_trace_count(t->sim));
	assert_true(sim_trace_count_block(
			    t->sim, SIM_BLOCK_CRTC,
			    dc_current_state(t->dc)->streams[0].res.timing_generator) > 0);
	assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_CRTC, (int)tg), 0);
	assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_DCP, (int)tg), 0);
	assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_SCL, (int)tg), 0);
	/*
	 * B's 4K60 needs DISPCLK above the boot clock: AMD's Carrizo table,
	 * setting it, writes every DP_DTOn_MODULO (dc/core/dispclk.c). A runs
	 * from a PLL, its DTO off: that is the one clock register of A written.
	 */
	for (size_t i = 0; i < sim_trace_count(t->sim); i++) {
		struct sim_trace_entry e;
		int inst;

		assert_int_equal(sim_trace_get(t->sim, i, &e), 0);
		if (sim_reg_block(t->sim, e.reg, &inst) == SIM_BLOCK_DCCG && inst == (int)tg)
			assert_int_equal(e.reg, mmDP_DTO0_MODULO + dce110_pixclk_offsets[tg]);
	}
	assert_int_equal(dc_hw_read(t->hw, mmCRTC0_PIXEL_RATE_CNTL + dce110_pixclk_offsets[tg]) &
				 CRTC0_PIXEL_RATE_CNTL__DP_DTO0_ENABLE_MASK,
			 0);
	assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_DIG, a->res.stream_encoder), 0);
	assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_DIG, a->res.link_encoder), 0);
	{ /* nothing outside the register aperture (no simulator-only register) */
		struct sim_stats ss;

		sim_get_stats(t->sim, &ss);
		assert_int_equal(ss.bad_reg_accesses, 0);
	}
	sim_trace_stop(t->sim);

	dst_run(t, 600 * NS_PER_MS, NS_PER_MS);
	fl.stop = true;
	dst_run(t, 40 * NS_PER_MS, NS_PER_MS);
	t1 = sim_now_ns(t->sim);
	f1 = pipe_reg(t, tg, mmCRTC_STATUS_FRAME_COUNT);
	/* exactly the frames the time holds (to the frame the boundaries fall in) */
	{
		double expect = (double)(t1 - t0) / PERIOD_NS;

		assert_true((double)(f1 - f0) > expect - 1.0 && (double)(f1 - f0) < expect + 1.0);
	}
	n = sim_scanout_history(t->sim, tg, h, 64);
	assert_true(n > 50); /* every frame since A started: it covers the commit */
	assert_true(h[0].start_ns < t0 && h[n - 1].start_ns > t0);
	for (int i = 0; i < n; i++) {
		assert_false(h[i].blanked);
		if (i)
			assert_int_equal(h[i].frame, h[i - 1].frame + 1);
	}
	/* every flip completed in the frame whose history shows its buffer */
	for (unsigned i = first_flip; i < t->nflips; i++) {
		const struct sim_frame *f = frame_of(h, n, t->flips[i].seq);

		if (i > first_flip)
			assert_true(t->flips[i].seq > t->flips[i - 1].seq);
		if (f != &no_frame)
			assert_int_equal(f->address, fl.fb[t->flips[i].user_data % 2]);
	}
	assert_true(t->nflips - first_flip > 30);
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(vsync_flips_600),
		cmocka_unit_test(immediate_flip_completes_at_once),
		cmocka_unit_test(late_interrupt_reports_the_same_time),
		cmocka_unit_test(flip_errors),
		cmocka_unit_test(plane_off_while_flip_pending),
		cmocka_unit_test(sequence_survives_counter_wrap),
		cmocka_unit_test(vblank_events),
		cmocka_unit_test(cursor_moves_while_flip_pending),
		cmocka_unit_test(commit_on_b_while_a_flips),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
