/*
 * Framebuffers: a client's memfd mapped read-only (dci_fb_map checks the
 * seal and the size) and given a device address by the backend; a
 * client's dma-buf imported by the engine where it can (never mapped by
 * dcd); or a buffer the engine allocated (FB_ALLOC) whose fd the client
 * gets. The id is
 * the client's; the memory is the daemon's until no plane uses it: every
 * use holds a reference, so destroying an id or disconnecting while the
 * buffer is on screen only drops the id.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <drm_fourcc.h>

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
	if (fb->fd >= 0)
		close(fb->fd);
	dcd_engine_unmap(fb->dcd, fb->iova);
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
 * address space or dcd's memory from the others. what: the request.
 */
static int check_budget(struct dcd_client *c, const char *what, uint64_t need,
			struct dcp_error *err)
{
	const struct dcd_config *cfg = &c->dcd->config;
	uint64_t uid_bytes = 0;
	unsigned uid_fbs = 0, uid_clients = 0;
	char a[32], b[32], n[32];

	if (c->fb_bytes + need > cfg->max_fb_bytes)
		return dcp_error_set(err, -EDQUOT, DCP_REASON_LIMIT, 0,
				     "%s: client %u (uid %u): %u framebuffers use %s of its "
				     "%s (max_framebuffer_bytes); this one needs %s",
				     what, c->id, (unsigned)c->cred.uid, c->fb_count,
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
		return dcp_error_set(err, -EDQUOT, DCP_REASON_LIMIT, 0,
				     "%s: uid %u: %u framebuffers of %u connections use %s of "
				     "its %s (max_framebuffer_bytes_per_uid); this one needs %s",
				     what, (unsigned)c->cred.uid, uid_fbs, uid_clients,
				     mib(a, sizeof(a), uid_bytes),
				     mib(b, sizeof(b), cfg->max_fb_bytes_per_uid),
				     mib(n, sizeof(n), need));
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
	dcd_fb_unref(fb);
}

void dcd_fb_drop_client(struct dcd_client *c)
{
	while (c->fbs)
		drop_id(c, c->fbs);
}

/* What every new framebuffer must pass first: the permission and the count. */
static int may_create(struct dcd_client *c, const char *what, struct dcp_error *err)
{
	/* Scanout memory is for those who may scan out (docs/protocol.md). */
	if (!c->may_lease)
		return dcp_error_set(err, -EPERM, DCP_REASON_PERMISSION, 0,
				     "%s: uid %u may not lease outputs, so it may not create "
				     "framebuffers (the \"lease\" users and groups of the "
				     "configuration)",
				     what, (unsigned)c->cred.uid);
	if (c->fb_count >= c->dcd->config.max_framebuffers)
		return dcp_error_set(err, -EDQUOT, DCP_REASON_LIMIT, 0,
				     "%s: you have %u framebuffers, the limit is %u", what,
				     c->fb_count, c->dcd->config.max_framebuffers);
	if (c->dcd->engine->lost)
		return dcp_error_set(err, -ENODEV, DCP_REASON_INTERNAL, 0,
				     "%s: the display device is gone", what);
	return 0;
}

/*
 * A new id of c for memory the engine scans out at iova. map: dcd's
 * mapping ({ NULL, bytes } when only the engine holds the buffer, which
 * costs the client the same); fd: the memfd, kept for the fd store, or -1.
 */
static struct dcd_fb *fb_add(struct dcd_client *c, const struct dcp_fb_create *layout,
			     struct dci_fb_map map, uint64_t iova, int fd)
{
	struct dcd *dcd = c->dcd;
	struct dcd_fb *fb = calloc(1, sizeof(*fb));

	if (!fb)
		return NULL;
	fb->dcd = dcd;
	fb->layout = *layout;
	fb->map = map;
	fb->iova = iova;
	fb->refs = 1;
	fb->owner = c;
	fb->id = dcd->next_fb_id++;
	if (!dcd->next_fb_id)
		dcd->next_fb_id = 1;
	fb->next = c->fbs;
	c->fbs = fb;
	c->fb_count++;
	c->fb_bytes += fb_cost(fb->map.size);
	/* Under systemd the memfd is kept: once the buffer goes on a plane it
	 * goes into the fd store, to outlive a crash of dcd (recovery.h). */
	fb->fd = -1;
	if (fd >= 0 && map.data && dcd_fdstore_keeps_fds(dcd))
		fb->fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	log_debug("%s: framebuffer %u: %ux%u %.4s pitch %u, %zu bytes at device address 0x%llx%s",
		  c->label, fb->id, fb->layout.width, fb->layout.height,
		  (const char *)&fb->layout.format, fb->layout.pitches[0], fb->map.size,
		  (unsigned long long)fb->iova, map.data ? "" : " (the engine's, not mapped)");
	return fb;
}

/* Whether fd is a dma-buf, from the kernel's word (its filesystem), not the client's. */
static int fd_is_dmabuf(int fd, bool *dmabuf, struct dcp_error *err)
{
	struct statfs sfs;

	if (fstatfs(fd, &sfs) < 0)
		return dcp_error_set(err, -EINVAL, DCP_REASON_FB_FD, 0, "FB_CREATE: fd: %s",
				     strerror(errno));
	*dmabuf = (unsigned long)sfs.f_type == DMA_BUF_MAGIC;
	return 0;
}

/*
 * A client's sealed memfd, mapped read-only by dcd and given a handle by
 * the engine. Memfds are linear whatever the protocol version.
 */
static int create_memfd(struct dcd_client *c, int fd, const struct dcp_fb_create *layout,
			struct dcd_fb **out, struct dcp_error *err)
{
	struct dci_fb_map map = { 0 };
	uint64_t need, iova = 0;
	int r;

	r = dcp_fb_size(layout, &need, err);
	if (r == 0)
		r = check_budget(c, "FB_CREATE", fb_cost(need), err);
	if (r == 0)
		r = dci_fb_map(fd, layout, &map, err);
	if (r == 0 && (r = dcd_engine_map(c->dcd, map.data, map.size, &iova, err)) < 0)
		dci_fb_unmap(&map);
	if (r < 0)
		return r;
	*out = fb_add(c, layout, map, iova, fd);
	if (!*out) {
		dcd_engine_unmap(c->dcd, iova);
		dci_fb_unmap(&map);
		return -ENOMEM;
	}
	return 0;
}

/*
 * A client's dma-buf, which dcd never maps (an exporter may revoke its
 * pages, and a read would SIGBUS dcd): the engine imports it or says why
 * not. Protocol 1.3 lets it carry a modifier; 1.2 is linear.
 */
static int create_dmabuf(struct dcd_client *c, int fd, const struct dcp_fb_create *layout,
			 struct dcd_fb **out, struct dcp_error *err)
{
	const struct dcp_format_info *f = dcp_format_info(layout->format);
	struct dcd_engine_dmabuf d = { .format = layout->format,
				       .width = layout->width,
				       .height = layout->height,
				       .modifier = layout->modifier };
	struct dcd_engine *e = c->dcd->engine;
	char why[DCP_MAX_TEXT] = "";
	uint64_t need, iova = 0;
	off_t size;
	int r;

	r = c->minor >= 3 ? dcp_fb_size_any_modifier(layout, &need, err)
			  : dcp_fb_size(layout, &need, err);
	if (r < 0)
		return r;
	/* a dma-buf's size is its file's length (SEEK_END), as the kernel says */
	size = lseek(fd, 0, SEEK_END);
	if (size >= 0 && (uint64_t)size < need)
		return dcp_error_set(err, -EINVAL, DCP_REASON_FB_TOO_SMALL, 0,
				     "FB_CREATE: dma-buf holds %lld bytes, the layout needs %llu",
				     (long long)size, (unsigned long long)need);
	r = check_budget(c, "FB_CREATE", fb_cost(need), err);
	if (r < 0)
		return r;
	d.planes = f->plane_count;
	memcpy(d.pitches, layout->pitches, sizeof(d.pitches));
	memcpy(d.offsets, layout->offsets, sizeof(d.offsets));
	r = e->ops->fb_import(e, fd, &d, &iova, why, sizeof(why));
	/* the engine takes none (the fd), or not this one (its modifier or layout) */
	if (r < 0)
		return dcp_error_set(err, r,
				     !e->imports_dmabuf ? DCP_REASON_FB_FD
				     : layout->modifier != DRM_FORMAT_MOD_LINEAR
					     ? DCP_REASON_FB_MODIFIER
					     : DCP_REASON_FB_LAYOUT,
				     0, "FB_CREATE: %s", why);
	*out = fb_add(c, layout, (struct dci_fb_map){ NULL, (size_t)need }, iova, -1);
	if (!*out) {
		dcd_engine_unmap(c->dcd, iova);
		return -ENOMEM;
	}
	return 0;
}

int dcd_handle_fb_create(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err)
{
	struct dcp_fb_created created;
	struct dcd_fb *fb = NULL;
	bool dmabuf = false;
	int fd, r;

	/* The descriptor is taken first so it is closed on every path. */
	fd = dci_conn_take_fd(c->conn, 0);
	if (fd < 0)
		return dcp_error_set(err, -EINVAL, DCP_REASON_FB_FD, 0,
				     "FB_CREATE: no file descriptor");
	r = may_create(c, "FB_CREATE", err);
	if (r == 0)
		r = fd_is_dmabuf(fd, &dmabuf, err);
	if (r == 0)
		r = dmabuf ? create_dmabuf(c, fd, &req->fb_create, &fb, err)
			   : create_memfd(c, fd, &req->fb_create, &fb, err);
	close(fd);
	if (r < 0)
		return r;
	created.fb_id = fb->id;
	return dcd_client_send(c, DCP_REPLY_FB_CREATED, req->hdr.serial, &created);
}

/* The engine's buffer back: its handle, dcd's mapping, the client's fd. */
static void free_alloc(struct dcd *dcd, struct dcd_engine_fb *a)
{
	dcd_engine_unmap(dcd, a->address);
	if (a->map)
		munmap((void *)a->map, a->size);
	close(a->fd);
}

int dcd_handle_fb_alloc(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err)
{
	const struct dcp_fb_alloc *m = &req->fb_alloc;
	const struct dcp_format_info *f = dcp_format_info(m->format);
	struct dcd_engine *e = c->dcd->engine;
	struct dcp_fb_create layout = { .format = m->format,
					.modifier = DRM_FORMAT_MOD_LINEAR,
					.width = m->width,
					.height = m->height };
	struct dcp_fb_allocated allocated;
	struct dcd_engine_fb a;
	char why[DCP_MAX_TEXT] = "";
	struct dcd_fb *fb;
	int r;

	/* a 1.2 client cannot know the message: it is not part of its protocol */
	if (c->minor < 3)
		return dcp_error_set(err, -EPROTO, DCP_REASON_PROTOCOL, 0,
				     "FB_ALLOC: the connection speaks protocol 1.%u; FB_ALLOC "
				     "came with 1.3",
				     c->minor);
	r = may_create(c, "FB_ALLOC", err);
	/* the smallest it can be, before dcd allocates anything */
	if (r == 0)
		r = check_budget(c, "FB_ALLOC", fb_cost((uint64_t)m->width * f->cpp[0] * m->height),
				 err);
	if (r < 0)
		return r;
	r = e->ops->fb_alloc(e, m->format, m->width, m->height, &a, why, sizeof(why));
	if (r < 0)
		return dcp_error_set(err, r,
				     r == -EINVAL ? DCP_REASON_FB_FORMAT : DCP_REASON_INTERNAL, 0,
				     "FB_ALLOC: %s", why);
	/* and what it is: the engine's pitch may be wider */
	r = check_budget(c, "FB_ALLOC", fb_cost(a.size), err);
	if (r < 0) {
		free_alloc(c->dcd, &a);
		return r;
	}
	layout.pitches[0] = a.pitch;
	layout.offsets[0] = a.offset;
	fb = fb_add(c, &layout, (struct dci_fb_map){ a.map, (size_t)a.size }, a.address, a.fd);
	if (!fb) {
		free_alloc(c->dcd, &a);
		return -ENOMEM;
	}
	allocated = (struct dcp_fb_allocated){
		.fb_id = fb->id, .pitch = a.pitch, .offset = a.offset, .size = a.size
	};
	r = dcd_client_send_fd(c, DCP_REPLY_FB_ALLOCATED, req->hdr.serial, &allocated, a.fd);
	close(a.fd);
	return r;
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
