/*
 * The state file, STATE_DIR/dcd-state.json (format in docs/recovery.md):
 * what every output shows (mode, encoding, depth, blank color, resources,
 * planes with their framebuffer ids and device addresses, whether it is
 * the idle picture and the idle settings in force) and the framebuffers in
 * systemd's fd store with their device addresses and layouts.
 *
 * Written after every commit and every framebuffer put into the fd store,
 * atomically: a temporary file in the same folder renamed over the old
 * one. A reader sees the old file or the new one, never a mix. No fsync:
 * the file must survive dcd, not a power cut, which resets the engine it
 * describes (docs/recovery.md); an fsync would stall the event loop.
 *
 * Read once at start and checked like any input from outside: every value
 * in range, links that exist on this engine, at most one entry per link.
 * A file that fails is ignored (the hardware is adopted as it is); the
 * reason names the JSON path.
 */
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dcd.h"
#include "recovery.h"
#include "sim_json.h"

#define MAX_STATE_BYTES (1u << 20)
#define MAX_ADDRESS	(1ull << 40) /* what a DCE surface address register holds */
#define MAX_FBS		4096

// clang-format off
static const char *const encodings[] = { "rgb", "ycbcr444", "ycbcr422", "ycbcr420", NULL };
static const char *const signals[] = { "none", "dp", "edp", "hdmi", "dvi", "dvi-dual", NULL };
static const char *const idle_kinds[] = { "off", "current", "preferred", "mode", NULL };
// clang-format on

/* ---- writing -------------------------------------------------------------------------- */

static void add_int(json_object *o, const char *key, int64_t v)
{
	json_object_object_add(o, key, json_object_new_int64(v));
}

static json_object *mode_json(const struct drm_mode_modeinfo *m)
{
	json_object *o = json_object_new_object();
	char name[DRM_DISPLAY_MODE_LEN + 1];

	memcpy(name, m->name, DRM_DISPLAY_MODE_LEN);
	name[DRM_DISPLAY_MODE_LEN] = 0;
	json_object_object_add(o, "name", json_object_new_string(name));
	add_int(o, "clock", m->clock);
	add_int(o, "hdisplay", m->hdisplay);
	add_int(o, "hsync_start", m->hsync_start);
	add_int(o, "hsync_end", m->hsync_end);
	add_int(o, "htotal", m->htotal);
	add_int(o, "hskew", m->hskew);
	add_int(o, "vdisplay", m->vdisplay);
	add_int(o, "vsync_start", m->vsync_start);
	add_int(o, "vsync_end", m->vsync_end);
	add_int(o, "vtotal", m->vtotal);
	add_int(o, "vscan", m->vscan);
	add_int(o, "vrefresh", m->vrefresh);
	add_int(o, "flags", m->flags);
	add_int(o, "type", m->type);
	return o;
}

static json_object *fourcc_json(uint32_t f)
{
	char s[5] = { (char)(f & 0xff), (char)(f >> 8 & 0xff), (char)(f >> 16 & 0xff),
		      (char)(f >> 24), 0 };

	return json_object_new_string(s);
}

static json_object *hex_json(uint64_t v)
{
	char s[24];

	snprintf(s, sizeof(s), "0x%llx", (unsigned long long)v);
	return json_object_new_string(s);
}

static json_object *stream_json(const struct dc_stream *s)
{
	const struct dc_plane *p = &s->primary;
	const struct dc_cursor *c = &s->cursor;
	const struct dc_stream_resources *r = &s->res;
	json_object *res = json_object_new_object(), *o = json_object_new_object();
	json_object *prim = json_object_new_object(), *cur = json_object_new_object();

	json_object_object_add(o, "mode", mode_json(&s->mode));
	json_object_object_add(o, "encoding", json_object_new_string(encodings[s->encoding]));
	add_int(o, "bpc", s->bpc);
	add_int(o, "blank_color", s->blank_color);
	add_int(res, "timing_generator", r->timing_generator);
	add_int(res, "pipe", r->pipe);
	add_int(res, "stream_encoder", r->stream_encoder);
	add_int(res, "link_encoder", r->link_encoder);
	add_int(res, "clock_source", r->clock_source);
	add_int(res, "audio", r->audio);
	add_int(res, "pixel_clock_khz", r->pixel_clock_khz);
	json_object_object_add(res, "signal", json_object_new_string(signals[r->signal]));
	json_object_object_add(res, "hdmi_scrambling", json_object_new_boolean(r->hdmi_scrambling));
	add_int(res, "vrr_vtotal_max", r->vrr_vtotal_max);
	json_object_object_add(o, "resources", res);

	json_object_object_add(prim, "enabled", json_object_new_boolean(p->enabled));
	if (p->enabled) {
		json_object_object_add(prim, "format", fourcc_json(p->format));
		json_object_object_add(prim, "modifier", hex_json(p->modifier));
		add_int(prim, "width", p->width);
		add_int(prim, "height", p->height);
		add_int(prim, "pitch", p->pitch);
		add_int(prim, "address", (int64_t)p->address);
		add_int(prim, "src_x", p->src_x);
		add_int(prim, "src_y", p->src_y);
		add_int(prim, "src_w", p->src_w);
		add_int(prim, "src_h", p->src_h);
		add_int(prim, "dst_x", p->dst_x);
		add_int(prim, "dst_y", p->dst_y);
		add_int(prim, "dst_w", p->dst_w);
		add_int(prim, "dst_h", p->dst_h);
	}
	json_object_object_add(o, "primary", prim);
	json_object_object_add(cur, "enabled", json_object_new_boolean(c->enabled));
	if (c->enabled) {
		add_int(cur, "width", c->width);
		add_int(cur, "height", c->height);
		add_int(cur, "address", (int64_t)c->address);
		add_int(cur, "x", c->x);
		add_int(cur, "y", c->y);
		add_int(cur, "hot_x", c->hot_x);
		add_int(cur, "hot_y", c->hot_y);
	}
	json_object_object_add(o, "cursor", cur);
	return o;
}

static json_object *output_json(struct dcd *dcd, unsigned link)
{
	const char *name = dcd_link_name(dcd, link);
	const struct dcd_idle *idle = dcd_config_idle(&dcd->config, name);
	const struct dc_stream *s = dcd_current_stream(dcd, link);
	const struct dcd_output *out = dcd_output(dcd, link);
	json_object *o = s ? stream_json(s) : json_object_new_object();
	json_object *ic = json_object_new_object();

	json_object_object_add(o, "link", json_object_new_string(name));
	json_object_object_add(o, "lit", json_object_new_boolean(s != NULL));
	/* the idle picture: no lease, no plane (what dcd_outputs_go_idle shows) */
	json_object_object_add(o, "idle",
			       json_object_new_boolean(!out->lease && !out->scanout &&
						       (!s || !s->primary.enabled)));
	if (s && s->primary.enabled)
		json_object_object_add(json_object_object_get(o, "primary"), "fb",
				       json_object_new_int64(out->scanout ? out->scanout->id : 0));
	if (s && s->cursor.enabled)
		json_object_object_add(
			json_object_object_get(o, "cursor"), "fb",
			json_object_new_int64(out->cursor_fb ? out->cursor_fb->id : 0));
	/* whom a restarted dcd holds the output for (grace.c) */
	if (out->lease || out->reserved.active) {
		json_object *l = json_object_new_object();
		const struct dcd_client *c = out->lease ? out->lease->client : NULL;

		add_int(l, "uid", c ? c->cred.uid : out->reserved.uid);
		json_object_object_add(l, "name",
				       json_object_new_string(c ? c->name : out->reserved.name));
		json_object_object_add(o, "lessee", l);
	}
	json_object_object_add(ic, "kind", json_object_new_string(idle_kinds[idle->kind]));
	json_object_object_add(ic, "mode", json_object_new_string(idle->spec));
	add_int(ic, "color", idle->color);
	json_object_object_add(o, "idle_config", ic);
	return o;
}

static json_object *fb_json(const struct dcd_stored_fb *fb)
{
	json_object *o = json_object_new_object();
	json_object *pitches = json_object_new_array(), *offsets = json_object_new_array();
	char name[32];

	snprintf(name, sizeof(name), DCD_FDNAME_FB_PREFIX "%u", fb->id);
	add_int(o, "id", fb->id);
	json_object_object_add(o, "fd_name", json_object_new_string(name));
	add_int(o, "address", (int64_t)fb->iova);
	add_int(o, "size", (int64_t)fb->size);
	json_object_object_add(o, "format", fourcc_json(fb->layout.format));
	json_object_object_add(o, "modifier", hex_json(fb->layout.modifier));
	add_int(o, "width", fb->layout.width);
	add_int(o, "height", fb->layout.height);
	for (unsigned i = 0; i < DCP_MAX_FB_PLANES; i++) {
		json_object_array_add(pitches, json_object_new_int64(fb->layout.pitches[i]));
		json_object_array_add(offsets, json_object_new_int64(fb->layout.offsets[i]));
	}
	json_object_object_add(o, "pitches", pitches);
	json_object_object_add(o, "offsets", offsets);
	return o;
}

static json_object *state_json(struct dcd *dcd)
{
	struct dcd_recovery *rc = dcd->recovery;
	json_object *top = json_object_new_object();
	json_object *outs = json_object_new_array(), *fbs = json_object_new_array(), *kms;

	json_object_object_add(top, "format", json_object_new_string(DCD_STATE_FORMAT));
	add_int(top, "version", DCD_STATE_VERSION);
	json_object_object_add(top, "instance", hex_json(dcd->instance));
	add_int(top, "pid", getpid());
	json_object_object_add(top, "engine", json_object_new_string(dcd->engine->ops->name));
	add_int(top, "next_fb_id", dcd->next_fb_id);
	for (unsigned i = 0; i < dcd->link_count; i++)
		json_object_array_add(outs, output_json(dcd, i));
	json_object_object_add(top, "outputs", outs);
	for (unsigned i = 0; i < rc->n_fbs; i++)
		json_object_array_add(fbs, fb_json(&rc->fbs[i]));
	json_object_object_add(top, "framebuffers", fbs);
	kms = dcd_state_kms_leases_json(dcd);
	if (kms)
		json_object_object_add(top, "kms_leases", kms);
	return top;
}

/* Writes all of text to a new file next to path, then renames it over path. */
static int write_atomically(const char *path, const char *text)
{
	size_t len = strlen(text), done = 0;
	char *tmp = NULL;
	int fd, r = 0;

	if (asprintf(&tmp, "%s.XXXXXX", path) < 0)
		return -ENOMEM;
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0) {
		r = -errno;
		goto out;
	}
	while (done < len && r == 0) {
		ssize_t n = write(fd, text + done, len - done);

		if (n < 0 && errno != EINTR)
			r = -errno;
		else if (n > 0)
			done += (size_t)n;
	}
	close(fd);
	if (r == 0 && rename(tmp, path) < 0)
		r = -errno;
	if (r < 0)
		unlink(tmp);
out:
	free(tmp);
	return r;
}

int dcd_state_write(struct dcd *dcd)
{
	struct dcd_recovery *rc = dcd->recovery;
	json_object *top;
	int r;

	if (!rc || !rc->state_path || !dcd->engine || dcd->engine->lost)
		return 0;
	top = state_json(dcd);
	r = write_atomically(rc->state_path, json_object_to_json_string_ext(
						     top, JSON_C_TO_STRING_PRETTY |
								  JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(top);
	if (r < 0) {
		log_warning("%s: cannot write the state: %s", rc->state_path, strerror(-r));
		return r;
	}
	rc->writes++;
	rc->state_dirty = false;
	return 0;
}

/* ---- reading ---------------------------------------------------------------------------- */

static int get_int(struct sj_ctx *ctx, const char *path, json_object *o, const char *key,
		   int64_t min, int64_t max, int64_t *out)
{
	int r = sj_int(ctx, path, o, key, true, min, max, out);

	return r < 0 ? r : 0;
}

static int need_object(struct sj_ctx *ctx, const char *path, json_object *o)
{
	if (!json_object_is_type(o, json_type_object))
		return sj_fail(ctx, path, "expected an object");
	return 0;
}

static int get_bool(struct sj_ctx *ctx, const char *path, json_object *o, const char *key,
		    bool *out)
{
	int r = sj_bool(ctx, path, o, key, out);

	if (r == 0)
		return sj_fail(ctx, path, "missing key \"%s\"", key);
	return r < 0 ? r : 0;
}

/* Several integer members into uint32_t fields; 0 or -EINVAL. */
struct int_field {
	const char *key;
	uint32_t *dst;
	int64_t min, max;
};

static int get_fields(struct sj_ctx *ctx, const char *path, json_object *o,
		      const struct int_field *f, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		int64_t v;

		if (get_int(ctx, path, o, f[i].key, f[i].min, f[i].max, &v) < 0)
			return -EINVAL;
		*f[i].dst = (uint32_t)v;
	}
	return 0;
}

static int get_fourcc(struct sj_ctx *ctx, const char *path, json_object *o, uint32_t *out)
{
	const char *s;

	if (sj_string(ctx, path, o, "format", true, 4, &s) < 0)
		return -EINVAL;
	if (strlen(s) != 4)
		return sj_fail(ctx, path, "format \"%s\" is not a fourcc", s);
	*out = (uint32_t)(uint8_t)s[0] | (uint32_t)(uint8_t)s[1] << 8 |
	       (uint32_t)(uint8_t)s[2] << 16 | (uint32_t)(uint8_t)s[3] << 24;
	return 0;
}

static int get_hex(struct sj_ctx *ctx, const char *path, json_object *o, const char *key,
		   uint64_t *out)
{
	const char *s;
	char *end;

	if (sj_string(ctx, path, o, key, true, 20, &s) < 0)
		return -EINVAL;
	errno = 0;
	*out = strtoull(s, &end, 16);
	if (errno || *end || strncmp(s, "0x", 2))
		return sj_fail(ctx, path, "%s \"%s\" is not a hexadecimal number", key, s);
	return 0;
}

static int get_address(struct sj_ctx *ctx, const char *path, json_object *o, uint64_t *out)
{
	int64_t v;

	if (get_int(ctx, path, o, "address", 0, (int64_t)MAX_ADDRESS - 1, &v) < 0)
		return -EINVAL;
	*out = (uint64_t)v;
	return 0;
}

static int read_mode(struct sj_ctx *ctx, const char *path, json_object *o,
		     struct drm_mode_modeinfo *m)
{
	uint32_t hd, hss, hse, ht, hsk, vd, vss, vse, vt, vsc;
	const struct int_field f[] = {
		{ "clock", &m->clock, 1, 2000000 },
		{ "hdisplay", &hd, 1, 16384 },
		{ "hsync_start", &hss, 1, 16384 },
		{ "hsync_end", &hse, 1, 16384 },
		{ "htotal", &ht, 1, 16384 },
		{ "hskew", &hsk, 0, 16384 },
		{ "vdisplay", &vd, 1, 16384 },
		{ "vsync_start", &vss, 1, 16384 },
		{ "vsync_end", &vse, 1, 16384 },
		{ "vtotal", &vt, 1, 16384 },
		{ "vscan", &vsc, 0, 16 },
		{ "vrefresh", &m->vrefresh, 0, 1000 },
		{ "flags", &m->flags, 0, UINT32_MAX },
		{ "type", &m->type, 0, UINT32_MAX },
	};
	char sub[SJ_PATH_MAX];
	const char *name;

	sj_key_path(sub, path, "mode");
	if (need_object(ctx, sub, o) < 0 || get_fields(ctx, sub, o, f, 14) < 0 ||
	    sj_string(ctx, sub, o, "name", true, DRM_DISPLAY_MODE_LEN - 1, &name) < 0)
		return -EINVAL;
	if (!(hd <= hss && hss <= hse && hse <= ht && vd <= vss && vss <= vse && vse <= vt))
		return sj_fail(ctx, sub, "%ux%u: sync %u-%u/%u-%u outside totals %ux%u", hd, vd,
			       hss, hse, vss, vse, ht, vt);
	m->hdisplay = (uint16_t)hd;
	m->hsync_start = (uint16_t)hss;
	m->hsync_end = (uint16_t)hse;
	m->htotal = (uint16_t)ht;
	m->hskew = (uint16_t)hsk;
	m->vdisplay = (uint16_t)vd;
	m->vsync_start = (uint16_t)vss;
	m->vsync_end = (uint16_t)vse;
	m->vtotal = (uint16_t)vt;
	m->vscan = (uint16_t)vsc;
	snprintf(m->name, sizeof(m->name), "%s", name);
	return 0;
}

static int read_resources(struct sj_ctx *ctx, const char *path, json_object *o,
			  struct dc_stream_resources *r)
{
	struct {
		const char *key;
		int8_t *dst;
		int64_t min, max;
	} small[] = {
		/* -1: the engine does not say (KMS: the kernel chooses them unseen) */
		{ "timing_generator", &r->timing_generator, -1, DC_MAX_STREAMS - 1 },
		{ "pipe", &r->pipe, -1, DC_MAX_STREAMS - 1 },
		{ "stream_encoder", &r->stream_encoder, -1, 15 },
		{ "link_encoder", &r->link_encoder, -1, 15 },
		{ "clock_source", &r->clock_source, -1, DC_CLOCK_SOURCE_DP_DTO },
		{ "audio", &r->audio, -1, 15 },
	};
	char sub[SJ_PATH_MAX];
	unsigned signal;
	int64_t v;

	sj_key_path(sub, path, "resources");
	if (need_object(ctx, sub, o) < 0)
		return -EINVAL;
	for (unsigned i = 0; i < sizeof(small) / sizeof(small[0]); i++) {
		if (get_int(ctx, sub, o, small[i].key, small[i].min, small[i].max, &v) < 0)
			return -EINVAL;
		*small[i].dst = (int8_t)v;
	}
	/* variable refresh came later: a state file without it had it off */
	v = 0;
	if (sj_int(ctx, sub, o, "vrr_vtotal_max", false, 0, UINT16_MAX, &v) < 0)
		return -EINVAL;
	r->vrr_vtotal_max = (uint16_t)v;
	if (get_int(ctx, sub, o, "pixel_clock_khz", 1, 2000000, &v) < 0 ||
	    sj_enum(ctx, sub, o, "signal", true, signals, &signal) < 0 ||
	    get_bool(ctx, sub, o, "hdmi_scrambling", &r->hdmi_scrambling) < 0)
		return -EINVAL;
	r->pixel_clock_khz = (uint32_t)v;
	r->signal = (enum dc_signal)signal;
	return 0;
}

static int read_fb_ref(struct sj_ctx *ctx, const char *path, json_object *o, uint32_t *fb)
{
	int64_t v = 0;

	if (sj_int(ctx, path, o, "fb", false, 0, UINT32_MAX, &v) < 0)
		return -EINVAL;
	*fb = (uint32_t)v;
	return 0;
}

static int read_primary(struct sj_ctx *ctx, const char *path, json_object *o,
			struct dcd_saved_output *so)
{
	struct dc_plane *p = &so->stream.primary;
	int32_t dx, dy;
	uint32_t udx, udy;
	const struct int_field f[] = {
		{ "width", &p->width, 1, 16384 },      { "height", &p->height, 1, 16384 },
		{ "pitch", &p->pitch, 1, 1 << 20 },    { "src_x", &p->src_x, 0, UINT32_MAX },
		{ "src_y", &p->src_y, 0, UINT32_MAX }, { "src_w", &p->src_w, 0, UINT32_MAX },
		{ "src_h", &p->src_h, 0, UINT32_MAX }, { "dst_x", &udx, 0, 16384 },
		{ "dst_y", &udy, 0, 16384 },	       { "dst_w", &p->dst_w, 1, 16384 },
		{ "dst_h", &p->dst_h, 1, 16384 },
	};
	char sub[SJ_PATH_MAX];

	sj_key_path(sub, path, "primary");
	if (need_object(ctx, sub, o) < 0 || get_bool(ctx, sub, o, "enabled", &p->enabled) < 0)
		return -EINVAL;
	if (!p->enabled)
		return 0;
	if (get_fourcc(ctx, sub, o, &p->format) < 0 ||
	    get_hex(ctx, sub, o, "modifier", &p->modifier) < 0 || get_fields(ctx, sub, o, f, 11) ||
	    get_address(ctx, sub, o, &p->address) < 0 || read_fb_ref(ctx, sub, o, &so->primary_fb))
		return -EINVAL;
	dx = (int32_t)udx;
	dy = (int32_t)udy;
	p->dst_x = dx;
	p->dst_y = dy;
	return 0;
}

static int read_cursor(struct sj_ctx *ctx, const char *path, json_object *o,
		       struct dcd_saved_output *so)
{
	struct dc_cursor *c = &so->stream.cursor;
	uint32_t x, y;
	const struct int_field f[] = {
		{ "width", &c->width, 1, 256 }, { "height", &c->height, 1, 256 },
		{ "x", &x, 0, UINT32_MAX },	{ "y", &y, 0, UINT32_MAX },
		{ "hot_x", &c->hot_x, 0, 255 }, { "hot_y", &c->hot_y, 0, 255 },
	};
	char sub[SJ_PATH_MAX];

	sj_key_path(sub, path, "cursor");
	if (need_object(ctx, sub, o) < 0 || get_bool(ctx, sub, o, "enabled", &c->enabled) < 0)
		return -EINVAL;
	if (!c->enabled)
		return 0;
	if (get_fields(ctx, sub, o, f, 6) < 0 || get_address(ctx, sub, o, &c->address) < 0 ||
	    read_fb_ref(ctx, sub, o, &so->cursor_fb) < 0)
		return -EINVAL;
	c->x = (int32_t)x;
	c->y = (int32_t)y;
	return 0;
}

static int read_output(struct dcd *dcd, struct sj_ctx *ctx, const char *path, json_object *o,
		       struct dcd_saved_state *st)
{
	struct dcd_saved_output *so = &st->outputs[st->n_outputs];
	json_object *m, *res, *prim, *cur;
	const char *link;
	unsigned enc;
	int64_t v;
	int idx;

	*so = (struct dcd_saved_output){ .lit = false };
	if (need_object(ctx, path, o) < 0 ||
	    sj_string(ctx, path, o, "link", true, sizeof(so->link) - 1, &link) < 0 ||
	    get_bool(ctx, path, o, "lit", &so->lit) < 0 ||
	    get_bool(ctx, path, o, "idle", &so->idle) < 0)
		return -EINVAL;
	idx = dcd->engine->ops->link_by_name(dcd->engine, link);
	if (idx < 0)
		return sj_fail(ctx, path, "link \"%s\" does not exist on this engine", link);
	for (unsigned i = 0; i < st->n_outputs; i++) {
		if (!strcmp(st->outputs[i].link, link))
			return sj_fail(ctx, path, "link \"%s\" appears twice", link);
	}
	snprintf(so->link, sizeof(so->link), "%s", link);
	so->stream.link = (uint8_t)idx;
	if (json_object_object_get_ex(o, "lessee", &m)) {
		char sub[SJ_PATH_MAX];
		const char *name;

		sj_key_path(sub, path, "lessee");
		if (need_object(ctx, sub, m) < 0 ||
		    get_int(ctx, sub, m, "uid", 0, UINT32_MAX, &v) < 0 ||
		    sj_string(ctx, sub, m, "name", true, DCP_MAX_NAME, &name) < 0)
			return -EINVAL;
		so->leased = true;
		so->lessee_uid = (uint32_t)v;
		snprintf(so->lessee_name, sizeof(so->lessee_name), "%s", name);
	}
	if (!so->lit) {
		st->n_outputs++;
		return 0;
	}
	if (!json_object_object_get_ex(o, "mode", &m) ||
	    !json_object_object_get_ex(o, "resources", &res) ||
	    !json_object_object_get_ex(o, "primary", &prim) ||
	    !json_object_object_get_ex(o, "cursor", &cur))
		return sj_fail(ctx, path, "a lit output needs mode, resources, primary and cursor");
	if (read_mode(ctx, path, m, &so->stream.mode) < 0 ||
	    sj_enum(ctx, path, o, "encoding", true, encodings, &enc) < 0 ||
	    get_int(ctx, path, o, "bpc", 6, 16, &v) < 0)
		return -EINVAL;
	so->stream.encoding = (enum dc_pixel_encoding)enc;
	so->stream.bpc = (uint8_t)v;
	if (get_int(ctx, path, o, "blank_color", 0, 0xffffff, &v) < 0)
		return -EINVAL;
	so->stream.blank_color = (uint32_t)v;
	if (read_resources(ctx, path, res, &so->stream.res) < 0 ||
	    read_primary(ctx, path, prim, so) < 0 || read_cursor(ctx, path, cur, so) < 0)
		return -EINVAL;
	so->stream.vrr = so->stream.res.vrr_vtotal_max != 0;
	st->n_outputs++;
	return 0;
}

static int read_fb(struct sj_ctx *ctx, const char *path, json_object *o, struct dcd_stored_fb *fb)
{
	json_object *pitches, *offsets;
	int64_t v;

	if (need_object(ctx, path, o) < 0 || get_int(ctx, path, o, "id", 1, UINT32_MAX, &v) < 0)
		return -EINVAL;
	fb->id = (uint32_t)v;
	if (get_address(ctx, path, o, &fb->iova) < 0 ||
	    get_int(ctx, path, o, "size", 1, 1ll << 32, &v) < 0)
		return -EINVAL;
	fb->size = (uint64_t)v;
	if (fb->iova + fb->size > MAX_ADDRESS || fb->iova % 4096)
		return sj_fail(ctx, path,
			       "address 0x%llx + size %llu is not a page-aligned range "
			       "below 2^40",
			       (unsigned long long)fb->iova, (unsigned long long)fb->size);
	if (get_fourcc(ctx, path, o, &fb->layout.format) < 0 ||
	    get_hex(ctx, path, o, "modifier", &fb->layout.modifier) < 0 ||
	    get_int(ctx, path, o, "width", 1, 16384, &v) < 0)
		return -EINVAL;
	fb->layout.width = (uint32_t)v;
	if (get_int(ctx, path, o, "height", 1, 16384, &v) < 0 ||
	    sj_array(ctx, path, o, "pitches", true, DCP_MAX_FB_PLANES, DCP_MAX_FB_PLANES,
		     &pitches) < 0 ||
	    sj_array(ctx, path, o, "offsets", true, DCP_MAX_FB_PLANES, DCP_MAX_FB_PLANES,
		     &offsets) < 0)
		return -EINVAL;
	fb->layout.height = (uint32_t)v;
	for (unsigned i = 0; i < DCP_MAX_FB_PLANES; i++) {
		char sub[SJ_PATH_MAX];

		sj_key_path(sub, path, "pitches");
		if (sj_int_value(ctx, sub, json_object_array_get_idx(pitches, i), 0, 1 << 20, &v) <
		    0)
			return -EINVAL;
		fb->layout.pitches[i] = (uint32_t)v;
		sj_key_path(sub, path, "offsets");
		if (sj_int_value(ctx, sub, json_object_array_get_idx(offsets, i), 0, UINT32_MAX,
				 &v) < 0)
			return -EINVAL;
		fb->layout.offsets[i] = (uint32_t)v;
	}
	return 0;
}

static int read_top(struct dcd *dcd, struct sj_ctx *ctx, json_object *top,
		    struct dcd_saved_state *st)
{
	static const char *const formats[] = { DCD_STATE_FORMAT, NULL };
	json_object *outs, *fbs;
	char path[SJ_PATH_MAX];
	unsigned fmt;
	int64_t v;

	if (need_object(ctx, "", top) < 0 ||
	    sj_enum(ctx, "", top, "format", true, formats, &fmt) < 0)
		return -EINVAL;
	if (get_int(ctx, "", top, "version", 1, 1000, &v) < 0)
		return -EINVAL;
	if (v != DCD_STATE_VERSION)
		return sj_fail(ctx, "version", "version %lld, this dcd reads version %d",
			       (long long)v, DCD_STATE_VERSION);
	if (get_hex(ctx, "", top, "instance", &st->instance) < 0 ||
	    get_int(ctx, "", top, "next_fb_id", 1, UINT32_MAX, &v) < 0)
		return -EINVAL;
	st->next_fb_id = (uint32_t)v;
	if (sj_array(ctx, "", top, "outputs", true, 0, DC_MAX_LINKS, &outs) < 0 ||
	    sj_array(ctx, "", top, "framebuffers", true, 0, MAX_FBS, &fbs) < 0)
		return -EINVAL;
	for (size_t i = 0; i < json_object_array_length(outs); i++) {
		sj_index_path(path, "outputs", i);
		if (read_output(dcd, ctx, path, json_object_array_get_idx(outs, i), st) < 0)
			return -EINVAL;
	}
	st->n_fbs = (unsigned)json_object_array_length(fbs);
	st->fbs = calloc(st->n_fbs ? st->n_fbs : 1, sizeof(*st->fbs));
	if (!st->fbs)
		return -ENOMEM;
	for (unsigned i = 0; i < st->n_fbs; i++) {
		sj_index_path(path, "framebuffers", i);
		if (read_fb(ctx, path, json_object_array_get_idx(fbs, i), &st->fbs[i]) < 0)
			return -EINVAL;
		for (unsigned j = 0; j < i; j++) {
			if (st->fbs[j].id == st->fbs[i].id)
				return sj_fail(ctx, path, "framebuffer %u appears twice",
					       st->fbs[i].id);
		}
	}
	return dcd_state_read_kms_leases(ctx, top, st);
}

static int read_text(const char *path, char **text, size_t *len, char *why, size_t why_size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat sb;
	ssize_t n;

	if (fd < 0) {
		int e = errno;

		if (e != ENOENT)
			snprintf(why, why_size, "%s", strerror(e));
		return -e;
	}
	if (fstat(fd, &sb) < 0 || !S_ISREG(sb.st_mode) || sb.st_size > MAX_STATE_BYTES) {
		snprintf(why, why_size, "not a regular file of at most %u bytes", MAX_STATE_BYTES);
		close(fd);
		return -EINVAL;
	}
	if (sb.st_size == 0) {
		snprintf(why, why_size, "empty");
		close(fd);
		return -ENODATA;
	}
	*text = malloc((size_t)sb.st_size + 1);
	if (!*text) {
		close(fd);
		return -ENOMEM;
	}
	n = read(fd, *text, (size_t)sb.st_size);
	close(fd);
	if (n != sb.st_size) {
		snprintf(why, why_size, "short read: %zd of %lld bytes", n, (long long)sb.st_size);
		free(*text);
		return -EIO;
	}
	(*text)[n] = 0;
	*len = (size_t)n;
	return 0;
}

int dcd_state_read(struct dcd *dcd, const char *path, struct dcd_saved_state *out, char *why,
		   size_t why_size)
{
	struct sim_error err = { "" };
	struct sj_ctx ctx = { .name = path, .err = &err };
	json_object *top = NULL;
	char *text = NULL;
	size_t len = 0;
	int r;

	memset(out, 0, sizeof(*out));
	why[0] = 0;
	r = read_text(path, &text, &len, why, why_size);
	if (r < 0)
		return r;
	r = sj_parse(&ctx, text, len, &top);
	if (r == 0)
		r = read_top(dcd, &ctx, top, out);
	if (r < 0) {
		/* err.msg is "PATH: json.path: reason"; the caller names the file */
		const char *reason = err.msg;
		unsigned long line, col;
		int used = 0;

		if (!strncmp(reason, path, strlen(path)) && reason[strlen(path)] == ':')
			reason += strlen(path) + 1;
		if (sscanf(reason, "%lu:%lu: %n", &line, &col, &used) == 2 && used > 0)
			snprintf(why, why_size, "line %lu, column %lu: %s", line, col,
				 reason + used);
		else
			snprintf(why, why_size, "%s",
				 reason[0] == ' ' ? reason + 1
				 : reason[0]	  ? reason
						  : strerror(-r));
		dcd_saved_state_free(out);
	}
	json_object_put(top);
	free(text);
	return r;
}

void dcd_saved_state_free(struct dcd_saved_state *s)
{
	free(s->fbs);
	s->fbs = NULL;
	s->n_fbs = 0;
}
