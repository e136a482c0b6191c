/*
 * Restart grace (docs/protocol.md, "After a daemon restart"): after dcd
 * restarts, the outputs it adopted are held for the client that leased
 * them (the same uid and HELLO name) for restart_grace_ms. Another client
 * sees them `reserved` and gets EBUSY "reserved" when it asks; the
 * compositor sees them free and takes them back; what nobody comes back
 * for is released when the period ends, and then anyone may lease it.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <drm_fourcc.h>

#include "rct.h"

#define GRACE_MS 1500

static struct dcp_server_msg msg;
static struct dcp_link_info infos[DCP_MAX_LINKS];

/* DP-1's lease state as c sees it. */
static int dp1_state(struct dct_client *c)
{
	unsigned n;

	assert_int_equal(dct_topology(c, infos, DCP_MAX_LINKS, &n), 0);
	for (unsigned i = 0; i < n; i++) {
		if (!strcmp(infos[i].name, "DP-1"))
			return infos[i].lease_state;
	}
	return -1;
}

/* name leases DP-1 and shows a framebuffer on it. */
static struct dct_client *compositor(struct rct *t, const char *name, uint32_t *link)
{
	struct dct_client *c;
	uint32_t fb;
	int id;

	assert_int_equal(dct_connect(t->d.socket, name, &c), 0);
	id = dct_link_id(c, "DP-1");
	assert_true(id >= 0);
	*link = (uint32_t)id;
	assert_int_equal(dct_lease(c, link, 1, NULL), 0);
	assert_int_equal(dct_fb_create(c, DRM_FORMAT_XRGB8888, 720, 480, 0x00204080, &fb), 0);
	assert_int_equal(dct_commit_one(c, *link, NULL, fb, DCP_COMMIT_ALLOW_MODESET, &msg), 0);
	return c;
}

static void test_grace(void **state)
{
	struct dct_client *a, *b;
	struct rct t;
	uint32_t link;
	char cfg[160];
	uint64_t t0;

	(void)state;
	assert_int_equal(rct_setup(&t), 0);
	snprintf(cfg, sizeof(cfg), "{ \"lease\": { \"users\": [ %u ] }, \"restart_grace_ms\": %u }",
		 (unsigned)geteuid(), GRACE_MS);
	assert_int_equal(dct_write_file(&t.d, "dcd.json", cfg, t.config, sizeof(t.config)), 0);
	assert_int_equal(rct_start(&t, NULL), 0);
	a = compositor(&t, "compositor", &link);

	/* a crash: the compositor's connection goes with it */
	rct_kill(&t);
	dct_close(a);
	assert_int_equal(rct_start(&t, NULL), 0);
	t0 = dct_now_ns();
	assert_true(dct_log_wait(&t.d, "DP-1: reserved for 1500 ms", DCT_TIMEOUT_MS));
	/* another client, same uid, another name: reserved, and refused */
	assert_int_equal(dct_connect(t.d.socket, "intruder", &b), 0);
	assert_int_equal(dp1_state(b), DCP_LEASE_RESERVED);
	assert_int_equal(dct_lease(b, &link, 1, NULL), -EBUSY);
	assert_int_equal(dct_call(b, DCP_REQ_LEASE_REQUEST,
				  &(struct dcp_lease_request){ .link_count = 1, .links = { link } },
				  -1, &msg),
			 -EBUSY);
	assert_int_equal(msg.error.reason, DCP_REASON_LEASE_BUSY);
	assert_non_null(strstr(msg.error.text, "reserved for its lessee"));
	assert_null(strstr(msg.error.text, "compositor"));
	/* the compositor comes back: free to it, and its own again */
	assert_int_equal(dct_connect(t.d.socket, "compositor", &a), 0);
	assert_int_equal(dp1_state(a), DCP_LEASE_FREE);
	assert_int_equal(dct_lease(a, &link, 1, NULL), 0);
	assert_true(dct_now_ns() - t0 < GRACE_MS * 1000000ull);
	assert_int_equal(dp1_state(b), DCP_LEASE_OTHER);

	/* a second crash, and this time nobody comes back within the period */
	rct_kill(&t);
	dct_close(a);
	dct_close(b);
	assert_int_equal(rct_start(&t, NULL), 0);
	t0 = dct_now_ns();
	assert_int_equal(dct_connect(t.d.socket, "intruder", &b), 0);
	assert_int_equal(dct_lease(b, &link, 1, NULL), -EBUSY);
	assert_true(
		dct_log_wait(&t.d, "DP-1: the restart grace of 1500 ms is over", DCT_TIMEOUT_MS));
	assert_true(dct_now_ns() - t0 >= (GRACE_MS - 100) * 1000000ull);
	assert_int_equal(dp1_state(b), DCP_LEASE_FREE);
	assert_int_equal(dct_lease(b, &link, 1, NULL), 0);
	dct_close(b);
	rct_teardown(&t, false);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grace),
	};

	unsetenv("NOTIFY_SOCKET");
	if (dct_drop_root() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
