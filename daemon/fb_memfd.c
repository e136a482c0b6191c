/*
 * Framebuffers dcd allocates itself on the Display Core engine: a memfd of
 * the layout's size, sealed against shrinking and growing (so neither the
 * client nor dcd can pull pages from under the other's mapping), mapped
 * read-only by dcd exactly as a client's memfd is. The client gets the fd
 * and maps it read-write.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dcd.h"

int dcd_fb_memfd_alloc(uint32_t format, uint32_t width, uint32_t height, uint32_t pitch_align,
		       struct dcd_engine_fb *out, char *why, size_t why_size)
{
	const struct dcp_format_info *f = dcp_format_info(format);
	uint64_t pitch, size;
	void *p;
	int fd;

	if (!f || f->plane_count != 1 || !pitch_align) {
		snprintf(why, why_size, "format 0x%08x is not a one-plane format", format);
		return -EINVAL;
	}
	pitch = ((uint64_t)width * f->cpp[0] + pitch_align - 1) / pitch_align * pitch_align;
	size = pitch * height;
	if (pitch > DCP_MAX_FB_PITCH || size > DCP_MAX_FB_BYTES) {
		snprintf(why, why_size,
			 "%ux%u %s needs pitch %llu and %llu bytes (at most %u and %llu)", width,
			 height, f->name, (unsigned long long)pitch, (unsigned long long)size,
			 DCP_MAX_FB_PITCH, (unsigned long long)DCP_MAX_FB_BYTES);
		return -EINVAL;
	}
	fd = memfd_create("dcd-fb", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	if (fd < 0) {
		snprintf(why, why_size, "memfd_create: %s", strerror(errno));
		return -errno;
	}
	if (ftruncate(fd, (off_t)size) < 0 ||
	    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) < 0) {
		int r = -errno;

		snprintf(why, why_size, "a %llu-byte memfd: %s", (unsigned long long)size,
			 strerror(-r));
		close(fd);
		return r;
	}
	p = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		int r = -errno;

		snprintf(why, why_size, "mmap of a %llu-byte memfd: %s", (unsigned long long)size,
			 strerror(-r));
		close(fd);
		return r;
	}
	*out = (struct dcd_engine_fb){
		.fd = fd, .pitch = (uint32_t)pitch, .offset = 0, .size = size, .map = p
	};
	return 0;
}
