/*
 * VFIO checks on a real kernel: BAR, registers, MSI, DMA both ways through
 * the IOMMU, ROM, then INTx with unmask and surprise removal.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dc_bios.h"
#include "guest.h"

#define PAGE 4096u
#define MIB  (1u << 20)
/* edu aborts QEMU 7.2 on a 4096-byte transfer: stay below it. */
#define XFER 1024u

/* Runs one edu DMA transfer and waits for its RUN bit to clear. */
static int edu_dma(struct dc_hw *hw, uint32_t src, uint32_t dst, uint32_t cmd)
{
	uint32_t last;

	dc_hw_write(hw, EDU_DMA_SRC, src);
	dc_hw_write(hw, EDU_DMA_DST, dst);
	dc_hw_write(hw, EDU_DMA_COUNT, XFER);
	dc_hw_write(hw, EDU_DMA_CMD, cmd | EDU_DMA_RUN);
	return dc_hw_wait(hw, EDU_DMA_CMD, EDU_DMA_RUN, 0, 1000000, 3000000000u, &last);
}

static void check_registers(struct dcv_device *dev, const char *prefix)
{
	struct dc_hw *hw = dcv_hw(dev);
	char name[64];

	uint32_t id = dc_hw_read(hw, EDU_ID);
	snprintf(name, sizeof(name), "%s-id-register", prefix);
	result(name, id == EDU_ID_VALUE, "read 0x%08x, edu answers 0x%08x", id, EDU_ID_VALUE);

	dc_hw_write(hw, EDU_LIVENESS, 0x12345678u);
	uint32_t a = dc_hw_read(hw, EDU_LIVENESS);
	dc_hw_write(hw, EDU_LIVENESS, 0);
	uint32_t b = dc_hw_read(hw, EDU_LIVENESS);
	snprintf(name, sizeof(name), "%s-liveness", prefix);
	result(name, a == ~0x12345678u && b == 0xffffffffu,
	       "wrote 0x12345678 read 0x%08x, wrote 0 read 0x%08x", a, b);
}

static void check_msi(struct dcv_device *dev)
{
	struct dc_hw *hw = dcv_hw(dev);
	int n1, n2;

	bool quiet = !wait_readable(dcv_irq_fd(dev), 0);
	bool s1 = raise_seen(dev, 0x1, 2000, &n1);
	uint32_t status = dc_hw_read(hw, EDU_IRQ_STATUS);
	dc_hw_write(hw, EDU_IRQ_ACK, 0x1);
	bool s2 = raise_seen(dev, 0x2, 2000, &n2);
	dc_hw_write(hw, EDU_IRQ_ACK, 0x2);
	result("vfio-msi",
	       dcv_irq_mode_used(dev) == DCV_IRQ_MSI && quiet && s1 && n1 == 1 && status == 1 &&
		       s2 && n2 == 1,
	       "mode %s, quiet before %d, first seen %d (count %d, status 0x%x), second seen %d "
	       "(count %d)",
	       dcv_irq_mode_name(dcv_irq_mode_used(dev)), quiet, s1, n1, status, s2, n2);
}

static void check_dma(struct dcv_device *dev)
{
	struct dc_hw *hw = dcv_hw(dev);
	struct dcv_error err = { "" };
	uint64_t iova = 0, iova2 = 0;
	uint8_t *buf =
		mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (buf == MAP_FAILED) {
		result("vfio-dma-map", false, "mmap: %s", strerror(errno));
		return;
	}
	for (unsigned i = 0; i < XFER; i++)
		buf[i] = (uint8_t)(i * 13 + 1);

	int r = dcv_dma_map(dev, buf, 2 * PAGE, DCV_DMA_DEVICE_READS_WRITES, &iova, &err);
	result("vfio-dma-map",
	       r == 0 && iova % PAGE == 0 && iova >= MIB && iova + 2 * PAGE <= EDU_DMA_LIMIT,
	       "r=%d iova 0x%llx %s", r, (unsigned long long)iova, r ? err.msg : "");
	if (r)
		return;

	/* RAM -> device buffer -> RAM one page further: both directions. */
	int r1 = edu_dma(hw, (uint32_t)iova, EDU_DMA_BUFFER, 0);
	int r2 = edu_dma(hw, EDU_DMA_BUFFER, (uint32_t)(iova + PAGE), EDU_DMA_TO_RAM | EDU_DMA_IRQ);
	bool irq = wait_readable(dcv_irq_fd(dev), 2000);
	int n = irq ? dcv_irq_consume(dev) : 0;
	uint32_t status = dc_hw_read(hw, EDU_IRQ_STATUS);
	dc_hw_write(hw, EDU_IRQ_ACK, EDU_DMA_IRQ_BIT);
	bool same = memcmp(buf + PAGE, buf, XFER) == 0 && buf[PAGE + XFER] == 0;
	result("vfio-dma-roundtrip", r1 == 0 && r2 == 0 && same,
	       "to device %d, to RAM %d, %u bytes %s", r1, r2, XFER, same ? "equal" : "differ");
	result("vfio-dma-irq", irq && n == 1 && (status & EDU_DMA_IRQ_BIT),
	       "completion interrupt seen %d count %d status 0x%x", irq, n, status);

	int u1 = dcv_dma_unmap(dev, iova);
	int u2 = dcv_dma_unmap(dev, iova);
	result("vfio-dma-unmap", u1 == 0 && u2 == -ENOENT, "unmap %d, again %d", u1, u2);

	/* With the mapping gone the IOMMU must stop the device's write. */
	memset(buf + PAGE, 0, PAGE);
	int r3 = edu_dma(hw, EDU_DMA_BUFFER, (uint32_t)(iova + PAGE), EDU_DMA_TO_RAM);
	bool untouched = buf[PAGE] == 0 && memcmp(buf + PAGE, buf + PAGE + 1, XFER - 1) == 0;
	result("vfio-dma-unmapped-blocked", r3 == 0 && untouched, "transfer %d, RAM %s", r3,
	       untouched ? "untouched" : "written");

	r = dcv_dma_map(dev, buf, 2 * PAGE, DCV_DMA_DEVICE_READS_WRITES, &iova2, &err);
	result("vfio-iova-reuse", r == 0 && iova2 == iova, "r=%d first 0x%llx again 0x%llx", r,
	       (unsigned long long)iova, (unsigned long long)iova2);
	if (r == 0)
		dcv_dma_unmap(dev, iova2);

	/* The window is 255 MiB: a 256 MiB buffer cannot fit. */
	size_t big_size = 256u * MIB;
	void *big = mmap(NULL, big_size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	r = big == MAP_FAILED
		    ? -errno
		    : dcv_dma_map(dev, big, big_size, DCV_DMA_DEVICE_READS_WRITES, &iova2, &err);
	result("vfio-dma-enospc", r == -ENOSPC && strstr(err.msg, "no free IOVA range"), "r=%d %s",
	       r, err.msg);
	if (big != MAP_FAILED)
		munmap(big, big_size);
	munmap(buf, 2 * PAGE);
}

/* The image the host gave edu, from the initramfs. */
static uint8_t *host_vbios(size_t *len)
{
	static uint8_t image[256 * 1024];
	FILE *f = fopen(GUEST_VBIOS, "rb");

	*len = f ? fread(image, 1, sizeof(image), f) : 0;
	if (f)
		fclose(f);
	return image;
}

/* What dc_bios_load says of bytes: "" when they load, else its reason; the version in out. */
static const char *load_vbios(const void *bytes, size_t len, char *version, size_t size)
{
	static struct dc_bios_error err;
	struct dc_bios *bios;

	version[0] = '\0';
	if (dc_bios_load(bytes, len, &bios, &err) < 0)
		return err.message;
	snprintf(version, size, "%s", dc_bios_version(bios));
	dc_bios_destroy(bios);
	return "";
}

/*
 * The expansion ROM through the real kernel's sysfs rom file: the bytes
 * the host gave edu (QEMU pads the BAR to a power of two; the kernel
 * gives the images its ROM header walk finds), and Display Core's image
 * check on them.
 */
static void check_rom(struct dcv_device *dev)
{
	struct dcv_error err = { "" };
	size_t want_len, size = 0;
	const uint8_t *want = host_vbios(&want_len);
	char version[64];
	void *rom = NULL;

	int r = dcv_read_rom(dev, &rom, &size, &err);
	bool same = r == 0 && want_len > 0 && size >= want_len && !memcmp(rom, want, want_len);
	result("vfio-rom", same, "r=%d size %zu of %zu %s", r, size, want_len,
	       r      ? err.msg
	       : same ? "matches the image"
		      : "differs");
	const char *why = r == 0 ? load_vbios(rom, size, version, sizeof(version)) : err.msg;
	result("vfio-rom-vbios", r == 0 && !why[0] && !strcmp(version, GUEST_VBIOS_VERSION),
	       "dc_bios_load: %s version %s", why[0] ? why : "loads,", version);
	free(rom);
}

/*
 * ACPI VFCT through the real kernel's /sys/firmware/acpi/tables: the table
 * QEMU installed holds the image for edu at 00:04.0; another function is
 * told which device the table has an image for.
 */
void check_vfct(const char *address, const char *other)
{
	struct dcv_gpu edu = { .vendor_id = 0x1234, .device_id = 0x11e8 };
	struct dcv_error err = { "" };
	size_t want_len, size = 0;
	const uint8_t *want = host_vbios(&want_len);
	char version[64], expect[256];
	void *image = NULL;

	snprintf(edu.address, sizeof(edu.address), "%s", address);
	int r = dcv_read_vfct(NULL, &edu, &image, &size, &err);
	bool same = r == 0 && size == want_len && !memcmp(image, want, want_len);
	const char *why = r == 0 ? load_vbios(image, size, version, sizeof(version)) : err.msg;
	result("vfct-read", same && !why[0] && !strcmp(version, GUEST_VBIOS_VERSION),
	       "r=%d size %zu of %zu, %s; dc_bios_load: %s version %s", r, size, want_len,
	       same ? "the image" : "differs", why[0] ? why : "loads,", version);
	free(image);

	snprintf(edu.address, sizeof(edu.address), "%s", other);
	snprintf(expect, sizeof(expect), "lists images for %s 1234:11e8, not for %s 1234:11e8",
		 address, other);
	r = dcv_read_vfct(NULL, &edu, &image, &size, &err);
	result("vfct-other-device", r == -ENOENT && strstr(err.msg, expect), "r=%d %s", r, err.msg);
	free(image);
}

void check_vfio(const char *address)
{
	struct dcv_open_opts o = {
		.access = DCV_ACCESS_VFIO,
		.irq = DCV_IRQ_MSI,
		.bar = 0,
		.min_bar_size = 2 * MIB,
		.iova_base = MIB,
		.iova_size = EDU_DMA_LIMIT - MIB,
	};
	struct dcv_error err = { "" };
	struct dcv_device *dev = NULL;

	int r = dcv_open(address, &o, &dev, &err);
	result("vfio-bar-too-small", r == -EINVAL && strstr(err.msg, "too small: 1048576 bytes"),
	       "r=%d %s", r, err.msg);
	if (r == 0)
		dcv_close(dev);

	o.min_bar_size = PAGE;
	r = dcv_open(address, &o, &dev, &err);
	result("vfio-open",
	       r == 0 && dcv_access_used(dev) == DCV_ACCESS_VFIO && dcv_bar_size(dev) == MIB,
	       "r=%d bar %llu %s", r, r ? 0ull : (unsigned long long)dcv_bar_size(dev),
	       r ? err.msg : "");
	if (r)
		return;
	check_registers(dev, "vfio");
	uint32_t past = dc_hw_read(dcv_hw(dev), MIB / 4);
	result("vfio-bar-bounds", past == 0xffffffffu, "read past the BAR: 0x%08x", past);
	check_msi(dev);
	check_dma(dev);
	check_fb_dma(dev);
	check_rom(dev);
	dcv_close(dev);

	o.reset = true;
	r = dcv_open(address, &o, &dev, &err);
	result("vfio-reset-refused", r == -ENOTSUP && strstr(err.msg, "offers no reset"), "r=%d %s",
	       r, err.msg);
	if (r == 0)
		dcv_close(dev);
}

/* The kernel asks for the device back while `remove` blocks in a child. */
static void check_removal(struct dcv_device *dev, const char *address)
{
	struct dcv_error err = { "" };
	struct dcv_monitor *mon = NULL;
	char path[128];
	int status = -1;

	int r = dcv_monitor_new(dev, &mon, &err);
	if (r) {
		result("vfio-release-request", false, "monitor: %s", err.msg);
		return;
	}
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/remove", address);
	/*
	 * The child must not inherit the device: a forked copy of the BAR
	 * mapping would keep the kernel waiting. exec drops it (all fds are
	 * O_CLOEXEC).
	 */
	pid_t child = fork();
	if (child == 0) {
		execl("/bin/sh", "sh", "-c", "echo 1 > \"$0\"", path, (char *)NULL);
		_exit(127);
	}

	bool woke = wait_readable(dcv_monitor_fd(mon), 10000);
	int events = woke ? dcv_monitor_dispatch(mon) : -ETIMEDOUT;
	result("vfio-release-request",
	       events > 0 && (events & DCV_MONITOR_RELEASED) && dcv_removed(dev),
	       "events 0x%x removed %d", (unsigned)events, dcv_removed(dev));

	struct dc_hw *hw = dcv_hw(dev);
	dc_hw_write(hw, EDU_LIVENESS, 1);
	uint32_t v = dc_hw_read(hw, EDU_ID);
	int irq = dcv_irq_consume(dev);
	result("vfio-removed-reads-ones", v == 0xffffffffu && irq == -ENODEV,
	       "read 0x%08x, irq_consume %d", v, irq);

	pid_t done = 0;
	for (int i = 0; i < 200 && done == 0; i++) {
		done = waitpid(child, &status, WNOHANG);
		if (done == 0)
			usleep(50000);
	}
	result("vfio-removal-completes",
	       done == child && WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
		       access(path, F_OK) != 0,
	       "remove %s", done == child ? "returned" : "still blocked after 10 s");
	if (done != child) {
		kill(child, SIGKILL);
		waitpid(child, NULL, 0);
	}

	/* udev's remove event follows once the kernel is done. */
	for (int i = 0; i < 50 && events >= 0 && !(events & DCV_MONITOR_REMOVED); i++)
		if (wait_readable(dcv_monitor_fd(mon), 100))
			events |= dcv_monitor_dispatch(mon);
	result("vfio-udev-remove", events > 0 && (events & DCV_MONITOR_REMOVED), "events 0x%x",
	       (unsigned)events);
	dcv_monitor_free(mon);
}

void check_vfio_intx_and_removal(const char *address)
{
	struct dcv_open_opts o = { .access = DCV_ACCESS_VFIO, .irq = DCV_IRQ_INTX, .bar = 0 };
	struct dcv_error err = { "" };
	struct dcv_device *dev = NULL;

	int r = dcv_open(address, &o, &dev, &err);
	if (r) {
		result("vfio-intx", false, "open: %s", err.msg);
		return;
	}
	/* VFIO masks the line at each INTx interrupt until unmasked. */
	check_intx_masking(dev, "vfio");
	check_removal(dev, address);
	dcv_close(dev);
}
