/*
 * ELD building: the byte layout audio drivers read (HDA ELD version 2),
 * the SAD limit, buffer size and sinks without audio.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dc_edid.h"
#include "edid_build.h"

static struct dc_edid *parse_with_name(const uint8_t *ext, const char *name)
{
	uint8_t two[256];

	edid_two_blocks(two, ext);
	edid_descriptor(two + 72, 0xfc, name, strlen(name));
	edid_fix_checksum(two);
	return edid_test_parse(two, sizeof(two));
}

static void test_layout(void **state)
{
	static const uint8_t expected[28] = {
		0x10,
		0x00,
		6,
		0x00,		 /* version 2, 6 dwords */
		3 << 5 | 2,	 /* CEA revision 3, name length 2 */
		2 << 4 | 1 << 1, /* 2 SADs, HDMI, supports AI */
		5,		 /* (20 ms - 10 ms) / 2 ms */
		0x4f,		 /* speaker allocation */
		0,
		0,
		0,
		0,
		0,
		0,
		0,
		0, /* port ID */
		0x10,
		0xac,
		0xa4,
		0xa0, /* manufacturer, product */
		'T',
		'V', /* monitor name */
		0x09,
		0x07,
		0x07,
		0x15,
		0x07,
		0x50, /* SADs as stored */
	};
	uint8_t x[128], eld[DC_EDID_ELD_MAX_BYTES];
	struct dc_edid *e;

	edid_cta_full(x);
	e = parse_with_name(x, "TV\n");
	memset(eld, 0xee, sizeof(eld));
	assert_int_equal(dc_edid_build_eld(e, false, eld, sizeof(eld)), 28);
	assert_memory_equal(eld, expected, sizeof(expected));
	assert_int_equal(eld[28], 0xee); /* nothing written past the length */

	/* DisplayPort connection type */
	assert_int_equal(dc_edid_build_eld(e, true, eld, sizeof(eld)), 28);
	assert_int_equal(eld[5], 2 << 4 | 1 << 2 | 1 << 1);

	/* too small a buffer: nothing written */
	memset(eld, 0xee, sizeof(eld));
	assert_int_equal(dc_edid_build_eld(e, false, eld, 27), -ENOSPC);
	assert_int_equal(eld[0], 0xee);
	dc_edid_destroy(e);
}

static void test_padding_and_limits(void **state)
{
	uint8_t x[128], eld[DC_EDID_ELD_MAX_BYTES];
	struct dc_edid *e;
	int len;

	/* two audio blocks of 10 SADs each: the ELD holds 15 */
	edid_cta_header(x, 4 + 2 * 31, 0x40);
	for (int b = 0; b < 2; b++) {
		uint8_t *adb = x + 4 + 31 * b;

		adb[0] = 0x20 | 30;
		for (int i = 0; i < 10; i++) {
			adb[1 + 3 * i] = 0x09;
			adb[2 + 3 * i] = (uint8_t)(b * 10 + i);
			adb[3 + 3 * i] = 0x01;
		}
	}
	edid_fix_checksum(x);
	e = parse_with_name(x, "Thirteen char");
	assert_int_equal(e->cta.num_sads, 20);
	len = dc_edid_build_eld(e, false, eld, sizeof(eld));
	/* 16 + 13 + 45 = 74 baseline bytes: padded to 76 */
	assert_int_equal(len, 4 + 76);
	assert_int_equal(eld[2], 19);
	assert_int_equal(eld[4] & 0x1f, 13);
	assert_int_equal(eld[5] >> 4, 15);
	assert_memory_equal(eld + 20, "Thirteen char", 13);
	assert_int_equal(eld[20 + 13 + 3 * 14 + 1], 14); /* the 15th SAD's rate byte */
	assert_int_equal(eld[78], 0);
	assert_int_equal(eld[79], 0);
	assert_int_equal(eld[7], 0); /* no speaker allocation block */
	assert_int_equal(eld[6], 0); /* no HDMI latency */
	dc_edid_destroy(e);
}

static void test_no_audio(void **state)
{
	uint8_t b[128], x[128], eld[DC_EDID_ELD_MAX_BYTES];
	struct dc_edid *e;

	edid_base(b);
	assert_int_equal(dc_edid_parse(b, sizeof(b), &e), 0);
	assert_int_equal(dc_edid_build_eld(e, false, eld, sizeof(eld)), -ENODATA);
	dc_edid_destroy(e);

	/* a CTA block without basic audio and with only a reserved SAD */
	edid_cta_header(x, 8, 0x00);
	x[4] = 0x23;
	x[5] = 0x00;
	x[6] = 0x07;
	x[7] = 0x07;
	edid_fix_checksum(x);
	e = parse_with_name(x, "X");
	assert_false(e->caps.audio);
	assert_int_equal(dc_edid_build_eld(e, false, eld, sizeof(eld)), -ENODATA);
	dc_edid_destroy(e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_padding_and_limits),
		cmocka_unit_test(test_no_audio),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
