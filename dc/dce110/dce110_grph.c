/*
 * DCP of a pipe: the primary graphics surface (GRPH) and the hardware
 * cursor (CUR).
 *
 * Surface formats are GRPH_DEPTH / GRPH_FORMAT pairs with the red and blue
 * crossbars swapped for the BGR orders. The primary plane is opaque: the
 * engine ignores alpha, so ARGB and XRGB program alike (and read back as
 * the X variant). GRPH_X/Y_START and GRPH_X/Y_END hold the surface's
 * extent (0,0 to its width and height), as the public driver programs
 * them; the rectangle shown is the scaler's viewport (dce110_scl.c).
 *
 * Every register is written only when its value changes, so programming a
 * surface that did not change writes nothing. The address is the
 * exception: its low word makes a new address pending, so callers write it
 * only to flip.
 */
#include <drm_fourcc.h>
#include <errno.h>

#include "dce110.h"
#include "dce110_regs.h"

#define DCP(reg, pipe) ((reg) + dce110_crtc_offsets[pipe])

struct grph_format {
	uint32_t fourcc;
	uint8_t depth, format, cpp;
	bool bgr; /* red and blue crossbars swapped */
};

// clang-format off
static const struct grph_format grph_formats[] = {
	/* the first entry of each depth/format/swap triple is what readback reports */
	{ DRM_FORMAT_XRGB8888,    2, 0, 4, false },
	{ DRM_FORMAT_ARGB8888,    2, 0, 4, false },
	{ DRM_FORMAT_XBGR8888,    2, 0, 4, true },
	{ DRM_FORMAT_ABGR8888,    2, 0, 4, true },
	{ DRM_FORMAT_RGB565,      1, 1, 2, false },
	{ DRM_FORMAT_XRGB2101010, 2, 1, 4, false },
	{ DRM_FORMAT_ARGB2101010, 2, 1, 4, false },
};
// clang-format on

#define NFORMATS (sizeof(grph_formats) / sizeof(grph_formats[0]))

static const struct grph_format *format_of(uint32_t fourcc)
{
	for (unsigned i = 0; i < NFORMATS; i++) {
		if (grph_formats[i].fourcc == fourcc)
			return &grph_formats[i];
	}
	return NULL;
}

static void set(struct dc_hw *hw, uint32_t reg, uint32_t value)
{
	dc_hw_update(hw, reg, 0xffffffff, value);
}

void dce110_fe_clock_enable(struct dc_hw *hw, unsigned pipe, bool enable)
{
	dc_hw_update(hw, DCP(mmDCFE_CLOCK_CONTROL, pipe),
		     DCFE_CLOCK_CONTROL__DCFE_CLOCK_ENABLE_MASK,
		     DC_FIELD(DCFE_CLOCK_CONTROL, DCFE_CLOCK_ENABLE, enable));
}

bool dce110_fe_clock_enabled(struct dc_hw *hw, unsigned pipe)
{
	return dc_hw_read(hw, DCP(mmDCFE_CLOCK_CONTROL, pipe)) &
	       DCFE_CLOCK_CONTROL__DCFE_CLOCK_ENABLE_MASK;
}

void dce110_grph_program(struct dc_hw *hw, unsigned pipe, const struct dc_plane *p)
{
	const struct grph_format *f = format_of(p->format);
	const uint32_t ctl_mask = GRPH_CONTROL__GRPH_DEPTH_MASK | GRPH_CONTROL__GRPH_FORMAT_MASK |
				  GRPH_CONTROL__GRPH_ARRAY_MODE_MASK;
	const uint32_t swap_mask =
		GRPH_SWAP_CNTL__GRPH_ENDIAN_SWAP_MASK | GRPH_SWAP_CNTL__GRPH_RED_CROSSBAR_MASK |
		GRPH_SWAP_CNTL__GRPH_GREEN_CROSSBAR_MASK | GRPH_SWAP_CNTL__GRPH_BLUE_CROSSBAR_MASK |
		GRPH_SWAP_CNTL__GRPH_ALPHA_CROSSBAR_MASK;

	if (!f)
		f = &grph_formats[0]; /* validation admits no other; never scan out garbage */
	/* the front end's clock first, as the kernel's DC programs a front end */
	dce110_fe_clock_enable(hw, pipe, true);
	/* linear (ARRAY_MODE 0), little-endian words: no endian swap */
	dc_hw_update(hw, DCP(mmGRPH_CONTROL, pipe), ctl_mask,
		     DC_FIELD(GRPH_CONTROL, GRPH_DEPTH, f->depth) |
			     DC_FIELD(GRPH_CONTROL, GRPH_FORMAT, f->format));
	dc_hw_update(hw, DCP(mmGRPH_SWAP_CNTL, pipe), swap_mask,
		     DC_FIELD(GRPH_SWAP_CNTL, GRPH_RED_CROSSBAR, f->bgr ? 2 : 0) |
			     DC_FIELD(GRPH_SWAP_CNTL, GRPH_BLUE_CROSSBAR, f->bgr ? 2 : 0));
	set(hw, DCP(mmGRPH_PITCH, pipe), DC_FIELD(GRPH_PITCH, GRPH_PITCH, p->pitch / f->cpp));
	set(hw, DCP(mmGRPH_SURFACE_OFFSET_X, pipe), 0);
	set(hw, DCP(mmGRPH_SURFACE_OFFSET_Y, pipe), 0);
	set(hw, DCP(mmGRPH_X_START, pipe), 0);
	set(hw, DCP(mmGRPH_Y_START, pipe), 0);
	set(hw, DCP(mmGRPH_X_END, pipe), DC_FIELD(GRPH_X_END, GRPH_X_END, p->width));
	set(hw, DCP(mmGRPH_Y_END, pipe), DC_FIELD(GRPH_Y_END, GRPH_Y_END, p->height));
	dc_hw_update(hw, DCP(mmGRPH_ENABLE, pipe), GRPH_ENABLE__GRPH_ENABLE_MASK,
		     GRPH_ENABLE__GRPH_ENABLE_MASK);
}

void dce110_grph_disable(struct dc_hw *hw, unsigned pipe)
{
	dc_hw_update(hw, DCP(mmGRPH_ENABLE, pipe), GRPH_ENABLE__GRPH_ENABLE_MASK, 0);
}

void dce110_grph_set_address(struct dc_hw *hw, unsigned pipe, uint64_t address)
{
	dc_hw_write(hw, DCP(mmGRPH_PRIMARY_SURFACE_ADDRESS_HIGH, pipe),
		    DC_FIELD(GRPH_PRIMARY_SURFACE_ADDRESS_HIGH, GRPH_PRIMARY_SURFACE_ADDRESS_HIGH,
			     address >> 32));
	dc_hw_write(hw, DCP(mmGRPH_PRIMARY_SURFACE_ADDRESS, pipe),
		    (uint32_t)address &
			    GRPH_PRIMARY_SURFACE_ADDRESS__GRPH_PRIMARY_SURFACE_ADDRESS_MASK);
}

uint64_t dce110_grph_address(struct dc_hw *hw, unsigned pipe)
{
	uint64_t high =
		DC_FIELD_GET(dc_hw_read(hw, DCP(mmGRPH_PRIMARY_SURFACE_ADDRESS_HIGH, pipe)),
			     GRPH_PRIMARY_SURFACE_ADDRESS_HIGH, GRPH_PRIMARY_SURFACE_ADDRESS_HIGH);
	uint32_t low = dc_hw_read(hw, DCP(mmGRPH_PRIMARY_SURFACE_ADDRESS, pipe));

	return high << 32 | (low & GRPH_PRIMARY_SURFACE_ADDRESS__GRPH_PRIMARY_SURFACE_ADDRESS_MASK);
}

void dce110_grph_lock(struct dc_hw *hw, unsigned pipe, bool lock)
{
	dc_hw_update(hw, DCP(mmGRPH_UPDATE, pipe), GRPH_UPDATE__GRPH_UPDATE_LOCK_MASK,
		     DC_FIELD(GRPH_UPDATE, GRPH_UPDATE_LOCK, lock));
}

void dce110_grph_flip_mode(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned pipe,
			   bool immediate)
{
	/*
	 * vsync flips latch at V_UPDATE: neither immediate nor at h-retrace;
	 * an immediate flip sets the generation's bit for it
	 */
	dc_hw_update(hw, DCP(mmGRPH_FLIP_CONTROL, pipe),
		     g->flip_immediate_mask |
			     GRPH_FLIP_CONTROL__GRPH_SURFACE_UPDATE_H_RETRACE_EN_MASK,
		     immediate ? g->flip_immediate_mask : 0);
}

bool dce110_grph_update_pending(struct dc_hw *hw, unsigned pipe)
{
	return dc_hw_read(hw, DCP(mmGRPH_UPDATE, pipe)) &
	       GRPH_UPDATE__GRPH_SURFACE_UPDATE_PENDING_MASK;
}

int dce110_grph_read(struct dc_hw *hw, unsigned pipe, struct dc_plane *p)
{
	uint32_t ctl = dc_hw_read(hw, DCP(mmGRPH_CONTROL, pipe));
	uint32_t swap = dc_hw_read(hw, DCP(mmGRPH_SWAP_CNTL, pipe));
	uint32_t depth = DC_FIELD_GET(ctl, GRPH_CONTROL, GRPH_DEPTH);
	uint32_t format = DC_FIELD_GET(ctl, GRPH_CONTROL, GRPH_FORMAT);
	bool bgr = DC_FIELD_GET(swap, GRPH_SWAP_CNTL, GRPH_RED_CROSSBAR) == 2 &&
		   DC_FIELD_GET(swap, GRPH_SWAP_CNTL, GRPH_BLUE_CROSSBAR) == 2;
	const struct grph_format *f = NULL;
	uint32_t x0, y0, x1, y1;

	*p = (struct dc_plane){ 0 };
	p->enabled = dc_hw_read(hw, DCP(mmGRPH_ENABLE, pipe)) & GRPH_ENABLE__GRPH_ENABLE_MASK;
	if (!p->enabled)
		return 0;
	for (unsigned i = 0; i < NFORMATS && !f; i++) {
		if (grph_formats[i].depth == depth && grph_formats[i].format == format &&
		    grph_formats[i].bgr == bgr)
			f = &grph_formats[i];
	}
	if (!f)
		return -ENODATA;
	x0 = DC_FIELD_GET(dc_hw_read(hw, DCP(mmGRPH_X_START, pipe)), GRPH_X_START, GRPH_X_START);
	y0 = DC_FIELD_GET(dc_hw_read(hw, DCP(mmGRPH_Y_START, pipe)), GRPH_Y_START, GRPH_Y_START);
	x1 = DC_FIELD_GET(dc_hw_read(hw, DCP(mmGRPH_X_END, pipe)), GRPH_X_END, GRPH_X_END);
	y1 = DC_FIELD_GET(dc_hw_read(hw, DCP(mmGRPH_Y_END, pipe)), GRPH_Y_END, GRPH_Y_END);
	if (x1 <= x0 || y1 <= y0)
		return -ENODATA;
	p->format = f->fourcc;
	p->modifier = DRM_FORMAT_MOD_LINEAR;
	p->pitch = DC_FIELD_GET(dc_hw_read(hw, DCP(mmGRPH_PITCH, pipe)), GRPH_PITCH, GRPH_PITCH) *
		   f->cpp;
	p->address = dce110_grph_address(hw, pipe);
	p->width = x1;
	p->height = y1;
	p->src_x = x0 << 16;
	p->src_y = y0 << 16;
	p->src_w = (x1 - x0) << 16;
	p->src_h = (y1 - y0) << 16;
	p->dst_w = x1 - x0;
	p->dst_h = y1 - y0;
	return 0;
}

/* ---- cursor ---------------------------------------------------------------- */

#define CURSOR_MODE_ARGB_PREMULTIPLIED 2
#define CURSOR_HOT_MAX		       127

/* Top-left corner a (may be negative) as position and hot-spot offset. */
static void split(int64_t a, uint32_t *pos, uint32_t *hot)
{
	*pos = a < 0 ? 0 : (uint32_t)a;
	*hot = a < 0 ? (uint32_t)(-a > CURSOR_HOT_MAX ? CURSOR_HOT_MAX : -a) : 0;
}

void dce110_cursor_program(struct dc_hw *hw, unsigned pipe, const struct dc_cursor *c)
{
	int64_t left = (int64_t)c->x - c->hot_x, top = (int64_t)c->y - c->hot_y;
	bool on = c->enabled && c->width && c->height && left > -(int64_t)c->width &&
		  top > -(int64_t)c->height;
	uint32_t x, y, hx, hy, regs[6], vals[6];
	bool changed = false;

	split(left, &x, &hx);
	split(top, &y, &hy);
	regs[0] = DCP(mmCUR_SURFACE_ADDRESS_HIGH, pipe);
	vals[0] = DC_FIELD(CUR_SURFACE_ADDRESS_HIGH, CURSOR_SURFACE_ADDRESS_HIGH, c->address >> 32);
	regs[1] = DCP(mmCUR_SURFACE_ADDRESS, pipe);
	vals[1] = (uint32_t)c->address;
	regs[2] = DCP(mmCUR_SIZE, pipe);
	vals[2] = c->width ? DC_FIELD(CUR_SIZE, CURSOR_WIDTH, c->width - 1) |
				     DC_FIELD(CUR_SIZE, CURSOR_HEIGHT, c->height - 1)
			   : 0;
	regs[3] = DCP(mmCUR_POSITION, pipe);
	vals[3] = DC_FIELD(CUR_POSITION, CURSOR_X_POSITION, x) |
		  DC_FIELD(CUR_POSITION, CURSOR_Y_POSITION, y);
	regs[4] = DCP(mmCUR_HOT_SPOT, pipe);
	vals[4] = DC_FIELD(CUR_HOT_SPOT, CURSOR_HOT_SPOT_X, hx) |
		  DC_FIELD(CUR_HOT_SPOT, CURSOR_HOT_SPOT_Y, hy);
	regs[5] = DCP(mmCUR_CONTROL, pipe);
	vals[5] = DC_FIELD(CUR_CONTROL, CURSOR_EN, on) |
		  DC_FIELD(CUR_CONTROL, CURSOR_MODE, CURSOR_MODE_ARGB_PREMULTIPLIED);
	if (!on) {
		/* keep the image registers as they are: only the enable changes */
		for (unsigned i = 0; i < 5; i++)
			vals[i] = dc_hw_read(hw, regs[i]);
	}
	for (unsigned i = 0; i < 6 && !changed; i++)
		changed = dc_hw_read(hw, regs[i]) != vals[i];
	if (!changed)
		return;
	/* all of it takes effect together at the next V_UPDATE */
	dc_hw_update(hw, DCP(mmCUR_UPDATE, pipe), CUR_UPDATE__CURSOR_UPDATE_LOCK_MASK,
		     CUR_UPDATE__CURSOR_UPDATE_LOCK_MASK);
	for (unsigned i = 0; i < 6; i++)
		set(hw, regs[i], vals[i]);
	dc_hw_update(hw, DCP(mmCUR_UPDATE, pipe), CUR_UPDATE__CURSOR_UPDATE_LOCK_MASK, 0);
}

void dce110_cursor_read(struct dc_hw *hw, unsigned pipe, struct dc_cursor *c)
{
	uint32_t ctl = dc_hw_read(hw, DCP(mmCUR_CONTROL, pipe));
	uint32_t size = dc_hw_read(hw, DCP(mmCUR_SIZE, pipe));
	uint32_t pos = dc_hw_read(hw, DCP(mmCUR_POSITION, pipe));
	uint32_t hot = dc_hw_read(hw, DCP(mmCUR_HOT_SPOT, pipe));

	*c = (struct dc_cursor){ 0 };
	c->enabled = DC_FIELD_GET(ctl, CUR_CONTROL, CURSOR_EN);
	if (!c->enabled)
		return;
	c->width = DC_FIELD_GET(size, CUR_SIZE, CURSOR_WIDTH) + 1;
	c->height = DC_FIELD_GET(size, CUR_SIZE, CURSOR_HEIGHT) + 1;
	c->address = (uint64_t)DC_FIELD_GET(dc_hw_read(hw, DCP(mmCUR_SURFACE_ADDRESS_HIGH, pipe)),
					    CUR_SURFACE_ADDRESS_HIGH, CURSOR_SURFACE_ADDRESS_HIGH)
			     << 32 |
		     dc_hw_read(hw, DCP(mmCUR_SURFACE_ADDRESS, pipe));
	/* the hot spot is not hardware state: report the top-left corner with hot spot 0,0 */
	c->x = (int32_t)DC_FIELD_GET(pos, CUR_POSITION, CURSOR_X_POSITION) -
	       (int32_t)DC_FIELD_GET(hot, CUR_HOT_SPOT, CURSOR_HOT_SPOT_X);
	c->y = (int32_t)DC_FIELD_GET(pos, CUR_POSITION, CURSOR_Y_POSITION) -
	       (int32_t)DC_FIELD_GET(hot, CUR_HOT_SPOT, CURSOR_HOT_SPOT_Y);
}
