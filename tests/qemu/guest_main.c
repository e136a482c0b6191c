/*
 * Entry point of the guest test program, helpers shared by the checks, and
 * the host-side mode that writes the ROM image QEMU gives the edu device.
 *
 * Usage: dcv-qemu-guest VFIO_ADDR UIO_ADDR GROUP_ADDR GROUP_OTHER_ADDR
 *        dcv-qemu-guest --write-rom FILE
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "guest.h"

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
 * A minimal valid option ROM: 0x55 0xAA, a PCI data structure ("PCIR",
 * edu's IDs, 8 x 512 bytes, last image) that the kernel's ROM size parser
 * accepts, then a pattern the guest can check byte by byte.
 */
void guest_rom_image(uint8_t *rom)
{
	const unsigned pcir = 0x1c;

	for (unsigned i = 0; i < GUEST_ROM_SIZE; i++)
		rom[i] = (uint8_t)(i * 7 + 3);
	memset(rom, 0, pcir + 0x18);
	rom[0] = 0x55;
	rom[1] = 0xaa;
	rom[2] = GUEST_ROM_SIZE / 512;
	rom[0x18] = pcir;
	memcpy(rom + pcir, "PCIR", 4);
	rom[pcir + 4] = 0x34; /* vendor 0x1234 */
	rom[pcir + 5] = 0x12;
	rom[pcir + 6] = 0xe8; /* device 0x11e8 */
	rom[pcir + 7] = 0x11;
	rom[pcir + 0x0a] = 0x18;		 /* structure length */
	rom[pcir + 0x10] = GUEST_ROM_SIZE / 512; /* image length */
	rom[pcir + 0x15] = 0x80;		 /* last image */
}

static int write_rom(const char *path)
{
	uint8_t rom[GUEST_ROM_SIZE];
	FILE *f = fopen(path, "wb");

	guest_rom_image(rom);
	if (!f || fwrite(rom, 1, sizeof(rom), f) != sizeof(rom) || fclose(f) != 0) {
		perror(path);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--write-rom"))
		return write_rom(argv[2]);
	if (argc != 5) {
		fprintf(stderr, "usage: %s VFIO_ADDR UIO_ADDR GROUP_ADDR GROUP_OTHER_ADDR\n",
			argv[0]);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	check_group(argv[3], argv[4]);
	check_vfio(argv[1]);
	check_vfio_intx_and_removal(argv[1]);
	check_uio(argv[2]);
	printf("RESULT-END\n");
	return 0;
}
