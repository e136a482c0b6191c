/*
 * A stream's primary plane and cursor: format, modifier, framebuffer size,
 * pitch and alignment, source and destination rectangles, the scaler, and
 * the DISPCLK and memory bandwidth the pipe needs (dc/calcs). Errors name
 * the output and the plane (err->plane 0 primary, 1 cursor), so a
 * compositor knows to compose that plane itself.
 */
#include <stdio.h>

#include <drm_fourcc.h>

#include "dc_priv.h"

#define PRIMARY 0
#define CURSOR	1

/* "NV12" for printable fourccs, else "?". */
static void fourcc_name(uint32_t fourcc, char name[5])
{
	for (int i = 0; i < 4; i++) {
		char c = (char)((fourcc >> (8 * i)) & 0xff);

		name[i] = c >= 0x20 && c < 0x7f ? c : '?';
	}
	name[4] = '\0';
}

/* A 16.16 value in pixels: "1920" or "1919.50". */
static void fmt_16_16(char *buf, size_t size, uint32_t v)
{
	if (v & 0xffff)
		dc_fmt_fixed(buf, size, (struct fixed32_32){ (uint64_t)v << 16 }, 1, 2);
	else
		snprintf(buf, size, "%u", v >> 16);
}

static int check_format(const struct dc *dc, const struct dc_plane *p, int index, const char *name,
			const struct dc_plane_format **fmt, struct dc_error *err)
{
	char fourcc[5], list[64] = "";
	size_t used = 0;

	*fmt = dc_pool_format(dc->pool, p->format);
	if (!*fmt) {
		for (unsigned i = 0; i < dc->pool->format_count && used < sizeof(list); i++)
			used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
						 i ? " " : "", dc->pool->formats[i].name);
		fourcc_name(p->format, fourcc);
		return dc_error_set(err, DC_ERR_PLANE_FORMAT, index, PRIMARY,
				    "%s primary plane: format %s (0x%08x) is not scanned out, %s "
				    "takes %s",
				    name, fourcc, p->format, dc->pool->dce, list);
	}
	if (p->modifier != DRM_FORMAT_MOD_LINEAR)
		return dc_error_set(err, DC_ERR_PLANE_FORMAT, index, PRIMARY,
				    "%s primary plane: modifier 0x%016llx is not scanned out, only "
				    "LINEAR (0x0)",
				    name, (unsigned long long)p->modifier);
	return 0;
}

static int check_buffer(const struct dc *dc, const struct dc_plane *p,
			const struct dc_plane_format *fmt, int index, const char *name,
			struct dc_error *err)
{
	const struct dc_resource_pool *pool = dc->pool;
	uint64_t line = (uint64_t)p->width * fmt->cpp;

	if (!p->width || !p->height || p->width > pool->max_surface ||
	    p->height > pool->max_surface)
		return dc_error_set(
			err, DC_ERR_PLANE_SIZE, index, PRIMARY,
			"%s primary plane: %ux%u framebuffer, %s scans out 1x1 to %ux%u", name,
			p->width, p->height, pool->dce, pool->max_surface, pool->max_surface);
	if (p->pitch < line)
		return dc_error_set(err, DC_ERR_PLANE_SIZE, index, PRIMARY,
				    "%s primary plane: pitch %u bytes, a %u-pixel line of %s needs "
				    "%llu",
				    name, p->pitch, p->width, fmt->name, (unsigned long long)line);
	if (p->pitch % pool->pitch_align_bytes)
		return dc_error_set(err, DC_ERR_PLANE_SIZE, index, PRIMARY,
				    "%s primary plane: pitch %u bytes is not a multiple of %u",
				    name, p->pitch, pool->pitch_align_bytes);
	if (p->pitch / fmt->cpp > pool->max_pitch_px)
		return dc_error_set(err, DC_ERR_PLANE_SIZE, index, PRIMARY,
				    "%s primary plane: pitch %u pixels, GRPH_PITCH holds up to %u",
				    name, p->pitch / fmt->cpp, pool->max_pitch_px);
	if (p->address % pool->address_align)
		return dc_error_set(err, DC_ERR_PLANE_SIZE, index, PRIMARY,
				    "%s primary plane: address 0x%llx is not %u-byte aligned", name,
				    (unsigned long long)p->address, pool->address_align);
	return 0;
}

static int check_rects(const struct dc *dc, const struct dc_stream *s, int index, const char *name,
		       struct dc_error *err)
{
	const struct dc_resource_pool *pool = dc->pool;
	const struct dc_plane *p = &s->primary;
	char x[16], y[16], w[16], h[16];
	uint64_t vp_w, vp_h, right, bottom, border;

	if ((uint64_t)p->src_x + p->src_w > (uint64_t)p->width << 16 ||
	    (uint64_t)p->src_y + p->src_h > (uint64_t)p->height << 16 || !p->src_w || !p->src_h) {
		fmt_16_16(x, sizeof(x), p->src_x);
		fmt_16_16(y, sizeof(y), p->src_y);
		fmt_16_16(w, sizeof(w), p->src_w);
		fmt_16_16(h, sizeof(h), p->src_h);
		return dc_error_set(err, DC_ERR_PLANE_SIZE, index, PRIMARY,
				    "%s primary plane: source %s,%s %sx%s is empty or outside the "
				    "%ux%u framebuffer",
				    name, x, y, w, h, p->width, p->height);
	}
	if (p->dst_x < 0 || p->dst_y < 0 || !p->dst_w || !p->dst_h ||
	    (uint64_t)p->dst_x + p->dst_w > s->mode.hdisplay ||
	    (uint64_t)p->dst_y + p->dst_h > s->mode.vdisplay)
		return dc_error_set(err, DC_ERR_PLANE_SIZE, index, PRIMARY,
				    "%s primary plane: destination %d,%d %ux%u is empty or outside "
				    "the %ux%u active area",
				    name, p->dst_x, p->dst_y, p->dst_w, p->dst_h, s->mode.hdisplay,
				    s->mode.vdisplay);
	/* the scaler's registers: whole-pixel viewport, destination as borders */
	vp_w = (((uint64_t)p->src_x + p->src_w + 0xffff) >> 16) - (p->src_x >> 16);
	vp_h = (((uint64_t)p->src_y + p->src_h + 0xffff) >> 16) - (p->src_y >> 16);
	if (vp_w > pool->max_viewport || vp_h > pool->max_viewport)
		return dc_error_set(err, DC_ERR_PLANE_SIZE, index, PRIMARY,
				    "%s primary plane: the source needs a %llux%llu viewport, "
				    "VIEWPORT_SIZE holds up to %ux%u",
				    name, (unsigned long long)vp_w, (unsigned long long)vp_h,
				    pool->max_viewport, pool->max_viewport);
	right = s->mode.hdisplay - (uint64_t)p->dst_x - p->dst_w;
	bottom = s->mode.vdisplay - (uint64_t)p->dst_y - p->dst_h;
	border = (uint64_t)p->dst_x > right ? (uint64_t)p->dst_x : right;
	border = (uint64_t)p->dst_y > border ? (uint64_t)p->dst_y : border;
	border = bottom > border ? bottom : border;
	if (border > pool->max_border)
		return dc_error_set(err, DC_ERR_PLANE_SIZE, index, PRIMARY,
				    "%s primary plane: destination %d,%d %ux%u leaves a %llu-pixel "
				    "border on the %ux%u active area, EXT_OVERSCAN holds up to %u",
				    name, p->dst_x, p->dst_y, p->dst_w, p->dst_h,
				    (unsigned long long)border, s->mode.hdisplay, s->mode.vdisplay,
				    pool->max_border);
	return 0;
}

static int scaler_error(const struct dc_stream *s, int index, const char *name,
			const struct dc_scaler_result *r, const struct dc_scaler_limits *lim,
			struct dc_error *err)
{
	const struct dc_plane *p = &s->primary;
	bool horizontal = r->limit == DC_SCALER_DOWNSCALE_H || r->limit == DC_SCALER_UPSCALE_H;
	uint32_t src = horizontal ? p->src_w : p->src_h;
	uint32_t dst = horizontal ? p->dst_w : p->dst_h;
	const char *dir = horizontal ? "horizontal" : "vertical";
	char src_s[16], ratio[16];

	fmt_16_16(src_s, sizeof(src_s), src);
	switch (r->limit) {
	case DC_SCALER_DOWNSCALE_H:
	case DC_SCALER_DOWNSCALE_V:
		dc_fmt_fixed(ratio, sizeof(ratio),
			     fixed32_32_from_fraction(src, (uint64_t)dst << 16), 1, 2);
		return dc_error_set(err, DC_ERR_SCALER, index, PRIMARY,
				    "%s primary plane: %s downscale %s -> %u is %s:1, the scaler "
				    "stays below %u:1",
				    name, dir, src_s, dst, ratio, lim->max_downscale);
	case DC_SCALER_UPSCALE_H:
	case DC_SCALER_UPSCALE_V:
		dc_fmt_fixed(ratio, sizeof(ratio),
			     fixed32_32_from_fraction((uint64_t)dst << 16, src), 1, 2);
		return dc_error_set(err, DC_ERR_SCALER, index, PRIMARY,
				    "%s primary plane: %s upscale %s -> %u is %sx, the scaler goes "
				    "up to %ux",
				    name, dir, src_s, dst, ratio, lim->max_upscale);
	case DC_SCALER_LINE_BUFFER:
		fmt_16_16(src_s, sizeof(src_s), p->src_h);
		return dc_error_set(err, DC_ERR_SCALER, index, PRIMARY,
				    "%s primary plane: vertical scaling %s -> %u needs 3 lines in "
				    "the line buffer, it holds %u of %u pixels (at %u bpp)",
				    name, src_s, p->dst_h, r->lb_lines,
				    r->vp_w < p->dst_w ? r->vp_w : p->dst_w, r->lb_bpp);
	default:
		return dc_error_set(err, DC_ERR_PLANE_SIZE, index, PRIMARY,
				    "%s primary plane: empty source or destination", name);
	}
}

static int check_primary(const struct dc *dc, const struct dc_stream *s, int index,
			 const char *name, struct dc_plane_load *load, struct dc_error *err)
{
	const struct dc_plane *p = &s->primary;
	const struct dc_plane_format *fmt;
	struct dc_scaler_result sc;
	struct fixed32_32 drain;
	char need[24], rate[24];
	int ret;

	ret = check_format(dc, p, index, name, &fmt, err);
	if (!ret)
		ret = check_buffer(dc, p, fmt, index, name, err);
	if (!ret)
		ret = check_rects(dc, s, index, name, err);
	if (ret)
		return ret;
	if (dc_scaler_compute(&dc->pool->scaler, p->src_x, p->src_y, p->src_w, p->src_h, p->dst_w,
			      p->dst_h, &sc))
		return scaler_error(s, index, name, &sc, &dc->pool->scaler, err);
	load->dispclk_khz = dc_dispclk_pipe_khz(s->mode.clock, s->mode.htotal, sc.vp_w, sc.v_ratio);
	load->mbyte_s =
		dc_bw_plane_mbyte_s(s->mode.clock, s->mode.htotal, sc.vp_w, fmt->cpp, sc.v_ratio);
	drain = dc_bw_dmif_bytes(load->mbyte_s, dc->pool->bw.urgent_latency_ns);
	if (fixed32_32_lt(fixed32_32_from_int(dc->pool->bw.dmif_bytes), drain)) {
		dc_fmt_fixed(rate, sizeof(rate), load->mbyte_s, 1, 2);
		dc_fmt_fixed(need, sizeof(need), drain, 1, 0);
		return dc_error_set(err, DC_ERR_MEMORY_BANDWIDTH, index, PRIMARY,
				    "%s primary plane: fetching %s MB/s drains %s bytes in the "
				    "%u ns urgent latency, the DMIF buffer holds %u",
				    name, rate, need, dc->pool->bw.urgent_latency_ns,
				    dc->pool->bw.dmif_bytes);
	}
	return 0;
}

static int check_cursor(const struct dc *dc, const struct dc_stream *s, int index, const char *name,
			struct dc_plane_load *load, struct dc_error *err)
{
	const struct dc_cursor *c = &s->cursor;
	const uint16_t *sizes = dc->pool->cursor_sizes;

	if (c->width != c->height || (c->width != sizes[0] && c->width != sizes[1]))
		return dc_error_set(err, DC_ERR_CURSOR, index, CURSOR,
				    "%s cursor: %ux%u, the cursor is ARGB8888 at %ux%u or %ux%u",
				    name, c->width, c->height, sizes[0], sizes[0], sizes[1],
				    sizes[1]);
	if (c->hot_x >= c->width || c->hot_y >= c->height)
		return dc_error_set(err, DC_ERR_CURSOR, index, CURSOR,
				    "%s cursor: hot spot %u,%u outside the %ux%u cursor", name,
				    c->hot_x, c->hot_y, c->width, c->height);
	/* one cursor line per output line */
	load->mbyte_s =
		fixed32_32_add(load->mbyte_s, dc_bw_plane_mbyte_s(s->mode.clock, s->mode.htotal,
								  c->width, 4, FIXED31_32_ONE));
	return 0;
}

int dc_validate_planes(const struct dc *dc, const struct dc_stream *s, int index,
		       struct dc_plane_load *load, struct dc_error *err)
{
	const char *name = dc->links[s->link].name;
	int ret = 0;

	/* no plane: the pipe still sends the blank color at the pixel rate */
	load->dispclk_khz = dc_dispclk_pipe_khz(s->mode.clock, s->mode.htotal, 0, FIXED31_32_ONE);
	load->mbyte_s = FIXED32_32_ZERO;
	if (s->primary.enabled)
		ret = check_primary(dc, s, index, name, load, err);
	if (!ret && s->cursor.enabled)
		ret = check_cursor(dc, s, index, name, load, err);
	return ret;
}
