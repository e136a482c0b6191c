/*
 * dcd as a client meets it: start-up and its errors, the handshake, who
 * sees which outputs, leases (EBUSY, EACCES, EPERM, release).
 */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "dct.h"
#include "dct_flipper.h"

struct fixture {
	struct dct_daemon d;
	struct dcp_server_msg *msg;
	struct dcp_link_info *infos;
};

static int setup_with(void **state, const char *config)
{
	struct fixture *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	f->msg = malloc(sizeof(*f->msg));
	f->infos = calloc(DCP_MAX_LINKS, sizeof(*f->infos));
	assert_int_equal(dct_daemon_start(&f->d, NULL, config, NULL), 0);
	*state = f;
	return 0;
}

static int setup(void **state)
{
	return setup_with(state, NULL);
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	/* A clean exit also means no leak under LeakSanitizer. */
	assert_true(dct_daemon_alive(&f->d));
	assert_int_equal(dct_daemon_stop(&f->d), 0);
	dct_daemon_cleanup(&f->d, false);
	free(f->infos);
	free(f->msg);
	free(f);
	return 0;
}

/* The link called name; an empty one (name "", so asserts on it fail) when absent. */
static const struct dcp_link_info *find(const struct dcp_link_info *infos, unsigned n,
					const char *name)
{
	static const struct dcp_link_info none = { .link = 99, .lease_state = 99 };

	for (unsigned i = 0; i < n; i++) {
		if (!strcmp(infos[i].name, name))
			return &infos[i];
	}
	return &none;
}

static void test_welcome(void **state)
{
	struct fixture *f = *state;
	struct dct_client *a, *b;
	const struct dcp_welcome *w;

	assert_int_equal(dct_connect(f->d.socket, "welcome-a", &a), 0);
	assert_int_equal(dct_connect(f->d.socket, "welcome-b", &b), 0);
	w = dct_welcome(a);
	assert_int_equal(w->major, DCP_VERSION_MAJOR);
	assert_int_equal(w->minor, DCP_VERSION_MINOR);
	assert_true(w->capabilities & DCP_CAP_LEASES);
	assert_true(w->capabilities & DCP_CAP_ASYNC_FLIP);
	/* dma-bufs are refused (dci_fb_check_fs), so not advertised */
	assert_false(w->capabilities & DCP_CAP_FB_DMABUF);
	assert_true(w->instance != 0);
	/* One daemon, one instance; every connection its own id. */
	assert_true(w->instance == dct_welcome(b)->instance);
	assert_int_not_equal(w->client_id, dct_welcome(b)->client_id);
	assert_int_equal(w->max_request_size, DCP_DEFAULT_MAX_REQUEST_SIZE);
	assert_int_equal(w->max_framebuffers, DCP_DEFAULT_MAX_FRAMEBUFFERS);
	assert_int_equal(w->max_queued_bytes, DCP_DEFAULT_MAX_QUEUED_BYTES);
	assert_string_equal(w->server_name, "dcd 0.1.0");
	assert_true(dct_log_wait(&f->d, "\"welcome-a\"", DCT_TIMEOUT_MS));
	dct_close(a);
	dct_close(b);
}

/* The configured limits reach WELCOME; a restart gets a new instance. */
static void test_welcome_limits_and_instance(void **state)
{
	struct dct_daemon d1, d2;
	struct dct_client *c1, *c2;
	char cfg[256];

	snprintf(cfg, sizeof(cfg),
		 "{ \"limits\": { \"max_framebuffers\": 7, \"max_message_size\": 5000, "
		 "\"max_queued_bytes\": 100000 }, \"lease\": { \"users\": [ %u ] } }",
		 (unsigned)geteuid());
	assert_int_equal(dct_daemon_start(&d1, NULL, cfg, NULL), 0);
	assert_int_equal(dct_daemon_start(&d2, NULL, cfg, NULL), 0);
	assert_int_equal(dct_connect(d1.socket, "limits", &c1), 0);
	assert_int_equal(dct_connect(d2.socket, "limits", &c2), 0);
	assert_int_equal(dct_welcome(c1)->max_framebuffers, 7);
	assert_int_equal(dct_welcome(c1)->max_request_size, 5000);
	assert_int_equal(dct_welcome(c1)->max_queued_bytes, 100000);
	assert_true(dct_welcome(c1)->instance != dct_welcome(c2)->instance);
	dct_close(c1);
	dct_close(c2);
	assert_int_equal(dct_daemon_stop(&d1), 0);
	assert_int_equal(dct_daemon_stop(&d2), 0);
	dct_daemon_cleanup(&d1, false);
	dct_daemon_cleanup(&d2, false);
}

static void test_topology_visibility(void **state)
{
	struct fixture *f = *state;
	struct dct_client *a, *b, *watcher;
	const struct dcp_link_info *li;
	uint32_t dp1, hdmi, lease_a, lease_b;
	unsigned n;

	assert_int_equal(dct_connect(f->d.socket, "vis-a", &a), 0);
	assert_int_equal(dct_connect(f->d.socket, "vis-b", &b), 0);
	assert_int_equal(dct_connect(f->d.socket, "vis-watcher", &watcher), 0);

	/* Without a lease: every link, all free. */
	assert_int_equal(dct_topology(a, f->infos, DCP_MAX_LINKS, &n), 0);
	assert_int_equal(n, 4);
	for (unsigned i = 0; i < n; i++)
		assert_int_equal(f->infos[i].lease_state, DCP_LEASE_FREE);
	li = find(f->infos, n, "DP-1");
	assert_string_equal(li->name, "DP-1");
	dp1 = li->link;
	/* the monitor enough to choose it, not its serial number (11) */
	assert_string_equal(li->sink.name, "test DP");
	assert_true(li->sink.vendor[0] && li->sink.product);
	assert_int_equal(li->sink.serial, 0);
	assert_int_equal(li->type, DCP_LINK_DP);
	assert_int_equal(li->plane_count, 2);
	li = find(f->infos, n, "HDMI-A-1");
	assert_string_equal(li->name, "HDMI-A-1");
	hdmi = li->link;
	assert_int_equal(li->type, DCP_LINK_HDMI_A);

	assert_int_equal(dct_lease(a, &dp1, 1, &lease_a), 0);
	assert_int_equal(dct_lease(b, &hdmi, 1, &lease_b), 0);
	assert_int_not_equal(lease_a, lease_b);

	/* A lessee sees its own outputs only. */
	assert_int_equal(dct_topology(a, f->infos, DCP_MAX_LINKS, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(f->infos[0].name, "DP-1");
	assert_int_equal(f->infos[0].lease_state, DCP_LEASE_OURS);
	assert_int_equal(f->infos[0].lease_id, lease_a);
	assert_int_equal(f->infos[0].sink.serial, 11); /* its own monitor's */
	assert_int_equal(dct_topology(b, f->infos, DCP_MAX_LINKS, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(f->infos[0].name, "HDMI-A-1");
	assert_int_equal(f->infos[0].lease_id, lease_b);

	/* A client without a lease sees all, with their lease state. */
	assert_int_equal(dct_topology(watcher, f->infos, DCP_MAX_LINKS, &n), 0);
	assert_int_equal(n, 4);
	assert_int_equal(find(f->infos, n, "DP-1")->lease_state, DCP_LEASE_OTHER);
	assert_int_equal(find(f->infos, n, "DP-1")->lease_id, 0);
	assert_int_equal(find(f->infos, n, "HDMI-A-1")->lease_state, DCP_LEASE_OTHER);
	assert_int_equal(find(f->infos, n, "eDP-1")->lease_state, DCP_LEASE_FREE);
	for (unsigned i = 0; i < n; i++)
		assert_int_equal(f->infos[i].sink.serial, 0);

	/* It was told when they were leased. */
	assert_int_equal(dct_wait_event(watcher, DCP_EVENT_OUTPUT_CHANGED, f->msg, DCT_TIMEOUT_MS),
			 0);
	assert_true(f->msg->output_changed.changes & DCP_CHANGE_LEASE);
	assert_int_equal(f->msg->output_changed.lease_state, DCP_LEASE_OTHER);

	assert_true(dct_log_wait(&f->d, "granted to client", DCT_TIMEOUT_MS));
	dct_close(a);
	dct_close(b);
	dct_close(watcher);
}

static void test_lease_busy_and_access(void **state)
{
	struct fixture *f = *state;
	struct dct_client *a, *b;
	struct dcp_flip flip = { .plane = 0, .fb_id = 1, .flags = DCP_FLIP_VSYNC };
	struct drm_mode_modeinfo mode;
	uint32_t dp1, hdmi, edp, both[2], lease;
	int r;

	assert_int_equal(dct_connect(f->d.socket, "busy-a", &a), 0);
	assert_int_equal(dct_connect(f->d.socket, "busy-b", &b), 0);
	dp1 = (uint32_t)dct_link_id(a, "DP-1");
	hdmi = (uint32_t)dct_link_id(a, "HDMI-A-1");
	edp = (uint32_t)dct_link_id(a, "eDP-1");
	assert_int_equal(dct_lease(a, &dp1, 1, &lease), 0);

	/* Leasing a held output: EBUSY, and nothing of the request is leased. */
	both[0] = hdmi;
	both[1] = dp1;
	r = dct_lease(b, both, 2, NULL);
	assert_int_equal(r, -EBUSY);
	assert_int_equal(dct_lease(b, &hdmi, 1, NULL), 0);
	assert_int_equal(dct_lease(a, &hdmi, 1, NULL), -EBUSY);
	/* ... and the same client asking twice. */
	assert_int_equal(dct_lease(a, &dp1, 1, NULL), -EBUSY);

	/* Flipping or committing an output someone else holds: EACCES with a reason. */
	flip.link = hdmi;
	r = dct_call(a, DCP_REQ_FLIP, &flip, -1, f->msg);
	assert_int_equal(r, -EACCES);
	assert_int_equal(f->msg->error.reason, DCP_REASON_NOT_LEASED);
	assert_int_equal(f->msg->error.link, (int32_t)hdmi);
	assert_non_null(strstr(f->msg->error.text, "HDMI-A-1"));
	assert_non_null(strstr(f->msg->error.text, "not in your leases"));
	dct_mode_480p(&mode);
	r = dct_commit_one(a, hdmi, &mode, 0, DCP_COMMIT_ALLOW_MODESET, f->msg);
	assert_int_equal(r, -EACCES);
	assert_int_equal(f->msg->error.reason, DCP_REASON_NOT_LEASED);
	/* A free output is not yours either. */
	flip.link = edp;
	r = dct_call(b, DCP_REQ_FLIP, &flip, -1, f->msg);
	assert_int_equal(r, -EACCES);
	assert_non_null(strstr(f->msg->error.text, "lease it first"));

	/* A link that does not exist. */
	both[0] = 9;
	assert_int_equal(dct_lease(a, both, 1, NULL), -ENOENT);

	/* Release: then the other client may have it. */
	{
		struct dcp_lease_release rel = { .lease_id = lease };

		assert_int_equal(dct_call(a, DCP_REQ_LEASE_RELEASE, &rel, -1, f->msg), 0);
		assert_int_equal(dct_call(a, DCP_REQ_LEASE_RELEASE, &rel, -1, f->msg), -ENOENT);
	}
	assert_int_equal(dct_lease(b, &dp1, 1, NULL), 0);
	dct_close(a);
	dct_close(b);
}

/* A uid the configuration does not name may look but not lease. */
static void test_lease_permission(void **state)
{
	struct fixture *f = *state;
	struct dct_client *c;
	uint32_t link = 0;
	int r;

	assert_int_equal(dct_connect(f->d.socket, "not-allowed", &c), 0);
	r = dct_lease(c, &link, 1, NULL);
	assert_int_equal(r, -EPERM);
	dct_close(c);
}

static int setup_nobody_leases(void **state)
{
	return setup_with(state, "{ \"lease\": { \"users\": [], \"groups\": [] } }");
}

/* An admin sees every output, also while it holds a lease. */
static void test_admin_sees_all(void **state)
{
	struct fixture *f = *state;
	struct dct_client *c;
	uint32_t link = 0;
	unsigned n;

	assert_int_equal(dct_connect(f->d.socket, "admin", &c), 0);
	assert_int_equal(dct_lease(c, &link, 1, NULL), 0);
	assert_int_equal(dct_topology(c, f->infos, DCP_MAX_LINKS, &n), 0);
	assert_int_equal(n, 4);
	/* serials too, also of the links it does not hold */
	assert_int_equal(find(f->infos, n, "DP-1")->sink.serial, 11);
	assert_true(find(f->infos, n, "HDMI-A-1")->sink.serial != 0);
	assert_true(dct_log_wait(&f->d, ", admin", DCT_TIMEOUT_MS));
	dct_close(c);
}

static int setup_admin(void **state)
{
	char cfg[256];

	snprintf(cfg, sizeof(cfg),
		 "{ \"lease\": { \"users\": [ %u ] }, \"admin\": { \"users\": [ %u ] } }",
		 (unsigned)geteuid(), (unsigned)geteuid());
	return setup_with(state, cfg);
}

/* Runs dcd with args; returns its exit status and its stderr in out. */
static int run_dcd(const char *const *args, char *out, size_t size)
{
	const char *argv[16] = { getenv("DCD_BINARY") };
	int pipefd[2], status;
	size_t used = 0;
	ssize_t n;
	pid_t pid;

	for (unsigned i = 0; args[i] && i < 14; i++)
		argv[i + 1] = args[i];
	assert_int_equal(pipe(pipefd), 0);
	pid = fork();
	if (pid == 0) {
		dup2(pipefd[1], STDERR_FILENO);
		dup2(pipefd[1], STDOUT_FILENO);
		close(pipefd[0]);
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(pipefd[1]);
	while (used + 1 < size && (n = read(pipefd[0], out + used, size - used - 1)) > 0)
		used += (size_t)n;
	out[used] = 0;
	close(pipefd[0]);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A bad configuration stops dcd with the file, the JSON path and the reason. */
static void test_bad_config(void **state)
{
	char dir[] = "/tmp/dcd-cfg-XXXXXX", path[128], out[4096];
	const char *args[] = { "--sim", "--socket", NULL, "--config", path, NULL };
	char sock[128];
	FILE *fp;

	assert_non_null(mkdtemp(dir));
	snprintf(sock, sizeof(sock), "%s/dcd.sock", dir);
	args[2] = sock;
	snprintf(path, sizeof(path), "%s/bad.json", dir);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs("{ \"limits\": { \"max_fds_per_message\": 9 } }", fp);
	fclose(fp);
	assert_int_equal(run_dcd(args, out, sizeof(out)), 1);
	assert_non_null(
		strstr(out, "bad.json: limits.max_fds_per_message: 9 is out of range 1..4"));

	fp = fopen(path, "w");
	fputs("{ \"idle\": { \"mode\": \"huge\" } }", fp);
	fclose(fp);
	assert_int_equal(run_dcd(args, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "bad.json: idle.mode: \"huge\" is not"));

	fp = fopen(path, "w");
	fputs("{ \"lease\": { \"groups\": [ \"no-such-group-dcd\" ] } }", fp);
	fclose(fp);
	assert_int_equal(run_dcd(args, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "lease.groups[0]: no group called \"no-such-group-dcd\""));

	/* the budgets, the socket and the grace are checked as strictly */
	fp = fopen(path, "w");
	fputs("{ \"socket\": { \"mode\": \"0866\" } }", fp);
	fclose(fp);
	assert_int_equal(run_dcd(args, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "bad.json: socket.mode: \"0866\" is not an octal mode"));

	fp = fopen(path, "w");
	fputs("{ \"limits\": { \"max_framebuffer_bytes\": 100 } }", fp);
	fclose(fp);
	assert_int_equal(run_dcd(args, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "bad.json: limits.max_framebuffer_bytes: 100 is out of range"));

	fp = fopen(path, "w");
	fputs("{ \"restart_grace_ms\": -1 }", fp);
	fclose(fp);
	assert_int_equal(run_dcd(args, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "restart_grace_ms: -1 is out of range"));

	fp = fopen(path, "w");
	fputs("{ \"limits\": {", fp);
	fclose(fp);
	assert_int_equal(run_dcd(args, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "bad.json:1:"));
	assert_non_null(strstr(out, "JSON syntax error"));

	unlink(path);
	assert_int_equal(access(sock, F_OK), -1);
	rmdir(dir);
}

/* dct_scenario_small (or its Tonga version) as a GPU the firmware did not post. */
static void unposted(const char *asic, char *out, size_t size)
{
	char base[4096];
	const char *rest;

	assert_int_equal(dct_scenario_on_asic(asic, 0, base, sizeof(base)), 0);
	rest = strchr(base, ',');
	assert_non_null(rest);
	snprintf(out, size, "{ \"asic\": \"%s\", \"posted\": false%s", asic, rest);
}

/*
 * An engine the firmware did not post: dcd posts it with the image's
 * ASIC_Init before anything else and serves as usual; where the image has
 * no ASIC_Init (our own Tonga image) it says so and exits 1.
 */
static void test_posting(void **state)
{
	char scenario[4096], dir[] = "/tmp/dcd-post-XXXXXX", path[128], sock[128], out[4096];
	const char *args[] = { "--sim", path, "--socket", sock, "--bus", "none", NULL };
	struct dct_daemon d;
	struct dct_client *c;
	FILE *fp;

	(void)state;
	unposted("carrizo", scenario, sizeof(scenario));
	assert_int_equal(dct_daemon_start(&d, scenario, NULL, NULL), 0);
	assert_true(dct_log_wait(&d, "posted the GPU with video BIOS 113-C75100-031's ASIC_Init",
				 DCT_TIMEOUT_MS));
	assert_int_equal(dct_connect(d.socket, "after-post", &c), 0);
	dct_close(c);
	assert_int_equal(dct_daemon_stop(&d), 0);
	dct_daemon_cleanup(&d, false);

	/* the firmware posted it: no ASIC_Init */
	assert_int_equal(dct_daemon_start(&d, NULL, NULL, NULL), 0);
	assert_int_equal(dct_log_count(&d, "posted the GPU"), 0);
	assert_int_equal(dct_daemon_stop(&d), 0);
	dct_daemon_cleanup(&d, false);

	unposted("tonga", scenario, sizeof(scenario));
	assert_non_null(mkdtemp(dir));
	snprintf(sock, sizeof(sock), "%s/dcd.sock", dir);
	snprintf(path, sizeof(path), "%s/unposted.json", dir);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(scenario, fp);
	fclose(fp);
	assert_int_equal(run_dcd(args, out, sizeof(out)), 1);
	assert_non_null(strstr(out,
			       "the GPU is not posted (BIOS_SCRATCH_7 lacks ASIC_INIT_COMPLETE) "
			       "and video BIOS DCD-OWN-DCE10-PPLL has no ASIC_Init table"));
	unlink(path);
	rmdir(dir);
}

/*
 * A posted GPU's video BIOS left its VGA console running on DP-1's pipe:
 * dcd takes the engine over (the console stopped, idle pipes gated) and
 * a client then lights DP-1 and flips on it.
 */
static void test_vga_console(void **state)
{
	char scenario[4096];
	const char *rest = strchr(dct_scenario_small, ',');
	struct dct_flipper_opts o = { .name = "after-console",
				      .link_name = "DP-1",
				      .width = 720,
				      .height = 480,
				      .flips = 60,
				      .tolerance_ns = 200000 };
	struct dct_flipper_report r;
	struct dct_flipper f;
	struct dct_daemon d;

	(void)state;
	assert_non_null(rest);
	snprintf(scenario, sizeof(scenario), "{ \"asic\": \"carrizo\", \"vga_console\": \"DP-1\"%s",
		 rest);
	assert_int_equal(dct_daemon_start(&d, scenario, NULL, NULL), 0);
	assert_true(dct_log_wait(&d,
				 "took over from the video BIOS: its VGA console on pipe 0 "
				 "stopped",
				 DCT_TIMEOUT_MS));
	assert_true(dct_log_wait(&d, "power-gated", DCT_TIMEOUT_MS));
	assert_int_equal(dct_log_count(&d, "shows the video BIOS's VGA console"), 0);
	o.socket = d.socket;
	assert_int_equal(dct_flipper_start(&o, &f), 0);
	assert_int_equal(dct_flipper_stop(&f, &r), 0);
	assert_int_equal(r.failed, 0);
	assert_int_equal(r.flips, 60);
	assert_int_equal(dct_daemon_stop(&d), 0);
	dct_daemon_cleanup(&d, false);
}

/* A listening socket handed over (socket activation's way): dcd serves it and leaves it. */
static void test_socket_fd(void **state)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	char dir[] = "/tmp/dcd-fd-XXXXXX", fdarg[16];
	const char *extra[] = { "--socket-fd", fdarg, NULL };
	struct dct_daemon d;
	struct dct_client *c;
	int fd;

	assert_non_null(mkdtemp(dir));
	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s/handed.sock", dir);
	/* no SOCK_CLOEXEC: dcd inherits it */
	fd = socket(AF_UNIX, SOCK_SEQPACKET, 0);
	assert_true(fd >= 0);
	assert_int_equal(bind(fd, (struct sockaddr *)&addr, sizeof(addr)), 0);
	assert_int_equal(listen(fd, 8), 0);
	snprintf(fdarg, sizeof(fdarg), "%d", fd);
	assert_int_equal(dct_daemon_start(&d, NULL, NULL, extra), 0);
	close(fd);
	assert_int_equal(dct_connect(addr.sun_path, "handed", &c), 0);
	assert_int_equal(dct_welcome(c)->major, DCP_VERSION_MAJOR);
	dct_close(c);
	assert_true(dct_log_count(&d, "listening on fd") == 1);
	assert_int_equal(dct_daemon_stop(&d), 0);
	/* the socket is systemd's to remove, not dcd's */
	assert_int_equal(access(addr.sun_path, F_OK), 0);
	dct_daemon_cleanup(&d, false);
	unlink(addr.sun_path);
	rmdir(dir);
}

/* The example configuration of the documentation is one dcd takes. */
static void test_example_config(void **state)
{
	char text[8192] = "";
	struct dct_daemon d;
	struct dct_client *c;
	FILE *fp = fopen(DCD_SOURCE_ROOT "/daemon/dcd.json.example", "r");
	size_t n;

	assert_non_null(fp);
	n = fread(text, 1, sizeof(text) - 1, fp);
	fclose(fp);
	text[n] = 0;
	assert_int_equal(dct_daemon_start(&d, NULL, text, NULL), 0);
	assert_int_equal(dct_connect(d.socket, "example", &c), 0);
	assert_int_equal(dct_welcome(c)->max_framebuffers, 64);
	dct_close(c);
	/* nothing in it was refused or ignored */
	assert_int_equal(dct_log_count(&d, "warning"), 0);
	assert_int_equal(dct_daemon_stop(&d), 0);
	dct_daemon_cleanup(&d, false);
}

/* A DRM card in sysfs (card0, not its connectors card0-DP-1). */
static bool has_drm_card(void)
{
	DIR *d = opendir("/sys/class/drm");
	struct dirent *e;
	bool found = false;
	unsigned n;
	int len;

	while (d && (e = readdir(d))) {
		if (sscanf(e->d_name, "card%u%n", &n, &len) == 1 && !e->d_name[len])
			found = true;
	}
	if (d)
		closedir(d);
	return found;
}

/*
 * No engine option, no GPU for Display Core and no KMS device: what was
 * looked for (both), and how to run the simulator.
 */
static void test_no_gpu(void **state)
{
	const char *args[] = { "--socket", "/tmp/dcd-no-gpu-never.sock", NULL };
	const char *dev[] = { "--device", "0000:7f:1f.7", "--access",
			      "vfio",	  "--socket",	  "/tmp/dcd-no-gpu-never.sock",
			      NULL };
	const char *bad_access[] = { "--device", "0000:7f:1f.7", "--access", "pio", NULL };
	char out[4096];

	if (access("/sys/bus/pci/devices", F_OK) < 0)
		skip();
	/* With a DRM card dcd would take it through KMS (suite kms proves that). */
	if (has_drm_card()) {
		printf("  a DRM card is in /sys/class/drm: dcd would drive it, not fail\n");
		skip();
	}
	assert_int_equal(run_dcd(args, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "dcd --sim"));
	/* The machines that run this have no Carrizo, Stoney, Tonga or Fiji. */
	assert_non_null(strstr(out, "Carrizo"));
	/* and no KMS device: said too */
	assert_non_null(strstr(out, "KMS: no KMS device"));
	/* A device that is not there: vfio/'s sentence, naming it, and exit 1. */
	assert_int_equal(run_dcd(dev, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "0000:7f:1f.7"));
	assert_int_equal(run_dcd(bad_access, out, sizeof(out)), 1);
	assert_non_null(strstr(out, "--access"));
}

/* dcd refuses args: it exits 1 and its output holds every one of says (NULL-ended). */
struct refusal {
	const char *args[8];
	const char *says[3];
};

static void test_usage(void **state)
{
	const char *help[] = { "--help", NULL }, *version[] = { "--version", NULL };
	const char *bad[] = { "--frobnicate", NULL };
#define NOWHERE "--bus", "none", "--socket", "/tmp/dcd-no-card-never.sock"
	static const struct refusal refusals[] = {
		/* one engine at a time */
		{ { "--kms", "--sim" }, { "--sim, --device and --kms exclude each other" } },
		{ { "--device", "x", "--kms" }, { "exclude each other" } },
		/* --kms PATH (its argument taken without "="): a device that is not there, named */
		{ { "--kms", "/dev/dri/card-not-here", NOWHERE },
		  { "/dev/dri/card-not-here: cannot open" } },
		/* --kms-fd: not a number, beside a path or an engine, not open, not a DRM
		 * file (descriptor 1 is run_dcd's pipe) */
		{ { "--kms-fd", "three" }, { "--kms-fd: \"three\" is not a descriptor number" } },
		{ { "--kms-fd", "3", "--kms", "/dev/dri/card0" },
		  { "--kms PATH and --kms-fd FD both name the device" } },
		{ { "--kms-fd", "3", "--sim" }, { "exclude each other" } },
		{ { "--kms-fd", "999", NOWHERE },
		  { "--kms-fd 999: not an open descriptor of this process" } },
		{ { "--kms-fd", "1", NOWHERE },
		  { "--kms-fd 1 is pipe:[", "not a DRM device (/dev/dri/...)" } },
	};
#undef NOWHERE
	char out[4096];

	(void)state;
	assert_int_equal(run_dcd(help, out, sizeof(out)), 0);
	assert_non_null(strstr(out, "--state-dir"));
	assert_non_null(strstr(out, "--kms [PATH]"));
	assert_non_null(strstr(out, "--kms-fd FD"));
	for (size_t i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		assert_int_equal(run_dcd(refusals[i].args, out, sizeof(out)), 1);
		for (size_t k = 0; k < 3 && refusals[i].says[k]; k++) {
			if (!strstr(out, refusals[i].says[k]))
				fail_msg("dcd %s ...: no \"%s\" in: %s", refusals[i].args[0],
					 refusals[i].says[k], out);
		}
	}
	assert_int_equal(run_dcd(version, out, sizeof(out)), 0);
	assert_string_equal(out, "dcd 0.1.0\n");
	assert_int_equal(run_dcd(bad, out, sizeof(out)), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_welcome, setup, teardown),
		cmocka_unit_test(test_welcome_limits_and_instance),
		cmocka_unit_test_setup_teardown(test_topology_visibility, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lease_busy_and_access, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lease_permission, setup_nobody_leases,
						teardown),
		cmocka_unit_test_setup_teardown(test_admin_sees_all, setup_admin, teardown),
		cmocka_unit_test(test_bad_config),
		cmocka_unit_test(test_example_config),
		cmocka_unit_test(test_socket_fd),
		cmocka_unit_test(test_posting),
		cmocka_unit_test(test_vga_console),
		cmocka_unit_test(test_no_gpu),
		cmocka_unit_test(test_usage),
	};

	if (dct_drop_root() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
