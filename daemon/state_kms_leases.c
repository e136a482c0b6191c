/*
 * The state file's "kms_leases" (docs/recovery.md): each KMS lease granted
 * to a client, or held for one after a restart (kms_lease_restart.c), with
 * its outputs' connector, CRTC and planes as the engine made it, and whom
 * it is for. Absent when there is none. Read like the rest of the file:
 * every value in range, a bad one named by its JSON path.
 */
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <string.h>

#include "dcd.h"
#include "recovery.h"
#include "sim_json.h"

static const char *const lease_keys[] = {
	"id", "lessee", "name", "uid", "client", "outputs", NULL
};
static const char *const output_keys[] = { "name", "connector", "crtc", "primary", "cursor", NULL };

static void add_int(json_object *o, const char *key, int64_t v)
{
	json_object_object_add(o, key, json_object_new_int64(v));
}

static json_object *lease_json(const struct dcd_kms_lease_saved *h)
{
	json_object *o = json_object_new_object(), *outs = json_object_new_array();

	add_int(o, "id", h->id);
	add_int(o, "lessee", h->lessee_id);
	json_object_object_add(o, "name", json_object_new_string(h->name));
	add_int(o, "uid", h->uid);
	json_object_object_add(o, "client", json_object_new_string(h->client));
	for (unsigned k = 0; k < h->n; k++) {
		const struct dcd_kms_lease_output *r = &h->outputs[k];
		json_object *ro = json_object_new_object();

		json_object_object_add(ro, "name", json_object_new_string(r->name));
		add_int(ro, "connector", r->connector);
		add_int(ro, "crtc", r->crtc);
		add_int(ro, "primary", r->primary);
		add_int(ro, "cursor", r->cursor);
		json_object_array_add(outs, ro);
	}
	json_object_object_add(o, "outputs", outs);
	return o;
}

json_object *dcd_state_kms_leases_json(struct dcd *dcd)
{
	json_object *arr = json_object_new_array();

	for (struct dcd_client *c = dcd->clients; c; c = c->next) {
		for (struct dcd_lease *l = c->leases; l; l = l->next) {
			struct dcd_kms_lease_saved h = { .id = l->id,
							 .lessee_id = l->lessee_id,
							 .uid = (uint32_t)c->cred.uid };
			size_t n = 0;

			if (!l->kms || !dcd->engine->ops->kms_lease_describe ||
			    dcd->engine->ops->kms_lease_describe(dcd->engine, l->lessee_id,
								 h.outputs, DC_MAX_LINKS, &n) < 0)
				continue;
			h.n = (unsigned)n;
			snprintf(h.name, sizeof(h.name), "%s", l->name);
			snprintf(h.client, sizeof(h.client), "%s", c->name);
			json_object_array_add(arr, lease_json(&h));
		}
	}
	/* held for a client that is not back yet: a second crash must not lose them */
	for (unsigned i = 0; i < dcd->n_kms_held; i++)
		json_object_array_add(arr, lease_json(&dcd->kms_held[i]));
	if (json_object_array_length(arr) == 0) {
		json_object_put(arr);
		return NULL;
	}
	return arr;
}

static int read_output(struct sj_ctx *ctx, const char *path, json_object *o,
		       struct dcd_kms_lease_output *r)
{
	const char *name;
	int64_t v[4];

	if (sj_object(ctx, path, o, output_keys) < 0 ||
	    sj_string(ctx, path, o, "name", true, sizeof(r->name) - 1, &name) < 0 ||
	    sj_int(ctx, path, o, "connector", true, 1, UINT32_MAX, &v[0]) < 0 ||
	    sj_int(ctx, path, o, "crtc", true, 1, UINT32_MAX, &v[1]) < 0 ||
	    sj_int(ctx, path, o, "primary", true, 1, UINT32_MAX, &v[2]) < 0 ||
	    sj_int(ctx, path, o, "cursor", true, 0, UINT32_MAX, &v[3]) < 0)
		return -EINVAL;
	snprintf(r->name, sizeof(r->name), "%s", name);
	r->connector = (uint32_t)v[0];
	r->crtc = (uint32_t)v[1];
	r->primary = (uint32_t)v[2];
	r->cursor = (uint32_t)v[3];
	return 0;
}

static int read_lease(struct sj_ctx *ctx, const char *path, json_object *o,
		      struct dcd_kms_lease_saved *h)
{
	const char *name, *client;
	json_object *outs;
	char sub[SJ_PATH_MAX];
	int64_t id, lessee, uid;

	memset(h, 0, sizeof(*h));
	if (sj_object(ctx, path, o, lease_keys) < 0 ||
	    sj_int(ctx, path, o, "id", true, 1, UINT32_MAX, &id) < 0 ||
	    sj_int(ctx, path, o, "lessee", true, 1, UINT32_MAX, &lessee) < 0 ||
	    sj_string(ctx, path, o, "name", true, DCP_MAX_LEASE_NAME, &name) < 0 ||
	    sj_int(ctx, path, o, "uid", true, 0, UINT32_MAX - 1, &uid) < 0 ||
	    sj_string(ctx, path, o, "client", true, DCP_MAX_NAME, &client) < 0 ||
	    sj_array(ctx, path, o, "outputs", true, 1, DC_MAX_LINKS, &outs) < 0)
		return -EINVAL;
	h->id = (uint32_t)id;
	h->lessee_id = (uint32_t)lessee;
	h->uid = (uint32_t)uid;
	snprintf(h->name, sizeof(h->name), "%s", name);
	snprintf(h->client, sizeof(h->client), "%s", client);
	h->n = (unsigned)json_object_array_length(outs);
	sj_key_path(sub, path, "outputs");
	for (unsigned k = 0; k < h->n; k++) {
		char opath[SJ_PATH_MAX];

		sj_index_path(opath, sub, k);
		if (read_output(ctx, opath, json_object_array_get_idx(outs, k), &h->outputs[k]) < 0)
			return -EINVAL;
	}
	return 0;
}

int dcd_state_read_kms_leases(struct sj_ctx *ctx, json_object *top, struct dcd_saved_state *st)
{
	json_object *arr;
	int r = sj_array(ctx, "", top, "kms_leases", false, 1, DC_MAX_LINKS, &arr);

	st->n_kms_leases = 0;
	if (r <= 0)
		return r;
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		struct dcd_kms_lease_saved *h = &st->kms_leases[i];
		char path[SJ_PATH_MAX];

		sj_index_path(path, "kms_leases", i);
		if (read_lease(ctx, path, json_object_array_get_idx(arr, i), h) < 0)
			return -EINVAL;
		for (size_t j = 0; j < i; j++) {
			if (st->kms_leases[j].lessee_id == h->lessee_id ||
			    st->kms_leases[j].id == h->id)
				return sj_fail(ctx, path, "lease %u (lessee %u) appears twice",
					       h->id, h->lessee_id);
		}
		st->n_kms_leases++;
	}
	return 0;
}
