/*
 * Framebuffer descriptors from clients: a memfd that can never shrink
 * (F_SEAL_SHRINK, so the daemon's mapping never faults with SIGBUS) or a
 * dma-buf, big enough for the layout, mapped read-only.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "dcd_ipc.h"

#define fb_error(err, status, reason, ...) \
	dcp_error_set(err, status, reason, 0, "FB_CREATE: " __VA_ARGS__)

/* A dma-buf's size: fstat reports it on current kernels, seeking to the end on all. */
static int dmabuf_size(int fd, const struct stat *st, uint64_t *size)
{
	off_t end;

	if (st->st_size > 0) {
		*size = (uint64_t)st->st_size;
		return 0;
	}
	end = lseek(fd, 0, SEEK_END);
	if (end < 0)
		return -errno;
	lseek(fd, 0, SEEK_SET);
	*size = (uint64_t)end;
	return 0;
}

int dci_fb_check_fd(int fd, uint64_t need, bool *dmabuf, struct dcp_error *err)
{
	const char *kind = "memfd";
	struct statfs sfs;
	struct stat st;
	uint64_t size = 0;
	int seals, ret;

	if (fstat(fd, &st) < 0 || fstatfs(fd, &sfs) < 0)
		return fb_error(err, -EINVAL, DCP_REASON_FB_FD, "fd: %s", strerror(errno));
	*dmabuf = sfs.f_type == DMA_BUF_MAGIC;
	if (*dmabuf) {
		kind = "dma-buf";
		ret = dmabuf_size(fd, &st, &size);
		if (ret)
			return fb_error(err, -EINVAL, DCP_REASON_FB_FD, "dma-buf size: %s",
					strerror(-ret));
	} else {
		seals = S_ISREG(st.st_mode) ? fcntl(fd, F_GET_SEALS) : -1;
		if (seals < 0)
			return fb_error(err, -EINVAL, DCP_REASON_FB_FD,
					"the fd is neither a memfd nor a dma-buf (file type 0%o, "
					"filesystem 0x%lx)",
					(unsigned)(st.st_mode & S_IFMT), (unsigned long)sfs.f_type);
		if (!(seals & F_SEAL_SHRINK))
			return fb_error(err, -EINVAL, DCP_REASON_FB_UNSEALED,
					"memfd has seals 0x%x without F_SEAL_SHRINK: it could "
					"shrink under scanout",
					(unsigned)seals);
		size = (uint64_t)st.st_size;
	}
	if (size < need)
		return fb_error(err, -EINVAL, DCP_REASON_FB_TOO_SMALL,
				"%s holds %llu bytes, the layout needs %llu", kind,
				(unsigned long long)size, (unsigned long long)need);
	return 0;
}

int dci_fb_map(int fd, const struct dcp_fb_create *fb, struct dci_fb_map *out,
	       struct dcp_error *err)
{
	uint64_t need;
	bool dmabuf;
	void *p;
	int ret;

	ret = dcp_fb_size(fb, &need, err);
	if (ret)
		return ret;
	if (need > SIZE_MAX)
		return fb_error(err, -EOVERFLOW, DCP_REASON_FB_LAYOUT,
				"%llu bytes do not fit in this address space",
				(unsigned long long)need);
	ret = dci_fb_check_fd(fd, need, &dmabuf, err);
	if (ret)
		return ret;
	p = mmap(NULL, (size_t)need, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return fb_error(err, -errno, DCP_REASON_FB_FD, "mmap of %llu bytes: %s",
				(unsigned long long)need, strerror(errno));
	out->data = p;
	out->size = (size_t)need;
	out->dmabuf = dmabuf;
	return 0;
}

void dci_fb_unmap(struct dci_fb_map *map)
{
	if (map->data)
		munmap((void *)map->data, map->size);
	map->data = NULL;
	map->size = 0;
}
