/*
 * Framebuffers: a client's fd mapped read-only (dci_fb_map checks the
 * seal and the size) and given a device address by the backend. The id is
 * the client's; the memory is the daemon's until no plane uses it: every
 * use holds a reference, so destroying an id or disconnecting while the
 * buffer is on screen only drops the id.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "dcd.h"
#include "recovery.h"
#include "scanout.h"

struct dcd_fb *dcd_fb_lookup(const struct dcd_client *c, uint32_t id)
{
	for (struct dcd_fb *fb = c->fbs; fb; fb = fb->next) {
		if (fb->id == id)
			return fb;
	}
	return NULL;
}

struct dcd_fb *dcd_fb_ref(struct dcd_fb *fb)
{
	if (fb)
		fb->refs++;
	return fb;
}

void dcd_fb_unref(struct dcd_fb *fb)
{
	if (!fb || --fb->refs)
		return;
	dcd_fdstore_fb_remove(fb->dcd, fb);
	if (fb->fd >= 0)
		close(fb->fd);
	dcd_backend_unmap(fb->dcd, fb->iova);
	dci_fb_unmap(&fb->map);
	log_debug("framebuffer %u unmapped", fb->id);
	free(fb);
}

/* What a framebuffer costs its client: whole pages of mapping and device addresses. */
static uint64_t fb_cost(uint64_t size)
{
	return (size + 4095) & ~4095ull;
}

/* "96 MiB", "33.2 MiB" */
static const char *mib(char *buf, size_t size, uint64_t bytes)
{
	if (bytes % (1u << 20) == 0)
		snprintf(buf, size, "%llu MiB", (unsigned long long)(bytes >> 20));
	else
		snprintf(buf, size, "%.1f MiB", (double)bytes / (1u << 20));
	return buf;
}

/*
 * The byte budgets: the client's own and its uid's over all its
 * connections, so neither one connection nor many can take the device
 * address space or dcd's memory from the others.
 */
static int check_budget(struct dcd_client *c, uint64_t need, struct dcp_error *err)
{
	const struct dcd_config *cfg = &c->dcd->config;
	uint64_t uid_bytes = 0;
	unsigned uid_fbs = 0, uid_clients = 0;
	char a[32], b[32], n[32];

	if (c->fb_bytes + need > cfg->max_fb_bytes)
		return dcp_error_set(err, -EDQUOT, DCP_REASON_LIMIT, 0,
				     "FB_CREATE: client %u (uid %u): %u framebuffers use %s of its "
				     "%s (max_framebuffer_bytes); this one needs %s",
				     c->id, (unsigned)c->cred.uid, c->fb_count,
				     mib(a, sizeof(a), c->fb_bytes),
				     mib(b, sizeof(b), cfg->max_fb_bytes), mib(n, sizeof(n), need));
	for (const struct dcd_client *o = c->dcd->clients; o; o = o->next) {
		if (o->dead || o->cred.uid != c->cred.uid)
			continue;
		uid_bytes += o->fb_bytes;
		uid_fbs += o->fb_count;
		uid_clients++;
	}
	if (uid_bytes + need > cfg->max_fb_bytes_per_uid)
		return dcp_error_set(
			err, -EDQUOT, DCP_REASON_LIMIT, 0,
			"FB_CREATE: uid %u: %u framebuffers of %u connections use %s of "
			"its %s (max_framebuffer_bytes_per_uid); this one needs %s",
			(unsigned)c->cred.uid, uid_fbs, uid_clients, mib(a, sizeof(a), uid_bytes),
			mib(b, sizeof(b), cfg->max_fb_bytes_per_uid), mib(n, sizeof(n), need));
	return 0;
}

/* Takes the id away from its owner; the memory lives on while planes use it. */
static void drop_id(struct dcd_client *c, struct dcd_fb *fb)
{
	struct dcd_fb **p;

	for (p = &c->fbs; *p && *p != fb; p = &(*p)->next)
		;
	if (*p)
		*p = fb->next;
	fb->next = NULL;
	fb->owner = NULL;
	c->fb_count--;
	c->fb_bytes -= fb_cost(fb->map.size);
	if (fb->refs > 1) /* still on a plane: its mapping stays a while */
		dcd_scanout_fb_dropped(fb);
	dcd_fb_unref(fb);
}

void dcd_fb_drop_client(struct dcd_client *c)
{
	while (c->fbs)
		drop_id(c, c->fbs);
}

int dcd_handle_fb_create(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err)
{
	struct dcd *dcd = c->dcd;
	struct dcp_fb_created created;
	struct dcd_fb *fb;
	uint64_t need;
	int fd, r;

	/* The descriptor is taken first so it is closed on every path. */
	fd = dci_conn_take_fd(c->conn, 0);
	if (fd < 0)
		return dcp_error_set(err, -EINVAL, DCP_REASON_FB_FD, 0,
				     "FB_CREATE: no file descriptor");
	/* Scanout memory is for those who may scan out (docs/protocol.md). */
	if (!c->may_lease) {
		close(fd);
		return dcp_error_set(
			err, -EPERM, DCP_REASON_PERMISSION, 0,
			"FB_CREATE: uid %u may not lease outputs, so it may not create "
			"framebuffers (the \"lease\" users and groups of the "
			"configuration)",
			(unsigned)c->cred.uid);
	}
	if (c->fb_count >= dcd->config.max_framebuffers) {
		close(fd);
		return dcp_error_set(err, -EDQUOT, DCP_REASON_LIMIT, 0,
				     "FB_CREATE: you have %u framebuffers, the limit is %u",
				     c->fb_count, dcd->config.max_framebuffers);
	}
	r = dcp_fb_size(&req->fb_create, &need, err);
	if (r == 0)
		r = check_budget(c, fb_cost(need), err);
	if (r < 0) {
		close(fd);
		return r;
	}
	fb = calloc(1, sizeof(*fb));
	if (!fb) {
		close(fd);
		return -ENOMEM;
	}
	r = dci_fb_map(fd, &req->fb_create, &fb->map, err);
	if (r == 0)
		r = dcd_backend_map(dcd, fb->map.data, fb->map.size, &fb->iova, err);
	if (r < 0) {
		close(fd);
		dci_fb_unmap(&fb->map);
		free(fb);
		return r;
	}
	fb->dcd = dcd;
	fb->layout = req->fb_create;
	fb->refs = 1;
	fb->owner = c;
	fb->id = dcd->next_fb_id++;
	if (!dcd->next_fb_id)
		dcd->next_fb_id = 1;
	fb->next = c->fbs;
	c->fbs = fb;
	c->fb_count++;
	c->fb_bytes += fb_cost(fb->map.size);
	/* Under systemd the fd is kept: once the buffer goes on a plane it
	 * goes into the fd store, to outlive a crash of dcd (recovery.h). */
	fb->fd = -1;
	if (dcd_fdstore_keeps_fds(dcd))
		fb->fd = fd;
	else
		close(fd);
	log_debug("%s: framebuffer %u: %ux%u %.4s pitch %u, %zu bytes at device address 0x%llx",
		  c->label, fb->id, fb->layout.width, fb->layout.height,
		  (const char *)&fb->layout.format, fb->layout.pitches[0], fb->map.size,
		  (unsigned long long)fb->iova);
	created.fb_id = fb->id;
	return dcd_client_send(c, DCP_REPLY_FB_CREATED, req->hdr.serial, &created);
}

int dcd_handle_fb_destroy(struct dcd_client *c, const struct dcp_request *req,
			  struct dcp_error *err)
{
	struct dcd_fb *fb = dcd_fb_lookup(c, req->fb_destroy.fb_id);

	if (!fb)
		return dcp_error_set(err, -ENOENT, DCP_REASON_UNKNOWN_ID, 0,
				     "FB_DESTROY: you have no framebuffer %u",
				     req->fb_destroy.fb_id);
	drop_id(c, fb);
	return dcd_client_send_ok(c, req);
}
