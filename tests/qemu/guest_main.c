/*
 * Entry point of the guest test program, helpers shared by the checks, and
 * the host-side mode that writes the ACPI VFCT table QEMU gives the guest.
 *
 * Usage: dcv-qemu-guest VFIO_ADDR UIO_ADDR GROUP_ADDR GROUP_OTHER_ADDR
 *        dcv-qemu-guest --write-vfct IMAGE TABLE
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "guest.h"
#include "vfct_build.h"

bool raise_seen(struct dcv_device *dev, uint32_t bit, int timeout_ms, int *count)
{
	dc_hw_write(dcv_hw(dev), EDU_IRQ_RAISE, bit);
	bool seen = wait_readable(dcv_irq_fd(dev), timeout_ms);
	*count = seen ? dcv_irq_consume(dev) : 0;
	return seen;
}

void check_intx_masking(struct dcv_device *dev, const char *prefix)
{
	struct dc_hw *hw = dcv_hw(dev);
	char name[3][64];
	int n1, n2, n3;

	snprintf(name[0], sizeof(name[0]), "%s-intx", prefix);
	snprintf(name[1], sizeof(name[1]), "%s-intx-masked", prefix);
	snprintf(name[2], sizeof(name[2]), "%s-intx-rearm", prefix);
	bool quiet = !wait_readable(dcv_irq_fd(dev), 0);
	bool s1 = raise_seen(dev, 0x1, 2000, &n1);
	dc_hw_write(hw, EDU_IRQ_ACK, 0x1);
	result(name[0], dcv_irq_mode_used(dev) == DCV_IRQ_INTX && quiet && s1 && n1 == 1,
	       "mode %s quiet before %d seen %d count %d",
	       dcv_irq_mode_name(dcv_irq_mode_used(dev)), quiet, s1, n1);

	/* The line stays masked after the first interrupt until re-armed. */
	bool s2 = raise_seen(dev, 0x2, 300, &n2);
	result(name[1], !s2, "second interrupt before re-arm %s", s2 ? "delivered" : "held back");
	hw->ops->irq_rearm(hw);
	bool s3 = wait_readable(dcv_irq_fd(dev), 2000);
	n3 = s3 ? dcv_irq_consume(dev) : 0;
	dc_hw_write(hw, EDU_IRQ_ACK, 0x2);
	int r = dcv_irq_rearm(dev);
	result(name[2], s3 && n3 == 1 && r == 0, "after re-arm seen %d count %d, rearm %d", s3, n3,
	       r);
}

int sysfs_write(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	ssize_t n = write(fd, value, strlen(value));
	int e = errno;
	close(fd);
	return n < 0 ? -e : 0;
}

int bind_driver(const char *address, const char *driver)
{
	char path[256];
	int r;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/driver/unbind", address);
	if (access(path, F_OK) == 0 && (r = sysfs_write(path, address)) < 0)
		return r;
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/driver_override", address);
	if ((r = sysfs_write(path, driver)) < 0)
		return r;
	return sysfs_write("/sys/bus/pci/drivers_probe", address);
}

/*
 * Host side: an ACPI VFCT table (QEMU's -acpitable file=) that hands the
 * image in IMAGE to edu at 00:04.0 [1234:11e8], as an APU's firmware
 * hands the display driver its VBIOS. The image goes in unchanged.
 */
static int write_vfct(const char *image_path, const char *out)
{
	static uint8_t image[256 * 1024], table[256 * 1024 + 256];
	FILE *f = fopen(image_path, "rb");
	size_t n = f ? fread(image, 1, sizeof(image), f) : 0;
	struct vfct_t_image im = { 0, 4, 0, 0x1234, 0x11e8, image, (uint32_t)n };
	size_t len;

	if (f)
		fclose(f);
	len = n ? vfct_t_build(table, sizeof(table), &im, 1) : 0;
	f = len ? fopen(out, "wb") : NULL;
	if (!f || fwrite(table, 1, len, f) != len || fclose(f) != 0) {
		fprintf(stderr, "cannot write a VFCT table of %s to %s\n", image_path, out);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "--write-vfct"))
		return write_vfct(argv[2], argv[3]);
	if (argc != 5) {
		fprintf(stderr, "usage: %s VFIO_ADDR UIO_ADDR GROUP_ADDR GROUP_OTHER_ADDR\n",
			argv[0]);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	check_group(argv[3], argv[4]);
	check_vfio(argv[1]);
	check_vfct(argv[1], argv[2]);
	check_vfio_intx_and_removal(argv[1]);
	check_uio(argv[2]);
	printf("RESULT-END\n");
	return 0;
}
