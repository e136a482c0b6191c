/*
 * Framebuffers: a client's fd mapped read-only (dci_fb_map checks the
 * seal and the size) and given a device address by the backend. The id is
 * the client's; the memory is the daemon's until no plane uses it: every
 * use holds a reference, so destroying an id or disconnecting while the
 * buffer is on screen only drops the id.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "dcd.h"
#include "recovery.h"

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
	dcd_backend_unmap(fb->dcd, fb->iova);
	dci_fb_unmap(&fb->map);
	log_debug("framebuffer %u unmapped", fb->id);
	free(fb);
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
	int fd, r;

	/* The descriptor is taken first so it is closed on every path. */
	fd = dci_conn_take_fd(c->conn, 0);
	if (fd < 0)
		return dcp_error_set(err, -EINVAL, DCP_REASON_FB_FD, 0,
				     "FB_CREATE: no file descriptor");
	if (c->fb_count >= dcd->config.max_framebuffers) {
		close(fd);
		return dcp_error_set(err, -EDQUOT, DCP_REASON_LIMIT, 0,
				     "FB_CREATE: you have %u framebuffers, the limit is %u",
				     c->fb_count, dcd->config.max_framebuffers);
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
	/* Under systemd the buffer outlives a crash of dcd (recovery.h). */
	dcd_fdstore_fb_add(dcd, fb, fd);
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
