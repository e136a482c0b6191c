/*
 * Scanout memory and capture: what the monitor on a pipe would show.
 *
 * Memory: the simulator reads surfaces through its own "IOMMU", the ranges
 * registered with sim_map_memory(). A pixel whose bytes are not mapped shows
 * as magenta (255, 0, 255) and is counted (sim_stats.unmapped_pixels).
 *
 * The frame (width x height = the CRTC's active area, from
 * CRTC_H_BLANK_END to CRTC_H_BLANK_START and CRTC_V_BLANK_END to
 * CRTC_V_BLANK_START):
 *  - black while the CRTC does not run (master enable off or no clock);
 *  - CRTC_BLANK_DATA_COLOR (10-bit components, shown as 8-bit) while
 *    CRTC_BLANK_CONTROL.CRTC_BLANK_DATA_EN is set;
 *  - otherwise the surface in use (GRPH_SURFACE_ADDRESS_INUSE) if
 *    GRPH_ENABLE, black if not: surface pixel
 *    (GRPH_SURFACE_OFFSET_X + GRPH_X_START + x, GRPH_SURFACE_OFFSET_Y +
 *    GRPH_Y_START + y) at x < GRPH_X_END - GRPH_X_START, y < GRPH_Y_END -
 *    GRPH_Y_START, black outside that viewport (no scaler), rows
 *    GRPH_PITCH pixels apart. Linear surfaces only (tiling is not modelled).
 *    Formats (GRPH_DEPTH, GRPH_FORMAT): 1,1 RGB565; 2,0 ARGB8888/XRGB8888;
 *    2,1 ARGB2101010/XRGB2101010, in little-endian words;
 *    GRPH_RED_CROSSBAR = GRPH_BLUE_CROSSBAR = 2 swaps red and blue
 *    (ABGR8888, XBGR8888, ABGR2101010); GRPH_ENDIAN_SWAP 1 (8-in-16) and 2
 *    (8-in-32) swap bytes first. Other formats show magenta. Alpha is
 *    ignored (the primary plane is opaque).
 *  - with the cursor (the double-buffered CUR_* in effect) composited when
 *    CURSOR_EN: CUR_SIZE fields hold size - 1, the image is
 *    (width x height) 32-bit ARGB words at CUR_SURFACE_ADDRESS_HIGH:
 *    CUR_SURFACE_ADDRESS with a pitch of width, its top-left at CUR_POSITION
 *    minus CUR_HOT_SPOT; CURSOR_MODE 2 blends premultiplied alpha, 3
 *    straight alpha; modes 0 and 1 (monochrome, 1-bit AND) are not modelled.
 *
 * CRC: CRC-32 (IEEE 802.3, reflected, polynomial 0xedb88320, initial and
 * final XOR 0xffffffff, the same as zlib's crc32()) over the frame's bytes
 * R, G, B per pixel, rows top to bottom.
 */
#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

static const uint8_t error_rgb[3] = { 255, 0, 255 };

int sim_map_memory(struct sim *sim, uint64_t gpu_addr, void *host_ptr, size_t size)
{
	struct sim_mapping *maps;

	if (!size || !host_ptr || gpu_addr + size < gpu_addr)
		return -EINVAL;
	for (size_t i = 0; i < sim->nmaps; i++) {
		const struct sim_mapping *m = &sim->maps[i];

		if (gpu_addr < m->gpu_addr + m->size && m->gpu_addr < gpu_addr + size)
			return -EEXIST;
	}
	maps = realloc(sim->maps, (sim->nmaps + 1) * sizeof(*maps));
	if (!maps)
		return -ENOMEM;
	sim->maps = maps;
	maps[sim->nmaps].gpu_addr = gpu_addr;
	maps[sim->nmaps].size = size;
	maps[sim->nmaps].host = host_ptr;
	sim->nmaps++;
	return 0;
}

int sim_unmap_memory(struct sim *sim, uint64_t gpu_addr)
{
	for (size_t i = 0; i < sim->nmaps; i++) {
		if (sim->maps[i].gpu_addr == gpu_addr) {
			sim->maps[i] = sim->maps[--sim->nmaps];
			return 0;
		}
	}
	return -ENOENT;
}

/* Host address of len bytes at gpu address addr, or NULL if not all mapped. */
static const uint8_t *lookup(struct sim *sim, uint64_t addr, size_t len)
{
	for (size_t i = 0; i < sim->nmaps; i++) {
		const struct sim_mapping *m = &sim->maps[i];

		if (addr >= m->gpu_addr && addr - m->gpu_addr + len <= m->size)
			return m->host + (addr - m->gpu_addr);
	}
	return NULL;
}

static uint32_t reg(struct sim *sim, unsigned pipe, uint32_t generic)
{
	return sim->st->regs[generic + dce110_crtc_offsets[pipe]];
}

static uint32_t load(const uint8_t *p, unsigned bytes, unsigned swap)
{
	uint8_t b[4] = { 0 };

	memcpy(b, p, bytes);
	if (swap == 1) { /* 8-in-16 */
		uint8_t t = b[0];

		b[0] = b[1];
		b[1] = t;
		t = b[2];
		b[2] = b[3];
		b[3] = t;
	} else if (swap == 2 && bytes == 4) { /* 8-in-32 */
		uint8_t t0 = b[0], t1 = b[1];

		b[0] = b[3];
		b[1] = b[2];
		b[2] = t1;
		b[3] = t0;
	}
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

struct surface {
	uint64_t addr;
	unsigned depth, format, bpp, swap;
	bool rb_swap;
	uint64_t pitch;
	unsigned x0, y0, vw, vh;
};

static bool decode(const struct surface *s, uint32_t w, uint8_t rgb[3])
{
	unsigned r, g, b;

	if (s->depth == 1 && s->format == 1) {
		r = (w >> 11) & 0x1f;
		g = (w >> 5) & 0x3f;
		b = w & 0x1f;
		r = r << 3 | r >> 2;
		g = g << 2 | g >> 4;
		b = b << 3 | b >> 2;
	} else if (s->depth == 2 && s->format == 0) {
		r = (w >> 16) & 0xff;
		g = (w >> 8) & 0xff;
		b = w & 0xff;
	} else if (s->depth == 2 && s->format == 1) {
		r = ((w >> 20) & 0x3ff) >> 2;
		g = ((w >> 10) & 0x3ff) >> 2;
		b = (w & 0x3ff) >> 2;
	} else {
		return false;
	}
	if (s->rb_swap) {
		unsigned t = r;

		r = b;
		b = t;
	}
	rgb[0] = (uint8_t)r;
	rgb[1] = (uint8_t)g;
	rgb[2] = (uint8_t)b;
	return true;
}

static void get_surface(struct sim *sim, unsigned pipe, struct surface *s)
{
	uint32_t control = reg(sim, pipe, mmGRPH_CONTROL);
	uint32_t swap = reg(sim, pipe, mmGRPH_SWAP_CNTL);
	unsigned xs = SIM_GET(reg(sim, pipe, mmGRPH_X_START), GRPH_X_START, GRPH_X_START);
	unsigned ys = SIM_GET(reg(sim, pipe, mmGRPH_Y_START), GRPH_Y_START, GRPH_Y_START);
	unsigned xe = SIM_GET(reg(sim, pipe, mmGRPH_X_END), GRPH_X_END, GRPH_X_END);
	unsigned ye = SIM_GET(reg(sim, pipe, mmGRPH_Y_END), GRPH_Y_END, GRPH_Y_END);

	s->addr = sim->st->crtc[pipe].inuse_addr;
	s->depth = SIM_GET(control, GRPH_CONTROL, GRPH_DEPTH);
	s->format = SIM_GET(control, GRPH_CONTROL, GRPH_FORMAT);
	s->bpp = s->depth == 1 ? 2 : s->depth == 2 ? 4 : s->depth == 3 ? 8 : 1;
	s->swap = SIM_GET(swap, GRPH_SWAP_CNTL, GRPH_ENDIAN_SWAP);
	s->rb_swap = SIM_GET(swap, GRPH_SWAP_CNTL, GRPH_RED_CROSSBAR) == 2 &&
		     SIM_GET(swap, GRPH_SWAP_CNTL, GRPH_BLUE_CROSSBAR) == 2;
	s->pitch = SIM_GET(reg(sim, pipe, mmGRPH_PITCH), GRPH_PITCH, GRPH_PITCH);
	s->x0 = SIM_GET(reg(sim, pipe, mmGRPH_SURFACE_OFFSET_X), GRPH_SURFACE_OFFSET_X,
			GRPH_SURFACE_OFFSET_X) +
		xs;
	s->y0 = SIM_GET(reg(sim, pipe, mmGRPH_SURFACE_OFFSET_Y), GRPH_SURFACE_OFFSET_Y,
			GRPH_SURFACE_OFFSET_Y) +
		ys;
	s->vw = xe > xs ? xe - xs : 0;
	s->vh = ye > ys ? ye - ys : 0;
}

static void draw_surface(struct sim *sim, unsigned pipe, uint8_t *rgb, unsigned w, unsigned h)
{
	struct surface s;
	uint64_t bad = 0;

	get_surface(sim, pipe, &s);
	for (unsigned y = 0; y < h && y < s.vh; y++) {
		for (unsigned x = 0; x < w && x < s.vw; x++) {
			uint64_t at = s.addr + ((uint64_t)(s.y0 + y) * s.pitch + s.x0 + x) * s.bpp;
			const uint8_t *p = lookup(sim, at, s.bpp);
			uint8_t *out = &rgb[((size_t)y * w + x) * 3];

			if (!p) {
				memcpy(out, error_rgb, 3);
				bad++;
			} else if (!decode(&s, load(p, s.bpp > 4 ? 4 : s.bpp, s.swap), out)) {
				memcpy(out, error_rgb, 3);
			}
		}
	}
	sim->unmapped_pixels += bad;
}

static uint8_t blend(uint8_t dst, unsigned src, unsigned alpha, bool premultiplied)
{
	unsigned v = premultiplied ? src + dst * (255 - alpha) / 255
				   : (src * alpha + dst * (255 - alpha)) / 255;

	return (uint8_t)(v > 255 ? 255 : v);
}

static void draw_cursor(struct sim *sim, unsigned pipe, uint8_t *rgb, unsigned w, unsigned h)
{
	const struct sim_crtc *c = &sim->st->crtc[pipe];
	unsigned mode = SIM_GET(c->cur_control, CUR_CONTROL, CURSOR_MODE);
	unsigned cw = SIM_GET(c->cur_size, CUR_SIZE, CURSOR_WIDTH) + 1;
	unsigned ch = SIM_GET(c->cur_size, CUR_SIZE, CURSOR_HEIGHT) + 1;
	int x0 = (int)SIM_GET(c->cur_pos, CUR_POSITION, CURSOR_X_POSITION) -
		 (int)SIM_GET(c->cur_hot, CUR_HOT_SPOT, CURSOR_HOT_SPOT_X);
	int y0 = (int)SIM_GET(c->cur_pos, CUR_POSITION, CURSOR_Y_POSITION) -
		 (int)SIM_GET(c->cur_hot, CUR_HOT_SPOT, CURSOR_HOT_SPOT_Y);
	uint64_t addr = ((uint64_t)(c->cur_addr_high & 0xff) << 32) | c->cur_addr;

	if (!(c->cur_control & CUR_CONTROL__CURSOR_EN_MASK) || (mode != 2 && mode != 3))
		return;
	for (unsigned cy = 0; cy < ch; cy++) {
		for (unsigned cx = 0; cx < cw; cx++) {
			int x = x0 + (int)cx, y = y0 + (int)cy;
			const uint8_t *p;
			uint8_t *out;
			uint32_t px;
			unsigned a;

			if (x < 0 || y < 0 || (unsigned)x >= w || (unsigned)y >= h)
				continue;
			out = &rgb[((size_t)y * w + (unsigned)x) * 3];
			p = lookup(sim, addr + ((uint64_t)cy * cw + cx) * 4, 4);
			if (!p) {
				memcpy(out, error_rgb, 3);
				sim->unmapped_pixels++;
				continue;
			}
			px = load(p, 4, 0);
			a = px >> 24;
			out[0] = blend(out[0], (px >> 16) & 0xff, a, mode == 2);
			out[1] = blend(out[1], (px >> 8) & 0xff, a, mode == 2);
			out[2] = blend(out[2], px & 0xff, a, mode == 2);
		}
	}
}

static void active_size(struct sim *sim, unsigned pipe, unsigned *w, unsigned *h)
{
	uint32_t hb = reg(sim, pipe, mmCRTC_H_BLANK_START_END);
	uint32_t vb = reg(sim, pipe, mmCRTC_V_BLANK_START_END);
	unsigned hs = SIM_GET(hb, CRTC_H_BLANK_START_END, CRTC_H_BLANK_START);
	unsigned he = SIM_GET(hb, CRTC_H_BLANK_START_END, CRTC_H_BLANK_END);
	unsigned vs = SIM_GET(vb, CRTC_V_BLANK_START_END, CRTC_V_BLANK_START);
	unsigned ve = SIM_GET(vb, CRTC_V_BLANK_START_END, CRTC_V_BLANK_END);

	*w = hs > he ? hs - he : 0;
	*h = vs > ve ? vs - ve : 0;
}

static int capture_rgb(struct sim *sim, unsigned pipe, bool sync, uint8_t **out, unsigned *width,
		       unsigned *height)
{
	unsigned w, h;
	uint8_t *rgb;

	if (pipe >= sim->st->npipes)
		return -EINVAL;
	if (sync)
		sim_sync(sim);
	active_size(sim, pipe, &w, &h);
	if (!w || !h)
		return -ENODATA;
	rgb = calloc((size_t)w * h, 3);
	if (!rgb)
		return -ENOMEM;
	if (sim->st->crtc[pipe].running) {
		uint32_t blank = reg(sim, pipe, mmCRTC_BLANK_CONTROL);

		if (blank & CRTC_BLANK_CONTROL__CRTC_BLANK_DATA_EN_MASK) {
			uint32_t color = reg(sim, pipe, mmCRTC_BLANK_DATA_COLOR);
			uint8_t c[3] = {
				(uint8_t)(SIM_GET(color, CRTC_BLANK_DATA_COLOR,
						  CRTC_BLANK_DATA_COLOR_RED_CR) >>
					  2),
				(uint8_t)(SIM_GET(color, CRTC_BLANK_DATA_COLOR,
						  CRTC_BLANK_DATA_COLOR_GREEN_Y) >>
					  2),
				(uint8_t)(SIM_GET(color, CRTC_BLANK_DATA_COLOR,
						  CRTC_BLANK_DATA_COLOR_BLUE_CB) >>
					  2),
			};

			for (size_t i = 0; i < (size_t)w * h; i++)
				memcpy(&rgb[i * 3], c, 3);
		} else {
			if (reg(sim, pipe, mmGRPH_ENABLE) & GRPH_ENABLE__GRPH_ENABLE_MASK)
				draw_surface(sim, pipe, rgb, w, h);
			draw_cursor(sim, pipe, rgb, w, h);
		}
	}
	*out = rgb;
	*width = w;
	*height = h;
	return 0;
}

int sim_capture_rgb(struct sim *sim, unsigned pipe, uint8_t **out, unsigned *width,
		    unsigned *height)
{
	return capture_rgb(sim, pipe, true, out, width, height);
}

static uint32_t crc32_of(const uint8_t *bytes, size_t len)
{
	uint32_t table[256];
	uint32_t c = 0xffffffffu;

	for (uint32_t i = 0; i < 256; i++) {
		uint32_t v = i;

		for (int k = 0; k < 8; k++)
			v = v & 1 ? 0xedb88320u ^ (v >> 1) : v >> 1;
		table[i] = v;
	}
	for (size_t i = 0; i < len; i++)
		c = table[(c ^ bytes[i]) & 0xff] ^ (c >> 8);
	return ~c;
}

int sim_capture_crc(struct sim *sim, unsigned pipe, uint32_t *crc)
{
	uint8_t *rgb;
	unsigned w, h;
	int r = sim_capture_rgb(sim, pipe, &rgb, &w, &h);

	if (r < 0)
		return r;
	*crc = crc32_of(rgb, (size_t)w * h * 3);
	free(rgb);
	return 0;
}

static int write_png(FILE *f, const uint8_t *rgb, unsigned w, unsigned h)
{
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;

	if (!info) {
		png_destroy_write_struct(&png, NULL);
		return -ENOMEM;
	}
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		return -EIO;
	}
	png_init_io(png, f);
	png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	for (unsigned y = 0; y < h; y++)
		png_write_row(png, rgb + (size_t)y * w * 3);
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	return 0;
}

static int capture_png(struct sim *sim, unsigned pipe, bool sync, const char *path, uint32_t *crc)
{
	uint8_t *rgb;
	unsigned w, h;
	FILE *f;
	int r = capture_rgb(sim, pipe, sync, &rgb, &w, &h);

	if (r < 0)
		return r;
	f = fopen(path, "wbe");
	if (!f) {
		r = -errno;
		free(rgb);
		return r;
	}
	r = write_png(f, rgb, w, h);
	if (fclose(f) != 0 && r == 0)
		r = -errno;
	if (r == 0 && crc)
		*crc = crc32_of(rgb, (size_t)w * h * 3);
	free(rgb);
	return r;
}

int sim_capture_png_crc(struct sim *sim, unsigned pipe, const char *path, uint32_t *crc)
{
	return capture_png(sim, pipe, true, path, crc);
}

int sim_capture_png_unsynced(struct sim *sim, unsigned pipe, const char *path, uint32_t *crc)
{
	return capture_png(sim, pipe, false, path, crc);
}

int sim_capture_png(struct sim *sim, unsigned pipe, const char *path)
{
	return capture_png(sim, pipe, true, path, NULL);
}
