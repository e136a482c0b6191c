/*
 * The configuration file: json-c through the simulator's typed accessors
 * (sim/sim_json.h: path-naming errors such as "dcd.json: limits.max_fds:
 * 9 is out of range 1..4"), checked strictly: unknown keys, wrong types and
 * values out of range are errors.
 */
#include <ctype.h>
#include <errno.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "dc_modes.h"
#include "sim_json.h"

#define MAX_CONFIG_BYTES (1u << 20)
#define MAX_IDS		 256

int dcd_config_defaults(struct dcd_config *cfg)
{
	struct group *gr;

	memset(cfg, 0, sizeof(*cfg));
	cfg->max_clients = DCP_DEFAULT_MAX_CLIENTS;
	cfg->limits = DCI_LIMITS_DEFAULT;
	cfg->max_framebuffers = DCP_DEFAULT_MAX_FRAMEBUFFERS;
	cfg->max_leases = DCP_MAX_LINKS;
	cfg->max_clients_per_uid = DCD_DEFAULT_MAX_CLIENTS_PER_UID;
	cfg->handshake_timeout_ms = DCD_DEFAULT_HANDSHAKE_TIMEOUT_MS;
	cfg->max_fb_bytes = DCD_DEFAULT_FB_BYTES_PER_CLIENT;
	cfg->max_fb_bytes_per_uid = DCD_DEFAULT_FB_BYTES_PER_UID;
	cfg->max_stored_fbs = DCD_DEFAULT_STORED_FBS_PER_CLIENT;
	cfg->restart_grace_ms = DCD_DEFAULT_RESTART_GRACE_MS;
	cfg->poll_interval_ms = DCD_DEFAULT_POLL_INTERVAL_MS;
	cfg->socket.mode = DCD_DEFAULT_SOCKET_MODE;
	cfg->idle = (struct dcd_idle){ .kind = DCD_IDLE_CURRENT, .color = 0 };
	gr = getgrnam(DCD_DEFAULT_LEASE_GROUP);
	if (gr) {
		cfg->lease.gids = malloc(sizeof(gid_t));
		if (!cfg->lease.gids)
			return -ENOMEM;
		cfg->lease.gids[0] = gr->gr_gid;
		cfg->lease.n_gids = 1;
	}
	return 0;
}

void dcd_config_free(struct dcd_config *cfg)
{
	free(cfg->lease.uids);
	free(cfg->lease.gids);
	free(cfg->admin.uids);
	free(cfg->admin.gids);
	free(cfg->kms_lease.uids);
	free(cfg->kms_lease.gids);
	cfg->lease = (struct dcd_who){ 0 };
	cfg->admin = (struct dcd_who){ 0 };
	cfg->kms_lease = (struct dcd_who){ 0 };
}

/* One entry of "users" or "groups": a number, or a name looked up now. */
static int parse_id(struct sj_ctx *ctx, const char *path, json_object *v, bool group, long *out)
{
	int64_t n;
	const char *name;

	if (json_object_is_type(v, json_type_int)) {
		if (sj_int_value(ctx, path, v, 0, UINT32_MAX - 1, &n) < 0)
			return -EINVAL;
		*out = (long)n;
		return 0;
	}
	if (!json_object_is_type(v, json_type_string))
		return sj_fail(ctx, path, "expected a %s name or number", group ? "group" : "user");
	name = json_object_get_string(v);
	if (group) {
		struct group *gr = getgrnam(name);

		if (!gr)
			return sj_fail(ctx, path, "no group called \"%.64s\"", name);
		*out = (long)gr->gr_gid;
	} else {
		struct passwd *pw = getpwnam(name);

		if (!pw)
			return sj_fail(ctx, path, "no user called \"%.64s\"", name);
		*out = (long)pw->pw_uid;
	}
	return 0;
}

static int parse_ids(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key,
		     bool group, void **ids, size_t *n)
{
	char kpath[SJ_PATH_MAX], epath[SJ_PATH_MAX];
	json_object *arr;
	size_t count;
	int r = sj_array(ctx, path, obj, key, false, 0, MAX_IDS, &arr);

	if (r <= 0)
		return r;
	sj_key_path(kpath, path, key);
	count = json_object_array_length(arr);
	free(*ids);
	*ids = calloc(count ? count : 1, group ? sizeof(gid_t) : sizeof(uid_t));
	*n = 0;
	if (!*ids)
		return -ENOMEM;
	for (size_t i = 0; i < count; i++) {
		long id = 0;

		sj_index_path(epath, kpath, i);
		if (parse_id(ctx, epath, json_object_array_get_idx(arr, i), group, &id) < 0)
			return -EINVAL;
		if (group)
			((gid_t *)*ids)[i] = (gid_t)id;
		else
			((uid_t *)*ids)[i] = (uid_t)id;
	}
	*n = count;
	return 1;
}

static int parse_who(struct sj_ctx *ctx, json_object *root, const char *key, struct dcd_who *who)
{
	static const char *const keys[] = { "users", "groups", NULL };
	json_object *obj;
	int r;

	if (!json_object_object_get_ex(root, key, &obj))
		return 0;
	if (sj_object(ctx, key, obj, keys) < 0)
		return -EINVAL;
	r = parse_ids(ctx, key, obj, "users", false, (void **)&who->uids, &who->n_uids);
	if (r < 0)
		return r;
	/* A "groups" key replaces the default group list; absent keeps it. */
	r = parse_ids(ctx, key, obj, "groups", true, (void **)&who->gids, &who->n_gids);
	return r < 0 ? r : 0;
}

static int parse_limits(struct sj_ctx *ctx, json_object *root, struct dcd_config *cfg)
{
	static const char *const keys[] = { "max_clients",
					    "max_clients_per_uid",
					    "handshake_timeout_ms",
					    "max_message_size",
					    "max_fds_per_message",
					    "max_framebuffers",
					    "max_framebuffer_bytes",
					    "max_framebuffer_bytes_per_uid",
					    "max_stored_framebuffers",
					    "max_queued_bytes",
					    "max_leases",
					    NULL };
	json_object *obj;
	int64_t v;
	int r;

	if (!json_object_object_get_ex(root, "limits", &obj))
		return 0;
	if (sj_object(ctx, "limits", obj, keys) < 0)
		return -EINVAL;
	if ((r = sj_int(ctx, "limits", obj, "max_clients", false, 1, 4096, &v)) < 0)
		return r;
	if (r)
		cfg->max_clients = (uint32_t)v;
	if ((r = sj_int(ctx, "limits", obj, "max_clients_per_uid", false, 1, 4096, &v)) < 0)
		return r;
	if (r)
		cfg->max_clients_per_uid = (uint32_t)v;
	if ((r = sj_int(ctx, "limits", obj, "handshake_timeout_ms", false, 10, 600000, &v)) < 0)
		return r;
	if (r)
		cfg->handshake_timeout_ms = (uint32_t)v;
	/* From one 64x64 cursor (16 KiB) to 1 TiB. */
	if ((r = sj_int(ctx, "limits", obj, "max_framebuffer_bytes", false, 16384, 1ll << 40, &v)) <
	    0)
		return r;
	if (r)
		cfg->max_fb_bytes = (uint64_t)v;
	if ((r = sj_int(ctx, "limits", obj, "max_framebuffer_bytes_per_uid", false, 16384,
			1ll << 40, &v)) < 0)
		return r;
	if (r)
		cfg->max_fb_bytes_per_uid = (uint64_t)v;
	if ((r = sj_int(ctx, "limits", obj, "max_stored_framebuffers", false, 0, 1024, &v)) < 0)
		return r;
	if (r)
		cfg->max_stored_fbs = (uint32_t)v;
	/* WELCOME's ranges: 4096-65536 bytes, 1-4 descriptors. */
	if ((r = sj_int(ctx, "limits", obj, "max_message_size", false, 4096, DCP_MAX_MESSAGE_SIZE,
			&v)) < 0)
		return r;
	if (r)
		cfg->limits.max_message_size = (uint32_t)v;
	if ((r = sj_int(ctx, "limits", obj, "max_fds_per_message", false, 1, DCP_MAX_FDS, &v)) < 0)
		return r;
	if (r)
		cfg->limits.max_fds = (uint32_t)v;
	if ((r = sj_int(ctx, "limits", obj, "max_framebuffers", false, 1, 65536, &v)) < 0)
		return r;
	if (r)
		cfg->max_framebuffers = (uint32_t)v;
	/* dcd leases and KMS leases together; a lease holds a link at least */
	if ((r = sj_int(ctx, "limits", obj, "max_leases", false, 1, DCP_MAX_LINKS, &v)) < 0)
		return r;
	if (r)
		cfg->max_leases = (uint32_t)v;
	/* At least one message of the largest kind must fit the queue. */
	if ((r = sj_int(ctx, "limits", obj, "max_queued_bytes", false, DCP_MAX_MESSAGE_SIZE,
			256 * 1024 * 1024, &v)) < 0)
		return r;
	if (r)
		cfg->limits.max_queued_bytes = (uint32_t)v;
	return 0;
}

static int parse_color(struct sj_ctx *ctx, const char *path, json_object *v, uint32_t *color)
{
	const char *s;
	char *end;
	unsigned long x;

	if (!json_object_is_type(v, json_type_string))
		return sj_fail(ctx, path, "expected a color \"#rrggbb\"");
	s = json_object_get_string(v);
	if (s[0] != '#' || strlen(s) != 7)
		return sj_fail(ctx, path, "\"%.16s\" is not a color \"#rrggbb\"", s);
	/* six hex digits: strtoul alone would take "#-02040" (a top byte of 0xff) or "#0x1f2f" */
	for (int i = 1; i < 7; i++) {
		if (!isxdigit((unsigned char)s[i]))
			return sj_fail(ctx, path, "\"%.16s\" is not a color \"#rrggbb\"", s);
	}
	errno = 0;
	x = strtoul(s + 1, &end, 16);
	if (errno || *end)
		return sj_fail(ctx, path, "\"%.16s\" is not a color \"#rrggbb\"", s);
	*color = (uint32_t)x;
	return 0;
}

/* "socket": { "mode": "0660", "group": "video" | 44 }: a socket dcd creates itself. */
static int parse_socket(struct sj_ctx *ctx, json_object *root, struct dcd_config *cfg)
{
	static const char *const keys[] = { "mode", "group", NULL };
	json_object *obj, *v;
	const char *mode = NULL;
	char *end;
	unsigned long m;
	long gid;

	if (!json_object_object_get_ex(root, "socket", &obj))
		return 0;
	if (sj_object(ctx, "socket", obj, keys) < 0)
		return -EINVAL;
	if (sj_string(ctx, "socket", obj, "mode", false, 8, &mode) < 0)
		return -EINVAL;
	if (mode) {
		errno = 0;
		m = strtoul(mode, &end, 8);
		if (errno || *end || !*mode || mode[0] != '0' || m > 0777)
			return sj_fail(ctx, "socket.mode",
				       "\"%s\" is not an octal mode such as \"0660\"", mode);
		cfg->socket.mode = (mode_t)m;
	}
	if (json_object_object_get_ex(obj, "group", &v)) {
		if (parse_id(ctx, "socket.group", v, true, &gid) < 0)
			return -EINVAL;
		cfg->socket.set_group = true;
		cfg->socket.group = (gid_t)gid;
	}
	return 0;
}

/* "interrupts": { "mode": "ring" | "poll", "poll_interval_ms": 1..1000 } (ih.c). */
static int parse_interrupts(struct sj_ctx *ctx, json_object *root, struct dcd_config *cfg)
{
	static const char *const keys[] = { "mode", "poll_interval_ms", NULL };
	static const char *const modes[] = { "ring", "poll", NULL };
	json_object *obj;
	int64_t ms;
	unsigned mode;
	int r;

	if (!json_object_object_get_ex(root, "interrupts", &obj))
		return 0;
	if (sj_object(ctx, "interrupts", obj, keys) < 0)
		return -EINVAL;
	r = sj_enum(ctx, "interrupts", obj, "mode", false, modes, &mode);
	if (r < 0)
		return r;
	if (r > 0)
		cfg->irq_poll = mode == 1;
	r = sj_int(ctx, "interrupts", obj, "poll_interval_ms", false, 1, DCD_MAX_POLL_INTERVAL_MS,
		   &ms);
	if (r < 0)
		return r;
	if (r > 0)
		cfg->poll_interval_ms = (uint32_t)ms;
	return 0;
}

/* "off", or { "mode": "preferred" | "current" | "WxH@R", "color": "#rrggbb" }. */
static int parse_idle(struct sj_ctx *ctx, const char *path, json_object *v, struct dcd_idle *idle)
{
	static const char *const keys[] = { "mode", "color", NULL };
	char kpath[SJ_PATH_MAX];
	const char *mode = NULL;
	json_object *color;

	if (json_object_is_type(v, json_type_string)) {
		if (strcmp(json_object_get_string(v), "off"))
			return sj_fail(ctx, path, "expected \"off\" or an object with \"mode\"");
		*idle = (struct dcd_idle){ .kind = DCD_IDLE_OFF };
		return 0;
	}
	if (sj_object(ctx, path, v, keys) < 0)
		return -EINVAL;
	if (sj_string(ctx, path, v, "mode", true, DCD_MODE_SPEC_MAX, &mode) < 0)
		return -EINVAL;
	*idle = (struct dcd_idle){ .kind = DCD_IDLE_MODE };
	if (!strcmp(mode, "preferred")) {
		idle->kind = DCD_IDLE_PREFERRED;
	} else if (!strcmp(mode, "current")) {
		idle->kind = DCD_IDLE_CURRENT;
	} else {
		const struct dc_mode *found;
		/* no modes: -EINVAL tells a malformed spec from one with no match */
		int r = dc_mode_find(NULL, 0, mode, &found);

		sj_key_path(kpath, path, "mode");
		if (r == -EINVAL)
			return sj_fail(ctx, kpath,
				       "\"%s\" is not \"preferred\", \"current\" or a mode such as "
				       "\"1920x1080@60\"",
				       mode);
		snprintf(idle->spec, sizeof(idle->spec), "%s", mode);
	}
	if (json_object_object_get_ex(v, "color", &color)) {
		sj_key_path(kpath, path, "color");
		if (parse_color(ctx, kpath, color, &idle->color) < 0)
			return -EINVAL;
	}
	return 0;
}

static int parse_outputs(struct sj_ctx *ctx, json_object *root, struct dcd_config *cfg)
{
	static const char *const keys[] = { "idle", "non_desktop", NULL };
	char path[SJ_PATH_MAX], ipath[SJ_PATH_MAX];
	json_object *obj, *idle;
	bool nd;

	if (!json_object_object_get_ex(root, "outputs", &obj))
		return 0;
	if (!json_object_is_type(obj, json_type_object))
		return sj_fail(ctx, "outputs", "expected an object of output names");
	for (struct json_object_iterator it = json_object_iter_begin(obj),
					 end = json_object_iter_end(obj);
	     !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
		const char *name = json_object_iter_peek_name(&it);
		json_object *out = json_object_iter_peek_value(&it);

		sj_key_path(path, "outputs", name);
		if (cfg->n_outputs == DCD_MAX_OUTPUT_RULES)
			return sj_fail(ctx, path, "more than %d outputs", DCD_MAX_OUTPUT_RULES);
		if (strlen(name) >= sizeof(cfg->outputs[0].name))
			return sj_fail(ctx, path, "output name longer than %zu characters",
				       sizeof(cfg->outputs[0].name) - 1);
		if (sj_object(ctx, path, out, keys) < 0)
			return -EINVAL;
		snprintf(cfg->outputs[cfg->n_outputs].name, sizeof(cfg->outputs[0].name), "%s",
			 name);
		cfg->outputs[cfg->n_outputs].idle = cfg->idle;
		cfg->outputs[cfg->n_outputs].non_desktop = -1;
		if (json_object_object_get_ex(out, "non_desktop", NULL)) {
			if (sj_bool(ctx, path, out, "non_desktop", &nd) < 0)
				return -EINVAL;
			cfg->outputs[cfg->n_outputs].non_desktop = nd;
		}
		if (json_object_object_get_ex(out, "idle", &idle)) {
			sj_key_path(ipath, path, "idle");
			if (parse_idle(ctx, ipath, idle, &cfg->outputs[cfg->n_outputs].idle) < 0)
				return -EINVAL;
		}
		cfg->n_outputs++;
	}
	return 0;
}

int dcd_config_parse(const char *json, size_t len, const char *name, struct dcd_config *cfg,
		     char *err, size_t err_size)
{
	static const char *const keys[] = { "lease",	  "admin", "kms_lease", "limits",
					    "socket",	  "idle",  "outputs",	"restart_grace_ms",
					    "interrupts", NULL };
	int64_t grace;
	struct sim_error e = { "" };
	struct sj_ctx ctx = { .name = name, .err = &e };
	json_object *root = NULL, *idle;
	int r;

	r = sj_parse(&ctx, json, len, &root);
	if (r == 0 && sj_object(&ctx, "", root, keys) < 0)
		r = -EINVAL;
	if (r == 0)
		r = parse_who(&ctx, root, "lease", &cfg->lease);
	if (r == 0)
		r = parse_who(&ctx, root, "admin", &cfg->admin);
	if (r == 0)
		r = parse_who(&ctx, root, "kms_lease", &cfg->kms_lease);
	if (r == 0)
		r = parse_limits(&ctx, root, cfg);
	if (r == 0)
		r = parse_socket(&ctx, root, cfg);
	if (r == 0)
		r = parse_interrupts(&ctx, root, cfg);
	if (r == 0) {
		r = sj_int(&ctx, "", root, "restart_grace_ms", false, 0, 3600000, &grace);
		if (r > 0)
			cfg->restart_grace_ms = (uint32_t)grace;
		r = r < 0 ? r : 0;
	}
	/* The default idle first: output rules start from it. */
	if (r == 0 && json_object_object_get_ex(root, "idle", &idle))
		r = parse_idle(&ctx, "idle", idle, &cfg->idle);
	if (r == 0)
		r = parse_outputs(&ctx, root, cfg);
	json_object_put(root);
	if (r < 0 && err) {
		if (r == -ENOMEM)
			snprintf(err, err_size, "%s: out of memory", name);
		else
			snprintf(err, err_size, "%s", e.msg);
	}
	return r;
}

int dcd_config_load(const char *path, struct dcd_config *cfg, char *err, size_t err_size)
{
	FILE *f = fopen(path, "re");
	char *buf;
	size_t len;
	int r;

	if (!f) {
		r = -errno;
		snprintf(err, err_size, "%s: %s", path, strerror(-r));
		return r;
	}
	buf = malloc(MAX_CONFIG_BYTES + 1);
	if (!buf) {
		fclose(f);
		return -ENOMEM;
	}
	len = fread(buf, 1, MAX_CONFIG_BYTES + 1, f);
	r = ferror(f) ? -EIO : 0;
	fclose(f);
	if (r == 0 && len > MAX_CONFIG_BYTES) {
		snprintf(err, err_size, "%s: larger than %u bytes", path, MAX_CONFIG_BYTES);
		r = -EFBIG;
	} else if (r < 0) {
		snprintf(err, err_size, "%s: read error", path);
	} else {
		buf[len] = 0;
		r = dcd_config_parse(buf, len, path, cfg, err, err_size);
	}
	free(buf);
	return r;
}

const struct dcd_idle *dcd_config_idle(const struct dcd_config *cfg, const char *link_name)
{
	for (unsigned i = 0; i < cfg->n_outputs; i++) {
		if (!strcmp(cfg->outputs[i].name, link_name))
			return &cfg->outputs[i].idle;
	}
	return &cfg->idle;
}

int dcd_config_non_desktop(const struct dcd_config *cfg, const char *link_name)
{
	for (unsigned i = 0; i < cfg->n_outputs; i++) {
		if (!strcmp(cfg->outputs[i].name, link_name))
			return cfg->outputs[i].non_desktop;
	}
	return -1;
}

bool dcd_who_matches(const struct dcd_who *who, uid_t uid, const gid_t *groups, size_t n_groups)
{
	for (size_t i = 0; i < who->n_uids; i++) {
		if (who->uids[i] == uid)
			return true;
	}
	for (size_t i = 0; i < who->n_gids; i++) {
		for (size_t j = 0; j < n_groups; j++) {
			if (who->gids[i] == groups[j])
				return true;
		}
	}
	return false;
}
