/*
 * Framebuffer layout arithmetic (dcp_fb_size): bytes needed per format,
 * subsampled planes with odd sizes, and every refusal: unknown formats,
 * modifiers, zero and absurd sizes, short or misaligned pitches, unused
 * planes, and sizes that overflow the 32-bit limit.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "protocol_samples.h"

static int size_of(const struct dcp_fb_create *fb, uint64_t *bytes, struct dcp_error *err)
{
	memset(err, 0, sizeof(*err));
	return dcp_fb_size(fb, bytes, err);
}

static void expect_refused(const struct dcp_fb_create *fb, int status, enum dcp_reason reason,
			   const char *part)
{
	struct dcp_error err;
	uint64_t bytes = 12345;

	if (size_of(fb, &bytes, &err) != status || err.reason != reason || !strstr(err.text, part))
		fail_msg("status %d reason %u \"%s\", want %d %u \"%s\"", err.status, err.reason,
			 err.text, status, reason, part);
	assert_int_equal(bytes, 12345); /* untouched */
}

static void packed_rgb_sizes(void **state)
{
	struct dcp_fb_create fb;
	struct dcp_error err;
	uint64_t bytes;

	sample_fb_xrgb(&fb, 1920, 1080);
	assert_int_equal(size_of(&fb, &bytes, &err), 0);
	assert_int_equal(bytes, 1920ull * 4 * 1080);
	/* a padded pitch and an offset count */
	fb.pitches[0] = 8192;
	fb.offsets[0] = 4096;
	assert_int_equal(size_of(&fb, &bytes, &err), 0);
	assert_int_equal(bytes, 4096 + 8192ull * 1080);
	/* 1x1 is the smallest */
	sample_fb_xrgb(&fb, 1, 1);
	assert_int_equal(size_of(&fb, &bytes, &err), 0);
	assert_int_equal(bytes, 4);
	fb.format = DRM_FORMAT_RGB565;
	fb.pitches[0] = 2;
	assert_int_equal(size_of(&fb, &bytes, &err), 0);
	assert_int_equal(bytes, 2);
	fb.format = DRM_FORMAT_ABGR16161616F;
	fb.width = 16384;
	fb.height = 16384;
	fb.pitches[0] = 16384 * 8;
	assert_int_equal(size_of(&fb, &bytes, &err), 0);
	assert_int_equal(bytes, 2ull << 30);
	(void)state;
}

static void subsampled_planes(void **state)
{
	struct dcp_fb_create fb = {
		.format = DRM_FORMAT_NV12,
		.modifier = DRM_FORMAT_MOD_LINEAR,
		.width = 1921,
		.height = 1081,
		.pitches = { 1921, 1922 },
		.offsets = { 0, 1921 * 1081 },
	};
	struct dcp_error err;
	uint64_t bytes;

	/* chroma of an odd size: 961 x 541 samples of 2 bytes */
	assert_int_equal(size_of(&fb, &bytes, &err), 0);
	assert_int_equal(bytes, 1921ull * 1081 + 1922ull * 541);
	fb.pitches[1] = 1920;
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_LAYOUT,
		       "NV12 plane 1: pitch 1920 < 961 pixels x 2 bytes = 1922");
	/* the plane that ends last decides, whatever the order */
	fb.pitches[1] = 1922;
	fb.offsets[0] = 1922 * 541;
	fb.offsets[1] = 0;
	assert_int_equal(size_of(&fb, &bytes, &err), 0);
	assert_int_equal(bytes, 1922ull * 541 + 1921ull * 1081);

	struct dcp_fb_create yuv = {
		.format = DRM_FORMAT_YUV420,
		.modifier = DRM_FORMAT_MOD_LINEAR,
		.width = 64,
		.height = 48,
		.pitches = { 64, 32, 32 },
		.offsets = { 0, 3072, 3840 },
	};
	assert_int_equal(size_of(&yuv, &bytes, &err), 0);
	assert_int_equal(bytes, 3840 + 32 * 24);
	/* P010: 2 bytes luma, 4 bytes per chroma pair */
	struct dcp_fb_create p010 = {
		.format = DRM_FORMAT_P010,
		.modifier = DRM_FORMAT_MOD_LINEAR,
		.width = 4,
		.height = 2,
		.pitches = { 8, 8 },
		.offsets = { 0, 16 },
	};
	assert_int_equal(size_of(&p010, &bytes, &err), 0);
	assert_int_equal(bytes, 24);
	(void)state;
}

static void unknown_formats(void **state)
{
	struct dcp_fb_create fb;

	sample_fb_xrgb(&fb, 64, 64);
	fb.format = fourcc_code('Z', 'Z', 'Z', 'Z');
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_FORMAT, "format 'ZZZZ' is not a DRM format");
	fb.format = 0;
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_FORMAT, "format 0x00000000");
	/* a real DRM format the protocol does not take (no size rule for it) */
	fb.format = DRM_FORMAT_C8;
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_FORMAT, "'C8  '");
	assert_null(dcp_format_info(DRM_FORMAT_C8));
	assert_string_equal(dcp_format_info(DRM_FORMAT_XRGB8888)->name, "XRGB8888");
	assert_int_equal(dcp_format_info(DRM_FORMAT_NV12)->plane_count, 2);
	(void)state;
}

static void modifiers(void **state)
{
	struct dcp_fb_create fb;

	sample_fb_xrgb(&fb, 64, 64);
	fb.modifier = DRM_FORMAT_MOD_INVALID;
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_MODIFIER, "DRM_FORMAT_MOD_INVALID");
	fb.modifier = I915_FORMAT_MOD_X_TILED;
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_MODIFIER, "(vendor 1) not supported");
	fb.modifier = AMD_FMT_MOD | AMD_FMT_MOD_SET(TILE_VERSION, AMD_FMT_MOD_TILE_VER_GFX9);
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_MODIFIER, "(vendor 2)");
	(void)state;
}

static void zero_and_absurd_sizes(void **state)
{
	struct dcp_fb_create fb;

	sample_fb_xrgb(&fb, 0, 64);
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_LAYOUT, "size 0x64 outside 1x1..16384x16384");
	sample_fb_xrgb(&fb, 64, 0);
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_LAYOUT, "size 64x0");
	sample_fb_xrgb(&fb, 16385, 1);
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_LAYOUT, "size 16385x1");
	sample_fb_xrgb(&fb, 64, 0xffffffffu);
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_LAYOUT, "size 64x4294967295");
	(void)state;
}

static void pitches(void **state)
{
	struct dcp_fb_create fb;

	sample_fb_xrgb(&fb, 1920, 1080);
	fb.pitches[0] = 0;
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_LAYOUT,
		       "XRGB8888 plane 0: pitch 0 < 1920 pixels x 4 bytes = 7680");
	fb.pitches[0] = 7679;
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_LAYOUT, "pitch 7679 < 1920");
	fb.pitches[0] = 7682;
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_LAYOUT,
		       "pitch 7682 is not a multiple of 4 bytes a pixel");
	fb.pitches[0] = DCP_MAX_FB_PITCH + 4;
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_LAYOUT, "pitch 262148 exceeds 262144");
	/* planes the format does not have must stay empty */
	sample_fb_xrgb(&fb, 64, 64);
	fb.pitches[1] = 256;
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_LAYOUT,
		       "XRGB8888 has 1 plane(s) but plane 1 has pitch 256 offset 0");
	sample_fb_xrgb(&fb, 64, 64);
	fb.offsets[3] = 4;
	expect_refused(&fb, -EINVAL, DCP_REASON_FB_LAYOUT, "plane 3 has pitch 0 offset 4");
	(void)state;
}

static void sizes_beyond_four_gib(void **state)
{
	struct dcp_fb_create fb;
	struct dcp_error err;
	uint64_t bytes;

	/* pitch x height = 2^32: one byte past the 32-bit limit */
	sample_fb_xrgb(&fb, 16384, 16384);
	fb.format = DRM_FORMAT_XRGB16161616F;
	fb.pitches[0] = DCP_MAX_FB_PITCH;
	expect_refused(&fb, -EOVERFLOW, DCP_REASON_FB_LAYOUT,
		       "offset 0 + pitch 262144 x 16384 rows does not fit in 4294967295 bytes");
	/* just under it is fine */
	fb.pitches[0] = DCP_MAX_FB_PITCH - 8;
	assert_int_equal(size_of(&fb, &bytes, &err), 0);
	assert_int_equal(bytes, (uint64_t)(DCP_MAX_FB_PITCH - 8) * 16384);
	/* the offset pushes it over */
	fb.offsets[0] = 0xffffffffu;
	expect_refused(&fb, -EOVERFLOW, DCP_REASON_FB_LAYOUT, "offset 4294967295 + pitch");
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(packed_rgb_sizes),	 cmocka_unit_test(subsampled_planes),
		cmocka_unit_test(unknown_formats),	 cmocka_unit_test(modifiers),
		cmocka_unit_test(zero_and_absurd_sizes), cmocka_unit_test(pitches),
		cmocka_unit_test(sizes_beyond_four_gib),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
