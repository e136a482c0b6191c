/*
 * FB_ALLOC (protocol 1.3) through a live dcd on the simulated engine
 * (Display Core): dcd allocates a sealed memfd, the client draws through
 * its own mapping, and the buffer commits and flips like a client's
 * memfd. Allocated buffers take the same byte budgets as FB_CREATE's,
 * refused with the numbers. A 1.2 client is offered nothing and its
 * FB_ALLOC is refused as not of its protocol; a memfd stays linear
 * whatever modifier 1.3 allows a dma-buf. (Display Core's refusal of a
 * real dma-buf needs a DRM device: suite kms, guest-dcd-lease.sh.)
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "dct.h"

struct fixture {
	struct dct_daemon d;
	struct dcp_link_info infos[DCP_MAX_LINKS];
	struct dcp_server_msg msg;
};

static int setup(void **state)
{
	*state = calloc(1, sizeof(struct fixture));
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	free(*state);
	return 0;
}

static void start(struct fixture *f, const char *limits)
{
	char cfg[512];

	snprintf(cfg, sizeof(cfg), "{ \"lease\": { \"users\": [ %u ] }%s%s }", (unsigned)geteuid(),
		 limits ? ", \"limits\": " : "", limits ? limits : "");
	assert_int_equal(dct_daemon_start(&f->d, NULL, cfg, NULL), 0);
}

static void stop(struct fixture *f)
{
	assert_true(dct_daemon_alive(&f->d));
	assert_int_equal(dct_daemon_stop(&f->d), 0);
	dct_daemon_cleanup(&f->d, false);
}

/* FB_ALLOC of an XRGB8888 buffer: 0 with the reply in f->msg and its fd in *fd, or the ERROR. */
static int fb_alloc(struct fixture *f, struct dct_client *c, uint32_t w, uint32_t h, int *fd)
{
	struct dcp_fb_alloc a = { DRM_FORMAT_XRGB8888, w, h };
	int r = dct_call(c, DCP_REQ_FB_ALLOC, &a, -1, &f->msg);

	*fd = -1;
	if (r == 0) {
		assert_int_equal(f->msg.hdr.opcode, DCP_REPLY_FB_ALLOCATED);
		*fd = dct_take_fd(c);
		assert_true(*fd >= 0);
	}
	return r;
}

/* Fills the buffer behind fd through the client's own read-write mapping. */
static void draw(int fd, const struct dcp_fb_allocated *a, uint32_t h, uint32_t color)
{
	uint8_t *p = mmap(NULL, a->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	assert_true(p != MAP_FAILED);
	for (uint32_t y = 0; y < h; y++) {
		uint32_t *row = (uint32_t *)(p + a->offset + (size_t)y * a->pitch);

		for (uint32_t x = 0; x < a->pitch / 4; x++)
			row[x] = color;
	}
	assert_int_equal(munmap(p, a->size), 0);
}

static void allocates_commits_and_flips(void **state)
{
	struct fixture *f = *state;
	struct drm_mode_modeinfo mode;
	struct dcp_fb_allocated a[2];
	struct dct_client *c;
	uint64_t seq = 0;
	int fds[2], seals;
	struct stat st;
	unsigned n;

	start(f, NULL);
	assert_int_equal(dct_connect(f->d.socket, "alloc", &c), 0);
	/* 1.3 on Display Core: FB_ALLOC offered, dma-bufs not (dcd would map them) */
	assert_int_equal(dct_welcome(c)->minor, 3);
	assert_int_equal(dct_welcome(c)->capabilities & DCP_CAP_FB_ALLOC, DCP_CAP_FB_ALLOC);
	assert_int_equal(dct_welcome(c)->capabilities & DCP_CAP_FB_DMABUF, 0);
	assert_int_equal(dct_topology(c, f->infos, DCP_MAX_LINKS, &n), 0);
	assert_int_equal(dct_lease(c, &f->infos[0].link, 1, NULL), 0);
	assert_int_equal(dct_preferred_mode(c, f->infos[0].link, &mode), 0);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(fb_alloc(f, c, mode.hdisplay, mode.vdisplay, &fds[i]), 0);
		a[i] = f->msg.fb_allocated;
		/* Display Core's pitch (256-byte units) and a sealed memfd of the size said */
		assert_int_equal(a[i].pitch % 256, 0);
		assert_true(a[i].pitch >= mode.hdisplay * 4u);
		assert_int_equal(a[i].offset, 0);
		assert_int_equal(a[i].size, (uint64_t)a[i].pitch * mode.vdisplay);
		assert_int_equal(fstat(fds[i], &st), 0);
		assert_int_equal((uint64_t)st.st_size, a[i].size);
		seals = fcntl(fds[i], F_GET_SEALS);
		assert_true(seals >= 0);
		assert_int_equal(seals & (F_SEAL_SHRINK | F_SEAL_GROW),
				 F_SEAL_SHRINK | F_SEAL_GROW);
		/* the client's mapping writes: the memfd is not write-sealed */
		draw(fds[i], &a[i], mode.vdisplay, i ? 0x00ff0000 : 0x0000ff00);
	}
	assert_true(a[0].fb_id != a[1].fb_id);
	assert_int_equal(dct_commit_one(c, f->infos[0].link, &mode, a[0].fb_id,
					DCP_COMMIT_ALLOW_MODESET, &f->msg),
			 0);
	for (unsigned i = 0; i < 60; i++) {
		struct dcp_flip flip = { .link = f->infos[0].link,
					 .plane = DCP_PLANE_PRIMARY,
					 .fb_id = a[(i + 1) % 2].fb_id,
					 .flags = DCP_FLIP_VSYNC,
					 .user_data = i };

		assert_int_equal(dct_call(c, DCP_REQ_FLIP, &flip, -1, &f->msg), 0);
		assert_int_equal(f->msg.hdr.opcode, DCP_EVENT_FLIP_DONE);
		assert_int_equal(f->msg.flip_done.user_data, i);
		assert_true(f->msg.flip_done.sequence > seq);
		seq = f->msg.flip_done.sequence;
	}
	/* the ids are the client's like any other */
	assert_int_equal(dct_call(c, DCP_REQ_FB_DESTROY, &(struct dcp_fb_destroy){ a[0].fb_id }, -1,
				  &f->msg),
			 0);
	/* formats the protocol cannot allocate are refused by the codec, naming them */
	assert_int_equal(dct_call(c, DCP_REQ_FB_ALLOC,
				  &(struct dcp_fb_alloc){ DRM_FORMAT_NV12, 64, 64 }, -1, &f->msg),
			 -EINVAL);
	assert_int_equal(dct_call(c, DCP_REQ_SYNC, NULL, -1, &f->msg), 0);
	close(fds[0]);
	close(fds[1]);
	dct_close(c);
	stop(f);
}

/*
 * 768x480 XRGB8888 is 1.4 MiB a buffer at any pitch of 256-byte units.
 * The client budget of 4 MiB takes two (an FB_ALLOC and an FB_CREATE: one
 * count); its uid's 5 MiB three over two connections.
 */
static void budgets_count_allocations(void **state)
{
	struct fixture *f = *state;
	struct dct_client *c, *c2;
	uint32_t id;
	char want[200];
	int fd, fd2;

	start(f, "{ \"max_framebuffer_bytes\": 4194304, \"max_framebuffer_bytes_per_uid\": "
		 "5242880 }");
	assert_int_equal(dct_connect(f->d.socket, "budget", &c), 0);
	assert_int_equal(fb_alloc(f, c, 768, 480, &fd), 0);
	assert_int_equal(dct_fb_create(c, DRM_FORMAT_XRGB8888, 768, 480, 0, &id), 0);
	assert_int_equal(fb_alloc(f, c, 768, 480, &fd2), -EDQUOT);
	assert_int_equal(f->msg.error.reason, DCP_REASON_LIMIT);
	snprintf(want, sizeof(want),
		 "FB_ALLOC: client %u (uid %u): 2 framebuffers use 2.8 MiB of its 4 MiB "
		 "(max_framebuffer_bytes); this one needs 1.4 MiB",
		 dct_welcome(c)->client_id, (unsigned)geteuid());
	assert_string_equal(f->msg.error.text, want);
	/* the other connection of the uid: one more, then the uid's budget */
	assert_int_equal(dct_connect(f->d.socket, "budget-2", &c2), 0);
	assert_int_equal(fb_alloc(f, c2, 768, 480, &fd2), 0);
	close(fd2);
	assert_int_equal(fb_alloc(f, c2, 768, 480, &fd2), -EDQUOT);
	snprintf(want, sizeof(want),
		 "FB_ALLOC: uid %u: 3 framebuffers of 2 connections use 4.2 MiB of its 5 MiB "
		 "(max_framebuffer_bytes_per_uid); this one needs 1.4 MiB",
		 (unsigned)geteuid());
	assert_string_equal(f->msg.error.text, want);
	/* dropping the allocation gives its bytes back, though the client keeps its fd */
	assert_int_equal(
		dct_call(c, DCP_REQ_FB_DESTROY, &(struct dcp_fb_destroy){ id }, -1, &f->msg), 0);
	assert_int_equal(fb_alloc(f, c2, 768, 480, &fd2), 0);
	close(fd2);
	close(fd);
	dct_close(c2);
	dct_close(c);
	stop(f);
}

/* What a 1.2 client sees, and a 1.3 memfd that claims a tiled modifier. */
static void versions_and_modifiers(void **state)
{
	struct fixture *f = *state;
	struct dcp_fb_create fb = { .format = DRM_FORMAT_XRGB8888,
				    .modifier = I915_FORMAT_MOD_X_TILED,
				    .width = 64,
				    .height = 64,
				    .pitches = { 256 } };
	struct dct_client *old, *c;
	int fd;

	start(f, NULL);
	assert_int_equal(dct_connect_minor(f->d.socket, "old", 2, &old), 0);
	assert_int_equal(dct_welcome(old)->capabilities & DCP_CAP_FB_ALLOC, 0);
	assert_int_equal(fb_alloc(f, old, 64, 64, &fd), -EPROTO);
	assert_int_equal(f->msg.error.reason, DCP_REASON_PROTOCOL);
	assert_false(f->msg.error.flags & DCP_ERROR_FATAL);
	assert_string_equal(f->msg.error.text,
			    "FB_ALLOC: the connection speaks protocol 1.2; FB_ALLOC came with 1.3");
	assert_int_equal(dct_call(old, DCP_REQ_SYNC, NULL, -1, &f->msg), 0);

	/* the wire takes the modifier; a memfd is linear all the same */
	assert_int_equal(dct_connect(f->d.socket, "tiled", &c), 0);
	fd = dct_memfd(256 * 64, true);
	assert_true(fd >= 0);
	assert_int_equal(dct_call(c, DCP_REQ_FB_CREATE, &fb, fd, &f->msg), -EINVAL);
	assert_int_equal(f->msg.error.reason, DCP_REASON_FB_MODIFIER);
	assert_non_null(strstr(f->msg.error.text,
			       "modifier 0x0100000000000001 (vendor 1) not "
			       "supported: memfds and protocol 1.0-1.2 framebuffers are linear"));
	fb.modifier = DRM_FORMAT_MOD_LINEAR;
	assert_int_equal(dct_call(c, DCP_REQ_FB_CREATE, &fb, fd, &f->msg), 0);
	close(fd);
	dct_close(c);
	dct_close(old);
	stop(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(allocates_commits_and_flips, setup, teardown),
		cmocka_unit_test_setup_teardown(budgets_count_allocations, setup, teardown),
		cmocka_unit_test_setup_teardown(versions_and_modifiers, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
