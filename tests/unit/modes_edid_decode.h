/*
 * Runs the independent tool edid-decode (a test dependency) and reads the
 * first timing it prints, so the tables and formulas of dc/modes can be
 * checked against a second implementation of the same standards.
 */
#ifndef MODES_EDID_DECODE_H
#define MODES_EDID_DECODE_H

#include <stdbool.h>
#include <stdint.h>

#include <drm_mode.h>

struct ed_timing {
	uint32_t clock_khz;
	unsigned hact, hfront, hsync, hback, hborder;
	unsigned vact, vfront, vsync, vback, vborder;
	bool hsync_positive, vsync_positive;
	bool interlaced;
	bool half_line; /* interlaced with a +0.5 line (odd frame total) */
	unsigned ratio_w, ratio_h;
};

/* Runs "edid-decode ARGS" and parses the first timing; 0 or -1. */
int ed_run(const char *args, struct ed_timing *t);

/*
 * The same timing in struct drm_mode_modeinfo layout, by the convention
 * of docs/modes.md (borders in the blanking, interlaced vertical values
 * in frame lines).
 */
void ed_to_modeinfo(const struct ed_timing *t, struct drm_mode_modeinfo *m);

/* Field-by-field comparison; prints the first difference with a label. */
bool ed_same_timing(const char *label, const struct drm_mode_modeinfo *ours,
		    const struct drm_mode_modeinfo *theirs);

#endif
