/*
 * Discovery against a fake sysfs tree: the right GPU and ASIC profile are
 * chosen among AMD, unsupported AMD and other vendors' display controllers,
 * and each failure carries its documented message.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fake_sysfs.h"

#define assert_msg(err, text) assert_non_null_msg(strstr((err).msg, (text)), (err).msg)
#define assert_non_null_msg(p, m)                                           \
	do {                                                                \
		if (!(p))                                                   \
			fail_msg("message lacks the expected text: %s", m); \
	} while (0)

static int setup(void **state)
{
	static struct fake_sys f;

	fake_sys_create(&f);
	/* What a desktop with an iGPU, two discrete GPUs and HDMI audio shows. */
	fake_pci_add(&f, "0000:00:02.0", 0x8086, 0x1912, 0x030000);
	fake_pci_add(&f, "0000:01:00.0", 0x10de, 0x1c82, 0x030000);
	fake_pci_add(&f, "0000:02:00.0", 0x1002, 0x687f, 0x030000);
	fake_gpu(&f, "0000:03:00.0", 0x7300);
	fake_pci_add(&f, "0000:03:00.1", 0x1002, 0xaae8, 0x040300);
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	fake_sys_destroy(*state);
	return 0;
}

static void first_supported_is_chosen(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };
	struct dcv_gpu gpu;

	assert_int_equal(dcv_find_gpu(&f->paths, NULL, &gpu, &err), 0);
	assert_string_equal(gpu.address, "0000:03:00.0");
	assert_int_equal(gpu.vendor_id, 0x1002);
	assert_int_equal(gpu.device_id, 0x7300);
	assert_int_equal(gpu.class_code, 0x030000);
	assert_int_equal(gpu.asic, DC_ASIC_FIJI);
	assert_string_equal(dc_asic_name(gpu.asic), "Fiji");
}

static void supported_by_address(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_gpu gpu;

	fake_gpu(f, "0000:05:00.0", 0x6939);
	assert_int_equal(dcv_find_gpu(&f->paths, "0000:05:00.0", &gpu, NULL), 0);
	assert_int_equal(gpu.asic, DC_ASIC_TONGA);
	/* Address order: 03:00.0 still comes first without an address. */
	assert_int_equal(dcv_find_gpu(&f->paths, NULL, &gpu, NULL), 0);
	assert_string_equal(gpu.address, "0000:03:00.0");
}

static void unsupported_amd_is_refused(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };
	struct dcv_gpu gpu;

	assert_int_equal(dcv_find_gpu(&f->paths, "0000:02:00.0", &gpu, &err), -ENODEV);
	assert_msg(err, "0000:02:00.0 [1002:687f] class 0x030000 is not a supported GPU");
	assert_msg(err, "Carrizo (1002:9870 9874 9875 9876 9877)");
	assert_msg(err, "Stoney (1002:98e4)");
	assert_msg(err, "Tonga (1002:6920 6921 6928 6929 692b 692f 6930 6938 6939)");
	assert_msg(err, "Fiji (1002:7300 730f)");
}

static void other_vendor_is_refused(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };
	struct dcv_gpu gpu;

	assert_int_equal(dcv_find_gpu(&f->paths, "0000:01:00.0", &gpu, &err), -ENODEV);
	assert_msg(err, "0000:01:00.0 [10de:1c82] class 0x030000 is not a supported GPU");
	/* A supported device ID under another vendor is still someone else's part. */
	fake_pci_add(f, "0000:06:00.0", 0x10de, 0x6939, 0x030000);
	assert_int_equal(dcv_find_gpu(&f->paths, "0000:06:00.0", &gpu, &err), -ENODEV);
	assert_msg(err, "[10de:6939]");
}

static void non_display_function_is_refused(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };
	struct dcv_gpu gpu;

	assert_int_equal(dcv_find_gpu(&f->paths, "0000:03:00.1", &gpu, &err), -ENODEV);
	assert_msg(err, "[1002:aae8] class 0x040300");
	/* The class decides, not only the ID. */
	fake_pci_add(f, "0000:07:00.0", 0x1002, 0x7300, 0x040300);
	assert_int_equal(dcv_find_gpu(&f->paths, "0000:07:00.0", &gpu, &err), -ENODEV);
}

static void absent_device_is_named(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };
	struct dcv_gpu gpu;

	assert_int_equal(dcv_find_gpu(&f->paths, "0000:09:00.0", &gpu, &err), -ENOENT);
	assert_msg(err, "PCI device 0000:09:00.0 not found");
	assert_msg(err, "lspci -D -d 1002::0300");
}

static void malformed_address_is_refused(void **state)
{
	struct fake_sys *f = *state;
	static const char *const bad[] = { "03:00.0",	    "0000:03:00.8", "0000:03:20.0",
					   "0000:03:00.0x", "0000-03:00.0", "0000:0G:00.0" };
	struct dcv_error err = { "" };
	struct dcv_gpu gpu;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(dcv_find_gpu(&f->paths, bad[i], &gpu, &err), -EINVAL);
		assert_msg(err, "is not a PCI address");
	}
}

static void none_supported_lists_what_is_there(void **state)
{
	struct fake_sys f;
	struct dcv_error err = { "" };
	struct dcv_gpu gpu;

	fake_sys_create(&f);
	fake_pci_add(&f, "0000:00:02.0", 0x8086, 0x1912, 0x030000);
	fake_pci_add(&f, "0000:02:00.0", 0x1002, 0x687f, 0x030000);
	fake_pci_add(&f, "0000:00:1f.3", 0x8086, 0xa170, 0x040300);
	assert_int_equal(dcv_find_gpu(&f.paths, NULL, &gpu, &err), -ENOENT);
	assert_msg(err, "no supported GPU found");
	assert_msg(
		err,
		"Display controllers present: 0000:00:02.0 [8086:1912], 0000:02:00.0 [1002:687f].");
	assert_msg(err, "Supported: Carrizo");
	assert_msg(err, "simulated engine");
	fake_sys_destroy(&f);
	(void)state;
}

static void no_pci_bus_is_reported(void **state)
{
	struct dcv_paths paths = { .sysfs = "/nonexistent-dcv-root" };
	struct dcv_error err = { "" };
	struct dcv_gpu gpu;

	assert_int_equal(dcv_find_gpu(&paths, NULL, &gpu, &err), -ENOENT);
	assert_msg(err, "cannot list /nonexistent-dcv-root/bus/pci/devices");
	(void)state;
}

static void malformed_attribute_is_named(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };
	struct dcv_gpu gpu;

	fake_pci_add(f, "0000:08:00.0", 0x1002, 0x6939, 0x030000);
	fake_write(f, "sys/bus/pci/devices/0000:08:00.0/vendor", "garbage\n", 0644);
	assert_int_equal(dcv_find_gpu(&f->paths, "0000:08:00.0", &gpu, &err), -EIO);
	assert_msg(err, "0000:08:00.0/vendor: not a hex number");
	fake_write(f, "sys/bus/pci/devices/0000:08:00.0/vendor", "0x11002\n", 0644);
	assert_int_equal(dcv_find_gpu(&f->paths, "0000:08:00.0", &gpu, &err), -EIO);
	assert_msg(err, "out of range");
	/* A broken function does not stop the scan for a good one. */
	assert_int_equal(dcv_find_gpu(&f->paths, NULL, &gpu, &err), 0);
	assert_string_equal(gpu.address, "0000:03:00.0");
}

static void every_table_entry_has_its_profile(void **state)
{
	// clang-format off
	static const struct { uint16_t id; enum dc_asic asic; } ids[] = {
		{ 0x9870, DC_ASIC_CARRIZO }, { 0x9877, DC_ASIC_CARRIZO }, { 0x98e4, DC_ASIC_STONEY },
		{ 0x6920, DC_ASIC_TONGA }, { 0x692b, DC_ASIC_TONGA }, { 0x6939, DC_ASIC_TONGA },
		{ 0x7300, DC_ASIC_FIJI }, { 0x730f, DC_ASIC_FIJI },
		{ 0x67df, DC_ASIC_POLARIS10 }, { 0x6fdf, DC_ASIC_POLARIS10 },
		{ 0x67ef, DC_ASIC_POLARIS11 }, { 0x67ff, DC_ASIC_POLARIS11 },
		{ 0x699f, DC_ASIC_POLARIS12 }, { 0x6987, DC_ASIC_POLARIS12 },
	};
	// clang-format on
	enum dc_asic asic;
	char list[1024];

	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		assert_int_equal(dcv_lookup_asic(0x1002, ids[i].id, &asic), 0);
		assert_int_equal(asic, ids[i].asic);
	}
	/* Vega 10 (DCE 12, not driven) */
	assert_int_equal(dcv_lookup_asic(0x1002, 0x687f, &asic), -ENODEV);
	assert_int_equal(dcv_lookup_asic(0x1022, 0x7300, &asic), -ENODEV);
	dcv_supported_list(list, sizeof(list));
	assert_string_equal(list,
			    "Carrizo (1002:9870 9874 9875 9876 9877), Stoney (1002:98e4), "
			    "Tonga (1002:6920 6921 6928 6929 692b 692f 6930 6938 6939), "
			    "Fiji (1002:7300 730f), "
			    "Polaris10 (1002:67c0 67c1 67c2 67c4 67c7 67c8 67c9 67ca 67cc 67cf "
			    "67d0 67df 6fdf), "
			    "Polaris11 (1002:67e0 67e1 67e3 67e7 67e8 67e9 67eb 67ef 67ff), "
			    "Polaris12 (1002:6980 6981 6985 6986 6987 6995 6997 699f)");
	/* Truncation keeps the string terminated. */
	dcv_supported_list(list, 10);
	assert_int_equal(strlen(list), 9);
	(void)state;
}

static void access_words_parse(void **state)
{
	struct dcv_error err = { "" };
	enum dcv_access a;

	assert_int_equal(dcv_access_parse("vfio", &a, &err), 0);
	assert_int_equal(a, DCV_ACCESS_VFIO);
	assert_int_equal(dcv_access_parse("uio", &a, &err), 0);
	assert_int_equal(a, DCV_ACCESS_UIO);
	assert_int_equal(dcv_access_parse("auto", &a, &err), 0);
	assert_int_equal(a, DCV_ACCESS_AUTO);
	assert_int_equal(dcv_access_parse("sysfs", &a, &err), -EINVAL);
	assert_msg(err, "unknown access 'sysfs': use vfio, uio or auto");
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(first_supported_is_chosen, setup, teardown),
		cmocka_unit_test_setup_teardown(supported_by_address, setup, teardown),
		cmocka_unit_test_setup_teardown(unsupported_amd_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(other_vendor_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(non_display_function_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(absent_device_is_named, setup, teardown),
		cmocka_unit_test_setup_teardown(malformed_address_is_refused, setup, teardown),
		cmocka_unit_test(none_supported_lists_what_is_there),
		cmocka_unit_test(no_pci_bus_is_reported),
		cmocka_unit_test_setup_teardown(malformed_attribute_is_named, setup, teardown),
		cmocka_unit_test(every_table_entry_has_its_profile),
		cmocka_unit_test(access_words_parse),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
