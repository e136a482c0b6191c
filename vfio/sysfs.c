/*
 * Reading the sysfs attributes of a PCI function from a root that may be
 * a fake tree (tests) or /sys.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dcv_internal.h"

bool dcv_address_valid(const char *address)
{
	/* DDDD:BB:DD.F with hex digits, function 0-7 */
	static const char pattern[] = "xxxx:xx:xx.f";

	if (!address || strlen(address) != sizeof(pattern) - 1)
		return false;
	for (size_t i = 0; pattern[i]; i++) {
		char c = address[i];

		if (pattern[i] == 'x' && !(isdigit((unsigned char)c) || (c >= 'a' && c <= 'f')))
			return false;
		if (pattern[i] == 'f' && !(c >= '0' && c <= '7'))
			return false;
		if ((pattern[i] == ':' || pattern[i] == '.') && c != pattern[i])
			return false;
	}
	/* The device number is 5 bits. */
	return strtoul(address + 8, NULL, 16) < 32;
}

void dcv_pci_path(char *buf, size_t len, const char *root, const char *address, const char *attr)
{
	snprintf(buf, len, "%s/bus/pci/devices/%s%s%s", root, address, attr ? "/" : "",
		 attr ? attr : "");
}

static int read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	ssize_t n = read(fd, buf, len - 1);
	int saved = errno;

	close(fd);
	if (n < 0)
		return -saved;
	buf[n] = '\0';
	return (int)n;
}

int dcv_read_hex(const char *path, uint64_t *value)
{
	char buf[64], *end;
	int n = read_small(path, buf, sizeof(buf));

	if (n < 0)
		return n;
	errno = 0;
	unsigned long long v = strtoull(buf, &end, 16);
	if (errno || end == buf || (*end != '\0' && *end != '\n') || strncmp(buf, "0x", 2) != 0)
		return -EIO;
	*value = v;
	return 0;
}

int dcv_link_name(const char *path, char *buf, size_t len)
{
	char target[4096];
	ssize_t n = readlink(path, target, sizeof(target) - 1);

	if (n < 0)
		return -errno;
	target[n] = '\0';
	const char *slash = strrchr(target, '/');
	snprintf(buf, len, "%s", slash ? slash + 1 : target);
	return 0;
}

int dcv_pci_driver(const char *root, const char *address, char *buf, size_t len)
{
	char path[4096];

	dcv_pci_path(path, sizeof(path), root, address, "driver");
	int r = dcv_link_name(path, buf, len);
	if (r == -ENOENT) {
		buf[0] = '\0';
		return 0;
	}
	return r;
}

int dcv_pci_bar_info(const char *root, const char *address, int bar, struct dcv_bar_info *info)
{
	char path[4096], line[256];

	dcv_pci_path(path, sizeof(path), root, address, "resource");
	FILE *f = fopen(path, "re");
	if (!f)
		return -errno;
	int r = -EIO;
	for (int i = 0; fgets(line, sizeof(line), f); i++) {
		uint64_t start, end, flags;

		if (i != bar)
			continue;
		if (sscanf(line, "%" SCNx64 " %" SCNx64 " %" SCNx64, &start, &end, &flags) != 3)
			break;
		info->start = start;
		info->size = (start || end) && end >= start ? end - start + 1 : 0;
		info->flags = flags;
		r = 0;
		break;
	}
	fclose(f);
	return r;
}
