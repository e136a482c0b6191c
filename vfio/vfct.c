/*
 * The video BIOS from the ACPI VFCT table: where the firmware of an APU
 * (Carrizo, Stoney) hands the display driver its VBIOS, since the APU's
 * PCI ROM BAR is empty. The kernel's amdgpu reads it when the ROM gives
 * nothing; dcd does the same from <sysfs>/firmware/acpi/tables/VFCT.
 *
 * The layout is the public one of atombios.h (UEFI_ACPI_VFCT,
 * VFCT_IMAGE_HEADER): the 36-byte ACPI table header, a 16-byte UUID, the
 * offset of the first image record (from the start of the table), another
 * offset and 16 reserved bytes (76 bytes in all); then image records back
 * to back, each a 28-byte header (PCI bus, device, function as 32-bit
 * values, vendor, device, subsystem vendor and subsystem IDs as 16-bit
 * values, a 32-bit revision and the 32-bit image length) followed by the
 * image. All little-endian. Nothing in the table is trusted: every offset
 * and length is checked against the table's own length before it is used.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dcv_internal.h"

#define ACPI_HEADER_BYTES  36u
#define VFCT_HEADER_BYTES  76u
#define VFCT_FIRST_IMAGE   52u /* VBIOSImageOffset */
#define VFCT_RECORD_BYTES  28u
#define VFCT_MAX_FILE	   (16u << 20)
#define VFCT_LISTED_IN_MSG 8

static uint32_t le16(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t le32(const uint8_t *p)
{
	return le16(p) | le16(p + 2) << 16;
}

/* An image record's header as the table gives it. */
struct vfct_record {
	uint32_t bus, device, function;
	uint32_t vendor_id, device_id;
	uint32_t length;
};

static void record_at(const uint8_t *p, struct vfct_record *r)
{
	r->bus = le32(p);
	r->device = le32(p + 4);
	r->function = le32(p + 8);
	r->vendor_id = le16(p + 12);
	r->device_id = le16(p + 14);
	r->length = le32(p + 24);
}

/* "0000:00:01.0 1002:9874": the domain is the GPU's (VFCT records carry none). */
static void record_name(char *buf, size_t len, unsigned domain, const struct vfct_record *r)
{
	snprintf(buf, len, "%04x:%02x:%02x.%x %04x:%04x", domain, r->bus, r->device, r->function,
		 r->vendor_id, r->device_id);
}

/* The signature as text, unprintable bytes as '?'. */
static void signature_text(const uint8_t *p, char out[5])
{
	for (int i = 0; i < 4; i++)
		out[i] = p[i] >= 0x20 && p[i] < 0x7f ? (char)p[i] : '?';
	out[4] = '\0';
}

int dcv_vfct_image(const void *table, size_t len, const struct dcv_gpu *gpu, void **image,
		   size_t *size, struct dcv_error *err)
{
	const uint8_t *t = table;
	unsigned domain, bus, slot, func;
	char listed[VFCT_LISTED_IN_MSG * 32] = "", name[40], sig[5];
	unsigned n_listed = 0;
	uint32_t declared, offset;
	uint8_t sum = 0;

	*image = NULL;
	*size = 0;
	if (sscanf(gpu->address, "%x:%x:%x.%x", &domain, &bus, &slot, &func) != 4)
		return dcv_fail(err, -EINVAL, "'%s' is not a PCI address", gpu->address);
	if (len < ACPI_HEADER_BYTES)
		return dcv_fail(
			err, -EINVAL,
			"truncated ACPI VFCT table: %zu bytes, its ACPI header alone has %u", len,
			ACPI_HEADER_BYTES);
	if (memcmp(t, "VFCT", 4) != 0) {
		signature_text(t, sig);
		return dcv_fail(err, -EINVAL, "not an ACPI VFCT table: its signature is \"%s\"",
				sig);
	}
	declared = le32(t + 4);
	if (declared > len)
		return dcv_fail(err, -EINVAL,
				"truncated ACPI VFCT table: its header declares %u bytes, only %zu "
				"present",
				declared, len);
	if (declared < VFCT_HEADER_BYTES)
		return dcv_fail(err, -EINVAL,
				"truncated ACPI VFCT table: its header declares %u bytes, a VFCT "
				"header needs %u",
				declared, VFCT_HEADER_BYTES);
	/* ACPI: all bytes of the table, the checksum byte included, sum to 0. */
	for (uint32_t i = 0; i < declared; i++)
		sum = (uint8_t)(sum + t[i]);
	if (sum != 0)
		return dcv_fail(err, -EINVAL,
				"damaged ACPI VFCT table: the byte sum of its %u bytes is 0x%02x, "
				"not 0",
				declared, sum);
	offset = le32(t + VFCT_FIRST_IMAGE);
	if (offset < VFCT_HEADER_BYTES || offset > declared)
		return dcv_fail(err, -EINVAL,
				"damaged ACPI VFCT table: its first image at offset %u is outside "
				"the table's image area %u..%u",
				offset, VFCT_HEADER_BYTES, declared);
	while (offset < declared) {
		struct vfct_record r;

		if (declared - offset < VFCT_RECORD_BYTES)
			return dcv_fail(err, -EINVAL,
					"damaged ACPI VFCT table: the image header at offset %u "
					"runs past the %u-byte table",
					offset, declared);
		record_at(t + offset, &r);
		record_name(name, sizeof(name), domain, &r);
		if (r.length > declared - offset - VFCT_RECORD_BYTES)
			return dcv_fail(err, -EINVAL,
					"damaged ACPI VFCT table: the image for %s at offset %u "
					"declares %u bytes, past the %u-byte table",
					name, offset, r.length, declared);
		/* The kernel's match: bus, device, function, vendor and device ID. */
		if (r.length && r.bus == bus && r.device == slot && r.function == func &&
		    r.vendor_id == gpu->vendor_id && r.device_id == gpu->device_id) {
			void *copy = malloc(r.length);

			if (!copy)
				return dcv_fail(err, -ENOMEM,
						"out of memory for a %u-byte video BIOS", r.length);
			memcpy(copy, t + offset + VFCT_RECORD_BYTES, r.length);
			*image = copy;
			*size = r.length;
			return 0;
		}
		if (r.length && n_listed < VFCT_LISTED_IN_MSG) {
			size_t used = strlen(listed);

			snprintf(listed + used, sizeof(listed) - used, "%s%s", n_listed ? ", " : "",
				 name);
		}
		n_listed += r.length != 0;
		offset += VFCT_RECORD_BYTES + r.length;
	}
	if (!n_listed)
		return dcv_fail(err, -ENOENT, "the ACPI VFCT table lists no video BIOS image");
	return dcv_fail(err, -ENOENT,
			"the ACPI VFCT table lists images for %s%s, not for %s %04x:%04x", listed,
			n_listed > VFCT_LISTED_IN_MSG ? " and more" : "", gpu->address,
			gpu->vendor_id, gpu->device_id);
}

/* The whole file into a malloc'ed buffer, read to EOF (sysfs may not say a size). */
static int read_table(const char *path, uint8_t **out, size_t *len, struct dcv_error *err)
{
	size_t cap = 64 * 1024, n = 0;
	uint8_t *buf = NULL;
	ssize_t got = 1;
	int fd = open(path, O_RDONLY | O_CLOEXEC), r = 0;

	if (fd < 0) {
		int e = errno;

		if (e == ENOENT)
			return dcv_fail(err, -ENOENT,
					"no ACPI VFCT table (%s does not exist): the firmware "
					"gives no video BIOS that way",
					path);
		if (e == EACCES || e == EPERM)
			return dcv_fail(err, -e, "permission denied reading %s: run dcd as root",
					path);
		return dcv_fail(err, -e, "cannot open %s: %s", path, strerror(e));
	}
	while (got > 0 && r == 0) {
		if (!buf || n == cap) {
			uint8_t *bigger = NULL;

			if (buf && cap >= VFCT_MAX_FILE)
				r = dcv_fail(err, -EFBIG,
					     "%s is larger than %u bytes: not a VFCT table", path,
					     VFCT_MAX_FILE);
			else if (!(bigger = realloc(buf, buf ? cap * 2 : cap)))
				r = dcv_fail(err, -ENOMEM, "out of memory reading %s", path);
			if (r < 0)
				break;
			cap = buf ? cap * 2 : cap;
			buf = bigger;
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0)
			r = dcv_fail(err, -errno, "reading %s: %s", path, strerror(errno));
		else
			n += (size_t)got;
	}
	close(fd);
	if (r < 0) {
		free(buf);
		return r;
	}
	*out = buf;
	*len = n;
	return 0;
}

int dcv_read_vfct(const struct dcv_paths *paths, const struct dcv_gpu *gpu, void **image,
		  size_t *size, struct dcv_error *err)
{
	const char *root = paths && paths->sysfs ? paths->sysfs : "/sys";
	char path[4096];
	uint8_t *table = NULL;
	size_t len = 0;
	int r;

	*image = NULL;
	*size = 0;
	snprintf(path, sizeof(path), "%s/firmware/acpi/tables/VFCT", root);
	r = read_table(path, &table, &len, err);
	if (r < 0)
		return r;
	r = dcv_vfct_image(table, len, gpu, image, size, err);
	free(table);
	return r;
}
