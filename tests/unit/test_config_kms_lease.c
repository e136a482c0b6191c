/*
 * dcd.json "kms_lease" (who may hold KMS leases besides root and admins)
 * and limits.max_leases (dcd leases and KMS leases together), in
 * daemon/config.c: defaults, values taken, wrong ones refused naming the
 * key.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "config.h"

static int parse(const char *json, struct dcd_config *cfg, char *err, size_t size)
{
	assert_int_equal(dcd_config_defaults(cfg), 0);
	return dcd_config_parse(json, strlen(json), "dcd.json", cfg, err, size);
}

static void defaults_name_nobody(void **state)
{
	struct dcd_config cfg;

	(void)state;
	assert_int_equal(dcd_config_defaults(&cfg), 0);
	/* root and admins only: the daemon adds those, the list is empty */
	assert_int_equal(cfg.kms_lease.n_uids, 0);
	assert_int_equal(cfg.kms_lease.n_gids, 0);
	assert_false(dcd_who_matches(&cfg.kms_lease, 1000, NULL, 0));
	assert_int_equal(cfg.max_leases, 16);
	dcd_config_free(&cfg);
}

static void users_groups_and_budget(void **state)
{
	struct dcd_config cfg;
	char err[256] = "";
	gid_t groups[] = { 44, 27 };

	(void)state;
	assert_int_equal(parse("{ \"kms_lease\": { \"users\": [ 1000, 0 ], \"groups\": [ 27 ] },"
			       " \"limits\": { \"max_leases\": 2 } }",
			       &cfg, err, sizeof(err)),
			 0);
	assert_true(dcd_who_matches(&cfg.kms_lease, 1000, NULL, 0));
	assert_false(dcd_who_matches(&cfg.kms_lease, 1001, NULL, 0));
	assert_true(dcd_who_matches(&cfg.kms_lease, 1001, groups, 2));
	/* the "lease" list is another one: unchanged */
	assert_false(dcd_who_matches(&cfg.lease, 1000, NULL, 0));
	assert_int_equal(cfg.max_leases, 2);
	dcd_config_free(&cfg);
}

static void wrong_values_are_refused(void **state)
{
	static const struct {
		const char *json, *says;
	} bad[] = {
		{ "{ \"kms_lease\": { \"uids\": [ 1000 ] } }", "kms_lease" },
		{ "{ \"kms_lease\": [ 1000 ] }", "kms_lease" },
		{ "{ \"kms_lease\": { \"users\": [ -1 ] } }", "kms_lease.users" },
		{ "{ \"kms_lease\": { \"groups\": [ \"no-such-group-here\" ] } }",
		  "no group called \"no-such-group-here\"" },
		{ "{ \"limits\": { \"max_leases\": 0 } }", "limits.max_leases" },
		{ "{ \"limits\": { \"max_leases\": 17 } }", "limits.max_leases" },
	};
	struct dcd_config cfg;
	char err[256];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = 0;
		assert_int_equal(parse(bad[i].json, &cfg, err, sizeof(err)), -EINVAL);
		dcd_config_free(&cfg);
		if (!strstr(err, bad[i].says))
			fail_msg("%s: \"%s\" does not name %s", bad[i].json, err, bad[i].says);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(defaults_name_nobody),
		cmocka_unit_test(users_groups_and_budget),
		cmocka_unit_test(wrong_values_are_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
