/*
 * dc/bios on AMD's real generic Carrizo and Stoney images (shipped
 * unmodified in tests/data/vbios) and on damaged, truncated and foreign
 * copies of them: the version strings, the tables present, firmware info,
 * the board from the object table, and each refusal with its message.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bios_rom.h"
#include "dc.h"
#include "dc_bios.h"

#define VBIOS_DIR DCD_SOURCE_ROOT "/tests/data/vbios/"

static uint8_t *read_image(const char *name, size_t *size)
{
	FILE *f = fopen(name, "rb");
	uint8_t *buf = malloc(1 << 17);

	assert_non_null(f);
	assert_non_null(buf);
	*size = fread(buf, 1, 1 << 17, f);
	fclose(f);
	assert_true(*size > 0);
	return buf;
}

static struct dc_bios *load_file(const char *name)
{
	struct dc_bios_error err = { 0 };
	struct dc_bios *b = NULL;
	size_t size;
	uint8_t *buf = read_image(name, &size);

	assert_int_equal(dc_bios_load(buf, size, &b, &err), 0);
	free(buf);
	return b;
}

static void check_common(struct dc_bios *b)
{
	struct dc_bios_firmware_info fw;
	struct dc_bios_table t;
	struct dc_bios_error err;
	unsigned cmds = 0;

	for (unsigned i = 0; i < DC_BIOS_CMD_COUNT; i++)
		cmds += dc_bios_cmd_table(b, i, &t) == 0;
	/* The README: 40 command tables filled. */
	assert_int_equal(cmds, 40);
	assert_int_equal(dc_bios_cmd_table(b, DC_BIOS_CMD_SET_PIXEL_CLOCK, &t), 0);
	assert_int_equal(dc_bios_data_table(b, DC_BIOS_DATA_OBJECT_HEADER, &t), 0);
	assert_int_equal(t.format_rev, 1);
	assert_int_equal(t.content_rev, 3);
	assert_int_equal(dc_bios_firmware_info(b, &fw, &err), 0);
	assert_int_equal(fw.format_rev, 2);
	assert_int_equal(fw.content_rev, 2);
	/* The 48 MHz APU crystal, PPLL VCO 600..1200 MHz, DISPCLK 600 MHz. */
	assert_int_equal(fw.ref_clock_khz, 48000);
	assert_int_equal(fw.ppll_min_output_khz, 600000);
	assert_int_equal(fw.ppll_max_output_khz, 1200000);
	assert_true(fw.ppll_min_input_khz > 0 && fw.ppll_min_input_khz < fw.ppll_max_input_khz);
	assert_int_equal(fw.default_dispclk_khz, 600000);
}

/* The generic APU board: eDP on UNIPHY A, HDMI on B, DP on C, lines 1..3. */
static void check_board(struct dc_bios *b, enum dc_asic asic)
{
	struct dc_board board;
	struct dc_bios_error err = { 0 };
	static const enum dc_link_type types[3] = { DC_LINK_EDP, DC_LINK_HDMI_A, DC_LINK_DP };

	assert_int_equal(dc_bios_board(b, asic, &board, &err), 0);
	assert_int_equal(board.asic, asic);
	assert_int_equal(board.connector_count, 3);
	for (unsigned i = 0; i < 3; i++) {
		const struct dc_connector_desc *d = &board.connectors[i];

		assert_int_equal(d->type, types[i]);
		assert_int_equal(d->dig_be, i);
		assert_int_equal(d->hpd, i);
		assert_int_equal(d->ddc, i);
		/* The encoder capability record sets HDMI_6GB_EN and HBR2_EN. */
		assert_true(d->hdmi_6g);
		assert_int_equal(d->max_dp_rate_mbps, DC_DP_RATE_HBR2);
	}
	assert_int_equal(board.connectors[0].aux, 0);
	assert_int_equal(board.connectors[2].aux, 2);
	assert_int_equal(dc_board_check(&board, NULL), 0);
}

static void test_carrizo(void **state)
{
	struct dc_bios *b = load_file(VBIOS_DIR "CarrizoGenericVbios.bin");
	struct dc_bios_integrated_info ii;
	struct dc_bios_error err;
	enum dc_asic asic;
	uint16_t v, d;

	(void)state;
	assert_string_equal(dc_bios_version(b), "113-C75100-031");
	assert_memory_equal(dc_bios_date(b), "2016-09-13", 10);
	dc_bios_pci_id(b, &v, &d);
	assert_int_equal(v, 0x1002);
	assert_int_equal(dc_bios_asic(b, &asic), 0);
	assert_int_equal(asic, DC_ASIC_CARRIZO);
	check_common(b);
	check_board(b, asic);
	assert_int_equal(dc_bios_integrated_info(b, &ii, &err), 0);
	assert_int_equal(ii.content_rev, 9);
	assert_true(ii.dentist_vco_khz > 0);
	/* the DENTIST's VCO is IntegratedSystemInfo's on an APU; without an image, 3.6 GHz */
	assert_int_equal(dc_bios_dentist_vco_khz(b), ii.dentist_vco_khz);
	assert_int_equal(dc_bios_dentist_vco_khz(NULL), 3600000);
	dc_bios_destroy(b);
}

static void test_stoney(void **state)
{
	struct dc_bios *b = load_file(VBIOS_DIR "StoneyGenericVbios.bin");
	enum dc_asic asic;

	(void)state;
	assert_string_equal(dc_bios_version(b), "113-C91400-006");
	assert_memory_equal(dc_bios_date(b), "2016-02-22", 10);
	assert_int_equal(dc_bios_asic(b, &asic), 0);
	assert_int_equal(asic, DC_ASIC_STONEY);
	check_common(b);
	check_board(b, asic);
	dc_bios_destroy(b);
}

static void test_spread_spectrum(void **state)
{
	struct dc_bios *b = load_file(VBIOS_DIR "CarrizoGenericVbios.bin");
	struct dc_bios_ss ss[DC_BIOS_MAX_SS];
	struct dc_bios_error err;
	unsigned n = 0;
	bool dp = false;

	(void)state;
	assert_int_equal(dc_bios_ss_info(b, ss, DC_BIOS_MAX_SS, &n, &err), 0);
	assert_true(n > 0);
	for (unsigned i = 0; i < n; i++) {
		assert_true(ss[i].percentage_divider == 100 || ss[i].percentage_divider == 1000);
		dp |= ss[i].clock_id == 7;
	}
	assert_true(dp); /* an entry for DP */
	dc_bios_destroy(b);
}

/* Loads a modified copy and expects a refusal whose message has want. */
static void expect_refused(const uint8_t *img, size_t size, const char *want)
{
	struct dc_bios_error err = { 0 };
	struct dc_bios *b = (struct dc_bios *)1;

	assert_int_equal(dc_bios_load(img, size, &b, &err), -EINVAL);
	assert_null(b);
	if (!strstr(err.message, want))
		fail_msg("message \"%s\" lacks \"%s\"", err.message, want);
}

/* Keeps the byte sum 0 after an edit, so the next check is the one hit. */
static void fix_sum(uint8_t *img, size_t size, size_t spare)
{
	uint8_t sum = 0;

	for (size_t i = 0; i < size; i++)
		sum = (uint8_t)(sum + img[i]);
	img[spare] = (uint8_t)(img[spare] - sum);
}

static void test_refusals(void **state)
{
	size_t size;
	uint8_t *orig = read_image(VBIOS_DIR "CarrizoGenericVbios.bin", &size);
	uint8_t *img = malloc(size);
	size_t image = (size_t)orig[2] * 512, pcir = orig[0x18] | orig[0x19] << 8;
	size_t hdr = orig[0x48] | orig[0x49] << 8;
	size_t spare = 0x40; /* a byte no check reads: between ATI magic and 0x48 */

	(void)state;
	assert_non_null(img);
	expect_refused(orig, 100, "truncated image: 100 bytes");
	expect_refused(orig, size - 1000,
		       "truncated image: the ROM header (byte 2 = 127) declares 65024 bytes");

	memcpy(img, orig, size);
	img[0] = 0x4d;
	expect_refused(img, size, "not a PCI expansion ROM: bytes 0-1 are 0x4d 0xaa");

	memcpy(img, orig, size);
	img[0x1234] = (uint8_t)(img[0x1234] + 0x40);
	expect_refused(img, size, "damaged image: the byte sum of its 65024 bytes is 0x40, not 0");

	memcpy(img, orig, size);
	img[pcir + 4] = 0xde; /* vendor 0x10de */
	img[pcir + 5] = 0x10;
	fix_sum(img, image, spare);
	expect_refused(img, size, "foreign image: PCI vendor 0x10de");

	memcpy(img, orig, size);
	memcpy(img + pcir, "XXXX", 4);
	fix_sum(img, image, spare);
	expect_refused(img, size, "no PCI data structure");

	memcpy(img, orig, size);
	img[0x31] = '8';
	fix_sum(img, image, spare);
	expect_refused(img, size, "foreign image: no ATI signature");

	memcpy(img, orig, size);
	img[hdr + 4] = 'X';
	fix_sum(img, image, spare);
	expect_refused(img, size, "foreign image: no \"ATOM\" signature");

	/* A command table's size running past the image end. */
	{
		size_t cmd = img[hdr + 0x1e] | img[hdr + 0x1f] << 8, off;

		memcpy(img, orig, size);
		off = img[cmd + 4 + 2 * 12] | img[cmd + 5 + 2 * 12] << 8;
		img[off] = 0xff;
		img[off + 1] = 0xff;
		fix_sum(img, image, spare);
		expect_refused(img, size, "command table SetPixelClock (12)");
	}
	free(img);
	free(orig);
}

/* Our own image: the part number at 0x80 and a date stamp are read too. */
static void test_own_image(void **state)
{
	struct rom r;
	struct dc_bios *b;
	struct dc_bios_error err;
	struct dc_bios_firmware_info fw;

	(void)state;
	rom_init(&r);
	rom_finish(&r);
	assert_int_equal(dc_bios_load(r.b, ROM_SIZE, &b, &err), 0);
	assert_string_equal(dc_bios_version(b), "OURS-TEST-001");
	assert_string_equal(dc_bios_date(b), "2024-01-02 03:04");
	/* Without the table: -ENOENT and the table named. */
	assert_int_equal(dc_bios_firmware_info(b, &fw, &err), -ENOENT);
	assert_non_null(strstr(err.message, "FirmwareInfo"));
	dc_bios_destroy(b);
}

/* An object table of our own: one DP connector on UNIPHY C, HPD2, DDC2. */
static const uint8_t own_objects[] = {
	70, 0, 1,    3,	   0,	 0,    30, 0, 0,    0,	  52,	0,    0,    0,	  16,
	0, /* header: connector, encoder, path tables */
	1,  1, 0,    0,	   0x01, 0,    10, 0, 0x13, 0x31, 0x01, 0x11, 0x20, 0x21, /* 1 path: DP enum
										     1 <- UNIPHY1 */
	1,  0, 0,    0,	   0x13, 0x31, 0,  0, 42,   0,	  0,	0, /* connector object, records at
								      42 */
	1,  4, 0x91, 0,	   2,	 4,    2,  0, 0xff, 0, /* I2C id 0x91, HPD GPIO id 2, end */
	1,  0, 0,    0,	   0x20, 0x21, 0,  0, 64,   0,	  0,	0, /* encoder object, records at 64
								    */
	20, 4, 0x04, 0x00, 0xff, 0,				   /* encoder caps: HDMI6G, end */
};

static void add_gpio_tables(struct rom *r)
{
	uint8_t i2c[4 + 2 * 27] = { sizeof(i2c), 0, 1, 1 };
	static const uint8_t pins[] = { 12, 0, 1, 1, 0x8d, 0x48, 0, 1, 0x8d, 0x48, 8, 2 };

	/* Entry 1 (line mux 1): DC_GPIO_DDC2_A, id 0x91. */
	i2c[4 + 27 + 6] = 0x6d;
	i2c[4 + 27 + 7] = 0x48;
	i2c[4 + 27 + 16] = 0x91;
	rom_add_data(r, DC_BIOS_DATA_GPIO_I2C_INFO, i2c, sizeof(i2c));
	rom_add_data(r, DC_BIOS_DATA_GPIO_PIN_LUT, pins, sizeof(pins));
}

static struct dc_bios *own_load(struct rom *r)
{
	struct dc_bios_error err;
	struct dc_bios *b;

	rom_finish(r);
	assert_int_equal(dc_bios_load(r->b, ROM_SIZE, &b, &err), 0);
	return b;
}

/*
 * The board from own_objects with the encoder capability record's bits set
 * to caps (-1: the encoder has no record) gives HDMI 2.0 rates (hdmi_6g)
 * and a DP rate limit (0: the ASIC's).
 */
static void check_caps(int caps, bool hdmi_6g, uint32_t max_dp_rate_mbps)
{
	uint8_t objects[sizeof(own_objects)];
	struct dc_bios_error err = { 0 };
	struct dc_board board;
	struct dc_bios *b;
	struct rom r;

	memcpy(objects, own_objects, sizeof(objects));
	if (caps < 0)
		objects[64] = 0xff; /* the encoder's records end at once */
	else
		objects[66] = (uint8_t)caps;
	rom_init(&r);
	add_gpio_tables(&r);
	rom_add_data(&r, DC_BIOS_DATA_OBJECT_HEADER, objects, sizeof(objects));
	b = own_load(&r);
	assert_int_equal(dc_bios_board(b, DC_ASIC_CARRIZO, &board, &err), 0);
	assert_int_equal(board.connectors[0].hdmi_6g, hdmi_6g);
	assert_int_equal(board.connectors[0].max_dp_rate_mbps, max_dp_rate_mbps);
	dc_bios_destroy(b);
}

static void test_own_board(void **state)
{
	uint8_t objects[sizeof(own_objects)];
	struct dc_bios_error err = { 0 };
	struct dc_board board;
	struct dc_bios *b;
	struct rom r;

	(void)state;
	rom_init(&r);
	add_gpio_tables(&r);
	rom_add_data(&r, DC_BIOS_DATA_OBJECT_HEADER, own_objects, sizeof(own_objects));
	b = own_load(&r);
	assert_int_equal(dc_bios_board(b, DC_ASIC_CARRIZO, &board, &err), 0);
	assert_int_equal(board.connector_count, 1);
	assert_int_equal(board.connectors[0].type, DC_LINK_DP);
	assert_int_equal(board.connectors[0].hpd, 1);
	assert_int_equal(board.connectors[0].ddc, 1);
	assert_int_equal(board.connectors[0].aux, 1);
	assert_int_equal(board.connectors[0].dig_be, 2);
	assert_true(board.connectors[0].hdmi_6g);
	/* a capability record without HBR2_EN: DP up to HBR, as the kernel's encoder caps */
	assert_int_equal(board.connectors[0].max_dp_rate_mbps, DC_DP_RATE_HBR);
	dc_bios_destroy(b);

	check_caps(0x02, false, DC_DP_RATE_HBR2); /* HBR2_EN alone: no HDMI 2.0 */
	check_caps(0x0e, true, DC_DP_RATE_HBR3);  /* HBR2_EN, HDMI_6GB_EN, HBR3_EN */
	check_caps(-1, true, 0);		  /* no record: the kernel's defaults */

	/* An I2C id whose line has no GPIO_I2C_Info entry: no DDC line. */
	memcpy(objects, own_objects, sizeof(objects));
	objects[44] = 0x95;
	rom_init(&r);
	add_gpio_tables(&r);
	rom_add_data(&r, DC_BIOS_DATA_OBJECT_HEADER, objects, sizeof(objects));
	b = own_load(&r);
	assert_int_equal(dc_bios_board(b, DC_ASIC_CARRIZO, &board, &err), -EINVAL);
	assert_non_null(
		strstr(err.message, "DisplayPort connector 0x3113: no DDC line (I2C id 0x95"));
	dc_bios_destroy(b);

	/* A display path table past the image. */
	memcpy(objects, own_objects, sizeof(objects));
	objects[15] = 0x70;
	rom_init(&r);
	rom_add_data(&r, DC_BIOS_DATA_OBJECT_HEADER, objects, sizeof(objects));
	b = own_load(&r);
	assert_int_equal(dc_bios_board(b, DC_ASIC_CARRIZO, &board, &err), -EINVAL);
	assert_non_null(strstr(err.message, "display path table at 0x"));
	assert_non_null(strstr(err.message, "is past the image"));
	dc_bios_destroy(b);
}

/* Data tables of revisions or sizes not known are refused, named. */
static void test_own_data_tables(void **state)
{
	uint8_t fw[88] = { 88, 0, 1, 4 };
	static const uint8_t ss[] = {
		28,   0,    3, 1, /* two entries */
		0x10, 0x27, 0, 0,    50,   0,
		0x48, 0x0d, 5, 0x01, 0,	   0, /* 100 MHz, 0.50 %, 34 kHz, HDMI, centre */
		0x8c, 0x0a, 0, 0,    0xf4, 0x01,
		0x48, 0x0d, 7, 0x10, 0,	   0, /* 27 MHz, 0.500 %, DP, 1/1000 */
	};
	struct dc_bios_firmware_info info;
	struct dc_bios_ss out[DC_BIOS_MAX_SS];
	struct dc_bios_error err = { 0 };
	struct dc_bios *b;
	struct rom r;
	unsigned n;

	(void)state;
	rom_init(&r);
	rom_add_data(&r, DC_BIOS_DATA_FIRMWARE_INFO, fw, sizeof(fw));
	rom_add_data(&r, DC_BIOS_DATA_ASIC_INTERNAL_SS_INFO, ss, sizeof(ss));
	b = own_load(&r);
	assert_int_equal(dc_bios_firmware_info(b, &info, &err), -EINVAL);
	assert_non_null(strstr(err.message, "has revision 1.4; known are 2.x to 2.x"));
	assert_int_equal(dc_bios_ss_info(b, out, DC_BIOS_MAX_SS, &n, &err), 0);
	assert_int_equal(n, 2);
	assert_int_equal(out[0].target_clock_khz, 100000);
	assert_int_equal(out[0].percentage, 50);
	assert_int_equal(out[0].percentage_divider, 100);
	assert_int_equal(out[0].rate_hz, 34000);
	assert_int_equal(out[0].clock_id, 5);
	assert_true(out[0].center_spread);
	assert_int_equal(out[1].target_clock_khz, 27000);
	assert_int_equal(out[1].percentage, 500);
	assert_int_equal(out[1].percentage_divider, 1000);
	assert_false(out[1].center_spread);
	dc_bios_destroy(b);

	/* FirmwareInfo 2.2 with too few bytes. */
	fw[0] = 40;
	fw[2] = 2;
	fw[3] = 2;
	rom_init(&r);
	rom_add_data(&r, DC_BIOS_DATA_FIRMWARE_INFO, fw, 40);
	b = own_load(&r);
	assert_int_equal(dc_bios_firmware_info(b, &info, &err), -EINVAL);
	assert_non_null(
		strstr(err.message,
		       "FirmwareInfo 2.2 at 0x0400 has 40 bytes, fewer than the 88 it needs"));
	dc_bios_destroy(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_carrizo),		cmocka_unit_test(test_stoney),
		cmocka_unit_test(test_spread_spectrum), cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_own_image),	cmocka_unit_test(test_own_board),
		cmocka_unit_test(test_own_data_tables),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
