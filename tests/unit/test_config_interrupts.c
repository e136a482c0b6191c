/*
 * dcd.json "interrupts" (daemon/config.c): mode "ring" or "poll", a poll
 * interval of 1..1000 ms; anything else is refused with the key named.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "config.h"

static int parse(const char *interrupts, struct dcd_config *cfg, char *err, size_t size)
{
	char json[256];
	int r;

	snprintf(json, sizeof(json), "{ \"interrupts\": %s }", interrupts);
	assert_int_equal(dcd_config_defaults(cfg), 0);
	r = dcd_config_parse(json, strlen(json), "dcd.json", cfg, err, size);
	dcd_config_free(cfg);
	return r;
}

static void test_interrupts(void **state)
{
	static const struct {
		const char *json, *says;
	} bad[] = {
		{ "{ \"mode\": \"msi\" }", "interrupts.mode" },
		{ "{ \"mode\": 1 }", "interrupts.mode" },
		{ "{ \"poll_interval_ms\": 0 }", "interrupts.poll_interval_ms" },
		{ "{ \"poll_interval_ms\": 1001 }", "interrupts.poll_interval_ms" },
		{ "{ \"poll_interval_ms\": \"5\" }", "interrupts.poll_interval_ms" },
		{ "{ \"poll\": true }", "poll" },
		{ "\"poll\"", "interrupts" },
	};
	struct dcd_config cfg;
	char err[256];

	(void)state;
	assert_int_equal(dcd_config_defaults(&cfg), 0);
	assert_false(cfg.irq_poll);
	assert_int_equal(cfg.poll_interval_ms, DCD_DEFAULT_POLL_INTERVAL_MS);
	dcd_config_free(&cfg);
	assert_int_equal(
		parse("{ \"mode\": \"poll\", \"poll_interval_ms\": 1000 }", &cfg, err, sizeof(err)),
		0);
	assert_true(cfg.irq_poll);
	assert_int_equal(cfg.poll_interval_ms, 1000);
	assert_int_equal(parse("{ \"mode\": \"ring\" }", &cfg, err, sizeof(err)), 0);
	assert_false(cfg.irq_poll);
	assert_int_equal(cfg.poll_interval_ms, DCD_DEFAULT_POLL_INTERVAL_MS);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = 0;
		assert_int_equal(parse(bad[i].json, &cfg, err, sizeof(err)), -EINVAL);
		if (!strstr(err, bad[i].says))
			fail_msg("%s: \"%s\" does not name %s", bad[i].json, err, bad[i].says);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_interrupts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
