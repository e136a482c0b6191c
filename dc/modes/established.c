/*
 * EDID established timings: the 17 bits of Established Timings I and II
 * (base block bytes 0x23..0x25) and the 44 bits of Established Timings III
 * (display descriptor 0xf7). Most name DMT entries; five of I/II are
 * older IBM and Apple timings that DMT does not list.
 */
#include <errno.h>
#include <stddef.h>

#include "dc_modes.h"
#include "modes_internal.h"

#define PH DC_TIMING_PHSYNC
#define NH DC_TIMING_NHSYNC
#define PV DC_TIMING_PVSYNC
#define NV DC_TIMING_NVSYNC

/* Bit 0 = byte 0x23 bit 7. dmt_id 0 means the timing is given here. */
struct established_entry {
	uint8_t dmt_id;
	struct dc_porch_timing timing;
};

// clang-format off
static const struct established_entry established12[17] = {
	{ 0,    { 28320,  720, 18, 108,  54, 0, 400, 21, 2, 26, 0, NH | PV } }, /* IBM 720x400@70 */
	{ 0,    { 35500,  720, 18, 108,  54, 0, 400, 12, 2, 35, 0, NH | PV } }, /* IBM 720x400@88 */
	{ 0x04, { 0 } },
	{ 0,    { 30240,  640, 64,  64,  96, 0, 480,  3, 3, 39, 0, NH | NV } }, /* Apple 640x480@67 */
	{ 0x05, { 0 } },
	{ 0x06, { 0 } },
	{ 0x08, { 0 } },
	{ 0x09, { 0 } },
	{ 0x0a, { 0 } },
	{ 0x0b, { 0 } },
	{ 0,    { 57284,  832, 32,  64, 224, 0, 624,  1, 3, 39, 0, NH | NV } }, /* Apple 832x624@75 */
	{ 0x0f, { 0 } },
	{ 0x10, { 0 } },
	{ 0x11, { 0 } },
	{ 0x12, { 0 } },
	{ 0x24, { 0 } },
	{ 0,    { 100000, 1152, 48, 128, 128, 0, 870,  3, 3, 39, 0, PH | PV } }, /* Apple 1152x870@75 */
};

/* Bit 0 = descriptor byte 6 bit 7; the last four bits of byte 11 are reserved. */
static const uint8_t established3[44] = {
	0x01, 0x02, 0x03, 0x07, 0x0e, 0x0c, 0x13, 0x15,
	0x16, 0x17, 0x18, 0x19, 0x20, 0x21, 0x23, 0x25,
	0x27, 0x2e, 0x2f, 0x30, 0x31, 0x29, 0x2a, 0x2b,
	0x2c, 0x39, 0x3a, 0x3b, 0x3c, 0x33, 0x34, 0x35,
	0x36, 0x37, 0x3e, 0x3f, 0x41, 0x42, 0x44, 0x45,
	0x46, 0x47, 0x49, 0x4a,
};
// clang-format on

#undef PH
#undef NH
#undef PV
#undef NV

static int from_dmt(struct dc_mode *out, unsigned dmt_id)
{
	int ret = dc_mode_from_dmt_id(out, dmt_id);

	if (ret)
		return ret;
	out->source = DC_MODE_SOURCE_ESTABLISHED;
	return 0;
}

int dc_mode_from_established(struct dc_mode *out, unsigned bit)
{
	const struct established_entry *e;

	if (bit >= sizeof(established12) / sizeof(established12[0]))
		return -ENOENT;
	e = &established12[bit];
	if (e->dmt_id)
		return from_dmt(out, e->dmt_id);
	return dc_mode_from_porches(out, &e->timing, DC_MODE_SOURCE_ESTABLISHED);
}

int dc_mode_from_established3(struct dc_mode *out, unsigned bit)
{
	if (bit >= sizeof(established3))
		return -ENOENT;
	return from_dmt(out, established3[bit]);
}
