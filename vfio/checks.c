/*
 * The checks dcv_open makes from sysfs before it touches a device node,
 * each failure a message that tells the administrator what to do. They
 * read only files, so tests run them against a fake tree; the kernel's own
 * answers (region sizes, group status) then confirm them on real systems.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dcv_internal.h"

int dcv_check_present(const char *root, const char *address, struct dcv_error *err)
{
	char path[4096];
	struct stat st;

	if (!dcv_address_valid(address))
		return dcv_fail(err, -EINVAL,
				"'%s' is not a PCI address: write it as DDDD:BB:DD.F in lowercase "
				"hex, e.g. 0000:03:00.0 (lspci -D lists them).",
				address ? address : "(null)");
	dcv_pci_path(path, sizeof(path), root, address, NULL);
	if (stat(path, &st) < 0)
		return dcv_fail(err, -ENOENT,
				"PCI device %s not found (no %s): check the address with "
				"`lspci -D -d 1002::0300`.",
				address, path);
	return 0;
}

/* Appends the commands that bind address to driver. */
static void bind_commands(char *buf, size_t len, const char *root, const char *address,
			  const char *current, const char *driver)
{
	size_t n = strlen(buf);

	n += (size_t)snprintf(buf + n, len > n ? len - n : 0,
			      "\n  echo %s > %s/bus/pci/devices/%s/driver_override", driver, root,
			      address);
	if (current[0] && n < len)
		n += (size_t)snprintf(buf + n, len - n,
				      "\n  echo %s > %s/bus/pci/devices/%s/driver/unbind", address,
				      root, address);
	if (n < len)
		snprintf(buf + n, len - n, "\n  echo %s > %s/bus/pci/drivers_probe", address, root);
}

int dcv_check_bound(const char *root, const char *address, const char *driver,
		    struct dcv_error *err)
{
	char current[256];
	int r = dcv_pci_driver(root, address, current, sizeof(current));

	if (r < 0)
		return dcv_fail(err, r, "cannot read the driver link of %s: %s", address,
				strerror(-r));
	if (strcmp(current, driver) == 0)
		return 0;
	if (err) {
		const char *module = strcmp(driver, "vfio-pci") == 0 ? "vfio-pci" : driver;

		if (current[0])
			snprintf(err->msg, sizeof(err->msg),
				 "%s is bound to %s, not %s. To hand it to dcd, as root:"
				 "\n  modprobe %s",
				 address, current, driver, module);
		else
			snprintf(err->msg, sizeof(err->msg),
				 "%s has no driver bound; dcd needs %s. As root:\n  modprobe %s",
				 address, driver, module);
		bind_commands(err->msg, sizeof(err->msg), root, address, current, driver);
	}
	return -ENXIO;
}

int dcv_check_bar_size(const char *address, int bar, uint64_t size, uint64_t min_size,
		       struct dcv_error *err)
{
	if (size >= min_size)
		return 0;
	return dcv_fail(err, -EINVAL,
			"BAR %d of %s is too small: %llu bytes, dcd needs at least %llu. "
			"Wrong BAR or not a DCE 10/11 GPU (their registers are in BAR %d, "
			"%u KiB).",
			bar, address, (unsigned long long)size, (unsigned long long)min_size,
			DCV_DCE_REGISTER_BAR, DCV_DCE_REGISTER_BYTES / 1024);
}

int dcv_check_bar(const char *root, const char *address, int bar, uint64_t min_size,
		  struct dcv_bar_info *info, struct dcv_error *err)
{
	char path[4096];

	if (bar < 0 || bar > 5)
		return dcv_fail(err, -EINVAL, "BAR %d does not exist: PCI BARs are 0 to 5.", bar);
	int r = dcv_pci_bar_info(root, address, bar, info);
	if (r < 0) {
		dcv_pci_path(path, sizeof(path), root, address, "resource");
		return dcv_fail(err, r, "cannot read BAR %d from %s: %s", bar, path,
				r == -EIO ? "malformed line" : strerror(-r));
	}
	if (info->size == 0)
		return dcv_fail(err, -ENXIO,
				"BAR %d of %s is not implemented (size 0): wrong BAR number? "
				"DCE 10/11 registers are in BAR %d.",
				bar, address, DCV_DCE_REGISTER_BAR);
	if (info->flags & DCV_IORESOURCE_IO)
		return dcv_fail(err, -EINVAL,
				"BAR %d of %s is an I/O-port BAR; dcd maps memory BARs only.", bar,
				address);
	return dcv_check_bar_size(address, bar, info->size, min_size, err);
}

int dcv_iommu_group(const char *root, const char *address, int *group, struct dcv_error *err)
{
	char path[4096], name[64], *end;

	dcv_pci_path(path, sizeof(path), root, address, "iommu_group");
	int r = dcv_link_name(path, name, sizeof(name));
	if (r == -ENOENT)
		return dcv_fail(
			err, -ENODEV,
			"%s has no IOMMU group, so VFIO cannot reach it: the IOMMU is off. "
			"Enable VT-d or AMD-Vi in the firmware and boot with "
			"intel_iommu=on (Intel) or amd_iommu=on (AMD), or use --access uio.",
			address);
	if (r < 0)
		return dcv_fail(err, r, "cannot read %s: %s", path, strerror(-r));
	long n = strtol(name, &end, 10);
	if (*end || end == name || n < 0 || n > 1000000)
		return dcv_fail(err, -EIO, "%s points to '%s', not a group number", path, name);
	*group = (int)n;
	return 0;
}

/* Drivers that leave a group viable: VFIO's own, pci-stub, PCIe ports. */
static bool driver_keeps_viable(const char *driver)
{
	return !driver[0] || !strcmp(driver, "vfio-pci") || !strcmp(driver, "pci-stub") ||
	       !strcmp(driver, "pcieport");
}

int dcv_check_group(const char *root, const char *address, int group, bool kernel_says_not_viable,
		    struct dcv_error *err)
{
	char path[4096], list[1024] = "", culprits[1024] = "";
	struct dirent **names;
	size_t nl = 0, nc = 0;
	int bad = 0;

	snprintf(path, sizeof(path), "%s/kernel/iommu_groups/%d/devices", root, group);
	int n = scandir(path, &names, NULL, alphasort);
	if (n < 0 && !kernel_says_not_viable)
		return 0; /* no listing to judge by: the kernel decides */
	for (int i = 0; i < n; i++) {
		const char *other = names[i]->d_name;
		char driver[256];

		if (other[0] == '.' || !strcmp(other, address) ||
		    dcv_pci_driver(root, other, driver, sizeof(driver)) < 0) {
			free(names[i]);
			continue;
		}
		const char *shown = driver[0] ? driver : "no driver";
		if (nl < sizeof(list))
			nl += (size_t)snprintf(list + nl, sizeof(list) - nl, "%s%s (%s)",
					       nl ? ", " : "", other, shown);
		if (!driver_keeps_viable(driver)) {
			bad++;
			if (nc < sizeof(culprits))
				nc += (size_t)snprintf(culprits + nc, sizeof(culprits) - nc,
						       "%s%s (bound to %s)", nc ? ", " : "", other,
						       driver);
		}
		free(names[i]);
	}
	free(names);
	if (!bad && !kernel_says_not_viable)
		return 0;
	if (bad)
		dcv_fail(err, -EBUSY,
			 "IOMMU group %d of %s is not viable: other devices in it are bound to "
			 "host drivers: %s. Bind each of them to vfio-pci as well (or unbind "
			 "it), as root: echo vfio-pci > %s/bus/pci/devices/ADDRESS/"
			 "driver_override; echo ADDRESS > %s/bus/pci/devices/ADDRESS/driver/"
			 "unbind; echo ADDRESS > %s/bus/pci/drivers_probe.",
			 group, address, culprits, root, root, root);
	else
		dcv_fail(err, -EBUSY,
			 "the kernel reports IOMMU group %d of %s not viable; the other devices "
			 "in it: %s. Bind each to vfio-pci or unbind it (see docs/hardware.md).",
			 group, address, nl ? list : "none listed in sysfs");
	return -EBUSY;
}

int dcv_open_node(const char *path, int flags, const char *missing_hint, struct dcv_error *err)
{
	int fd = open(path, flags | O_CLOEXEC);

	if (fd >= 0)
		return fd;
	int e = errno;
	if (e == EACCES || e == EPERM)
		return dcv_fail(
			err, -e,
			"permission denied opening %s: run dcd as root, or give its user "
			"read-write access to that node (a udev rule with OWNER= or GROUP=, "
			"see docs/hardware.md).",
			path);
	if (e == ENOENT)
		return dcv_fail(err, -ENOENT, "%s does not exist: %s", path, missing_hint);
	if (e == EBUSY)
		return dcv_fail(err, -EBUSY,
				"%s is busy: another process (another dcd, or a virtual machine) "
				"has it open.",
				path);
	return dcv_fail(err, -e, "cannot open %s: %s", path, strerror(e));
}
