/*
 * How interrupts reach a live dcd (suite silicon): the IH ring and its MSI
 * by default, poll mode from the command line or dcd.json. In each, a
 * client flips 120 frames and checks every FLIP_DONE (serial, user data,
 * sequence, timestamp one frame later).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "dct.h"
#include "dct_flipper.h"

static void flip_120(struct dct_daemon *d)
{
	struct dct_flipper_opts o = { .socket = d->socket,
				      .name = "flipper",
				      .link_name = "HDMI-A-1",
				      .width = 720,
				      .height = 480,
				      .flips = 120,
				      .tolerance_ns = 200000 };
	struct dct_flipper fl;
	struct dct_flipper_report r;

	assert_int_equal(dct_flipper_start(&o, &fl), 0);
	assert_int_equal(dct_flipper_stop(&fl, &r), 0);
	assert_int_equal(r.failed, 0);
	assert_int_equal(r.flips, 120);
	assert_int_equal(dct_flipper_dcd_gaps(d, &r), 0);
	assert_int_equal(r.bad_times, 0);
	assert_int_equal(r.last_seq - r.first_seq, 119 + r.missed);
}

static void run(const char *config, const char *const *extra, const char *expect)
{
	struct dct_daemon d;
	int status;

	assert_int_equal(dct_daemon_start(&d, NULL, config, extra), 0);
	assert_true(dct_log_wait(&d, expect, DCT_TIMEOUT_MS));
	flip_120(&d);
	assert_true(dct_daemon_alive(&d));
	status = dct_daemon_stop(&d);
	dct_daemon_cleanup(&d, status != 0);
	assert_int_equal(status, 0);
}

static void test_ring(void **state)
{
	(void)state;
	run(NULL, NULL, "interrupts: the IH ring (4 KiB at device address");
}

static void test_poll_option(void **state)
{
	static const char *const extra[] = { "--interrupts", "poll", "--poll-interval", "2", NULL };

	(void)state;
	run(NULL, extra, "interrupts: polled every 2 ms (the IH ring, which raises no interrupt)");
}

static void test_poll_config(void **state)
{
	char cfg[256];

	(void)state;
	snprintf(cfg, sizeof(cfg),
		 "{ \"lease\": { \"users\": [ %u ] }, "
		 "\"interrupts\": { \"mode\": \"poll\", \"poll_interval_ms\": 3 } }\n",
		 (unsigned)geteuid());
	run(cfg, NULL, "interrupts: polled every 3 ms");
}

/* The command line wins over dcd.json. */
static void test_option_over_config(void **state)
{
	static const char *const extra[] = { "--interrupts", "ring", NULL };
	char cfg[256];

	(void)state;
	snprintf(cfg, sizeof(cfg),
		 "{ \"lease\": { \"users\": [ %u ] }, \"interrupts\": { \"mode\": \"poll\" } }\n",
		 (unsigned)geteuid());
	run(cfg, extra, "interrupts: the IH ring");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ring),
		cmocka_unit_test(test_poll_option),
		cmocka_unit_test(test_poll_config),
		cmocka_unit_test(test_option_over_config),
	};

	if (dct_drop_root() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
