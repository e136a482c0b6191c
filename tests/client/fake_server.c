/*
 * The fake dcd of the libdcclient tests; see fake_server.h.
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <drm_fourcc.h>

#include "fake_server.h"
#include "msgio.h"

void fake_mode(struct drm_mode_modeinfo *m, uint16_t w, uint16_t h, uint32_t clock, bool pref)
{
	memset(m, 0, sizeof(*m));
	m->clock = clock;
	m->hdisplay = w;
	m->hsync_start = (uint16_t)(w + 88);
	m->hsync_end = (uint16_t)(w + 132);
	m->htotal = (uint16_t)(w + 280);
	m->vdisplay = h;
	m->vsync_start = (uint16_t)(h + 4);
	m->vsync_end = (uint16_t)(h + 9);
	m->vtotal = (uint16_t)(h + 45);
	m->vrefresh = 60;
	m->flags = DRM_MODE_FLAG_PHSYNC | DRM_MODE_FLAG_PVSYNC;
	m->type = DRM_MODE_TYPE_DRIVER | (pref ? DRM_MODE_TYPE_PREFERRED : 0);
}

void fake_link(struct dcp_link_info *li, uint32_t id, const char *name, uint8_t type,
	       bool connected)
{
	static const uint32_t formats[] = { DRM_FORMAT_XRGB8888, DRM_FORMAT_ARGB8888 };

	memset(li, 0, sizeof(*li));
	li->link = id;
	li->type = type;
	li->connection = connected ? DCP_CONNECTED : DCP_DISCONNECTED;
	snprintf(li->name, sizeof(li->name), "%s", name);
	if (connected) {
		snprintf(li->sink.vendor, sizeof(li->sink.vendor), "DEL");
		snprintf(li->sink.name, sizeof(li->sink.name), "Fake %s", name);
		li->sink.product = (uint16_t)(0x4000 + id);
		li->sink.serial = 1000 + id;
		li->sink.width_mm = 600;
		li->sink.height_mm = 340;
		li->sink.max_bpc = 10;
		li->sink.encodings = 1u << DCP_ENCODING_RGB;
		li->mode_count = 2;
		fake_mode(&li->modes[0].info, 3840, 2160, 594000, true);
		li->modes[0].refresh_mhz = 60000;
		fake_mode(&li->modes[1].info, 1920, 1080, 148500, false);
		li->modes[1].refresh_mhz = 59940;
	}
	li->plane_count = 2;
	for (unsigned p = 0; p < 2; p++) {
		struct dcp_plane_info *pl = &li->planes[p];

		pl->type = p ? DCP_PLANE_CURSOR : DCP_PLANE_PRIMARY;
		pl->max_width = p ? 128 : 16384;
		pl->max_height = p ? 128 : 16384;
		pl->format_count = p ? 1 : 2;
		memcpy(pl->formats, p ? &formats[1] : formats, pl->format_count * 4);
		pl->modifier_count = 1;
		pl->modifiers[0] = DRM_FORMAT_MOD_LINEAR;
	}
}

void fake_init(struct fake_server *s, uint64_t instance)
{
	memset(s, 0, sizeof(*s));
	s->fd = s->listen_fd = -1;
	pthread_mutex_init(&s->lock, NULL);
	s->welcome = (struct dcp_welcome){
		.major = 1,
		.capabilities = DCP_CAP_LEASES | DCP_CAP_FB_MEMFD | DCP_CAP_CURSOR | DCP_CAP_VBLANK,
		.instance = instance,
		.client_id = 42,
		.max_request_size = DCP_DEFAULT_MAX_REQUEST_SIZE,
		.max_fds = 1,
		.max_framebuffers = 64,
		.max_queued_bytes = DCP_DEFAULT_MAX_QUEUED_BYTES,
	};
	snprintf(s->welcome.server_name, sizeof(s->welcome.server_name), "fake dcd 1.0");
	s->link_count = FAKE_LINKS;
	s->links = calloc(FAKE_LINKS, sizeof(*s->links));
	assert(s->links);
	fake_link(&s->links[0], 0, "DP-1", DCP_LINK_DP, true);
	fake_link(&s->links[1], 1, "HDMI-A-1", DCP_LINK_HDMI_A, true);
	fake_link(&s->links[2], 2, "DP-2", DCP_LINK_DP, false);
	for (unsigned i = 0; i < DCP_MAX_LINKS; i++)
		s->caps[i].link = i;
	s->generation = 1;
	s->next_lease = 10;
	s->next_fb = 100;
	s->sequence = 500;
}

void fake_fini(struct fake_server *s)
{
	fake_stop(s);
	if (s->listen_fd >= 0)
		close(s->listen_fd);
	free(s->links);
	pthread_mutex_destroy(&s->lock);
}

int fake_pair(struct fake_server *s)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
		abort();
	s->fd = sv[0];
	return sv[1];
}

void fake_listen(struct fake_server *s, const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };

	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s", path);
	unlink(path);
	s->listen_fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (s->listen_fd < 0 || bind(s->listen_fd, (struct sockaddr *)&addr, sizeof(addr)) < 0 ||
	    listen(s->listen_fd, 4) < 0)
		abort();
}

void fake_send(struct fake_server *s, uint16_t opcode, uint32_t serial, const void *body)
{
	fake_send_fd(s, opcode, serial, body, -1);
}

void fake_send_fd(struct fake_server *s, uint16_t opcode, uint32_t serial, const void *body, int fd)
{
	static uint8_t buf[DCP_MAX_MESSAGE_SIZE];
	static pthread_mutex_t buf_lock = PTHREAD_MUTEX_INITIALIZER;
	struct dcp_header hdr = { .opcode = opcode, .serial = serial };
	struct dcp_error err;
	size_t len;

	pthread_mutex_lock(&buf_lock);
	if (dcp_encode(buf, sizeof(buf), &hdr, body, &len, &err)) {
		fprintf(stderr, "fake_send %s: %s\n", dcp_opcode_name(opcode), err.text);
		abort();
	}
	/* The client may be gone already: that is its test's business. */
	dci_msg_send(s->fd, buf, len, fd >= 0 ? &fd : NULL, fd >= 0 ? 1 : 0);
	pthread_mutex_unlock(&buf_lock);
}

void fake_send_raw(struct fake_server *s, const void *buf, size_t len)
{
	dci_msg_send(s->fd, buf, len, NULL, 0);
}

void fake_send_error(struct fake_server *s, uint32_t serial, int status, uint16_t reason,
		     uint16_t flags, const char *text)
{
	struct dcp_error e = {
		.status = status, .reason = reason, .flags = flags, .link = -1, .plane = -1
	};

	snprintf(e.text, sizeof(e.text), "%s", text);
	fake_send(s, DCP_REPLY_ERROR, serial, &e);
}

/* What dcd checks of a framebuffer descriptor, recorded for the tests. */
static void check_fb_fd(struct fake_server *s, int fd)
{
	struct stat st;

	s->fb_seals = fd >= 0 ? fcntl(fd, F_GET_SEALS) : -1;
	s->fb_fd_size = fd >= 0 && fstat(fd, &st) == 0 ? (uint64_t)st.st_size : 0;
}

static void answer(struct fake_server *s, const struct dcp_request *req, int fd)
{
	uint32_t serial = req->hdr.serial;
	bool no_reply = req->hdr.flags & DCP_HEADER_NO_REPLY;

	switch (req->hdr.opcode) {
	case DCP_REQ_HELLO:
		fake_send(s, DCP_REPLY_WELCOME, serial, &s->welcome);
		return;
	case DCP_REQ_GET_TOPOLOGY: {
		struct dcp_topology_done td = { s->link_count, s->generation };

		for (unsigned i = 0; i < s->link_count; i++) {
			fake_send(s, DCP_REPLY_LINK_INFO, serial, &s->links[i]);
			if (s->welcome.minor >= 1)
				fake_send(s, DCP_REPLY_LINK_CAPS, serial, &s->caps[i]);
		}
		fake_send(s, DCP_REPLY_TOPOLOGY_DONE, serial, &td);
		return;
	}
	case DCP_REQ_LEASE_REQUEST: {
		struct dcp_lease_granted g = { s->next_lease++ };

		for (unsigned i = 0; i < req->lease_request.link_count; i++) {
			uint32_t id = req->lease_request.links[i];

			if (id < s->link_count) {
				s->links[id].lease_state = DCP_LEASE_OURS;
				s->links[id].lease_id = g.lease_id;
			}
		}
		fake_send(s, DCP_REPLY_LEASE_GRANTED, serial, &g);
		return;
	}
	case DCP_REQ_FB_CREATE: {
		struct dcp_fb_created fc = { s->next_fb++ };

		check_fb_fd(s, fd);
		fake_send(s, DCP_REPLY_FB_CREATED, serial, &fc);
		return;
	}
	case DCP_REQ_FLIP: {
		struct dcp_flip_done fd_ = {
			.link = req->flip.link,
			.user_data = req->flip.user_data,
			.sequence = ++s->sequence,
			.timestamp_ns = FAKE_TIME_BASE_NS + s->sequence * FAKE_FRAME_NS,
		};

		fake_send(s, DCP_EVENT_FLIP_DONE, serial, &fd_);
		return;
	}
	default:
		if (!no_reply)
			fake_send(s, DCP_REPLY_OK, serial, NULL);
	}
}

static void *serve(void *arg)
{
	struct fake_server *s = arg;
	uint8_t *buf = malloc(DCP_MAX_MESSAGE_SIZE);
	struct dcp_request *req = malloc(sizeof(*req));

	assert(buf && req);
	if (s->listen_fd >= 0) {
		struct pollfd pfd[2] = { { s->listen_fd, POLLIN, 0 }, { s->wake[0], POLLIN, 0 } };

		if (poll(pfd, 2, -1) < 1 || (pfd[1].revents & POLLIN)) {
			free(buf);
			free(req);
			return NULL;
		}
		s->fd = accept4(s->listen_fd, NULL, NULL, SOCK_CLOEXEC);
	}
	for (;;) {
		struct pollfd pfd[2] = { { s->fd, POLLIN, 0 }, { s->wake[0], POLLIN, 0 } };
		struct dcp_error err;
		int fds[DCP_MAX_FDS];
		unsigned nfds;
		ssize_t n;

		if (poll(pfd, 2, -1) < 0 || (pfd[1].revents & POLLIN))
			break;
		n = dci_msg_recv(s->fd, buf, DCP_MAX_MESSAGE_SIZE, fds, DCP_MAX_FDS, &nfds);
		if (n <= 0) {
			s->closed = true;
			break;
		}
		if (dcp_decode_request(buf, (size_t)n, nfds, req, &err)) {
			fprintf(stderr, "fake dcd: client sent a bad request: %s\n", err.text);
			abort();
		}
		pthread_mutex_lock(&s->lock);
		if (req->hdr.opcode < FAKE_REQUEST_TYPES) {
			s->count[req->hdr.opcode]++;
			s->last[req->hdr.opcode] = *req;
		}
		if (!s->hook || !s->hook(s, req, nfds ? fds[0] : -1))
			answer(s, req, nfds ? fds[0] : -1);
		pthread_mutex_unlock(&s->lock);
		for (unsigned i = 0; i < nfds; i++)
			close(fds[i]);
	}
	free(buf);
	free(req);
	return NULL;
}

void fake_start(struct fake_server *s)
{
	if (pipe2(s->wake, O_CLOEXEC) < 0 || pthread_create(&s->thread, NULL, serve, s))
		abort();
	s->running = true;
}

void fake_stop(struct fake_server *s)
{
	if (s->running) {
		if (write(s->wake[1], "x", 1) != 1)
			abort();
		pthread_join(s->thread, NULL);
		close(s->wake[0]);
		close(s->wake[1]);
		s->running = false;
	}
	if (s->fd >= 0) {
		close(s->fd);
		s->fd = -1;
	}
}

unsigned fake_count(struct fake_server *s, uint16_t opcode)
{
	unsigned n;

	pthread_mutex_lock(&s->lock);
	n = opcode < FAKE_REQUEST_TYPES ? s->count[opcode] : 0;
	pthread_mutex_unlock(&s->lock);
	return n;
}

struct dcp_request fake_last(struct fake_server *s, uint16_t opcode)
{
	struct dcp_request r;

	pthread_mutex_lock(&s->lock);
	r = s->last[opcode];
	pthread_mutex_unlock(&s->lock);
	return r;
}
