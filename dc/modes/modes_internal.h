/*
 * Helpers shared by the files of dc/modes: exact integer arithmetic for
 * the timing formulas and the one place that turns a table row or a
 * formula result (porches and sync widths) into a struct dc_mode.
 */
#ifndef DC_MODES_INTERNAL_H
#define DC_MODES_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "dc_modes.h"

/*
 * The formulas are evaluated on exact rationals; intermediate products of
 * a field rate in mHz, line counts and pixel counts pass 2^64.
 */
__extension__ typedef unsigned __int128 dc_u128;
__extension__ typedef __int128 dc_s128;

/* floor(n / d) for d > 0. */
static inline dc_u128 dc_div_floor(dc_u128 n, dc_u128 d)
{
	return n / d;
}

/* n / d rounded to nearest, halves up (the standards' ROUND of a positive value). */
static inline dc_u128 dc_div_round(dc_u128 n, dc_u128 d)
{
	return (2 * n + d) / (2 * d);
}

/* Sync polarity and scan flags of a porch-form timing. */
enum {
	DC_TIMING_PHSYNC = 1 << 0,
	DC_TIMING_NHSYNC = 1 << 1,
	DC_TIMING_PVSYNC = 1 << 2,
	DC_TIMING_NVSYNC = 1 << 3,
	/* Interlaced; vertical porches are per field, the frame has a half line. */
	DC_TIMING_INTERLACE = 1 << 4,
	/* Interlaced with two equal fields and no half line (VIC 39). */
	DC_TIMING_EVEN_FIELDS = 1 << 5,
};

/*
 * A timing as the standards tabulate it: active size, porches and sync
 * widths, and the border (margin) on each side. For interlaced timings
 * vactive is the frame's active lines and the vertical porch, sync and
 * border values are per field.
 */
struct dc_porch_timing {
	uint32_t clock_khz;
	unsigned hactive, hfront, hsync, hback, hborder;
	unsigned vactive, vfront, vsync, vback, vborder;
	unsigned flags;
};

/*
 * Fills out (zeroed first) from a porch-form timing: borders are folded
 * into the blanking (hsync_start = hactive + hborder + hfront). -ERANGE
 * when a field does not fit struct drm_mode_modeinfo, -EINVAL when the
 * result is not a valid timing.
 */
int dc_mode_from_porches(struct dc_mode *out, const struct dc_porch_timing *t,
			 enum dc_mode_source source);

/*
 * The progressive DMT entry with this size and nominal refresh rate; of a
 * normal and a reduced-blanking entry, the one prefer_rb asks for.
 * -ENOENT when DMT has neither.
 */
int dc_dmt_find(struct dc_mode *out, unsigned width, unsigned height, unsigned refresh_hz,
		bool prefer_rb);

/* Picture aspect <-> DRM_MODE_FLAG_PIC_AR_* bits. */
uint32_t dc_picture_aspect_flags(enum dc_picture_aspect ar);

#endif
