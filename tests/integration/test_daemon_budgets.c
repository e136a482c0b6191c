/*
 * A client can only hurt itself (issue 12): the attacks a hostile local
 * user tried against a live dcd, each refused while a compositor keeps
 * flipping.
 *
 *  - a client that may not lease floods FB_CREATE with sparse 4 GiB
 *    memfds: refused (EPERM), the compositor misses no frame and can still
 *    create framebuffers;
 *  - a lessee runs into its byte budgets, per client and per uid, and the
 *    refusal names the budget and the numbers;
 *  - connections that never send HELLO: at most max_clients_per_uid of
 *    them per uid, dropped at the handshake deadline; a compositor of
 *    another uid gets in meanwhile.
 *
 * The compositor is uid 65534 (nobody: root would be an admin, who sees
 * every output) and the attacker uid 65533, so the tests of two users need
 * root (they are skipped, and say so, without it): connections are made
 * with those effective uids, which is what SO_PEERCRED records at
 * connect(); the daemon runs as root.
 */
#include <errno.h>
#include <poll.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "dct.h"
#include "dct_flipper.h"

#define NOBODY	  65534 /* the compositor: may lease */
#define ATTACKER  65533 /* may not */
#define ATTACKERS 5

struct fixture {
	struct dct_daemon d;
	struct dcp_server_msg *msg;
};

static struct fixture *start(const char *config)
{
	struct fixture *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	f->msg = malloc(sizeof(*f->msg));
	assert_non_null(f->msg);
	assert_int_equal(dct_daemon_start(&f->d, NULL, config, NULL), 0);
	/* The daemon's directory is 0700: let the other uid reach the socket. */
	assert_int_equal(chmod(f->d.dir, 0755), 0);
	return f;
}

static void stop(struct fixture *f)
{
	assert_true(dct_daemon_alive(&f->d));
	assert_int_equal(dct_daemon_stop(&f->d), 0);
	dct_daemon_cleanup(&f->d, false);
	free(f->msg);
	free(f);
}

/* Connects (raw: without HELLO) with effective uid uid, as an attacker would. */
static int connect_as(uid_t uid, const char *path, bool raw, struct dct_client **c)
{
	int r;

	if (uid != geteuid() && seteuid(uid) < 0)
		return -errno;
	r = raw ? dct_connect_raw(path, c) : dct_connect(path, "attacker", c);
	if (geteuid() != 0 && seteuid(0) < 0 && r == 0)
		r = -errno;
	return r;
}

/*
 * FB_CREATE of a width x height XRGB8888 layout (rows 256-byte aligned)
 * on a sealed memfd of that size, sparse: it costs the sender nothing.
 */
static int fb_create(struct dct_client *c, uint32_t width, uint32_t height,
		     struct dcp_server_msg *msg)
{
	struct dcp_fb_create fb = { .format = DRM_FORMAT_XRGB8888,
				    .modifier = DRM_FORMAT_MOD_LINEAR,
				    .width = width,
				    .height = height };
	int fd, r;

	fb.pitches[0] = (width * 4 + 255) & ~255u;
	fd = dct_memfd((size_t)fb.pitches[0] * height, true);
	if (fd < 0)
		return fd;
	r = dct_call(c, DCP_REQ_FB_CREATE, &fb, fd, msg);
	close(fd);
	return r;
}

static void start_compositor(struct fixture *f, struct dct_flipper *fl)
{
	struct dct_flipper_opts o = { .socket = f->d.socket,
				      .name = "compositor",
				      .link_name = "DP-1",
				      .width = 720,
				      .height = 480,
				      .flips = 240,
				      .ready_after = 20,
				      .tolerance_ns = 200000 };

	/* the forked client keeps the effective uid */
	assert_int_equal(seteuid(NOBODY), 0);
	assert_int_equal(dct_flipper_start(&o, fl), 0);
	assert_int_equal(seteuid(0), 0);
	assert_int_equal(dct_flipper_wait_ready(fl), 0);
}

static void compositor_unharmed(struct fixture *f, struct dct_flipper *fl)
{
	struct dct_flipper_report r;

	assert_int_equal(dct_flipper_stop(fl, &r), 0);
	assert_int_equal(r.failed, 0);
	assert_int_equal(r.flips, 240);
	/* no frame missed while the attack ran */
	assert_int_equal(dct_flipper_dcd_gaps(&f->d, &r), 0);
	assert_int_equal(r.last_seq - r.first_seq, 239 + r.missed);
}

/* uid 65533 may not lease: no scanout memory for it, however many connections. */
static void test_non_lessee_flood(void **state)
{
	struct dct_client *att[ATTACKERS], *c;
	struct dct_flipper fl;
	struct fixture *f;
	uint32_t id;

	if (geteuid() != 0)
		skip();
	f = start("{ \"lease\": { \"users\": [ 65534 ] }, \"socket\": { \"mode\": \"0666\" } }");
	start_compositor(f, &fl);
	for (unsigned i = 0; i < ATTACKERS; i++) {
		assert_int_equal(connect_as(ATTACKER, f->d.socket, false, &att[i]), 0);
		/* 16384 x 16383, pitch 256 KiB: 4 GiB - 256 KiB each */
		for (unsigned k = 0; k < 4; k++) {
			assert_int_equal(fb_create(att[i], 16384, 16383, f->msg), -EPERM);
			assert_int_equal(f->msg->error.reason, DCP_REASON_PERMISSION);
			assert_non_null(strstr(f->msg->error.text, "uid 65533 may not lease"));
		}
	}
	/* the compositor's uid still gets its buffers */
	assert_int_equal(connect_as(NOBODY, f->d.socket, false, &c), 0);
	assert_int_equal(dct_fb_create(c, DRM_FORMAT_XRGB8888, 720, 480, 0, &id), 0);
	compositor_unharmed(f, &fl);
	for (unsigned i = 0; i < ATTACKERS; i++)
		dct_close(att[i]);
	dct_close(c);
	stop(f);
}

/*
 * A lessee's bytes: 720x480 rows of 3072 bytes is 1.4 MiB a buffer. Its
 * client budget of 4 MiB takes two; its uid's 5 MiB three over two
 * connections. The refusals say whose budget, how full and how much more.
 */
static void test_byte_budgets(void **state)
{
	char cfg[256];
	struct dct_client *a, *b;
	struct fixture *f;

	snprintf(cfg, sizeof(cfg),
		 "{ \"lease\": { \"users\": [ %u ] }, \"limits\": { \"max_framebuffer_bytes\": "
		 "4194304, \"max_framebuffer_bytes_per_uid\": 5242880 } }",
		 (unsigned)geteuid());
	f = start(cfg);
	assert_int_equal(dct_connect(f->d.socket, "a", &a), 0);
	assert_int_equal(dct_connect(f->d.socket, "b", &b), 0);
	assert_int_equal(fb_create(a, 720, 480, f->msg), 0);
	assert_int_equal(fb_create(a, 720, 480, f->msg), 0);
	assert_int_equal(fb_create(a, 720, 480, f->msg), -EDQUOT);
	assert_int_equal(f->msg->error.reason, DCP_REASON_LIMIT);
	assert_non_null(strstr(f->msg->error.text,
			       "2 framebuffers use 2.8 MiB of its 4 MiB "
			       "(max_framebuffer_bytes); this one needs 1.4 MiB"));
	/* a cursor still fits the client's budget */
	assert_int_equal(fb_create(a, 64, 64, f->msg), 0);
	/* the other connection of the same uid: one more, then the uid's budget */
	assert_int_equal(fb_create(b, 720, 480, f->msg), 0);
	assert_int_equal(fb_create(b, 720, 480, f->msg), -EDQUOT);
	assert_non_null(strstr(f->msg->error.text, "4 framebuffers of 2 connections use 4.2 MiB "
						   "of its 5 MiB (max_framebuffer_bytes_per_uid)"));
	/* the buffers of a connection that went are given back */
	dct_close(a);
	assert_true(dct_log_wait(&f->d, "\"a\"): disconnected", DCT_TIMEOUT_MS));
	assert_int_equal(fb_create(b, 720, 480, f->msg), 0);
	dct_close(b);
	stop(f);
}

/*
 * Connections without HELLO: at most 4 of one uid, each dropped 300 ms
 * after it came; the flipping compositor is unaffected, root gets in while
 * they are held, and the attacker's uid gets in again once they are gone.
 */
static void test_hello_less_slots(void **state)
{
	struct dct_client *raw[8], *c;
	struct dct_flipper fl;
	struct fixture *f;
	bool root = geteuid() == 0;
	uid_t att = root ? ATTACKER : geteuid();
	char cfg[256];
	uint64_t t0;

	snprintf(cfg, sizeof(cfg),
		 "{ \"lease\": { \"users\": [ %u ] }, \"socket\": { \"mode\": \"0666\" }, "
		 "\"limits\": { \"max_clients_per_uid\": 4, \"handshake_timeout_ms\": 300 } }",
		 root ? NOBODY : (unsigned)geteuid());
	f = start(cfg);
	if (root)
		start_compositor(f, &fl);
	t0 = dct_now_ns();
	for (unsigned i = 0; i < 8; i++)
		assert_int_equal(connect_as(att, f->d.socket, true, &raw[i]), 0);
	/* the fifth and later are closed at accept */
	for (unsigned i = 4; i < 8; i++)
		assert_int_equal(dct_wait_eof(raw[i], DCT_TIMEOUT_MS), 0);
	assert_true(dct_log_wait(&f->d, "it has 4 connections of its 4 (limit max_clients_per_uid)",
				 DCT_TIMEOUT_MS));
	if (root) {
		/* another uid is not affected by the attacker's slots */
		assert_int_equal(dct_connect(f->d.socket, "root-compositor", &c), 0);
		dct_close(c);
	}
	/* the four held ones go at the deadline, not before */
	for (unsigned i = 0; i < 4; i++)
		assert_int_equal(dct_wait_eof(raw[i], DCT_TIMEOUT_MS), 0);
	assert_true(dct_now_ns() - t0 >= 300000000ull);
	assert_true(dct_log_wait_count(&f->d, "no HELLO within 300 ms", 4, DCT_TIMEOUT_MS));
	/* slots freed: the same uid connects again, and a HELLO in time keeps it */
	assert_int_equal(connect_as(att, f->d.socket, false, &c), 0);
	poll(NULL, 0, 400);
	assert_int_equal(dct_call(c, DCP_REQ_SYNC, NULL, -1, f->msg), 0);
	dct_close(c);
	if (root)
		compositor_unharmed(f, &fl);
	for (unsigned i = 0; i < 8; i++)
		dct_close(raw[i]);
	stop(f);
}

/* A socket dcd creates itself: mode and group from the configuration. */
static void test_socket_mode(void **state)
{
	struct fixture *f;
	struct stat st;
	char cfg[128];

	f = start(NULL);
	assert_int_equal(stat(f->d.socket, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0660);
	stop(f);
	snprintf(cfg, sizeof(cfg), "{ \"socket\": { \"mode\": \"0600\", \"group\": %u } }",
		 (unsigned)getegid());
	f = start(cfg);
	assert_int_equal(stat(f->d.socket, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(st.st_gid, getegid());
	stop(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_non_lessee_flood),
		cmocka_unit_test(test_byte_budgets),
		cmocka_unit_test(test_hello_less_slots),
		cmocka_unit_test(test_socket_mode),
	};
	/* As dct_drop_root (dct.h), staying root for the tests of two users:
	 * the compositor inherits SCHED_RR, the daemon (started as root) goes
	 * above it, so a frame missed because the machine is busy is not what
	 * is measured. */
	if (!dct_real_time(DCT_RT_CLIENT))
		fprintf(stderr, "not root: the tests of two users are skipped\n");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
