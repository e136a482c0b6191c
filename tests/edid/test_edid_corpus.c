/*
 * Decodes every EDID of the corpus (tests/data/edid: 400 real monitors) and
 * compares the JSON of tools/lib/edid_json.c with the reference summary
 * <name>.expect.json, made from the output of the independent decoder
 * edid-decode, field by field. Every mismatch is printed with the file, the
 * field path and both values; the test fails on any mismatch that is not in
 * the exception table below, and on any exception that no longer applies.
 *
 * Usage: test-edid-corpus DATA_DIR
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edid_json.h"

/* Fields compared for every file. */
static const char *const fields[] = {
	/* the fields the acceptance list names */
	"manufacturer",
	"product_code",
	"serial",
	"week",
	"year",
	"edid_version",
	"digital",
	"monitor_name",
	"preferred_mode",
	"extension_count",
	"checksum_ok",
	"detailed_timings",
	"displayid_timings",
	"cta_vics",
	"has_hdmi_vsdb",
	"has_hdmi_forum_vsdb",
	"hdmi_max_tmds_mhz",
	"has_hdr_static_metadata",
	"audio_formats",
	/* and the other reference fields the decoder also produces */
	"year_kind",
	"first_dtd_preferred_flag",
	"max_image_size_cm",
	"blocks_present",
	"size_bytes",
	"blocks",
	"cta_revisions",
	"cta_y420_vics",
	"cta_y420_cmdb_vics",
	"hdmi_physical_address",
	"hdmi_vsdb_max_tmds_mhz",
	"hdmi_forum_max_tmds_mhz",
	"hdr_eotfs",
	"displayid_section_checksum_ok",
	"tiled_display",
};

/*
 * Where edid-decode (the Debian 12 build the references were made with) is
 * wrong by the standard, the entry names the value, the value the standard
 * gives (which the decoder must produce) and the clause. An entry that no
 * longer mismatches is reported as stale.
 *
 * Two garbage interlaced DTDs with 255-line vertical borders. edid-decode
 * counts the borders in the blanking for progressive timings (its back
 * porch is vblank - vfront - vsync - 2 * vborder, the convention of the
 * reference files) but leaves 2 * vborder out of the field total of
 * interlaced ones. The DTD of E-EDID 1.4 section 3.10 (detailed timing
 * table) codes the vertical blanking and border of one field the same way
 * for both, so a field has vactive/2 + vblank lines (+0.5 for interlace),
 * which gives the refresh rates below (argued in docs/edid.md, "Where
 * edid-decode is wrong").
 */
#define BORDER_REASON                                                                        \
	"E-EDID 1.4 s3.10: an interlaced DTD codes one field's blanking and borders like a " \
	"progressive one; edid-decode drops 2*vborder from the interlaced field total only"

static const struct exception {
	const char *file;
	const char *path;
	double value;
	const char *reason;
} exceptions[] = {
	{ "Philips-PHL0000-9865b8f2.bin", "detailed_timings[2].refresh_hz", 9.770, BORDER_REASON },
	{ "Philips-PHL0000-9865b8f2.bin", "detailed_timings[3].refresh_hz", 9.770, BORDER_REASON },
	{ "Philips-PHL0000-9865b8f2.bin", "detailed_timings[4].refresh_hz", 9.770, BORDER_REASON },
	{ "Philips-PHL0000-9865b8f2.bin", "detailed_timings[5].refresh_hz", 9.770, BORDER_REASON },
	{ "Samsung-SAM0CD3-2931d6a3.bin", "detailed_timings[4].refresh_hz", 10.967, BORDER_REASON },
};

#define NUM_EXCEPTIONS (sizeof(exceptions) / sizeof(exceptions[0]))

struct stats {
	unsigned files, compared, mismatches, excepted;
	bool used[NUM_EXCEPTIONS];
};

static char *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n + 1);
		if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		}
		if (buf) {
			buf[n] = '\0';
			*size = (size_t)n;
		}
	}
	fclose(f);
	return buf;
}

static const char *show(struct json_object *o)
{
	return o ? json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN) : "(absent)";
}

/* One file's comparison: where mismatches go. */
struct cmp {
	const char *file;
	struct stats *st;
	char path[256];
};

/*
 * A leaf that differs: excepted when the exception table lists it and the
 * decoder gives the standard's value, a reported mismatch otherwise.
 */
static bool leaf_differs(struct cmp *c, struct json_object *exp, struct json_object *got)
{
	for (size_t i = 0; i < NUM_EXCEPTIONS; i++) {
		const struct exception *x = &exceptions[i];

		if (strcmp(x->file, c->file) || strcmp(x->path, c->path))
			continue;
		if (got && fabs(json_object_get_double(got) - x->value) < 1e-6) {
			c->st->used[i] = true;
			c->st->excepted++;
			return true;
		}
		printf("%s: %s: expected %g by the standard (%s), got %s\n", c->file, c->path,
		       x->value, x->reason, show(got));
		c->st->mismatches++;
		return false;
	}
	printf("%s: %s: expected %s, got %s\n", c->file, c->path, show(exp), show(got));
	c->st->mismatches++;
	return false;
}

/* Deep comparison; numbers compare as doubles (refresh rates carry 3 decimals). */
static bool equal(struct cmp *c, struct json_object *exp, struct json_object *got);

static bool equal_objects(struct cmp *c, struct json_object *exp, struct json_object *got)
{
	/* Optional keys must be absent where the reference leaves them out. */
	static const char *const optional[] = { "dtd_number", "max_channels", "sample_sizes_bits",
						"max_bitrate_kbps" };
	size_t len = strlen(c->path);
	bool ok = true;

	/* the iterator API: the foreach macro is a GNU extension clang rejects under -Wpedantic */
	struct json_object_iterator it = json_object_iter_begin(exp);
	struct json_object_iterator end = json_object_iter_end(exp);

	for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
		const char *key = json_object_iter_peek_name(&it);
		struct json_object *val = json_object_iter_peek_value(&it), *mine = NULL;

		snprintf(c->path + len, sizeof(c->path) - len, ".%s", key);
		if (!json_object_object_get_ex(got, key, &mine))
			ok &= leaf_differs(c, val, NULL);
		else
			ok &= equal(c, val, mine);
	}
	for (size_t i = 0; i < sizeof(optional) / sizeof(optional[0]); i++) {
		struct json_object *mine;

		if (json_object_object_get_ex(exp, optional[i], NULL) ||
		    !json_object_object_get_ex(got, optional[i], &mine))
			continue;
		snprintf(c->path + len, sizeof(c->path) - len, ".%s", optional[i]);
		ok &= leaf_differs(c, NULL, mine);
	}
	c->path[len] = '\0';
	return ok;
}

static bool equal(struct cmp *c, struct json_object *exp, struct json_object *got)
{
	enum json_type te = json_object_get_type(exp), tg = json_object_get_type(got);
	size_t len = strlen(c->path);
	bool ok;

	if ((te == json_type_int || te == json_type_double) &&
	    (tg == json_type_int || tg == json_type_double))
		ok = fabs(json_object_get_double(exp) - json_object_get_double(got)) < 1e-6;
	else if (te != tg)
		ok = false;
	else if (te == json_type_object)
		return equal_objects(c, exp, got);
	else if (te == json_type_array &&
		 json_object_array_length(exp) == json_object_array_length(got)) {
		ok = true;
		for (size_t i = 0; i < json_object_array_length(exp); i++) {
			snprintf(c->path + len, sizeof(c->path) - len, "[%zu]", i);
			ok &= equal(c, json_object_array_get_idx(exp, i),
				    json_object_array_get_idx(got, i));
		}
		c->path[len] = '\0';
		return ok;
	} else if (te == json_type_array)
		ok = false;
	else if (te == json_type_null)
		ok = true;
	else if (te == json_type_boolean)
		ok = json_object_get_boolean(exp) == json_object_get_boolean(got);
	else
		ok = !strcmp(json_object_get_string(exp), json_object_get_string(got));
	return ok || leaf_differs(c, exp, got);
}

/*
 * The reference gives the HDMI 2.1 Max_FRL_Rate as edid-decode's sentence
 * ("3 and 6 Gbps per lane on 3 lanes, 6 Gbps on 4 lanes"); the decoder gives
 * the lane count and top rate, which must be where the sentence ends.
 */
static bool frl_matches(struct json_object *exp, struct json_object *got, const char *file)
{
	struct json_object *text, *lanes, *gbps;
	char tail[64];

	if (!json_object_object_get_ex(exp, "hdmi_max_frl", &text))
		return !json_object_object_get_ex(got, "hdmi_max_frl_lanes", NULL);
	if (!json_object_object_get_ex(got, "hdmi_max_frl_lanes", &lanes) ||
	    !json_object_object_get_ex(got, "hdmi_max_frl_gbps_per_lane", &gbps)) {
		printf("%s: hdmi_max_frl: expected %s, got (absent)\n", file, show(text));
		return false;
	}
	const char *s = json_object_get_string(text);
	size_t n = strlen(s);

	snprintf(tail, sizeof(tail), "%d Gbps per lane on %d lanes", json_object_get_int(gbps),
		 json_object_get_int(lanes));
	if (n >= strlen(tail) && !strcmp(s + n - strlen(tail), tail))
		return true;
	snprintf(tail, sizeof(tail), "%d Gbps on %d lanes", json_object_get_int(gbps),
		 json_object_get_int(lanes));
	if (n >= strlen(tail) && !strcmp(s + n - strlen(tail), tail))
		return true;
	printf("%s: hdmi_max_frl: expected %s, got %d lanes x %d Gbps\n", file, s,
	       json_object_get_int(lanes), json_object_get_int(gbps));
	return false;
}

static bool has_feature(struct json_object *manifest, const char *bin, const char *feature)
{
	for (size_t i = 0; i < json_object_array_length(manifest); i++) {
		struct json_object *e = json_object_array_get_idx(manifest, i), *v;

		if (!json_object_object_get_ex(e, "file", &v) ||
		    strcmp(json_object_get_string(v), bin))
			continue;
		if (!json_object_object_get_ex(e, "features", &v))
			return false;
		for (size_t j = 0; j < json_object_array_length(v); j++)
			if (!strcmp(json_object_get_string(json_object_array_get_idx(v, j)),
				    feature))
				return true;
		return false;
	}
	return false;
}

/*
 * The manifest tags the VR headsets and the handheld panels (Steam Deck)
 * of the corpus: the first must be reported non-desktop, the second not.
 */
static void check_non_desktop(struct json_object *manifest, const char *bin,
			      struct json_object *got, struct stats *st)
{
	struct json_object *caps, *nd;
	bool non_desktop;

	if (!json_object_object_get_ex(got, "caps", &caps) ||
	    !json_object_object_get_ex(caps, "non_desktop", &nd))
		return;
	non_desktop = strcmp(json_object_get_string(nd), "no") != 0;
	st->compared++;
	if (has_feature(manifest, bin, "vr_headset") && !non_desktop) {
		printf("%s: caps.non_desktop: a VR headset reported as a desktop display\n", bin);
		st->mismatches++;
	} else if (has_feature(manifest, bin, "handheld_panel") && non_desktop) {
		printf("%s: caps.non_desktop: a handheld panel reported as %s\n", bin,
		       json_object_get_string(nd));
		st->mismatches++;
	}
}

static int check_file(const char *dir, const char *bin, struct json_object *manifest,
		      struct stats *st)
{
	char path[4096], name[1024];
	size_t size, jsize;
	struct dc_edid *edid;
	struct json_object *got, *exp;
	char *data, *text;
	int ret;

	snprintf(path, sizeof(path), "%s/%s", dir, bin);
	data = read_all(path, &size);
	snprintf(name, sizeof(name), "%.*s", (int)(strlen(bin) - 4), bin);
	snprintf(path, sizeof(path), "%s/%s.expect.json", dir, name);
	text = read_all(path, &jsize);
	if (!data || !text) {
		printf("%s: cannot read the .bin or its .expect.json\n", bin);
		free(data);
		free(text);
		return -1;
	}
	exp = json_tokener_parse(text);
	free(text);
	ret = dc_edid_parse((const uint8_t *)data, size, &edid);
	free(data);
	if (ret || !exp) {
		printf("%s: dc_edid_parse returned %d\n", bin, ret);
		json_object_put(exp);
		return -1;
	}
	got = edid_to_json(edid);
	dc_edid_destroy(edid);
	if (!got) {
		printf("%s: edid_to_json failed\n", bin);
		json_object_put(exp);
		return -1;
	}

	st->files++;
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		struct json_object *e = NULL, *g = NULL;
		bool has_e = json_object_object_get_ex(exp, fields[i], &e);
		bool has_g = json_object_object_get_ex(got, fields[i], &g);
		struct cmp c = { .file = bin, .st = st };

		snprintf(c.path, sizeof(c.path), "%s", fields[i]);
		st->compared++;
		if (has_e && has_g)
			equal(&c, e, g);
		else if (has_e != has_g)
			leaf_differs(&c, has_e ? e : NULL, has_g ? g : NULL);
	}
	st->compared++;
	if (!frl_matches(exp, got, bin))
		st->mismatches++;
	check_non_desktop(manifest, bin, got, st);
	json_object_put(got);
	json_object_put(exp);
	return 0;
}

static int is_bin(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 4 && !strcmp(d->d_name + n - 4, ".bin");
}

int main(int argc, char **argv)
{
	struct stats st = { 0 };
	struct json_object *manifest;
	struct dirent **list;
	char path[4096];
	int n, failures = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s DATA_DIR\n", argv[0]);
		return 2;
	}
	snprintf(path, sizeof(path), "%s/manifest.json", argv[1]);
	manifest = json_object_from_file(path);
	if (!manifest || !json_object_is_type(manifest, json_type_array)) {
		fprintf(stderr, "%s: cannot read the manifest\n", path);
		return 1;
	}
	n = scandir(argv[1], &list, is_bin, alphasort);
	if (n < 0) {
		fprintf(stderr, "%s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	for (int i = 0; i < n; i++) {
		if (check_file(argv[1], list[i]->d_name, manifest, &st))
			failures++;
		free(list[i]);
	}
	free(list);
	for (size_t i = 0; i < NUM_EXCEPTIONS; i++) {
		if (st.used[i])
			continue;
		printf("%s: %s: exception listed but the values agree (stale): %s\n",
		       exceptions[i].file, exceptions[i].path, exceptions[i].reason);
		st.mismatches++;
	}
	json_object_put(manifest);
	printf("%u files, %u field comparisons, %u mismatches, %u documented exceptions, %d "
	       "unreadable\n",
	       st.files, st.compared, st.mismatches, st.excepted, failures);
	if (n == 0) {
		printf("no .bin files in %s\n", argv[1]);
		return 1;
	}
	return st.mismatches || failures ? 1 : 0;
}
