/*
 * What a running pipe sends into the timing generator's active area, at 10
 * bits per component: the surface read through the viewport, stored in the
 * line buffer, scaled into the destination rectangle, the overscan color
 * around it. docs/sim.md ("Scaler and line buffer") is the specification;
 * everything is integer arithmetic, so a frame is exactly reproducible.
 *
 *  - Destination (recout): the active area minus the EXT_OVERSCAN_LEFT /
 *    RIGHT / TOP / BOTTOM borders; the borders show CRTC_OVERSCAN_COLOR.
 *  - Viewport: VIEWPORT_START / VIEWPORT_SIZE in surface pixels; surface
 *    pixel (x, y) is at GRPH_SURFACE_OFFSET + (x, y), rows GRPH_PITCH apart,
 *    and only pixels inside GRPH_X/Y_START .. GRPH_X/Y_END exist (black
 *    elsewhere). A VIEWPORT_SIZE of 0 (its power-on value) means the
 *    viewport is that GRPH window.
 *  - Line buffer: LB_DATA_FORMAT.PIXEL_DEPTH 24 or 18 bpp keeps the top 8
 *    or 6 bits of each component, expanded back by bit replication
 *    (PIXEL_EXPAN_MODE 1) or zeros (0); 30 and 36 bpp keep all 10.
 *  - SCL_MODE 0 (bypass): viewport pixel (i, j) at recout pixel (i, j),
 *    black where the viewport does not reach.
 *  - SCL_MODE 1 or 2: per direction, output k samples at
 *    p = INIT + k x SCALE_RATIO (2.24 fixed point); with n taps, tap t reads
 *    source pixel floor(p) - n + t with the coefficient of phase
 *    round(frac(p) x 16) (phase 16 is phase 0 of the next pixel) from the
 *    coefficient RAM (RGB_Y filter types; phases 9..15 mirror 7..1); one tap
 *    reads floor(p) - 1 alone (nearest). Vertical first, each pass rounded
 *    to 10 bits: (sum + 2048) >> 12, clamped to 0..1023. Pixels beyond the
 *    viewport repeat its edge (SCL_BOUNDARY_MODE 1) or are black (0).
 */
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

#define TAPS_MAX  4
#define ROW_CACHE 8

static const uint16_t error_px[3] = { 1023, 0, 1023 };

static uint32_t reg(struct sim *sim, unsigned pipe, uint32_t generic)
{
	return sim->st->regs[generic + dce110_crtc_offsets[pipe]];
}

uint32_t sim_mem_word(const uint8_t *p, unsigned bytes, unsigned swap)
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

struct source {
	uint64_t addr, pitch;
	unsigned depth, format, bpp, swap;
	bool rb_swap;
	unsigned off_x, off_y;	     /* GRPH_SURFACE_OFFSET */
	unsigned gx0, gy0, gx1, gy1; /* GRPH window: the pixels that exist */
	unsigned vx, vy, vw, vh;     /* viewport */
	unsigned lb_keep;	     /* bits the line buffer keeps: 10, 8 or 6 */
	bool lb_replicate;
};

static void get_source(struct sim *sim, unsigned pipe, struct source *s)
{
	uint32_t control = reg(sim, pipe, mmGRPH_CONTROL);
	uint32_t swap = reg(sim, pipe, mmGRPH_SWAP_CNTL);
	uint32_t lb = reg(sim, pipe, mmLB_DATA_FORMAT);
	uint32_t start = sim_scl_in_effect(sim, pipe, mmVIEWPORT_START);
	uint32_t size = sim_scl_in_effect(sim, pipe, mmVIEWPORT_SIZE);
	unsigned lb_depth = SIM_GET(lb, LB_DATA_FORMAT, PIXEL_DEPTH);

	s->addr = sim->st->crtc[pipe].inuse_addr;
	s->depth = SIM_GET(control, GRPH_CONTROL, GRPH_DEPTH);
	s->format = SIM_GET(control, GRPH_CONTROL, GRPH_FORMAT);
	s->bpp = s->depth == 1 ? 2 : s->depth == 2 ? 4 : s->depth == 3 ? 8 : 1;
	s->swap = SIM_GET(swap, GRPH_SWAP_CNTL, GRPH_ENDIAN_SWAP);
	s->rb_swap = SIM_GET(swap, GRPH_SWAP_CNTL, GRPH_RED_CROSSBAR) == 2 &&
		     SIM_GET(swap, GRPH_SWAP_CNTL, GRPH_BLUE_CROSSBAR) == 2;
	s->pitch = SIM_GET(reg(sim, pipe, mmGRPH_PITCH), GRPH_PITCH, GRPH_PITCH);
	s->off_x = SIM_GET(reg(sim, pipe, mmGRPH_SURFACE_OFFSET_X), GRPH_SURFACE_OFFSET_X,
			   GRPH_SURFACE_OFFSET_X);
	s->off_y = SIM_GET(reg(sim, pipe, mmGRPH_SURFACE_OFFSET_Y), GRPH_SURFACE_OFFSET_Y,
			   GRPH_SURFACE_OFFSET_Y);
	s->gx0 = SIM_GET(reg(sim, pipe, mmGRPH_X_START), GRPH_X_START, GRPH_X_START);
	s->gy0 = SIM_GET(reg(sim, pipe, mmGRPH_Y_START), GRPH_Y_START, GRPH_Y_START);
	s->gx1 = SIM_GET(reg(sim, pipe, mmGRPH_X_END), GRPH_X_END, GRPH_X_END);
	s->gy1 = SIM_GET(reg(sim, pipe, mmGRPH_Y_END), GRPH_Y_END, GRPH_Y_END);
	s->vw = SIM_GET(size, VIEWPORT_SIZE, VIEWPORT_WIDTH);
	s->vh = SIM_GET(size, VIEWPORT_SIZE, VIEWPORT_HEIGHT);
	if (s->vw && s->vh) {
		s->vx = SIM_GET(start, VIEWPORT_START, VIEWPORT_X_START);
		s->vy = SIM_GET(start, VIEWPORT_START, VIEWPORT_Y_START);
	} else { /* not programmed: the GRPH window */
		s->vx = s->gx0;
		s->vy = s->gy0;
		s->vw = s->gx1 > s->gx0 ? s->gx1 - s->gx0 : 0;
		s->vh = s->gy1 > s->gy0 ? s->gy1 - s->gy0 : 0;
	}
	s->lb_keep = lb_depth == LB_PIXEL_DEPTH_24BPP	? 8
		     : lb_depth == LB_PIXEL_DEPTH_18BPP ? 6
							: 10;
	s->lb_replicate = SIM_GET(lb, LB_DATA_FORMAT, PIXEL_EXPAN_MODE);
}

/* A surface word as 10-bit R, G, B; false for a format not modelled. */
static bool decode(const struct source *s, uint32_t w, uint16_t out[3])
{
	unsigned r, g, b;

	if (s->depth == 1 && s->format == 1) {
		r = (w >> 11) & 0x1f;
		g = (w >> 5) & 0x3f;
		b = w & 0x1f;
		r = r << 5 | r;
		g = g << 4 | g >> 2;
		b = b << 5 | b;
	} else if (s->depth == 2 && s->format == 0) {
		r = (w >> 16) & 0xff;
		g = (w >> 8) & 0xff;
		b = w & 0xff;
		r = r << 2 | r >> 6;
		g = g << 2 | g >> 6;
		b = b << 2 | b >> 6;
	} else if (s->depth == 2 && s->format == 1) {
		r = (w >> 20) & 0x3ff;
		g = (w >> 10) & 0x3ff;
		b = w & 0x3ff;
	} else {
		return false;
	}
	out[0] = (uint16_t)(s->rb_swap ? b : r);
	out[1] = (uint16_t)g;
	out[2] = (uint16_t)(s->rb_swap ? r : b);
	return true;
}

/* What the line buffer keeps of a 10-bit component. */
static uint16_t lb_store(const struct source *s, uint16_t v)
{
	unsigned drop = 10 - s->lb_keep, kept = v >> drop;

	if (!drop)
		return v;
	return (uint16_t)(kept << drop | (s->lb_replicate ? kept >> (s->lb_keep - drop) : 0));
}

/* Viewport row j, pixels 0 .. n-1, as 10-bit RGB after the line buffer. */
static void fetch_row(struct sim *sim, const struct source *s, unsigned j, unsigned n,
		      uint16_t *out)
{
	unsigned sy = s->vy + j;
	uint64_t bad = 0;

	for (unsigned i = 0; i < n; i++) {
		unsigned sx = s->vx + i;
		uint16_t *o = &out[3 * i];
		const uint8_t *p;
		uint8_t junk[8];
		bool garbage;
		uint64_t at;

		if (sx < s->gx0 || sx >= s->gx1 || sy < s->gy0 || sy >= s->gy1) {
			o[0] = o[1] = o[2] = 0;
			continue;
		}
		at = s->addr + ((uint64_t)(s->off_y + sy) * s->pitch + s->off_x + sx) * s->bpp;
		p = sim_mc_lookup(sim, at, s->bpp, &garbage);
		if (garbage) { /* the MC maps it nowhere: noise */
			sim_mc_garbage(at, junk, s->bpp);
			p = junk;
			sim->garbage_pixels++;
		}
		if (!p) {
			bad++;
			memcpy(o, error_px, sizeof(error_px));
		} else if (!decode(s, sim_mem_word(p, s->bpp > 4 ? 4 : s->bpp, s->swap), o)) {
			memcpy(o, error_px, sizeof(error_px));
		} else {
			for (int c = 0; c < 3; c++)
				o[c] = lb_store(s, o[c]);
		}
	}
	sim->unmapped_pixels += bad;
}

/* ---- the scaler ------------------------------------------------------------ */

struct axis {
	unsigned taps;
	uint64_t init, ratio; /* 2.24 fixed point */
	unsigned type;	      /* coefficient RAM filter type */
	unsigned size;	      /* viewport pixels in this direction */
	bool replicate;	      /* SCL_BOUNDARY_MODE 1 */
};

/* Output k: the source index of tap 0 and the weights of the taps (1/4096). */
static void axis_taps(struct sim *sim, unsigned pipe, const struct axis *a, unsigned k,
		      int64_t *first, int32_t w[TAPS_MAX])
{
	uint64_t p = a->init + (uint64_t)k * a->ratio;
	int64_t c = (int64_t)(p >> 24);
	unsigned phase = (unsigned)(((p & 0xffffff) * SCL_PHASES + (1u << 23)) >> 24);

	memset(w, 0, sizeof(int32_t) * TAPS_MAX);
	if (a->taps == 1) {
		*first = c - 1;
		w[0] = SCL_COEF_ONE;
		return;
	}
	if (phase == SCL_PHASES) {
		c++;
		phase = 0;
	}
	*first = c - a->taps;
	for (unsigned t = 0; t < a->taps; t++)
		w[t] = sim_scl_coef(sim, pipe, a->type, phase, t, a->taps);
}

/* Source index i of an axis as stored, or -1 for black. */
static int64_t axis_index(const struct axis *a, int64_t i)
{
	if (i >= 0 && i < (int64_t)a->size)
		return i;
	if (!a->replicate)
		return -1;
	return i < 0 ? 0 : (int64_t)a->size - 1;
}

static uint16_t filtered(int64_t sum)
{
	int64_t v = (sum + SCL_COEF_ONE / 2) >> 12;

	return (uint16_t)(v < 0 ? 0 : v > 1023 ? 1023 : v);
}

static void get_axis(struct sim *sim, unsigned pipe, bool vertical, const struct source *s,
		     struct axis *a)
{
	uint32_t taps = sim_scl_in_effect(sim, pipe, mmSCL_TAP_CONTROL);
	uint32_t ctl = sim_scl_in_effect(sim, pipe, mmSCL_CONTROL);
	uint32_t ratio = sim_scl_in_effect(sim, pipe,
					   vertical ? mmSCL_VERT_FILTER_SCALE_RATIO
						    : mmSCL_HORZ_FILTER_SCALE_RATIO);
	uint32_t init = sim_scl_in_effect(
		sim, pipe, vertical ? mmSCL_VERT_FILTER_INIT : mmSCL_HORZ_FILTER_INIT);

	a->replicate = SIM_GET(ctl, SCL_CONTROL, SCL_BOUNDARY_MODE);
	/* the ratio and the init fraction have the same layout both ways */
	a->ratio = SIM_GET(ratio, SCL_HORZ_FILTER_SCALE_RATIO, SCL_H_SCALE_RATIO);
	a->init = SIM_GET(init, SCL_HORZ_FILTER_INIT, SCL_H_INIT_FRAC);
	a->taps = 1 + (vertical ? SIM_GET(taps, SCL_TAP_CONTROL, SCL_V_NUM_OF_TAPS)
				: SIM_GET(taps, SCL_TAP_CONTROL, SCL_H_NUM_OF_TAPS));
	a->init |= (uint64_t)(vertical ? SIM_GET(init, SCL_VERT_FILTER_INIT, SCL_V_INIT_INT)
				       : SIM_GET(init, SCL_HORZ_FILTER_INIT, SCL_H_INIT_INT))
		   << 24;
	a->type = vertical ? SCL_FILTER_TYPE_RGB_Y_VERTICAL : SCL_FILTER_TYPE_RGB_Y_HORIZONTAL;
	a->size = vertical ? s->vh : s->vw;
}

/* Decoded viewport rows, a few at a time (the vertical filter walks down). */
struct rows {
	struct sim *sim;
	const struct source *s;
	uint16_t *mem, *zero;
	int64_t tag[ROW_CACHE];
};

static const uint16_t *row(struct rows *r, int64_t j)
{
	unsigned slot;
	uint16_t *p;

	if (j < 0)
		return r->zero;
	slot = (unsigned)(j % ROW_CACHE);
	p = r->mem + (size_t)slot * r->s->vw * 3;
	if (r->tag[slot] != j) {
		fetch_row(r->sim, r->s, (unsigned)j, r->s->vw, p);
		r->tag[slot] = j;
	}
	return p;
}

/* Per output pixel of an axis: the stored source index of each tap (-1 black) and weight. */
struct tap_set {
	int64_t index[TAPS_MAX];
	int32_t weight[TAPS_MAX];
};

static void axis_tap_set(struct sim *sim, unsigned pipe, const struct axis *a, unsigned k,
			 struct tap_set *ts)
{
	int64_t first;

	axis_taps(sim, pipe, a, k, &first, ts->weight);
	for (unsigned t = 0; t < TAPS_MAX; t++)
		ts->index[t] = t < a->taps ? axis_index(a, first + (int64_t)t) : -1;
}

/* Scaled viewport into the rw x rh recout at out (frame pitch w pixels). */
static int scale(struct sim *sim, unsigned pipe, const struct source *s, uint16_t *out, unsigned w,
		 unsigned rw, unsigned rh)
{
	struct axis h, v;
	struct rows rows = { .sim = sim, .s = s };
	struct tap_set *cols = NULL;
	uint16_t *tmp = NULL;
	int ret = -1;

	get_axis(sim, pipe, false, s, &h);
	get_axis(sim, pipe, true, s, &v);
	if (h.taps > TAPS_MAX || v.taps > TAPS_MAX || !s->vw || !s->vh)
		return -1;
	rows.mem = calloc((size_t)s->vw * 3, sizeof(uint16_t) * (ROW_CACHE + 1));
	tmp = calloc((size_t)s->vw * 3, sizeof(uint16_t));
	cols = calloc(rw, sizeof(*cols));
	if (!rows.mem || !tmp || !cols)
		goto out;
	rows.zero = rows.mem + (size_t)ROW_CACHE * s->vw * 3;
	for (unsigned i = 0; i < ROW_CACHE; i++)
		rows.tag[i] = -1;
	for (unsigned k = 0; k < rw; k++)
		axis_tap_set(sim, pipe, &h, k, &cols[k]);
	for (unsigned y = 0; y < rh; y++) {
		const uint16_t *src[TAPS_MAX] = { NULL };
		struct tap_set ts;

		/* at most 4 consecutive rows: distinct slots of the 8-row cache */
		axis_tap_set(sim, pipe, &v, y, &ts);
		for (unsigned t = 0; t < v.taps; t++)
			src[t] = ts.weight[t] ? row(&rows, ts.index[t]) : NULL;
		for (size_t i = 0; i < (size_t)s->vw * 3; i++) {
			int64_t sum = 0;

			for (unsigned t = 0; t < v.taps; t++) {
				if (src[t])
					sum += (int64_t)ts.weight[t] * src[t][i];
			}
			tmp[i] = filtered(sum);
		}
		for (unsigned k = 0; k < rw; k++) {
			const struct tap_set *c = &cols[k];
			uint16_t *o = &out[((size_t)y * w + k) * 3];

			for (int ch = 0; ch < 3; ch++) {
				int64_t sum = 0;

				for (unsigned t = 0; t < h.taps; t++) {
					if (c->weight[t] && c->index[t] >= 0)
						sum += (int64_t)c->weight[t] *
						       tmp[(size_t)c->index[t] * 3 + (size_t)ch];
				}
				o[ch] = filtered(sum);
			}
		}
	}
	ret = 0;
out:
	free(rows.mem);
	free(tmp);
	free(cols);
	return ret;
}

static void fill(uint16_t *frame, unsigned w, unsigned x0, unsigned y0, unsigned x1, unsigned y1,
		 const uint16_t c[3])
{
	for (unsigned y = y0; y < y1; y++) {
		for (unsigned x = x0; x < x1; x++)
			memcpy(&frame[((size_t)y * w + x) * 3], c, 3 * sizeof(uint16_t));
	}
}

void sim_scanout_render(struct sim *sim, unsigned pipe, uint16_t *frame, unsigned w, unsigned h)
{
	uint32_t lr = sim_scl_in_effect(sim, pipe, mmEXT_OVERSCAN_LEFT_RIGHT);
	uint32_t tb = sim_scl_in_effect(sim, pipe, mmEXT_OVERSCAN_TOP_BOTTOM);
	uint32_t oc = reg(sim, pipe, mmCRTC_OVERSCAN_COLOR);
	unsigned l = SIM_GET(lr, EXT_OVERSCAN_LEFT_RIGHT, EXT_OVERSCAN_LEFT);
	unsigned r = SIM_GET(lr, EXT_OVERSCAN_LEFT_RIGHT, EXT_OVERSCAN_RIGHT);
	unsigned t = SIM_GET(tb, EXT_OVERSCAN_TOP_BOTTOM, EXT_OVERSCAN_TOP);
	unsigned b = SIM_GET(tb, EXT_OVERSCAN_TOP_BOTTOM, EXT_OVERSCAN_BOTTOM);
	const uint16_t overscan[3] = {
		(uint16_t)SIM_GET(oc, CRTC_OVERSCAN_COLOR, CRTC_OVERSCAN_COLOR_RED),
		(uint16_t)SIM_GET(oc, CRTC_OVERSCAN_COLOR, CRTC_OVERSCAN_COLOR_GREEN),
		(uint16_t)SIM_GET(oc, CRTC_OVERSCAN_COLOR, CRTC_OVERSCAN_COLOR_BLUE),
	};
	unsigned rw = l + r < w ? w - l - r : 0, rh = t + b < h ? h - t - b : 0;
	uint16_t *origin = &frame[((size_t)t * w + l) * 3];
	struct source s;

	fill(frame, w, 0, 0, w, h, overscan);
	if (!rw || !rh)
		return;
	fill(frame, w, l, t, l + rw, t + rh, (const uint16_t[3]){ 0, 0, 0 });
	if (!sim_dcp_fetching(sim, pipe))
		return;
	if (!sim_dmif_fetching(sim, pipe)) {
		/* no DMIF buffers: nothing is fetched, the pipe underflows all frame */
		fill(frame, w, l, t, l + rw, t + rh, error_px);
		sim->underflow_pixels += (uint64_t)rw * rh;
		return;
	}
	get_source(sim, pipe, &s);
	if (sim_dispclk_starved(sim, pipe, s.vw, s.vh, rh)) {
		/* DISPCLK too slow for this pipe (sim_dentist.c) */
		fill(frame, w, l, t, l + rw, t + rh, error_px);
		sim->underflow_pixels += (uint64_t)rw * rh;
		return;
	}
	if (SIM_GET(sim_scl_in_effect(sim, pipe, mmSCL_MODE), SCL_MODE, SCL_MODE) ==
	    SCL_MODE_BYPASS) {
		unsigned n = s.vw < rw ? s.vw : rw;

		for (unsigned j = 0; j < rh && j < s.vh; j++)
			fetch_row(sim, &s, j, n, &origin[(size_t)j * w * 3]);
		return;
	}
	if (scale(sim, pipe, &s, origin, w, rw, rh))
		fill(frame, w, l, t, l + rw, t + rh, error_px);
}
