/*
 * The display object table (Object_Header): display paths from a connector
 * to its encoder, the connector's I2C and HPD records resolved through
 * GPIO_I2C_Info and GPIO_Pin_LUT to the DDC and HPD lines, the encoder's
 * capability record, and from them a struct dc_board. Layouts and object
 * IDs are public facts (atombios.h, ObjectID.h); the DDC and HPD lines are
 * found by register, as the public DC driver's GPIO translation does.
 */
#include <errno.h>
#include <string.h>

#include "bios_priv.h"
#include "dc.h"

enum {
	OBJ_CONNECTOR_TABLE = 6,
	OBJ_ENCODER_TABLE = 10,
	OBJ_PATH_TABLE = 14,
	OBJ_HEADER_MIN_SIZE = 16,
	OBJECT_ENTRY = 8,
	PATH_HEAD = 8,
	RECORD_END = 0xff,
	RECORD_I2C = 1,
	RECORD_HPD = 2,
	RECORD_ENCODER_CAP = 20,
	RECORD_HPDPIN_LUT = 16,
	RECORD_AUXDDC_LUT = 17,
	LUT_ENTRIES = 8,
	ISI_EXT_INFO = 86,
	EXT_PATHS = 7,
	EXT_PATH = 16,
	EXT_FIRST_PATH = 20, /* header and GUID */
	MAX_RECORDS = 64,
	I2C_ENTRY = 27,
	I2C_CLK_A_REG = 6,
	I2C_ID = 16,
	PIN_ENTRY = 4,
};

/* Public register offsets (dce_11_0_d.h) the DDC and HPD pins live in. */
#define mmDC_GPIO_DDC1_A   0x4869u
#define mmDC_GPIO_DDCVGA_A 0x4881u
#define mmDC_GPIO_HPD_A	   0x488du
#define DDC_REG_STRIDE	   4u

#define OBJ_ID(id)	 ((id)&0xffu)
#define OBJ_ENUM(id)	 (((id) >> 8) & 7u)
#define OBJ_TYPE(id)	 (((id) >> 12) & 7u)
#define OBJ_TYPE_ENCODER 2u

enum {
	CONN_SINGLE_DVI_D = 0x03,
	CONN_DUAL_DVI_D = 0x04,
	CONN_VGA = 0x05,
	CONN_HDMI_A = 0x0c,
	CONN_HDMI_B = 0x0d,
	CONN_LVDS = 0x0e,
	CONN_DP = 0x13,
	CONN_EDP = 0x14,
	CONN_MXM = 0x15,
	CONN_LVDS_EDP = 0x16,
};

const char *dc_bios_connector_type_name(uint16_t connector_id)
{
	switch (OBJ_ID(connector_id)) {
	case 0x01:
		return "DVI-I";
	case 0x02:
		return "DVI-I dual link";
	case CONN_SINGLE_DVI_D:
		return "DVI-D";
	case CONN_DUAL_DVI_D:
		return "DVI-D dual link";
	case CONN_VGA:
		return "VGA";
	case CONN_HDMI_A:
		return "HDMI-A";
	case CONN_HDMI_B:
		return "HDMI-B";
	case CONN_LVDS:
		return "LVDS";
	case CONN_DP:
		return "DisplayPort";
	case CONN_EDP:
		return "eDP";
	case CONN_MXM:
		return "MXM (unset by the platform)";
	case CONN_LVDS_EDP:
		return "LVDS/eDP";
	}
	return "other";
}

/* The UNIPHY link an encoder object drives: 0 for A .. 6 for G, or -1. */
static int uniphy_link(uint16_t encoder_id)
{
	unsigned e = OBJ_ENUM(encoder_id);

	if (OBJ_TYPE(encoder_id) != OBJ_TYPE_ENCODER || e < 1 || e > 2)
		return -1;
	switch (OBJ_ID(encoder_id)) {
	case 0x1e:
		return (int)e - 1;
	case 0x20:
		return 1 + (int)e;
	case 0x21:
		return 3 + (int)e;
	case 0x25:
		return e == 1 ? 6 : -1;
	}
	return -1;
}

const char *dc_bios_encoder_name(uint16_t encoder_id)
{
	static const char *const names[] = { "UNIPHY A", "UNIPHY B", "UNIPHY C", "UNIPHY D",
					     "UNIPHY E", "UNIPHY F", "UNIPHY G" };
	int l = uniphy_link(encoder_id);

	return l < 0 ? NULL : names[l];
}

struct objects {
	const struct dc_bios *b;
	struct dc_bios_table hdr;
	struct dc_bios_error *err;
};

/* The record list of object id in the object table at rel; 0 if none. */
static int find_records(struct objects *o, uint16_t rel, uint16_t id, size_t *records)
{
	const struct dc_bios *b = o->b;
	size_t tab = (size_t)o->hdr.offset + rel;
	unsigned n;

	*records = 0;
	if (!rel)
		return 0;
	if (!bios_has(b, tab, 4))
		return bios_fail(o->err, -EINVAL,
				 "Object_Header: object table at 0x%04zx is past the image", tab);
	n = bios_u8(b, tab);
	if (!bios_has(b, tab + 4, (size_t)n * OBJECT_ENTRY))
		return bios_fail(o->err, -EINVAL,
				 "Object_Header: %u objects at 0x%04zx run past the image", n, tab);
	for (unsigned i = 0; i < n; i++) {
		size_t e = tab + 4 + (size_t)i * OBJECT_ENTRY;

		if (bios_u16(b, e) == id) {
			uint16_t r = bios_u16(b, e + 4);

			*records = r ? (size_t)o->hdr.offset + r : 0;
			return 0;
		}
	}
	return 0;
}

/* Calls fn for each record of a record list. */
static int each_record(struct objects *o, size_t p,
		       void (*fn)(const struct dc_bios *, size_t, uint8_t, uint8_t, void *),
		       void *arg)
{
	for (unsigned n = 0; p && n < MAX_RECORDS; n++) {
		uint8_t type = bios_u8(o->b, p), size = bios_u8(o->b, p + 1);

		if (type == RECORD_END || size == 0)
			return 0;
		if (!bios_has(o->b, p, size))
			return bios_fail(
				o->err, -EINVAL,
				"Object_Header: record type %u at 0x%04zx runs past the image",
				type, p);
		fn(o->b, p, type, size, arg);
		p += size;
	}
	return p ? bios_fail(o->err, -EINVAL,
			     "Object_Header: a record list has more than %u records", MAX_RECORDS)
		 : 0;
}

/* A connector's records; the LUTs are the MXM ones APU images carry. */
struct conn_records {
	struct dc_bios_connector *c;
	size_t hpd_lut, ddc_lut;
	uint8_t hpd_lut_n, ddc_lut_n;
};

static void connector_record(const struct dc_bios *b, size_t p, uint8_t type, uint8_t size,
			     void *arg)
{
	struct conn_records *cr = arg;
	struct dc_bios_connector *c = cr->c;

	if (type == RECORD_HPDPIN_LUT) {
		cr->hpd_lut = p + 2;
		cr->hpd_lut_n = (uint8_t)(size - 2);
	}
	if (type == RECORD_AUXDDC_LUT) {
		cr->ddc_lut = p + 2;
		cr->ddc_lut_n = (uint8_t)(size - 2);
	}
	if (type == RECORD_I2C && size >= 4)
		c->i2c_id = bios_u8(b, p + 2);
	if (type == RECORD_HPD && size >= 4) {
		c->hpd_gpio_id = bios_u8(b, p + 2);
		c->hpd = 0; /* resolved below */
	}
}

static void encoder_record(const struct dc_bios *b, size_t p, uint8_t type, uint8_t size, void *arg)
{
	struct dc_bios_connector *c = arg;

	if (type == RECORD_ENCODER_CAP && size >= 4) {
		c->has_encoder_caps = true;
		c->encoder_caps = bios_u16(b, p + 2);
	}
}

/* The DDC line of an I2C id: GPIO_I2C_Info's entry for its line mux, by register. */
static int ddc_line(const struct dc_bios *b, uint8_t i2c_id)
{
	struct dc_bios_table t;
	unsigned mux = i2c_id & 0xfu;
	uint16_t reg;

	if (dc_bios_data_table(b, DC_BIOS_DATA_GPIO_I2C_INFO, &t) ||
	    4u + (mux + 1u) * I2C_ENTRY > t.size)
		return -1;
	reg = bios_u16(b, t.offset + 4u + mux * I2C_ENTRY + I2C_CLK_A_REG);
	if (reg == mmDC_GPIO_DDCVGA_A)
		return 6;
	if (reg < mmDC_GPIO_DDC1_A || reg > mmDC_GPIO_DDC1_A + 5 * DDC_REG_STRIDE ||
	    (reg - mmDC_GPIO_DDC1_A) % DDC_REG_STRIDE)
		return -1;
	return (reg - mmDC_GPIO_DDC1_A) / DDC_REG_STRIDE;
}

/* The HPD line of a GPIO id: its GPIO_Pin_LUT pin in DC_GPIO_HPD_A, by bit. */
static int hpd_line(const struct dc_bios *b, uint8_t gpio_id)
{
	static const uint8_t shifts[] = { 0, 8, 16, 24, 26, 28 };
	struct dc_bios_table t;

	if (dc_bios_data_table(b, DC_BIOS_DATA_GPIO_PIN_LUT, &t))
		return -1;
	for (size_t e = t.offset + 4u; e + PIN_ENTRY <= (size_t)t.offset + t.size; e += PIN_ENTRY) {
		if (bios_u8(b, e + 3) != gpio_id)
			continue;
		if (bios_u16(b, e) != mmDC_GPIO_HPD_A)
			return -1;
		for (int i = 0; i < 6; i++)
			if (bios_u8(b, e + 2) == shifts[i])
				return i;
		return -1;
	}
	return -1;
}

/*
 * Without lookup records (AMD's generic images leave the slot's own I2C and
 * HPD ids 0 for the platform to fill in), an index picks the n-th entry of
 * GPIO_I2C_Info and GPIO_Pin_LUT: the one-to-one mapping, our rule.
 */
static uint8_t nth_i2c_id(const struct dc_bios *b, unsigned n)
{
	struct dc_bios_table t;

	if (dc_bios_data_table(b, DC_BIOS_DATA_GPIO_I2C_INFO, &t) ||
	    4u + (n + 1u) * I2C_ENTRY > t.size)
		return 0;
	return bios_u8(b, t.offset + 4u + n * I2C_ENTRY + I2C_ID);
}

static uint8_t nth_pin_id(const struct dc_bios *b, unsigned n)
{
	struct dc_bios_table t;

	if (dc_bios_data_table(b, DC_BIOS_DATA_GPIO_PIN_LUT, &t) ||
	    4u + (n + 1u) * PIN_ENTRY > t.size)
		return 0;
	return bios_u8(b, t.offset + 4u + n * PIN_ENTRY + 3u);
}

/*
 * An APU image's MXM connector is a slot the platform fills in: the
 * IntegratedSystemInfo's external display connection info, entry (enum - 1),
 * names the real connector and indexes the MXM object's HPD pin and AUX/DDC
 * lookup records. An entry without a connector leaves the slot unused.
 */
static void patch_mxm(const struct dc_bios *b, struct conn_records *cr)
{
	struct dc_bios_connector *c = cr->c;
	struct dc_bios_table isi;
	unsigned slot = OBJ_ENUM(c->connector_id) - 1u;
	size_t ext, e;
	uint8_t ddc_idx, hpd_idx;

	if (OBJ_ID(c->connector_id) != CONN_MXM || slot >= EXT_PATHS ||
	    dc_bios_data_table(b, DC_BIOS_DATA_INTEGRATED_SYSTEM_INFO, &isi) ||
	    isi.content_rev < 8 || isi.size < ISI_EXT_INFO + 2)
		return;
	ext = (size_t)isi.offset + bios_u16(b, isi.offset + ISI_EXT_INFO);
	e = ext + EXT_FIRST_PATH + (size_t)slot * EXT_PATH;
	if (!bios_has(b, ext, EXT_FIRST_PATH + EXT_PATHS * EXT_PATH) || !bios_u16(b, e + 4))
		return;
	c->device_tag = bios_u16(b, e);
	c->connector_id = bios_u16(b, e + 4);
	ddc_idx = bios_u8(b, e + 6);
	hpd_idx = bios_u8(b, e + 7);
	if (cr->ddc_lut && ddc_idx < cr->ddc_lut_n && ddc_idx < LUT_ENTRIES)
		c->i2c_id = bios_u8(b, cr->ddc_lut + ddc_idx);
	else if (!c->i2c_id)
		c->i2c_id = nth_i2c_id(b, ddc_idx);
	if (cr->hpd_lut && hpd_idx < cr->hpd_lut_n && hpd_idx < LUT_ENTRIES)
		c->hpd_gpio_id = bios_u8(b, cr->hpd_lut + hpd_idx);
	else if (!c->hpd_gpio_id)
		c->hpd_gpio_id = nth_pin_id(b, hpd_idx);
	c->hpd = 0;
}

static int read_path(struct objects *o, size_t p, uint16_t size, struct dc_bios_connector *c)
{
	const struct dc_bios *b = o->b;
	struct conn_records cr = { .c = c };
	size_t records;
	int r;

	memset(c, 0, sizeof(*c));
	c->device_tag = bios_u16(b, p);
	c->connector_id = bios_u16(b, p + 4);
	c->encoder_id = size >= PATH_HEAD + 2 ? bios_u16(b, p + PATH_HEAD) : 0;
	c->hpd = -1;
	c->ddc = -1;
	r = find_records(o, bios_u16(b, o->hdr.offset + OBJ_CONNECTOR_TABLE), c->connector_id,
			 &records);
	if (!r)
		r = each_record(o, records, connector_record, &cr);
	if (!r)
		patch_mxm(b, &cr);
	if (!r && c->encoder_id)
		r = find_records(o, bios_u16(b, o->hdr.offset + OBJ_ENCODER_TABLE), c->encoder_id,
				 &records);
	if (!r && c->encoder_id)
		r = each_record(o, records, encoder_record, c);
	if (r)
		return r;
	if (c->hpd == 0)
		c->hpd = hpd_line(b, c->hpd_gpio_id);
	if (c->i2c_id)
		c->ddc = ddc_line(b, c->i2c_id);
	/* An HPD record with GPIO id 0 is a placeholder, not a line. */
	if (!c->hpd_gpio_id)
		c->hpd = -1;
	return 0;
}

int dc_bios_connectors(const struct dc_bios *bios, struct dc_bios_connector *out, unsigned max,
		       unsigned *count, struct dc_bios_error *err)
{
	struct objects o = { .b = bios, .err = err };
	size_t paths, p;
	unsigned n;
	int r = bios_data_need(bios, DC_BIOS_DATA_OBJECT_HEADER, 1, 1, OBJ_HEADER_MIN_SIZE, &o.hdr,
			       err);

	*count = 0;
	if (r)
		return r;
	paths = (size_t)o.hdr.offset + bios_u16(bios, o.hdr.offset + OBJ_PATH_TABLE);
	if (!bios_has(bios, paths, 4))
		return bios_fail(err, -EINVAL,
				 "Object_Header: display path table at 0x%04zx is past the image",
				 paths);
	n = bios_u8(bios, paths);
	if (n > max)
		return bios_fail(err, -EINVAL, "Object_Header: %u display paths, more than %u", n,
				 max);
	p = paths + 4;
	for (unsigned i = 0; i < n; i++) {
		uint16_t size = bios_u16(bios, p + 2);

		if (size < PATH_HEAD || !bios_has(bios, p, size))
			return bios_fail(err, -EINVAL,
					 "Object_Header: display path %u at 0x%04zx has size %u", i,
					 p, size);
		r = read_path(&o, p, size, &out[i]);
		if (r)
			return r;
		p += size;
	}
	*count = n;
	return 0;
}

static int to_desc(const struct dc_bios_connector *c, struct dc_connector_desc *d,
		   struct dc_bios_error *err)
{
	const char *name = dc_bios_connector_type_name(c->connector_id);
	int link = uniphy_link(c->encoder_id);

	memset(d, 0, sizeof(*d));
	switch (OBJ_ID(c->connector_id)) {
	case CONN_DP:
		d->type = DC_LINK_DP;
		break;
	case CONN_EDP:
		d->type = DC_LINK_EDP;
		break;
	case CONN_HDMI_A:
		d->type = DC_LINK_HDMI_A;
		break;
	case CONN_DUAL_DVI_D:
	case CONN_SINGLE_DVI_D:
		d->type = DC_LINK_DVI_D;
		d->dual_link = OBJ_ID(c->connector_id) == CONN_DUAL_DVI_D;
		break;
	default:
		return 1; /* not a connector Display Core drives */
	}
	if (link < 0)
		return bios_fail(err, -EINVAL,
				 "%s connector 0x%04x: encoder object 0x%04x is no UNIPHY", name,
				 c->connector_id, c->encoder_id);
	if (c->hpd < 0 || c->ddc < 0 || c->ddc > 5)
		return bios_fail(err, -EINVAL,
				 "%s connector 0x%04x: no %s line (I2C id 0x%02x, HPD GPIO id %u)",
				 name, c->connector_id, c->hpd < 0 ? "HPD" : "DDC", c->i2c_id,
				 c->hpd_gpio_id);
	d->hpd = (uint8_t)c->hpd;
	d->ddc = (uint8_t)c->ddc;
	d->aux = d->type == DC_LINK_DP || d->type == DC_LINK_EDP ? (uint8_t)c->ddc : 0;
	d->dig_be = (uint8_t)link;
	/*
	 * The encoder's capability record, read as the kernel's link encoder
	 * does: without one, HDMI 2.0 rates are allowed (its default, "to
	 * mirror Windows") and DP runs at the ASIC's rates; with one, HDMI
	 * 2.0 needs HDMI_6GB_EN and DP stops at HBR unless HBR2_EN or HBR3_EN
	 * says more.
	 */
	d->hdmi_6g = !c->has_encoder_caps || (c->encoder_caps & DC_BIOS_ENCODER_CAP_HDMI6G);
	d->max_dp_rate_mbps = 0;
	if (c->has_encoder_caps)
		d->max_dp_rate_mbps = c->encoder_caps & DC_BIOS_ENCODER_CAP_HBR3   ? DC_DP_RATE_HBR3
				      : c->encoder_caps & DC_BIOS_ENCODER_CAP_HBR2 ? DC_DP_RATE_HBR2
										   : DC_DP_RATE_HBR;
	return 0;
}

int dc_bios_board(const struct dc_bios *bios, enum dc_asic asic, struct dc_board *out,
		  struct dc_bios_error *err)
{
	struct dc_bios_connector conn[DC_BIOS_MAX_CONNECTORS];
	struct dc_error derr;
	unsigned n;
	int r = dc_bios_connectors(bios, conn, DC_BIOS_MAX_CONNECTORS, &n, err);

	if (r)
		return r;
	memset(out, 0, sizeof(*out));
	out->asic = asic;
	for (unsigned i = 0; i < n; i++) {
		struct dc_connector_desc d;

		r = to_desc(&conn[i], &d, err);
		if (r < 0)
			return r;
		if (r > 0)
			continue;
		if (out->connector_count == DC_MAX_LINKS)
			return bios_fail(err, -EINVAL,
					 "the object table has more than %d connectors",
					 DC_MAX_LINKS);
		out->connectors[out->connector_count++] = d;
	}
	if (!out->connector_count)
		return bios_fail(err, -EINVAL,
				 "the object table has no DP, eDP, HDMI or DVI-D connector");
	if (dc_board_check(out, &derr))
		return bios_fail(err, -EINVAL, "the object table's board: %s", derr.message);
	return 0;
}
