/*
 * dc_validate on planes: each rejection names the output and the plane
 * (err->plane: 0 primary, 1 cursor) and gives the numbers, so a compositor
 * can compose that plane itself. Formats, modifier, framebuffer size,
 * pitch, alignment, rectangles, scaler ratios and line buffer, cursor,
 * then DISPCLK and memory bandwidth over the pipes.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "dc_test.h"

#define SINK "Dell-DEL4284-ab750b39"

struct fixture {
	struct fake_hw f;
	struct dc *dc;
	struct dc_state st;
	struct dc_error err;
	struct dc_resource_pool pool; /* a modified copy for the bandwidth tests */
};

static int setup(void **state)
{
	static struct fixture fx;
	enum dc_link_type types[3] = { DC_LINK_DP, DC_LINK_DP, DC_LINK_DP };
	struct dc_dp_caps caps = dct_dp_caps(DC_DP_RATE_HBR2, 4);
	struct drm_mode_modeinfo m;
	struct dc_board b;

	memset(&fx, 0, sizeof(fx));
	dct_board(&b, DC_ASIC_CARRIZO, 3, types);
	fx.dc = dct_create(&fx.f, &b);
	for (unsigned i = 0; i < 3; i++)
		dct_attach(fx.dc, i, SINK, &caps, NULL);
	dct_mode_cvt(&m, 3840, 2160, 60, DC_CVT_RB_V1);
	fx.st.stream_count = 1;
	dct_stream(&fx.st.streams[0], 0, &m);
	*state = &fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	assert_int_equal(fx->f.writes, 0);
	assert_int_equal(fx->f.reads, 0);
	dc_destroy(fx->dc);
	return 0;
}

static struct dc_plane *primary(void **state)
{
	return &((struct fixture *)*state)->st.streams[0].primary;
}

/* Validates and expects ret, code, plane and message. */
static void expect(void **state, int ret, enum dc_error_code code, int plane, const char *msg)
{
	struct fixture *fx = *state;

	assert_int_equal(dc_validate(fx->dc, &fx->st, &fx->err), ret);
	assert_int_equal(fx->err.code, code);
	assert_int_equal(fx->err.plane, plane);
	if (msg)
		assert_string_equal(fx->err.message, msg);
}

static void ok(void **state)
{
	expect(state, 0, DC_ERR_NONE, -1, NULL);
}

/* A w x h XRGB8888 framebuffer scanned whole (the destination is left as is). */
static void set_fb(struct dc_plane *p, uint32_t w, uint32_t h)
{
	p->width = w;
	p->height = h;
	p->pitch = (w * 4 + 255) & ~255u;
	p->src_x = p->src_y = 0;
	p->src_w = w << 16;
	p->src_h = h << 16;
}

static void test_formats(void **state)
{
	const uint32_t good[] = { DRM_FORMAT_XRGB8888,	  DRM_FORMAT_ARGB8888,
				  DRM_FORMAT_XBGR8888,	  DRM_FORMAT_ABGR8888,
				  DRM_FORMAT_XRGB2101010, DRM_FORMAT_ARGB2101010,
				  DRM_FORMAT_RGB565 };

	ok(state);
	for (unsigned i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		primary(state)->format = good[i];
		ok(state);
	}
	primary(state)->format = DRM_FORMAT_NV12;
	expect(state, -EINVAL, DC_ERR_PLANE_FORMAT, 0,
	       "DP-1 primary plane: format NV12 (0x3231564e) is not scanned out, DCE 11.0 takes "
	       "XR24 AR24 XB24 AB24 RG16 XR30 AR30");
	primary(state)->format = DRM_FORMAT_XRGB16161616F;
	expect(state, -EINVAL, DC_ERR_PLANE_FORMAT, 0, NULL);
	primary(state)->format = DRM_FORMAT_XRGB8888;
	primary(state)->modifier = I915_FORMAT_MOD_X_TILED;
	expect(state, -EINVAL, DC_ERR_PLANE_FORMAT, 0,
	       "DP-1 primary plane: modifier 0x0100000000000001 is not scanned out, only LINEAR "
	       "(0x0)");
}

static void test_buffer_size_pitch_alignment(void **state)
{
	struct dc_plane *p = primary(state);

	p->width = 20000;
	expect(state, -EINVAL, DC_ERR_PLANE_SIZE, 0,
	       "DP-1 primary plane: 20000x2160 framebuffer, DCE 11.0 scans out 1x1 to 16384x16384");
	p->width = 3840;
	p->pitch = 7680;
	expect(state, -EINVAL, DC_ERR_PLANE_SIZE, 0,
	       "DP-1 primary plane: pitch 7680 bytes, a 3840-pixel line of XR24 needs 15360");
	p->format = DRM_FORMAT_RGB565; /* 2 bytes a pixel: 7680 is enough */
	ok(state);
	p->format = DRM_FORMAT_XRGB8888;
	p->pitch = 15400;
	expect(state, -EINVAL, DC_ERR_PLANE_SIZE, 0,
	       "DP-1 primary plane: pitch 15400 bytes is not a multiple of 256");
	p->pitch = 32768 * 4;
	expect(state, -EINVAL, DC_ERR_PLANE_SIZE, 0,
	       "DP-1 primary plane: pitch 32768 pixels, GRPH_PITCH holds up to 32767");
	p->pitch = 15360;
	p->address = 0x100010;
	expect(state, -EINVAL, DC_ERR_PLANE_SIZE, 0,
	       "DP-1 primary plane: address 0x100010 is not 256-byte aligned");
	p->address = 0x100100;
	ok(state);
}

static void test_rectangles(void **state)
{
	struct dc_plane *p = primary(state);

	p->src_w = 3841 << 16;
	expect(state, -EINVAL, DC_ERR_PLANE_SIZE, 0,
	       "DP-1 primary plane: source 0,0 3841x2160 is empty or outside the 3840x2160 "
	       "framebuffer");
	p->src_x = 0x8000;
	p->src_w = 3840 << 16;
	expect(state, -EINVAL, DC_ERR_PLANE_SIZE, 0,
	       "DP-1 primary plane: source 0.50,0 3840x2160 is empty or outside the 3840x2160 "
	       "framebuffer");
	p->src_w = (3840 << 16) - 0x8000; /* fractional, inside: scaled by a hair */
	ok(state);
	p->src_x = 0;
	p->src_w = 3840 << 16;
	p->dst_x = 100;
	expect(state, -EINVAL, DC_ERR_PLANE_SIZE, 0,
	       "DP-1 primary plane: destination 100,0 3840x2160 is empty or outside the "
	       "3840x2160 active area");
	p->dst_x = -1;
	p->dst_w = 1000;
	expect(state, -EINVAL, DC_ERR_PLANE_SIZE, 0, NULL);
	p->dst_x = 0;
	p->dst_h = 0;
	expect(state, -EINVAL, DC_ERR_PLANE_SIZE, 0, NULL);
	/* a plane smaller than the screen, unscaled: the rest shows the blank color */
	set_fb(p, 1024, 768);
	p->dst_x = 1000;
	p->dst_y = 1000;
	p->dst_w = 1024;
	p->dst_h = 768;
	ok(state);
	/* a 16384-pixel framebuffer scanned whole needs a viewport the registers cannot hold */
	set_fb(p, 16384, 2160);
	p->dst_x = p->dst_y = 0;
	p->dst_w = 3840;
	p->dst_h = 2160;
	expect(state, -EINVAL, DC_ERR_PLANE_SIZE, 0,
	       "DP-1 primary plane: the source needs a 16384x2160 viewport, VIEWPORT_SIZE holds "
	       "up to 16383x16383");
	p->src_w = 16383 << 16; /* 4.27:1 then: the scaler's turn */
	expect(state, -ERANGE, DC_ERR_SCALER, 0, NULL);
}

/* On an active area over 8191 pixels wide, a narrow destination leaves too wide a border. */
static void test_destination_borders(void **state)
{
	struct fixture *fx = *state;
	struct dc_stream *s = &fx->st.streams[0];
	struct dc_plane *p = primary(state);
	struct drm_mode_modeinfo m;

	dct_mode_cvt(&m, 8400, 200, 30, DC_CVT_RB_V1);
	dct_stream(s, 0, &m);
	p->dst_w = 8400;
	ok(state);
	set_fb(p, 200, 200);
	p->dst_w = 200;
	expect(state, -EINVAL, DC_ERR_PLANE_SIZE, 0,
	       "DP-1 primary plane: destination 0,0 200x200 leaves a 8200-pixel border on the "
	       "8400x200 active area, EXT_OVERSCAN holds up to 8191");
	p->dst_x = 4000; /* 4000 left, 4200 right */
	ok(state);
}

static void test_scaling_limits(void **state)
{
	struct dc_plane *p = primary(state);

	p->dst_w = 960;
	expect(state, -ERANGE, DC_ERR_SCALER, 0,
	       "DP-1 primary plane: horizontal downscale 3840 -> 960 is 4.00:1, the scaler stays "
	       "below 4:1");
	p->dst_w = 961;
	p->dst_h = 540; /* 4:1 vertically, checked after horizontal */
	expect(state, -ERANGE, DC_ERR_SCALER, 0,
	       "DP-1 primary plane: vertical downscale 2160 -> 540 is 4.00:1, the scaler stays "
	       "below 4:1");
	/* 200x135 to full screen: 19.2x */
	set_fb(p, 200, 135);
	p->dst_w = 3840;
	p->dst_h = 2160;
	expect(state, -ERANGE, DC_ERR_SCALER, 0,
	       "DP-1 primary plane: horizontal upscale 200 -> 3840 is 19.20x, the scaler goes up "
	       "to 16x");
	/* 3840 wide and scaled vertically: the line buffer holds too few lines */
	set_fb(p, 3840, 2160);
	p->dst_h = 2000;
	expect(state, -ERANGE, DC_ERR_SCALER, 0,
	       "DP-1 primary plane: vertical scaling 2160 -> 2000 needs 3 lines in the line "
	       "buffer, it holds 2 of 3840 pixels (at 24 bpp)");
	/* 1920 wide scaled up to the screen: fine */
	set_fb(p, 1920, 1080);
	p->dst_h = 2160;
	ok(state);
}

static void test_cursor(void **state)
{
	struct fixture *fx = *state;
	struct dc_cursor *c = &fx->st.streams[0].cursor;

	*c = (struct dc_cursor){ .enabled = true, .width = 96, .height = 96 };
	expect(state, -EINVAL, DC_ERR_CURSOR, 1,
	       "DP-1 cursor: 96x96, the cursor is ARGB8888 at 64x64 or 128x128");
	c->width = 64;
	c->height = 128;
	expect(state, -EINVAL, DC_ERR_CURSOR, 1, NULL);
	c->height = 64;
	c->hot_x = 64;
	expect(state, -EINVAL, DC_ERR_CURSOR, 1,
	       "DP-1 cursor: hot spot 64,0 outside the 64x64 cursor");
	c->hot_x = 63;
	ok(state);
	c->width = c->height = 128;
	ok(state);
	/* a cursor without a primary plane */
	fx->st.streams[0].primary.enabled = false;
	fx->st.streams[0].primary.format = DRM_FORMAT_NV12; /* ignored when disabled */
	ok(state);
}

static void test_dispclk(void **state)
{
	struct dc_plane *p = primary(state);

	/* 7680 source pixels a line into a 4000-pixel line time: 1075.03 MHz */
	set_fb(p, 7680, 2160);
	expect(state, -ERANGE, DC_ERR_DISPLAY_CLOCK, -1,
	       "DP-1: 3840x2160@60 RGB 8bpc with its plane needs DISPCLK 1075.03 MHz, Carrizo "
	       "runs it at most at 643.00 MHz");
	/* 4K60 unscaled needs 559.91 MHz: fine */
	set_fb(p, 3840, 2160);
	ok(state);
}

static void test_memory_bandwidth(void **state)
{
	struct fixture *fx = *state;
	struct drm_mode_modeinfo m;

	/* a pool with slow memory (the real ones never run out before DISPCLK) */
	fx->pool = *fx->dc->pool;
	fx->pool.bw.dram_mts = 110; /* 2 x 8 bytes x 110 MT/s x 80 % = 1408 MB/s */
	fx->pool.memory = "2 x 64-bit at 110 MT/s";
	fx->dc->pool = &fx->pool;
	/* three 1080p60 planes of 518.40 MB/s each */
	dct_mode_vic(&m, 16);
	fx->st.stream_count = 3;
	for (unsigned i = 0; i < 3; i++)
		dct_stream(&fx->st.streams[i], i, &m);
	expect(state, -ERANGE, DC_ERR_MEMORY_BANDWIDTH, -1,
	       "DP-3: with this stream the planes fetch 1555.20 MB/s, Carrizo's memory (2 x 64-bit "
	       "at 110 MT/s at 80 %) gives the display 1408.00 MB/s");
	assert_int_equal(fx->err.stream, 2);
	fx->st.stream_count = 2;
	ok(state);
	/*
	 * At 1280 MB/s two such planes still fit the total, but refilling both
	 * DMIF buffers takes too long: the urgent watermark (4 us + 2 x 24576
	 * bytes / 1280 MB/s + one line 518.4 MB/s x 14.815 us / 1280 MB/s)
	 * outlasts what a buffer hides at 518.4 MB/s (docs/bandwidth.md).
	 */
	fx->pool.bw.dram_mts = 100;
	expect(state, -ERANGE, DC_ERR_MEMORY_BANDWIDTH, -1,
	       "DP-1: 1920x1080@60 RGB 8bpc fetches 518.40 MB/s, so its DMIF buffer of 24576 "
	       "bytes lasts 47.407 us, less than its urgent watermark of 48.400 us (latency 4000 "
	       "ns + refilling 2 DMIF buffers 38.400 us + one line 6.000 us)");
	assert_int_equal(fx->err.stream, 0);
	/* a DMIF buffer too small for a 4K plane's 4 us of latency */
	fx->pool.bw.dram_mts = 1600;
	fx->pool.bw.dmif_bytes = 4096;
	dct_mode_cvt(&m, 3840, 2160, 60, DC_CVT_RB_V1);
	dct_stream(&fx->st.streams[1], 1, &m);
	expect(state, -ERANGE, DC_ERR_MEMORY_BANDWIDTH, 0,
	       "DP-2 primary plane: fetching 2047.68 MB/s drains 8191 bytes in the 4000 ns "
	       "urgent latency, the DMIF buffer holds 4096");
	assert_int_equal(fx->err.stream, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_formats, setup, teardown),
		cmocka_unit_test_setup_teardown(test_buffer_size_pitch_alignment, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rectangles, setup, teardown),
		cmocka_unit_test_setup_teardown(test_destination_borders, setup, teardown),
		cmocka_unit_test_setup_teardown(test_scaling_limits, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cursor, setup, teardown),
		cmocka_unit_test_setup_teardown(test_dispclk, setup, teardown),
		cmocka_unit_test_setup_teardown(test_memory_bandwidth, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
