/*
 * The client object: creation, connecting (socket path rules, handshake),
 * destruction, WELCOME getters, the last error and the log handler.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "client_internal.h"

int dcc_fail(struct dcc_client *c, int status, const char *fmt, ...)
{
	va_list ap;

	c->err_status = status;
	c->err_reason = 0;
	c->err_from_server = false;
	va_start(ap, fmt);
	vsnprintf(c->err_text, sizeof(c->err_text), fmt, ap);
	va_end(ap);
	return status;
}

int dcc_fail_server(struct dcc_client *c, const struct dcp_error *err)
{
	c->err_status = err->status;
	c->err_reason = err->reason;
	c->err_from_server = true;
	snprintf(c->err_text, sizeof(c->err_text), "%s", err->text);
	return err->status;
}

void dcc_clear_error(struct dcc_client *c)
{
	c->err_status = 0;
	c->err_reason = 0;
	c->err_from_server = false;
	c->err_text[0] = '\0';
}

void dcc_log(struct dcc_client *c, enum dcc_log_level level, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	if (!c->h.log)
		return;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	c->h.log(c, level, text, c->h.log_data);
}

int dcc_check_connected(struct dcc_client *c)
{
	dcc_clear_error(c);
	if (c->sock >= 0 && c->handshaken)
		return 0;
	return dcc_fail(c, -ENOTCONN, "%s",
			c->broken_text[0] ? c->broken_text : "not connected to dcd");
}

/* Copies name, cut to DCP_MAX_NAME bytes at a character boundary (UTF-8). */
static void set_name(char dst[DCP_MAX_NAME + 1], const char *name)
{
	size_t n = strlen(name), start, need;
	unsigned char lead;

	if (n > DCP_MAX_NAME)
		n = DCP_MAX_NAME;
	memcpy(dst, name, n);
	dst[n] = '\0';
	if (n == 0)
		return;
	start = n - 1;
	while (start > 0 && ((unsigned char)dst[start] & 0xc0) == 0x80)
		start--;
	lead = (unsigned char)dst[start];
	need = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
	if (n - start < need)
		dst[start] = '\0';
}

DCC_EXPORT int dcc_client_create(const char *name, struct dcc_client **out)
{
	struct dcc_client *c;
	int ret;

	*out = NULL;
	c = calloc(1, sizeof(*c));
	if (!c)
		return -ENOMEM;
	c->sock = c->timerfd = c->eventfd = c->inotifyfd = c->inotify_wd = -1;
	c->next_serial = 1;
	c->out_tail = &c->out_head;
	c->ev_tail = &c->ev_head;
	c->backoff_ms = DCC_BACKOFF_MIN_MS;
	set_name(c->name, name ? name : "libdcclient");
	for (unsigned i = 0; i < DCP_MAX_LINKS; i++) {
		c->links[i].client = c;
		c->links[i].id = i;
	}
	c->rbuf = malloc(DCP_MAX_MESSAGE_SIZE);
	c->msg = malloc(sizeof(*c->msg));
	c->topo_stage = calloc(DCP_MAX_LINKS, sizeof(*c->topo_stage));
	if (!c->rbuf || !c->msg || !c->topo_stage) {
		ret = -ENOMEM;
		goto fail;
	}
	c->epfd = epoll_create1(EPOLL_CLOEXEC);
	c->eventfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	c->timerfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (c->epfd < 0 || c->eventfd < 0 || c->timerfd < 0) {
		ret = -errno;
		goto fail;
	}
	ret = dcc_epoll_set(c, c->eventfd, DCC_SRC_EVENTS, EPOLLIN, true);
	if (!ret)
		ret = dcc_epoll_set(c, c->timerfd, DCC_SRC_TIMER, EPOLLIN, true);
	if (ret)
		goto fail;
	*out = c;
	return 0;
fail:
	dcc_client_destroy(c);
	return ret;
}

/* HELLO, WELCOME, then the first topology. c->sock is connected. */
int dcc_handshake(struct dcc_client *c)
{
	struct dcp_hello hello = { .major = DCP_VERSION_MAJOR, .minor = DCP_VERSION_MINOR };
	int ret;

	c->handshaken = false;
	c->broken_text[0] = '\0';
	ret = dcc_epoll_set(c, c->sock, DCC_SRC_SOCKET, EPOLLIN, true);
	if (ret)
		return dcc_fail(c, ret, "epoll_ctl: %s", strerror(-ret));
	memcpy(hello.name, c->name, sizeof(hello.name));
	ret = dcc_call(c, DCP_REQ_HELLO, &hello, -1, NULL);
	if (ret)
		return ret;
	c->handshaken = true;
	dcc_reconnect_stop(c);
	return dcc_refresh_topology(c);
}

static void close_socket(struct dcc_client *c)
{
	if (c->sock >= 0) {
		close(c->sock);
		c->sock = -1;
	}
	c->handshaken = false;
	dcc_drop_queue(c);
}

DCC_EXPORT int dcc_client_connect_fd(struct dcc_client *c, int fd)
{
	int flags, ret;

	dcc_clear_error(c);
	if (c->sock >= 0) {
		close(fd);
		return dcc_fail(c, -EISCONN, "already connected to dcd");
	}
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) {
		ret = -errno;
		close(fd);
		return dcc_fail(c, ret, "socket %d: %s", fd, strerror(-ret));
	}
	free(c->path);
	c->path = NULL;
	c->reconnect = false;
	c->sock = fd;
	ret = dcc_handshake(c);
	if (ret) {
		char text[sizeof(c->err_text)];

		/* Keep the handshake's reason, not the break's. */
		memcpy(text, c->err_text, sizeof(text));
		close_socket(c);
		memcpy(c->err_text, text, sizeof(text));
		c->err_status = ret;
	}
	return ret;
}

static int connect_path(struct dcc_client *c, const char *path, uint32_t flags)
{
	int fd, ret;

	ret = dcc_connect_socket(path, &fd);
	if (ret)
		return ret;
	free(c->path);
	c->path = strdup(path);
	if (!c->path) {
		close(fd);
		return -ENOMEM;
	}
	c->reconnect = !(flags & DCC_CONNECT_NO_RECONNECT);
	c->sock = fd;
	ret = dcc_handshake(c);
	if (ret) {
		int status = c->err_status;
		char text[sizeof(c->err_text)];

		memcpy(text, c->err_text, sizeof(text));
		close_socket(c);
		free(c->path);
		c->path = NULL;
		dcc_fail(c, status, "%s: %s", path, text);
	}
	return ret;
}

DCC_EXPORT int dcc_client_connect(struct dcc_client *c, const char *socket_path, uint32_t flags)
{
	char path[108], tried[DCP_MAX_TEXT + 1] = "";
	int ret = -ENOENT;

	dcc_clear_error(c);
	if (c->sock >= 0)
		return dcc_fail(c, -EISCONN, "already connected to dcd");
	if (socket_path) {
		ret = connect_path(c, socket_path, flags);
		if (ret && !c->err_text[0])
			dcc_fail(c, ret, "connect to %s: %s", socket_path, strerror(-ret));
		return ret;
	}
	for (unsigned n = 0;; n++) {
		int r = dcp_socket_path_client(path, sizeof(path), n, getenv("XDG_RUNTIME_DIR"),
					       getenv(DCP_SOCKET_ENV));

		if (r == -ENOENT && n > 0)
			break;
		if (r)
			return dcc_fail(c, r, "no dcd socket path: %s", strerror(-r));
		ret = connect_path(c, path, flags);
		if (ret == 0 || c->err_text[0])
			return ret; /* connected, or dcd answered and refused */
		snprintf(tried + strlen(tried), sizeof(tried) - strlen(tried), "%s%s: %s",
			 n ? "; " : "", path, strerror(-ret));
	}
	return dcc_fail(c, ret, "cannot connect to dcd (%s)", tried);
}

DCC_EXPORT void dcc_client_destroy(struct dcc_client *c)
{
	if (!c)
		return;
	close_socket(c);
	for (unsigned i = 0; i < c->pending_count; i++)
		free(c->pending[i].saved);
	free(c->pending);
	dcc_events_free(c);
	dcc_links_free(c);
	for (struct dcc_lease *l = c->leases; l; l = l->next)
		l->client = NULL;
	for (struct dcc_fb *fb = c->fbs; fb; fb = fb->next)
		fb->client = NULL;
	for (struct dcc_config *cfg = c->configs; cfg; cfg = cfg->next)
		cfg->client = NULL;
	if (c->inotifyfd >= 0)
		close(c->inotifyfd);
	if (c->timerfd >= 0)
		close(c->timerfd);
	if (c->eventfd >= 0)
		close(c->eventfd);
	if (c->epfd >= 0)
		close(c->epfd);
	free(c->path);
	free(c->rbuf);
	free(c->msg);
	free(c->topo_stage);
	free(c);
}

DCC_EXPORT int dcc_get_fd(const struct dcc_client *c)
{
	return c->epfd;
}

DCC_EXPORT bool dcc_is_connected(const struct dcc_client *c)
{
	return c->sock >= 0 && c->handshaken;
}

DCC_EXPORT const char *dcc_get_socket_path(const struct dcc_client *c)
{
	return c->path;
}

DCC_EXPORT const char *dcc_get_server_name(const struct dcc_client *c)
{
	return c->welcome.server_name;
}

DCC_EXPORT uint32_t dcc_get_capabilities(const struct dcc_client *c)
{
	return c->welcome.capabilities;
}

DCC_EXPORT uint64_t dcc_get_instance(const struct dcc_client *c)
{
	return c->welcome.instance;
}

DCC_EXPORT uint32_t dcc_get_client_id(const struct dcc_client *c)
{
	return c->welcome.client_id;
}

DCC_EXPORT const char *dcc_last_error_text(const struct dcc_client *c)
{
	return c->err_text;
}

DCC_EXPORT const char *dcc_last_error_reason(const struct dcc_client *c)
{
	return c->err_from_server ? dcp_reason_name(c->err_reason) : NULL;
}

DCC_EXPORT void dcc_set_log_handler(struct dcc_client *c, dcc_log_fn fn, void *data)
{
	c->h.log = fn;
	c->h.log_data = data;
}

DCC_EXPORT void dcc_set_auto_restore(struct dcc_client *c, bool enable)
{
	c->auto_restore = enable;
}
