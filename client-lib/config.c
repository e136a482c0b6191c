/*
 * Configurations: what some links should show, built with setters and
 * sent as VALIDATE or COMMIT. Framebuffers are held as objects and
 * turned into ids only when a configuration is sent, so a configuration
 * stays usable after a reconnection gave its framebuffers new ids.
 *
 * Each link also keeps the output this client last committed on it
 * (struct dcc_saved_output, updated by completed commits and flips) for
 * dcc_restore.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"

DCC_EXPORT int dcc_config_create(struct dcc_client *c, struct dcc_config **out)
{
	struct dcc_config *cfg = calloc(1, sizeof(*cfg));

	*out = NULL;
	if (!cfg)
		return dcc_fail(c, -ENOMEM, "out of memory");
	cfg->client = c;
	cfg->next = c->configs;
	c->configs = cfg;
	*out = cfg;
	return 0;
}

DCC_EXPORT void dcc_config_destroy(struct dcc_config *config)
{
	if (!config)
		return;
	if (config->client) {
		for (struct dcc_config **p = &config->client->configs; *p; p = &(*p)->next) {
			if (*p == config) {
				*p = config->next;
				break;
			}
		}
	}
	free(config);
}

/* The configuration's entry for link, optionally added; NULL with the error set. */
static struct dcc_config_output *slot(struct dcc_config *cfg, const struct dcc_link *link, bool add,
				      int *ret)
{
	struct dcc_client *c = cfg->client;

	if (!c || !link || link->client != c) {
		*ret = c ? dcc_fail(c, -EINVAL, "the link is not one of this client's") : -EINVAL;
		return NULL;
	}
	for (unsigned i = 0; i < cfg->count; i++) {
		if (cfg->outputs[i].out.link == link->id)
			return &cfg->outputs[i];
	}
	if (!add) {
		*ret = dcc_fail(c, -ENOENT, "%s is not switched on in this configuration",
				link->name);
		return NULL;
	}
	if (cfg->count == DCP_MAX_OUTPUTS) {
		*ret = dcc_fail(c, -ENOSPC, "a configuration holds at most %d outputs",
				DCP_MAX_OUTPUTS);
		return NULL;
	}
	return &cfg->outputs[cfg->count++];
}

static bool fb_foreign(struct dcc_config *cfg, const struct dcc_fb *fb)
{
	return fb && fb->client != cfg->client;
}

DCC_EXPORT int dcc_config_set_output(struct dcc_config *config, struct dcc_link *link,
				     const struct dcc_mode *mode, struct dcc_fb *fb)
{
	struct dcc_config_output *o;
	int ret = 0;

	if (!mode || fb_foreign(config, fb))
		return config->client ? dcc_fail(config->client, -EINVAL,
						 "no mode, or a framebuffer of another client")
				      : -EINVAL;
	o = slot(config, link, true, &ret);
	if (!o)
		return ret;
	memset(o, 0, sizeof(*o));
	o->out.link = link->id;
	o->out.flags = DCP_OUTPUT_ENABLED;
	o->out.encoding = DCP_ENCODING_RGB;
	o->out.bpc = 8;
	o->out.mode = mode->info;
	if (fb)
		return dcc_config_set_primary(config, link, fb, 0, 0, fb->layout.width << 16,
					      fb->layout.height << 16, 0, 0, mode->info.hdisplay,
					      mode->info.vdisplay);
	return 0;
}

DCC_EXPORT int dcc_config_disable_output(struct dcc_config *config, struct dcc_link *link)
{
	int ret = 0;
	struct dcc_config_output *o = slot(config, link, true, &ret);

	if (!o)
		return ret;
	memset(o, 0, sizeof(*o));
	o->out.link = link->id;
	return 0;
}

/* The entry of an output switched on by dcc_config_set_output. */
static struct dcc_config_output *enabled(struct dcc_config *cfg, const struct dcc_link *link,
					 int *ret)
{
	struct dcc_config_output *o = slot(cfg, link, false, ret);

	if (o && !(o->out.flags & DCP_OUTPUT_ENABLED)) {
		*ret = dcc_fail(cfg->client, -ENOENT, "%s is switched off in this configuration",
				link->name);
		return NULL;
	}
	return o;
}

DCC_EXPORT int dcc_config_set_pixel_format(struct dcc_config *config, struct dcc_link *link,
					   enum dcc_encoding encoding, unsigned bpc)
{
	int ret = 0;
	struct dcc_config_output *o = enabled(config, link, &ret);

	if (!o)
		return ret;
	o->out.encoding = (uint8_t)encoding;
	o->out.bpc = (uint8_t)bpc;
	return 0;
}

DCC_EXPORT int dcc_config_set_blank_color(struct dcc_config *config, struct dcc_link *link,
					  uint32_t xrgb)
{
	int ret = 0;
	struct dcc_config_output *o = enabled(config, link, &ret);

	if (!o)
		return ret;
	o->out.blank_color = xrgb;
	return 0;
}

DCC_EXPORT int dcc_config_set_vrr(struct dcc_config *config, struct dcc_link *link, bool enable)
{
	int ret = 0;
	struct dcc_config_output *o = enabled(config, link, &ret);

	if (!o)
		return ret;
	if (enable && config->client->welcome.minor < 1)
		return dcc_fail(config->client, -EOPNOTSUPP,
				"%s: variable refresh needs dcd's protocol 1.1, it speaks 1.%u",
				link->name, config->client->welcome.minor);
	if (enable)
		o->out.flags |= DCP_OUTPUT_VRR;
	else
		o->out.flags &= ~DCP_OUTPUT_VRR;
	return 0;
}

/* The output's entry with the plane of flag (re)set for fb, or NULL with *ret. */
static struct dcc_config_output *plane_slot(struct dcc_config *cfg, const struct dcc_link *link,
					    const struct dcc_fb *fb, uint32_t flag, int *ret)
{
	struct dcc_config_output *o = enabled(cfg, link, ret);

	if (!o)
		return NULL;
	if (fb_foreign(cfg, fb)) {
		*ret = dcc_fail(cfg->client, -EINVAL, "a framebuffer of another client");
		return NULL;
	}
	o->out.flags &= ~flag;
	if (fb)
		o->out.flags |= flag;
	return o;
}

DCC_EXPORT int dcc_config_set_primary(struct dcc_config *config, struct dcc_link *link,
				      struct dcc_fb *fb, uint32_t src_x, uint32_t src_y,
				      uint32_t src_w, uint32_t src_h, int32_t dst_x, int32_t dst_y,
				      uint32_t dst_w, uint32_t dst_h)
{
	int ret = 0;
	struct dcc_config_output *o = plane_slot(config, link, fb, DCP_OUTPUT_PRIMARY, &ret);

	if (!o)
		return ret;
	o->primary_fb = fb;
	o->out.primary = fb ? (struct dcp_plane_config){ .src_x = src_x,
							 .src_y = src_y,
							 .src_w = src_w,
							 .src_h = src_h,
							 .dst_x = dst_x,
							 .dst_y = dst_y,
							 .dst_w = dst_w,
							 .dst_h = dst_h }
			    : (struct dcp_plane_config){ 0 };
	return 0;
}

DCC_EXPORT int dcc_config_set_cursor(struct dcc_config *config, struct dcc_link *link,
				     struct dcc_fb *fb, int32_t x, int32_t y, uint32_t hot_x,
				     uint32_t hot_y)
{
	int ret = 0;
	struct dcc_config_output *o = plane_slot(config, link, fb, DCP_OUTPUT_CURSOR, &ret);

	if (!o)
		return ret;
	o->cursor_fb = fb;
	o->out.cursor =
		fb ? (struct dcp_cursor_config){ .x = x, .y = y, .hot_x = hot_x, .hot_y = hot_y }
		   : (struct dcp_cursor_config){ 0 };
	return 0;
}

/* The id of a plane's framebuffer, or the error naming the link and plane. */
static int fb_id(struct dcc_client *c, const struct dcp_output_config *out, const struct dcc_fb *fb,
		 const char *plane, uint32_t *id)
{
	const char *name = c->links[out->link].name;

	if (!fb)
		return dcc_fail(c, -ENOENT, "%s: the %s framebuffer was destroyed", name, plane);
	if (!fb->id)
		return dcc_fail(c, -ENOENT, "%s: the %s framebuffer is not registered with dcd",
				name, plane);
	*id = fb->id;
	return 0;
}

int dcc_config_encode(struct dcc_client *c, const struct dcc_config_output *outs, unsigned count,
		      uint32_t flags, struct dcp_config *wire)
{
	int ret;

	if (count == 0)
		return dcc_fail(c, -EINVAL, "the configuration has no outputs");
	memset(wire, 0, sizeof(*wire));
	wire->flags = flags;
	wire->output_count = count;
	for (unsigned i = 0; i < count; i++) {
		struct dcp_output_config *o = &wire->outputs[i];

		*o = outs[i].out;
		if (o->flags & DCP_OUTPUT_PRIMARY) {
			ret = fb_id(c, o, outs[i].primary_fb, "primary", &o->primary.fb_id);
			if (ret)
				return ret;
		}
		if (o->flags & DCP_OUTPUT_CURSOR) {
			ret = fb_id(c, o, outs[i].cursor_fb, "cursor", &o->cursor.fb_id);
			if (ret)
				return ret;
		}
	}
	return 0;
}

void dcc_config_remember(struct dcc_client *c, const struct dcc_config_output *outs, unsigned count)
{
	for (unsigned i = 0; i < count; i++) {
		struct dcc_saved_output *s = &c->links[outs[i].out.link].saved;

		s->valid = true;
		s->out = outs[i].out;
		s->primary_fb = outs[i].primary_fb;
		s->cursor_fb = outs[i].cursor_fb;
	}
}

/* A saved output without fb: its plane shows nothing after a restore. */
static void forget_saved(struct dcp_output_config *out, struct dcc_fb **primary,
			 struct dcc_fb **cursor, const struct dcc_fb *fb)
{
	if (*primary == fb) {
		*primary = NULL;
		out->flags &= ~DCP_OUTPUT_PRIMARY;
		memset(&out->primary, 0, sizeof(out->primary));
	}
	if (*cursor == fb) {
		*cursor = NULL;
		out->flags &= ~DCP_OUTPUT_CURSOR;
		memset(&out->cursor, 0, sizeof(out->cursor));
	}
}

/* fb is being destroyed: no configuration, saved output or flip may point at it. */
void dcc_configs_drop_fb(struct dcc_client *c, struct dcc_fb *fb)
{
	for (struct dcc_config *cfg = c->configs; cfg; cfg = cfg->next) {
		for (unsigned i = 0; i < cfg->count; i++) {
			if (cfg->outputs[i].primary_fb == fb)
				cfg->outputs[i].primary_fb = NULL;
			if (cfg->outputs[i].cursor_fb == fb)
				cfg->outputs[i].cursor_fb = NULL;
		}
	}
	for (unsigned i = 0; i < DCP_MAX_LINKS; i++) {
		struct dcc_saved_output *s = &c->links[i].saved;

		forget_saved(&s->out, &s->primary_fb, &s->cursor_fb, fb);
	}
	for (unsigned i = 0; i < c->pending_count; i++) {
		struct dcc_pending *p = &c->pending[i];

		if (p->fb == fb)
			p->fb = NULL;
		for (unsigned j = 0; j < p->saved_count; j++)
			forget_saved(&p->saved[j].out, &p->saved[j].primary_fb,
				     &p->saved[j].cursor_fb, fb);
	}
}

static int check_config(struct dcc_client *c, const struct dcc_config *cfg)
{
	int ret = dcc_check_connected(c);

	if (!ret && (!cfg || cfg->client != c))
		ret = dcc_fail(c, -EINVAL, "the configuration is not one of this client's");
	return ret;
}

DCC_EXPORT int dcc_validate(struct dcc_client *c, const struct dcc_config *config, uint32_t flags)
{
	struct dcp_config wire;
	int ret = check_config(c, config);

	if (!ret)
		ret = dcc_config_encode(c, config->outputs, config->count, flags, &wire);
	return ret ? ret : dcc_call(c, DCP_REQ_VALIDATE, &wire, -1, NULL);
}

DCC_EXPORT int dcc_commit(struct dcc_client *c, const struct dcc_config *config, uint32_t flags,
			  dcc_commit_done_fn done, void *data)
{
	struct dcp_config wire;
	struct dcc_config_output *saved;
	struct dcc_pending *p;
	int ret = check_config(c, config);

	if (!ret)
		ret = dcc_config_encode(c, config->outputs, config->count, flags, &wire);
	if (ret)
		return ret;
	saved = malloc(config->count * sizeof(*saved));
	if (!saved)
		return dcc_fail(c, -ENOMEM, "out of memory");
	memcpy(saved, config->outputs, config->count * sizeof(*saved));
	p = dcc_send_tracked(c, DCP_REQ_COMMIT, &wire, DCC_PENDING_COMMIT, &ret);
	if (!p) {
		free(saved);
		return ret;
	}
	p->commit_done = done;
	p->data = data;
	p->saved = saved;
	p->saved_count = config->count;
	return 0;
}

DCC_EXPORT int dcc_commit_sync(struct dcc_client *c, const struct dcc_config *config,
			       uint32_t flags)
{
	struct dcp_config wire;
	int ret = check_config(c, config);

	if (!ret)
		ret = dcc_config_encode(c, config->outputs, config->count, flags, &wire);
	if (!ret)
		ret = dcc_call(c, DCP_REQ_COMMIT, &wire, -1, NULL);
	if (!ret)
		dcc_config_remember(c, config->outputs, config->count);
	return ret;
}
