/*
 * dcv_open and the struct dc_hw every access path shares: register reads
 * and writes on the mapped BAR, the monotonic clock, the interrupt fd.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dcv_internal.h"

int dcv_fail(struct dcv_error *err, int code, const char *fmt, ...)
{
	if (err) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
		va_end(ap);
	}
	return code;
}

const char *dcv_access_name(enum dcv_access access)
{
	switch (access) {
	case DCV_ACCESS_AUTO:
		return "auto";
	case DCV_ACCESS_VFIO:
		return "vfio";
	case DCV_ACCESS_UIO:
		return "uio";
	}
	return "?";
}

const char *dcv_irq_mode_name(enum dcv_irq_mode mode)
{
	switch (mode) {
	case DCV_IRQ_AUTO:
		return "auto";
	case DCV_IRQ_MSI:
		return "msi";
	case DCV_IRQ_INTX:
		return "intx";
	case DCV_IRQ_NONE:
		return "none";
	}
	return "?";
}

int dcv_access_parse(const char *word, enum dcv_access *access, struct dcv_error *err)
{
	for (int a = DCV_ACCESS_AUTO; a <= DCV_ACCESS_UIO; a++) {
		if (word && strcmp(word, dcv_access_name((enum dcv_access)a)) == 0) {
			*access = (enum dcv_access)a;
			return 0;
		}
	}
	return dcv_fail(err, -EINVAL, "unknown access '%s': use vfio, uio or auto.",
			word ? word : "(null)");
}

static struct dcv_device *to_dev(struct dc_hw *hw)
{
	return (struct dcv_device *)((char *)hw - offsetof(struct dcv_device, hw));
}

static uint32_t hw_read32(struct dc_hw *hw, uint32_t reg)
{
	struct dcv_device *dev = to_dev(hw);
	uint64_t off = (uint64_t)reg * 4;

	if (dev->removed || off + 4 > dev->bar.size)
		return 0xffffffffu;
	return *(volatile uint32_t *)(dev->bar.base + off);
}

static void hw_write32(struct dc_hw *hw, uint32_t reg, uint32_t value)
{
	struct dcv_device *dev = to_dev(hw);
	uint64_t off = (uint64_t)reg * 4;

	if (dev->removed || off + 4 > dev->bar.size)
		return;
	*(volatile uint32_t *)(dev->bar.base + off) = value;
}

static uint64_t hw_now_ns(struct dc_hw *hw)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void hw_delay_ns(struct dc_hw *hw, uint64_t ns)
{
	struct timespec left = { .tv_sec = (time_t)(ns / 1000000000u),
				 .tv_nsec = (long)(ns % 1000000000u) };

	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &left, &left) == EINTR)
		;
}

static int hw_irq_fd(struct dc_hw *hw)
{
	return dcv_irq_fd(to_dev(hw));
}

static void hw_irq_rearm(struct dc_hw *hw)
{
	dcv_irq_rearm(to_dev(hw));
}

static const struct dc_hw_ops dcv_hw_ops = {
	.read32 = hw_read32,
	.write32 = hw_write32,
	.now_ns = hw_now_ns,
	.delay_ns = hw_delay_ns,
	.irq_fd = hw_irq_fd,
	.irq_rearm = hw_irq_rearm,
};

/* AUTO access: whatever the bound driver offers. */
static int pick_access(const char *root, const char *address, enum dcv_access *access,
		       struct dcv_error *err)
{
	char driver[256];
	int r = dcv_pci_driver(root, address, driver, sizeof(driver));

	if (r < 0)
		return dcv_fail(err, r, "cannot read the driver link of %s: %s", address,
				strerror(-r));
	if (!strcmp(driver, "vfio-pci")) {
		*access = DCV_ACCESS_VFIO;
		return 0;
	}
	if (!strcmp(driver, "uio_pci_generic")) {
		*access = DCV_ACCESS_UIO;
		return 0;
	}
	r = dcv_check_bound(root, address, "vfio-pci", err);
	if (err) {
		size_t n = strlen(err->msg);
		snprintf(err->msg + n, sizeof(err->msg) - n,
			 "\n(or uio_pci_generic in place of vfio-pci for --access uio)");
	}
	return r;
}

int dcv_open(const char *address, const struct dcv_open_opts *opts, struct dcv_device **out,
	     struct dcv_error *err)
{
	static const struct dcv_open_opts defaults;

	if (!opts)
		opts = &defaults;
	const char *root = opts->paths.sysfs ? opts->paths.sysfs : "/sys";
	const char *devroot = opts->paths.dev ? opts->paths.dev : "/dev";
	enum dcv_access access = opts->access;

	*out = NULL;
	int r = dcv_check_present(root, address, err);
	if (r < 0)
		return r;
	if (access == DCV_ACCESS_AUTO) {
		r = pick_access(root, address, &access, err);
		if (r < 0)
			return r;
	}
	if (access != DCV_ACCESS_VFIO && access != DCV_ACCESS_UIO)
		return dcv_fail(err, -EINVAL, "unknown access method %d", (int)access);

	struct dcv_device *dev = calloc(1, sizeof(*dev));
	if (!dev)
		return dcv_fail(err, -ENOMEM, "out of memory opening %s", address);
	dev->hw.ops = &dcv_hw_ops;
	snprintf(dev->address, sizeof(dev->address), "%s", address);
	dev->access = access;
	dev->irq_mode = DCV_IRQ_NONE;
	dev->bar_index = opts->bar;
	dev->irq_fd = dev->container_fd = dev->group_fd = dev->device_fd = dev->req_fd = -1;
	dev->sysfs_root = strdup(root);
	dev->dev_root = strdup(devroot);
	if (!dev->sysfs_root || !dev->dev_root) {
		dcv_close(dev);
		return dcv_fail(err, -ENOMEM, "out of memory opening %s", address);
	}

	r = access == DCV_ACCESS_VFIO ? dcv_vfio_open(dev, opts, err)
				      : dcv_uio_open(dev, opts, err);
	if (r < 0) {
		dcv_close(dev);
		return r;
	}
	*out = dev;
	return 0;
}

int dcv_open_gpu(const char *address, const struct dcv_open_opts *opts, struct dcv_gpu *gpu,
		 struct dcv_device **out, struct dcv_error *err)
{
	struct dcv_open_opts o = { 0 };
	struct dcv_gpu found;

	*out = NULL;
	if (opts)
		o = *opts;
	int r = dcv_find_gpu(&o.paths, address, &found, err);
	if (r < 0)
		return r;
	o.bar = DCV_DCE_REGISTER_BAR;
	o.min_bar_size = DCV_DCE_REGISTER_BYTES;
	r = dcv_open(found.address, &o, out, err);
	if (r == 0 && gpu)
		*gpu = found;
	return r;
}

void dcv_close(struct dcv_device *dev)
{
	if (!dev)
		return;
	if (dev->access == DCV_ACCESS_VFIO)
		dcv_vfio_close(dev);
	else
		dcv_uio_close(dev);
	dcv_pci_detach(dev);
	free(dev->sysfs_root);
	free(dev->dev_root);
	free(dev);
}

struct dc_hw *dcv_hw(struct dcv_device *dev)
{
	return &dev->hw;
}

const char *dcv_address(const struct dcv_device *dev)
{
	return dev->address;
}

enum dcv_access dcv_access_used(const struct dcv_device *dev)
{
	return dev->access;
}

enum dcv_irq_mode dcv_irq_mode_used(const struct dcv_device *dev)
{
	return dev->irq_mode;
}

uint64_t dcv_bar_size(const struct dcv_device *dev)
{
	return dev->bar.size;
}

void dcv_mark_removed(struct dcv_device *dev)
{
	if (dev->removed)
		return;
	dev->removed = true;
	if (dev->access == DCV_ACCESS_VFIO)
		dcv_vfio_release(dev);
	else
		dcv_uio_release(dev);
}

bool dcv_removed(const struct dcv_device *dev)
{
	return dev->removed;
}

int dcv_irq_fd(const struct dcv_device *dev)
{
	return dev->removed ? -1 : dev->irq_fd;
}

int dcv_irq_consume(struct dcv_device *dev)
{
	if (dev->removed)
		return -ENODEV;
	if (dev->irq_fd < 0)
		return -ENOTSUP;
	if (dev->access == DCV_ACCESS_VFIO) {
		uint64_t count;
		ssize_t n = read(dev->irq_fd, &count, sizeof(count));

		if (n < 0)
			return errno == EAGAIN ? 0 : -errno;
		if (n != sizeof(count))
			return -EIO;
		return count > INT_MAX ? INT_MAX : (int)count;
	}
	/* uio: a 32-bit running total, read in exactly 4 bytes */
	uint32_t total;
	ssize_t n = read(dev->irq_fd, &total, sizeof(total));
	if (n < 0)
		return errno == EAGAIN ? 0 : -errno;
	if (n != sizeof(total))
		return -EIO;
	uint32_t delta = dev->uio_count_known ? total - dev->uio_count : 1;
	dev->uio_count = total;
	dev->uio_count_known = true;
	return delta > INT_MAX ? INT_MAX : (int)delta;
}

int dcv_irq_rearm(struct dcv_device *dev)
{
	if (dev->removed)
		return -ENODEV;
	if (dev->access == DCV_ACCESS_VFIO)
		return dcv_vfio_irq_rearm(dev);
	return dcv_uio_irq_rearm(dev);
}
