/*
 * When the connection breaks: every request in flight ends with
 * -ENOTCONN, leases become inactive, framebuffer ids are forgotten, and
 * the application hears of it. Then, for clients connected by path, the
 * library waits for dcd to come back without busy-waiting: a timerfd with
 * a backoff from 10 ms to 1 s, plus an inotify watch on the socket's
 * directory that makes the next attempt immediate when the socket file is
 * created again. Both sit in the client's epoll set, so the application's
 * loop drives them through dcc_get_fd() and dcc_dispatch() alone.
 *
 * A reconnection is: handshake, topology, every framebuffer registered
 * again from the descriptor the library kept, dcc_restore() if
 * auto-restore is on, then the reconnected callback.
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/un.h>
#include <unistd.h>

#include "client_internal.h"

int dcc_connect_socket(const char *path, int *out)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd, ret;

	*out = -1;
	if (strlen(path) >= sizeof(addr.sun_path))
		return -ENAMETOOLONG;
	memcpy(addr.sun_path, path, strlen(path) + 1);
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0)
		return -errno;
	/* Non-blocking: a full backlog says EAGAIN instead of stalling the loop. */
	if (connect(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		ret = -errno;
		close(fd);
		return ret;
	}
	*out = fd;
	return 0;
}

static void arm_timer(struct dcc_client *c, unsigned ms)
{
	struct itimerspec its = {
		.it_value = { .tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000 },
	};

	timerfd_settime(c->timerfd, 0, &its, NULL);
}

/* Watches the socket's directory, so a new dcd's bind() wakes the client. */
static void watch_socket_dir(struct dcc_client *c)
{
	char dir[108];

	if (c->inotifyfd < 0) {
		c->inotifyfd = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
		if (c->inotifyfd < 0 ||
		    dcc_epoll_set(c, c->inotifyfd, DCC_SRC_INOTIFY, EPOLLIN, true) < 0) {
			dcc_log(c, DCC_LOG_INFO, "no inotify (%s): reconnecting by timer only",
				strerror(errno));
			return;
		}
	}
	snprintf(dir, sizeof(dir), "%s", c->path);
	c->inotify_wd =
		inotify_add_watch(c->inotifyfd, dirname(dir), IN_CREATE | IN_MOVED_TO | IN_ATTRIB);
	if (c->inotify_wd < 0)
		dcc_log(c, DCC_LOG_INFO, "cannot watch the directory of %s: %s", c->path,
			strerror(errno));
}

static void unwatch_socket_dir(struct dcc_client *c)
{
	if (c->inotify_wd >= 0)
		inotify_rm_watch(c->inotifyfd, c->inotify_wd);
	c->inotify_wd = -1;
}

void dcc_break(struct dcc_client *c, int status, const char *fmt, ...)
{
	struct dcp_error err = { .status = -ENOTCONN, .link = -1, .plane = -1 };
	struct dcc_event *ev;
	uint32_t *serials;
	unsigned n = c->pending_count;
	va_list ap;

	if (c->sock < 0)
		return;
	/* A FATAL ERROR before the EOF already said why. */
	if (!(status == -ECONNRESET && c->broken_text[0])) {
		va_start(ap, fmt);
		vsnprintf(c->broken_text, sizeof(c->broken_text), fmt, ap);
		va_end(ap);
	}
	dcc_log(c, DCC_LOG_ERROR, "connection to dcd lost: %s", c->broken_text);
	close(c->sock);
	c->sock = -1;
	c->handshaken = false;
	dcc_drop_queue(c);

	/* Fail by serial: failing removes entries and reorders the table. */
	memcpy(err.text, c->broken_text, sizeof(err.text));
	serials = malloc((n ? n : 1) * sizeof(*serials));
	for (unsigned i = 0; serials && i < n; i++)
		serials[i] = c->pending[i].serial;
	for (unsigned i = 0; serials && i < n; i++) {
		struct dcc_pending *p = dcc_pending_find(c, serials[i]);

		if (p && !p->done)
			dcc_pending_fail(c, p, &err);
	}
	free(serials);
	c->topo_serial = 0;
	c->topo_again = false;
	for (struct dcc_lease *l = c->leases; l; l = l->next) {
		if (l->id) {
			l->id = 0;
			l->lost = true;
		}
	}
	dcc_fb_forget_ids(c);
	for (unsigned i = 0; i < DCP_MAX_LINKS; i++)
		c->links[i].flips_pending = 0;
	if (c->reconnecting)
		return; /* the attempt failed: no news for the application */

	ev = dcc_event_new(c, DCC_EV_DISCONNECTED);
	if (ev) {
		ev->status = status;
		memcpy(ev->text, c->broken_text, sizeof(ev->text));
		dcc_event_queue(c, ev);
	}
	if (c->reconnect && c->path) {
		c->backoff_ms = DCC_BACKOFF_MIN_MS;
		watch_socket_dir(c);
		arm_timer(c, c->backoff_ms);
	}
}

/* Reads the inotify events; true when the socket file appeared or changed. */
static bool socket_appeared(struct dcc_client *c)
{
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	char path[108];
	const char *base;
	bool seen = false;
	ssize_t n;

	if (c->inotifyfd < 0)
		return false;
	snprintf(path, sizeof(path), "%s", c->path);
	base = basename(path);
	while ((n = read(c->inotifyfd, buf, sizeof(buf))) > 0) {
		for (char *p = buf; p < buf + n;) {
			const struct inotify_event *e = (const struct inotify_event *)p;

			if (e->len && !strcmp(e->name, base))
				seen = true;
			p += sizeof(*e) + e->len;
		}
	}
	return seen;
}

/* One attempt: 0 when connected again (events queued), else the error. */
static int attempt(struct dcc_client *c)
{
	uint64_t instance = c->welcome.instance;
	struct dcc_event *ev;
	int fd, ret;

	ret = dcc_connect_socket(c->path, &fd);
	if (ret)
		return ret;
	c->reconnecting = true;
	c->sock = fd;
	ret = dcc_handshake(c);
	for (struct dcc_fb *fb = c->fbs; !ret && fb; fb = fb->next) {
		if (dcc_fb_register(fb))
			dcc_log(c, DCC_LOG_ERROR, "framebuffer %ux%u not created again: %s",
				fb->layout.width, fb->layout.height, c->err_text);
		if (c->sock < 0)
			ret = -ENOTCONN;
	}
	if (!ret && c->auto_restore && dcc_restore(c))
		dcc_log(c, DCC_LOG_ERROR, "restore after reconnecting: %s", c->err_text);
	c->reconnecting = false;
	if (!ret && c->sock < 0)
		ret = -ENOTCONN;
	if (ret) {
		if (c->sock >= 0) {
			close(c->sock);
			c->sock = -1;
			c->handshaken = false;
			dcc_drop_queue(c);
		}
		return ret;
	}
	dcc_log(c, DCC_LOG_INFO, "reconnected to %s (%s)", c->path,
		instance != c->welcome.instance ? "dcd restarted" : "same dcd");
	ev = dcc_event_new(c, DCC_EV_RECONNECTED);
	if (ev) {
		ev->value = instance != c->welcome.instance;
		dcc_event_queue(c, ev);
	}
	return 0;
}

/* Connected again (by the timer or by a new dcc_client_connect): stop waiting. */
void dcc_reconnect_stop(struct dcc_client *c)
{
	uint64_t expirations;
	char buf[4096];

	unwatch_socket_dir(c);
	arm_timer(c, 0); /* disarm */
	c->backoff_ms = DCC_BACKOFF_MIN_MS;
	/* Whatever fired meanwhile must not keep dcc_get_fd() readable. */
	if (read(c->timerfd, &expirations, sizeof(expirations)) < 0 && errno != EAGAIN)
		dcc_log(c, DCC_LOG_DEBUG, "timerfd: %s", strerror(errno));
	while (c->inotifyfd >= 0 && read(c->inotifyfd, buf, sizeof(buf)) > 0)
		;
}

int dcc_reconnect_tick(struct dcc_client *c)
{
	uint64_t expirations;
	bool due = false;
	int ret;

	if (!c->reconnect || !c->path)
		return -ENOTCONN;
	if (read(c->timerfd, &expirations, sizeof(expirations)) == sizeof(expirations))
		due = true;
	if (socket_appeared(c)) {
		dcc_log(c, DCC_LOG_DEBUG, "%s appeared: reconnecting now", c->path);
		due = true;
		c->backoff_ms = DCC_BACKOFF_MIN_MS;
	}
	if (!due)
		return 0;
	ret = attempt(c);
	if (ret == 0)
		return 0;
	dcc_log(c, DCC_LOG_DEBUG, "reconnecting to %s: %s; next try in %u ms", c->path,
		strerror(-ret), c->backoff_ms);
	arm_timer(c, c->backoff_ms);
	c->backoff_ms =
		c->backoff_ms * 2 > DCC_BACKOFF_MAX_MS ? DCC_BACKOFF_MAX_MS : c->backoff_ms * 2;
	return 0;
}

/* The first failure of a sequence of calls, kept for dcc_last_error_*. */
struct first_error {
	int status;
	uint16_t reason;
	bool from_server;
	char text[DCP_MAX_TEXT + 1];
};

static void note(struct dcc_client *c, struct first_error *f, int ret)
{
	if (!ret || f->status)
		return;
	f->status = ret;
	f->reason = c->err_reason;
	f->from_server = c->err_from_server;
	memcpy(f->text, c->err_text, sizeof(f->text));
}

DCC_EXPORT int dcc_restore(struct dcc_client *c)
{
	struct dcc_config_output outs[DCP_MAX_OUTPUTS];
	struct first_error first = { 0 };
	struct dcp_config wire;
	unsigned count = 0;
	int ret;

	ret = dcc_check_connected(c);
	if (ret)
		return ret;
	for (struct dcc_lease *l = c->leases; l; l = l->next) {
		if (l->lost)
			note(c, &first, dcc_lease_renew(l));
	}
	for (unsigned i = 0; i < DCP_MAX_LINKS; i++) {
		const struct dcc_link *link = &c->links[i];

		if (!link->saved.valid || link->lease_state != DCP_LEASE_OURS)
			continue;
		outs[count].out = link->saved.out;
		outs[count].primary_fb = link->saved.primary_fb;
		outs[count].cursor_fb = link->saved.cursor_fb;
		count++;
	}
	if (count) {
		/* Without ALLOW_MODESET first: what dcd adopted stays on screen. */
		ret = dcc_config_encode(c, outs, count, 0, &wire);
		if (!ret)
			ret = dcc_call(c, DCP_REQ_COMMIT, &wire, -1, NULL);
		if (ret == -EINVAL && c->err_reason == DCP_REASON_MODESET_REQUIRED) {
			wire.flags = DCP_COMMIT_ALLOW_MODESET;
			ret = dcc_call(c, DCP_REQ_COMMIT, &wire, -1, NULL);
		}
		if (!ret)
			dcc_config_remember(c, outs, count);
		note(c, &first, ret);
	}
	for (unsigned i = 0; i < DCP_MAX_LINKS; i++) {
		struct dcc_link *link = &c->links[i];

		if (link->vblank_subscribed && link->present)
			note(c, &first, dcc_vblank_subscribe(c, link, true));
	}
	c->err_status = first.status;
	c->err_reason = first.reason;
	c->err_from_server = first.from_server;
	memcpy(c->err_text, first.text, sizeof(c->err_text));
	return first.status;
}
