/*
 * libFuzzer target for the EDID decoder: any bytes must decode (or be
 * refused with -EINVAL) without a crash or a sanitizer report. Every
 * decoded EDID also goes through what consumers do with it: mode
 * conversion, refresh rates, names, ELD building and the JSON conversion.
 *
 * The JSON tree is built and freed but not printed: printing is json-c's
 * own code over json-c's own copies of every string (not instrumented, no
 * coverage), and under AddressSanitizer its snprintf calls were a sixth of
 * an input. Inputs are at most 2,048 bytes (16 blocks, -max_len in
 * meson.build and scripts/fuzz-campaign): the seeds reach the same cov and
 * ft cut there as whole (the largest, 47 blocks, repeats its block kinds).
 * The entropic schedule is off (-entropic=0, as for fuzz-link): its
 * rare-feature bookkeeping was a fifth of the time, and vanilla
 * scheduling reaches as much in the same time (docs/robustness.md).
 */
#include <stddef.h>
#include <stdint.h>

#include "dc_edid.h"
#include "edid_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void use_timings(const struct dc_edid_timing *t, size_t n)
{
	struct drm_mode_modeinfo mode;
	volatile double sink = 0;

	for (size_t i = 0; i < n; i++) {
		sink += dc_edid_timing_refresh_hz(&t[i]);
		if (dc_edid_timing_to_modeinfo(&t[i], &mode) == 0)
			sink += mode.vrefresh;
	}
	(void)sink;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t eld[DC_EDID_ELD_MAX_BYTES];
	struct json_object *json;
	struct dc_edid *edid;
	char name[64];

	if (dc_edid_parse(data, size, &edid))
		return 0;
	use_timings(edid->dtds, edid->num_dtds);
	use_timings(edid->displayid_timings, edid->num_displayid_timings);
	dc_edid_preferred_timing(edid);
	for (unsigned i = 0; i < edid->num_blocks; i++)
		dc_edid_block_name(&edid->blocks[i], name, sizeof(name));
	for (size_t i = 0; i < edid->cta.num_sads; i++)
		dc_edid_audio_format_name(&edid->cta.sads[i], name, sizeof(name));
	dc_edid_build_eld(edid, false, eld, sizeof(eld));
	dc_edid_build_eld(edid, true, eld, 20);
	json = edid_to_json(edid);
	json_object_put(json);
	dc_edid_destroy(edid);
	return 0;
}
