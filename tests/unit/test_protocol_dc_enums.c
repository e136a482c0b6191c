/*
 * The protocol's enums carry the Display Core's numbers where DC has the
 * same notion, so the daemon passes them through without a table and
 * D-Bus shows the same values. If dc.h renumbers, this fails to compile.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dc.h"
#include "dcd_protocol.h"

#define SAME(a, b) _Static_assert((int)(a) == (int)(b), #a " != " #b)

SAME(DCP_LINK_DP, DC_LINK_DP);
SAME(DCP_LINK_EDP, DC_LINK_EDP);
SAME(DCP_LINK_HDMI_A, DC_LINK_HDMI_A);
SAME(DCP_LINK_DVI_D, DC_LINK_DVI_D);
SAME(DCP_ENCODING_RGB, DC_ENCODING_RGB);
SAME(DCP_ENCODING_YCBCR444, DC_ENCODING_YCBCR444);
SAME(DCP_ENCODING_YCBCR422, DC_ENCODING_YCBCR422);
SAME(DCP_ENCODING_YCBCR420, DC_ENCODING_YCBCR420);
SAME(DCP_REASON_NONE, DC_ERR_NONE);
SAME(DCP_REASON_INVALID, DC_ERR_INVALID);
SAME(DCP_REASON_NOT_CONNECTED, DC_ERR_NOT_CONNECTED);
SAME(DCP_REASON_MODE, DC_ERR_MODE);
SAME(DCP_REASON_TIMING_GENERATOR, DC_ERR_TIMING_GENERATOR);
SAME(DCP_REASON_STREAM_ENCODER, DC_ERR_STREAM_ENCODER);
SAME(DCP_REASON_CLOCK_SOURCE, DC_ERR_CLOCK_SOURCE);
SAME(DCP_REASON_AUDIO, DC_ERR_AUDIO);
SAME(DCP_REASON_TMDS_CLOCK, DC_ERR_TMDS_CLOCK);
SAME(DCP_REASON_SINK_TMDS, DC_ERR_SINK_TMDS);
SAME(DCP_REASON_DONGLE, DC_ERR_DONGLE);
SAME(DCP_REASON_LINK_BANDWIDTH, DC_ERR_LINK_BANDWIDTH);
SAME(DCP_REASON_DISPLAY_CLOCK, DC_ERR_DISPLAY_CLOCK);
SAME(DCP_REASON_MEMORY_BANDWIDTH, DC_ERR_MEMORY_BANDWIDTH);
SAME(DCP_REASON_PLANE_FORMAT, DC_ERR_PLANE_FORMAT);
SAME(DCP_REASON_PLANE_SIZE, DC_ERR_PLANE_SIZE);
SAME(DCP_REASON_SCALER, DC_ERR_SCALER);
SAME(DCP_REASON_CURSOR, DC_ERR_CURSOR);
SAME(DCP_REASON_LINK_TRAINING, DC_ERR_LINK_TRAINING);
SAME(DCP_REASON_DC_LAST, DC_ERR_LINK_TRAINING);
/* A dc_error message fits an ERROR text. */
_Static_assert(sizeof(((struct dc_error *)0)->message) <= DCP_MAX_TEXT + 1, "dc_error text");
/* Every DC link fits the protocol's link ids, every stream a configuration. */
_Static_assert(DC_MAX_LINKS <= DCP_MAX_LINKS, "links");
_Static_assert(DC_MAX_STREAMS <= DCP_MAX_OUTPUTS, "streams");

/* At run time: each DC validation code has a protocol name. */
static void dc_codes_have_names(void **state)
{
	for (int code = DC_ERR_INVALID; code <= DC_ERR_LINK_TRAINING; code++)
		assert_non_null(dcp_reason_name((unsigned)code));
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dc_codes_have_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
