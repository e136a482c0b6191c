/*
 * EDID reading: four blocks over DDC (E-DDC segment pointer) and over
 * I2C-over-AUX, NACKs retried and a silent device giving no sink, a bad
 * checksum re-read (a glitch) or kept and flagged (a broken EDID), DP
 * receivers that DEFER.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "dc_link_test.h"

static const char four_blocks[] =
	"{ \"asic\": \"carrizo\", \"connectors\": ["
	"  { \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0, \"display\": { \"edid\": {"
	"    \"name\": \"four hdmi\", \"preferred\": \"cta-1080p60\", \"blocks\": 4,"
	"    \"hdmi\": { \"max_tmds_mhz\": 300 } } } },"
	"  { \"type\": \"DP\", \"hpd\": 2, \"ddc\": 2, \"aux\": 2, \"encoder\": 1, \"display\": {"
	"    \"edid\": { \"name\": \"four dp\", \"preferred\": \"cta-1080p60\", \"blocks\": 4 } } "
	"},"
	"  { \"type\": \"HDMI\", \"hpd\": 3, \"ddc\": 3, \"encoder\": 2 } ] }";

static void assert_sink_edid(struct dclt *t, unsigned link, const uint8_t *ref, size_t size)
{
	struct dc_sink *sink = dc_link_sink(t->dc, link);
	size_t got = 0;

	assert_non_null(sink);
	assert_non_null(dc_sink_edid(sink, &got));
	assert_int_equal(got, size);
	assert_memory_equal(dc_sink_edid(sink, NULL), ref, size);
}

static void test_four_blocks_ddc(void **state)
{
	struct dclt *t = dclt_create(four_blocks, DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "HDMI-A-1");
	uint8_t ref[512];

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	dclt_ref_edid_ddc(t, dclt_conn(t, "HDMI-A-1"), ref, 4);
	assert_int_equal(ref[126], 3);
	/* blocks 2 and 3 differ from 0 and 1: only the segment pointer reaches them */
	assert_memory_not_equal(ref + 256, ref, 128);
	assert_sink_edid(t, link, ref, 512);
	assert_int_equal(dc_sink_edid_info(dc_link_sink(t->dc, link))->num_blocks, 4);
	assert_int_equal(dc_sink_signal(dc_link_sink(t->dc, link)), DC_SIGNAL_HDMI);
	dclt_destroy(t);
}

static void test_four_blocks_aux(void **state)
{
	struct dclt *t = dclt_create(four_blocks, DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "DP-1");
	uint8_t ref[512];

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	dclt_ref_edid_aux(t, dclt_conn(t, "DP-1"), ref, 4);
	assert_int_equal(ref[126], 3);
	assert_sink_edid(t, link, ref, 512);
	assert_int_equal(dc_sink_signal(dc_link_sink(t->dc, link)), DC_SIGNAL_DP);
	dclt_destroy(t);
}

/*
 * With the bus's real timing (100 kHz SCL from the engine's reference clock), four blocks
 * take their 4 x 1182 bits (+ 2 segment pointer writes) of virtual time, not more.
 */
static void test_bus_timing(void **state)
{
	static const char timed[] =
		"{ \"asic\": \"carrizo\", \"ddc_bus_timing\": true, \"connectors\": ["
		"  { \"type\": \"HDMI\", \"hpd\": 1, \"ddc\": 1, \"encoder\": 0, \"display\": {"
		"    \"edid\": { \"preferred\": \"cta-1080p60\", \"blocks\": 4 } } } ] }";
	struct dclt *t = dclt_create(timed, DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "HDMI-A-1");
	uint64_t start = sim_now_ns(t->sim), took;
	uint8_t ref[512];

	(void)state;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	took = sim_now_ns(t->sim) - start;
	dclt_ref_edid_ddc(t, dclt_conn(t, "HDMI-A-1"), ref, 4);
	assert_sink_edid(t, link, ref, 512);
	assert_true(took >= 47 * DCLT_MS);
	assert_true(took <= 50 * DCLT_MS);
	dclt_destroy(t);
}

/* A device that does not acknowledge twice is read on the third try. */
static void test_nack_retried(void **state)
{
	struct dclt *t = dclt_create(four_blocks, DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "HDMI-A-1");
	uint8_t ref[512];

	(void)state;
	t->faults.i2c_nack = 2;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_int_equal(t->faults.i2c_nack, 0);
	dclt_ref_edid_ddc(t, dclt_conn(t, "HDMI-A-1"), ref, 4);
	assert_sink_edid(t, link, ref, 512);
	assert_true(dclt_logged(t, "EDID block 0 over DDC: not acknowledged (try 2 of 4)", NULL));
	dclt_destroy(t);
}

/* HPD up but nobody answers on DDC: no sink, no error, and a word in the log. */
static void test_nack_forever(void **state)
{
	struct dclt *t = dclt_create(four_blocks, DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "HDMI-A-1");
	unsigned go;

	(void)state;
	t->faults.i2c_nack = 1000;
	go = t->i2c_go;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_null(dc_link_sink(t->dc, link));
	assert_int_equal(t->i2c_go - go, 4); /* the first try and 3 retries */
	assert_true(dclt_logged(t, "HDMI-A-1: HPD is up but no EDID answers on DDC", NULL));
	/* and the empty connector: nothing, quietly */
	assert_int_equal(dc_link_detect(t->dc, dclt_link(t, "HDMI-A-2")), 0);
	assert_null(dc_link_sink(t->dc, dclt_link(t, "HDMI-A-2")));
	dclt_destroy(t);
}

/* A byte garbled on the bus: the block's checksum fails, it is read again and is right. */
static void test_glitch_reread(void **state)
{
	struct dclt *t = dclt_create(four_blocks, DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "HDMI-A-1");
	uint8_t ref[512];
	const struct dc_edid *info;

	(void)state;
	assert_int_equal(t->i2c_go, 0);
	t->faults.corrupt_go = 3; /* block 0, block 1, then block 2's first read */
	t->faults.corrupt_byte = 40;
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_int_equal(t->i2c_go, 5); /* 4 blocks and one re-read */
	dclt_ref_edid_ddc(t, dclt_conn(t, "HDMI-A-1"), ref, 4);
	assert_sink_edid(t, link, ref, 512);
	assert_true(dclt_logged(t, "EDID block 2 over DDC: checksum", "reading it again", NULL));
	assert_false(dclt_logged(t, "kept as read", NULL));
	info = dc_sink_edid_info(dc_link_sink(t->dc, link));
	for (unsigned b = 0; b < 4; b++)
		assert_true(info->blocks[b].checksum_ok);
	dclt_destroy(t);
}

/* An EDID whose block 1 is broken: read twice, kept as served, flagged by the decoder. */
static void test_bad_checksum_kept(void **state)
{
	struct dclt *t = dclt_create(four_blocks, DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "HDMI-A-1"), conn = dclt_conn(t, "HDMI-A-1");
	uint8_t edid[512];
	const struct dc_edid *info;

	(void)state;
	dclt_ref_edid_ddc(t, conn, edid, 4);
	edid[128 + 127] ^= 0x5a;
	assert_int_equal(sim_unplug(t->sim, conn), 0);
	assert_int_equal(sim_plug(t->sim, conn, edid, sizeof(edid)), 0);
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_sink_edid(t, link, edid, 512);
	assert_true(dclt_logged(t, "HDMI-A-1: EDID block 1 over DDC: checksum",
				"again; kept as read", NULL));
	info = dc_sink_edid_info(dc_link_sink(t->dc, link));
	assert_non_null(info);
	assert_true(info->blocks[0].checksum_ok);
	assert_false(info->blocks[1].checksum_ok);
	assert_true(info->blocks[2].checksum_ok);
	dclt_destroy(t);
}

/* A DP receiver that DEFERs every native request 7 times still works; 8 is too many. */
static void test_defer(void **state)
{
	struct dclt *t = dclt_create(four_blocks, DC_ASIC_CARRIZO);
	unsigned link = dclt_link(t, "DP-1"), conn = dclt_conn(t, "DP-1");
	uint8_t ref[512], rev = 0;

	(void)state;
	assert_int_equal(sim_set_aux_defer(t->sim, conn, 7), 0);
	assert_int_equal(dc_link_detect(t->dc, link), 0);
	assert_non_null(dc_link_sink(t->dc, link));
	assert_int_equal(dc_sink_dp_caps(dc_link_sink(t->dc, link))->max_rate_mbps, 5400);
	assert_int_equal(t->dc->links[link].verified_rate_mbps, 5400); /* trained through defers */
	dclt_ref_edid_aux(t, conn, ref, 4);
	assert_sink_edid(t, link, ref, 512);
	assert_int_equal(dc_read_dpcd(t->dc, link, 0, &rev, 1), 0);
	assert_int_equal(rev, 0x12);
	assert_false(dclt_logged(t, "deferred", NULL));

	assert_int_equal(sim_set_aux_defer(t->sim, conn, 8), 0);
	assert_int_equal(dc_read_dpcd(t->dc, link, 0, &rev, 1), -EAGAIN);
	assert_true(dclt_logged(t, "DP-1: AUX DPCD 0x00000: the receiver deferred 8 times", NULL));
	assert_int_equal(dc_link_detect(t->dc, link), -EIO);
	assert_null(dc_link_sink(t->dc, link));
	dclt_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_four_blocks_ddc), cmocka_unit_test(test_four_blocks_aux),
		cmocka_unit_test(test_nack_retried),	cmocka_unit_test(test_nack_forever),
		cmocka_unit_test(test_glitch_reread),	cmocka_unit_test(test_bad_checksum_kept),
		cmocka_unit_test(test_defer),		cmocka_unit_test(test_bus_timing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
