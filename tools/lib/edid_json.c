/*
 * struct dc_edid as one JSON object. The first group of fields mirrors the
 * reference summaries of tests/data/edid (names, units and conventions);
 * the rest adds what else the decoder knows (caps, warnings, HDMI details).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dc_modes.h"
#include "edid_json.h"

/*
 * Building a JSON tree allocates at every step; rather than check each
 * call, every object is created through these helpers, which remember the
 * first failure in *failed, and the caller checks once at the end.
 */
struct builder {
	bool failed;
};

static struct json_object *checked(struct builder *b, struct json_object *o)
{
	if (!o)
		b->failed = true;
	return o;
}

/*
 * key is always a string literal: json-c keeps the pointer instead of a
 * copy (a third fewer allocations for an EDID's JSON, which fuzz-edid
 * builds for every input).
 */
static void put(struct builder *b, struct json_object *obj, const char *key,
		struct json_object *val)
{
	/* NULL is a JSON null only when the value was meant to be null */
	if (json_object_object_add_ex(obj, key, val, JSON_C_OBJECT_KEY_IS_CONSTANT))
		b->failed = true;
}

static void put_int(struct builder *b, struct json_object *obj, const char *key, int64_t v)
{
	put(b, obj, key, checked(b, json_object_new_int64(v)));
}

static void put_bool(struct builder *b, struct json_object *obj, const char *key, bool v)
{
	put(b, obj, key, checked(b, json_object_new_boolean(v)));
}

static void put_str(struct builder *b, struct json_object *obj, const char *key, const char *v)
{
	put(b, obj, key, checked(b, json_object_new_string(v)));
}

/* A double printed with the given number of decimals, trailing zeros trimmed. */
static struct json_object *new_decimal(struct builder *b, double v, int decimals)
{
	char s[64];
	size_t n;

	snprintf(s, sizeof(s), "%.*f", decimals, v);
	n = strlen(s);
	if (strchr(s, '.')) {
		while (n > 0 && s[n - 1] == '0')
			s[--n] = '\0';
		if (n > 0 && s[n - 1] == '.')
			s[n++] = '0', s[n] = '\0';
	}
	return checked(b, json_object_new_double_s(strtod(s, NULL), s));
}

static void append(struct builder *b, struct json_object *arr, struct json_object *v)
{
	if (!v || json_object_array_add(arr, v)) {
		b->failed = true;
		json_object_put(v);
	}
}

double edid_json_refresh(double hz)
{
	char s[64];

	snprintf(s, sizeof(s), "%.6f", hz);
	snprintf(s, sizeof(s), "%.3f", strtod(s, NULL));
	return strtod(s, NULL);
}

static const char *polarity(bool stated, bool positive)
{
	if (!stated)
		return NULL;
	return positive ? "P" : "N";
}

static struct json_object *timing_json(struct builder *b, const struct dc_edid_timing *t,
				       bool displayid)
{
	struct json_object *o = checked(b, json_object_new_object());
	const char *vpol = polarity(t->vsync_stated, t->vsync_positive);

	if (!o)
		return NULL;
	put_int(b, o, "hactive", t->hactive);
	put_int(b, o, "vactive", t->vactive);
	put_bool(b, o, "interlaced", t->interlaced);
	put(b, o, "refresh_hz", new_decimal(b, edid_json_refresh(dc_edid_timing_refresh_hz(t)), 3));
	put_int(b, o, "pixel_clock_khz", t->pixel_clock_khz);
	if (t->dtd_number)
		put_int(b, o, "dtd_number", t->dtd_number);
	put_int(b, o, "hfront", t->hfront);
	put_int(b, o, "hsync", t->hsync);
	put_int(b, o, "hback", t->hback);
	put_str(b, o, "hpol", polarity(true, t->hsync_positive));
	put_int(b, o, "hborder", t->hborder);
	put_int(b, o, "vfront", t->vfront);
	put_int(b, o, "vsync", t->vsync);
	put_int(b, o, "vback", t->vback);
	put(b, o, "vpol", vpol ? checked(b, json_object_new_string(vpol)) : NULL);
	put_int(b, o, "vborder", t->vborder);
	put_int(b, o, "block", t->block);
	if (displayid)
		put_bool(b, o, "flag_preferred", t->preferred);
	else if (t->width_mm || t->height_mm) {
		put_int(b, o, "width_mm", t->width_mm);
		put_int(b, o, "height_mm", t->height_mm);
	}
	return o;
}

static struct json_object *timings_json(struct builder *b, const struct dc_edid_timing *t, size_t n,
					bool displayid)
{
	struct json_object *arr = checked(b, json_object_new_array());

	for (size_t i = 0; arr && i < n; i++)
		append(b, arr, timing_json(b, &t[i], displayid));
	return arr;
}

static struct json_object *preferred_json(struct builder *b, const struct dc_edid *edid)
{
	const struct dc_edid_timing *t = dc_edid_preferred_timing(edid);
	struct json_object *o;

	if (!t)
		return NULL;
	o = checked(b, json_object_new_object());
	if (!o)
		return NULL;
	put_int(b, o, "hactive", t->hactive);
	put_int(b, o, "vactive", t->vactive);
	put(b, o, "refresh_hz", new_decimal(b, edid_json_refresh(dc_edid_timing_refresh_hz(t)), 3));
	put_int(b, o, "pixel_clock_khz", t->pixel_clock_khz);
	put_bool(b, o, "interlaced", t->interlaced);
	put_str(b, o, "source",
		t->source == DC_EDID_TIMING_BASE_DTD ? "base_dtd1" : "displayid_preferred");
	return o;
}

static void base_json(struct builder *b, struct json_object *o, const struct dc_edid *edid)
{
	const struct dc_edid_base *base = &edid->base;
	char s[32];

	put_str(b, o, "manufacturer", base->manufacturer);
	put_int(b, o, "product_code", base->product_code);
	put_int(b, o, "serial", base->serial);
	put(b, o, "week",
	    base->week && !base->model_year ? checked(b, json_object_new_int(base->week)) : NULL);
	put_int(b, o, "year", base->year);
	put_str(b, o, "year_kind", base->model_year ? "model" : "manufacture");
	snprintf(s, sizeof(s), "%u.%u", base->version, base->revision);
	put_str(b, o, "edid_version", s);
	put_bool(b, o, "digital", base->digital);
	put(b, o, "monitor_name",
	    base->has_name ? checked(b, json_object_new_string(base->name)) : NULL);
	put(b, o, "preferred_mode", preferred_json(b, edid));
	put_bool(b, o, "first_dtd_preferred_flag", base->preferred_is_native);
	if (base->width_cm && base->height_cm) {
		struct json_object *size = checked(b, json_object_new_array());

		if (size) {
			append(b, size, checked(b, json_object_new_int(base->width_cm)));
			append(b, size, checked(b, json_object_new_int(base->height_cm)));
		}
		put(b, o, "max_image_size_cm", size);
	} else {
		put(b, o, "max_image_size_cm", NULL);
	}
	put_int(b, o, "extension_count", base->extension_count);
}

static void blocks_json(struct builder *b, struct json_object *o, const struct dc_edid *edid)
{
	struct json_object *names = checked(b, json_object_new_array());
	struct json_object *sums = checked(b, json_object_new_array());
	struct json_object *cta_revs = checked(b, json_object_new_array());
	struct json_object *did_sums = checked(b, json_object_new_array());
	char name[64];

	put_int(b, o, "blocks_present", edid->num_blocks);
	put_int(b, o, "size_bytes", (int64_t)edid->size);
	for (unsigned i = 0; names && sums && cta_revs && did_sums && i < edid->num_blocks; i++) {
		const struct dc_edid_block *blk = &edid->blocks[i];

		dc_edid_block_name(blk, name, sizeof(name));
		append(b, names, checked(b, json_object_new_string(name)));
		append(b, sums, checked(b, json_object_new_boolean(blk->checksum_ok)));
		if (blk->is_base)
			continue;
		if (blk->tag == DC_EDID_EXT_CTA)
			append(b, cta_revs, checked(b, json_object_new_int(blk->revision)));
		if (blk->tag == DC_EDID_EXT_DISPLAYID)
			append(b, did_sums,
			       checked(b, json_object_new_boolean(blk->displayid_checksum_ok)));
	}
	put(b, o, "blocks", names);
	put(b, o, "checksum_ok", sums);
	if (edid->cta.num_blocks)
		put(b, o, "cta_revisions", cta_revs);
	else
		json_object_put(cta_revs);
	if (edid->displayid.present)
		put(b, o, "displayid_section_checksum_ok", did_sums);
	else
		json_object_put(did_sums);
}

static bool has_data_block(const struct dc_edid_cta *cta, uint8_t tag, int ext_tag)
{
	for (size_t i = 0; i < cta->num_data_blocks; i++)
		if (cta->data_blocks[i].tag == tag &&
		    (ext_tag < 0 ||
		     (cta->data_blocks[i].length && cta->data_blocks[i].ext_tag == ext_tag)))
			return true;
	return false;
}

static void vics_json(struct builder *b, struct json_object *o, const struct dc_edid_cta *cta)
{
	if (has_data_block(cta, 2, -1)) {
		struct json_object *vics = checked(b, json_object_new_array());

		for (size_t i = 0; vics && i < cta->num_svds; i++)
			append(b, vics, checked(b, json_object_new_int(cta->svds[i].vic)));
		put(b, o, "cta_vics", vics);
	}
	if (has_data_block(cta, 7, 0x0e)) {
		struct json_object *vics = checked(b, json_object_new_array());

		for (size_t i = 0; vics && i < cta->num_y420_vics; i++)
			append(b, vics, checked(b, json_object_new_int(cta->y420_vics[i])));
		put(b, o, "cta_y420_vics", vics);
	}
	/* A map that marks no SVD (all-zero bitmap) lists nothing: the key is left out. */
	struct json_object *cmdb = NULL;

	for (size_t i = 0; i < cta->num_svds; i++) {
		if (!cta->svds[i].ycbcr420)
			continue;
		if (!cmdb)
			cmdb = checked(b, json_object_new_array());
		if (cmdb)
			append(b, cmdb, checked(b, json_object_new_int(cta->svds[i].vic)));
	}
	if (cmdb)
		put(b, o, "cta_y420_cmdb_vics", cmdb);
}

static void hdmi_json(struct builder *b, struct json_object *o, const struct dc_edid_cta *cta)
{
	const struct dc_edid_hdmi_vsdb *h = &cta->hdmi;
	const struct dc_edid_hdmi_forum *hf = &cta->hf;
	char s[32];

	put_bool(b, o, "has_hdmi_vsdb", h->present);
	put_bool(b, o, "has_hdmi_forum_vsdb", hf->present && !hf->is_scdb);
	if (h->present) {
		uint16_t a = h->physical_address;

		snprintf(s, sizeof(s), "%u.%u.%u.%u", a >> 12, (a >> 8) & 0xf, (a >> 4) & 0xf,
			 a & 0xf);
		put_str(b, o, "hdmi_physical_address", s);
		if (h->max_tmds_mhz)
			put_int(b, o, "hdmi_vsdb_max_tmds_mhz", h->max_tmds_mhz);
	}
	if (hf->present && hf->max_tmds_char_rate_mhz)
		put_int(b, o, "hdmi_forum_max_tmds_mhz", hf->max_tmds_char_rate_mhz);
	if (hf->present && hf->max_tmds_char_rate_mhz)
		put_int(b, o, "hdmi_max_tmds_mhz", hf->max_tmds_char_rate_mhz);
	else if (h->present && h->max_tmds_mhz)
		put_int(b, o, "hdmi_max_tmds_mhz", h->max_tmds_mhz);
	if (hf->present && hf->max_frl_lanes) {
		put_int(b, o, "hdmi_max_frl_lanes", hf->max_frl_lanes);
		put_int(b, o, "hdmi_max_frl_gbps_per_lane", hf->max_frl_gbps_per_lane);
	}
}

static void hdr_json(struct builder *b, struct json_object *o, const struct dc_edid_cta *cta)
{
	static const char *const eotfs[] = {
		"Traditional gamma - SDR luminance range",
		"Traditional gamma - HDR luminance range",
		"SMPTE ST2084",
		"Hybrid Log-Gamma",
	};
	struct json_object *arr;

	put_bool(b, o, "has_hdr_static_metadata", cta->hdr.present);
	if (!cta->hdr.present)
		return;
	arr = checked(b, json_object_new_array());
	for (unsigned i = 0; arr && i < 6; i++) {
		char s[32];

		if (!(cta->hdr.eotfs & (1u << i)))
			continue;
		if (i < 4) {
			append(b, arr, checked(b, json_object_new_string(eotfs[i])));
		} else {
			snprintf(s, sizeof(s), "Unknown (%u)", i);
			append(b, arr, checked(b, json_object_new_string(s)));
		}
	}
	put(b, o, "hdr_eotfs", arr);
}

static struct json_object *sad_json(struct builder *b, const struct dc_edid_sad *sad)
{
	static const char *const rates[7] = { "32.0", "44.1",  "48.0", "88.2",
					      "96.0", "176.4", "192.0" };
	struct json_object *o = checked(b, json_object_new_object());
	struct json_object *arr;
	char name[64];

	if (!o)
		return NULL;
	dc_edid_audio_format_name(sad, name, sizeof(name));
	put_str(b, o, "format", name);
	put_int(b, o, "block", sad->block);
	/* MPEG-H 3D Audio puts a level where the channel count would be */
	if (!(sad->format == 15 && sad->ext_format == 11))
		put_int(b, o, "max_channels", sad->channels);
	arr = checked(b, json_object_new_array());
	for (int i = 6; arr && i >= 0; i--)
		if (sad->rates & (1u << i))
			append(b, arr,
			       checked(b,
				       json_object_new_double_s(strtod(rates[i], NULL), rates[i])));
	put(b, o, "sample_rates_khz", arr);
	if (sad->format == 1 || (sad->format == 15 && sad->ext_format == 13)) {
		static const uint8_t sizes[3] = { 16, 20, 24 };

		arr = checked(b, json_object_new_array());
		for (int i = 2; arr && i >= 0; i--)
			if (sad->byte3 & (1u << i))
				append(b, arr, checked(b, json_object_new_int(sizes[i])));
		put(b, o, "sample_sizes_bits", arr);
	} else if (sad->format >= 2 && sad->format <= 8) {
		put_int(b, o, "max_bitrate_kbps", sad->byte3 * 8);
	}
	return o;
}

static void audio_json(struct builder *b, struct json_object *o, const struct dc_edid_cta *cta)
{
	struct json_object *arr = NULL;

	for (size_t i = 0; i < cta->num_sads; i++) {
		if (!cta->sads[i].format)
			continue; /* reserved code 0 describes no format */
		if (!arr)
			arr = checked(b, json_object_new_array());
		if (arr)
			append(b, arr, sad_json(b, &cta->sads[i]));
	}
	if (arr)
		put(b, o, "audio_formats", arr);
}

static void displayid_json(struct builder *b, struct json_object *o,
			   const struct dc_edid_displayid *did)
{
	struct json_object *arr, *t;
	char s[16];

	if (!did->has_tiled)
		return;
	arr = checked(b, json_object_new_array());
	t = checked(b, json_object_new_object());
	if (!arr || !t) {
		json_object_put(arr);
		json_object_put(t);
		return;
	}
	put_int(b, t, "block", did->tile_block);
	put_int(b, t, "h_tiles", did->h_tiles);
	put_int(b, t, "v_tiles", did->v_tiles);
	put_int(b, t, "h_location", did->h_location);
	put_int(b, t, "v_location", did->v_location);
	put_int(b, t, "tile_hactive", did->tile_width);
	put_int(b, t, "tile_vactive", did->tile_height);
	if (did->version >= 0x20)
		snprintf(s, sizeof(s), "%02X-%02X-%02X", did->tile_oui >> 16,
			 (did->tile_oui >> 8) & 0xff, did->tile_oui & 0xff);
	else
		snprintf(s, sizeof(s), "%s", did->tile_vendor);
	put_str(b, t, "vendor", s);
	put_int(b, t, "product_code", did->tile_product_code);
	put_int(b, t, "serial", did->tile_serial);
	append(b, arr, t);
	put(b, o, "tiled_display", arr);
}

static void caps_json(struct builder *b, struct json_object *o, const struct dc_edid *edid)
{
	static const char *const non_desktop[] = { "no", "microsoft_vsdb", "displayid_use_case",
						   "known_headset" };
	static const char *const vrr[] = { "none", "hdmi_forum", "amd_vsdb", "displayid",
					   "range_limits" };
	const struct dc_edid_caps *caps = &edid->caps;
	struct json_object *c = checked(b, json_object_new_object());

	if (!c)
		return;
	put_bool(b, c, "hdmi", caps->hdmi);
	put_bool(b, c, "hdmi_forum", caps->hdmi_forum);
	put_int(b, c, "max_tmds_khz", caps->max_tmds_khz);
	put_bool(b, c, "scdc", caps->scdc);
	put_bool(b, c, "scrambling_below_340", caps->scrambling_below_340);
	put_str(b, c, "non_desktop", non_desktop[caps->non_desktop]);
	put_str(b, c, "vrr_source", vrr[caps->vrr_source]);
	if (caps->vrr_source) {
		put_int(b, c, "vrr_min_hz", caps->vrr_min_hz);
		put_int(b, c, "vrr_max_hz", caps->vrr_max_hz);
	}
	put_bool(b, c, "hdr", caps->hdr);
	put_bool(b, c, "ycbcr444", caps->ycbcr444);
	put_bool(b, c, "ycbcr422", caps->ycbcr422);
	put_bool(b, c, "ycbcr420", caps->ycbcr420);
	put_int(b, c, "rgb_bpc_mask", caps->rgb_bpc);
	put_int(b, c, "ycbcr444_bpc_mask", caps->ycbcr444_bpc);
	put_int(b, c, "ycbcr420_bpc_mask", caps->ycbcr420_bpc);
	put_bool(b, c, "audio", caps->audio);
	put(b, o, "caps", c);
}

static void warnings_json(struct builder *b, struct json_object *o, const struct dc_edid *edid)
{
	struct json_object *arr = checked(b, json_object_new_array());

	for (size_t i = 0; arr && i < edid->num_warnings; i++)
		append(b, arr, checked(b, json_object_new_string(edid->warnings[i].text)));
	put(b, o, "warnings", arr);
	put_int(b, o, "warnings_dropped", (int64_t)edid->warnings_dropped);
}

/* The sink's mode list as dc/modes builds it (docs/edid.md "modes"). */
static struct json_object *mode_json(struct builder *b, const struct dc_mode *m)
{
	struct json_object *o = checked(b, json_object_new_object());

	if (!o)
		return NULL;
	put_str(b, o, "name", m->info.name);
	put_int(b, o, "hactive", m->info.hdisplay);
	put_int(b, o, "vactive", m->info.vdisplay);
	put_bool(b, o, "interlaced", m->info.flags & DRM_MODE_FLAG_INTERLACE);
	put(b, o, "refresh_hz", new_decimal(b, m->refresh_mhz / 1000.0, 3));
	put_int(b, o, "pixel_clock_khz", m->info.clock);
	put_bool(b, o, "preferred", m->preferred);
	put_str(b, o, "source", dc_mode_source_name(m->source));
	if (m->vic)
		put_int(b, o, "vic", m->vic);
	if (m->dmt_id)
		put_int(b, o, "dmt_id", m->dmt_id);
	put_bool(b, o, "ycbcr420", m->ycbcr420);
	put_bool(b, o, "ycbcr420_only", m->ycbcr420_only);
	return o;
}

static void modes_json(struct builder *b, struct json_object *o, const struct dc_edid *edid)
{
	struct dc_mode_list *list = NULL;
	struct json_object *arr;

	if (dc_mode_list_from_edid(edid, &list)) {
		b->failed = true;
		return;
	}
	arr = checked(b, json_object_new_array());
	for (size_t i = 0; arr && i < dc_mode_list_count(list); i++)
		append(b, arr, mode_json(b, dc_mode_list_get(list, i)));
	put(b, o, "modes", arr);
	dc_mode_list_destroy(list);
}

struct json_object *edid_to_json(const struct dc_edid *edid)
{
	struct builder b = { 0 };
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	base_json(&b, o, edid);
	blocks_json(&b, o, edid);
	put(&b, o, "detailed_timings", timings_json(&b, edid->dtds, edid->num_dtds, false));
	put(&b, o, "displayid_timings",
	    timings_json(&b, edid->displayid_timings, edid->num_displayid_timings, true));
	vics_json(&b, o, &edid->cta);
	hdmi_json(&b, o, &edid->cta);
	hdr_json(&b, o, &edid->cta);
	audio_json(&b, o, &edid->cta);
	displayid_json(&b, o, &edid->displayid);
	caps_json(&b, o, edid);
	modes_json(&b, o, edid);
	warnings_json(&b, o, edid);
	if (b.failed) {
		json_object_put(o);
		return NULL;
	}
	return o;
}
