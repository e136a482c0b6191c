/* systemd's notify socket, fd store and service start, for tests: see fake_systemd.h. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "fake_systemd.h"

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int bind_unix(int type, const char *path)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	int fd;

	if (strlen(path) >= sizeof(addr.sun_path))
		return -ENAMETOOLONG;
	memcpy(addr.sun_path, path, strlen(path) + 1);
	unlink(path);
	fd = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		int e = -errno;

		close(fd);
		return e;
	}
	return fd;
}

int fsd_unit_store_max(const char *path)
{
	FILE *f = fopen(path, "re");
	char line[256];
	int n = -ENOENT;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "FileDescriptorStoreMax=%d", &n) == 1)
			break;
	}
	fclose(f);
	return n;
}

int fsd_open(struct fsd *s, const char *dir, const char *listen_path)
{
	int limit = fsd_unit_store_max(DCD_SOURCE_ROOT "/systemd/dcd.service.in");

	if (limit < 0)
		return limit;
	return fsd_open_limit(s, dir, listen_path, (unsigned)limit);
}

int fsd_open_limit(struct fsd *s, const char *dir, const char *listen_path, unsigned limit)
{
	int one = 1;

	memset(s, 0, sizeof(*s));
	s->notify_fd = s->listen_fd = -1;
	if (limit > FSD_MAX_STORED)
		return -ERANGE;
	s->limit = limit;
	snprintf(s->notify_path, sizeof(s->notify_path), "%s/notify", dir);
	s->notify_fd = bind_unix(SOCK_DGRAM | SOCK_NONBLOCK, s->notify_path);
	if (s->notify_fd < 0)
		return s->notify_fd;
	/* systemd reads the sender's credentials; so may we */
	setsockopt(s->notify_fd, SOL_SOCKET, SO_PASSCRED, &one, sizeof(one));
	if (listen_path) {
		s->listen_fd = bind_unix(SOCK_SEQPACKET, listen_path);
		if (s->listen_fd < 0)
			return s->listen_fd;
		if (listen(s->listen_fd, 64) < 0)
			return -errno;
	}
	return 0;
}

void fsd_close(struct fsd *s)
{
	for (unsigned i = 0; i < s->n_stored; i++)
		close(s->store[i].fd);
	s->n_stored = 0;
	if (s->notify_fd >= 0)
		close(s->notify_fd);
	if (s->listen_fd >= 0)
		close(s->listen_fd);
	unlink(s->notify_path);
	s->notify_fd = s->listen_fd = -1;
}

/* The value of "KEY=value" in a message of lines, copied to out; false if absent. */
static bool field(const char *msg, const char *key, char *out, size_t size)
{
	size_t klen = strlen(key);

	for (const char *line = msg; line && *line;
	     line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		if (!strncmp(line, key, klen) && line[klen] == '=') {
			const char *v = line + klen + 1;
			size_t n = strcspn(v, "\n");

			if (n >= size)
				n = size - 1;
			memcpy(out, v, n);
			out[n] = 0;
			return true;
		}
	}
	return false;
}

static void store_remove(struct fsd *s, const char *name)
{
	for (unsigned i = 0; i < s->n_stored;) {
		if (!strcmp(s->store[i].name, name)) {
			close(s->store[i].fd);
			s->store[i] = s->store[--s->n_stored];
		} else {
			i++;
		}
	}
}

static void handle(struct fsd *s, const char *msg, const int *fds, unsigned nfds)
{
	char v[256], name[64] = "stored";
	unsigned used = 0;

	s->messages++;
	if (field(msg, "READY", v, sizeof(v)) && !strcmp(v, "1")) {
		s->ready++;
		s->last_ready_ns = now_ns();
	}
	if (field(msg, "WATCHDOG", v, sizeof(v)) && !strcmp(v, "1"))
		s->watchdogs++;
	if (field(msg, "STOPPING", v, sizeof(v)))
		s->stopping++;
	field(msg, "STATUS", s->status, sizeof(s->status));
	field(msg, "FDNAME", name, sizeof(name));
	if (field(msg, "FDSTOREREMOVE", v, sizeof(v)) && !strcmp(v, "1")) {
		s->fdstore_removes++;
		store_remove(s, name);
	}
	if (field(msg, "FDSTORE", v, sizeof(v)) && !strcmp(v, "1")) {
		s->fdstores++;
		for (; used < nfds && s->n_stored < s->limit; used++) {
			snprintf(s->store[s->n_stored].name, sizeof(s->store[0].name), "%s", name);
			s->store[s->n_stored++].fd = fds[used];
			if (!strncmp(name, "fb-", 3))
				s->fb_fds_received++;
		}
		/* full: systemd closes the rest and tells nobody but its log */
		s->dropped += nfds - used;
		if (s->n_stored > s->most)
			s->most = s->n_stored;
	}
	for (; used < nfds; used++)
		close(fds[used]);
}

int fsd_pump(struct fsd *s, int timeout_ms)
{
	struct pollfd p = { .fd = s->notify_fd, .events = POLLIN };
	int n = 0;

	if (poll(&p, 1, timeout_ms) <= 0)
		return 0;
	for (;;) {
		char buf[4096];
		union {
			struct cmsghdr h;
			char b[CMSG_SPACE(sizeof(int) * 16) + CMSG_SPACE(sizeof(struct ucred))];
		} ctl;
		struct iovec iov = { buf, sizeof(buf) - 1 };
		struct msghdr mh = { .msg_iov = &iov,
				     .msg_iovlen = 1,
				     .msg_control = ctl.b,
				     .msg_controllen = sizeof(ctl.b) };
		int fds[16];
		unsigned nfds = 0;
		ssize_t len = recvmsg(s->notify_fd, &mh, MSG_CMSG_CLOEXEC);

		if (len < 0)
			break;
		buf[len] = 0;
		for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
			if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
				unsigned k = (unsigned)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));

				for (unsigned i = 0; i < k && nfds < 16; i++)
					memcpy(&fds[nfds++], CMSG_DATA(c) + i * sizeof(int),
					       sizeof(int));
			}
		}
		handle(s, buf, fds, nfds);
		n++;
	}
	return n;
}

unsigned fsd_stored_count(const struct fsd *s, const char *prefix)
{
	unsigned n = 0;

	for (unsigned i = 0; i < s->n_stored; i++)
		n += !strncmp(s->store[i].name, prefix, strlen(prefix));
	return n;
}

int fsd_stored_fd(const struct fsd *s, const char *name)
{
	for (unsigned i = 0; i < s->n_stored; i++) {
		if (!strcmp(s->store[i].name, name))
			return s->store[i].fd;
	}
	return -1;
}

/* In the child: the fds from 3 on, in order; returns how many, names in names. */
static int pass_fds(const struct fsd *s, char *names, size_t size)
{
	int src[FSD_MAX_STORED + 1], n = 0;
	size_t used = 0;

	names[0] = 0;
	if (s->listen_fd >= 0) {
		src[n++] = s->listen_fd;
		used += (size_t)snprintf(names + used, size - used, "client");
	}
	for (unsigned i = 0; i < s->n_stored; i++) {
		src[n++] = s->store[i].fd;
		used += (size_t)snprintf(names + used, size - used, "%s%s", used ? ":" : "",
					 s->store[i].name);
	}
	/* first out of the way (above every target), then into place */
	for (int i = 0; i < n; i++) {
		int d = fcntl(src[i], F_DUPFD, 3 + n);

		if (d < 0)
			return -errno;
		src[i] = d;
	}
	for (int i = 0; i < n; i++) {
		if (dup2(src[i], 3 + i) < 0)
			return -errno;
		close(src[i]);
	}
	return n;
}

pid_t fsd_spawn(struct fsd *s, const char *const *argv, const char *log_path,
		const char *const *extra_env)
{
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		char names[FSD_MAX_STORED * 72], num[32];
		int log = open(log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
		int n;

		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (log >= 0) {
			dup2(log, STDOUT_FILENO);
			dup2(log, STDERR_FILENO);
			close(log);
		}
		n = pass_fds(s, names, sizeof(names));
		if (n < 0)
			_exit(126);
		setenv("NOTIFY_SOCKET", s->notify_path, 1);
		snprintf(num, sizeof(num), "%u", s->limit);
		setenv("FDSTORE", num, 1);
		if (n > 0) {
			snprintf(num, sizeof(num), "%d", (int)getpid());
			setenv("LISTEN_PID", num, 1);
			snprintf(num, sizeof(num), "%d", n);
			setenv("LISTEN_FDS", num, 1);
			setenv("LISTEN_FDNAMES", names, 1);
		}
		for (unsigned i = 0; extra_env && extra_env[i]; i++)
			putenv((char *)extra_env[i]);
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	return pid;
}
