/*
 * libdcclient's requests against a fake dcd: leases (and their refusal
 * with reason and sentence), memfd framebuffers sealed as dcd requires,
 * configurations as they reach the wire, validate errors with their text,
 * answers matched to requests by serial when dcd answers out of order,
 * flips and their callbacks (sequence, timestamp, user data, the queue
 * depth, a cancelled flip), cursor and vblank requests without replies and
 * their errors; out of memory while tracking a flip or a commit: nothing
 * is sent (realloc fails on demand; not in the AddressSanitizer build,
 * whose runtime owns realloc: the test says it is skipped there).
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

#include "client_test.h"

#if defined(__SANITIZE_ADDRESS__)
#define ASAN_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASAN_BUILD 1
#endif
#endif

#ifndef ASAN_BUILD
/* Armed on the test's thread only: the fake server's thread allocates freely. */
static __thread bool realloc_fails;
static __thread unsigned realloc_refused;
extern void *__libc_realloc(void *p, size_t size);

/* Interposes libdcclient's realloc (its table of requests in flight). */
void *realloc(void *p, size_t size)
{
	if (realloc_fails) {
		realloc_refused++;
		errno = ENOMEM;
		return NULL;
	}
	return __libc_realloc(p, size);
}
#endif

static bool refuse_dp2_lease(struct fake_server *s, const struct dcp_request *req, int fd)
{
	if (req->hdr.opcode != DCP_REQ_LEASE_REQUEST || req->lease_request.links[0] != 2)
		return false;
	fake_send_error(s, req->hdr.serial, -EBUSY, DCP_REASON_LEASE_BUSY, 0,
			"LEASE_REQUEST: DP-2 is leased by client 7 (weston)");
	return true;
}

static void leases(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	struct dcc_link *links[2], *dp2;
	struct dcc_lease *lease, *busy = (void *)1;
	struct dcp_request req;

	fake_init(&s, 1);
	s.hook = refuse_dp2_lease;
	c = connect_fake(&s, "test-leases");
	links[0] = dcc_find_link(c, "DP-1");
	links[1] = dcc_find_link(c, "HDMI-A-1");
	dp2 = dcc_find_link(c, "DP-2");

	assert_int_equal(dcc_lease_create(c, links, 2, &lease), 0);
	req = fake_last(&s, DCP_REQ_LEASE_REQUEST);
	assert_int_equal(req.lease_request.link_count, 2);
	assert_int_equal(req.lease_request.links[0], 0);
	assert_int_equal(req.lease_request.links[1], 1);
	assert_true(dcc_lease_is_active(lease));
	assert_int_equal(dcc_lease_get_id(lease), 10);
	assert_int_equal(dcc_lease_get_link_count(lease), 2);
	assert_ptr_equal(dcc_lease_get_link(lease, 1), links[1]);
	assert_null(dcc_lease_get_link(lease, 2));
	assert_int_equal(dcc_link_get_lease_state(links[0]), DCC_LEASE_OURS);

	assert_int_equal(dcc_lease_create(c, &dp2, 1, &busy), -EBUSY);
	assert_null(busy);
	assert_string_equal(dcc_last_error_reason(c), "lease-busy");
	assert_string_equal(dcc_last_error_text(c),
			    "LEASE_REQUEST: DP-2 is leased by client 7 (weston)");
	assert_int_equal(dcc_lease_create(c, links, 0, &busy), -EINVAL);
	assert_null(dcc_last_error_reason(c));

	/* Released without a reply. */
	dcc_lease_destroy(lease);
	assert_int_equal(dcc_roundtrip(c), 0);
	assert_string_equal(dcc_last_error_text(c), "");
	req = fake_last(&s, DCP_REQ_LEASE_RELEASE);
	assert_int_equal(req.lease_release.lease_id, 10);
	assert_true(req.hdr.flags & DCP_HEADER_NO_REPLY);
	assert_int_equal(dcc_link_get_lease_state(links[0]), DCC_LEASE_FREE);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

/* KMS_LEASE_REQUEST: a grant with a file as its fd for Virtual-1, a refusal for others. */
static bool kms_leases_hook(struct fake_server *s, const struct dcp_request *req, int fd)
{
	struct dcp_kms_lease_granted g = { .lease_id = 21, .lessee_id = 4 };
	int file;

	if (req->hdr.opcode != DCP_REQ_KMS_LEASE_REQUEST)
		return false;
	if (strcmp(req->kms_lease_request.names[0], "DP-1")) {
		fake_send_error(s, req->hdr.serial, -EBUSY, DCP_REASON_LEASE_BUSY, 0,
				"KMS_LEASE_REQUEST: link 1 (HDMI-A-1) is leased by another client");
		return true;
	}
	snprintf(g.name, sizeof(g.name), "card0-%s", req->kms_lease_request.names[0]);
	file = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	fake_send_fd(s, DCP_REPLY_KMS_LEASE_GRANTED, req->hdr.serial, &g, file);
	close(file);
	return true;
}

static void kms_leases(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	const char *dp1[] = { "DP-1" }, *hdmi[] = { "HDMI-A-1" };
	struct stat got, exe;
	char name[64] = "";
	uint32_t id = 0;
	int fd;

	/* a 1.1 dcd knows no KMS leases: refused before anything is sent */
	fake_init(&s, 1);
	s.welcome.minor = 1;
	c = connect_fake(&s, "test-kms-old");
	assert_int_equal(dcc_kms_lease_create(c, dp1, 1, &id, NULL, 0), -EOPNOTSUPP);
	assert_non_null(strstr(dcc_last_error_text(c), "KMS leases came with 1.2"));
	assert_int_equal(dcc_roundtrip(c), 0);
	assert_int_equal(fake_count(&s, DCP_REQ_KMS_LEASE_REQUEST), 0);
	dcc_client_destroy(c);
	fake_fini(&s);

	fake_init(&s, 1);
	s.welcome.minor = 2;
	s.welcome.capabilities |= DCP_CAP_KMS_LEASES;
	s.hook = kms_leases_hook;
	c = connect_fake(&s, "test-kms");
	assert_true(dcc_get_capabilities(c) & DCC_CAP_KMS_LEASES);
	fd = dcc_kms_lease_create(c, dp1, 1, &id, name, sizeof(name));
	assert_true(fd >= 0);
	assert_int_equal(id, 21);
	assert_string_equal(name, "card0-DP-1");
	assert_string_equal(fake_last(&s, DCP_REQ_KMS_LEASE_REQUEST).kms_lease_request.names[0],
			    "DP-1");
	/* the very file dcd passed, close-on-exec */
	assert_int_equal(fstat(fd, &got), 0);
	assert_int_equal(stat("/proc/self/exe", &exe), 0);
	assert_int_equal(got.st_ino, exe.st_ino);
	assert_true(fcntl(fd, F_GETFD) & FD_CLOEXEC);
	close(fd);

	assert_int_equal(dcc_kms_lease_create(c, hdmi, 1, NULL, NULL, 0), -EBUSY);
	assert_string_equal(dcc_last_error_reason(c), "lease-busy");
	assert_int_equal(dcc_kms_lease_create(c, hdmi, 0, NULL, NULL, 0), -EINVAL);

	/* the release is LEASE_RELEASE, answered */
	assert_int_equal(dcc_kms_lease_release(c, id), 0);
	assert_int_equal(fake_last(&s, DCP_REQ_LEASE_RELEASE).lease_release.lease_id, 21);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

/* The memfd the fake dcd allocated last (the hook's), to see the client's drawing. */
static int alloc_fd = -1;

/* FB_ALLOC: a sealed memfd of 4096-byte rows filled with 0xab, as dcd on Display Core. */
static bool fb_alloc_hook(struct fake_server *s, const struct dcp_request *req, int fd)
{
	struct dcp_fb_allocated a = { .fb_id = 31, .pitch = 4096 };
	uint8_t *p;

	if (req->hdr.opcode != DCP_REQ_FB_ALLOC)
		return false;
	a.size = (uint64_t)a.pitch * req->fb_alloc.height;
	alloc_fd = memfd_create("fake-dcd-fb", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	assert_true(alloc_fd >= 0);
	assert_int_equal(ftruncate(alloc_fd, (off_t)a.size), 0);
	assert_int_equal(fcntl(alloc_fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW), 0);
	p = mmap(NULL, a.size, PROT_READ | PROT_WRITE, MAP_SHARED, alloc_fd, 0);
	assert_true(p != MAP_FAILED);
	memset(p, 0xab, a.size);
	munmap(p, a.size);
	fake_send_fd(s, DCP_REPLY_FB_ALLOCATED, req->hdr.serial, &a, alloc_fd);
	return true;
}

static void allocated_framebuffers(void **state)
{
	uint32_t pitches[4] = { 4096 }, offsets[4] = { 0 };
	struct fake_server s;
	struct dcc_client *c;
	struct dcc_fb *fb;
	uint8_t *px, seen;

	/* a 1.2 dcd offers no FB_ALLOC: refused before anything is sent */
	fake_init(&s, 1);
	s.welcome.minor = 2;
	c = connect_fake(&s, "test-alloc-old");
	assert_int_equal(dcc_fb_alloc(c, DCC_FORMAT_XRGB8888, 1000, 10, &fb), -EOPNOTSUPP);
	assert_non_null(strstr(dcc_last_error_text(c), "offers no FB_ALLOC (it came with 1.3)"));
	assert_int_equal(dcc_roundtrip(c), 0);
	assert_int_equal(fake_count(&s, DCP_REQ_FB_ALLOC), 0);
	dcc_client_destroy(c);
	fake_fini(&s);

	fake_init(&s, 1);
	s.welcome.minor = 3;
	s.welcome.capabilities |= DCP_CAP_FB_ALLOC;
	s.hook = fb_alloc_hook;
	c = connect_fake(&s, "test-alloc");
	assert_true(dcc_get_capabilities(c) & DCC_CAP_FB_ALLOC);
	assert_int_equal(dcc_fb_alloc(c, DCC_FORMAT_XRGB8888, 1000, 10, &fb), 0);
	assert_int_equal(fake_last(&s, DCP_REQ_FB_ALLOC).fb_alloc.width, 1000);
	assert_int_equal(fake_last(&s, DCP_REQ_FB_ALLOC).fb_alloc.height, 10);
	/* dcd's id and layout, and a mapping of the very memory dcd passed */
	assert_int_equal(dcc_fb_get_id(fb), 31);
	assert_int_equal(dcc_fb_get_pitch(fb, 0), 4096);
	assert_int_equal(dcc_fb_get_size(fb), 40960);
	assert_false(dcc_fb_is_dmabuf(fb));
	px = dcc_fb_get_data(fb);
	assert_non_null(px);
	assert_int_equal(px[40959], 0xab);
	/* a memfd needs no DMA_BUF_IOCTL_SYNC: both are no-ops */
	assert_int_equal(dcc_fb_begin_access(fb), 0);
	px[5] = 0x42;
	assert_int_equal(dcc_fb_end_access(fb), 0);
	assert_int_equal(pread(alloc_fd, &seen, 1, 5), 1);
	assert_int_equal(seen, 0x42);
	dcc_fb_destroy(fb);
	assert_int_equal(dcc_roundtrip(c), 0);
	assert_int_equal(fake_last(&s, DCP_REQ_FB_DESTROY).fb_destroy.fb_id, 31);
	close(alloc_fd);

	/* dma-bufs: only where dcd imports them, and only real ones */
	assert_int_equal(
		dcc_fb_create_dmabuf(c, 0, DCC_FORMAT_XRGB8888, 0, 1000, 10, pitches, offsets, &fb),
		-EOPNOTSUPP);
	assert_non_null(strstr(dcc_last_error_text(c), "dcd takes no dma-bufs"));
	dcc_client_destroy(c);
	fake_fini(&s);
	fake_init(&s, 1);
	s.welcome.capabilities |= DCP_CAP_FB_DMABUF;
	c = connect_fake(&s, "test-dmabuf");
	alloc_fd = memfd_create("not-a-dmabuf", MFD_CLOEXEC);
	assert_int_equal(dcc_fb_create_dmabuf(c, alloc_fd, DCC_FORMAT_XRGB8888, 0, 1000, 10,
					      pitches, offsets, &fb),
			 -EINVAL);
	assert_non_null(strstr(dcc_last_error_text(c), "is not a dma-buf"));
	assert_int_equal(fake_count(&s, DCP_REQ_FB_CREATE), 0);
	close(alloc_fd);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

static void memfd_framebuffers(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	struct dcc_fb *fb, *bad = (void *)1;
	struct dcp_request req;
	uint32_t pitches[4] = { 256 }, offsets[4] = { 0 };
	uint8_t *px;
	int fd;

	fake_init(&s, 1);
	c = connect_fake(&s, "test-fb");
	assert_int_equal(dcc_fb_create_memfd(c, DCC_FORMAT_XRGB8888, 1000, 10, &fb), 0);
	assert_int_equal(dcc_fb_get_pitch(fb, 0), 4096); /* 4000 rounded up to 256 */
	assert_int_equal(dcc_fb_get_size(fb), 40960);
	assert_int_equal(dcc_fb_get_width(fb), 1000);
	assert_int_equal(dcc_fb_get_height(fb), 10);
	assert_int_equal(dcc_fb_get_format(fb), DCC_FORMAT_XRGB8888);
	assert_int_equal(dcc_fb_get_id(fb), 100);
	px = dcc_fb_get_data(fb);
	assert_non_null(px);
	assert_int_equal(px[40959], 0);
	memset(px, 0xab, 40960);

	/* What dcd sees: the layout and a memfd it can rely on. */
	req = fake_last(&s, DCP_REQ_FB_CREATE);
	assert_int_equal(req.fb_create.format, DCC_FORMAT_XRGB8888);
	assert_int_equal(req.fb_create.width, 1000);
	assert_int_equal(req.fb_create.pitches[0], 4096);
	assert_int_equal(s.fb_seals, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL);
	assert_int_equal(s.fb_fd_size, 40960);

	dcc_fb_destroy(fb);
	assert_int_equal(dcc_roundtrip(c), 0);
	req = fake_last(&s, DCP_REQ_FB_DESTROY);
	assert_int_equal(req.fb_destroy.fb_id, 100);
	assert_true(req.hdr.flags & DCP_HEADER_NO_REPLY);

	/* Refused before asking dcd. */
	assert_int_equal(dcc_fb_create_memfd(c, 0x3231564e /* NV12 */, 64, 64, &bad), -EINVAL);
	assert_non_null(strstr(dcc_last_error_text(c), "more than one plane"));
	assert_int_equal(dcc_fb_create_memfd(c, 0x12345678, 64, 64, &bad), -EINVAL);
	assert_int_equal(dcc_fb_create_memfd(c, DCC_FORMAT_XRGB8888, 0, 64, &bad), -EINVAL);
	fd = memfd_create("test", MFD_CLOEXEC);
	assert_true(fd >= 0);
	assert_int_equal(dcc_fb_create(c, fd, DCC_FORMAT_XRGB8888, 65, 1, pitches, offsets, &bad),
			 -EINVAL);
	assert_non_null(strstr(dcc_last_error_text(c), "pitch"));
	assert_null(bad);
	assert_int_equal(fake_count(&s, DCP_REQ_FB_CREATE), 1);

	/* The caller's own descriptor: the library keeps a duplicate. */
	assert_int_equal(ftruncate(fd, 256), 0);
	assert_int_equal(dcc_fb_create(c, fd, DCC_FORMAT_XRGB8888, 64, 1, pitches, offsets, &fb),
			 0);
	close(fd);
	assert_null(dcc_fb_get_data(fb));
	assert_int_equal(s.fb_fd_size, 256);
	/* Not sealed against shrinking: dcd would refuse it, the fake only records. */
	assert_int_equal(s.fb_seals & F_SEAL_SHRINK, 0);
	dcc_fb_destroy(fb);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

static bool refuse_validate(struct fake_server *s, const struct dcp_request *req, int fd)
{
	struct dcp_error e = { .status = -ENOSPC,
			       .reason = DCP_REASON_LINK_BANDWIDTH,
			       .flags = DCP_ERROR_SHARED,
			       .link = 0,
			       .plane = -1 };

	if (req->hdr.opcode != DCP_REQ_VALIDATE)
		return false;
	snprintf(e.text, sizeof(e.text),
		 "DP-1: 2 lanes x HBR = 8.64 Gbit/s effective < 12.54 Gbit/s needed");
	fake_send(s, DCP_REPLY_ERROR, req->hdr.serial, &e);
	return true;
}

static void validate_and_commit(void **state)
{
	struct fake_server s;
	struct dcc_client *c, *other;
	struct dcc_link *dp;
	struct dcc_lease *lease;
	struct dcc_fb *fb;
	struct dcc_config *cfg;
	struct fake_server s2;
	struct dcp_request req;
	const struct dcp_output_config *o;

	fake_init(&s, 1);
	s.hook = refuse_validate;
	c = connect_fake(&s, "test-commit");
	dp = dcc_find_link(c, "DP-1");
	assert_int_equal(dcc_lease_create(c, &dp, 1, &lease), 0);
	assert_int_equal(dcc_fb_create_memfd(c, DCC_FORMAT_XRGB8888, 1920, 1080, &fb), 0);
	assert_int_equal(dcc_config_create(c, &cfg), 0);
	assert_int_equal(dcc_config_set_pixel_format(cfg, dp, DCC_ENCODING_RGB, 10), -ENOENT);
	assert_int_equal(dcc_config_set_output(cfg, dp, dcc_link_get_preferred_mode(dp), fb), 0);
	assert_int_equal(dcc_config_set_blank_color(cfg, dp, 0x102030), 0);

	assert_int_equal(dcc_validate(c, cfg, DCC_COMMIT_ALLOW_MODESET), -ENOSPC);
	assert_string_equal(dcc_last_error_reason(c), "link-bandwidth");
	assert_string_equal(dcc_last_error_text(c),
			    "DP-1: 2 lanes x HBR = 8.64 Gbit/s effective < 12.54 Gbit/s needed");

	assert_int_equal(dcc_commit_sync(c, cfg, DCC_COMMIT_ALLOW_MODESET), 0);
	req = fake_last(&s, DCP_REQ_COMMIT);
	assert_int_equal(req.config.flags, DCP_COMMIT_ALLOW_MODESET);
	assert_int_equal(req.config.output_count, 1);
	o = &req.config.outputs[0];
	assert_int_equal(o->link, 0);
	assert_int_equal(o->flags, DCP_OUTPUT_ENABLED | DCP_OUTPUT_PRIMARY);
	assert_int_equal(o->bpc, 8);
	assert_int_equal(o->blank_color, 0x102030);
	assert_int_equal(o->mode.hdisplay, 3840);
	assert_int_equal(o->mode.clock, 594000);
	assert_int_equal(o->primary.fb_id, dcc_fb_get_id(fb));
	assert_int_equal(o->primary.src_w, 1920u << 16);
	assert_int_equal(o->primary.src_h, 1080u << 16);
	assert_int_equal(o->primary.dst_w, 3840);
	assert_int_equal(o->primary.dst_h, 2160);

	/* Objects of another client are refused. */
	fake_init(&s2, 2);
	other = connect_fake(&s2, "other");
	assert_int_equal(dcc_config_set_output(cfg, dcc_find_link(other, "DP-1"),
					       dcc_link_get_preferred_mode(dp), NULL),
			 -EINVAL);
	assert_int_equal(dcc_validate(other, cfg, 0), -EINVAL);
	dcc_client_destroy(other);
	fake_fini(&s2);

	/* A destroyed framebuffer is not sent as a stale id. */
	dcc_fb_destroy(fb);
	assert_int_equal(dcc_commit_sync(c, cfg, 0), -ENOENT);
	assert_non_null(
		strstr(dcc_last_error_text(c), "DP-1: the primary framebuffer was destroyed"));
	assert_int_equal(fake_count(&s, DCP_REQ_COMMIT), 1);
	dcc_config_destroy(cfg);
	dcc_lease_destroy(lease);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

/* Answers two COMMITs in reverse order: the second OK, then the first an ERROR. */
static bool reverse_commits(struct fake_server *s, const struct dcp_request *req, int fd)
{
	static uint32_t held;

	if (req->hdr.opcode != DCP_REQ_COMMIT)
		return false;
	if (!held) {
		held = req->hdr.serial;
		return true;
	}
	fake_send(s, DCP_REPLY_OK, req->hdr.serial, NULL);
	fake_send_error(s, held, -EINVAL, DCP_REASON_MODESET_REQUIRED, 0,
			"COMMIT: DP-1 would change its mode");
	held = 0;
	return true;
}

struct commit_result {
	int order, status;
	char reason[32], text[256];
};

static int commits_done;

static void on_commit(struct dcc_client *c, int status, const char *reason, const char *text,
		      void *data)
{
	struct commit_result *r = data;

	r->order = ++commits_done;
	r->status = status;
	snprintf(r->reason, sizeof(r->reason), "%s", reason ? reason : "");
	snprintf(r->text, sizeof(r->text), "%s", text);
}

static void answers_match_requests_by_serial(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	struct dcc_link *dp;
	struct dcc_lease *lease;
	struct dcc_config *cfg;
	struct commit_result a = { 0 }, b = { 0 };

	fake_init(&s, 1);
	s.hook = reverse_commits;
	c = connect_fake(&s, "test-serials");
	dp = dcc_find_link(c, "DP-1");
	assert_int_equal(dcc_lease_create(c, &dp, 1, &lease), 0);
	assert_int_equal(dcc_config_create(c, &cfg), 0);
	assert_int_equal(dcc_config_set_output(cfg, dp, dcc_link_get_preferred_mode(dp), NULL), 0);
	commits_done = 0;
	assert_int_equal(dcc_commit(c, cfg, 0, on_commit, &a), 0);
	assert_int_equal(dcc_commit(c, cfg, DCC_COMMIT_ALLOW_MODESET, on_commit, &b), 0);
	assert_true(pump_count(c, &commits_done, 2, 2000));
	assert_int_equal(b.order, 1);
	assert_int_equal(b.status, 0);
	assert_int_equal(a.order, 2);
	assert_int_equal(a.status, -EINVAL);
	assert_string_equal(a.reason, "modeset-required");
	assert_string_equal(a.text, "COMMIT: DP-1 would change its mode");
	dcc_config_destroy(cfg);
	dcc_lease_destroy(lease);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

struct flip_log {
	int count;
	int status[4];
	uint64_t sequence[4], timestamp[4];
	void *user[4];
	struct dcc_link *link[4];
};

static struct flip_log flips;

static void on_flip(struct dcc_client *c, struct dcc_link *link, int status, uint64_t sequence,
		    uint64_t timestamp_ns, void *user_data)
{
	int i = flips.count++;

	assert_true(i < 4);
	flips.status[i] = status;
	flips.sequence[i] = sequence;
	flips.timestamp[i] = timestamp_ns;
	flips.user[i] = user_data;
	flips.link[i] = link;
}

static bool cancel_third_flip(struct fake_server *s, const struct dcp_request *req, int fd)
{
	if (req->hdr.opcode != DCP_REQ_FLIP || s->count[DCP_REQ_FLIP] != 3)
		return false;
	fake_send_error(s, req->hdr.serial, -ECANCELED, DCP_REASON_CANCELLED, 0,
			"FLIP: DP-1 was switched off");
	return true;
}

static void flips_complete_with_callbacks(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	struct dcc_link *dp;
	struct dcc_lease *lease;
	struct dcc_fb *fb[2];
	struct dcc_config *cfg;
	int tag_a, tag_b;

	fake_init(&s, 1);
	s.hook = cancel_third_flip;
	c = connect_fake(&s, "test-flips");
	dp = dcc_find_link(c, "DP-1");
	assert_int_equal(dcc_lease_create(c, &dp, 1, &lease), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(dcc_fb_create_memfd(c, DCC_FORMAT_XRGB8888, 64, 64, &fb[i]), 0);
	assert_int_equal(dcc_config_create(c, &cfg), 0);
	assert_int_equal(dcc_config_set_output(cfg, dp, dcc_link_get_preferred_mode(dp), fb[0]), 0);
	assert_int_equal(dcc_commit_sync(c, cfg, DCC_COMMIT_ALLOW_MODESET), 0);

	memset(&flips, 0, sizeof(flips));
	assert_int_equal(dcc_flip(c, dp, fb[1], DCC_FLIP_VSYNC, on_flip, &tag_a), 0);
	assert_int_equal(dcc_flip(c, dp, fb[0], DCC_FLIP_VSYNC, on_flip, &tag_b), 0);
	assert_int_equal(dcc_link_get_flips_pending(dp), 2);
	/* A third one would exceed dcd's queue: refused here, nothing sent. */
	assert_int_equal(dcc_flip(c, dp, fb[1], DCC_FLIP_VSYNC, on_flip, NULL), -EBUSY);
	assert_int_equal(dcc_flip(c, dp, NULL, DCC_FLIP_VSYNC, on_flip, NULL), -EINVAL);
	assert_true(pump_count(c, &flips.count, 2, 2000));
	assert_int_equal(flips.count, 2);
	assert_int_equal(fake_count(&s, DCP_REQ_FLIP), 2);
	assert_int_equal(dcc_link_get_flips_pending(dp), 0);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(flips.status[i], 0);
		assert_ptr_equal(flips.link[i], dp);
		assert_int_equal(flips.sequence[i], 501 + i);
		assert_true(flips.timestamp[i] == FAKE_TIME_BASE_NS + (501 + i) * FAKE_FRAME_NS);
	}
	assert_ptr_equal(flips.user[0], &tag_a);
	assert_ptr_equal(flips.user[1], &tag_b);
	assert_int_equal(fake_last(&s, DCP_REQ_FLIP).flip.fb_id, dcc_fb_get_id(fb[0]));
	assert_int_equal(fake_last(&s, DCP_REQ_FLIP).flip.flags, DCP_FLIP_VSYNC);

	/* A flip dcd cancels ends in its callback too, exactly once. */
	assert_int_equal(dcc_flip(c, dp, fb[1], DCC_FLIP_VSYNC, on_flip, &tag_a), 0);
	assert_true(pump_count(c, &flips.count, 3, 2000));
	pump_until(c, NULL, 20);
	assert_int_equal(flips.count, 3);
	assert_int_equal(flips.status[2], -ECANCELED);
	assert_int_equal(flips.sequence[2], 0);
	assert_ptr_equal(flips.user[2], &tag_a);
	assert_int_equal(dcc_link_get_flips_pending(dp), 0);

	dcc_config_destroy(cfg);
	dcc_fb_destroy(fb[0]);
	dcc_fb_destroy(fb[1]);
	dcc_lease_destroy(lease);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

static bool refuse_cursor(struct fake_server *s, const struct dcp_request *req, int fd)
{
	if (req->hdr.opcode != DCP_REQ_CURSOR_SET)
		return false;
	fake_send_error(s, req->hdr.serial, -EINVAL, DCP_REASON_CURSOR, 0,
			"CURSOR_SET: DP-1: cursor 64x64 XRGB8888, must be ARGB8888");
	return true;
}

static int errors_seen;
static char error_text[256];
static int vblanks_seen;
static uint64_t vblank_seq;
static uint32_t vblank_skipped;

static void on_error(struct dcc_client *c, int status, const char *reason, const char *text,
		     void *data)
{
	assert_int_equal(status, -EINVAL);
	assert_string_equal(reason, "cursor");
	snprintf(error_text, sizeof(error_text), "%s", text);
	errors_seen++;
}

static void on_vblank(struct dcc_client *c, struct dcc_link *link, uint64_t sequence,
		      uint64_t timestamp_ns, uint32_t skipped, void *data)
{
	assert_ptr_equal(link, data);
	vblank_seq = sequence;
	vblank_skipped = skipped;
	vblanks_seen++;
}

static void cursor_and_vblank_without_replies(void **state)
{
	struct fake_server s;
	struct dcc_client *c;
	struct dcc_link *dp;
	struct dcc_fb *cursor;
	struct dcp_request req;
	struct dcp_vblank vb = { .link = 0, .skipped = 2, .sequence = 77, .timestamp_ns = 5 };

	fake_init(&s, 1);
	s.hook = refuse_cursor;
	c = connect_fake(&s, "test-cursor");
	dp = dcc_find_link(c, "DP-1");
	dcc_set_error_handler(c, on_error, NULL);
	dcc_set_vblank_handler(c, on_vblank, dp);
	errors_seen = vblanks_seen = 0;

	assert_int_equal(dcc_cursor_move(c, dp, -5, 700), 0);
	assert_int_equal(dcc_roundtrip(c), 0);
	req = fake_last(&s, DCP_REQ_CURSOR_MOVE);
	assert_true(req.hdr.flags & DCP_HEADER_NO_REPLY);
	assert_int_equal(req.cursor_move.x, -5);
	assert_int_equal(req.cursor_move.y, 700);

	assert_int_equal(dcc_fb_create_memfd(c, DCC_FORMAT_XRGB8888, 64, 64, &cursor), 0);
	assert_int_equal(dcc_cursor_set(c, dp, cursor, 3, 4), 0);
	assert_int_equal(dcc_roundtrip(c), 0);
	req = fake_last(&s, DCP_REQ_CURSOR_SET);
	assert_true(req.hdr.flags & DCP_HEADER_NO_REPLY);
	assert_int_equal(req.cursor_set.hot_y, 4);
	pump_until(c, NULL, 20);
	assert_int_equal(errors_seen, 1);
	assert_non_null(strstr(error_text, "must be ARGB8888"));

	/* VBLANK events reach the handler only while subscribed. */
	fake_send(&s, DCP_EVENT_VBLANK, 0, &vb);
	pump_until(c, NULL, 20);
	assert_int_equal(vblanks_seen, 0);
	assert_int_equal(dcc_vblank_subscribe(c, dp, true), 0);
	assert_int_equal(dcc_roundtrip(c), 0);
	req = fake_last(&s, DCP_REQ_VBLANK_SUBSCRIBE);
	assert_true(req.vblank_subscribe.enable);
	assert_true(req.hdr.flags & DCP_HEADER_NO_REPLY);
	fake_send(&s, DCP_EVENT_VBLANK, 0, &vb);
	pump_until(c, NULL, 20);
	assert_int_equal(vblanks_seen, 1);
	assert_int_equal(vblank_seq, 77);
	assert_int_equal(vblank_skipped, 2);
	dcc_fb_destroy(cursor);
	dcc_client_destroy(c);
	fake_fini(&s);
	(void)state;
}

#ifndef ASAN_BUILD
/* COMMITs stay unanswered, so each keeps an entry in the client's table. */
static bool swallow_commits(struct fake_server *s, const struct dcp_request *req, int fd)
{
	return req->hdr.opcode == DCP_REQ_COMMIT;
}
#endif

/*
 * Out of memory for the table of requests in flight: the flip (and the
 * commit) is refused with ENOMEM and never sent. Sent first, dcd would
 * flip and answer a request nobody tracks.
 */
static void out_of_memory_sends_nothing(void **state)
{
#ifdef ASAN_BUILD
	skip(); /* the AddressSanitizer runtime owns realloc */
#else
	struct fake_server s;
	struct dcc_client *c;
	struct dcc_link *dp;
	struct dcc_lease *lease;
	struct dcc_fb *fb;
	struct dcc_config *cfg;
	unsigned commits = 0;
	int r = 0;

	fake_init(&s, 1);
	s.hook = swallow_commits;
	c = connect_fake(&s, "test-enomem");
	dp = dcc_find_link(c, "DP-1");
	assert_int_equal(dcc_lease_create(c, &dp, 1, &lease), 0);
	assert_int_equal(dcc_fb_create_memfd(c, DCC_FORMAT_XRGB8888, 64, 64, &fb), 0);
	assert_int_equal(dcc_config_create(c, &cfg), 0);
	assert_int_equal(dcc_config_set_output(cfg, dp, dcc_link_get_preferred_mode(dp), fb), 0);
	assert_int_equal(dcc_roundtrip(c), 0);
	/* Commits fill the table until growing it fails: that commit is not sent. */
	realloc_fails = true;
	realloc_refused = 0;
	while (commits < 256 && (r = dcc_commit(c, cfg, DCC_COMMIT_ALLOW_MODESET, NULL, NULL)) == 0)
		commits++;
	assert_int_equal(r, -ENOMEM);
	assert_int_equal(realloc_refused, 1);
	/* the table is full: the flip cannot be tracked, so it is not sent */
	assert_int_equal(dcc_flip(c, dp, fb, DCC_FLIP_VSYNC, NULL, NULL), -ENOMEM);
	assert_int_equal(realloc_refused, 2);
	realloc_fails = false;
	assert_int_equal(dcc_link_get_flips_pending(dp), 0);
	assert_int_equal(dcc_roundtrip(c), 0);
	assert_int_equal(fake_count(&s, DCP_REQ_COMMIT), commits);
	assert_int_equal(fake_count(&s, DCP_REQ_FLIP), 0);
	/* with memory again a flip goes out and is tracked */
	assert_int_equal(dcc_flip(c, dp, fb, DCC_FLIP_VSYNC, NULL, NULL), 0);
	assert_int_equal(dcc_link_get_flips_pending(dp), 1);
	dcc_config_destroy(cfg);
	dcc_client_destroy(c);
	fake_fini(&s);
#endif
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(leases),
		cmocka_unit_test(memfd_framebuffers),
		cmocka_unit_test(kms_leases),
		cmocka_unit_test(allocated_framebuffers),
		cmocka_unit_test(validate_and_commit),
		cmocka_unit_test(answers_match_requests_by_serial),
		cmocka_unit_test(flips_complete_with_callbacks),
		cmocka_unit_test(out_of_memory_sends_nothing),
		cmocka_unit_test(cursor_and_vblank_without_replies),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
