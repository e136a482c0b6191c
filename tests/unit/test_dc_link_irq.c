/*
 * HPD short pulses and link loss: a dropped link is trained again by
 * servicing interrupts and deadlines alone and reported; a retraining that
 * cannot work is reported as such; sink count changes and IRQ vectors; a
 * monitor replugged under a running stream gets its link back. Also the
 * public DPCD access and its errors.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dc_link_test.h"

#define VIC_4K60 97

static void assert_trained(struct dclt *t, unsigned conn)
{
	uint8_t s[3];

	assert_int_equal(sim_dpcd_peek(t->sim, conn, 0x202, s, 3), 0);
	assert_int_equal(s[0], 0x77);
	assert_int_equal(s[1], 0x77);
	assert_int_equal(s[2] & 1, 1);
}

/* Default scenario, everything detected, DP-1 carrying 4K60. */
static struct dclt *running_dp(unsigned *link, unsigned *conn)
{
	struct dclt *t = dclt_create(NULL, DC_ASIC_CARRIZO);
	struct dc_stream s;
	struct dc_error err;

	for (unsigned i = 0; i < dc_link_count(t->dc); i++)
		assert_int_equal(dc_link_detect(t->dc, i), 0);
	*link = dclt_link(t, "DP-1");
	*conn = dclt_conn(t, "DP-1");
	dclt_stream(t, &s, *link, VIC_4K60);
	assert_int_equal(dc_link_enable(t->dc, *link, &s, &err), 0);
	assert_trained(t, *conn);
	return t;
}

static void test_link_loss_retrained(void **state)
{
	unsigned link, conn;
	struct dclt *t = running_dp(&link, &conn);
	uint8_t s[3];

	(void)state;
	dclt_run(t, 5 * DCLT_MS);
	assert_int_equal(t->nevents, 0);
	assert_int_equal(sim_drop_link(t->sim, conn), 0);
	assert_int_equal(sim_dpcd_peek(t->sim, conn, 0x202, s, 3), 0);
	assert_int_equal(s[0], 0); /* the receiver lost it */
	dclt_run(t, 10 * DCLT_MS);
	assert_int_equal(dclt_count_link_event(t, link, DC_LINK_EVENT_RETRAINED), 1);
	assert_int_equal(t->nevents, 1);
	assert_trained(t, conn);
	assert_true(dclt_logged(t, "DP-1: link lost: lane status 0x00 0x00", NULL));
	assert_true(dclt_logged(t, "DP-1: link restored", NULL));
	/* within a few ms of the pulse (0.5 ms), not at some later poll */
	assert_true(t->events[0].time_ns - (sim_now_ns(t->sim) - 10 * DCLT_MS) < 5 * DCLT_MS);
	/* and again: each loss is one retraining */
	assert_int_equal(sim_drop_link(t->sim, conn), 0);
	dclt_run(t, 10 * DCLT_MS);
	assert_int_equal(dclt_count_link_event(t, link, DC_LINK_EVENT_RETRAINED), 2);
	assert_trained(t, conn);
	dclt_destroy(t);
}

static void test_link_loss_unrecoverable(void **state)
{
	unsigned link, conn;
	struct dclt *t = running_dp(&link, &conn);

	(void)state;
	/* the PHY can no longer be programmed: UNIPHYTransmitterControl stops at its bound */
	t->faults.phy_stuck = true;
	assert_int_equal(sim_drop_link(t->sim, conn), 0);
	dclt_run(t, 10 * DCLT_MS);
	assert_int_equal(dclt_count_link_event(t, link, DC_LINK_EVENT_TRAINING_FAILED), 1);
	assert_int_equal(dclt_count_link_event(t, link, DC_LINK_EVENT_RETRAINED), 0);
	assert_true(dclt_logged(t, "DP-1: link lost and training failed", NULL));
	dclt_destroy(t);
}

/* A short pulse with the link fine and no stream: the vector is acknowledged, nothing else. */
static void test_irq_vector(void **state)
{
	struct dclt *t = dclt_create(NULL, DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "DP-1"), conn = dclt_conn(t, "DP-1");
	uint8_t v = 0xff;

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_int_equal(sim_dp_irq(t->sim, conn, 0x02), 0); /* AUTOMATED_TEST_REQUEST */
	assert_int_equal(sim_dpcd_peek(t->sim, conn, 0x201, &v, 1), 0);
	assert_int_equal(v, 0x02);
	dclt_run(t, 5 * DCLT_MS);
	assert_int_equal(sim_dpcd_peek(t->sim, conn, 0x201, &v, 1), 0);
	assert_int_equal(v, 0);
	assert_true(dclt_logged(t, "DP-1: the receiver asks for an automated test", NULL));
	assert_int_equal(t->nevents, 0);
	assert_int_equal(dc_next_deadline(t->dc), UINT64_MAX);
	dclt_destroy(t);
}

static void test_sink_count(void **state)
{
	unsigned link, conn;
	struct dclt *t = running_dp(&link, &conn);

	(void)state;
	assert_int_equal(sim_set_sink_count(t->sim, conn, 2), 0);
	dclt_run(t, 5 * DCLT_MS);
	assert_int_equal(dclt_count_link_event(t, link, DC_LINK_EVENT_SINK_COUNT), 1);
	assert_int_equal(t->nevents, 1); /* the link itself is fine: no retraining */
	assert_int_equal(dc_sink_dp_caps(dc_link_sink(t->dc, link))->sink_count, 2);
	assert_true(dclt_logged(t, "DP-1: sink count 1 -> 2", NULL));
	/* the same count again is no change */
	assert_int_equal(sim_set_sink_count(t->sim, conn, 2), 0);
	dclt_run(t, 5 * DCLT_MS);
	assert_int_equal(t->nevents, 1);
	assert_int_equal(sim_set_sink_count(t->sim, conn, 1), 0);
	dclt_run(t, 5 * DCLT_MS);
	assert_int_equal(dclt_count_link_event(t, link, DC_LINK_EVENT_SINK_COUNT), 2);
	dclt_destroy(t);
}

/* The monitor is unplugged and plugged back under a running stream: same sink, link retrained. */
static void test_replug_under_stream(void **state)
{
	unsigned link, conn;
	struct dclt *t = running_dp(&link, &conn);
	struct dc_sink *sink = dc_link_sink(t->dc, link);

	(void)state;
	assert_int_equal(sim_unplug(t->sim, conn), 0);
	dclt_run(t, 20 * DCLT_MS);
	assert_int_equal(sim_plug(t->sim, conn, NULL, 0), 0);
	dclt_run(t, 300 * DCLT_MS);
	assert_int_equal(dclt_count_hotplug(t, link, true), 0);
	assert_int_equal(dclt_count_hotplug(t, link, false), 0);
	assert_ptr_equal(dc_link_sink(t->dc, link), sink);
	assert_int_equal(dclt_count_link_event(t, link, DC_LINK_EVENT_RETRAINED), 1);
	assert_trained(t, conn);
	/* verification did not touch the running link: it kept its capability */
	assert_int_equal(t->dc->links[link].verified_rate_mbps, 5400);
	dclt_destroy(t);
}

static const char with_dongle[] =
	"{ \"asic\": \"carrizo\", \"connectors\": ["
	"  { \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0, \"display\": {"
	"    \"edid\": { \"preferred\": \"cta-1080p60\", \"hdmi\": { \"max_tmds_mhz\": 300 } },"
	"    \"dongle\": { \"type\": 2 } } },"
	"  { \"type\": \"HDMI\", \"hpd\": 2, \"ddc\": 2, \"encoder\": 3, \"display\": {"
	"    \"edid\": { \"preferred\": \"cta-1080p60\" } } },"
	"  { \"type\": \"DP\", \"hpd\": 3, \"ddc\": 3, \"aux\": 3, \"encoder\": 2, \"display\": {"
	"    \"edid\": { \"preferred\": \"cta-1080p60\" } } },"
	"  { \"type\": \"DP\", \"hpd\": 4, \"ddc\": 4, \"aux\": 4, \"encoder\": 1 } ] }";

static void test_dpcd_access(void **state)
{
	struct dclt *t = dclt_create(with_dongle, DC_ASIC_CARRIZO);
	unsigned dongle = dclt_link(t, "DP-1"), dp = dclt_link(t, "DP-2");
	unsigned empty = dclt_link(t, "DP-3"), hdmi = dclt_link(t, "HDMI-A-1");
	uint8_t buf[40], ref[40], oui[3] = { 0x00, 0x1a, 0xa0 };

	(void)state;
	/* without a detection first: the HPD line is set up on demand */
	assert_int_equal(dc_read_dpcd(t->dc, dp, 0, buf, sizeof(buf)), 0);
	assert_int_equal(sim_dpcd_peek(t->sim, dclt_conn(t, "DP-2"), 0, ref, sizeof(ref)), 0);
	assert_memory_equal(buf, ref, sizeof(buf)); /* 40 bytes: three AUX requests */
	assert_int_equal(buf[0], 0x12);
	assert_int_equal(dc_write_dpcd(t->dc, dp, 0x300, oui, 3), 0);
	assert_int_equal(sim_dpcd_peek(t->sim, dclt_conn(t, "DP-2"), 0x300, ref, 3), 0);
	assert_memory_equal(ref, oui, 3);
	assert_int_equal(dc_read_dpcd(t->dc, dp, 0x300, buf, 3), 0);
	assert_memory_equal(buf, oui, 3);
	assert_int_equal(dc_read_dpcd(t->dc, dp, 0x300, buf, 0), 0);

	/* nothing plugged, no DP receiver (DP++ adaptor), not a DP link, bad arguments */
	assert_int_equal(dc_read_dpcd(t->dc, empty, 0, buf, 1), -ENODEV);
	assert_int_equal(dc_write_dpcd(t->dc, empty, 0x600, oui, 1), -ENODEV);
	assert_int_equal(dc_read_dpcd(t->dc, dongle, 0, buf, 1), -ETIMEDOUT);
	assert_int_equal(dc_read_dpcd(t->dc, hdmi, 0, buf, 1), -EINVAL);
	assert_int_equal(dc_write_dpcd(t->dc, hdmi, 0, buf, 1), -EINVAL);
	assert_int_equal(dc_read_dpcd(t->dc, 9, 0, buf, 1), -EINVAL);
	assert_int_equal(dc_read_dpcd(t->dc, dp, 0xfffff, buf, 2), -EINVAL);
	assert_int_equal(dc_read_dpcd(t->dc, dp, 0x100000, buf, 1), -EINVAL);
	assert_int_equal(dc_read_dpcd(t->dc, dp, 0, NULL, 1), -EINVAL);
	dclt_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_link_loss_retrained),
		cmocka_unit_test(test_link_loss_unrecoverable),
		cmocka_unit_test(test_irq_vector),
		cmocka_unit_test(test_sink_count),
		cmocka_unit_test(test_replug_under_stream),
		cmocka_unit_test(test_dpcd_access),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
