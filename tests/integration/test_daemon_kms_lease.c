/*
 * KMS leases (protocol 1.2) through a live dcd on the simulated engine,
 * which drives Display Core: WELCOME offers no KMS_LEASES, and
 * KMS_LEASE_REQUEST is refused with EOPNOTSUPP and the sentence saying
 * why (the refusal path; the grant is proven on real kernels in suite
 * kms, guest-dcd-lease.sh). A 1.1 client's request is refused as not of
 * its protocol, not fatally. The lease budget (limits.max_leases) and who
 * learns a lease's holder (an admin, not another client) hold for the
 * leases both kinds share.
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

static void start(struct fixture *f, bool admin)
{
	char cfg[256];

	snprintf(cfg, sizeof(cfg),
		 "{ \"lease\": { \"users\": [ %u ] }, \"kms_lease\": { \"users\": [ %u ] },"
		 " \"admin\": { \"users\": [ %u ] }, \"limits\": { \"max_leases\": 1 } }",
		 (unsigned)geteuid(), (unsigned)geteuid(), admin ? (unsigned)geteuid() : 4242u);
	assert_int_equal(dct_daemon_start(&f->d, NULL, cfg, NULL), 0);
}

static void stop(struct fixture *f)
{
	assert_int_equal(dct_daemon_stop(&f->d), 0);
	dct_daemon_cleanup(&f->d, false);
}

static int kms_lease(struct fixture *f, struct dct_client *c, const char *name)
{
	struct dcp_kms_lease_request req = { .name_count = 1 };

	snprintf(req.names[0], sizeof(req.names[0]), "%s", name);
	return dct_call(c, DCP_REQ_KMS_LEASE_REQUEST, &req, -1, &f->msg);
}

static void display_core_refuses(void **state)
{
	struct fixture *f = *state;
	struct dct_client *c, *old;
	unsigned n;

	start(f, false);
	assert_int_equal(dct_connect(f->d.socket, "kms-lessee", &c), 0);
	assert_int_equal(dct_welcome(c)->minor, DCP_VERSION_MINOR);
	/* the client may (dcd.json), the engine cannot: nothing offered */
	assert_int_equal(dct_welcome(c)->capabilities & DCP_CAP_KMS_LEASES, 0);
	assert_int_equal(dct_topology(c, f->infos, DCP_MAX_LINKS, &n), 0);
	assert_int_equal(kms_lease(f, c, f->infos[0].name), -EOPNOTSUPP);
	assert_int_equal(f->msg.error.reason, DCP_REASON_ARGUMENT);
	assert_false(f->msg.error.flags & DCP_ERROR_FATAL);
	assert_string_equal(f->msg.error.text, "KMS_LEASE_REQUEST: this dcd drives Display Core; "
					       "KMS leases need dcd --kms");
	/* nothing changed hands: the output is still free to lease */
	assert_int_equal(dct_lease(c, &f->infos[0].link, 1, NULL), 0);

	/* a 1.1 client: not its protocol, said so; the connection stays */
	assert_int_equal(dct_connect_minor(f->d.socket, "kms-1.1", 1, &old), 0);
	assert_int_equal(dct_welcome(old)->capabilities & DCP_CAP_KMS_LEASES, 0);
	assert_int_equal(kms_lease(f, old, f->infos[1].name), -EPROTO);
	assert_int_equal(f->msg.error.reason, DCP_REASON_PROTOCOL);
	assert_false(f->msg.error.flags & DCP_ERROR_FATAL);
	assert_non_null(strstr(f->msg.error.text, "speaks protocol 1.1; KMS leases came with 1.2"));
	assert_int_equal(dct_call(old, DCP_REQ_SYNC, NULL, -1, &f->msg), 0);
	dct_close(old);
	dct_close(c);
	stop(f);
}

static void budget_and_who_learns_the_holder(void **state)
{
	struct fixture *f = *state;
	struct dct_client *holder, *other;
	uint32_t lease;
	unsigned n;

	/* not an admin: another client's lease stays anonymous */
	start(f, false);
	assert_int_equal(dct_connect(f->d.socket, "holder", &holder), 0);
	assert_int_equal(dct_connect(f->d.socket, "other", &other), 0);
	assert_int_equal(dct_topology(holder, f->infos, DCP_MAX_LINKS, &n), 0);
	assert_true(n >= 2);
	assert_int_equal(dct_lease(holder, &f->infos[0].link, 1, &lease), 0);
	/* limits.max_leases 1: the second lease is over budget, whatever its kind */
	assert_int_equal(dct_call(holder, DCP_REQ_LEASE_REQUEST,
				  &(struct dcp_lease_request){ 1, { f->infos[1].link } }, -1,
				  &f->msg),
			 -EDQUOT);
	assert_int_equal(f->msg.error.reason, DCP_REASON_LIMIT);
	assert_non_null(strstr(f->msg.error.text, "you hold 1 leases, the limit "
						  "(limits.max_leases, dcd leases and KMS leases "
						  "together) is 1"));
	{
		struct dcp_lease_request lr = { 1, { f->infos[0].link } };

		assert_int_equal(dct_call(other, DCP_REQ_LEASE_REQUEST, &lr, -1, &f->msg), -EBUSY);
		assert_non_null(strstr(f->msg.error.text, "is leased by another client"));
		assert_null(strstr(f->msg.error.text, "holder"));
		assert_null(strstr(f->msg.error.text, "pid"));
	}
	dct_close(other);
	dct_close(holder);
	stop(f);

	/* an admin learns who holds it */
	start(f, true);
	assert_int_equal(dct_connect(f->d.socket, "holder", &holder), 0);
	assert_int_equal(dct_connect(f->d.socket, "admin", &other), 0);
	assert_int_equal(dct_topology(holder, f->infos, DCP_MAX_LINKS, &n), 0);
	assert_int_equal(dct_lease(holder, &f->infos[0].link, 1, &lease), 0);
	{
		struct dcp_lease_request lr = { 1, { f->infos[0].link } };
		char want[96];

		assert_int_equal(dct_call(other, DCP_REQ_LEASE_REQUEST, &lr, -1, &f->msg), -EBUSY);
		snprintf(want, sizeof(want), "(%s) is in lease %u of client ", f->infos[0].name,
			 lease);
		assert_non_null(strstr(f->msg.error.text, want));
		assert_non_null(strstr(f->msg.error.text, "\"holder\")"));
	}
	dct_close(other);
	dct_close(holder);
	stop(f);
}

int main(void)
{
	/* as root every client would be an admin: nobody, daemon and clients alike */
	if (dct_become_nobody() < 0)
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(display_core_refuses),
		cmocka_unit_test(budget_and_who_learns_the_holder),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
