/* A dcd process for the integration tests: see dct.h. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/magic.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dct.h"

/* The unprivileged identity of the test clients when the tests run as root. */
#define NOBODY 65534

// clang-format off
const char dct_scenario_small[] =
"{ \"asic\": \"carrizo\", \"clock\": \"real\", \"connectors\": [\n"
"  { \"name\": \"DP-1\", \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, \"encoder\": 0,\n"
"    \"display\": { \"edid\": { \"name\": \"test DP\", \"serial\": 11, \"preferred\": \"cta-480p60\",\n"
"      \"modes\": [ \"cta-720p60\" ] }, \"dp\": { \"max_rate\": \"HBR\", \"max_lanes\": 4 } } },\n"
"  { \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 2, \"ddc\": 2, \"encoder\": 1,\n"
"    \"display\": { \"edid\": { \"name\": \"test HDMI\", \"serial\": 22, \"input\": \"hdmi\",\n"
"      \"preferred\": \"cta-480p60\", \"modes\": [ \"cta-720p60\" ], \"hdmi\": { \"max_tmds_mhz\": 165 } } } },\n"
"  { \"name\": \"eDP-1\", \"type\": \"eDP\", \"hpd\": 3, \"ddc\": 3, \"aux\": 3, \"encoder\": 2,\n"
"    \"display\": { \"edid\": { \"name\": \"test panel\", \"serial\": 33, \"preferred\": \"cta-720p60\" },\n"
"      \"dp\": { \"max_rate\": \"HBR\", \"max_lanes\": 2 } } },\n"
"  { \"name\": \"DP-2\", \"type\": \"DP\", \"hpd\": 4, \"ddc\": 4, \"aux\": 4, \"encoder\": 3 }\n"
"] }\n";
// clang-format on

int dct_scenario_on_asic(const char *asic, unsigned vram_mib, char *out, size_t size)
{
	const char *rest = strstr(dct_scenario_small, "\"clock\"");
	int n;

	if (vram_mib)
		n = snprintf(out, size, "{ \"asic\": \"%s\", \"vram_mib\": %u, %s", asic, vram_mib,
			     rest);
	else
		n = snprintf(out, size, "{ \"asic\": \"%s\", %s", asic, rest);
	return n > 0 && (size_t)n < size ? 0 : -ENOSPC;
}

const char *dct_runtime_base(void)
{
	return access("/dev/shm", W_OK | X_OK) == 0 ? "/dev/shm" : "/tmp";
}

uint64_t dct_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int dct_write_file(struct dct_daemon *d, const char *name, const char *text, char *path,
		   size_t size)
{
	FILE *f;

	snprintf(path, size, "%s/%s", d->dir, name);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	fputs(text, f);
	return fclose(f) ? -EIO : 0;
}

/* Waits for name to appear in dir (inotify), or for the child to die. */
static int wait_for_file(struct dct_daemon *d, const char *name, int timeout_ms)
{
	char path[256], buf[4096];
	uint64_t end = dct_now_ns() + (uint64_t)timeout_ms * 1000000ull;
	int fd = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
	int r = -ETIMEDOUT;

	if (fd < 0)
		return -errno;
	snprintf(path, sizeof(path), "%s/%s", d->dir, name);
	inotify_add_watch(fd, d->dir, IN_CREATE | IN_MOVED_TO);
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		uint64_t now = dct_now_ns();

		if (access(path, F_OK) == 0) {
			r = 0;
			break;
		}
		if (!dct_daemon_alive(d)) {
			r = -ECHILD;
			break;
		}
		if (now >= end)
			break;
		/* Also wake now and then to notice a daemon that died. */
		poll(&p, 1, 100);
		while (read(fd, buf, sizeof(buf)) > 0)
			;
	}
	close(fd);
	return r;
}

/* The socket exists from bind() on; accepting starts at listen() just after. */
static int wait_accepting(struct dct_daemon *d, int timeout_ms)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	uint64_t end = dct_now_ns() + (uint64_t)timeout_ms * 1000000ull;
	int r = wait_for_file(d, "dcd.sock", timeout_ms);

	if (r < 0)
		return r;
	if (strlen(d->socket) >= sizeof(addr.sun_path))
		return -ENAMETOOLONG;
	memcpy(addr.sun_path, d->socket, strlen(d->socket) + 1);
	while (dct_now_ns() < end) {
		int fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);

		r = connect(fd, (struct sockaddr *)&addr, sizeof(addr)) == 0 ? 0 : -errno;
		close(fd);
		if (r != -ECONNREFUSED)
			return r;
		if (!dct_daemon_alive(d))
			return -ECHILD;
		/* The window between bind and listen is microseconds long. */
		poll(NULL, 0, 1);
	}
	return -ETIMEDOUT;
}

/*
 * Real-time tests run their daemon above their clients (dct.h): SCHED_RR
 * does not preempt within a priority, so a daemon woken for a vblank while
 * a client of its priority ran waited for it, and under load that wait
 * was over a frame (daemon-budgets missed frames in 11 of 15 runs beside
 * two busy loops; none with the daemon above). A display daemon serves its
 * deadline before its clients' work, as a compositor's KMS thread does.
 * Raising needs root (no RLIMIT_RTPRIO here: CAP_SYS_RESOURCE is not
 * ours); dct_drop_root starts at the daemon's level for that reason.
 */
static void daemon_priority(void)
{
	struct sched_param sp = { .sched_priority = DCT_RT_DAEMON };
	int policy = sched_getscheduler(0);

	if (policy == SCHED_RR || policy == SCHED_FIFO)
		sched_setscheduler(0, policy, &sp);
}

void dct_client_priority(void)
{
	struct sched_param sp = { .sched_priority = DCT_RT_CLIENT };
	int policy = sched_getscheduler(0);

	/* lowering is allowed without privilege */
	if (policy == SCHED_RR || policy == SCHED_FIFO)
		sched_setscheduler(0, policy, &sp);
}

int dct_daemon_start(struct dct_daemon *d, const char *scenario, const char *config,
		     const char *const *extra)
{
	const char *bin = getenv("DCD_BINARY");
	char scenario_path[256], config_path[256], cfg[256];
	const char *argv[32];
	bool inherited = false;
	unsigned argc = 0;
	int r;

	memset(d, 0, sizeof(*d));
	if (!bin) {
		fprintf(stderr, "DCD_BINARY is not set (meson test sets it)\n");
		return -EINVAL;
	}
	snprintf(d->dir, sizeof(d->dir), "%s/dcd-test-XXXXXX", dct_runtime_base());
	if (!mkdtemp(d->dir))
		return -errno;
	snprintf(d->socket, sizeof(d->socket), "%s/dcd.sock", d->dir);
	snprintf(d->state, sizeof(d->state), "%s/sim-state", d->dir);
	snprintf(d->log, sizeof(d->log), "%s/dcd.log", d->dir);
	r = dct_write_file(d, "scenario.json", scenario ? scenario : dct_scenario_small,
			   scenario_path, sizeof(scenario_path));
	if (r == 0 && !config) {
		snprintf(cfg, sizeof(cfg), "{ \"lease\": { \"users\": [ %u ] } }\n",
			 (unsigned)geteuid());
		config = cfg;
	}
	if (r == 0)
		r = dct_write_file(d, "dcd.json", config, config_path, sizeof(config_path));
	if (r < 0)
		return r;
	argv[argc++] = bin;
	argv[argc++] = "--sim";
	argv[argc++] = scenario_path;
	for (unsigned i = 0; extra && extra[i]; i++) {
		if (!strcmp(extra[i], "--socket-fd"))
			inherited = true;
	}
	if (!inherited) {
		argv[argc++] = "--socket";
		argv[argc++] = d->socket;
	}
	argv[argc++] = "--state-dir";
	argv[argc++] = d->dir;
	argv[argc++] = "--config";
	argv[argc++] = config_path;
	argv[argc++] = "--verbose";
	/* No D-Bus unless a test asks for it (a later --bus in extra wins). */
	argv[argc++] = "--bus";
	argv[argc++] = "none";
	for (unsigned i = 0; extra && extra[i] && argc < 31; i++)
		argv[argc++] = extra[i];
	argv[argc] = NULL;
	d->pid = fork();
	if (d->pid < 0)
		return -errno;
	if (d->pid == 0) {
		int fd = open(d->log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);

		/* A test that fails half-way must not leave its daemon behind. */
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() == 1)
			_exit(125);
		if (fd >= 0) {
			dup2(fd, STDERR_FILENO);
			dup2(fd, STDOUT_FILENO);
		}
		daemon_priority();
		execv(bin, (char *const *)argv);
		_exit(127);
	}
	if (inherited)
		r = dct_log_wait(d, "ready", DCT_TIMEOUT_MS) ? 0 : -ETIMEDOUT;
	else
		r = wait_accepting(d, DCT_TIMEOUT_MS);
	if (r < 0) {
		fprintf(stderr, "dcd did not start: %s\n", strerror(-r));
		dct_daemon_stop(d);
		dct_daemon_cleanup(d, true);
	}
	return r;
}

bool dct_daemon_alive(struct dct_daemon *d)
{
	int status;

	if (d->pid <= 0)
		return false;
	if (waitpid(d->pid, &status, WNOHANG) == d->pid) {
		fprintf(stderr, "dcd (pid %d) exited: status 0x%x\n", (int)d->pid, status);
		d->pid = -1;
		return false;
	}
	return true;
}

int dct_daemon_stop(struct dct_daemon *d)
{
	int status;

	if (d->pid <= 0)
		return -1;
	kill(d->pid, SIGTERM);
	if (waitpid(d->pid, &status, 0) != d->pid)
		return -1;
	d->pid = -1;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return -1;
}

static void print_log(struct dct_daemon *d)
{
	char line[1024];
	FILE *f = fopen(d->log, "r");

	if (!f)
		return;
	fprintf(stderr, "---- %s\n", d->log);
	while (fgets(line, sizeof(line), f))
		fputs(line, stderr);
	fprintf(stderr, "----\n");
	fclose(f);
}

static void remove_dir(const char *dir)
{
	char path[512];
	struct dirent *e;
	DIR *dh = opendir(dir);

	if (!dh)
		return;
	while ((e = readdir(dh))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		unlink(path);
	}
	closedir(dh);
	rmdir(dir);
}

void dct_daemon_cleanup(struct dct_daemon *d, bool print)
{
	if (d->pid > 0)
		dct_daemon_stop(d);
	if (print || getenv("DCT_PRINT_LOG"))
		print_log(d);
	if (d->dir[0])
		remove_dir(d->dir);
	d->dir[0] = 0;
}

void dct_print_state_fs(struct dct_daemon *d)
{
	struct statfs fs;

	if (statfs(d->dir, &fs) < 0)
		return;
	if (fs.f_type == TMPFS_MAGIC)
		fprintf(stderr, "dcd's state directory %s is on a tmpfs\n", d->dir);
	else
		fprintf(stderr,
			"dcd's state directory %s is NOT on a tmpfs (filesystem magic 0x%lx): "
			"writeback of the simulated registers can stall dcd\n",
			d->dir, (unsigned long)fs.f_type);
}

void dct_log_print_window(struct dct_daemon *d, uint64_t from_ns, uint64_t to_ns)
{
	char line[1024];
	FILE *f = fopen(d->log, "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long s, us;

		/* dcd's stderr lines: "[  123.456789] text" */
		if (sscanf(line, "[%llu.%llu]", &s, &us) != 2)
			continue;
		if (s * 1000000000ull + us * 1000ull >= from_ns &&
		    s * 1000000000ull + us * 1000ull <= to_ns)
			fputs(line, stderr);
	}
	fclose(f);
}

unsigned dct_log_count(struct dct_daemon *d, const char *needle)
{
	char line[2048];
	unsigned n = 0;
	FILE *f = fopen(d->log, "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (strstr(line, needle))
			n++;
	}
	fclose(f);
	return n;
}

bool dct_log_wait(struct dct_daemon *d, const char *needle, int timeout_ms)
{
	return dct_log_wait_count(d, needle, 1, timeout_ms);
}

bool dct_log_wait_count(struct dct_daemon *d, const char *needle, unsigned count, int timeout_ms)
{
	uint64_t end = dct_now_ns() + (uint64_t)timeout_ms * 1000000ull;
	int fd = inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
	char buf[4096];
	bool found = false;

	if (fd < 0)
		return dct_log_count(d, needle) >= count;
	inotify_add_watch(fd, d->log, IN_MODIFY);
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (dct_log_count(d, needle) >= count) {
			found = true;
			break;
		}
		if (dct_now_ns() >= end)
			break;
		poll(&p, 1, 200);
		while (read(fd, buf, sizeof(buf)) > 0)
			;
	}
	close(fd);
	return found;
}

int dct_daemon_fd_count(struct dct_daemon *d)
{
	char path[64];
	struct dirent *e;
	DIR *dh;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%d/fd", (int)d->pid);
	dh = opendir(path);
	if (!dh)
		return -errno;
	while ((e = readdir(dh))) {
		if (e->d_name[0] != '.')
			n++;
	}
	closedir(dh);
	return n;
}

long dct_daemon_rss_kb(struct dct_daemon *d)
{
	char path[64], line[256];
	long kb = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)d->pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "VmRSS: %ld kB", &kb) == 1)
			break;
	}
	fclose(f);
	return kb;
}

int dct_daemon_maps_count(struct dct_daemon *d, const char *needle)
{
	char path[64], line[1024];
	int n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)d->pid);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (strstr(line, needle))
			n++;
	}
	fclose(f);
	return n;
}

int dct_become_nobody(void)
{
	if (geteuid() != 0)
		return 0;
	/* For good: a saved uid 0 would keep LeakSanitizer, which stops the
	 * world like a debugger, out; so would an undumpable process. */
	if (setgroups(0, NULL) < 0 || setresgid(NOBODY, NOBODY, NOBODY) < 0 ||
	    setresuid(NOBODY, NOBODY, NOBODY) < 0)
		return -errno;
	prctl(PR_SET_DUMPABLE, 1);
	return 0;
}

bool dct_real_time(int priority)
{
	struct sched_param sp = { .sched_priority = priority };

	dct_keep_cpus_awake();
	if (geteuid() != 0)
		return false;
	dct_canary_start();
	if (sched_setscheduler(0, SCHED_RR, &sp) < 0)
		fprintf(stderr, "SCHED_RR: %s: the tests run at normal priority\n",
			strerror(errno));
	return true;
}

int dct_drop_root(void)
{
	/* SCHED_RR first, while root may: the daemons forked later keep it,
	 * the flipping clients go down to DCT_RT_CLIENT. */
	if (!dct_real_time(DCT_RT_DAEMON))
		return 0;
	return dct_become_nobody();
}
