/*
 * libFuzzer target for the EDID decoder: any bytes must decode (or be
 * refused with -EINVAL) without a crash or a sanitizer report. Every
 * decoded EDID also goes through what consumers do with it: mode
 * conversion, refresh rates, names, ELD building and the JSON conversion.
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
	if (json) {
		json_object_to_json_string(json);
		json_object_put(json);
	}
	dc_edid_destroy(edid);
	return 0;
}
