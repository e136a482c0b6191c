/*
 * Scanout memory and capture: what the monitor on a pipe would show.
 *
 * Memory: surface and cursor addresses are MC addresses (sim_mc.c): VRAM,
 * or bus addresses the simulator reads through its own "IOMMU", the ranges
 * registered with sim_map_memory(). A pixel whose bytes the IOMMU does not
 * map shows as magenta (255, 0, 255) and is counted
 * (sim_stats.unmapped_pixels); one the MC maps nowhere is noise derived
 * from its address (sim_stats.garbage_pixels).
 *
 * The frame (width x height = the CRTC's active area, from
 * CRTC_H_BLANK_END to CRTC_H_BLANK_START and CRTC_V_BLANK_END to
 * CRTC_V_BLANK_START) is built at 10 bits per component:
 *  - black while the CRTC does not run (master enable off or no clock);
 *  - CRTC_BLANK_DATA_COLOR while CRTC_BLANK_CONTROL.CRTC_BLANK_DATA_EN is set;
 *  - otherwise what the pipe scans out (sim_scanout.c: surface, line
 *    buffer, scaler, overscan) with the cursor (the double-buffered CUR_*
 *    in effect) composited when CURSOR_EN: CUR_SIZE fields hold size - 1,
 *    the image is (width x height) 32-bit ARGB words at
 *    CUR_SURFACE_ADDRESS_HIGH:CUR_SURFACE_ADDRESS with a pitch of width, its
 *    top-left at CUR_POSITION minus CUR_HOT_SPOT in active-area pixels
 *    (not scaled); CURSOR_MODE 2 blends premultiplied alpha, 3 straight
 *    alpha, at 8 bits per component; modes 0 and 1 (monochrome, 1-bit AND)
 *    are not modelled.
 * then reduced by FMT (sim_fmt.c), and captured as the top 8 bits of each
 * component.
 *
 * CRC: CRC-32 (IEEE 802.3, reflected, polynomial 0xedb88320, initial and
 * final XOR 0xffffffff, the same as zlib's crc32()) over the frame's bytes
 * R, G, B per pixel, rows top to bottom.
 */
#include <dlfcn.h>
#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

static const uint8_t error_rgb[3] = { 255, 0, 255 };

static int map_memory(struct sim *sim, uint64_t gpu_addr, void *host_ptr, size_t size,
		      bool device_writes)
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
	maps[sim->nmaps].device_writes = device_writes;
	sim->nmaps++;
	return 0;
}

int sim_map_memory(struct sim *sim, uint64_t gpu_addr, void *host_ptr, size_t size)
{
	return map_memory(sim, gpu_addr, host_ptr, size, false);
}

int sim_map_memory_rw(struct sim *sim, uint64_t gpu_addr, void *host_ptr, size_t size)
{
	return map_memory(sim, gpu_addr, host_ptr, size, true);
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

static const struct sim_mapping *find_mapping(struct sim *sim, uint64_t addr, size_t len)
{
	for (size_t i = 0; i < sim->nmaps; i++) {
		const struct sim_mapping *m = &sim->maps[i];

		if (addr >= m->gpu_addr && addr - m->gpu_addr + len <= m->size)
			return m;
	}
	return NULL;
}

const uint8_t *sim_mem_lookup(struct sim *sim, uint64_t addr, size_t len)
{
	const struct sim_mapping *m = find_mapping(sim, addr, len);

	return m ? m->host + (addr - m->gpu_addr) : NULL;
}

uint8_t *sim_mem_lookup_writable(struct sim *sim, uint64_t addr, size_t len)
{
	const struct sim_mapping *m = find_mapping(sim, addr, len);

	return m && m->device_writes ? m->host + (addr - m->gpu_addr) : NULL;
}

static uint32_t reg(struct sim *sim, unsigned pipe, uint32_t generic)
{
	return sim->st->regs[generic + dce110_crtc_offsets[pipe]];
}

static uint8_t blend(uint8_t dst, unsigned src, unsigned alpha, bool premultiplied)
{
	unsigned v = premultiplied ? src + dst * (255 - alpha) / 255
				   : (src * alpha + dst * (255 - alpha)) / 255;

	return (uint8_t)(v > 255 ? 255 : v);
}

/* 8 to 10 bits by bit replication, as the surface formats expand. */
static uint16_t to10(unsigned v8)
{
	return (uint16_t)(v8 << 2 | v8 >> 6);
}

/* The cursor over a 10-bit frame, blended at its own 8 bits per component. */
static void draw_cursor(struct sim *sim, unsigned pipe, uint16_t *frame, unsigned w, unsigned h)
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
			uint16_t *out;
			uint32_t px;
			unsigned a;
			uint8_t junk[4];
			bool garbage;
			uint64_t at;

			if (x < 0 || y < 0 || (unsigned)x >= w || (unsigned)y >= h)
				continue;
			out = &frame[((size_t)y * w + (unsigned)x) * 3];
			at = addr + ((uint64_t)cy * cw + cx) * 4;
			p = sim_mc_lookup(sim, at, 4, &garbage);
			if (garbage) { /* the MC maps it nowhere: noise */
				sim_mc_garbage(at, junk, 4);
				p = junk;
				sim->garbage_pixels++;
			}
			if (!p) {
				for (int i = 0; i < 3; i++)
					out[i] = to10(error_rgb[i]);
				sim->unmapped_pixels++;
				continue;
			}
			px = sim_mem_word(p, 4, 0);
			a = px >> 24;
			if (!(px & (mode == 2 ? 0xffffffffu : 0xff000000u)))
				continue; /* fully transparent: the 10 bits below stay */
			for (int i = 0; i < 3; i++)
				out[i] = to10(blend((uint8_t)(out[i] >> 2),
						    (px >> (16 - 8 * i)) & 0xff, a, mode == 2));
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

/* The 10-bit frame of a running pipe: blank color, or planes and cursor; then FMT. */
static void render(struct sim *sim, unsigned pipe, uint16_t *frame, unsigned w, unsigned h)
{
	if (reg(sim, pipe, mmCRTC_BLANK_CONTROL) & CRTC_BLANK_CONTROL__CRTC_BLANK_DATA_EN_MASK) {
		uint32_t color = reg(sim, pipe, mmCRTC_BLANK_DATA_COLOR);
		const uint16_t c[3] = {
			(uint16_t)SIM_GET(color, CRTC_BLANK_DATA_COLOR,
					  CRTC_BLANK_DATA_COLOR_RED_CR),
			(uint16_t)SIM_GET(color, CRTC_BLANK_DATA_COLOR,
					  CRTC_BLANK_DATA_COLOR_GREEN_Y),
			(uint16_t)SIM_GET(color, CRTC_BLANK_DATA_COLOR,
					  CRTC_BLANK_DATA_COLOR_BLUE_CB),
		};

		for (size_t i = 0; i < (size_t)w * h; i++)
			memcpy(&frame[i * 3], c, sizeof(c));
	} else {
		sim_scanout_render(sim, pipe, frame, w, h);
		draw_cursor(sim, pipe, frame, w, h);
	}
	sim_fmt_apply(sim, pipe, frame, w, h);
}

static int capture_rgb(struct sim *sim, unsigned pipe, bool sync, uint8_t **out, unsigned *width,
		       unsigned *height)
{
	unsigned w, h;
	uint16_t *frame;
	uint8_t *rgb;

	if (pipe >= sim->st->npipes)
		return -EINVAL;
	if (sync)
		sim_sync(sim);
	active_size(sim, pipe, &w, &h);
	if (!w || !h)
		return -ENODATA;
	rgb = calloc((size_t)w * h, 3);
	frame = calloc((size_t)w * h * 3, sizeof(*frame));
	if (!rgb || !frame) {
		free(rgb);
		free(frame);
		return -ENOMEM;
	}
	if (sim->st->crtc[pipe].running)
		render(sim, pipe, frame, w, h);
	for (size_t i = 0; i < (size_t)w * h * 3; i++)
		rgb[i] = (uint8_t)(frame[i] >> 2);
	free(frame);
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

/*
 * libpng is opened at the first PNG written, not linked: only screenshots
 * need it, and linked it maps libpng, zlib and libm into every dcd from
 * start-up on (about 450 KiB resident of an idle daemon's 4.5 MiB;
 * docs/performance.md). The functions are libpng's own, called through
 * the addresses dlsym finds; the header gives their types.
 */
static struct {
	bool tried;
	void *lib;
	__typeof__(png_create_write_struct) *create_write_struct;
	__typeof__(png_create_info_struct) *create_info_struct;
	__typeof__(png_destroy_write_struct) *destroy_write_struct;
	__typeof__(png_set_longjmp_fn) *set_longjmp_fn;
	__typeof__(png_init_io) *init_io;
	__typeof__(png_set_IHDR) *set_IHDR;
	__typeof__(png_write_info) *write_info;
	__typeof__(png_write_row) *write_row;
	__typeof__(png_write_end) *write_end;
} lp;

#define LP_SYM(name) (*(void **)&lp.name = dlsym(lp.lib, "png_" #name)) != NULL

/* 0, or -ENOSYS when libpng (SIM_LIBPNG_SONAME) or one of its functions is missing. */
static int libpng_open(void)
{
	if (!lp.tried) {
		lp.tried = true;
		lp.lib = dlopen(SIM_LIBPNG_SONAME, RTLD_NOW | RTLD_LOCAL);
		if (lp.lib && !(LP_SYM(create_write_struct) && LP_SYM(create_info_struct) &&
				LP_SYM(destroy_write_struct) && LP_SYM(set_longjmp_fn) &&
				LP_SYM(init_io) && LP_SYM(set_IHDR) && LP_SYM(write_info) &&
				LP_SYM(write_row) && LP_SYM(write_end))) {
			dlclose(lp.lib);
			lp.lib = NULL;
		}
	}
	return lp.lib ? 0 : -ENOSYS;
}

static int write_png(FILE *f, const uint8_t *rgb, unsigned w, unsigned h)
{
	png_structp png;
	png_infop info;

	if (libpng_open() < 0)
		return -ENOSYS;
	png = lp.create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	info = png ? lp.create_info_struct(png) : NULL;
	if (!info) {
		lp.destroy_write_struct(&png, NULL);
		return -ENOMEM;
	}
	/* png_jmpbuf(), through the opened library. */
	if (setjmp(*lp.set_longjmp_fn(png, longjmp, sizeof(jmp_buf)))) {
		lp.destroy_write_struct(&png, &info);
		return -EIO;
	}
	lp.init_io(png, f);
	lp.set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
		    PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	lp.write_info(png, info);
	for (unsigned y = 0; y < h; y++)
		lp.write_row(png, rgb + (size_t)y * w * 3);
	lp.write_end(png, NULL);
	lp.destroy_write_struct(&png, &info);
	return 0;
}

int sim_png_write_rgb(const char *path, const uint8_t *rgb, unsigned w, unsigned h, uint32_t *crc)
{
	FILE *f = fopen(path, "wbe");
	int r;

	if (!f)
		return -errno;
	r = write_png(f, rgb, w, h);
	if (fclose(f) != 0 && r == 0)
		r = -errno;
	if (r == 0 && crc)
		*crc = crc32_of(rgb, (size_t)w * h * 3);
	return r;
}

static int capture_png(struct sim *sim, unsigned pipe, bool sync, const char *path, uint32_t *crc)
{
	uint8_t *rgb;
	unsigned w, h;
	int r = capture_rgb(sim, pipe, sync, &rgb, &w, &h);

	if (r < 0)
		return r;
	r = sim_png_write_rgb(path, rgb, w, h, crc);
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
