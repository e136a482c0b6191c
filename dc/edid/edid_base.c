/*
 * The base block (VESA E-EDID 1.4, section 3; EDID 1.3 and older share its
 * layout): vendor and product, basic display parameters, chromaticity,
 * established and standard timings and the four 18-byte descriptors.
 */
#include "edid_priv.h"

// clang-format off
/* What each established timing bit stands for (tables 3.18 and 4.5). */
static const struct dc_edid_est_mode est_modes[] = {
	/* byte 35, bit 7 to 0 */
	{ 720, 400, 70, 0x00, false }, { 720, 400, 88, 0x00, false },
	{ 640, 480, 60, 0x04, false }, { 640, 480, 67, 0x00, false },
	{ 640, 480, 72, 0x05, false }, { 640, 480, 75, 0x06, false },
	{ 800, 600, 56, 0x08, false }, { 800, 600, 60, 0x09, false },
	/* byte 36, bit 7 to 0 */
	{ 800, 600, 72, 0x0a, false }, { 800, 600, 75, 0x0b, false },
	{ 832, 624, 75, 0x00, false }, { 1024, 768, 87, 0x0f, false, true },
	{ 1024, 768, 60, 0x10, false }, { 1024, 768, 70, 0x11, false },
	{ 1024, 768, 75, 0x12, false }, { 1280, 1024, 75, 0x24, false },
	/* byte 37, bit 7 */
	{ 1152, 870, 75, 0x00, false },
	/* established timings III descriptor, byte 6 bit 7 onwards */
	{ 640, 350, 85, 0x01, false }, { 640, 400, 85, 0x02, false },
	{ 720, 400, 85, 0x03, false }, { 640, 480, 85, 0x07, false },
	{ 848, 480, 60, 0x0e, false }, { 800, 600, 85, 0x0c, false },
	{ 1024, 768, 85, 0x13, false }, { 1152, 864, 75, 0x15, false },
	{ 1280, 768, 60, 0x16, true }, { 1280, 768, 60, 0x17, false },
	{ 1280, 768, 75, 0x18, false }, { 1280, 768, 85, 0x19, false },
	{ 1280, 960, 60, 0x20, false }, { 1280, 960, 85, 0x21, false },
	{ 1280, 1024, 60, 0x23, false }, { 1280, 1024, 85, 0x25, false },
	{ 1360, 768, 60, 0x27, false }, { 1440, 900, 60, 0x2e, true },
	{ 1440, 900, 60, 0x2f, false }, { 1440, 900, 75, 0x30, false },
	{ 1440, 900, 85, 0x31, false }, { 1400, 1050, 60, 0x29, true },
	{ 1400, 1050, 60, 0x2a, false }, { 1400, 1050, 75, 0x2b, false },
	{ 1400, 1050, 85, 0x2c, false }, { 1680, 1050, 60, 0x39, true },
	{ 1680, 1050, 60, 0x3a, false }, { 1680, 1050, 75, 0x3b, false },
	{ 1680, 1050, 85, 0x3c, false }, { 1600, 1200, 60, 0x33, false },
	{ 1600, 1200, 65, 0x34, false }, { 1600, 1200, 70, 0x35, false },
	{ 1600, 1200, 75, 0x36, false }, { 1600, 1200, 85, 0x37, false },
	{ 1792, 1344, 60, 0x3e, false }, { 1792, 1344, 75, 0x3f, false },
	{ 1856, 1392, 60, 0x41, false }, { 1856, 1392, 75, 0x42, false },
	{ 1920, 1200, 60, 0x44, true }, { 1920, 1200, 60, 0x45, false },
	{ 1920, 1200, 75, 0x46, false }, { 1920, 1200, 85, 0x47, false },
	{ 1920, 1440, 60, 0x49, false }, { 1920, 1440, 75, 0x4a, false },
};
// clang-format on

const struct dc_edid_est_mode *dc_edid_est_mode(unsigned i)
{
	if (i >= sizeof(est_modes) / sizeof(est_modes[0]))
		return NULL;
	return &est_modes[i];
}

/* Standard timing: (hactive / 8) - 31, aspect in bits 7-6, refresh - 60. */
void edid_add_std_timing(struct edid_ctx *c, uint8_t block, const uint8_t code[2],
			 bool from_descriptor)
{
	struct dc_edid *e = c->e;
	struct dc_edid_std_timing *st;

	/* 01 01 marks an unused slot; a 0 first byte is no resolution at all. */
	if ((code[0] == 0x01 && code[1] == 0x01) || code[0] == 0x00)
		return;
	if (e->num_std_timings >= c->cap.std_timings)
		return;
	st = &e->std_timings[e->num_std_timings++];
	st->code[0] = code[0];
	st->code[1] = code[1];
	st->block = block;
	st->from_descriptor = from_descriptor;
	st->hactive = (uint16_t)((code[0] + 31) * 8);
	st->refresh_hz = (uint8_t)((code[1] & 0x3f) + 60);
	switch (code[1] >> 6) {
	case 0:
		/* Before EDID 1.3 this code meant 1:1. */
		if (e->base.version == 1 && e->base.revision < 3) {
			st->aspect = DC_EDID_ASPECT_1_1;
			st->vactive = st->hactive;
		} else {
			st->aspect = DC_EDID_ASPECT_16_10;
			st->vactive = (uint16_t)(st->hactive * 10 / 16);
		}
		break;
	case 1:
		st->aspect = DC_EDID_ASPECT_4_3;
		st->vactive = (uint16_t)(st->hactive * 3 / 4);
		break;
	case 2:
		st->aspect = DC_EDID_ASPECT_5_4;
		st->vactive = (uint16_t)(st->hactive * 4 / 5);
		break;
	default:
		st->aspect = DC_EDID_ASPECT_16_9;
		st->vactive = (uint16_t)(st->hactive * 9 / 16);
		break;
	}
}

static void decode_vendor(struct edid_ctx *c, const uint8_t *x)
{
	struct dc_edid_base *b = &c->e->base;
	uint16_t id = (uint16_t)(x[8] << 8 | x[9]);

	/* Three 5-bit letters, 1 = 'A'; other values print as the ASCII they map to. */
	b->manufacturer[0] = (char)('@' + ((id >> 10) & 0x1f));
	b->manufacturer[1] = (char)('@' + ((id >> 5) & 0x1f));
	b->manufacturer[2] = (char)('@' + (id & 0x1f));
	b->manufacturer[3] = '\0';
	for (int i = 0; i < 3; i++) {
		if (b->manufacturer[i] < 'A' || b->manufacturer[i] > 'Z') {
			edid_warn(c, 0, DC_EDID_WARN_INVALID,
				  "manufacturer ID 0x%04x is not three letters A-Z", id);
			break;
		}
	}
	if (id & 0x8000)
		edid_warn(c, 0, DC_EDID_WARN_RESERVED, "manufacturer ID bit 15 is set (reserved)");
	b->product_code = edid_le16(x + 10);
	b->serial = edid_le32(x + 12);
	b->week = x[16];
	b->year = (uint16_t)(1990 + x[17]);
	b->model_year = x[16] == 0xff;
	if (x[16] > 54 && x[16] != 0xff)
		edid_warn(c, 0, DC_EDID_WARN_INVALID, "week of manufacture %u is not 1-54", x[16]);
	b->version = x[18];
	b->revision = x[19];
	if (b->version != 1 || b->revision > 4)
		edid_warn(c, 0, DC_EDID_WARN_INVALID,
			  "EDID version %u.%u is not 1.0-1.4; decoded as 1.4", b->version,
			  b->revision);
}

static bool edid_is_14(const struct dc_edid_base *b)
{
	return b->version > 1 || (b->version == 1 && b->revision >= 4);
}

static void decode_display_params(struct edid_ctx *c, const uint8_t *x)
{
	struct dc_edid_base *b = &c->e->base;
	uint8_t in = x[20];

	b->digital = in & 0x80;
	if (b->digital && edid_is_14(b)) {
		static const uint8_t depth[8] = { 0, 6, 8, 10, 12, 14, 16, 0 };

		b->bpc = depth[(in >> 4) & 7];
		if (((in >> 4) & 7) == 7)
			edid_warn(c, 0, DC_EDID_WARN_RESERVED,
				  "color bit depth code 7 is reserved");
		b->interface = (enum dc_edid_interface)(in & 0x0f);
		if ((in & 0x0f) > DC_EDID_IFACE_DISPLAYPORT) {
			edid_warn(c, 0, DC_EDID_WARN_RESERVED,
				  "digital interface code %u is reserved", in & 0x0f);
			b->interface = DC_EDID_IFACE_UNDEFINED;
		}
	} else if (b->digital) {
		b->dfp1_compatible = in & 0x01;
	} else {
		b->signal_level = (in >> 5) & 3;
		b->blank_to_black = in & 0x10;
		b->separate_sync = in & 0x08;
		b->composite_sync = in & 0x04;
		b->sync_on_green = in & 0x02;
		b->serration = in & 0x01;
	}

	if (x[21] && x[22]) {
		b->width_cm = x[21];
		b->height_cm = x[22];
	} else if (x[21]) {
		b->aspect_x100 = (uint16_t)(x[21] + 99);
	} else if (x[22]) {
		b->aspect_x100 = (uint16_t)(x[22] + 99);
		b->aspect_portrait = true;
	}
	b->gamma_x100 = x[23] == 0xff ? 0 : (uint16_t)(x[23] + 100);

	uint8_t f = x[24];

	b->dpms_standby = f & 0x80;
	b->dpms_suspend = f & 0x40;
	b->dpms_off = f & 0x20;
	b->color_type = (f >> 3) & 3;
	b->srgb_default = f & 0x04;
	b->preferred_is_native = f & 0x02;
	b->continuous_freq = f & 0x01;

	b->red_x = (uint16_t)(x[27] << 2 | ((x[25] >> 6) & 3));
	b->red_y = (uint16_t)(x[28] << 2 | ((x[25] >> 4) & 3));
	b->green_x = (uint16_t)(x[29] << 2 | ((x[25] >> 2) & 3));
	b->green_y = (uint16_t)(x[30] << 2 | (x[25] & 3));
	b->blue_x = (uint16_t)(x[31] << 2 | ((x[26] >> 6) & 3));
	b->blue_y = (uint16_t)(x[32] << 2 | ((x[26] >> 4) & 3));
	b->white_x = (uint16_t)(x[33] << 2 | ((x[26] >> 2) & 3));
	b->white_y = (uint16_t)(x[34] << 2 | (x[26] & 3));
}

void edid_decode_base(struct edid_ctx *c, const uint8_t *x)
{
	struct dc_edid *e = c->e;

	decode_vendor(c, x);
	decode_display_params(c, x);

	/* bits 0-16 of established: byte 35 bit 7 first */
	for (unsigned i = 0; i < 17; i++)
		if (x[35 + i / 8] & (0x80 >> (i % 8)))
			e->established |= 1ull << i;
	e->manufacturer_timings = x[37] & 0x7f;

	for (unsigned i = 0; i < 8; i++)
		edid_add_std_timing(c, 0, x + 38 + 2 * i, false);

	for (unsigned i = 0; i < 4; i++)
		edid_decode_descriptor(c, 0, x + 54 + 18 * i);

	e->base.extension_count = x[126];
}
