/*
 * The video BIOS from ACPI VFCT (vfio/vfct.c) on tables the test builds:
 * the image of the opened GPU is found among others, every malformed table
 * is refused with its numbers, and many generated bad tables (every
 * truncation, every byte changed with the checksum fixed again, random
 * records) never give an image outside the table.
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

#include "fake_sysfs.h"
#include "vfct_build.h"

#define assert_msg(err, text)                                                       \
	do {                                                                        \
		if (!strstr((err).msg, (text)))                                     \
			fail_msg("message \"%s\" lacks \"%s\"", (err).msg, (text)); \
	} while (0)

static const struct dcv_gpu carrizo = { .address = "0000:00:01.0",
					.vendor_id = 0x1002,
					.device_id = 0x9874 };
static const struct dcv_gpu tonga = { .address = "0000:03:00.0",
				      .vendor_id = 0x1002,
				      .device_id = 0x6939 };

static uint8_t apu_image[1000], other_image[300];

/* A laptop's table: the APU's image and one for a discrete GPU. */
static size_t two_images(uint8_t *buf, size_t cap)
{
	const struct vfct_t_image images[] = {
		{ 0, 1, 0, 0x1002, 0x9874, apu_image, sizeof(apu_image) },
		{ 3, 0, 0, 0x1002, 0x6900, other_image, sizeof(other_image) },
	};

	for (size_t i = 0; i < sizeof(apu_image); i++)
		apu_image[i] = (uint8_t)(i * 13 + 1);
	for (size_t i = 0; i < sizeof(other_image); i++)
		other_image[i] = (uint8_t)(i * 7 + 5);
	size_t len = vfct_t_build(buf, cap, images, 2);

	assert_int_not_equal(len, 0);
	return len;
}

static void image_of_the_gpu_is_found(void **state)
{
	uint8_t t[2048];
	size_t len = two_images(t, sizeof(t)), size;
	struct dcv_error err = { "" };
	const struct vfct_t_image second_first[] = {
		{ 3, 0, 0, 0x1002, 0x6900, other_image, sizeof(other_image) },
		{ 0, 1, 0, 0x1002, 0x9874, apu_image, sizeof(apu_image) },
	};
	void *image;

	assert_int_equal(dcv_vfct_image(t, len, &carrizo, &image, &size, &err), 0);
	assert_int_equal(size, sizeof(apu_image));
	assert_memory_equal(image, apu_image, sizeof(apu_image));
	free(image);
	/* the second record, after an image of another length */
	len = vfct_t_build(t, sizeof(t), second_first, 2);
	assert_int_equal(dcv_vfct_image(t, len, &carrizo, &image, &size, &err), 0);
	assert_int_equal(size, sizeof(apu_image));
	assert_memory_equal(image, apu_image, sizeof(apu_image));
	free(image);
	(void)state;
}

static void no_image_for_this_gpu_lists_the_others(void **state)
{
	uint8_t t[2048];
	size_t len = two_images(t, sizeof(t)), size = 7;
	struct dcv_error err = { "" };
	struct dcv_gpu wrong_function = carrizo;
	void *image = t;

	assert_int_equal(dcv_vfct_image(t, len, &tonga, &image, &size, &err), -ENOENT);
	assert_null(image);
	assert_int_equal(size, 0);
	assert_string_equal(err.msg, "the ACPI VFCT table lists images for 0000:00:01.0 1002:9874, "
				     "0000:03:00.0 1002:6900, not for 0000:03:00.0 1002:6939");
	/* the address alone is not enough, nor the IDs alone */
	snprintf(wrong_function.address, sizeof(wrong_function.address), "0000:00:01.1");
	assert_int_equal(dcv_vfct_image(t, len, &wrong_function, &image, &size, &err), -ENOENT);
	assert_msg(err, "not for 0000:00:01.1 1002:9874");
	(void)state;
}

static void empty_and_zero_length_records_give_nothing(void **state)
{
	const struct vfct_t_image empty = { 0, 1, 0, 0x1002, 0x9874, NULL, 0 };
	uint8_t t[256];
	size_t len, size;
	struct dcv_error err = { "" };
	void *image;

	len = vfct_t_build(t, sizeof(t), NULL, 0);
	assert_int_equal(dcv_vfct_image(t, len, &carrizo, &image, &size, &err), -ENOENT);
	assert_string_equal(err.msg, "the ACPI VFCT table lists no video BIOS image");
	/* a record of length 0 for the very GPU is no image (as the kernel skips it) */
	len = vfct_t_build(t, sizeof(t), &empty, 1);
	assert_int_equal(dcv_vfct_image(t, len, &carrizo, &image, &size, &err), -ENOENT);
	assert_string_equal(err.msg, "the ACPI VFCT table lists no video BIOS image");
	(void)state;
}

static void malformed_tables_are_named(void **state)
{
	uint8_t t[2048], c[2048];
	size_t len = two_images(t, sizeof(t)), size;
	struct dcv_error err = { "" };
	void *image;

	/* shorter than an ACPI header */
	assert_int_equal(dcv_vfct_image(t, 20, &carrizo, &image, &size, &err), -EINVAL);
	assert_string_equal(err.msg, "truncated ACPI VFCT table: 20 bytes, its ACPI header alone "
				     "has 36");
	/* the file ends before the declared length */
	assert_int_equal(dcv_vfct_image(t, len - 1, &carrizo, &image, &size, &err), -EINVAL);
	assert_msg(err, "truncated ACPI VFCT table: its header declares 1432 bytes, only 1431 "
			"present");
	/* another table */
	memcpy(c, t, len);
	memcpy(c, "FACP", 4);
	vfct_t_fix_checksum(c, len);
	assert_int_equal(dcv_vfct_image(c, len, &carrizo, &image, &size, &err), -EINVAL);
	assert_string_equal(err.msg, "not an ACPI VFCT table: its signature is \"FACP\"");
	/* a declared length too short for the VFCT header */
	memcpy(c, t, len);
	vfct_t_put32(c + 4, 60);
	vfct_t_fix_checksum(c, 60);
	assert_int_equal(dcv_vfct_image(c, len, &carrizo, &image, &size, &err), -EINVAL);
	assert_msg(err, "declares 60 bytes, a VFCT header needs 76");
	/* bad checksum */
	memcpy(c, t, len);
	c[100] = (uint8_t)(c[100] + 0x40);
	assert_int_equal(dcv_vfct_image(c, len, &carrizo, &image, &size, &err), -EINVAL);
	assert_string_equal(err.msg, "damaged ACPI VFCT table: the byte sum of its 1432 bytes is "
				     "0x40, not 0");
	/* the first image before the image area and past the table */
	memcpy(c, t, len);
	vfct_t_put32(c + 52, 40);
	vfct_t_fix_checksum(c, len);
	assert_int_equal(dcv_vfct_image(c, len, &carrizo, &image, &size, &err), -EINVAL);
	assert_msg(err, "its first image at offset 40 is outside the table's image area 76..1432");
	vfct_t_put32(c + 52, 5000);
	vfct_t_fix_checksum(c, len);
	assert_int_equal(dcv_vfct_image(c, len, &carrizo, &image, &size, &err), -EINVAL);
	assert_msg(err, "offset 5000 is outside");
	/* an image running past the table */
	memcpy(c, t, len);
	vfct_t_put32(c + VFCT_T_HEADER + 24, 1400);
	vfct_t_fix_checksum(c, len);
	assert_int_equal(dcv_vfct_image(c, len, &carrizo, &image, &size, &err), -EINVAL);
	assert_string_equal(err.msg, "damaged ACPI VFCT table: the image for 0000:00:01.0 "
				     "1002:9874 at offset 76 declares 1400 bytes, past the "
				     "1432-byte table");
	/* the second record's image past the end (the first is another GPU's) */
	memcpy(c, t, len);
	vfct_t_put32(c + VFCT_T_HEADER + VFCT_T_RECORD + 1000 + 24, 0xffffffffu);
	vfct_t_fix_checksum(c, len);
	assert_int_equal(dcv_vfct_image(c, len, &tonga, &image, &size, &err), -EINVAL);
	assert_msg(err, "at offset 1104 declares 4294967295 bytes, past the 1432-byte table");
	/* a record header cut by the declared length */
	memcpy(c, t, len);
	vfct_t_put32(c + 4, VFCT_T_HEADER + 10);
	vfct_t_fix_checksum(c, VFCT_T_HEADER + 10);
	assert_int_equal(dcv_vfct_image(c, len, &carrizo, &image, &size, &err), -EINVAL);
	assert_string_equal(err.msg, "damaged ACPI VFCT table: the image header at offset 76 runs "
				     "past the 86-byte table");
	(void)state;
}

/* On success the image must be bytes of the table, wholly inside it. */
static void check_inside(const uint8_t *t, size_t len, const void *image, size_t size)
{
	const uint8_t *hit = NULL;

	assert_true(size > 0 && size <= len);
	for (size_t at = VFCT_T_HEADER + VFCT_T_RECORD; at + size <= len && !hit; at++)
		if (!memcmp(t + at, image, size))
			hit = t + at;
	assert_non_null(hit);
}

static int try(const uint8_t *t, size_t len, const struct dcv_gpu *gpu)
{
	struct dcv_error err = { "" };
	void *image;
	size_t size;
	int r = dcv_vfct_image(t, len, gpu, &image, &size, &err);

	if (r == 0) {
		check_inside(t, len, image, size);
		free(image);
	} else {
		assert_true(r == -EINVAL || r == -ENOENT);
		assert_null(image);
		assert_true(err.msg[0] != '\0');
	}
	return r;
}

static void every_truncation_and_byte_is_refused_or_bounded(void **state)
{
	uint8_t t[2048], c[2048];
	size_t len = two_images(t, sizeof(t));
	unsigned ok = 0;

	/* every shorter file */
	for (size_t n = 0; n < len; n++)
		assert_int_equal(try(t, n, &carrizo), -EINVAL);
	/* every byte changed without fixing the checksum: refused */
	for (size_t i = 0; i < len; i++) {
		memcpy(c, t, len);
		c[i] ^= 0x5a;
		assert_int_equal(try(c, len, &carrizo), -EINVAL);
	}
	/* every header byte set to each of a few values, checksum fixed: bounded */
	static const uint8_t values[] = { 0x00, 0x01, 0x1c, 0x4c, 0x7f, 0x80, 0xfe, 0xff };
	size_t headers[] = { 0, 1, 2, 3, 4, 5, 6, 7, 52, 53, 54, 55 };
	for (size_t h = 0; h < sizeof(headers) / sizeof(headers[0]); h++) {
		for (size_t v = 0; v < sizeof(values); v++) {
			memcpy(c, t, len);
			c[headers[h]] = values[v];
			vfct_t_fix_checksum(c, len);
			ok += try(c, len, &carrizo) == 0;
		}
	}
	for (size_t at = VFCT_T_HEADER; at < VFCT_T_HEADER + VFCT_T_RECORD; at++) {
		for (size_t v = 0; v < sizeof(values); v++) {
			memcpy(c, t, len);
			c[at] = values[v];
			vfct_t_fix_checksum(c, len);
			ok += try(c, len, &carrizo) == 0;
			ok += try(c, len, &tonga) == 0;
		}
	}
	/* some of them still carry the APU's image (a changed revision, say) */
	assert_true(ok > 0);
	(void)state;
}

static uint64_t rng = 0x243f6a8885a308d3ull;

static uint32_t next_random(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)rng;
}

/* Tables of random records (lengths near the real ones and wild ones), checksums right. */
static void random_tables_never_escape(void **state)
{
	uint8_t t[4096];
	unsigned found = 0, refused = 0, absent = 0;

	for (int round = 0; round < 50000; round++) {
		size_t len = VFCT_T_HEADER + next_random() % (sizeof(t) - VFCT_T_HEADER);
		size_t at;

		for (size_t i = 0; i < len; i++)
			t[i] = (uint8_t)next_random();
		memcpy(t, "VFCT", 4);
		vfct_t_put32(t + 4, next_random() % 8 ? (uint32_t)len : next_random());
		vfct_t_put32(t + 52, next_random() % 4 ? VFCT_T_HEADER : next_random() % 5000);
		at = VFCT_T_HEADER;
		while (at + VFCT_T_RECORD <= len) {
			uint32_t room = (uint32_t)(len - at - VFCT_T_RECORD);
			uint32_t l = next_random() % 3 ? next_random() % (room + 8) : next_random();

			if (next_random() % 4 == 0) {
				vfct_t_put32(t + at, 0);
				vfct_t_put32(t + at + 4, 1);
				vfct_t_put32(t + at + 8, 0);
				t[at + 12] = 0x02;
				t[at + 13] = 0x10;
				t[at + 14] = 0x74;
				t[at + 15] = 0x98;
			}
			vfct_t_put32(t + at + 24, l);
			if (l > room)
				break;
			at += VFCT_T_RECORD + l;
		}
		vfct_t_fix_checksum(t, len);
		switch (try(t, len, &carrizo)) {
		case 0:
			found++;
			break;
		case -EINVAL:
			refused++;
			break;
		default:
			absent++;
		}
	}
	print_message("random tables: %u images found, %u refused, %u without one\n", found,
		      refused, absent);
	/* all three outcomes were reached: the generator explores the parser */
	assert_true(found > 1000);
	assert_true(refused > 1000);
	assert_true(absent > 100);
	(void)state;
}

static void read_from_sysfs(void **state)
{
	struct fake_sys f;
	struct dcv_error err = { "" };
	uint8_t t[2048];
	size_t len = two_images(t, sizeof(t)), size;
	void *image;

	fake_sys_create(&f);
	assert_int_equal(dcv_read_vfct(&f.paths, &carrizo, &image, &size, &err), -ENOENT);
	assert_msg(err, "no ACPI VFCT table (");
	assert_msg(err, "/sys/firmware/acpi/tables/VFCT does not exist)");
	fake_write_bytes(&f, "sys/firmware/acpi/tables/VFCT", t, len);
	assert_int_equal(dcv_read_vfct(&f.paths, &carrizo, &image, &size, &err), 0);
	assert_int_equal(size, sizeof(apu_image));
	assert_memory_equal(image, apu_image, sizeof(apu_image));
	free(image);
	assert_int_equal(dcv_read_vfct(&f.paths, &tonga, &image, &size, &err), -ENOENT);
	assert_msg(err, "not for 0000:03:00.0 1002:6939");
	/* a truncated file is named like a truncated table */
	fake_write_bytes(&f, "sys/firmware/acpi/tables/VFCT", t, 500);
	assert_int_equal(dcv_read_vfct(&f.paths, &carrizo, &image, &size, &err), -EINVAL);
	assert_msg(err, "declares 1432 bytes, only 500 present");
	fake_sys_destroy(&f);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(image_of_the_gpu_is_found),
		cmocka_unit_test(no_image_for_this_gpu_lists_the_others),
		cmocka_unit_test(empty_and_zero_length_records_give_nothing),
		cmocka_unit_test(malformed_tables_are_named),
		cmocka_unit_test(every_truncation_and_byte_is_refused_or_bounded),
		cmocka_unit_test(random_tables_never_escape),
		cmocka_unit_test(read_from_sysfs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
