/*
 * Which PCI function is a GPU dcd can drive: AMD display controllers whose
 * device ID belongs to a DCE 10/11 part.
 *
 * The decision reads vendor, device and class from <sysfs>/bus/pci/devices
 * itself instead of asking libpciaccess, whose sysfs path is fixed at
 * build time: that way the same code runs against a fake tree in the unit
 * tests. libpciaccess then works on the chosen device (pci.c) and must see
 * the same IDs.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dcv_internal.h"

#define PCI_VENDOR_AMD	       0x1002
#define PCI_BASE_CLASS_DISPLAY 0x03

/* Device IDs as the kernel's amdgpu PCI ID list assigns them. */
// clang-format off
static const struct {
	uint16_t device_id;
	enum dc_asic asic;
} supported[] = {
	{ 0x9870, DC_ASIC_CARRIZO }, { 0x9874, DC_ASIC_CARRIZO }, { 0x9875, DC_ASIC_CARRIZO },
	{ 0x9876, DC_ASIC_CARRIZO }, { 0x9877, DC_ASIC_CARRIZO },
	{ 0x98e4, DC_ASIC_STONEY },
	{ 0x6920, DC_ASIC_TONGA }, { 0x6921, DC_ASIC_TONGA }, { 0x6928, DC_ASIC_TONGA },
	{ 0x6929, DC_ASIC_TONGA }, { 0x692b, DC_ASIC_TONGA }, { 0x692f, DC_ASIC_TONGA },
	{ 0x6930, DC_ASIC_TONGA }, { 0x6938, DC_ASIC_TONGA }, { 0x6939, DC_ASIC_TONGA },
	{ 0x7300, DC_ASIC_FIJI }, { 0x730f, DC_ASIC_FIJI },
	{ 0x67c0, DC_ASIC_POLARIS10 }, { 0x67c1, DC_ASIC_POLARIS10 }, { 0x67c2, DC_ASIC_POLARIS10 },
	{ 0x67c4, DC_ASIC_POLARIS10 }, { 0x67c7, DC_ASIC_POLARIS10 }, { 0x67c8, DC_ASIC_POLARIS10 },
	{ 0x67c9, DC_ASIC_POLARIS10 }, { 0x67ca, DC_ASIC_POLARIS10 }, { 0x67cc, DC_ASIC_POLARIS10 },
	{ 0x67cf, DC_ASIC_POLARIS10 }, { 0x67d0, DC_ASIC_POLARIS10 }, { 0x67df, DC_ASIC_POLARIS10 },
	{ 0x6fdf, DC_ASIC_POLARIS10 },
	{ 0x67e0, DC_ASIC_POLARIS11 }, { 0x67e1, DC_ASIC_POLARIS11 }, { 0x67e3, DC_ASIC_POLARIS11 },
	{ 0x67e7, DC_ASIC_POLARIS11 }, { 0x67e8, DC_ASIC_POLARIS11 }, { 0x67e9, DC_ASIC_POLARIS11 },
	{ 0x67eb, DC_ASIC_POLARIS11 }, { 0x67ef, DC_ASIC_POLARIS11 }, { 0x67ff, DC_ASIC_POLARIS11 },
	{ 0x6980, DC_ASIC_POLARIS12 }, { 0x6981, DC_ASIC_POLARIS12 }, { 0x6985, DC_ASIC_POLARIS12 },
	{ 0x6986, DC_ASIC_POLARIS12 }, { 0x6987, DC_ASIC_POLARIS12 }, { 0x6995, DC_ASIC_POLARIS12 },
	{ 0x6997, DC_ASIC_POLARIS12 }, { 0x699f, DC_ASIC_POLARIS12 },
};
// clang-format on

#define N_SUPPORTED (sizeof(supported) / sizeof(supported[0]))

int dcv_lookup_asic(uint16_t vendor_id, uint16_t device_id, enum dc_asic *asic)
{
	if (vendor_id != PCI_VENDOR_AMD)
		return -ENODEV;
	for (size_t i = 0; i < N_SUPPORTED; i++) {
		if (supported[i].device_id == device_id) {
			*asic = supported[i].asic;
			return 0;
		}
	}
	return -ENODEV;
}

void dcv_supported_list(char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int a = 0; a < DC_ASIC_COUNT && n < len; a++) {
		bool first = true;

		n += (size_t)snprintf(buf + n, len - n, "%s%s (1002:", a ? ", " : "",
				      dc_asic_name((enum dc_asic)a));
		for (size_t i = 0; i < N_SUPPORTED && n < len; i++) {
			if ((int)supported[i].asic != a)
				continue;
			n += (size_t)snprintf(buf + n, len - n, "%s%04x", first ? "" : " ",
					      supported[i].device_id);
			first = false;
		}
		if (n < len)
			n += (size_t)snprintf(buf + n, len - n, ")");
	}
}

/* Reads vendor, device and class of one function. */
static int read_ids(const char *root, const char *address, struct dcv_gpu *gpu,
		    struct dcv_error *err)
{
	static const char *const attrs[] = { "vendor", "device", "class" };
	uint64_t v[3];
	char path[4096];

	for (int i = 0; i < 3; i++) {
		dcv_pci_path(path, sizeof(path), root, address, attrs[i]);
		int r = dcv_read_hex(path, &v[i]);
		if (r < 0)
			return dcv_fail(err, -EIO, "cannot read %s: %s", path,
					r == -EIO ? "not a hex number like 0x1002" : strerror(-r));
		if (v[i] > (i == 2 ? 0xffffffu : 0xffffu))
			return dcv_fail(err, -EIO, "%s holds 0x%llx, out of range", path,
					(unsigned long long)v[i]);
	}
	snprintf(gpu->address, sizeof(gpu->address), "%s", address);
	gpu->vendor_id = (uint16_t)v[0];
	gpu->device_id = (uint16_t)v[1];
	gpu->class_code = (uint32_t)v[2];
	return 0;
}

static bool is_display(const struct dcv_gpu *gpu)
{
	return gpu->class_code >> 16 == PCI_BASE_CLASS_DISPLAY;
}

static int check_supported(struct dcv_gpu *gpu, struct dcv_error *err)
{
	char list[1024];

	if (is_display(gpu) && dcv_lookup_asic(gpu->vendor_id, gpu->device_id, &gpu->asic) == 0)
		return 0;
	dcv_supported_list(list, sizeof(list));
	return dcv_fail(err, -ENODEV,
			"%s [%04x:%04x] class 0x%06x is not a supported GPU: dcd drives the "
			"display controllers of AMD DCE 10/11 parts: %s.",
			gpu->address, gpu->vendor_id, gpu->device_id, gpu->class_code, list);
}

/* No address: the first supported function, or a list of what was seen. */
static int find_first(const char *root, struct dcv_gpu *gpu, struct dcv_error *err)
{
	char path[4096], seen[1024] = "", list[1024];
	struct dirent **names;
	size_t ns = 0;
	int found = -ENOENT;

	snprintf(path, sizeof(path), "%s/bus/pci/devices", root);
	int n = scandir(path, &names, NULL, alphasort);
	if (n < 0)
		return dcv_fail(err, -ENOENT, "cannot list %s: %s", path, strerror(errno));
	for (int i = 0; i < n; i++) {
		struct dcv_gpu cand;

		if (found == -ENOENT && dcv_address_valid(names[i]->d_name) &&
		    read_ids(root, names[i]->d_name, &cand, NULL) == 0 && is_display(&cand)) {
			if (check_supported(&cand, NULL) == 0) {
				*gpu = cand;
				found = 0;
			} else if (ns < sizeof(seen)) {
				ns += (size_t)snprintf(seen + ns, sizeof(seen) - ns,
						       "%s%s [%04x:%04x]", ns ? ", " : "",
						       cand.address, cand.vendor_id,
						       cand.device_id);
			}
		}
		free(names[i]);
	}
	free(names);
	if (found == 0)
		return 0;
	dcv_supported_list(list, sizeof(list));
	return dcv_fail(err, -ENOENT,
			"no supported GPU found in %s. Display controllers present: %s. "
			"Supported: %s. Without one, run dcd with the simulated engine.",
			path, ns ? seen : "none", list);
}

int dcv_find_gpu(const struct dcv_paths *paths, const char *address, struct dcv_gpu *gpu,
		 struct dcv_error *err)
{
	const char *root = paths && paths->sysfs ? paths->sysfs : "/sys";

	if (!address)
		return find_first(root, gpu, err);
	int r = dcv_check_present(root, address, err);
	if (r < 0)
		return r;
	r = read_ids(root, address, gpu, err);
	if (r < 0)
		return r;
	return check_supported(gpu, err);
}
