/*
 * The scaler (SCL) and line buffer (LB) of a pipe: the viewport fetched from
 * the surface, how it is scaled, and where it lands on the active area.
 *
 * What is programmed, following the public DCE transform code for the
 * register semantics (not its code):
 *  - LB_DATA_FORMAT: the line buffer depth validation chose (30 or 24 bpp,
 *    PIXEL_DEPTH 0 / 1) with dynamic expansion; no alpha in the line buffer
 *    (the primary plane is opaque). LB_MEMORY_CTRL stays as the VBIOS set
 *    it (validation counts the whole line buffer for the pipe).
 *  - VIEWPORT_START / VIEWPORT_SIZE: the whole-pixel viewport.
 *  - EXT_OVERSCAN_*: the destination rectangle, as the borders the scaler
 *    output leaves on the active area (left = dst_x, right = active width -
 *    dst_x - dst_w, ...). The borders show CRTC_OVERSCAN_COLOR.
 *  - 1:1 both ways: SCL_MODE 0 (bypass), nothing else.
 *  - Otherwise SCL_MODE 1 (RGB) with the horizontal prescaler
 *    (SCL_PSCL_EN, which the line buffer arithmetic of validation
 *    assumes), edge replication (SCL_BOUNDARY_MODE 1), taps - 1 in
 *    SCL_TAP_CONTROL, the ratios source / destination in 2.24 (all 24
 *    fraction bits of the field; the public driver fills only 19), and the
 *    initial phase of each direction, (ratio + taps + 1) / 2 plus the
 *    fraction of a pixel the source starts into the viewport, in 4.24 /
 *    3.24.
 *  - The filter coefficient RAM, which the chip needs for 2 taps and more:
 *    linear interpolation in 16 phases (a tap's weight is 1 - |distance| of
 *    its pixel center to the sample point, or 0), phases 0..8 of the
 *    RGB/Y vertical and horizontal filters, loaded when the scaler is
 *    switched on or a direction's taps change (the coefficients depend on
 *    nothing else). Linear weights need no clamping and keep flat areas
 *    exact; the public driver's sharper filter tables are its code, which
 *    dcd does not copy.
 * The SCL registers are written under SCL_UPDATE_LOCK, so they take effect
 * together at the next V_UPDATE, and only when a value changes: programming
 * what is there writes nothing.
 */
#include <stdbool.h>

#include "dce110.h"
#include "dce110_regs.h"

#define SCL(reg, pipe) ((reg) + dce110_crtc_offsets[pipe])

/* A double-buffered register and the fields this file owns in it. */
struct scl_write {
	uint32_t reg, mask, value;
};

#define MAX_WRITES 16

static void add(struct scl_write *w, unsigned *n, uint32_t reg, uint32_t mask, uint32_t value)
{
	w[(*n)++] = (struct scl_write){ reg, mask, value };
}

/* The initial phase (ratio + taps + 1) / 2 + offset as int.24 (int_bits wide). */
static uint32_t init_field(struct fixed31_32 ratio, unsigned taps, struct fixed31_32 offset,
			   unsigned int_bits)
{
	struct fixed31_32 init = fixed31_32_add(
		fixed31_32_shr(fixed31_32_add(ratio, fixed31_32_from_int(taps + 1)), 1), offset);
	uint32_t field;

	(void)fixed31_32_to_ufixed(init, int_bits, 24, &field);
	return field;
}

static uint32_t ratio_field(struct fixed31_32 ratio)
{
	uint32_t field;

	(void)fixed31_32_to_ufixed(ratio, 2, 24, &field); /* validation keeps it below 4 */
	return field;
}

/*
 * Linear-interpolation weight of tap t (of taps) at phase p (of 16), in
 * 1/4096: 1 - |d| for the distance d = t + 1 - taps/2 - p/16 from the tap's
 * pixel center to the sample point, counted here in 1/32 pixel.
 */
static int32_t linear_coef(unsigned t, unsigned taps, unsigned p)
{
	int32_t d = 32 * (int32_t)t + 32 - 16 * (int32_t)taps - 2 * (int32_t)p;
	int32_t w = 32 - (d < 0 ? -d : d);

	return w > 0 ? w * (SCL_COEF_ONE / 32) : 0;
}

static void load_filter(struct dc_hw *hw, unsigned pipe, unsigned type, unsigned taps)
{
	for (unsigned p = 0; p <= SCL_PHASES / 2; p++) {
		for (unsigned pair = 0; 2 * pair < taps; pair++) {
			unsigned even = 2 * pair, odd = even + 1;
			uint32_t data = DC_FIELD(SCL_COEF_RAM_TAP_DATA, SCL_C_RAM_EVEN_TAP_COEF,
						 (uint32_t)linear_coef(even, taps, p)) |
					SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_EVEN_TAP_COEF_EN_MASK;

			if (odd < taps)
				data |= DC_FIELD(SCL_COEF_RAM_TAP_DATA, SCL_C_RAM_ODD_TAP_COEF,
						 (uint32_t)linear_coef(odd, taps, p)) |
					SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_ODD_TAP_COEF_EN_MASK;
			dc_hw_write(hw, SCL(mmSCL_COEF_RAM_SELECT, pipe),
				    DC_FIELD(SCL_COEF_RAM_SELECT, SCL_C_RAM_FILTER_TYPE, type) |
					    DC_FIELD(SCL_COEF_RAM_SELECT, SCL_C_RAM_PHASE, p) |
					    DC_FIELD(SCL_COEF_RAM_SELECT, SCL_C_RAM_TAP_PAIR_IDX,
						     pair));
			dc_hw_write(hw, SCL(mmSCL_COEF_RAM_TAP_DATA, pipe), data);
		}
	}
}

static uint32_t clamp13(int64_t v)
{
	return v < 0 ? 0 : v > 0x1fff ? 0x1fff : (uint32_t)v;
}

/* Everything double-buffered, as register writes. */
static unsigned scl_writes(unsigned pipe, const struct dce110_scl_config *c, bool scale,
			   struct scl_write *w)
{
	unsigned n = 0;
	uint32_t right = clamp13((int64_t)c->active_w - c->dst_x - c->dst_w);
	uint32_t bottom = clamp13((int64_t)c->active_h - c->dst_y - c->dst_h);

	add(w, &n, SCL(mmVIEWPORT_START, pipe), 0xffffffff,
	    DC_FIELD(VIEWPORT_START, VIEWPORT_X_START, c->vp_x) |
		    DC_FIELD(VIEWPORT_START, VIEWPORT_Y_START, c->vp_y));
	add(w, &n, SCL(mmVIEWPORT_SIZE, pipe), 0xffffffff,
	    DC_FIELD(VIEWPORT_SIZE, VIEWPORT_WIDTH, c->vp_w) |
		    DC_FIELD(VIEWPORT_SIZE, VIEWPORT_HEIGHT, c->vp_h));
	add(w, &n, SCL(mmEXT_OVERSCAN_LEFT_RIGHT, pipe), 0xffffffff,
	    DC_FIELD(EXT_OVERSCAN_LEFT_RIGHT, EXT_OVERSCAN_LEFT, clamp13(c->dst_x)) |
		    DC_FIELD(EXT_OVERSCAN_LEFT_RIGHT, EXT_OVERSCAN_RIGHT, right));
	add(w, &n, SCL(mmEXT_OVERSCAN_TOP_BOTTOM, pipe), 0xffffffff,
	    DC_FIELD(EXT_OVERSCAN_TOP_BOTTOM, EXT_OVERSCAN_TOP, clamp13(c->dst_y)) |
		    DC_FIELD(EXT_OVERSCAN_TOP_BOTTOM, EXT_OVERSCAN_BOTTOM, bottom));
	add(w, &n, SCL(mmSCL_BYPASS_CONTROL, pipe), SCL_BYPASS_CONTROL__SCL_BYPASS_MODE_MASK, 0);
	add(w, &n, SCL(mmSCL_AUTOMATIC_MODE_CONTROL, pipe),
	    SCL_AUTOMATIC_MODE_CONTROL__SCL_V_CALC_AUTO_RATIO_EN_MASK |
		    SCL_AUTOMATIC_MODE_CONTROL__SCL_H_CALC_AUTO_RATIO_EN_MASK,
	    0);
	/* the horizontal prescaler on when scaling: the line buffer then holds
	 * min(viewport, destination) pixels a line, as validation counted */
	add(w, &n, SCL(mmSCL_MODE, pipe), SCL_MODE__SCL_MODE_MASK | SCL_MODE__SCL_PSCL_EN_MASK,
	    DC_FIELD(SCL_MODE, SCL_MODE, scale ? SCL_MODE_SCALE_RGB : SCL_MODE_BYPASS) |
		    DC_FIELD(SCL_MODE, SCL_PSCL_EN, scale));
	if (!scale)
		return n;
	add(w, &n, SCL(mmSCL_TAP_CONTROL, pipe),
	    SCL_TAP_CONTROL__SCL_H_NUM_OF_TAPS_MASK | SCL_TAP_CONTROL__SCL_V_NUM_OF_TAPS_MASK,
	    DC_FIELD(SCL_TAP_CONTROL, SCL_H_NUM_OF_TAPS, c->h_taps - 1u) |
		    DC_FIELD(SCL_TAP_CONTROL, SCL_V_NUM_OF_TAPS, c->v_taps - 1u));
	add(w, &n, SCL(mmSCL_CONTROL, pipe), SCL_CONTROL__SCL_BOUNDARY_MODE_MASK,
	    DC_FIELD(SCL_CONTROL, SCL_BOUNDARY_MODE, 1));
	add(w, &n, SCL(mmSCL_HORZ_FILTER_CONTROL, pipe),
	    SCL_HORZ_FILTER_CONTROL__SCL_H_FILTER_PICK_NEAREST_MASK |
		    SCL_HORZ_FILTER_CONTROL__SCL_H_2TAP_HARDCODE_COEF_EN_MASK,
	    0);
	add(w, &n, SCL(mmSCL_VERT_FILTER_CONTROL, pipe),
	    SCL_VERT_FILTER_CONTROL__SCL_V_FILTER_PICK_NEAREST_MASK |
		    SCL_VERT_FILTER_CONTROL__SCL_V_2TAP_HARDCODE_COEF_EN_MASK,
	    0);
	add(w, &n, SCL(mmSCL_HORZ_FILTER_SCALE_RATIO, pipe), 0xffffffff, ratio_field(c->h_ratio));
	add(w, &n, SCL(mmSCL_VERT_FILTER_SCALE_RATIO, pipe), 0xffffffff, ratio_field(c->v_ratio));
	add(w, &n, SCL(mmSCL_HORZ_FILTER_INIT, pipe), 0xffffffff,
	    init_field(c->h_ratio, c->h_taps, c->h_offset, 4));
	add(w, &n, SCL(mmSCL_VERT_FILTER_INIT, pipe), 0xffffffff,
	    init_field(c->v_ratio, c->v_taps, c->v_offset, 3));
	return n;
}

void dce110_scl_program(struct dc_hw *hw, unsigned pipe, const struct dce110_scl_config *c)
{
	bool scale = c->h_taps > 1 || c->v_taps > 1;
	uint32_t mode = dc_hw_read(hw, SCL(mmSCL_MODE, pipe));
	uint32_t taps = dc_hw_read(hw, SCL(mmSCL_TAP_CONTROL, pipe));
	bool was_scaling = DC_FIELD_GET(mode, SCL_MODE, SCL_MODE) != SCL_MODE_BYPASS;
	bool load_h = scale && c->h_taps > 1 &&
		      (!was_scaling ||
		       DC_FIELD_GET(taps, SCL_TAP_CONTROL, SCL_H_NUM_OF_TAPS) + 1 != c->h_taps);
	bool load_v = scale && c->v_taps > 1 &&
		      (!was_scaling ||
		       DC_FIELD_GET(taps, SCL_TAP_CONTROL, SCL_V_NUM_OF_TAPS) + 1 != c->v_taps);
	struct scl_write w[MAX_WRITES];
	unsigned n = scl_writes(pipe, c, scale, w);
	bool changed = load_h || load_v;

	dc_hw_update(hw, SCL(mmLB_DATA_FORMAT, pipe),
		     LB_DATA_FORMAT__PIXEL_DEPTH_MASK | LB_DATA_FORMAT__PIXEL_EXPAN_MODE_MASK |
			     LB_DATA_FORMAT__ALPHA_EN_MASK,
		     DC_FIELD(LB_DATA_FORMAT, PIXEL_DEPTH,
			      c->lb_bpp == 24 ? LB_PIXEL_DEPTH_24BPP : LB_PIXEL_DEPTH_30BPP) |
			     DC_FIELD(LB_DATA_FORMAT, PIXEL_EXPAN_MODE, 1));
	for (unsigned i = 0; i < n && !changed; i++)
		changed = (dc_hw_read(hw, w[i].reg) & w[i].mask) != w[i].value;
	if (!changed)
		return;
	dc_hw_update(hw, SCL(mmSCL_UPDATE, pipe), SCL_UPDATE__SCL_UPDATE_LOCK_MASK,
		     SCL_UPDATE__SCL_UPDATE_LOCK_MASK);
	for (unsigned i = 0; i < n; i++)
		dc_hw_update(hw, w[i].reg, w[i].mask, w[i].value);
	if (load_v)
		load_filter(hw, pipe, SCL_FILTER_TYPE_RGB_Y_VERTICAL, c->v_taps);
	if (load_h)
		load_filter(hw, pipe, SCL_FILTER_TYPE_RGB_Y_HORIZONTAL, c->h_taps);
	if (load_h || load_v)
		dc_hw_update(hw, SCL(mmSCL_UPDATE, pipe), SCL_UPDATE__SCL_COEF_UPDATE_COMPLETE_MASK,
			     SCL_UPDATE__SCL_COEF_UPDATE_COMPLETE_MASK);
	dc_hw_update(hw, SCL(mmSCL_UPDATE, pipe), SCL_UPDATE__SCL_UPDATE_LOCK_MASK, 0);
}

void dce110_scl_read(struct dc_hw *hw, unsigned pipe, struct dce110_scl_state *st)
{
	uint32_t start = dc_hw_read(hw, SCL(mmVIEWPORT_START, pipe));
	uint32_t size = dc_hw_read(hw, SCL(mmVIEWPORT_SIZE, pipe));
	uint32_t lr = dc_hw_read(hw, SCL(mmEXT_OVERSCAN_LEFT_RIGHT, pipe));
	uint32_t tb = dc_hw_read(hw, SCL(mmEXT_OVERSCAN_TOP_BOTTOM, pipe));

	st->vp_x = DC_FIELD_GET(start, VIEWPORT_START, VIEWPORT_X_START);
	st->vp_y = DC_FIELD_GET(start, VIEWPORT_START, VIEWPORT_Y_START);
	st->vp_w = DC_FIELD_GET(size, VIEWPORT_SIZE, VIEWPORT_WIDTH);
	st->vp_h = DC_FIELD_GET(size, VIEWPORT_SIZE, VIEWPORT_HEIGHT);
	st->left = DC_FIELD_GET(lr, EXT_OVERSCAN_LEFT_RIGHT, EXT_OVERSCAN_LEFT);
	st->right = DC_FIELD_GET(lr, EXT_OVERSCAN_LEFT_RIGHT, EXT_OVERSCAN_RIGHT);
	st->top = DC_FIELD_GET(tb, EXT_OVERSCAN_TOP_BOTTOM, EXT_OVERSCAN_TOP);
	st->bottom = DC_FIELD_GET(tb, EXT_OVERSCAN_TOP_BOTTOM, EXT_OVERSCAN_BOTTOM);
	st->scaling = DC_FIELD_GET(dc_hw_read(hw, SCL(mmSCL_MODE, pipe)), SCL_MODE, SCL_MODE) !=
		      SCL_MODE_BYPASS;
}
