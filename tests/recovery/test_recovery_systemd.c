/*
 * dcd as systemd starts it, with systemd's own socket-activation tool:
 * `systemd-socket-activate --seqpacket -l PATH --fdname=client dcd ...`
 * binds the socket and starts dcd when the first client connects. The
 * test checks that dcd serves that very socket (the client's connection,
 * made before dcd ran, is answered; dcd says so; it creates no socket of
 * its own and leaves the file in place when it stops), and plays
 * systemd's notify socket: READY=1 with a STATUS= line, STATUS= following
 * leases and commits, WATCHDOG=1 every half interval of $WATCHDOG_USEC,
 * FDSTORE=1 for a framebuffer once it goes on a plane (not at FB_CREATE)
 * with the buffer's own descriptor (its pixels read through the received
 * fd), FDSTOREREMOVE=1 when a framebuffer's memory goes, STOPPING=1 and
 * exit 0 on SIGTERM. And the store as a budget: the unit's
 * FileDescriptorStoreMax is never passed, however many buffers clients
 * create and flip.
 */
#include <errno.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "rct.h"

#define COLOR 0x00336699u

static bool has_status(struct rct *t, void *text)
{
	return strstr(t->sd.status, text) != NULL;
}

static bool has_stored_fbs(struct rct *t, void *n)
{
	return fsd_stored_count(&t->sd, "fb-") == *(unsigned *)n;
}

static bool watchdogs_reached(struct rct *t, void *n)
{
	return t->sd.watchdogs >= *(unsigned *)n;
}

/* The first pixel of the buffer behind a stored fd. */
static uint32_t first_pixel(int fd)
{
	struct stat sb;
	uint32_t px;
	void *p;

	assert_int_equal(fstat(fd, &sb), 0);
	assert_true(sb.st_size >= 720 * 480 * 4);
	p = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_SHARED, fd, 0);
	assert_true(p != MAP_FAILED);
	px = *(const uint32_t *)p;
	munmap(p, (size_t)sb.st_size);
	return px;
}

static void test_socket_activation_and_notify(void **state)
{
	static struct dcp_server_msg msg;
	char notify_env[160], xdg_env[160], xdg[140], name[32];
	const char *argv[32];
	struct dct_client *c = NULL;
	uint32_t link, lease, fbs[2];
	unsigned argc = 0, two = 2, one = 1, dogs;
	uint64_t t0, t1;
	struct rct t;
	int status, id;

	(void)state;
	assert_int_equal(rct_setup(&t), 0);
	/* systemd-socket-activate binds the socket itself */
	close(t.sd.listen_fd);
	t.sd.listen_fd = -1;
	unlink(t.d.socket);
	snprintf(xdg, sizeof(xdg), "%s/xdg", t.d.dir);
	assert_int_equal(mkdir(xdg, 0700), 0);
	snprintf(notify_env, sizeof(notify_env), "NOTIFY_SOCKET=%s", t.sd.notify_path);
	snprintf(xdg_env, sizeof(xdg_env), "XDG_RUNTIME_DIR=%s", xdg);
	argv[argc++] = "/usr/bin/systemd-socket-activate";
	argv[argc++] = "--seqpacket";
	argv[argc++] = "-l";
	argv[argc++] = t.d.socket;
	argv[argc++] = "--fdname=client";
	argv[argc++] = "-E";
	argv[argc++] = notify_env;
	argv[argc++] = "-E";
	argv[argc++] = "WATCHDOG_USEC=200000";
	argv[argc++] = "-E";
	argv[argc++] = xdg_env;
	argv[argc++] = getenv("DCD_BINARY");
	argv[argc++] = "--sim";
	argv[argc++] = t.scenario;
	argv[argc++] = "--state-dir";
	argv[argc++] = t.d.dir;
	argv[argc++] = "--config";
	argv[argc++] = t.config;
	argv[argc++] = "--verbose";
	argv[argc++] = "--bus";
	argv[argc++] = "none";
	argv[argc] = NULL;
	t.d.pid = fsd_spawn(&t.sd, argv, t.d.log, NULL);
	assert_true(t.d.pid > 0);
	DCT_WAIT_UNTIL(access(t.d.socket, F_OK) == 0 || !dct_daemon_alive(&t.d), DCT_TIMEOUT_MS);
	assert_int_equal(access(t.d.socket, F_OK), 0);

	/* the connection starts dcd, which answers it on the socket it was given */
	assert_int_equal(t.sd.ready, 0);
	assert_int_equal(dct_connect(t.d.socket, "activated", &c), 0);
	assert_true(rct_wait(&t, has_status, "0 outputs lit", DCT_TIMEOUT_MS));
	assert_int_equal(t.sd.ready, 1);
	assert_true(dct_log_wait(&t.d, "(socket activation)", DCT_TIMEOUT_MS));
	assert_true(dct_log_count(&t.d, "systemd passed 1 descriptor (the client socket") == 1);
	assert_int_equal(access(xdg, F_OK), 0);
	{
		char own[200];

		snprintf(own, sizeof(own), "%s/dcd.sock", xdg);
		assert_int_equal(access(own, F_OK), -1); /* no socket of its own */
	}

	/* a lease and a commit show in STATUS=; framebuffers go to the fd store
	 * when they go on a plane */
	id = dct_link_id(c, "DP-1");
	assert_true(id >= 0);
	link = (uint32_t)id;
	assert_int_equal(dct_lease(c, &link, 1, &lease), 0);
	assert_true(rct_wait(&t, has_status, "1 client, 1 leased", DCT_TIMEOUT_MS));
	for (unsigned i = 0; i < 2; i++)
		assert_int_equal(
			dct_fb_create(c, DRM_FORMAT_XRGB8888, 720, 480, COLOR + i, &fbs[i]), 0);
	assert_int_equal(dct_call(c, DCP_REQ_SYNC, NULL, -1, &msg), 0);
	fsd_pump(&t.sd, 100);
	assert_int_equal(t.sd.fb_fds_received, 0);
	assert_int_equal(dct_commit_one(c, link, NULL, fbs[0], DCP_COMMIT_ALLOW_MODESET, &msg), 0);
	assert_true(rct_wait(&t, has_status, "1 output lit, 1 client, 1 leased", DCT_TIMEOUT_MS));
	assert_true(rct_wait(&t, has_stored_fbs, &one, DCT_TIMEOUT_MS));
	assert_int_equal(dct_call(c, DCP_REQ_FLIP,
				  &(struct dcp_flip){
					  .link = link, .fb_id = fbs[1], .flags = DCP_FLIP_VSYNC },
				  -1, &msg),
			 0);
	assert_true(rct_wait(&t, has_stored_fbs, &two, DCT_TIMEOUT_MS));
	assert_int_equal(t.sd.fb_fds_received, 2);
	for (unsigned i = 0; i < 2; i++) {
		snprintf(name, sizeof(name), "fb-%u", fbs[i]);
		assert_true(fsd_stored_fd(&t.sd, name) >= 0);
		assert_int_equal(first_pixel(fsd_stored_fd(&t.sd, name)), COLOR + i);
	}
	/* a framebuffer nobody shows any more leaves the store; the one on screen stays */
	assert_int_equal(dct_call(c, DCP_REQ_FLIP,
				  &(struct dcp_flip){
					  .link = link, .fb_id = fbs[0], .flags = DCP_FLIP_VSYNC },
				  -1, &msg),
			 0);
	assert_int_equal(
		dct_call(c, DCP_REQ_FB_DESTROY, &(struct dcp_fb_destroy){ fbs[1] }, -1, &msg), 0);
	assert_true(rct_wait(&t, has_stored_fbs, &one, DCT_TIMEOUT_MS));
	snprintf(name, sizeof(name), "fb-%u", fbs[0]);
	assert_true(fsd_stored_fd(&t.sd, name) >= 0);
	assert_true(t.sd.fdstore_removes >= 1);

	/* the watchdog: every 100 ms (half of WATCHDOG_USEC) from the loop */
	dogs = t.sd.watchdogs + 10;
	t0 = dct_now_ns();
	assert_true(rct_wait(&t, watchdogs_reached, &dogs, DCT_TIMEOUT_MS));
	t1 = dct_now_ns();
	printf("10 WATCHDOG=1 in %.0f ms\n", (double)(t1 - t0) / 1e6);
	assert_true(t1 - t0 >= 700000000ull); /* not a burst: paced by the interval */

	/* SIGTERM: STOPPING=1, exit 0, the socket file stays (it is systemd's) */
	dct_close(c);
	kill(t.d.pid, SIGTERM);
	assert_int_equal(waitpid(t.d.pid, &status, 0), t.d.pid);
	t.d.pid = -1;
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	fsd_pump(&t.sd, 100);
	assert_int_equal(t.sd.stopping, 1);
	assert_int_equal(access(t.d.socket, F_OK), 0);
	rct_teardown(&t, false);
}

/* Without $NOTIFY_SOCKET nothing is sent and nothing is stored. */
static void test_no_systemd_no_notify(void **state)
{
	struct dct_daemon d;

	(void)state;
	assert_int_equal(dct_daemon_start(&d, NULL, NULL, NULL), 0);
	assert_int_equal(dct_log_count(&d, "systemd passed"), 0);
	assert_int_equal(dct_log_count(&d, "sd_notify"), 0);
	assert_int_equal(dct_log_count(&d, "watchdog"), 0);
	assert_int_equal(dct_daemon_stop(&d), 0);
	dct_daemon_cleanup(&d, false);
}

/*
 * A FLIP of fb on link, answered by its FLIP_DONE, with the notify socket
 * read meanwhile as systemd reads it: dcd's FDSTORE messages must not
 * fill its queue.
 */
static int flip(struct rct *t, struct dct_client *c, uint32_t link, uint32_t fb,
		struct dcp_server_msg *msg)
{
	struct dcp_flip fl = { .link = link, .fb_id = fb, .flags = DCP_FLIP_VSYNC };
	uint64_t end = dct_now_ns() + DCT_TIMEOUT_MS * 1000000ull;
	int serial = dct_send(c, DCP_REQ_FLIP, 0, &fl, -1), r = -ETIMEDOUT;

	if (serial < 0)
		return serial;
	while (r == -ETIMEDOUT && dct_now_ns() < end) {
		fsd_pump(&t->sd, 0);
		r = dct_wait_reply(c, (uint32_t)serial, msg, 5);
	}
	return r;
}

/* A lessee of link_name showing the first of n new framebuffers. */
static struct dct_client *lit(struct rct *t, const char *name, const char *link_name,
			      uint32_t *link, uint32_t *fbs, unsigned n, struct dcp_server_msg *msg)
{
	struct dct_client *c;
	int id;

	assert_int_equal(dct_connect(t->d.socket, name, &c), 0);
	id = dct_link_id(c, link_name);
	assert_true(id >= 0);
	*link = (uint32_t)id;
	assert_int_equal(dct_lease(c, link, 1, NULL), 0);
	for (unsigned i = 0; i < n; i++)
		assert_int_equal(
			dct_fb_create(c, DRM_FORMAT_XRGB8888, 720, 480, COLOR + i, &fbs[i]), 0);
	assert_int_equal(dct_commit_one(c, *link, NULL, fbs[0], DCP_COMMIT_ALLOW_MODESET, msg), 0);
	return c;
}

/*
 * Another client cannot push a compositor's picture out of the fd store:
 * it creates 64 framebuffers and flips through all of them, which used to
 * put 64 + 3 fds into a store of 64 (systemd closed the rest). Now the
 * store never overflows, the flooder has its share (8), and after a crash
 * the compositor's picture comes back.
 */
static void test_fdstore_budget(void **state)
{
	static struct dcp_server_msg msg;
	struct dct_client *a, *b;
	uint32_t la, lb, fa[2], fb[64];
	unsigned fbs;
	struct rct t;
	char name[32];

	(void)state;
	assert_int_equal(rct_setup(&t), 0);
	/* what the real unit has, not a number of the test's */
	assert_int_equal(t.sd.limit, 64);
	assert_int_equal(rct_start(&t, NULL), 0);
	assert_true(dct_log_wait(&t.d, "fd store: 64 descriptors ($FDSTORE), 8 per client",
				 DCT_TIMEOUT_MS));
	a = lit(&t, "compositor", "DP-1", &la, fa, 2, &msg);
	assert_int_equal(flip(&t, a, la, fa[1], &msg), 0);
	b = lit(&t, "flooder", "HDMI-A-1", &lb, fb, 64, &msg);
	for (unsigned i = 1; i < 64; i++)
		assert_int_equal(flip(&t, b, lb, fb[i], &msg), 0);
	fsd_pump(&t.sd, 100);
	printf("fd store: at most %u of %u held, %u dropped, %u framebuffers now\n", t.sd.most,
	       t.sd.limit, t.sd.dropped, fsd_stored_count(&t.sd, "fb-"));
	assert_int_equal(t.sd.dropped, 0);
	fbs = fsd_stored_count(&t.sd, "fb-");
	/* the compositor's two and the flooder's share */
	assert_true(fbs <= 2 + 8);
	for (unsigned i = 0; i < 2; i++) {
		snprintf(name, sizeof(name), "fb-%u", fa[i]);
		assert_true(fsd_stored_fd(&t.sd, name) >= 0);
	}
	/* what each shows now is stored; a crash brings DP-1's picture back */
	snprintf(name, sizeof(name), "fb-%u", fb[63]);
	assert_true(fsd_stored_fd(&t.sd, name) >= 0);
	assert_int_equal(dct_log_count(&t.d, "recovery would be partial"), 0);
	rct_kill(&t);
	dct_close(a);
	dct_close(b);
	assert_int_equal(rct_start(&t, NULL), 0);
	snprintf(name, sizeof(name), "fd store: fb-%u mapped again", fa[1]);
	assert_true(dct_log_wait(&t.d, name, DCT_TIMEOUT_MS));
	snprintf(name, sizeof(name), "fd store: fb-%u mapped again", fb[63]);
	assert_true(dct_log_wait(&t.d, name, DCT_TIMEOUT_MS));
	assert_int_equal(dct_log_count(&t.d, "did not hand it back"), 0);
	rct_teardown(&t, false);
}

/* A share too small for what is on screen: said in the log, nothing sent past it. */
static void test_fdstore_partial(void **state)
{
	static struct dcp_server_msg msg;
	struct dct_client *a;
	uint32_t la, fa[2];
	struct rct t;

	(void)state;
	assert_int_equal(rct_setup(&t), 0);
	assert_int_equal(dct_write_file(&t.d, "dcd.json",
					"{ \"lease\": { \"users\": [ 65534, 0 ] }, \"limits\": "
					"{ \"max_stored_framebuffers\": 1 } }",
					t.config, sizeof(t.config)),
			 0);
	assert_int_equal(rct_start(&t, NULL), 0);
	a = lit(&t, "compositor", "DP-1", &la, fa, 2, &msg);
	/* fa[0] is on screen while fa[1] is pending: no room for fa[1] */
	assert_int_equal(flip(&t, a, la, fa[1], &msg), 0);
	assert_true(dct_log_wait(&t.d, "recovery would be partial", DCT_TIMEOUT_MS));
	assert_true(dct_log_wait(&t.d,
				 "the client's 1 of max_stored_framebuffers are all on screen",
				 DCT_TIMEOUT_MS));
	fsd_pump(&t.sd, 100);
	assert_int_equal(fsd_stored_count(&t.sd, "fb-"), 1);
	dct_close(a);
	rct_teardown(&t, false);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_socket_activation_and_notify),
		cmocka_unit_test(test_no_systemd_no_notify),
		cmocka_unit_test(test_fdstore_budget),
		cmocka_unit_test(test_fdstore_partial),
	};

	if (access("/usr/bin/systemd-socket-activate", X_OK) < 0) {
		printf("SKIP: systemd-socket-activate is not installed (package systemd)\n");
		return 77;
	}
	unsetenv("NOTIFY_SOCKET");
	if (dct_drop_root() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
