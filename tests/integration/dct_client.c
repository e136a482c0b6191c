/* A small protocol client for the integration tests: see dct.h. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <drm_fourcc.h>

#include "dct.h"
#include "msgio.h"

#define MAX_QUEUED 4096

struct dct_client {
	int fd;
	uint32_t serial;
	struct dcp_welcome welcome;
	/* Messages read while waiting for something else, as raw bytes. */
	struct {
		uint8_t *data;
		size_t len;
	} queue[MAX_QUEUED];
	unsigned head, count;
	uint8_t buf[DCP_MAX_MESSAGE_SIZE];
	/* LINK_CAPS of the last GET_TOPOLOGY, by link id */
	struct dcp_link_caps caps[DCP_MAX_LINKS];
	int last_fd; /* the fd of the last message read that carried one, -1: none */
};

const struct dcp_link_caps *dct_link_caps(const struct dct_client *c, uint32_t link)
{
	return link < DCP_MAX_LINKS ? &c->caps[link] : NULL;
}

int dct_fd(const struct dct_client *c)
{
	return c->fd;
}

const struct dcp_welcome *dct_welcome(const struct dct_client *c)
{
	return &c->welcome;
}

int dct_connect_raw(const char *path, struct dct_client **out)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	struct dct_client *c = calloc(1, sizeof(*c));

	if (!c)
		return -ENOMEM;
	c->last_fd = -1;
	c->fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (strlen(path) >= sizeof(addr.sun_path)) {
		if (c->fd >= 0)
			close(c->fd);
		free(c);
		return -ENAMETOOLONG;
	}
	memcpy(addr.sun_path, path, strlen(path) + 1);
	if (c->fd < 0 || connect(c->fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		int r = -errno;

		if (c->fd >= 0)
			close(c->fd);
		free(c);
		return r;
	}
	*out = c;
	return 0;
}

int dct_connect(const char *path, const char *name, struct dct_client **out)
{
	return dct_connect_minor(path, name, DCP_VERSION_MINOR, out);
}

int dct_connect_minor(const char *path, const char *name, uint16_t minor, struct dct_client **out)
{
	struct dcp_hello hello = { .major = DCP_VERSION_MAJOR, .minor = minor };
	struct dcp_server_msg *msg = malloc(sizeof(*msg));
	struct dct_client *c;
	int r;

	if (!msg)
		return -ENOMEM;
	snprintf(hello.name, sizeof(hello.name), "%s", name);
	r = dct_connect_raw(path, &c);
	if (r == 0)
		r = dct_call(c, DCP_REQ_HELLO, &hello, -1, msg);
	if (r == 0 && msg->hdr.opcode != DCP_REPLY_WELCOME)
		r = -EPROTO;
	if (r == 0) {
		c->welcome = msg->welcome;
		*out = c;
	} else if (c && r != -ECONNREFUSED) {
		dct_close(c);
	}
	free(msg);
	return r;
}

int dct_take_fd(struct dct_client *c)
{
	int fd = c->last_fd;

	c->last_fd = -1;
	return fd;
}

void dct_close(struct dct_client *c)
{
	if (!c)
		return;
	close(c->fd);
	if (c->last_fd >= 0)
		close(c->last_fd);
	while (c->count) {
		free(c->queue[c->head].data);
		c->head = (c->head + 1) % MAX_QUEUED;
		c->count--;
	}
	free(c);
}

int dct_send_raw(struct dct_client *c, const void *buf, size_t len, const int *fds, unsigned nfds)
{
	ssize_t n = dci_msg_send(c->fd, buf, len, fds, nfds);

	return n < 0 ? (int)n : 0;
}

int dct_send(struct dct_client *c, uint16_t opcode, uint16_t flags, const void *body, int fd)
{
	struct dcp_header hdr = { .opcode = opcode, .flags = flags, .serial = ++c->serial };
	struct dcp_error err;
	size_t len;
	int r;

	r = dcp_encode(c->buf, sizeof(c->buf), &hdr, body, &len, &err);
	if (r < 0) {
		fprintf(stderr, "dct_send: %s\n", err.text);
		return r;
	}
	r = dct_send_raw(c, c->buf, len, &fd, fd >= 0 ? 1 : 0);
	return r < 0 ? r : (int)hdr.serial;
}

/* Reads one datagram (waiting up to timeout_ms) and decodes it. */
static int read_one(struct dct_client *c, struct dcp_server_msg *msg, int timeout_ms, bool keep_raw)
{
	struct pollfd p = { .fd = c->fd, .events = POLLIN };
	struct dcp_error err;
	int fds[DCP_MAX_FDS];
	unsigned nfds = 0;
	ssize_t n;
	int r;

	r = poll(&p, 1, timeout_ms);
	if (r == 0)
		return -ETIMEDOUT;
	if (r < 0)
		return -errno;
	n = dci_msg_recv(c->fd, c->buf, sizeof(c->buf), fds, DCP_MAX_FDS, &nfds);
	if (nfds > 0) {
		/* kept for dct_take_fd (FB_ALLOCATED's), the older one closed */
		if (c->last_fd >= 0)
			close(c->last_fd);
		c->last_fd = fds[0];
	}
	for (unsigned i = 1; i < nfds; i++)
		close(fds[i]);
	if (n == 0)
		return -ECONNRESET;
	if (n < 0)
		return (int)n;
	r = dcp_decode_server(c->buf, (size_t)n, nfds, msg, &err);
	if (r < 0) {
		fprintf(stderr, "dct: undecodable server message: %s\n", err.text);
		return r;
	}
	(void)keep_raw;
	return (int)n;
}

static int enqueue(struct dct_client *c, size_t len)
{
	unsigned tail = (c->head + c->count) % MAX_QUEUED;

	if (c->count == MAX_QUEUED)
		return -ENOBUFS;
	c->queue[tail].data = malloc(len);
	if (!c->queue[tail].data)
		return -ENOMEM;
	memcpy(c->queue[tail].data, c->buf, len);
	c->queue[tail].len = len;
	c->count++;
	return 0;
}

/* Takes the first queued message that matches (opcode 0: any). */
static bool dequeue(struct dct_client *c, uint16_t opcode, uint32_t serial,
		    struct dcp_server_msg *msg)
{
	for (unsigned k = 0; k < c->count; k++) {
		unsigned i = (c->head + k) % MAX_QUEUED;
		struct dcp_error err;
		struct dcp_header hdr;

		if (dcp_decode_header(c->queue[i].data, c->queue[i].len, &hdr, &err) < 0)
			continue;
		if (serial && hdr.serial != serial)
			continue;
		if (opcode && hdr.opcode != opcode)
			continue;
		if (serial && DCP_OPCODE_EVENT(hdr.opcode) && hdr.opcode != DCP_EVENT_FLIP_DONE)
			continue;
		dcp_decode_server(c->queue[i].data, c->queue[i].len, 0, msg, &err);
		free(c->queue[i].data);
		/* Close the gap, keeping the order of the rest. */
		for (unsigned j = k; j + 1 < c->count; j++)
			c->queue[(c->head + j) % MAX_QUEUED] =
				c->queue[(c->head + j + 1) % MAX_QUEUED];
		c->count--;
		return true;
	}
	return false;
}

static int remaining_ms(uint64_t end)
{
	uint64_t now = dct_now_ns();

	return now >= end ? 0 : (int)((end - now) / 1000000ull) + 1;
}

/* Waits for a message matching opcode/serial, queueing the others. */
static int wait_match(struct dct_client *c, uint16_t opcode, uint32_t serial,
		      struct dcp_server_msg *msg, int timeout_ms)
{
	uint64_t end = dct_now_ns() + (uint64_t)timeout_ms * 1000000ull;

	if (dequeue(c, opcode, serial, msg))
		return 0;
	for (;;) {
		int n = read_one(c, msg, remaining_ms(end), true);

		if (n < 0)
			return n;
		if ((!serial || msg->hdr.serial == serial) &&
		    (!opcode || msg->hdr.opcode == opcode) &&
		    !(serial && DCP_OPCODE_EVENT(msg->hdr.opcode) &&
		      msg->hdr.opcode != DCP_EVENT_FLIP_DONE))
			return 0;
		if (enqueue(c, (size_t)n) < 0)
			return -ENOBUFS;
	}
}

int dct_next(struct dct_client *c, struct dcp_server_msg *msg, int timeout_ms)
{
	return wait_match(c, 0, 0, msg, timeout_ms);
}

int dct_wait_event(struct dct_client *c, uint16_t opcode, struct dcp_server_msg *msg,
		   int timeout_ms)
{
	return wait_match(c, opcode, 0, msg, timeout_ms);
}

int dct_wait_reply(struct dct_client *c, uint32_t serial, struct dcp_server_msg *msg,
		   int timeout_ms)
{
	int r = wait_match(c, 0, serial, msg, timeout_ms);

	if (r < 0)
		return r;
	if (msg->hdr.opcode == DCP_REPLY_ERROR)
		return msg->error.status;
	return 0;
}

int dct_wait_eof(struct dct_client *c, int timeout_ms)
{
	struct dcp_server_msg *msg = malloc(sizeof(*msg));
	uint64_t end = dct_now_ns() + (uint64_t)timeout_ms * 1000000ull;
	int r;

	if (!msg)
		return -ENOMEM;
	do {
		r = read_one(c, msg, remaining_ms(end), false);
	} while (r > 0);
	free(msg);
	return r == -ECONNRESET || r == -EPIPE ? 0 : r;
}

int dct_call(struct dct_client *c, uint16_t opcode, const void *body, int fd,
	     struct dcp_server_msg *msg)
{
	int serial = dct_send(c, opcode, 0, body, fd);

	if (serial < 0)
		return serial;
	return dct_wait_reply(c, (uint32_t)serial, msg, DCT_TIMEOUT_MS);
}

/* ---- common requests ---------------------------------------------------------------------- */

int dct_topology(struct dct_client *c, struct dcp_link_info *infos, unsigned max, unsigned *n)
{
	struct dcp_server_msg *msg = malloc(sizeof(*msg));
	int serial = dct_send(c, DCP_REQ_GET_TOPOLOGY, 0, NULL, -1);
	int r = serial < 0 ? serial : 0;

	int64_t last = -1; /* the link of the LINK_INFO a LINK_CAPS must follow */

	*n = 0;
	memset(c->caps, 0, sizeof(c->caps));
	while (r == 0 && msg) {
		r = dct_wait_reply(c, (uint32_t)serial, msg, DCT_TIMEOUT_MS);
		if (r < 0)
			break;
		if (msg->hdr.opcode == DCP_REPLY_LINK_CAPS) {
			if (msg->link_caps.link != last) {
				r = -EPROTO;
				break;
			}
			c->caps[last] = msg->link_caps;
			last = -1;
			continue;
		}
		if (msg->hdr.opcode == DCP_REPLY_TOPOLOGY_DONE) {
			if (msg->topology_done.link_count != *n)
				r = -EPROTO;
			break;
		}
		if (msg->hdr.opcode != DCP_REPLY_LINK_INFO) {
			r = -EPROTO;
			break;
		}
		if (*n < max)
			infos[*n] = msg->link_info;
		last = msg->link_info.link < DCP_MAX_LINKS ? (int64_t)msg->link_info.link : -1;
		(*n)++;
	}
	free(msg);
	return msg ? r : -ENOMEM;
}

static struct dcp_link_info *topology_alloc(struct dct_client *c, unsigned *n)
{
	struct dcp_link_info *infos = calloc(DCP_MAX_LINKS, sizeof(*infos));

	if (infos && dct_topology(c, infos, DCP_MAX_LINKS, n) < 0) {
		free(infos);
		return NULL;
	}
	return infos;
}

int dct_link_id(struct dct_client *c, const char *name)
{
	unsigned n;
	struct dcp_link_info *infos = topology_alloc(c, &n);
	int r = -ENOENT;

	for (unsigned i = 0; infos && i < n; i++) {
		if (!strcmp(infos[i].name, name))
			r = (int)infos[i].link;
	}
	free(infos);
	return r;
}

int dct_preferred_mode(struct dct_client *c, uint32_t link, struct drm_mode_modeinfo *mode)
{
	unsigned n;
	struct dcp_link_info *infos = topology_alloc(c, &n);
	int r = -ENOENT;

	for (unsigned i = 0; infos && i < n; i++) {
		if (infos[i].link == link && infos[i].mode_count) {
			*mode = infos[i].modes[0].info;
			r = 0;
		}
	}
	free(infos);
	return r;
}

int dct_lease(struct dct_client *c, const uint32_t *links, unsigned n, uint32_t *lease_id)
{
	struct dcp_lease_request lr = { .link_count = n };
	struct dcp_server_msg *msg = malloc(sizeof(*msg));
	int r;

	if (!msg)
		return -ENOMEM;
	memcpy(lr.links, links, n * sizeof(links[0]));
	r = dct_call(c, DCP_REQ_LEASE_REQUEST, &lr, -1, msg);
	if (r == 0 && lease_id)
		*lease_id = msg->lease_granted.lease_id;
	free(msg);
	return r;
}

int dct_memfd(size_t size, bool seal)
{
	int fd = memfd_create("dct-fb", MFD_CLOEXEC | (seal ? MFD_ALLOW_SEALING : 0));

	if (fd < 0)
		return -errno;
	if (ftruncate(fd, (off_t)size) < 0 ||
	    (seal && fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_SEAL) < 0)) {
		int r = -errno;

		close(fd);
		return r;
	}
	return fd;
}

/* The engine scans out rows that start 256-byte aligned. */
static uint32_t fb_pitch(uint32_t width)
{
	return (width * 4 + 255) & ~255u;
}

int dct_fb_memfd(uint32_t width, uint32_t height, uint32_t color)
{
	size_t size = (size_t)fb_pitch(width) * height;
	int fd = dct_memfd(size, true);
	uint32_t *px;

	if (fd < 0)
		return fd;
	px = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (px != MAP_FAILED) {
		for (size_t i = 0; i < size / 4; i++)
			px[i] = color;
		munmap(px, size);
	}
	return fd;
}

int dct_fb_create_fd(struct dct_client *c, int fd, uint32_t format, uint32_t width, uint32_t height,
		     uint32_t *fb_id)
{
	struct dcp_fb_create fb = { .format = format,
				    .modifier = DRM_FORMAT_MOD_LINEAR,
				    .width = width,
				    .height = height,
				    .pitches = { fb_pitch(width) } };
	struct dcp_server_msg *msg = malloc(sizeof(*msg));
	int r;

	if (!msg)
		return -ENOMEM;
	r = dct_call(c, DCP_REQ_FB_CREATE, &fb, fd, msg);
	if (r == 0)
		*fb_id = msg->fb_created.fb_id;
	free(msg);
	return r;
}

int dct_fb_create(struct dct_client *c, uint32_t format, uint32_t width, uint32_t height,
		  uint32_t color, uint32_t *fb_id)
{
	int fd = dct_fb_memfd(width, height, color), r;

	if (fd < 0)
		return fd;
	r = dct_fb_create_fd(c, fd, format, width, height, fb_id);
	close(fd);
	return r;
}

int dct_commit_one(struct dct_client *c, uint32_t link, const struct drm_mode_modeinfo *mode,
		   uint32_t fb, uint32_t flags, struct dcp_server_msg *msg)
{
	return dct_commit_output(c, link, mode, fb, flags, 0, msg);
}

int dct_commit_output(struct dct_client *c, uint32_t link, const struct drm_mode_modeinfo *mode,
		      uint32_t fb, uint32_t flags, uint32_t output_flags,
		      struct dcp_server_msg *msg)
{
	struct dcp_config *cfg = calloc(1, sizeof(*cfg));
	struct dcp_output_config *o;
	int r;

	if (!cfg)
		return -ENOMEM;
	cfg->flags = flags;
	cfg->output_count = 1;
	o = &cfg->outputs[0];
	o->link = link;
	o->flags = DCP_OUTPUT_ENABLED | (fb ? DCP_OUTPUT_PRIMARY : 0) | output_flags;
	o->bpc = 8;
	if (mode)
		o->mode = *mode;
	else if ((r = dct_preferred_mode(c, link, &o->mode)) < 0)
		goto out;
	memset(o->mode.name, 0, sizeof(o->mode.name));
	if (fb) {
		o->primary.fb_id = fb;
		o->primary.src_w = (uint32_t)o->mode.hdisplay << 16;
		o->primary.src_h = (uint32_t)o->mode.vdisplay << 16;
		o->primary.dst_w = o->mode.hdisplay;
		o->primary.dst_h = o->mode.vdisplay;
	}
	r = dct_call(c, DCP_REQ_COMMIT, cfg, -1, msg);
out:
	free(cfg);
	return r;
}

void dct_mode_480p(struct drm_mode_modeinfo *m)
{
	*m = (struct drm_mode_modeinfo){ .clock = 27000,
					 .hdisplay = 720,
					 .hsync_start = 736,
					 .hsync_end = 798,
					 .htotal = 858,
					 .vdisplay = 480,
					 .vsync_start = 489,
					 .vsync_end = 495,
					 .vtotal = 525,
					 .vrefresh = 60,
					 .flags = DRM_MODE_FLAG_NHSYNC | DRM_MODE_FLAG_NVSYNC };
}
