/*
 * Framebuffer descriptors: a sealed memfd of the right size is mapped
 * read-only and shows the client's pixels; unsealed memfds, memfds
 * without sealing, too small ones, and descriptors that are not a memfd
 * are refused with the reason and the numbers. A dma-buf is refused by its
 * filesystem type (the test machines cannot make one: no /dev/udmabuf).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>

#include "dcd_ipc.h"
#include "protocol_samples.h"

static int memfd(size_t size, unsigned seals, unsigned flags)
{
	int fd = memfd_create("dcd-test-fb", MFD_CLOEXEC | flags);

	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)size), 0);
	if (seals)
		assert_int_equal(fcntl(fd, F_ADD_SEALS, seals), 0);
	return fd;
}

static void expect_refused(int fd, const struct dcp_fb_create *fb, enum dcp_reason reason,
			   const char *part)
{
	struct dci_fb_map map = { 0 };
	struct dcp_error err;
	int ret = dci_fb_map(fd, fb, &map, &err);

	if (ret != -EINVAL || err.reason != reason || !strstr(err.text, part))
		fail_msg("got %d reason %u \"%s\", want -EINVAL %u \"%s\"", ret, err.reason,
			 err.text, reason, part);
	assert_null(map.data);
}

/* Is [addr, addr+size) mapped shared and read-only in /proc/self/maps? */
static bool mapped_read_only(const void *addr)
{
	char line[512], perms[8];
	unsigned long lo, hi;
	FILE *f = fopen("/proc/self/maps", "r");
	bool found = false;

	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) != 3)
			continue;
		if ((unsigned long)addr >= lo && (unsigned long)addr < hi) {
			found = strcmp(perms, "r--s") == 0;
			break;
		}
	}
	fclose(f);
	return found;
}

static void sealed_memfd_is_mapped_read_only(void **state)
{
	struct dcp_fb_create fb;
	struct dci_fb_map map;
	struct dcp_error err;
	uint32_t pixel = 0x00ff8040;
	int fd = memfd(64 * 4 * 64, 0, MFD_ALLOW_SEALING);

	sample_fb_xrgb(&fb, 64, 64);
	assert_int_equal(pwrite(fd, &pixel, 4, 4 * (64 * 10 + 3)), 4);
	assert_int_equal(fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK), 0);
	assert_int_equal(dci_fb_map(fd, &fb, &map, &err), 0);
	assert_int_equal(map.size, 64 * 4 * 64);
	assert_memory_equal((const uint8_t *)map.data + 4 * (64 * 10 + 3), &pixel, 4);
	assert_true(mapped_read_only(map.data));
	/* the client's later writes show through (MAP_SHARED) */
	pixel = 0x00123456;
	assert_int_equal(pwrite(fd, &pixel, 4, 0), 4);
	assert_memory_equal(map.data, &pixel, 4);
	/* the client closing its fd does not take the mapping away */
	close(fd);
	assert_memory_equal(map.data, &pixel, 4);
	dci_fb_unmap(&map);
	assert_null(map.data);
	dci_fb_unmap(&map); /* twice is harmless */
	(void)state;
}

static void larger_memfd_and_more_seals_are_fine(void **state)
{
	struct dcp_fb_create fb;
	struct dci_fb_map map;
	struct dcp_error err;
	int fd = memfd(1 << 20, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL, MFD_ALLOW_SEALING);

	sample_fb_xrgb(&fb, 256, 256);
	assert_int_equal(dci_fb_check_fd(fd, 256 * 256 * 4, &err), 0);
	assert_int_equal(dci_fb_map(fd, &fb, &map, &err), 0);
	assert_int_equal(map.size, 256 * 256 * 4); /* the layout's bytes, not the file's */
	dci_fb_unmap(&map);
	close(fd);
	(void)state;
}

static void unsealed_memfd_is_refused(void **state)
{
	struct dcp_fb_create fb;
	int fd = memfd(4096, 0, MFD_ALLOW_SEALING);

	sample_fb_xrgb(&fb, 32, 32);
	expect_refused(fd, &fb, DCP_REASON_FB_UNSEALED,
		       "memfd has seals 0x0 without F_SEAL_SHRINK");
	close(fd);
	/* other seals are not enough */
	fd = memfd(4096, F_SEAL_GROW, MFD_ALLOW_SEALING);
	expect_refused(fd, &fb, DCP_REASON_FB_UNSEALED, "seals 0x4 without F_SEAL_SHRINK");
	close(fd);
	/* created without MFD_ALLOW_SEALING: it can never be sealed */
	fd = memfd(4096, 0, 0);
	expect_refused(fd, &fb, DCP_REASON_FB_UNSEALED, "seals 0x1 without F_SEAL_SHRINK");
	close(fd);
	(void)state;
}

static void too_small_memfd_is_refused(void **state)
{
	struct dcp_fb_create fb;
	int fd = memfd(1920 * 4 * 1080 - 1, F_SEAL_SHRINK, MFD_ALLOW_SEALING);

	sample_fb_xrgb(&fb, 1920, 1080);
	expect_refused(fd, &fb, DCP_REASON_FB_TOO_SMALL,
		       "memfd holds 8294399 bytes, the layout needs 8294400");
	close(fd);
	/* an offset counts */
	fd = memfd(1920 * 4 * 1080, F_SEAL_SHRINK, MFD_ALLOW_SEALING);
	fb.offsets[0] = 64;
	expect_refused(fd, &fb, DCP_REASON_FB_TOO_SMALL, "the layout needs 8294464");
	close(fd);
	/* empty */
	fd = memfd(0, F_SEAL_SHRINK, MFD_ALLOW_SEALING);
	sample_fb_xrgb(&fb, 1, 1);
	expect_refused(fd, &fb, DCP_REASON_FB_TOO_SMALL, "memfd holds 0 bytes");
	close(fd);
	(void)state;
}

static void other_descriptors_are_refused(void **state)
{
	struct dcp_fb_create fb;
	int p[2], sv[2];

	sample_fb_xrgb(&fb, 1, 1);
	assert_int_equal(pipe2(p, O_CLOEXEC), 0);
	expect_refused(p[0], &fb, DCP_REASON_FB_FD, "is not a memfd");
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
	expect_refused(sv[0], &fb, DCP_REASON_FB_FD, "is not a memfd");
	close(p[0]);
	close(p[1]);
	close(sv[0]);
	close(sv[1]);
	/* a regular file outside shmem: no seals at all */
	int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	expect_refused(fd, &fb, DCP_REASON_FB_FD, "is not a memfd");
	close(fd);
	(void)state;
}

/* dcd does not advertise FB_DMABUF: a dma-buf is refused, saying why. */
static void dmabuf_is_refused_by_its_filesystem(void **state)
{
	struct dcp_error err = { 0 };

	assert_int_equal(dci_fb_check_fs(DMA_BUF_MAGIC, &err), -EOPNOTSUPP);
	assert_int_equal(err.reason, DCP_REASON_FB_FD);
	assert_non_null(strstr(err.text, "is a dma-buf"));
	assert_non_null(strstr(err.text, "no FB_DMABUF"));
	assert_int_equal(dci_fb_check_fs(TMPFS_MAGIC, &err), 0);
	(void)state;
}

static void bad_layout_is_refused_before_the_fd_is_looked_at(void **state)
{
	struct dcp_fb_create fb;
	struct dci_fb_map map = { 0 };
	struct dcp_error err;

	sample_fb_xrgb(&fb, 64, 64);
	fb.pitches[0] = 3;
	/* -1 is no descriptor at all: the layout error comes first */
	assert_int_equal(dci_fb_map(-1, &fb, &map, &err), -EINVAL);
	assert_int_equal(err.reason, DCP_REASON_FB_LAYOUT);
	fb.pitches[0] = 256;
	assert_int_equal(dci_fb_map(-1, &fb, &map, &err), -EINVAL);
	assert_int_equal(err.reason, DCP_REASON_FB_FD);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sealed_memfd_is_mapped_read_only),
		cmocka_unit_test(larger_memfd_and_more_seals_are_fine),
		cmocka_unit_test(unsealed_memfd_is_refused),
		cmocka_unit_test(too_small_memfd_is_refused),
		cmocka_unit_test(other_descriptors_are_refused),
		cmocka_unit_test(dmabuf_is_refused_by_its_filesystem),
		cmocka_unit_test(bad_layout_is_refused_before_the_fd_is_looked_at),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
