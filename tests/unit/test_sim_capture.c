/*
 * Scanout capture: surface formats, cursor, blanking, unmapped memory, the
 * CRC (checked against zlib's crc32) and the PNG (read back with libpng).
 */
#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include <cmocka.h>

#include "sim_test_util.h"

#define W    64
#define H    48
#define ADDR 0x40000000ull

static struct sim *setup(void *surface, size_t size, uint32_t control, uint32_t swap)
{
	struct sim *sim = st_create(st_no_vbios_default());
	struct dc_hw *hw = sim_hw(sim);

	assert_int_equal(sim_map_memory(sim, ADDR, surface, size), 0);
	st_grph_program(hw, ADDR, control, swap, W, H);
	st_pll_program(hw, 0, 1, 44, 8);
	st_crtc_program(hw, 0, 0, 80, W, 60, H);
	return sim;
}

static uint32_t argb(unsigned x, unsigned y)
{
	return 0xff000000u | (x * 4) << 16 | (y * 5) << 8 | ((x ^ y) & 0xff);
}

static void expected_rgb(uint8_t *rgb)
{
	for (unsigned y = 0; y < H; y++)
		for (unsigned x = 0; x < W; x++) {
			uint8_t *p = &rgb[(y * W + x) * 3];

			p[0] = (uint8_t)(x * 4);
			p[1] = (uint8_t)(y * 5);
			p[2] = (uint8_t)(x ^ y);
		}
}

static void read_png(const char *path, uint8_t *rgb, unsigned *w, unsigned *h)
{
	FILE *f = fopen(path, "rb");
	png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png_create_info_struct(png);

	assert_non_null(f);
	if (setjmp(png_jmpbuf(png)))
		fail_msg("libpng could not read %s", path);
	png_init_io(png, f);
	png_read_info(png, info);
	*w = png_get_image_width(png, info);
	*h = png_get_image_height(png, info);
	assert_int_equal(png_get_color_type(png, info), PNG_COLOR_TYPE_RGB);
	assert_int_equal(png_get_bit_depth(png, info), 8);
	assert_int_equal(*w, W);
	assert_int_equal(*h, H);
	for (unsigned y = 0; y < *h; y++)
		png_read_row(png, rgb + y * W * 3, NULL);
	png_destroy_read_struct(&png, &info, NULL);
	fclose(f);
}

static void test_crc_and_png(void **state)
{
	static uint32_t surface[W * H];
	static uint8_t want[W * H * 3], got[W * H * 3];
	char path[] = "/tmp/sim-capture-XXXXXX";
	struct sim *sim;
	uint32_t crc;
	unsigned w, h;
	int fd;

	(void)state;
	for (unsigned y = 0; y < H; y++)
		for (unsigned x = 0; x < W; x++)
			surface[y * W + x] = argb(x, y);
	sim = setup(surface, sizeof(surface), DC_FIELD(GRPH_CONTROL, GRPH_DEPTH, 2), 0);
	expected_rgb(want);
	assert_int_equal(sim_capture_crc(sim, 0, &crc), 0);
	assert_int_equal(crc, (uint32_t)crc32(0, want, sizeof(want)));

	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(sim_capture_png(sim, 0, path), 0);
	read_png(path, got, &w, &h);
	unlink(path);
	assert_memory_equal(got, want, sizeof(want));

	/* a changed pixel changes the CRC */
	surface[5 * W + 7] ^= 0x10000;
	{
		uint32_t crc2;

		assert_int_equal(sim_capture_crc(sim, 0, &crc2), 0);
		assert_int_not_equal(crc2, crc);
	}
	sim_destroy(sim);
}

static void pixel(struct sim *sim, unsigned x, unsigned y, uint8_t out[3])
{
	uint8_t *rgb;
	unsigned w, h;

	assert_int_equal(sim_capture_rgb(sim, 0, &rgb, &w, &h), 0);
	assert_int_equal(w, W);
	assert_int_equal(h, H);
	memcpy(out, &rgb[(y * w + x) * 3], 3);
	free(rgb);
}

static void test_formats(void **state)
{
	static uint32_t s32[W * H];
	static uint16_t s16[W * H];
	struct sim *sim;
	uint8_t p[3];

	(void)state;
	/* ABGR8888: red in the low byte, selected by the crossbars */
	s32[0] = 0xff332211u;
	sim = setup(s32, sizeof(s32), DC_FIELD(GRPH_CONTROL, GRPH_DEPTH, 2),
		    DC_FIELD(GRPH_SWAP_CNTL, GRPH_RED_CROSSBAR, 2) |
			    DC_FIELD(GRPH_SWAP_CNTL, GRPH_BLUE_CROSSBAR, 2));
	pixel(sim, 0, 0, p);
	assert_int_equal(p[0], 0x11);
	assert_int_equal(p[1], 0x22);
	assert_int_equal(p[2], 0x33);
	sim_destroy(sim);

	/* XRGB2101010: 10-bit components shown as their top 8 bits */
	s32[0] = (0x3ffu << 20) | (0x200u << 10) | 0x004u;
	sim = setup(s32, sizeof(s32),
		    DC_FIELD(GRPH_CONTROL, GRPH_DEPTH, 2) | DC_FIELD(GRPH_CONTROL, GRPH_FORMAT, 1),
		    0);
	pixel(sim, 0, 0, p);
	assert_int_equal(p[0], 0xff);
	assert_int_equal(p[1], 0x80);
	assert_int_equal(p[2], 0x01);
	sim_destroy(sim);

	/* RGB565 */
	s16[1] = (uint16_t)(0x1f << 11 | 0x20 << 5 | 0x01);
	sim = setup(s16, sizeof(s16),
		    DC_FIELD(GRPH_CONTROL, GRPH_DEPTH, 1) | DC_FIELD(GRPH_CONTROL, GRPH_FORMAT, 1),
		    0);
	pixel(sim, 1, 0, p);
	assert_int_equal(p[0], 0xff);
	assert_int_equal(p[1], 0x82);
	assert_int_equal(p[2], 0x08);
	sim_destroy(sim);
}

static void test_cursor_blank_and_errors(void **state)
{
	static uint32_t surface[W * H], cursor[8 * 8];
	struct sim_stats stats;
	struct dc_hw *hw;
	struct sim *sim;
	uint8_t p[3];

	(void)state;
	for (unsigned i = 0; i < W * H; i++)
		surface[i] = 0xff202020u;
	for (unsigned i = 0; i < 64; i++)
		cursor[i] = 0xffff0000u; /* opaque red */
	cursor[0] = 0x80400000u;	 /* half-transparent, premultiplied */
	sim = setup(surface, sizeof(surface), DC_FIELD(GRPH_CONTROL, GRPH_DEPTH, 2), 0);
	hw = sim_hw(sim);
	assert_int_equal(sim_map_memory(sim, 0x50000000, cursor, sizeof(cursor)), 0);
	assert_int_equal(sim_map_memory(sim, 0x50000000, cursor, sizeof(cursor)), -EEXIST);
	dc_hw_write(hw, mmCUR_UPDATE, CUR_UPDATE__CURSOR_UPDATE_LOCK_MASK);
	dc_hw_write(hw, mmCUR_SURFACE_ADDRESS, 0x50000000);
	dc_hw_write(hw, mmCUR_SIZE,
		    DC_FIELD(CUR_SIZE, CURSOR_WIDTH, 7) | DC_FIELD(CUR_SIZE, CURSOR_HEIGHT, 7));
	dc_hw_write(hw, mmCUR_POSITION,
		    DC_FIELD(CUR_POSITION, CURSOR_X_POSITION, 12) |
			    DC_FIELD(CUR_POSITION, CURSOR_Y_POSITION, 12));
	dc_hw_write(hw, mmCUR_HOT_SPOT,
		    DC_FIELD(CUR_HOT_SPOT, CURSOR_HOT_SPOT_X, 2) |
			    DC_FIELD(CUR_HOT_SPOT, CURSOR_HOT_SPOT_Y, 2));
	dc_hw_write(hw, mmCUR_CONTROL,
		    DC_FIELD(CUR_CONTROL, CURSOR_EN, 1) | DC_FIELD(CUR_CONTROL, CURSOR_MODE, 2));
	/* locked: not shown yet, even after a frame */
	sim_advance(sim, 20000000);
	pixel(sim, 11, 11, p);
	assert_int_equal(p[0], 0x20);
	dc_hw_write(hw, mmCUR_UPDATE, 0);
	sim_advance(sim, 20000000);
	pixel(sim, 11, 11, p); /* cursor (1, 1) */
	assert_int_equal(p[0], 0xff);
	assert_int_equal(p[1], 0);
	pixel(sim, 10, 10, p); /* cursor (0, 0): 0x40 + 0x20 x (255 - 128) / 255 */
	assert_int_equal(p[0], 0x40 + 0x20 * 127 / 255);
	assert_int_equal(p[1], 0x20 * 127 / 255);
	pixel(sim, 18, 18, p); /* outside */
	assert_int_equal(p[0], 0x20);

	/* blanked: the blank color (10 bit per component) */
	dc_hw_write(hw, mmCRTC_BLANK_DATA_COLOR,
		    DC_FIELD(CRTC_BLANK_DATA_COLOR, CRTC_BLANK_DATA_COLOR_RED_CR, 0x3ff) |
			    DC_FIELD(CRTC_BLANK_DATA_COLOR, CRTC_BLANK_DATA_COLOR_BLUE_CB, 0x200));
	dc_hw_write(hw, mmCRTC_BLANK_CONTROL, CRTC_BLANK_CONTROL__CRTC_BLANK_DATA_EN_MASK);
	pixel(sim, 0, 0, p);
	assert_int_equal(p[0], 0xff);
	assert_int_equal(p[1], 0);
	assert_int_equal(p[2], 0x80);
	dc_hw_write(hw, mmCRTC_BLANK_CONTROL, 0);

	/* unmapped memory: magenta, counted */
	assert_int_equal(sim_unmap_memory(sim, ADDR), 0);
	assert_int_equal(sim_unmap_memory(sim, ADDR), -ENOENT);
	pixel(sim, 30, 30, p);
	assert_int_equal(p[0], 0xff);
	assert_int_equal(p[1], 0);
	assert_int_equal(p[2], 0xff);
	sim_get_stats(sim, &stats);
	assert_int_equal(stats.unmapped_pixels, W * H);

	/* CRTC off: black */
	dc_hw_write(hw, mmCRTC_CONTROL, 0);
	pixel(sim, 30, 30, p);
	assert_int_equal(p[0] | p[1] | p[2], 0);
	sim_destroy(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crc_and_png),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_cursor_blank_and_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
