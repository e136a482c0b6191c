/*
 * Framebuffer descriptors from clients: a memfd that can never shrink
 * (F_SEAL_SHRINK, so the daemon's mapping never faults with SIGBUS), big
 * enough for the layout, mapped read-only. dma-bufs are refused: their
 * exporter may revoke the pages, and a read of the mapping would then
 * SIGBUS dcd; nothing here survives that, and no test machine can make one.
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

int dci_fb_check_fs(unsigned long fs_type, struct dcp_error *err)
{
	if (fs_type == DMA_BUF_MAGIC)
		return fb_error(err, -EOPNOTSUPP, DCP_REASON_FB_FD,
				"the fd is a dma-buf, and this dcd takes sealed memfds only "
				"(no FB_DMABUF in WELCOME): an exporter can revoke a dma-buf's "
				"pages under dcd's mapping");
	return 0;
}

int dci_fb_check_fd(int fd, uint64_t need, struct dcp_error *err)
{
	struct statfs sfs;
	struct stat st;
	uint64_t size;
	int seals, ret;

	if (fstat(fd, &st) < 0 || fstatfs(fd, &sfs) < 0)
		return fb_error(err, -EINVAL, DCP_REASON_FB_FD, "fd: %s", strerror(errno));
	ret = dci_fb_check_fs((unsigned long)sfs.f_type, err);
	if (ret)
		return ret;
	seals = S_ISREG(st.st_mode) ? fcntl(fd, F_GET_SEALS) : -1;
	if (seals < 0)
		return fb_error(err, -EINVAL, DCP_REASON_FB_FD,
				"the fd is not a memfd (file type 0%o, filesystem 0x%lx)",
				(unsigned)(st.st_mode & S_IFMT), (unsigned long)sfs.f_type);
	if (!(seals & F_SEAL_SHRINK))
		return fb_error(err, -EINVAL, DCP_REASON_FB_UNSEALED,
				"memfd has seals 0x%x without F_SEAL_SHRINK: it could "
				"shrink under scanout",
				(unsigned)seals);
	size = (uint64_t)st.st_size;
	if (size < need)
		return fb_error(err, -EINVAL, DCP_REASON_FB_TOO_SMALL,
				"memfd holds %llu bytes, the layout needs %llu",
				(unsigned long long)size, (unsigned long long)need);
	return 0;
}

int dci_fb_map(int fd, const struct dcp_fb_create *fb, struct dci_fb_map *out,
	       struct dcp_error *err)
{
	uint64_t need;
	void *p;
	int ret;

	ret = dcp_fb_size(fb, &need, err);
	if (ret)
		return ret;
	if (need > SIZE_MAX)
		return fb_error(err, -EOVERFLOW, DCP_REASON_FB_LAYOUT,
				"%llu bytes do not fit in this address space",
				(unsigned long long)need);
	ret = dci_fb_check_fd(fd, need, err);
	if (ret)
		return ret;
	p = mmap(NULL, (size_t)need, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return fb_error(err, -errno, DCP_REASON_FB_FD, "mmap of %llu bytes: %s",
				(unsigned long long)need, strerror(errno));
	out->data = p;
	out->size = (size_t)need;
	return 0;
}

void dci_fb_unmap(struct dci_fb_map *map)
{
	if (map->data)
		munmap((void *)map->data, map->size);
	map->data = NULL;
	map->size = 0;
}
