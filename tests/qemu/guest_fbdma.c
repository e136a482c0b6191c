/*
 * A client framebuffer as dcd receives it (a sealed memfd, mapped
 * read-only by ipc/fbmap.c) given to the device through the IOMMU: the
 * kernel pins it only for device reads, the device reads the client's
 * pixels, and its writes to the buffer are stopped by the IOMMU.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <drm_fourcc.h>

#include "dcd_ipc.h"
#include "guest.h"

#define PAGE 4096u
#define XFER 1024u

/* 64x32 XRGB8888: exactly two pages. */
#define FB_W	 64u
#define FB_H	 32u
#define FB_PITCH (FB_W * 4u)
#define FB_BYTES (FB_PITCH * FB_H)

static int edu_dma(struct dc_hw *hw, uint32_t src, uint32_t dst, uint32_t cmd)
{
	uint32_t last;

	dc_hw_write(hw, EDU_DMA_SRC, src);
	dc_hw_write(hw, EDU_DMA_DST, dst);
	dc_hw_write(hw, EDU_DMA_COUNT, XFER);
	dc_hw_write(hw, EDU_DMA_CMD, cmd | EDU_DMA_RUN);
	return dc_hw_wait(hw, EDU_DMA_CMD, EDU_DMA_RUN, 0, 1000000, 3000000000u, &last);
}

/* The client's side: a memfd with the pixels, sealed as dcd demands. */
static int client_framebuffer(void)
{
	uint8_t pixels[FB_BYTES];
	int fd = memfd_create("guest-fb", MFD_CLOEXEC | MFD_ALLOW_SEALING);

	if (fd < 0)
		return -errno;
	for (unsigned i = 0; i < FB_BYTES; i++)
		pixels[i] = (uint8_t)(i * 7 + 3);
	if (write(fd, pixels, sizeof(pixels)) != (ssize_t)sizeof(pixels) ||
	    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) < 0) {
		int e = errno;

		close(fd);
		return -e;
	}
	return fd;
}

void check_fb_dma(struct dcv_device *dev)
{
	struct dcp_fb_create layout = { .format = DRM_FORMAT_XRGB8888,
					.modifier = DRM_FORMAT_MOD_LINEAR,
					.width = FB_W,
					.height = FB_H,
					.pitches = { FB_PITCH } };
	struct dc_hw *hw = dcv_hw(dev);
	struct dcv_error err = { "" };
	struct dcp_error perr = { 0 };
	struct dci_fb_map map = { 0 };
	uint64_t iova = 0, bounce_iova = 0;
	uint8_t *bounce = MAP_FAILED;

	int fd = client_framebuffer();
	int r = fd < 0 ? fd : dci_fb_map(fd, &layout, &map, &perr);
	if (r < 0) {
		result("vfio-fb-dma-rw-refused", false, "framebuffer: %d %s", r, perr.text);
		goto out;
	}

	/* What dcd did before: device reads and writes of a read-only mapping. */
	r = dcv_dma_map(dev, (void *)map.data, FB_BYTES, DCV_DMA_DEVICE_READS_WRITES, &iova, &err);
	result("vfio-fb-dma-rw-refused", r == -EFAULT && strstr(err.msg, "device writes need"),
	       "r=%d %s", r, err.msg);
	if (r == 0)
		dcv_dma_unmap(dev, iova);

	r = dcv_dma_map(dev, (void *)map.data, FB_BYTES, DCV_DMA_DEVICE_READS, &iova, &err);
	result("vfio-fb-dma-map-readonly", r == 0, "r=%d iova 0x%llx %s", r,
	       (unsigned long long)iova, r ? err.msg : "");
	if (r)
		goto out;

	bounce = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	r = bounce == MAP_FAILED ? -errno
				 : dcv_dma_map(dev, bounce, PAGE, DCV_DMA_DEVICE_READS_WRITES,
					       &bounce_iova, &err);
	if (r) {
		result("vfio-fb-dma-read", false, "bounce page: %d %s", r, err.msg);
		goto out_unmap;
	}

	/* The second page of the framebuffer, through the device, into the bounce page. */
	const uint8_t *fb = map.data;
	int r1 = edu_dma(hw, (uint32_t)(iova + PAGE), EDU_DMA_BUFFER, 0);
	int r2 = edu_dma(hw, EDU_DMA_BUFFER, (uint32_t)bounce_iova, EDU_DMA_TO_RAM);
	bool same = memcmp(bounce, fb + PAGE, XFER) == 0;
	result("vfio-fb-dma-read", r1 == 0 && r2 == 0 && same,
	       "to device %d, back to RAM %d, %u bytes %s the client's", r1, r2, XFER,
	       same ? "equal to" : "differ from");

	/* Other bytes into the device, then an attempt to write them over the client's. */
	memset(bounce, 0xee, XFER);
	int r3 = edu_dma(hw, (uint32_t)bounce_iova, EDU_DMA_BUFFER, 0);
	int r4 = edu_dma(hw, EDU_DMA_BUFFER, (uint32_t)iova, EDU_DMA_TO_RAM);
	bool kept = true;
	for (unsigned i = 0; i < XFER; i++)
		kept = kept && fb[i] == (uint8_t)(i * 7 + 3);
	result("vfio-fb-dma-write-blocked", r3 == 0 && r4 == 0 && kept,
	       "transfers %d %d, the client's pixels %s", r3, r4,
	       kept ? "untouched" : "overwritten by the device");
	dcv_dma_unmap(dev, bounce_iova);
out_unmap:
	dcv_dma_unmap(dev, iova);
out:
	if (bounce != MAP_FAILED)
		munmap(bounce, PAGE);
	dci_fb_unmap(&map);
	if (fd >= 0)
		close(fd);
}
