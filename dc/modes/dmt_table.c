/*
 * VESA Display Monitor Timings (DMT 1.0 rev 13): every assigned DMT ID
 * with its timing, its nominal refresh rate (the "@60Hz" of its name),
 * whether DMT calls it reduced blanking, and the standard timing code the
 * DMT document assigns to it, if any.
 */
#include <errno.h>
#include <stddef.h>

#include "dc_modes.h"
#include "modes_internal.h"

enum dmt_blanking {
	RB_NONE,
	RB_CVT1, /* CVT reduced blanking v1 */
	RB_CVT2, /* CVT reduced blanking v2 */
	RB_DMT,	 /* called reduced blanking by DMT, not a CVT timing */
};

struct dmt_entry {
	uint8_t id;
	uint32_t clock_khz;
	uint16_t hactive;
	uint16_t hfront, hsync;
	uint16_t hback;
	uint8_t hborder;
	uint16_t vactive;
	uint8_t vfront, vsync, vback, vborder;
	uint8_t flags;
	uint8_t nominal_hz;
	uint8_t blanking;
	uint8_t std1, std2;
};

#define PH DC_TIMING_PHSYNC
#define NH DC_TIMING_NHSYNC
#define PV DC_TIMING_PVSYNC
#define NV DC_TIMING_NVSYNC
#define IL DC_TIMING_INTERLACE

/*
 * Columns: ID, pixel clock kHz, H active, front porch, sync, back porch,
 * border; V active, front porch, sync, back porch, border (per field for
 * the interlaced 0x0f); sync polarity; nominal Hz; blanking; STD code.
 * 0x11's code 0x61 0x4c is the one DMT lists, although it decodes to 72 Hz.
 */
// clang-format off
static const struct dmt_entry dmt_table[] = {
	{ 0x01,   31500,  640,  32,  64,  96, 0,  350, 32,  3,  60, 0, PH|NV   ,  85, RB_NONE, 0,    0    },
	{ 0x02,   31500,  640,  32,  64,  96, 0,  400,  1,  3,  41, 0, NH|PV   ,  85, RB_NONE, 0x31, 0x19 },
	{ 0x03,   35500,  720,  36,  72, 108, 0,  400,  1,  3,  42, 0, NH|PV   ,  85, RB_NONE, 0,    0    },
	{ 0x04,   25175,  640,   8,  96,  40, 8,  480,  2,  2,  25, 8, NH|NV   ,  60, RB_NONE, 0x31, 0x40 },
	{ 0x05,   31500,  640,  16,  40, 120, 8,  480,  1,  3,  20, 8, NH|NV   ,  72, RB_NONE, 0x31, 0x4c },
	{ 0x06,   31500,  640,  16,  64, 120, 0,  480,  1,  3,  16, 0, NH|NV   ,  75, RB_NONE, 0x31, 0x4f },
	{ 0x07,   36000,  640,  56,  56,  80, 0,  480,  1,  3,  25, 0, NH|NV   ,  85, RB_NONE, 0x31, 0x59 },
	{ 0x08,   36000,  800,  24,  72, 128, 0,  600,  1,  2,  22, 0, PH|PV   ,  56, RB_NONE, 0,    0    },
	{ 0x09,   40000,  800,  40, 128,  88, 0,  600,  1,  4,  23, 0, PH|PV   ,  60, RB_NONE, 0x45, 0x40 },
	{ 0x0a,   50000,  800,  56, 120,  64, 0,  600, 37,  6,  23, 0, PH|PV   ,  72, RB_NONE, 0x45, 0x4c },
	{ 0x0b,   49500,  800,  16,  80, 160, 0,  600,  1,  3,  21, 0, PH|PV   ,  75, RB_NONE, 0x45, 0x4f },
	{ 0x0c,   56250,  800,  32,  64, 152, 0,  600,  1,  3,  27, 0, PH|PV   ,  85, RB_NONE, 0x45, 0x59 },
	{ 0x0d,   73250,  800,  48,  32,  80, 0,  600,  3,  4,  29, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x0e,   33750,  848,  16, 112, 112, 0,  480,  6,  8,  23, 0, PH|PV   ,  60, RB_NONE, 0,    0    },
	{ 0x0f,   44900, 1024,   8, 176,  56, 0,  768,  0,  4,  20, 0, PH|PV|IL,  87, RB_NONE, 0,    0    },
	{ 0x10,   65000, 1024,  24, 136, 160, 0,  768,  3,  6,  29, 0, NH|NV   ,  60, RB_NONE, 0x61, 0x40 },
	{ 0x11,   75000, 1024,  24, 136, 144, 0,  768,  3,  6,  29, 0, NH|NV   ,  72, RB_NONE, 0x61, 0x4c },
	{ 0x12,   78750, 1024,  16,  96, 176, 0,  768,  1,  3,  28, 0, PH|PV   ,  75, RB_NONE, 0x61, 0x4f },
	{ 0x13,   94500, 1024,  48,  96, 208, 0,  768,  1,  3,  36, 0, PH|PV   ,  85, RB_NONE, 0x61, 0x59 },
	{ 0x14,  115500, 1024,  48,  32,  80, 0,  768,  3,  4,  38, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x15,  108000, 1152,  64, 128, 256, 0,  864,  1,  3,  32, 0, PH|PV   ,  75, RB_NONE, 0x71, 0x4f },
	{ 0x16,   68250, 1280,  48,  32,  80, 0,  768,  3,  7,  12, 0, PH|NV   ,  60, RB_CVT1, 0,    0    },
	{ 0x17,   79500, 1280,  64, 128, 192, 0,  768,  3,  7,  20, 0, NH|PV   ,  60, RB_NONE, 0,    0    },
	{ 0x18,  102250, 1280,  80, 128, 208, 0,  768,  3,  7,  27, 0, NH|PV   ,  75, RB_NONE, 0,    0    },
	{ 0x19,  117500, 1280,  80, 136, 216, 0,  768,  3,  7,  31, 0, NH|PV   ,  85, RB_NONE, 0,    0    },
	{ 0x1a,  140250, 1280,  48,  32,  80, 0,  768,  3,  7,  35, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x1b,   71000, 1280,  48,  32,  80, 0,  800,  3,  6,  14, 0, PH|NV   ,  60, RB_CVT1, 0,    0    },
	{ 0x1c,   83500, 1280,  72, 128, 200, 0,  800,  3,  6,  22, 0, NH|PV   ,  60, RB_NONE, 0x81, 0x00 },
	{ 0x1d,  106500, 1280,  80, 128, 208, 0,  800,  3,  6,  29, 0, NH|PV   ,  75, RB_NONE, 0x81, 0x0f },
	{ 0x1e,  122500, 1280,  80, 136, 216, 0,  800,  3,  6,  34, 0, NH|PV   ,  85, RB_NONE, 0x81, 0x19 },
	{ 0x1f,  146250, 1280,  48,  32,  80, 0,  800,  3,  6,  38, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x20,  108000, 1280,  96, 112, 312, 0,  960,  1,  3,  36, 0, PH|PV   ,  60, RB_NONE, 0x81, 0x40 },
	{ 0x21,  148500, 1280,  64, 160, 224, 0,  960,  1,  3,  47, 0, PH|PV   ,  85, RB_NONE, 0x81, 0x59 },
	{ 0x22,  175500, 1280,  48,  32,  80, 0,  960,  3,  4,  50, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x23,  108000, 1280,  48, 112, 248, 0, 1024,  1,  3,  38, 0, PH|PV   ,  60, RB_NONE, 0x81, 0x80 },
	{ 0x24,  135000, 1280,  16, 144, 248, 0, 1024,  1,  3,  38, 0, PH|PV   ,  75, RB_NONE, 0x81, 0x8f },
	{ 0x25,  157500, 1280,  64, 160, 224, 0, 1024,  1,  3,  44, 0, PH|PV   ,  85, RB_NONE, 0x81, 0x99 },
	{ 0x26,  187250, 1280,  48,  32,  80, 0, 1024,  3,  7,  50, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x27,   85500, 1360,  64, 112, 256, 0,  768,  3,  6,  18, 0, PH|PV   ,  60, RB_NONE, 0,    0    },
	{ 0x28,  148250, 1360,  48,  32,  80, 0,  768,  3,  5,  37, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x29,  101000, 1400,  48,  32,  80, 0, 1050,  3,  4,  23, 0, PH|NV   ,  60, RB_CVT1, 0,    0    },
	{ 0x2a,  121750, 1400,  88, 144, 232, 0, 1050,  3,  4,  32, 0, NH|PV   ,  60, RB_NONE, 0x90, 0x40 },
	{ 0x2b,  156000, 1400, 104, 144, 248, 0, 1050,  3,  4,  42, 0, NH|PV   ,  75, RB_NONE, 0x90, 0x4f },
	{ 0x2c,  179500, 1400, 104, 152, 256, 0, 1050,  3,  4,  48, 0, NH|PV   ,  85, RB_NONE, 0x90, 0x59 },
	{ 0x2d,  208000, 1400,  48,  32,  80, 0, 1050,  3,  4,  55, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x2e,   88750, 1440,  48,  32,  80, 0,  900,  3,  6,  17, 0, PH|NV   ,  60, RB_CVT1, 0,    0    },
	{ 0x2f,  106500, 1440,  80, 152, 232, 0,  900,  3,  6,  25, 0, NH|PV   ,  60, RB_NONE, 0x95, 0x00 },
	{ 0x30,  136750, 1440,  96, 152, 248, 0,  900,  3,  6,  33, 0, NH|PV   ,  75, RB_NONE, 0x95, 0x0f },
	{ 0x31,  157000, 1440, 104, 152, 256, 0,  900,  3,  6,  39, 0, NH|PV   ,  85, RB_NONE, 0x95, 0x19 },
	{ 0x32,  182750, 1440,  48,  32,  80, 0,  900,  3,  6,  44, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x33,  162000, 1600,  64, 192, 304, 0, 1200,  1,  3,  46, 0, PH|PV   ,  60, RB_NONE, 0xa9, 0x40 },
	{ 0x34,  175500, 1600,  64, 192, 304, 0, 1200,  1,  3,  46, 0, PH|PV   ,  65, RB_NONE, 0xa9, 0x45 },
	{ 0x35,  189000, 1600,  64, 192, 304, 0, 1200,  1,  3,  46, 0, PH|PV   ,  70, RB_NONE, 0xa9, 0x4a },
	{ 0x36,  202500, 1600,  64, 192, 304, 0, 1200,  1,  3,  46, 0, PH|PV   ,  75, RB_NONE, 0xa9, 0x4f },
	{ 0x37,  229500, 1600,  64, 192, 304, 0, 1200,  1,  3,  46, 0, PH|PV   ,  85, RB_NONE, 0xa9, 0x59 },
	{ 0x38,  268250, 1600,  48,  32,  80, 0, 1200,  3,  4,  64, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x39,  119000, 1680,  48,  32,  80, 0, 1050,  3,  6,  21, 0, PH|NV   ,  60, RB_CVT1, 0,    0    },
	{ 0x3a,  146250, 1680, 104, 176, 280, 0, 1050,  3,  6,  30, 0, NH|PV   ,  60, RB_NONE, 0xb3, 0x00 },
	{ 0x3b,  187000, 1680, 120, 176, 296, 0, 1050,  3,  6,  40, 0, NH|PV   ,  75, RB_NONE, 0xb3, 0x0f },
	{ 0x3c,  214750, 1680, 128, 176, 304, 0, 1050,  3,  6,  46, 0, NH|PV   ,  85, RB_NONE, 0xb3, 0x19 },
	{ 0x3d,  245500, 1680,  48,  32,  80, 0, 1050,  3,  6,  53, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x3e,  204750, 1792, 128, 200, 328, 0, 1344,  1,  3,  46, 0, NH|PV   ,  60, RB_NONE, 0xc1, 0x40 },
	{ 0x3f,  261000, 1792,  96, 216, 352, 0, 1344,  1,  3,  69, 0, NH|PV   ,  75, RB_NONE, 0xc1, 0x4f },
	{ 0x40,  333250, 1792,  48,  32,  80, 0, 1344,  3,  4,  72, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x41,  218250, 1856,  96, 224, 352, 0, 1392,  1,  3,  43, 0, NH|PV   ,  60, RB_NONE, 0xc9, 0x40 },
	{ 0x42,  288000, 1856, 128, 224, 352, 0, 1392,  1,  3, 104, 0, NH|PV   ,  75, RB_NONE, 0xc9, 0x4f },
	{ 0x43,  356500, 1856,  48,  32,  80, 0, 1392,  3,  4,  74, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x44,  154000, 1920,  48,  32,  80, 0, 1200,  3,  6,  26, 0, PH|NV   ,  60, RB_CVT1, 0,    0    },
	{ 0x45,  193250, 1920, 136, 200, 336, 0, 1200,  3,  6,  36, 0, NH|PV   ,  60, RB_NONE, 0xd1, 0x00 },
	{ 0x46,  245250, 1920, 136, 208, 344, 0, 1200,  3,  6,  46, 0, NH|PV   ,  75, RB_NONE, 0xd1, 0x0f },
	{ 0x47,  281250, 1920, 144, 208, 352, 0, 1200,  3,  6,  53, 0, NH|PV   ,  85, RB_NONE, 0xd1, 0x19 },
	{ 0x48,  317000, 1920,  48,  32,  80, 0, 1200,  3,  6,  62, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x49,  234000, 1920, 128, 208, 344, 0, 1440,  1,  3,  56, 0, NH|PV   ,  60, RB_NONE, 0xd1, 0x40 },
	{ 0x4a,  297000, 1920, 144, 224, 352, 0, 1440,  1,  3,  56, 0, NH|PV   ,  75, RB_NONE, 0xd1, 0x4f },
	{ 0x4b,  380500, 1920,  48,  32,  80, 0, 1440,  2,  3,  78, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x4c,  268500, 2560,  48,  32,  80, 0, 1600,  3,  6,  37, 0, PH|NV   ,  60, RB_CVT1, 0,    0    },
	{ 0x4d,  348500, 2560, 192, 280, 472, 0, 1600,  3,  6,  49, 0, NH|PV   ,  60, RB_NONE, 0,    0    },
	{ 0x4e,  443250, 2560, 208, 280, 488, 0, 1600,  3,  6,  63, 0, NH|PV   ,  75, RB_NONE, 0,    0    },
	{ 0x4f,  505250, 2560, 208, 280, 488, 0, 1600,  3,  6,  73, 0, NH|PV   ,  85, RB_NONE, 0,    0    },
	{ 0x50,  552750, 2560,  48,  32,  80, 0, 1600,  3,  6,  85, 0, PH|NV   , 120, RB_CVT1, 0,    0    },
	{ 0x51,   85500, 1366,  70, 143, 213, 0,  768,  3,  3,  24, 0, PH|PV   ,  60, RB_NONE, 0,    0    },
	{ 0x52,  148500, 1920,  88,  44, 148, 0, 1080,  4,  5,  36, 0, PH|PV   ,  60, RB_NONE, 0xd1, 0xc0 },
	{ 0x53,  108000, 1600,  24,  80,  96, 0,  900,  1,  3,  96, 0, PH|PV   ,  60, RB_DMT , 0xa9, 0xc0 },
	{ 0x54,  162000, 2048,  26,  80,  96, 0, 1152,  1,  3,  44, 0, PH|PV   ,  60, RB_DMT , 0xe1, 0xc0 },
	{ 0x55,   74250, 1280, 110,  40, 220, 0,  720,  5,  5,  20, 0, PH|PV   ,  60, RB_NONE, 0x81, 0xc0 },
	{ 0x56,   72000, 1366,  14,  56,  64, 0,  768,  1,  3,  28, 0, PH|PV   ,  60, RB_DMT , 0,    0    },
	{ 0x57,  556744, 4096,   8,  32,  40, 0, 2160, 48,  8,   6, 0, PH|NV   ,  60, RB_CVT2, 0,    0    },
	{ 0x58,  556188, 4096,   8,  32,  40, 0, 2160, 48,  8,   6, 0, PH|NV   ,  60, RB_CVT2, 0,    0    },
};
// clang-format on

#undef PH
#undef NH
#undef PV
#undef NV
#undef IL

static int dmt_fill(struct dc_mode *out, const struct dmt_entry *e)
{
	struct dc_porch_timing t = {
		.clock_khz = e->clock_khz,
		.hactive = e->hactive,
		.hfront = e->hfront,
		.hsync = e->hsync,
		.hback = e->hback,
		.hborder = e->hborder,
		.vactive = e->vactive,
		.vfront = e->vfront,
		.vsync = e->vsync,
		.vback = e->vback,
		.vborder = e->vborder,
		.flags = e->flags,
	};
	int ret = dc_mode_from_porches(out, &t, DC_MODE_SOURCE_DMT);

	if (ret)
		return ret;
	out->dmt_id = e->id;
	return 0;
}

size_t dc_dmt_count(void)
{
	return sizeof(dmt_table) / sizeof(dmt_table[0]);
}

int dc_mode_from_dmt_index(struct dc_mode *out, size_t index)
{
	if (index >= dc_dmt_count())
		return -ENOENT;
	return dmt_fill(out, &dmt_table[index]);
}

int dc_mode_from_dmt_id(struct dc_mode *out, unsigned dmt_id)
{
	for (size_t i = 0; i < dc_dmt_count(); i++) {
		if (dmt_table[i].id == dmt_id)
			return dmt_fill(out, &dmt_table[i]);
	}
	return -ENOENT;
}

int dc_mode_from_std_code(struct dc_mode *out, uint8_t byte1, uint8_t byte2)
{
	for (size_t i = 0; i < dc_dmt_count(); i++) {
		const struct dmt_entry *e = &dmt_table[i];

		if (e->std1 && e->std1 == byte1 && e->std2 == byte2)
			return dmt_fill(out, e);
	}
	return -ENOENT;
}

int dc_dmt_find(struct dc_mode *out, unsigned width, unsigned height, unsigned refresh_hz,
		bool prefer_rb)
{
	const struct dmt_entry *other = NULL;

	for (size_t i = 0; i < dc_dmt_count(); i++) {
		const struct dmt_entry *e = &dmt_table[i];

		if (e->hactive != width || e->vactive != height || e->nominal_hz != refresh_hz ||
		    (e->flags & DC_TIMING_INTERLACE))
			continue;
		if ((e->blanking != RB_NONE) == prefer_rb)
			return dmt_fill(out, e);
		if (!other)
			other = e;
	}
	return other ? dmt_fill(out, other) : -ENOENT;
}
