/*
 * Scenario "display" objects: the EDID (a file or a description for the EDID
 * builder), the DP receiver, the HDMI sink and a DP++ adaptor. The format is
 * documented key by key in docs/scenarios.md.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edid_builder.h"
#include "sim_internal.h"
#include "sim_json.h"
#include "sim_modes.h"
#include "sim_scenario.h"

static const char *const rate_names[] = { "RBR", "HBR", "HBR2", NULL };
static const uint8_t rate_codes[] = { SIM_DP_RBR, SIM_DP_HBR, SIM_DP_HBR2 };

/* ---- timings ------------------------------------------------------------ */

static int parse_quad(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key,
		      uint16_t q[4])
{
	static const int64_t max[4] = { 4095, 1023, 1023, 4095 };
	char kpath[SJ_PATH_MAX], ipath[SJ_PATH_MAX];
	json_object *arr;
	int64_t v;
	int r = sj_array(ctx, path, obj, key, true, 4, 4, &arr);

	if (r < 0)
		return r;
	sj_key_path(kpath, path, key);
	for (size_t i = 0; i < 4; i++) {
		sj_index_path(ipath, kpath, i);
		r = sj_int_value(ctx, ipath, json_object_array_get_idx(arr, i), i == 0 ? 1 : 0,
				 max[i], &v);
		if (r < 0)
			return r;
		q[i] = (uint16_t)v;
	}
	return 0;
}

/* A mode: a named standard timing ("cta-1080p60") or an explicit timing. */
static int parse_mode(struct sj_ctx *ctx, const char *path, json_object *v, struct edid_timing *t)
{
	static const char *const keys[] = { "pixel_khz", "h",	       "v", "hsync",
					    "vsync",	 "interlaced", NULL };
	static const char *const pol[] = { "-", "+", NULL };
	uint16_t q[4];
	int64_t khz;
	unsigned p;
	bool b = false;
	int r;

	if (json_object_is_type(v, json_type_string)) {
		const struct sim_named_mode *m = sim_mode_find(json_object_get_string(v));

		if (!m)
			return sj_fail(
				ctx, path,
				"unknown mode \"%.40s\" (see docs/scenarios.md for the names)",
				json_object_get_string(v));
		*t = m->t;
		return 0;
	}
	if ((r = sj_object(ctx, path, v, keys)) < 0)
		return r;
	memset(t, 0, sizeof(*t));
	if ((r = sj_int(ctx, path, v, "pixel_khz", true, 10, 655350, &khz)) < 0)
		return r;
	if (khz % 10)
		return sj_fail(ctx, path,
			       "pixel_khz %lld is not a multiple of 10 kHz (EDID resolution)",
			       (long long)khz);
	t->pixel_khz = (uint32_t)khz;
	if ((r = parse_quad(ctx, path, v, "h", q)) < 0)
		return r;
	t->hactive = q[0], t->hfront = q[1], t->hsync = q[2], t->hback = q[3];
	if ((r = parse_quad(ctx, path, v, "v", q)) < 0)
		return r;
	t->vactive = q[0], t->vfront = q[1], t->vsync = q[2], t->vback = q[3];
	if (t->vfront > 63 || t->vsync > 63)
		return sj_fail(ctx, path, "vertical front porch and sync must be at most 63 lines");
	if (edid_timing_htotal(t) - t->hactive > 4095 || edid_timing_vtotal(t) - t->vactive > 4095)
		return sj_fail(ctx, path,
			       "blanking longer than 4095 does not fit a detailed timing");
	p = 1;
	if ((r = sj_enum(ctx, path, v, "hsync", false, pol, &p)) < 0)
		return r;
	t->hsync_pos = p;
	p = 1;
	if ((r = sj_enum(ctx, path, v, "vsync", false, pol, &p)) < 0)
		return r;
	t->vsync_pos = p;
	if ((r = sj_bool(ctx, path, v, "interlaced", &b)) < 0)
		return r;
	t->interlaced = b;
	return 0;
}

/* ---- EDID description ------------------------------------------------------- */

static int parse_hdmi_vsdb(struct sj_ctx *ctx, const char *path, json_object *v,
			   struct edid_desc *d)
{
	static const char *const keys[] = { "max_tmds_mhz", "deep_color", NULL };
	char kpath[SJ_PATH_MAX], ipath[SJ_PATH_MAX];
	json_object *arr;
	int64_t x;
	int r;

	if ((r = sj_object(ctx, path, v, keys)) < 0)
		return r;
	d->hdmi = true;
	x = 0;
	if ((r = sj_int(ctx, path, v, "max_tmds_mhz", false, 25, 1275, &x)) < 0)
		return r;
	if (x % 5)
		return sj_fail(ctx, path, "max_tmds_mhz %lld is not a multiple of 5 MHz",
			       (long long)x);
	d->hdmi_max_tmds_mhz = (uint16_t)x;
	if ((r = sj_array(ctx, path, v, "deep_color", false, 0, 3, &arr)) < 0)
		return r;
	sj_key_path(kpath, path, "deep_color");
	for (size_t i = 0; r > 0 && i < json_object_array_length(arr); i++) {
		sj_index_path(ipath, kpath, i);
		if ((r = sj_int_value(ctx, ipath, json_object_array_get_idx(arr, i), 30, 48, &x)) <
		    0)
			return r;
		if (x == 30)
			d->hdmi_dc_flags |= 0x10;
		else if (x == 36)
			d->hdmi_dc_flags |= 0x20;
		else if (x == 48)
			d->hdmi_dc_flags |= 0x40;
		else
			return sj_fail(ctx, ipath,
				       "deep color %lld bits per pixel: expected 30, 36 or 48",
				       (long long)x);
		r = 1;
	}
	return 0;
}

static int parse_hf_vsdb(struct sj_ctx *ctx, const char *path, json_object *v, struct edid_desc *d)
{
	static const char *const keys[] = { "max_tmds_char_rate_mhz", "scdc", "read_request",
					    "lte_340mcsc_scramble", NULL };
	int64_t x = 0;
	bool b;
	int r;

	if ((r = sj_object(ctx, path, v, keys)) < 0)
		return r;
	d->hf_vsdb = true;
	if ((r = sj_int(ctx, path, v, "max_tmds_char_rate_mhz", false, 0, 1275, &x)) < 0)
		return r;
	if (x && (x <= 340 || x % 5))
		return sj_fail(ctx, path,
			       "max_tmds_char_rate_mhz %lld: 0, or above 340 in steps of 5 MHz",
			       (long long)x);
	d->max_tmds_char_rate_mhz = (uint16_t)x;
	b = false;
	if ((r = sj_bool(ctx, path, v, "scdc", &b)) < 0)
		return r;
	d->scdc_present = b;
	b = false;
	if ((r = sj_bool(ctx, path, v, "read_request", &b)) < 0)
		return r;
	d->rr_capable = b;
	b = false;
	if ((r = sj_bool(ctx, path, v, "lte_340mcsc_scramble", &b)) < 0)
		return r;
	d->lte_340mcsc_scramble = b;
	if (d->rr_capable && !d->scdc_present)
		return sj_fail(ctx, path, "read_request needs scdc");
	return 0;
}

static int parse_sad(struct sj_ctx *ctx, const char *path, json_object *v, struct edid_sad *s)
{
	static const char *const keys[] = { "format", "channels", "rates_khz",
					    "bits",   "max_kbps", NULL };
	static const char *const formats[] = { "lpcm",	"ac3", "mpeg1", "mp3",
					       "mpeg2", "aac", "dts",	NULL };
	static const char *const rates[] = {
		"32", "44.1", "48", "88.2", "96", "176.4", "192", NULL
	};
	char kpath[SJ_PATH_MAX], ipath[SJ_PATH_MAX];
	json_object *arr;
	unsigned f = 0;
	int64_t x;
	int r;

	if ((r = sj_object(ctx, path, v, keys)) < 0)
		return r;
	if ((r = sj_enum(ctx, path, v, "format", true, formats, &f)) < 0)
		return r;
	s->format = (uint8_t)(f + 1);
	if ((r = sj_int(ctx, path, v, "channels", true, 1, 8, &x)) < 0)
		return r;
	s->channels = (uint8_t)x;
	if ((r = sj_array(ctx, path, v, "rates_khz", true, 1, 7, &arr)) < 0)
		return r;
	sj_key_path(kpath, path, "rates_khz");
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		json_object *e = json_object_array_get_idx(arr, i);
		char text[16];
		unsigned k;

		sj_index_path(ipath, kpath, i);
		if (json_object_is_type(e, json_type_int) ||
		    json_object_is_type(e, json_type_double))
			snprintf(text, sizeof(text), "%g", json_object_get_double(e));
		else
			return sj_fail(ctx, ipath, "expected a number of kHz");
		for (k = 0; rates[k] && strcmp(rates[k], text); k++)
			;
		if (!rates[k])
			return sj_fail(
				ctx, ipath,
				"%s kHz is not an audio rate (32, 44.1, 48, 88.2, 96, 176.4, 192)",
				text);
		s->rates |= (uint8_t)(1u << k);
	}
	if (s->format == 1) {
		if (json_object_object_get_ex(v, "max_kbps", NULL))
			return sj_fail(ctx, path,
				       "max_kbps is for compressed formats, LPCM has bits");
		if ((r = sj_array(ctx, path, v, "bits", true, 1, 3, &arr)) < 0)
			return r;
		sj_key_path(kpath, path, "bits");
		for (size_t i = 0; i < json_object_array_length(arr); i++) {
			sj_index_path(ipath, kpath, i);
			r = sj_int_value(ctx, ipath, json_object_array_get_idx(arr, i), 16, 24, &x);
			if (r < 0)
				return r;
			if (x != 16 && x != 20 && x != 24)
				return sj_fail(ctx, ipath, "%lld bits: expected 16, 20 or 24",
					       (long long)x);
			s->byte3 |= (uint8_t)(x == 16 ? 1 : x == 20 ? 2 : 4);
		}
	} else {
		if (json_object_object_get_ex(v, "bits", NULL))
			return sj_fail(ctx, path,
				       "bits is for LPCM, compressed formats have max_kbps");
		if ((r = sj_int(ctx, path, v, "max_kbps", true, 8, 2040, &x)) < 0)
			return r;
		s->byte3 = (uint8_t)(x / 8);
	}
	return 0;
}

static int parse_pair(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key,
		      int64_t min, int64_t max, uint8_t out[2])
{
	char kpath[SJ_PATH_MAX], ipath[SJ_PATH_MAX];
	json_object *arr;
	int64_t v[2];
	int r = sj_array(ctx, path, obj, key, true, 2, 2, &arr);

	if (r < 0)
		return r;
	sj_key_path(kpath, path, key);
	for (size_t i = 0; i < 2; i++) {
		sj_index_path(ipath, kpath, i);
		r = sj_int_value(ctx, ipath, json_object_array_get_idx(arr, i), min, max, &v[i]);
		if (r < 0)
			return r;
	}
	if (v[0] > v[1])
		return sj_fail(ctx, kpath, "minimum %lld above maximum %lld", (long long)v[0],
			       (long long)v[1]);
	out[0] = (uint8_t)v[0];
	out[1] = (uint8_t)v[1];
	return 0;
}

static int parse_range(struct sj_ctx *ctx, const char *path, json_object *v, struct edid_desc *d)
{
	static const char *const keys[] = { "v_hz", "h_khz", "max_pixel_mhz", NULL };
	uint8_t p[2];
	int64_t x;
	int r;

	if ((r = sj_object(ctx, path, v, keys)) < 0)
		return r;
	d->range = true;
	if ((r = parse_pair(ctx, path, v, "v_hz", 1, 255, p)) < 0)
		return r;
	d->vmin_hz = p[0], d->vmax_hz = p[1];
	if ((r = parse_pair(ctx, path, v, "h_khz", 1, 255, p)) < 0)
		return r;
	d->hmin_khz = p[0], d->hmax_khz = p[1];
	if ((r = sj_int(ctx, path, v, "max_pixel_mhz", true, 10, 2550, &x)) < 0)
		return r;
	if (x % 10)
		return sj_fail(ctx, path, "max_pixel_mhz %lld is not a multiple of 10 MHz",
			       (long long)x);
	d->max_pixel_mhz = (uint16_t)x;
	return 0;
}

static int parse_strings(struct sj_ctx *ctx, const char *path, json_object *v, struct edid_desc *d)
{
	const char *s;
	int r;

	s = "DCD";
	if ((r = sj_string(ctx, path, v, "vendor", false, 3, &s)) < 0)
		return r;
	if (strlen(s) != 3 || s[0] < 'A' || s[0] > 'Z' || s[1] < 'A' || s[1] > 'Z' || s[2] < 'A' ||
	    s[2] > 'Z') {
		char kpath[SJ_PATH_MAX];

		sj_key_path(kpath, path, "vendor");
		return sj_fail(ctx, kpath, "\"%s\" is not a PNP ID (three letters A-Z)", s);
	}
	memcpy(d->vendor, s, 4);
	s = "";
	if ((r = sj_string(ctx, path, v, "name", false, 13, &s)) < 0)
		return r;
	snprintf(d->name, sizeof(d->name), "%s", s);
	s = "";
	if ((r = sj_string(ctx, path, v, "serial_text", false, 13, &s)) < 0)
		return r;
	snprintf(d->serial_text, sizeof(d->serial_text), "%s", s);
	return 0;
}

static int parse_modes(struct sj_ctx *ctx, const char *path, json_object *v, struct edid_desc *d)
{
	char kpath[SJ_PATH_MAX], ipath[SJ_PATH_MAX];
	json_object *arr;
	int64_t x;
	int r;

	sj_key_path(kpath, path, "preferred");
	if (!json_object_object_get_ex(v, "preferred", &arr))
		return sj_fail(ctx, path, "missing key \"preferred\"");
	if ((r = parse_mode(ctx, kpath, arr, &d->preferred)) < 0)
		return r;
	if ((r = sj_array(ctx, path, v, "modes", false, 0, EDID_MAX_EXTRA, &arr)) < 0)
		return r;
	sj_key_path(kpath, path, "modes");
	for (size_t i = 0; r > 0 && i < json_object_array_length(arr); i++) {
		sj_index_path(ipath, kpath, i);
		if ((r = parse_mode(ctx, ipath, json_object_array_get_idx(arr, i), &d->extra[i])) <
		    0)
			return r;
		d->nextra = (unsigned)i + 1;
		r = 1;
	}
	if ((r = sj_array(ctx, path, v, "vics", false, 0, EDID_MAX_VICS, &arr)) < 0)
		return r;
	sj_key_path(kpath, path, "vics");
	for (size_t i = 0; r > 0 && i < json_object_array_length(arr); i++) {
		sj_index_path(ipath, kpath, i);
		if ((r = sj_int_value(ctx, ipath, json_object_array_get_idx(arr, i), 1, 219, &x)) <
		    0)
			return r;
		d->vics[d->nvics++] = (uint8_t)x;
		r = 1;
	}
	return 0;
}

static int parse_audio(struct sj_ctx *ctx, const char *path, json_object *v, struct edid_desc *d)
{
	char kpath[SJ_PATH_MAX], ipath[SJ_PATH_MAX];
	json_object *arr;
	int r = sj_array(ctx, path, v, "audio", false, 1, EDID_MAX_SADS, &arr);

	if (r <= 0)
		return r;
	sj_key_path(kpath, path, "audio");
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		sj_index_path(ipath, kpath, i);
		if ((r = parse_sad(ctx, ipath, json_object_array_get_idx(arr, i), &d->sads[i])) < 0)
			return r;
		d->nsads = (unsigned)i + 1;
	}
	return 0;
}

static int parse_description(struct sj_ctx *ctx, const char *path, json_object *v, uint8_t ctype,
			     struct edid_desc *d)
{
	static const char *const inputs[] = { "undefined", "dvi", "hdmi", "dp", NULL };
	static const uint8_t input_codes[] = { EDID_INPUT_UNDEFINED, EDID_INPUT_DVI,
					       EDID_INPUT_HDMI_A, EDID_INPUT_DP };
	char kpath[SJ_PATH_MAX];
	json_object *sub, *arr;
	unsigned input;
	int64_t x;
	int r;

	memset(d, 0, sizeof(*d));
	if ((r = parse_strings(ctx, path, v, d)) < 0)
		return r;
	x = 1;
	if ((r = sj_int(ctx, path, v, "product", false, 0, 65535, &x)) < 0)
		return r;
	d->product = (uint16_t)x;
	x = 0;
	if ((r = sj_int(ctx, path, v, "serial", false, 0, UINT32_MAX, &x)) < 0)
		return r;
	d->serial = (uint32_t)x;
	x = 1;
	if ((r = sj_int(ctx, path, v, "week", false, 0, 54, &x)) < 0)
		return r;
	d->week = (uint8_t)x;
	x = 2020;
	if ((r = sj_int(ctx, path, v, "year", false, 1990, 2245, &x)) < 0)
		return r;
	d->year = (uint16_t)x;
	d->width_mm = 600;
	d->height_mm = 340;
	if ((r = sj_array(ctx, path, v, "size_mm", false, 2, 2, &arr)) < 0)
		return r;
	if (r > 0) {
		char ipath[SJ_PATH_MAX];

		sj_key_path(kpath, path, "size_mm");
		for (size_t i = 0; i < 2; i++) {
			sj_index_path(ipath, kpath, i);
			r = sj_int_value(ctx, ipath, json_object_array_get_idx(arr, i), 10, 2550,
					 &x);
			if (r < 0)
				return r;
			*(i ? &d->height_mm : &d->width_mm) = (uint16_t)x;
		}
	}
	input = ctype == SIM_CONN_HDMI ? 2 : ctype == SIM_CONN_DVI ? 1 : 3;
	if ((r = sj_enum(ctx, path, v, "input", false, inputs, &input)) < 0)
		return r;
	d->input = input_codes[input];
	x = 8;
	if ((r = sj_int(ctx, path, v, "bpc", false, 0, 16, &x)) < 0)
		return r;
	if (x && (x < 6 || x % 2)) {
		sj_key_path(kpath, path, "bpc");
		return sj_fail(ctx, kpath, "%lld: expected 0, 6, 8, 10, 12, 14 or 16",
			       (long long)x);
	}
	d->bpc = (uint8_t)x;
	if ((r = parse_modes(ctx, path, v, d)) < 0)
		return r;
	if (json_object_object_get_ex(v, "hdmi", &sub)) {
		sj_key_path(kpath, path, "hdmi");
		if ((r = parse_hdmi_vsdb(ctx, kpath, sub, d)) < 0)
			return r;
	}
	if (json_object_object_get_ex(v, "hf_vsdb", &sub)) {
		sj_key_path(kpath, path, "hf_vsdb");
		if ((r = parse_hf_vsdb(ctx, kpath, sub, d)) < 0)
			return r;
		if (!d->hdmi)
			return sj_fail(ctx, kpath, "an HF-VSDB needs the \"hdmi\" block as well");
	}
	if ((r = parse_audio(ctx, path, v, d)) < 0)
		return r;
	if (json_object_object_get_ex(v, "range", &sub)) {
		sj_key_path(kpath, path, "range");
		if ((r = parse_range(ctx, kpath, sub, d)) < 0)
			return r;
	}
	{
		static const char *const hmds[] = { "none", "microsoft", "displayid", NULL };
		unsigned hmd = EDID_HMD_NONE;

		if ((r = sj_enum(ctx, path, v, "head_mounted", false, hmds, &hmd)) < 0)
			return r;
		d->head_mounted = (uint8_t)hmd;
	}
	x = 0;
	if ((r = sj_int(ctx, path, v, "blocks", false, 1, EDID_MAX_BLOCKS, &x)) < 0)
		return r;
	d->min_blocks = (unsigned)x;
	return 0;
}

/*
 * SCDC_Present of an EDID file: bit 7 of the flags byte of the HDMI Forum
 * VSDB (vendor tag 3, OUI C4-5D-D8) or of the HF-SCDB (extended tag 0x79;
 * byte 6 in both) in any CTA-861 extension. A built EDID
 * knows this from its description; a file has to be read for it.
 */
static bool edid_file_scdc(const uint8_t *edid, size_t len)
{
	for (size_t b = EDID_BLOCK_SIZE; b + EDID_BLOCK_SIZE <= len; b += EDID_BLOCK_SIZE) {
		const uint8_t *x = edid + b;
		size_t end = x[2];

		if (x[0] != 0x02 || end < 4 || end > EDID_BLOCK_SIZE - 1)
			continue;
		for (size_t i = 4; i < end; i += 1 + (x[i] & 0x1f)) {
			const uint8_t *p = x + i;
			size_t plen = p[0] & 0x1f, tag = p[0] >> 5;

			if (i + 1 + plen > end || plen < 6)
				continue;
			/* the SCDB has its extended tag and two reserved bytes where the OUI is */
			if ((tag == 3 && p[1] == 0xd8 && p[2] == 0x5d && p[3] == 0xc4) ||
			    (tag == 7 && p[1] == 0x79))
				return p[6] & 0x80;
		}
	}
	return false;
}

static int load_edid_file(struct sj_ctx *ctx, const char *path, const char *file,
			  struct sim_display *disp, bool *hf_scdc)
{
	char full[4096];
	FILE *f;
	size_t n;
	uint8_t extra;

	if (!ctx->dir)
		return sj_fail(ctx, path, "EDID files are not allowed in a scenario given as text");
	if (file[0] == '/')
		snprintf(full, sizeof(full), "%s", file);
	else
		snprintf(full, sizeof(full), "%s/%s", ctx->dir, file);
	f = fopen(full, "rbe");
	if (!f)
		return sj_fail(ctx, path, "cannot open EDID file %s: %s", full, strerror(errno));
	n = fread(disp->edid, 1, sizeof(disp->edid), f);
	if (n == sizeof(disp->edid) && fread(&extra, 1, 1, f) == 1) {
		fclose(f);
		return sj_fail(ctx, path, "EDID file %s is larger than %d bytes", full,
			       SIM_EDID_MAX);
	}
	fclose(f);
	if (n == 0 || n % EDID_BLOCK_SIZE)
		return sj_fail(ctx, path, "EDID file %s has %zu bytes, not a multiple of 128", full,
			       n);
	disp->edid_len = (uint16_t)n;
	*hf_scdc = edid_file_scdc(disp->edid, n);
	return 0;
}

static const char *const edid_keys[] = {
	"file", "vendor",  "product", "serial", "name",	     "serial_text",  "week",
	"year", "size_mm", "input",   "bpc",	"preferred", "modes",	     "vics",
	"hdmi", "hf_vsdb", "audio",   "range",	"blocks",    "head_mounted", NULL,
};

static int parse_edid(struct sj_ctx *ctx, const char *path, json_object *v, uint8_t ctype,
		      struct sim_display *disp, bool *hf_scdc)
{
	static const char *const file_keys[] = { "file", NULL };
	struct edid_desc *d;
	const char *file;
	char msg[200];
	size_t len;
	int r;

	if ((r = sj_object(ctx, path, v, edid_keys)) < 0)
		return r;
	if (json_object_object_get_ex(v, "file", NULL)) {
		if ((r = sj_object(ctx, path, v, file_keys)) < 0)
			return sj_fail(ctx, path, "an EDID from a file takes no other keys");
		if ((r = sj_string(ctx, path, v, "file", true, 1024, &file)) < 0)
			return r;
		return load_edid_file(ctx, path, file, disp, hf_scdc);
	}
	d = calloc(1, sizeof(*d));
	if (!d)
		return -ENOMEM;
	r = parse_description(ctx, path, v, ctype, d);
	if (r == 0) {
		r = edid_build(d, disp->edid, sizeof(disp->edid), &len, msg, sizeof(msg));
		if (r < 0)
			r = sj_fail(ctx, path, "%s", msg);
		else
			disp->edid_len = (uint16_t)len;
	}
	*hf_scdc = d->scdc_present;
	free(d);
	return r;
}

/* ---- DP receiver ------------------------------------------------------------ */

static int rate_list(struct sj_ctx *ctx, const char *path, json_object *v, const char *key,
		     uint8_t *bits)
{
	char kpath[SJ_PATH_MAX], ipath[SJ_PATH_MAX];
	json_object *arr;
	int r = sj_array(ctx, path, v, key, false, 0, 3, &arr);

	if (r <= 0)
		return r;
	sj_key_path(kpath, path, key);
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		json_object *e = json_object_array_get_idx(arr, i);
		unsigned k;

		sj_index_path(ipath, kpath, i);
		for (k = 0; rate_names[k] && (!json_object_is_type(e, json_type_string) ||
					      strcmp(rate_names[k], json_object_get_string(e)));
		     k++)
			;
		if (!rate_names[k])
			return sj_fail(ctx, ipath, "expected \"RBR\", \"HBR\" or \"HBR2\"");
		*bits |= (uint8_t)(1u << k);
	}
	return 0;
}

static int parse_requirement(struct sj_ctx *ctx, const char *path, json_object *v,
			     struct sim_dp_training *tr, size_t i)
{
	static const char *const keys[] = { "rate", "swing", "pre_emphasis", NULL };
	static const char *const rates[] = { "any", "RBR", "HBR", "HBR2", NULL };
	unsigned rate = 0;
	int64_t swing = 0, pre = 0;
	int r;

	if ((r = sj_object(ctx, path, v, keys)) < 0)
		return r;
	if ((r = sj_enum(ctx, path, v, "rate", false, rates, &rate)) < 0)
		return r;
	if ((r = sj_int(ctx, path, v, "swing", false, 0, 3, &swing)) < 0)
		return r;
	if ((r = sj_int(ctx, path, v, "pre_emphasis", false, 0, 3, &pre)) < 0)
		return r;
	if (swing + pre > 3)
		return sj_fail(
			ctx, path,
			"swing %lld + pre_emphasis %lld exceeds level 3 (no source can drive it)",
			(long long)swing, (long long)pre);
	tr->req[i].rate = rate ? rate_codes[rate - 1] : 0;
	tr->req[i].swing = (uint8_t)swing;
	tr->req[i].pre = (uint8_t)pre;
	tr->nreq = (uint8_t)(i + 1);
	return 0;
}

static int parse_training(struct sj_ctx *ctx, const char *path, json_object *v,
			  struct sim_dp_training *tr)
{
	static const char *const keys[] = { "requirements", "fail_rates", "fail_channel_eq_rates",
					    "fail_lane_counts", NULL };
	char kpath[SJ_PATH_MAX], ipath[SJ_PATH_MAX];
	json_object *arr;
	int64_t x;
	int r;

	if ((r = sj_object(ctx, path, v, keys)) < 0)
		return r;
	if ((r = sj_array(ctx, path, v, "requirements", false, 0, SIM_MAX_TRAIN_REQS, &arr)) < 0)
		return r;
	sj_key_path(kpath, path, "requirements");
	for (size_t i = 0; r > 0 && i < json_object_array_length(arr); i++) {
		sj_index_path(ipath, kpath, i);
		if ((r = parse_requirement(ctx, ipath, json_object_array_get_idx(arr, i), tr, i)) <
		    0)
			return r;
		r = 1;
	}
	if ((r = rate_list(ctx, path, v, "fail_rates", &tr->fail_cr_rates)) < 0)
		return r;
	if ((r = rate_list(ctx, path, v, "fail_channel_eq_rates", &tr->fail_eq_rates)) < 0)
		return r;
	if ((r = sj_array(ctx, path, v, "fail_lane_counts", false, 0, 3, &arr)) < 0)
		return r;
	sj_key_path(kpath, path, "fail_lane_counts");
	for (size_t i = 0; r > 0 && i < json_object_array_length(arr); i++) {
		sj_index_path(ipath, kpath, i);
		if ((r = sj_int_value(ctx, ipath, json_object_array_get_idx(arr, i), 1, 4, &x)) < 0)
			return r;
		if (x == 3)
			return sj_fail(ctx, ipath, "DP links have 1, 2 or 4 lanes");
		tr->fail_lanes |= (uint8_t)(x == 1 ? 1 : x == 2 ? 2 : 4);
		r = 1;
	}
	return 0;
}

static int parse_dp(struct sj_ctx *ctx, const char *path, json_object *v, struct sim_dp_caps *dp)
{
	static const char *const keys[] = { "dpcd_rev",
					    "max_rate",
					    "max_lanes",
					    "tps3",
					    "mst",
					    "enhanced_framing",
					    "aux_rd_interval",
					    "aux_defer",
					    "training",
					    "msa_timing_par_ignored",
					    NULL };
	static const char *const revs[] = { "1.1", "1.2", NULL };
	char kpath[SJ_PATH_MAX];
	json_object *sub;
	unsigned rev = 1, rate = 2;
	int64_t x;
	int r;

	if ((r = sj_object(ctx, path, v, keys)) < 0)
		return r;
	if ((r = sj_enum(ctx, path, v, "dpcd_rev", false, revs, &rev)) < 0)
		return r;
	dp->dpcd_rev = rev ? 0x12 : 0x11;
	if ((r = sj_enum(ctx, path, v, "max_rate", false, rate_names, &rate)) < 0)
		return r;
	dp->max_rate = rate_codes[rate];
	x = 4;
	if ((r = sj_int(ctx, path, v, "max_lanes", false, 1, 4, &x)) < 0)
		return r;
	if (x == 3) {
		sj_key_path(kpath, path, "max_lanes");
		return sj_fail(ctx, kpath, "DP receivers have 1, 2 or 4 lanes");
	}
	dp->max_lanes = (uint8_t)x;
	dp->tps3 = rev == 1 && rate == 2;
	if ((r = sj_bool(ctx, path, v, "tps3", &dp->tps3)) < 0)
		return r;
	if ((r = sj_bool(ctx, path, v, "mst", &dp->mst)) < 0)
		return r;
	dp->enhanced_framing = true;
	if ((r = sj_bool(ctx, path, v, "enhanced_framing", &dp->enhanced_framing)) < 0)
		return r;
	if ((r = sj_bool(ctx, path, v, "msa_timing_par_ignored", &dp->msa_ignored)) < 0)
		return r;
	x = 0;
	if ((r = sj_int(ctx, path, v, "aux_rd_interval", false, 0, 4, &x)) < 0)
		return r;
	dp->aux_rd_interval = (uint8_t)x;
	x = 0;
	if ((r = sj_int(ctx, path, v, "aux_defer", false, 0, 1000, &x)) < 0)
		return r;
	dp->aux_defer = (uint32_t)x;
	if (rev == 0 && (dp->tps3 || dp->mst || rate == 2))
		return sj_fail(ctx, path, "TPS3, MST and HBR2 need dpcd_rev \"1.2\"");
	if (json_object_object_get_ex(v, "training", &sub)) {
		sj_key_path(kpath, path, "training");
		if ((r = parse_training(ctx, kpath, sub, &dp->training)) < 0)
			return r;
	}
	return 0;
}

/* ---- display ---------------------------------------------------------------- */

static int parse_dongle(struct sj_ctx *ctx, const char *path, json_object *v, struct sim_display *d)
{
	static const char *const keys[] = { "type", "max_tmds_mhz", NULL };
	int64_t type, mhz;
	int r;

	if ((r = sj_object(ctx, path, v, keys)) < 0)
		return r;
	if ((r = sj_int(ctx, path, v, "type", true, 1, 2, &type)) < 0)
		return r;
	mhz = type == 2 ? 300 : 165;
	if ((r = sj_int(ctx, path, v, "max_tmds_mhz", false, 25, 637, &mhz)) < 0)
		return r;
	if (type == 1 && mhz != 165)
		return sj_fail(ctx, path, "type 1 adaptors are limited to 165 MHz");
	d->dongle = true;
	d->dongle_type = (uint8_t)type;
	d->dongle_max_tmds_mhz = (uint16_t)mhz;
	return 0;
}

int sim_display_parse(struct sj_ctx *ctx, const char *path, json_object *v, uint8_t ctype,
		      struct sim_display *d)
{
	static const char *const keys[] = { "edid", "dp", "hdmi", "dongle", NULL };
	static const char *const hdmi_keys[] = { "scdc", NULL };
	char kpath[SJ_PATH_MAX];
	json_object *sub;
	bool hf_scdc = false;
	int r;

	if ((r = sj_object(ctx, path, v, keys)) < 0)
		return r;
	sim_display_default(d, ctype);
	if (json_object_object_get_ex(v, "dongle", &sub)) {
		sj_key_path(kpath, path, "dongle");
		if (ctype != SIM_CONN_DP)
			return sj_fail(ctx, kpath, "a DP++ adaptor only fits a DP connector");
		if ((r = parse_dongle(ctx, kpath, sub, d)) < 0)
			return r;
		d->dp = false;
		d->hdmi = true;
	}
	if (!json_object_object_get_ex(v, "edid", &sub))
		return sj_fail(ctx, path, "missing key \"edid\"");
	sj_key_path(kpath, path, "edid");
	if ((r = parse_edid(ctx, kpath, sub, d->dp ? ctype : SIM_CONN_HDMI, d, &hf_scdc)) < 0)
		return r;
	if (ctype == SIM_CONN_DVI)
		d->hdmi = false;
	if (json_object_object_get_ex(v, "dp", &sub)) {
		sj_key_path(kpath, path, "dp");
		if (!d->dp)
			return sj_fail(ctx, kpath,
				       "only a DP or eDP sink (no adaptor) has a DP receiver");
		if ((r = parse_dp(ctx, kpath, sub, &d->dp_caps)) < 0)
			return r;
	}
	d->scdc = d->hdmi && hf_scdc;
	if (json_object_object_get_ex(v, "hdmi", &sub)) {
		sj_key_path(kpath, path, "hdmi");
		if (!d->hdmi)
			return sj_fail(ctx, kpath, "only an HDMI sink has HDMI settings");
		if ((r = sj_object(ctx, kpath, sub, hdmi_keys)) < 0)
			return r;
		if ((r = sj_bool(ctx, kpath, sub, "scdc", &d->scdc)) < 0)
			return r;
	}
	return 0;
}

int sim_display_parse_json(const char *json, uint8_t ctype, struct sim_display *d,
			   struct sim_error *err)
{
	struct sj_ctx ctx = { .name = "<display>", .dir = NULL, .err = err };
	json_object *root;
	int r;

	if (!json)
		return -EINVAL;
	r = sj_parse(&ctx, json, strlen(json), &root);
	if (r < 0)
		return r;
	r = sim_display_parse(&ctx, "", root, ctype, d);
	json_object_put(root);
	return r;
}
