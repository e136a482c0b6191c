/*
 * Posting a GPU the system firmware did not initialise (dc/core/bios_post.c):
 * the simulator's "posted": false starts an engine whose BIOS_SCRATCH_7
 * lacks ATOM_S7_ASIC_INIT_COMPLETE, as a secondary GPU handed to VFIO
 * often is. Display Core runs the image's ASIC_Init (AMD's real Carrizo
 * and Stoney images) with FirmwareInfo's default clocks, which sets the
 * bit; a posted GPU is left alone, without a single register write (so a
 * restarted dcd never posts again); where nothing can post the GPU the
 * answer says why.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "dc_link_test.h"

#define SCENARIO(asic, extra)                                                                    \
	"{ \"asic\": \"" asic "\", " extra " \"connectors\": [ { \"name\": \"DP-1\", \"type\": " \
	"\"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0 } ] }"

static void posts_once(const char *json, enum dc_asic asic)
{
	struct dclt *t = dclt_create(json, asic);
	struct dc_error err = { 0 };
	struct sim_stats ss;

	assert_false(dc_gpu_posted(t->dc));
	assert_int_equal(sim_trace_start(t->sim, 1u << 16), 0);
	assert_int_equal(dc_vbios_post(t->dc, &err), 1);
	assert_true(sim_trace_count(t->sim) > 0);
	assert_true(dc_gpu_posted(t->dc));
	assert_true(dc_hw_read(t->inner, BIF50_mmBIOS_SCRATCH_7) & ATOM_S7_ASIC_INIT_COMPLETE_MASK);
	assert_true(dclt_logged(t, "posted the GPU with video BIOS", NULL));
	sim_get_stats(t->sim, &ss);
	assert_int_equal(ss.bad_reg_accesses, 0);
	/* posted now: the second call writes nothing */
	assert_int_equal(sim_trace_start(t->sim, 1u << 16), 0);
	assert_int_equal(dc_vbios_post(t->dc, &err), 0);
	assert_int_equal(sim_trace_count(t->sim), 0);
	dclt_destroy(t);
}

static void carrizo_and_stoney_post_through_asic_init(void **state)
{
	(void)state;
	posts_once(SCENARIO("carrizo", "\"posted\": false,"), DC_ASIC_CARRIZO);
	posts_once(SCENARIO("stoney", "\"posted\": false,"), DC_ASIC_STONEY);
}

/* The firmware posted it (the simulator's default): nothing is run or written. */
static void a_posted_gpu_is_left_alone(void **state)
{
	struct dclt *t = dclt_create(SCENARIO("carrizo", ""), DC_ASIC_CARRIZO);
	struct dc_error err = { 0 };

	(void)state;
	assert_true(dc_gpu_posted(t->dc));
	assert_int_equal(sim_trace_start(t->sim, 1u << 16), 0);
	assert_int_equal(dc_vbios_post(t->dc, &err), 0);
	assert_int_equal(sim_trace_count(t->sim), 0);
	dclt_destroy(t);
}

static void cannot_post_says_why(void **state)
{
	struct dclt *t = dclt_create(SCENARIO("tonga", "\"posted\": false,"), DC_ASIC_TONGA);
	struct dc_error err = { 0 };

	(void)state;
	/* our own image has no ASIC_Init */
	assert_int_equal(dc_vbios_post(t->dc, &err), -EINVAL);
	assert_string_equal(err.message,
			    "the GPU is not posted (BIOS_SCRATCH_7 lacks "
			    "ASIC_INIT_COMPLETE) and video BIOS DCD-OWN-DCE10-PPLL has "
			    "no ASIC_Init table");
	assert_false(dc_gpu_posted(t->dc));
	dclt_destroy(t);

	t = dclt_create(SCENARIO("carrizo", "\"posted\": false, \"vbios\": \"\","),
			DC_ASIC_CARRIZO);
	assert_int_equal(dc_vbios_post(t->dc, &err), -EINVAL);
	assert_string_equal(err.message,
			    "the GPU is not posted (BIOS_SCRATCH_7 lacks "
			    "ASIC_INIT_COMPLETE) and there is no video BIOS to post it");
	dclt_destroy(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(carrizo_and_stoney_post_through_asic_init),
		cmocka_unit_test(a_posted_gpu_is_left_alone),
		cmocka_unit_test(cannot_post_says_why),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
