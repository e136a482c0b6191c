/*
 * A stand-in for dcd under the real dcd.service, for the boot test
 * (run-boot-test): installed as the unit's ExecStart= in a booted Debian, it
 * does at the edges of the sandbox what dcd does (socket activation, the
 * state file in /run/dcd, sysfs writes, the VFIO container, kernel uevents
 * over netlink, the system bus, sd_notify with the watchdog and the fd
 * store, SO_PEERCRED) and checks that the sandbox holds where it should
 * (read-only system, closed device policy, no IP, no W+X memory, hidden
 * /proc). Each check becomes a line "ok NAME detail" or "FAIL NAME detail";
 * the guest's harness collects them over the client socket.
 *
 *   dcd-sandbox-probe [dcd's options, ignored]   the daemon
 *   dcd-sandbox-probe --probe-client SOCKET MSG  send MSG, print the reply
 *
 * Client messages: "report" (generation, peer credentials, every check),
 * "uevent-wait" (the first kernel uevent within 5 s), "crash" (abort(), so
 * that systemd restarts the service).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libudev.h>
#include <linux/vfio.h>
#include <poll.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/un.h>
#include <systemd/sd-bus.h>
#include <systemd/sd-daemon.h>
#include <time.h>
#include <unistd.h>

#define RUN_DIR	      "/run/dcd"
#define SOCKET_PATH   RUN_DIR "/dcd.sock"
#define STATE_FILE    RUN_DIR "/probe-state"
#define STORE_NAME    "probe-memfd"
#define SYSFS_RW_FILE "/sys/bus/pci/devices/0000:00:00.0/config"
/* QEMU's edu device bound to uio_pci_generic by the harness (run-boot-test
 * places it at 00:05.0); its BAR 0 starts with the ID register. */
#define UIO_NODE      "/dev/uio0"
#define UIO_BAR	      "/sys/bus/pci/devices/0000:00:05.0/resource0"
#define EDU_ID	      0x010000edu

struct probe {
	char report[8192];
	size_t len;
	int generation;
	int listen_fd;
	struct udev_monitor *monitor;
	sd_bus *bus;
};

__attribute__((format(printf, 4, 5))) static void check(struct probe *p, const char *name, bool ok,
							const char *fmt, ...)
{
	char detail[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	int n = snprintf(p->report + p->len, sizeof(p->report) - p->len, "%s %s %s\n",
			 ok ? "ok" : "FAIL", name, detail);
	if (n > 0 && (size_t)n < sizeof(p->report) - p->len)
		p->len += (size_t)n;
}

/* The listening socket from dcd.socket and, after a restart, the memfd the
 * previous generation put into the fd store. */
static void take_fds(struct probe *p)
{
	char **names = NULL;
	int n = sd_listen_fds_with_names(1, &names);
	int stored = -1;

	p->listen_fd = -1;
	for (int i = 0; i < n; i++) {
		if (!strcmp(names[i], "client"))
			p->listen_fd = SD_LISTEN_FDS_START + i;
		else if (!strcmp(names[i], STORE_NAME))
			stored = SD_LISTEN_FDS_START + i;
		free(names[i]);
	}
	free(names);

	struct sockaddr_un addr = { 0 };
	socklen_t alen = sizeof(addr);
	int type = 0, listening = 0;
	socklen_t ilen = sizeof(int);
	bool ok = p->listen_fd >= 0 &&
		  !getsockopt(p->listen_fd, SOL_SOCKET, SO_TYPE, &type, &ilen) &&
		  !getsockopt(p->listen_fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &ilen) &&
		  !getsockname(p->listen_fd, (struct sockaddr *)&addr, &alen);
	check(p, "listen-fd",
	      ok && type == SOCK_SEQPACKET && listening && !strcmp(addr.sun_path, SOCKET_PATH),
	      "fds=%d type=%d listening=%d path=%s", n, type, listening, addr.sun_path);

	p->generation = 1;
	if (stored >= 0) {
		char buf[32] = "";
		ssize_t got = pread(stored, buf, sizeof(buf) - 1, 0);

		check(p, "fdstore-restored",
		      got > 0 && sscanf(buf, "generation %d", &p->generation) == 1,
		      "memfd from the store holds '%s'", got > 0 ? buf : "");
		p->generation++;
		close(stored);
		sd_notify(0, "FDSTOREREMOVE=1\nFDNAME=" STORE_NAME);
	}
}

static void keep_in_store(struct probe *p)
{
	char buf[32];
	int fd = memfd_create(STORE_NAME, MFD_CLOEXEC);
	int len = snprintf(buf, sizeof(buf), "generation %d", p->generation);
	bool written = fd >= 0 && write(fd, buf, (size_t)len) == len;
	int r = written ? sd_pid_notify_with_fds(0, 0, "FDSTORE=1\nFDNAME=" STORE_NAME, &fd, 1)
			: -1;

	check(p, "fdstore-push", r > 0, "sd_pid_notify_with_fds: %d", r);
	if (fd >= 0)
		close(fd);
}

static void files(struct probe *p)
{
	char prev[64] = "";
	int fd = open(STATE_FILE, O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		ssize_t got = read(fd, prev, sizeof(prev) - 1);
		prev[got > 0 ? got : 0] = '\0';
		close(fd);
	}
	if (p->generation > 1)
		check(p, "state-survived", !strncmp(prev, "generation", 10),
		      "%s before this start: '%s'", STATE_FILE, prev);

	fd = open(STATE_FILE ".tmp", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	bool ok = fd >= 0 && dprintf(fd, "generation %d", p->generation) > 0 && !fsync(fd);
	if (fd >= 0)
		close(fd);
	ok = ok && !rename(STATE_FILE ".tmp", STATE_FILE);
	struct stat st = { 0 };
	stat(STATE_FILE, &st);
	check(p, "state-write", ok, "%s: %s", STATE_FILE, ok ? "written" : strerror(errno));
	check(p, "umask", (st.st_mode & 0777) == 0600, "mode %o (created 0666 under UMask=0077)",
	      st.st_mode & 0777);

	errno = 0;
	fd = open("/etc/dcd-probe", O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	check(p, "system-readonly", fd < 0 && errno == EROFS, "creating /etc/dcd-probe: %s",
	      fd < 0 ? strerror(errno) : "created");
	if (fd >= 0)
		close(fd);
	/* /home is world-readable on the host; ProtectHome= empties it. */
	int r = access("/home", R_OK);
	check(p, "home-hidden", r < 0, "/home: %s", r < 0 ? strerror(errno) : "readable");
}

static bool is_readonly(const char *path)
{
	struct statvfs sv;

	return !statvfs(path, &sv) && (sv.f_flag & ST_RDONLY);
}

static void kernel_edges(struct probe *p)
{
	/* The harness chowns this attribute to dcd, as an admin's udev rule
	 * would chown a GPU's "rom" or "config". */
	errno = 0;
	int fd = open(SYSFS_RW_FILE, O_RDWR | O_CLOEXEC);
	check(p, "sysfs-devices-rw", fd >= 0, "open %s read-write: %s", SYSFS_RW_FILE,
	      fd >= 0 ? "ok" : strerror(errno));
	if (fd >= 0)
		close(fd);
	/* ProcSubset=pid removes /proc/sys; where it is present it must be
	 * read-only. */
	bool proc_sys_gone = access("/proc/sys", F_OK) < 0;
	check(p, "sysfs-rest-readonly",
	      is_readonly("/sys/bus") && (proc_sys_gone || is_readonly("/proc/sys")),
	      "/sys/bus read-only %d; /proc/sys %s", is_readonly("/sys/bus"),
	      proc_sys_gone		 ? "gone"
	      : is_readonly("/proc/sys") ? "read-only"
					 : "writable");

	errno = 0;
	fd = open("/dev/vfio/vfio", O_RDWR | O_CLOEXEC);
	int version = fd >= 0 ? ioctl(fd, VFIO_GET_API_VERSION) : -1;
	check(p, "vfio-container", version == VFIO_API_VERSION,
	      "/dev/vfio/vfio: %s, VFIO_GET_API_VERSION %d", fd >= 0 ? "opened" : strerror(errno),
	      version);
	if (fd >= 0)
		close(fd);
	/* /dev/fuse is mode 0666 and not in DeviceAllow=: only the device
	 * policy stops it. */
	errno = 0;
	fd = open("/dev/fuse", O_RDWR | O_CLOEXEC);
	check(p, "device-policy", fd < 0 && errno == EPERM, "/dev/fuse: %s",
	      fd < 0 ? strerror(errno) : "opened");
	if (fd >= 0)
		close(fd);

	errno = 0;
	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	check(p, "no-inet", fd < 0 && errno == EAFNOSUPPORT, "socket(AF_INET): %s",
	      fd < 0 ? strerror(errno) : "created");
	if (fd >= 0)
		close(fd);

	void *wx = mmap(NULL, 4096, PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check(p, "no-wx-memory", wx == MAP_FAILED, "mmap(PROT_WRITE|PROT_EXEC): %s",
	      wx == MAP_FAILED ? strerror(errno) : "mapped");

	check(p, "proc-self", access("/proc/self/maps", R_OK) == 0, "/proc/self/maps readable");
	check(p, "proc-hidden", access("/proc/1", F_OK) < 0 && access("/proc/cpuinfo", F_OK) < 0,
	      "/proc/1 and /proc/cpuinfo are gone");

	struct udev *udev = udev_new();
	p->monitor = udev ? udev_monitor_new_from_netlink(udev, "kernel") : NULL;
	int r = p->monitor ? udev_monitor_enable_receiving(p->monitor) : -1;
	check(p, "uevent-monitor", r == 0, "libudev kernel monitor: %d", r);
}

/* The nodes of a device bound to vfio-pci and of one bound to
 * uio_pci_generic, which the harness gave to dcd as an admin's udev rule
 * would: DeviceAllow=char-vfio and char-uio must let them through. */
static void device_nodes(struct probe *p)
{
	char group[300] = "";
	DIR *dir = opendir("/dev/vfio");

	for (struct dirent *e; dir && (e = readdir(dir));)
		if (e->d_name[0] != '.' && strcmp(e->d_name, "vfio"))
			snprintf(group, sizeof(group), "/dev/vfio/%s", e->d_name);
	if (dir)
		closedir(dir);
	errno = 0;
	int fd = group[0] ? open(group, O_RDWR | O_CLOEXEC) : -1;
	struct vfio_group_status status = { .argsz = sizeof(status) };
	int r = fd >= 0 ? ioctl(fd, VFIO_GROUP_GET_STATUS, &status) : -1;
	check(p, "vfio-group", r == 0 && (status.flags & VFIO_GROUP_FLAGS_VIABLE),
	      "%s: %s, VFIO_GROUP_GET_STATUS %d flags 0x%x", group[0] ? group : "no group node",
	      fd >= 0 ? "opened" : strerror(errno), r, status.flags);
	if (fd >= 0)
		close(fd);

	errno = 0;
	fd = open(UIO_NODE, O_RDWR | O_CLOEXEC);
	check(p, "uio-node", fd >= 0, UIO_NODE ": %s", fd >= 0 ? "opened" : strerror(errno));
	if (fd >= 0)
		close(fd);

	errno = 0;
	fd = open(UIO_BAR, O_RDWR | O_SYNC | O_CLOEXEC);
	volatile uint32_t *bar =
		fd >= 0 ? mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) : MAP_FAILED;
	uint32_t id = bar != MAP_FAILED ? bar[0] : 0;
	check(p, "uio-bar-mmap", id == EDU_ID, UIO_BAR " mapped read-write: %s, ID register 0x%08x",
	      bar != MAP_FAILED ? "yes" : strerror(errno), id);
	if (bar != MAP_FAILED)
		munmap((void *)bar, 4096);
	if (fd >= 0)
		close(fd);
}

static void dbus(struct probe *p)
{
	int r = sd_bus_open_system(&p->bus);

	if (r >= 0)
		r = sd_bus_request_name(p->bus, "org.dcd.Display1", 0);
	check(p, "dbus-name", r >= 0, "org.dcd.Display1 on the system bus: %s",
	      r >= 0 ? "owned" : strerror(-r));
}

/* The first "change" uevent within 5 s (the harness triggers one). */
static int wait_for_change(struct probe *p, char *reply, size_t size)
{
	struct pollfd pfd = { .fd = udev_monitor_get_fd(p->monitor), .events = POLLIN };
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		long left_ms = 5000 - ((now.tv_sec - start.tv_sec) * 1000 +
				       (now.tv_nsec - start.tv_nsec) / 1000000);
		if (left_ms <= 0 || poll(&pfd, 1, (int)left_ms) <= 0)
			return snprintf(reply, size, "no change uevent within 5 s");
		struct udev_device *d = udev_monitor_receive_device(p->monitor);
		if (!d)
			continue;
		const char *action = udev_device_get_action(d);
		int len = action && !strcmp(action, "change")
				  ? snprintf(reply, size, "change %s", udev_device_get_devpath(d))
				  : 0;
		udev_device_unref(d);
		if (len > 0)
			return len;
	}
}

static void answer(struct probe *p, int conn)
{
	char msg[64] = "", reply[sizeof(p->report) + 128];
	ssize_t got = recv(conn, msg, sizeof(msg) - 1, 0);
	struct ucred cred = { 0 };
	socklen_t clen = sizeof(cred);
	int len;

	if (got <= 0)
		return;
	msg[got] = '\0';
	getsockopt(conn, SOL_SOCKET, SO_PEERCRED, &cred, &clen);
	if (!strcmp(msg, "report")) {
		len = snprintf(reply, sizeof(reply), "generation %d\npeer uid %u gid %u\n%.*s",
			       p->generation, cred.uid, cred.gid, (int)p->len, p->report);
	} else if (!strcmp(msg, "uevent-wait")) {
		len = wait_for_change(p, reply, sizeof(reply));
	} else if (!strcmp(msg, "crash")) {
		send(conn, "crashing", 8, MSG_NOSIGNAL);
		abort();
	} else {
		len = snprintf(reply, sizeof(reply), "unknown request '%s'", msg);
	}
	send(conn, reply, (size_t)len, MSG_NOSIGNAL);
}

static int daemon_main(void)
{
	static struct probe p;
	uint64_t watchdog_usec = 0;

	take_fds(&p);
	int wd = sd_watchdog_enabled(0, &watchdog_usec);
	check(&p, "watchdog", wd > 0 && watchdog_usec == 10000000,
	      "sd_watchdog_enabled %d, %llu us", wd, (unsigned long long)watchdog_usec);
	files(&p);
	kernel_edges(&p);
	device_nodes(&p);
	dbus(&p);
	keep_in_store(&p);
	sd_notifyf(0, "READY=1\nSTATUS=probe generation %d", p.generation);

	for (;;) {
		struct pollfd fds[2] = {
			{ .fd = p.listen_fd, .events = POLLIN },
			{ .fd = p.bus ? sd_bus_get_fd(p.bus) : -1, .events = POLLIN },
		};
		int timeout = watchdog_usec ? (int)(watchdog_usec / 4000) : 1000;

		sd_notify(0, "WATCHDOG=1");
		if (p.bus)
			while (sd_bus_process(p.bus, NULL) > 0)
				;
		if (poll(fds, 2, timeout) < 0 && errno != EINTR)
			return 1;
		if (fds[0].revents & POLLIN) {
			int conn = accept4(p.listen_fd, NULL, NULL, SOCK_CLOEXEC);

			if (conn >= 0) {
				answer(&p, conn);
				close(conn);
			}
		}
	}
}

static int client_main(const char *path, const char *msg)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	char reply[16384];
	int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s", path);
	if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		printf("connect %s: %s\n", path, strerror(errno));
		return 2;
	}
	struct timeval tv = { .tv_sec = 30 };
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	ssize_t got =
		send(fd, msg, strlen(msg), 0) < 0 ? -1 : recv(fd, reply, sizeof(reply) - 1, 0);
	if (got < 0) {
		printf("%s: %s\n", msg, strerror(errno));
		return 1;
	}
	reply[got] = '\0';
	printf("%s\n", reply);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "--probe-client"))
		return client_main(argv[2], argv[3]);
	return daemon_main();
}
