/*
 * kms/ without a DRM device: the 64-bit extension of the kernel's 32-bit
 * flip sequence across a wrap, refresh rates from modes, and the error
 * sentences of opening something that is not a usable DRM device.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kms_priv.h"

static void test_sequence_extend(void **state)
{
	/* The same or a later value within 2^32 keeps the high bits. */
	assert_true(kms_sequence_extend(5, 5) == 5);
	assert_true(kms_sequence_extend(5, 6) == 6);
	assert_true(kms_sequence_extend(0x100000010ull, 0x12) == 0x100000012ull);
	/* The 32-bit count wrapped: the high part carries. */
	assert_true(kms_sequence_extend(0xfffffff0ull, 0x5) == 0x100000005ull);
	assert_true(kms_sequence_extend(0x2ffffffffull, 0x0) == 0x300000000ull);
	/* Skipped frames across the wrap. */
	assert_true(kms_sequence_extend(0x1fffffffeull, 0x3) == 0x200000003ull);
}

static void test_mode_mhz(void **state)
{
	drmModeModeInfo xga = { .clock = 65000, .htotal = 1344, .vtotal = 806 };
	drmModeModeInfo i1080 = {
		.clock = 74250, .htotal = 2200, .vtotal = 1125, .flags = DRM_MODE_FLAG_INTERLACE
	};
	drmModeModeInfo dbl = {
		.clock = 25175, .htotal = 800, .vtotal = 525, .flags = DRM_MODE_FLAG_DBLSCAN
	};
	drmModeModeInfo zero = { .clock = 65000 };

	assert_int_equal(kms_mode_mhz(&xga), 60004);
	/* Interlaced: fields per second, twice the frames. */
	assert_int_equal(kms_mode_mhz(&i1080), 60000);
	assert_int_equal(kms_mode_mhz(&dbl), 29970);
	assert_int_equal(kms_mode_mhz(&zero), 0);
}

static void test_open_missing(void **state)
{
	struct kms_device *dev = NULL;
	struct kms_error err = { "" };

	assert_int_equal(kms_open("/nonexistent/card9", &dev, &err), -ENOENT);
	assert_null(dev);
	assert_non_null(strstr(err.message, "/nonexistent/card9"));
}

static void test_open_not_drm(void **state)
{
	struct kms_device *dev = NULL;
	struct kms_error err = { "" };

	/* /dev/null opens read-write but answers no DRM ioctl. */
	assert_int_equal(kms_open("/dev/null", &dev, &err), -ENOTTY);
	assert_null(dev);
	assert_non_null(strstr(err.message, "/dev/null is not a DRM device"));
}

static void test_names(void **state)
{
	struct kms_error err = { "" };

	assert_string_equal(kms_status_name(KMS_CONNECTED), "connected");
	assert_string_equal(kms_status_name(KMS_DISCONNECTED), "disconnected");
	assert_string_equal(kms_status_name(KMS_STATUS_UNKNOWN), "unknown");
	assert_string_equal(kms_plane_type_name(DRM_PLANE_TYPE_CURSOR), "cursor");
	assert_int_equal(kms_fail(NULL, -EIO, "x"), -EIO);
	assert_int_equal(kms_fail(&err, -EINVAL, "%s: %d", "DP-1", 7), -EINVAL);
	assert_string_equal(err.message, "DP-1: 7");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sequence_extend), cmocka_unit_test(test_mode_mhz),
		cmocka_unit_test(test_open_missing),	cmocka_unit_test(test_open_not_drm),
		cmocka_unit_test(test_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
