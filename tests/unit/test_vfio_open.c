/*
 * dcv_open's failures against a fake sysfs and /dev: each documented error
 * message is produced here (not bound, group not viable, permission denied,
 * BAR too small, ...). Device nodes are plain files, so where a real
 * device would answer an ioctl the fake one makes the open stop with ENOTTY:
 * that proves every check before it passed.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fake_sysfs.h"

#define GPU   "0000:03:00.0"
#define AUDIO "0000:03:00.1"

#define assert_msg(err, text)                                                    \
	do {                                                                     \
		if (!strstr((err).msg, (text)))                                  \
			fail_msg("message lacks \"%s\": %s", (text), (err).msg); \
	} while (0)

static int setup(void **state)
{
	static struct fake_sys f;

	fake_sys_create(&f);
	fake_gpu(&f, GPU, 0x6939);
	fake_pci_add(&f, AUDIO, 0x1002, 0xaad8, 0x040300);
	fake_pci_driver(&f, GPU, "vfio-pci");
	fake_pci_driver(&f, AUDIO, "vfio-pci");
	fake_pci_group(&f, GPU, 14);
	fake_pci_group(&f, AUDIO, 14);
	fake_write(&f, "dev/vfio/vfio", "", 0666);
	fake_write(&f, "dev/vfio/14", "", 0600);
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	fake_dac_override(1);
	fake_sys_destroy(*state);
	return 0;
}

static int open_gpu(struct fake_sys *f, enum dcv_access access, struct dcv_error *err)
{
	struct dcv_open_opts o = { .paths = f->paths, .access = access, .irq = DCV_IRQ_AUTO };
	struct dcv_device *dev = NULL;
	struct dcv_gpu gpu;

	int r = dcv_open_gpu(GPU, &o, &gpu, &dev, err);
	assert_null(dev);
	return r;
}

static void all_checks_pass_up_to_the_kernel(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };

	/* A plain file answers VFIO_GET_API_VERSION with ENOTTY. */
	assert_int_equal(open_gpu(f, DCV_ACCESS_VFIO, &err), -ENOTTY);
	assert_msg(err, "/dev/vfio/vfio is not a VFIO container");
	/* AUTO picks VFIO from the bound driver and gets as far. */
	assert_int_equal(open_gpu(f, DCV_ACCESS_AUTO, &err), -ENOTTY);
}

static void first_gpu_without_an_address(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_open_opts o = { .paths = f->paths, .access = DCV_ACCESS_VFIO };
	struct dcv_error err = { "" };
	struct dcv_device *dev = NULL;
	struct dcv_gpu gpu = { .asic = DC_ASIC_CARRIZO };

	/* `dcd` with no --device: discovery picks 03:00.0, then the open runs. */
	fake_pci_add(f, "0000:02:00.0", 0x1002, 0x687f, 0x030000);
	assert_int_equal(dcv_open_gpu(NULL, &o, &gpu, &dev, &err), -ENOTTY);
	assert_msg(err, "is not a VFIO container");
	assert_null(dev);
	/* gpu is filled only on success */
	assert_int_equal(gpu.asic, DC_ASIC_CARRIZO);
}

static void not_bound_to_vfio_pci(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };

	fake_pci_driver(f, GPU, "amdgpu");
	assert_int_equal(open_gpu(f, DCV_ACCESS_VFIO, &err), -ENXIO);
	assert_msg(err, GPU " is bound to amdgpu, not vfio-pci. To hand it to dcd, as root:");
	assert_msg(err, "\n  modprobe vfio-pci");
	assert_msg(err, "\n  echo vfio-pci > ");
	assert_msg(err, "/bus/pci/devices/" GPU "/driver_override");
	assert_msg(err, "\n  echo " GPU " > ");
	assert_msg(err, "/bus/pci/devices/" GPU "/driver/unbind");
	assert_msg(err, "/bus/pci/drivers_probe");

	/* AUTO names both ways in. */
	assert_int_equal(open_gpu(f, DCV_ACCESS_AUTO, &err), -ENXIO);
	assert_msg(err, "is bound to amdgpu, not vfio-pci");
	assert_msg(err, "uio_pci_generic in place of vfio-pci for --access uio");
}

static void no_driver_bound(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };
	char rel[512];

	snprintf(rel, sizeof(rel), "%s/bus/pci/devices/%s/driver", f->sys, GPU);
	assert_int_equal(unlink(rel), 0);
	assert_int_equal(open_gpu(f, DCV_ACCESS_VFIO, &err), -ENXIO);
	assert_msg(err, GPU " has no driver bound; dcd needs vfio-pci.");
	assert_null(strstr(err.msg, "unbind"));
}

static void group_not_viable(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };

	fake_pci_driver(f, AUDIO, "snd_hda_intel");
	assert_int_equal(open_gpu(f, DCV_ACCESS_VFIO, &err), -EBUSY);
	assert_msg(err, "IOMMU group 14 of " GPU " is not viable");
	assert_msg(err, "other devices in it are bound to host drivers: " AUDIO
			" (bound to snd_hda_intel).");
	assert_msg(err, "echo vfio-pci > ");
}

static void group_with_bridge_and_unbound_is_viable(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };

	/* pcieport, pci-stub and no driver at all leave the group usable. */
	fake_pci_add(f, "0000:00:01.0", 0x1022, 0x1453, 0x060400);
	fake_pci_driver(f, "0000:00:01.0", "pcieport");
	fake_pci_group(f, "0000:00:01.0", 14);
	fake_pci_add(f, "0000:03:00.2", 0x1002, 0x1234, 0x088000);
	fake_pci_group(f, "0000:03:00.2", 14);
	fake_pci_driver(f, AUDIO, "pci-stub");
	assert_int_equal(open_gpu(f, DCV_ACCESS_VFIO, &err), -ENOTTY);
}

static void no_iommu_group(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };
	char rel[512];

	snprintf(rel, sizeof(rel), "%s/bus/pci/devices/%s/iommu_group", f->sys, GPU);
	assert_int_equal(unlink(rel), 0);
	assert_int_equal(open_gpu(f, DCV_ACCESS_VFIO, &err), -ENODEV);
	assert_msg(err, GPU " has no IOMMU group");
	assert_msg(err, "intel_iommu=on");
	assert_msg(err, "--access uio");
}

static void permission_denied_on_group(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };
	char want[512];

	fake_write(f, "dev/vfio/14", "", 0000);
	fake_dac_override(0);
	int r = open_gpu(f, DCV_ACCESS_VFIO, &err);
	fake_dac_override(1);
	assert_int_equal(r, -EACCES);
	snprintf(want, sizeof(want), "permission denied opening %s/vfio/14: run dcd as root",
		 f->dev);
	assert_msg(err, want);
	assert_msg(err, "udev rule");
}

static void vfio_not_loaded(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };
	char path[512];

	snprintf(path, sizeof(path), "%s/vfio/vfio", f->dev);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(open_gpu(f, DCV_ACCESS_VFIO, &err), -ENOENT);
	assert_msg(err, "/vfio/vfio does not exist: load VFIO: modprobe vfio-pci");
}

static void bar_too_small(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };

	fake_pci_bar(f, GPU, 5, 0xfe800000, 16384, 0x40200);
	assert_int_equal(open_gpu(f, DCV_ACCESS_VFIO, &err), -EINVAL);
	assert_msg(err, "BAR 5 of " GPU " is too small: 16384 bytes, dcd needs at least 262144.");
	assert_msg(err, "registers are in BAR 5, 256 KiB");
	/* The same for UIO: the check reads the same resource file. */
	fake_pci_driver(f, GPU, "uio_pci_generic");
	assert_int_equal(open_gpu(f, DCV_ACCESS_UIO, &err), -EINVAL);
	assert_msg(err, "is too small: 16384 bytes");
}

static void bar_missing_or_io(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };
	struct dcv_open_opts o = { .paths = f->paths, .access = DCV_ACCESS_VFIO, .bar = 3 };
	struct dcv_device *dev = NULL;

	assert_int_equal(dcv_open(GPU, &o, &dev, &err), -ENXIO);
	assert_msg(err, "BAR 3 of " GPU " is not implemented (size 0)");
	o.bar = 4;
	assert_int_equal(dcv_open(GPU, &o, &dev, &err), -EINVAL);
	assert_msg(err, "BAR 4 of " GPU " is an I/O-port BAR");
	o.bar = 6;
	assert_int_equal(dcv_open(GPU, &o, &dev, &err), -EINVAL);
	assert_msg(err, "BAR 6 does not exist");
	fake_write(f, "sys/bus/pci/devices/" GPU "/resource", "nonsense\n", 0644);
	o.bar = 0;
	assert_int_equal(dcv_open(GPU, &o, &dev, &err), -EIO);
	assert_msg(err, "cannot read BAR 0 from");
	assert_null(dev);
}

static void uio_not_bound(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };

	assert_int_equal(open_gpu(f, DCV_ACCESS_UIO, &err), -ENXIO);
	assert_msg(err, GPU " is bound to vfio-pci, not uio_pci_generic.");
	assert_msg(err, "modprobe uio_pci_generic");
	assert_msg(err, "echo uio_pci_generic > ");
}

static void uio_node_permission_and_absence(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };
	char want[512];

	fake_pci_driver(f, GPU, "uio_pci_generic");
	/* Bound, but the driver made no uio device. */
	assert_int_equal(open_gpu(f, DCV_ACCESS_AUTO, &err), -ENOENT);
	assert_msg(err, "is bound to uio_pci_generic but has no");

	fake_pci_uio(f, GPU, 0);
	fake_write(f, "dev/uio0", "", 0000);
	fake_dac_override(0);
	int r = open_gpu(f, DCV_ACCESS_UIO, &err);
	fake_dac_override(1);
	assert_int_equal(r, -EACCES);
	snprintf(want, sizeof(want), "permission denied opening %s/uio0", f->dev);
	assert_msg(err, want);

	struct dcv_open_opts o = { .paths = f->paths,
				   .access = DCV_ACCESS_UIO,
				   .irq = DCV_IRQ_MSI };
	struct dcv_device *dev = NULL;
	assert_int_equal(dcv_open_gpu(GPU, &o, NULL, &dev, &err), -ENOTSUP);
	assert_msg(err, "uio_pci_generic delivers INTx only");
}

static void unsupported_gpu_is_not_opened(void **state)
{
	struct fake_sys *f = *state;
	struct dcv_error err = { "" };

	fake_pci_add(f, GPU, 0x1002, 0x687f, 0x030000);
	assert_int_equal(open_gpu(f, DCV_ACCESS_VFIO, &err), -ENODEV);
	assert_msg(err, "[1002:687f]");
}

int main(void)
{
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(all_checks_pass_up_to_the_kernel),
		T(first_gpu_without_an_address),
		T(not_bound_to_vfio_pci),
		T(no_driver_bound),
		T(group_not_viable),
		T(group_with_bridge_and_unbound_is_viable),
		T(no_iommu_group),
		T(permission_denied_on_group),
		T(vfio_not_loaded),
		T(bar_too_small),
		T(bar_missing_or_io),
		T(uio_not_bound),
		T(uio_node_permission_and_absence),
		T(unsupported_gpu_is_not_opened),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
