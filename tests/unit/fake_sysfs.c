/* The fake sysfs tree of fake_sysfs.h. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <linux/capability.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cmocka.h>

#include "fake_sysfs.h"

/* mkdir -p of root/rel */
static void mkdirs(const char *root, const char *rel)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (char *p = path + strlen(root) + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	if (mkdir(path, 0755) < 0 && errno != EEXIST)
		fail_msg("mkdir %s: %s", path, strerror(errno));
}

void fake_sys_create(struct fake_sys *f)
{
	snprintf(f->root, sizeof(f->root), "/tmp/dcv-fake-XXXXXX");
	if (!mkdtemp(f->root))
		fail_msg("mkdtemp: %s", strerror(errno));
	chmod(f->root, 0755);
	snprintf(f->sys, sizeof(f->sys), "%s/sys", f->root);
	snprintf(f->dev, sizeof(f->dev), "%s/dev", f->root);
	mkdirs(f->root, "sys/bus/pci/devices");
	mkdirs(f->root, "sys/kernel/iommu_groups");
	mkdirs(f->root, "dev/vfio");
	f->paths.sysfs = f->sys;
	f->paths.dev = f->dev;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

void fake_sys_destroy(struct fake_sys *f)
{
	nftw(f->root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

void fake_write(struct fake_sys *f, const char *rel, const char *content, mode_t mode)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s", f->root, rel);
	unlink(path);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		fail_msg("create %s: %s", path, strerror(errno));
	if (write(fd, content, strlen(content)) != (ssize_t)strlen(content))
		fail_msg("write %s", path);
	close(fd);
	chmod(path, mode);
}

void fake_write_bytes(struct fake_sys *f, const char *rel, const void *data, size_t len)
{
	char path[1024], dir[1024];
	char *slash;

	snprintf(dir, sizeof(dir), "%s", rel);
	slash = strrchr(dir, '/');
	if (slash) {
		*slash = '\0';
		mkdirs(f->root, dir);
	}
	snprintf(path, sizeof(path), "%s/%s", f->root, rel);
	unlink(path);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		fail_msg("create %s: %s", path, strerror(errno));
	if (write(fd, data, len) != (ssize_t)len)
		fail_msg("write %s", path);
	close(fd);
}

static void dev_attr(struct fake_sys *f, const char *address, const char *attr, const char *value)
{
	char rel[512];

	snprintf(rel, sizeof(rel), "sys/bus/pci/devices/%s/%s", address, attr);
	fake_write(f, rel, value, 0644);
}

void fake_pci_add(struct fake_sys *f, const char *address, uint16_t vendor, uint16_t device,
		  uint32_t class_code)
{
	char rel[512], v[32];

	snprintf(rel, sizeof(rel), "sys/bus/pci/devices/%s", address);
	mkdirs(f->root, rel);
	snprintf(v, sizeof(v), "0x%04x\n", vendor);
	dev_attr(f, address, "vendor", v);
	snprintf(v, sizeof(v), "0x%04x\n", device);
	dev_attr(f, address, "device", v);
	snprintf(v, sizeof(v), "0x%06x\n", class_code);
	dev_attr(f, address, "class", v);
	for (int bar = 0; bar <= 6; bar++)
		fake_pci_bar(f, address, bar, 0, 0, 0);
}

void fake_pci_bar(struct fake_sys *f, const char *address, int bar, uint64_t start, uint64_t size,
		  uint64_t flags)
{
	char path[1024], lines[13][80], all[13 * 80] = "";
	FILE *in;

	snprintf(path, sizeof(path), "%s/sys/bus/pci/devices/%s/resource", f->root, address);
	for (int i = 0; i < 13; i++)
		snprintf(lines[i], sizeof(lines[i]),
			 "0x0000000000000000 0x0000000000000000 0x0000000000000000\n");
	if ((in = fopen(path, "r"))) {
		for (int i = 0; i < 13 && fgets(lines[i], sizeof(lines[i]), in); i++)
			;
		fclose(in);
	}
	uint64_t end = size ? start + size - 1 : 0;
	snprintf(lines[bar], sizeof(lines[bar]),
		 "0x%016" PRIx64 " 0x%016" PRIx64 " 0x%016" PRIx64 "\n", start, end, flags);
	for (int i = 0; i < 13; i++)
		strcat(all, lines[i]);
	dev_attr(f, address, "resource", all);
}

static void link_at(struct fake_sys *f, const char *target, const char *rel)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s", f->root, rel);
	unlink(path);
	if (symlink(target, path) < 0)
		fail_msg("symlink %s: %s", path, strerror(errno));
}

void fake_pci_driver(struct fake_sys *f, const char *address, const char *driver)
{
	char target[256], rel[512];

	snprintf(rel, sizeof(rel), "sys/bus/pci/drivers/%s", driver);
	mkdirs(f->root, rel);
	snprintf(target, sizeof(target), "../../../bus/pci/drivers/%s", driver);
	snprintf(rel, sizeof(rel), "sys/bus/pci/devices/%s/driver", address);
	link_at(f, target, rel);
}

void fake_pci_group(struct fake_sys *f, const char *address, int group)
{
	char target[256], rel[512];

	snprintf(rel, sizeof(rel), "sys/kernel/iommu_groups/%d/devices", group);
	mkdirs(f->root, rel);
	snprintf(target, sizeof(target), "../../../kernel/iommu_groups/%d", group);
	snprintf(rel, sizeof(rel), "sys/bus/pci/devices/%s/iommu_group", address);
	link_at(f, target, rel);
	snprintf(target, sizeof(target), "../../../../bus/pci/devices/%s", address);
	snprintf(rel, sizeof(rel), "sys/kernel/iommu_groups/%d/devices/%s", group, address);
	link_at(f, target, rel);
}

void fake_pci_uio(struct fake_sys *f, const char *address, int n)
{
	char rel[512];

	snprintf(rel, sizeof(rel), "sys/bus/pci/devices/%s/uio/uio%d", address, n);
	mkdirs(f->root, rel);
}

void fake_gpu(struct fake_sys *f, const char *address, uint16_t device)
{
	fake_pci_add(f, address, 0x1002, device, 0x030000);
	fake_pci_bar(f, address, 0, 0xe0000000, 256u << 20, 0x14220c);
	fake_pci_bar(f, address, 4, 0xe000, 256, 0x40101);
	fake_pci_bar(f, address, 5, 0xfe800000, DCV_DCE_REGISTER_BYTES, 0x40200);
}

void fake_dac_override(int enable)
{
	struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
	struct __user_cap_data_struct d[2];
	const uint32_t bits = (1u << CAP_DAC_OVERRIDE) | (1u << CAP_DAC_READ_SEARCH);

	if (syscall(SYS_capget, &h, d) < 0)
		return;
	if (enable)
		d[0].effective |= bits & d[0].permitted;
	else
		d[0].effective &= ~bits;
	syscall(SYS_capset, &h, d);
}
