/*
 * Scaled planes committed by Display Core on the simulated engine: a
 * 1920x1080 plane 2x up on 3840x2160, a 3840x2160 plane 2x down on
 * 1920x1080, a letterboxed plane scaled into a destination smaller than
 * the active area. The captured frames equal a bilinear reference computed
 * here (scale_ref.c) and the color bar edges land where 2x puts them;
 * snapshots read the source and destination back; a plane-only change of
 * the scaling writes only that pipe's surface and scaler registers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dc_sim_test.h"
#include "dce110_regs.h"
#include "scale_ref.h"

static const uint32_t bars[8] = {
	0xc0c0c0, 0xc0c000, 0x00c0c0, 0x00c000, 0xc000c0, 0xc00000, 0x0000c0, 0x101010,
};

/* Eight vertical color bars, four horizontal bands (green flips), fine blue detail. */
static uint32_t pattern(unsigned x, unsigned y, unsigned w, unsigned h)
{
	uint32_t bar = bars[x * 8 / w], band = (y * 4 / h) * 0x33;

	return (bar & 0xff0000) | (((bar >> 8) & 0xff) ^ band) << 8 | ((x * 3 + y * 5) & 0xff);
}

static unsigned comp(uint32_t xrgb, int c)
{
	return (xrgb >> (16 - 8 * c)) & 0xff;
}

/* A w x h framebuffer holding the pattern; its device address. */
static uint64_t pattern_fb(struct dst *t, unsigned w, unsigned h)
{
	uint64_t address = dst_fb(t, w, h, 0);
	uint32_t *p = t->fbs[t->nfbs - 1].mem;

	for (unsigned y = 0; y < h; y++)
		for (unsigned x = 0; x < w; x++)
			p[(size_t)y * dst_pitch(w) / 4 + x] = pattern(x, y, w, h);
	return address;
}

/* The stream's plane: the whole w x h framebuffer at fb into the destination. */
static void plane(struct dc_stream *s, uint64_t fb, unsigned w, unsigned h, int32_t dx, int32_t dy,
		  unsigned dw, unsigned dh)
{
	struct dc_plane *p = &s->primary;

	p->address = fb;
	p->width = w;
	p->height = h;
	p->pitch = dst_pitch(w);
	p->src_x = p->src_y = 0;
	p->src_w = w << 16;
	p->src_h = h << 16;
	p->dst_x = dx;
	p->dst_y = dy;
	p->dst_w = dw;
	p->dst_h = dh;
}

static unsigned tg_of(struct dst *t, unsigned i)
{
	return (unsigned)dc_current_state(t->dc)->streams[i].res.timing_generator;
}

static uint32_t pipe_reg(struct dst *t, unsigned tg, uint32_t reg)
{
	return dc_hw_read(t->hw, reg + dce110_crtc_offsets[tg]);
}

/*
 * Pipe tg's frame against the reference: the pattern (w x h) scaled into
 * (dx, dy, dw, dh), `border` (XRGB8888) around it. Returns the frame.
 */
static uint8_t *assert_frame(struct dst *t, unsigned tg, unsigned aw, unsigned ah, unsigned w,
			     unsigned h, unsigned dx, unsigned dy, unsigned dw, unsigned dh,
			     uint32_t border)
{
	uint16_t *src = calloc((size_t)w * h * 3, sizeof(*src));
	uint16_t *ref = calloc((size_t)dw * dh * 3, sizeof(*ref));
	size_t wrong = 0;
	unsigned cw, ch;
	uint8_t *rgb;

	assert_non_null(src);
	assert_non_null(ref);
	for (unsigned y = 0; y < h; y++)
		for (unsigned x = 0; x < w; x++)
			for (int c = 0; c < 3; c++)
				src[((size_t)y * w + x) * 3 + c] =
					scale_ref_10(comp(pattern(x, y, w, h), c));
	scale_ref_bilinear(src, w, h, dw, dh, ref);
	assert_int_equal(sim_capture_rgb(t->sim, tg, &rgb, &cw, &ch), 0);
	assert_int_equal(cw, aw);
	assert_int_equal(ch, ah);
	for (unsigned y = 0; y < ah; y++)
		for (unsigned x = 0; x < aw; x++)
			for (int c = 0; c < 3; c++) {
				bool in = x >= dx && x < dx + dw && y >= dy && y < dy + dh;
				unsigned want =
					in ? ref[((size_t)(y - dy) * dw + x - dx) * 3 + c] >> 2
					   : comp(border, c);

				wrong += rgb[((size_t)y * aw + x) * 3 + c] != want;
			}
	free(src);
	free(ref);
	assert_int_equal(wrong, 0);
	return rgb;
}

static uint8_t px(const uint8_t *rgb, unsigned aw, unsigned x, unsigned y, int c)
{
	return rgb[((size_t)y * aw + x) * 3 + c];
}

static void upscale_2x_on_uhd(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;
	unsigned tg;
	uint8_t *rgb;

	dst_stream(t, dst_link(t, "DP-1"), &st.streams[0], 0);
	assert_int_equal(st.streams[0].mode.hdisplay, 3840);
	plane(&st.streams[0], pattern_fb(t, 1920, 1080), 1920, 1080, 0, 0, 3840, 2160);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	tg = tg_of(t, 0);
	/* the registers: scaling, 4 taps across, 0.5 in 2.24, initial phase (0.5 + 5) / 2 */
	assert_int_equal(DC_FIELD_GET(pipe_reg(t, tg, mmSCL_MODE), SCL_MODE, SCL_MODE), 1);
	assert_int_equal(DC_FIELD_GET(pipe_reg(t, tg, mmSCL_TAP_CONTROL), SCL_TAP_CONTROL,
				      SCL_H_NUM_OF_TAPS),
			 3);
	assert_int_equal(pipe_reg(t, tg, mmSCL_HORZ_FILTER_SCALE_RATIO), 0x800000);
	assert_int_equal(pipe_reg(t, tg, mmSCL_VERT_FILTER_SCALE_RATIO), 0x800000);
	assert_int_equal(pipe_reg(t, tg, mmSCL_HORZ_FILTER_INIT), 0x2c00000); /* 2.75 */
	assert_int_equal(pipe_reg(t, tg, mmVIEWPORT_SIZE),
			 DC_FIELD(VIEWPORT_SIZE, VIEWPORT_WIDTH, 1920) |
				 DC_FIELD(VIEWPORT_SIZE, VIEWPORT_HEIGHT, 1080));
	dst_run(t, 20000000, 1000000);
	rgb = assert_frame(t, tg, 3840, 2160, 1920, 1080, 0, 0, 3840, 2160, 0);
	/*
	 * The red edge between bars 1 and 2 (source x 479 | 480) at 2x: outputs
	 * 958 and 961 are pure bar colors, 959 is 3/4 bar 1, 960 is 3/4 bar 2
	 * (red 0xc0 = 771 at 10 bits, and 0).
	 */
	assert_int_equal(px(rgb, 3840, 958, 100, 0), 0xc0);
	assert_int_equal(px(rgb, 3840, 959, 100, 0), ((3 * 771 + 2) / 4) >> 2);
	assert_int_equal(px(rgb, 3840, 960, 100, 0), ((771 + 2) / 4) >> 2);
	assert_int_equal(px(rgb, 3840, 961, 100, 0), 0x00);
	free(rgb);
	dst_destroy(t);
}

static void downscale_2x_on_fhd(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;
	unsigned tg;
	uint8_t *rgb;

	dst_stream_vic(t, dst_link(t, "HDMI-A-1"), 16, &st.streams[0], 0);
	plane(&st.streams[0], pattern_fb(t, 3840, 2160), 3840, 2160, 0, 0, 1920, 1080);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	tg = tg_of(t, 0);
	assert_int_equal(pipe_reg(t, tg, mmSCL_HORZ_FILTER_SCALE_RATIO), 0x2000000);
	dst_run(t, 20000000, 1000000);
	rgb = assert_frame(t, tg, 1920, 1080, 3840, 2160, 0, 0, 1920, 1080, 0);
	/*
	 * The red edge between bars 1 and 2 is at source x 960, a pair boundary:
	 * it stays sharp at output 480. Green (0xc0 on both sides) is flat.
	 */
	assert_int_equal(px(rgb, 1920, 479, 10, 0), 0xc0);
	assert_int_equal(px(rgb, 1920, 480, 10, 0), 0x00);
	assert_int_equal(px(rgb, 1920, 479, 10, 1), 0xc0);
	assert_int_equal(px(rgb, 1920, 480, 10, 1), 0xc0);
	free(rgb);
	dst_destroy(t);
}

/* A 2.4:1 picture 4/3 up into a band of the screen; the bars show the blank color. */
static void letterbox_shows_blank_color_around(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st = { .stream_count = 1 }, snap;
	struct dc_error err;
	uint8_t *rgb;

	dst_stream_vic(t, dst_link(t, "HDMI-A-1"), 16, &st.streams[0], 0);
	plane(&st.streams[0], pattern_fb(t, 1440, 600), 1440, 600, 0, 140, 1920, 800);
	st.streams[0].blank_color = 0x00204060;
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	assert_int_equal(pipe_reg(t, tg_of(t, 0), mmEXT_OVERSCAN_TOP_BOTTOM),
			 DC_FIELD(EXT_OVERSCAN_TOP_BOTTOM, EXT_OVERSCAN_TOP, 140) |
				 DC_FIELD(EXT_OVERSCAN_TOP_BOTTOM, EXT_OVERSCAN_BOTTOM, 140));
	dst_run(t, 20000000, 1000000);
	rgb = assert_frame(t, tg_of(t, 0), 1920, 1080, 1440, 600, 0, 140, 1920, 800, 0x204060);
	free(rgb);

	/* read back: the destination and the framebuffer's size come back */
	assert_int_equal(dc_snapshot(t->dc, &snap), 0);
	assert_true(dc_state_equal(&snap, dc_current_state(t->dc)));
	assert_int_equal(snap.streams[0].primary.dst_y, 140);
	assert_int_equal(snap.streams[0].primary.dst_h, 800);
	assert_int_equal(snap.streams[0].primary.width, 1440);
	assert_int_equal(snap.streams[0].primary.src_h, 600 << 16);
	snap.streams[0].primary.dst_y++;
	assert_false(dc_state_equal(&snap, dc_current_state(t->dc)));
	dst_destroy(t);
}

/* A pillarboxed plane unscaled (scaler bypassed) in the middle of the screen. */
static void pillarbox_unscaled_bypasses(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st = { .stream_count = 1 };
	struct dc_error err;
	uint8_t *rgb;

	dst_stream_vic(t, dst_link(t, "HDMI-A-1"), 16, &st.streams[0], 0);
	plane(&st.streams[0], pattern_fb(t, 1440, 1080), 1440, 1080, 240, 0, 1440, 1080);
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	assert_int_equal(DC_FIELD_GET(pipe_reg(t, tg_of(t, 0), mmSCL_MODE), SCL_MODE, SCL_MODE), 0);
	dst_run(t, 20000000, 1000000);
	rgb = assert_frame(t, tg_of(t, 0), 1920, 1080, 1440, 1080, 240, 0, 1440, 1080, 0);
	free(rgb);
	dst_destroy(t);
}

/* Two scaled displays: the snapshot equals the commit; a new core adopts it without a write. */
static void snapshot_of_scaled_planes_and_adopt(void **state)
{
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st = { .stream_count = 2 }, snap, snap2;
	struct dc_error err;
	struct dc_board board;
	struct dc *dc2 = NULL;

	dst_stream(t, dst_link(t, "DP-1"), &st.streams[0], 0);
	plane(&st.streams[0], pattern_fb(t, 1920, 1080), 1920, 1080, 0, 0, 3840, 2160);
	dst_stream_vic(t, dst_link(t, "HDMI-A-1"), 16, &st.streams[1], 0);
	plane(&st.streams[1], pattern_fb(t, 1280, 720), 1280, 720, 100, 60, 1600, 900);
	st.streams[1].primary.src_x = 16 << 16 | 0x8000; /* a part, from half a pixel in */
	st.streams[1].primary.src_w = 1200 << 16;
	st.streams[1].primary.src_h = 675 << 16;
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	/* HDMI: ratio 0.75, 4 taps, the half pixel: (0.75 + 5) / 2 + 0.5 = 3.375 */
	assert_int_equal(pipe_reg(t, tg_of(t, 1), mmSCL_HORZ_FILTER_INIT), 0x3600000);
	assert_int_equal(dc_snapshot(t->dc, &snap), 0);
	assert_int_equal(snap.stream_count, 2);
	assert_true(dc_state_equal(&snap, dc_current_state(t->dc)));
	for (unsigned i = 0; i < 2; i++) {
		const struct dc_plane *c = &dc_current_state(t->dc)->streams[i].primary;
		const struct dc_plane *p = NULL;

		for (unsigned j = 0; j < 2; j++)
			if (snap.streams[j].link == dc_current_state(t->dc)->streams[i].link)
				p = &snap.streams[j].primary;
		assert_non_null(p);
		/* the whole pixels the source covers */
		assert_int_equal(p->src_x, c->src_x & ~0xffffu);
		assert_int_equal(p->src_x + p->src_w, (c->src_x + c->src_w + 0xffff) & ~0xffffu);
		assert_int_equal(p->dst_x, c->dst_x);
		assert_int_equal(p->dst_y, c->dst_y);
		assert_int_equal(p->dst_w, c->dst_w);
		assert_int_equal(p->dst_h, c->dst_h);
		assert_int_equal(p->width, c->width);
	}
	board = t->dc->board;
	assert_int_equal(dc_create(t->hw, &board, &dc2), 0);
	dst_give_vbios(t, dc2);
	assert_int_equal(dc_snapshot(dc2, &snap2), 0);
	assert_true(dc_state_equal(&snap2, &snap));
	assert_int_equal(sim_trace_start(t->sim, 4096), 0);
	assert_int_equal(dc_adopt(dc2, &snap2), 0);
	assert_int_equal(sim_trace_count(t->sim), 0);
	for (unsigned l = 0; l < dc_link_count(dc2); l++)
		assert_int_equal(dc_link_detect(dc2, l), 0);
	assert_int_equal(sim_trace_start(t->sim, 4096), 0);
	assert_int_equal(dc_commit(dc2, &snap2, &err), 0);
	assert_int_equal(sim_trace_count(t->sim), 0);
	/*
	 * The original state again: its half-pixel source start, which the
	 * snapshot does not report, is still in the scaler's initial phase, so
	 * no scaler register is written; HDMI's plane update only takes and
	 * releases the GRPH update lock.
	 */
	assert_int_equal(dc_commit(dc2, dc_current_state(t->dc), &err), 0);
	{
		int tg = dc_current_state(t->dc)->streams[1].res.timing_generator;

		assert_int_equal(sim_trace_count_block(t->sim, SIM_BLOCK_SCL, -1), 0);
		assert_int_equal(sim_trace_count(t->sim),
				 sim_trace_count_block(t->sim, SIM_BLOCK_DCP, tg));
	}
	dc_destroy(dc2);
	dst_destroy(t);
}

/*
 * A plane-only change of the scaling on one of three displays: only that
 * pipe's GRPH and SCL registers are written, nothing blanks, and the new
 * scaling shows from the next frame on.
 */
static void scaling_change_writes_only_that_plane(void **state)
{
	static const char *const names[] = { "DP-1", "HDMI-A-1", "eDP-1" };
	struct dst *t = dst_create(NULL, DC_ASIC_CARRIZO);
	struct dc_state st = { .stream_count = 3 }, next;
	struct dc_error err;
	struct sim_frame h[64];
	unsigned tg;
	uint8_t *rgb;
	int n;

	for (unsigned i = 0; i < 3; i++) {
		unsigned link = dst_link(t, names[i]);

		dst_stream(t, link, &st.streams[i], 0);
		plane(&st.streams[i],
		      pattern_fb(t, st.streams[i].mode.hdisplay, st.streams[i].mode.vdisplay),
		      st.streams[i].mode.hdisplay, st.streams[i].mode.vdisplay, 0, 0,
		      st.streams[i].mode.hdisplay, st.streams[i].mode.vdisplay);
	}
	assert_int_equal(dc_commit(t->dc, &st, &err), 0);
	dst_run(t, 5000000, 1000000);
	next = *dc_current_state(t->dc);
	tg = (unsigned)next.streams[1].res.timing_generator;
	assert_int_equal(next.streams[1].mode.hdisplay, 1920);
	/* HDMI: the framebuffer's top-left quarter, 2x up into a 1920x1080 - 480x270 window */
	next.streams[1].primary.src_w = 720 << 16;
	next.streams[1].primary.src_h = 405 << 16;
	next.streams[1].primary.dst_x = 240;
	next.streams[1].primary.dst_y = 135;
	next.streams[1].primary.dst_w = 1440;
	next.streams[1].primary.dst_h = 810;
	assert_int_equal(sim_trace_start(t->sim, 4096), 0);
	assert_int_equal(dc_commit(t->dc, &next, &err), 0);
	assert_true(sim_trace_count_block(t->sim, SIM_BLOCK_SCL, (int)tg) > 0);
	assert_int_equal(sim_trace_count(t->sim),
			 sim_trace_count_block(t->sim, SIM_BLOCK_SCL, (int)tg) +
				 sim_trace_count_block(t->sim, SIM_BLOCK_DCP, (int)tg));
	/* written under SCL_UPDATE_LOCK: pending until the next V_UPDATE */
	assert_true(pipe_reg(t, tg, mmSCL_UPDATE) & SCL_UPDATE__SCL_UPDATE_PENDING_MASK);
	dst_run(t, 40000000, 1000000);
	assert_false(pipe_reg(t, tg, mmSCL_UPDATE) & SCL_UPDATE__SCL_UPDATE_PENDING_MASK);
	{
		/* the reference of the 720x405 part: the pattern of the whole 1920x1080 fb */
		uint16_t *src = calloc(720 * 405 * 3, sizeof(*src));
		uint16_t *ref = calloc(1440 * 810 * 3, sizeof(*ref));
		unsigned cw, ch;
		size_t wrong = 0;

		assert_non_null(src);
		assert_non_null(ref);
		for (unsigned y = 0; y < 405; y++)
			for (unsigned x = 0; x < 720; x++)
				for (int c = 0; c < 3; c++)
					src[(y * 720 + x) * 3 + c] =
						scale_ref_10(comp(pattern(x, y, 1920, 1080), c));
		scale_ref_bilinear(src, 720, 405, 1440, 810, ref);
		assert_int_equal(sim_capture_rgb(t->sim, tg, &rgb, &cw, &ch), 0);
		for (unsigned y = 0; y < 1080; y++)
			for (unsigned x = 0; x < 1920; x++)
				for (int c = 0; c < 3; c++) {
					bool in = x >= 240 && x < 1680 && y >= 135 && y < 945;
					unsigned want =
						in ? ref[((y - 135) * 1440 + x - 240) * 3 + c] >> 2
						   : 0;

					wrong += px(rgb, 1920, x, y, c) != want;
				}
		free(rgb);
		free(src);
		free(ref);
		assert_int_equal(wrong, 0);
	}
	n = sim_scanout_history(t->sim, tg, h, 64);
	for (int i = 0; i < n; i++)
		assert_false(h[i].blanked);
	dst_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(upscale_2x_on_uhd),
		cmocka_unit_test(downscale_2x_on_fhd),
		cmocka_unit_test(letterbox_shows_blank_color_around),
		cmocka_unit_test(pillarbox_unscaled_bypasses),
		cmocka_unit_test(snapshot_of_scaled_planes_and_adopt),
		cmocka_unit_test(scaling_change_writes_only_that_plane),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
