/* Named timings: CTA-861 formats (with their VIC), VESA DMT and CVT-RB modes. */
#include <string.h>

#include "sim_modes.h"

// clang-format off
/*  name, VIC, { kHz, hactive, hfront, hsync, hback, vactive, vfront, vsync, vback, h+, v+ } */
const struct sim_named_mode sim_modes[] = {
	{ "cta-480p60",           2, {  27000,  720,  16,  62,  60,  480,  9,  6, 30, false, false, false } },
	{ "cta-720p60",           4, {  74250, 1280, 110,  40, 220,  720,  5,  5, 20, true,  true,  false } },
	{ "cta-1080p60",         16, { 148500, 1920,  88,  44, 148, 1080,  4,  5, 36, true,  true,  false } },
	{ "cta-1080p50",         31, { 148500, 1920, 528,  44, 148, 1080,  4,  5, 36, true,  true,  false } },
	{ "cta-1080p30",         34, {  74250, 1920,  88,  44, 148, 1080,  4,  5, 36, true,  true,  false } },
	{ "cta-4k30",            95, { 297000, 3840, 176,  88, 296, 2160,  8, 10, 72, true,  true,  false } },
	{ "cta-4k60",            97, { 594000, 3840, 176,  88, 296, 2160,  8, 10, 72, true,  true,  false } },
	{ "dmt-1024x768@60",      0, {  65000, 1024,  24, 136, 160,  768,  3,  6, 29, false, false, false } },
	{ "dmt-1280x1024@60",     0, { 108000, 1280,  48, 112, 248, 1024,  1,  3, 38, true,  true,  false } },
	{ "dmt-1920x1080@60",     0, { 148500, 1920,  88,  44, 148, 1080,  4,  5, 36, true,  true,  false } },
	{ "cvt-rb-1920x1080@60",  0, { 138500, 1920,  48,  32,  80, 1080,  3,  5, 23, true,  false, false } },
	{ "cvt-rb-1920x1200@60",  0, { 154000, 1920,  48,  32,  80, 1200,  3,  6, 26, true,  false, false } },
	{ "cvt-rb-2560x1440@60",  0, { 241500, 2560,  48,  32,  80, 1440,  3,  5, 33, true,  false, false } },
	{ "cvt-rb-3840x2160@60",  0, { 533250, 3840,  48,  32,  80, 2160,  3,  5, 54, true,  false, false } },
};
// clang-format on

const unsigned sim_mode_count = sizeof(sim_modes) / sizeof(sim_modes[0]);

const struct sim_named_mode *sim_mode_find(const char *name)
{
	for (unsigned i = 0; i < sim_mode_count; i++)
		if (!strcmp(sim_modes[i].name, name))
			return &sim_modes[i];
	return NULL;
}
