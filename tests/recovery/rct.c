/* The recovery tests' fixture: see rct.h. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rct.h"

int rct_setup(struct rct *t)
{
	return rct_setup_asic(t, NULL);
}

int rct_setup_asic(struct rct *t, const char *asic)
{
	char text[sizeof(t->scenario_text)];
	int r;

	if (!asic)
		return rct_setup_scenario(t, dct_scenario_small);
	r = dct_scenario_on_asic(asic, 0, text, sizeof(text));
	return r < 0 ? r : rct_setup_scenario(t, text);
}

int rct_setup_scenario(struct rct *t, const char *scenario)
{
	char cfg[128];
	int r;

	memset(t, 0, sizeof(*t));
	if (strlen(scenario) >= sizeof(t->scenario_text))
		return -ENOSPC;
	strcpy(t->scenario_text, scenario);
	t->d.pid = -1;
	snprintf(t->d.dir, sizeof(t->d.dir), "%s/dcd-recovery-XXXXXX", dct_runtime_base());
	if (!mkdtemp(t->d.dir))
		return -errno;
	snprintf(t->d.socket, sizeof(t->d.socket), "%s/dcd.sock", t->d.dir);
	snprintf(t->d.state, sizeof(t->d.state), "%s/sim-state", t->d.dir);
	snprintf(t->d.log, sizeof(t->d.log), "%s/dcd.log", t->d.dir);
	snprintf(cfg, sizeof(cfg), "{ \"lease\": { \"users\": [ %u ] } }\n", (unsigned)geteuid());
	r = dct_write_file(&t->d, "scenario.json", t->scenario_text, t->scenario,
			   sizeof(t->scenario));
	if (r == 0)
		r = dct_write_file(&t->d, "dcd.json", cfg, t->config, sizeof(t->config));
	if (r == 0)
		r = fsd_open(&t->sd, t->d.dir, t->d.socket);
	return r;
}

void rct_teardown(struct rct *t, bool print_log)
{
	rct_watch_end(t);
	rct_kill(t);
	sim_view_close(t->view);
	t->view = NULL;
	fsd_close(&t->sd);
	dct_daemon_cleanup(&t->d, print_log);
}

int rct_start(struct rct *t, const char *const *extra)
{
	const char *bin = getenv("DCD_BINARY");
	const char *argv[24];
	unsigned argc = 0, ready = t->sd.ready;
	uint64_t end = dct_now_ns() + (uint64_t)DCT_TIMEOUT_MS * 1000000ull;

	if (!bin)
		return -EINVAL;
	argv[argc++] = bin;
	argv[argc++] = "--sim";
	argv[argc++] = t->scenario;
	argv[argc++] = "--state-dir";
	argv[argc++] = t->d.dir;
	argv[argc++] = "--config";
	argv[argc++] = t->config;
	argv[argc++] = "--verbose";
	argv[argc++] = "--bus";
	argv[argc++] = "none";
	for (unsigned i = 0; extra && extra[i] && argc < 23; i++)
		argv[argc++] = extra[i];
	argv[argc] = NULL;
	t->d.pid = fsd_spawn(&t->sd, argv, t->d.log, NULL);
	if (t->d.pid < 0)
		return (int)t->d.pid;
	t->starts++;
	while (t->sd.ready == ready) {
		if (!dct_daemon_alive(&t->d))
			return -ECHILD;
		if (dct_now_ns() > end)
			return -ETIMEDOUT;
		fsd_pump(&t->sd, 5);
		rct_watch(t);
	}
	return 0;
}

void rct_kill(struct rct *t)
{
	if (t->d.pid <= 0)
		return;
	kill(t->d.pid, SIGKILL);
	waitpid(t->d.pid, NULL, 0);
	t->d.pid = -1;
	fsd_pump(&t->sd, 0); /* what it said before it died */
}

static void watch_once(struct rct *t)
{
	struct sim_frame hist[SIM_SCANOUT_HISTORY];

	for (unsigned p = 0; p < RCT_PIPES; p++) {
		struct rct_pipe *w = &t->pipes[p];
		int n;

		if (!w->watched)
			continue;
		n = sim_view_history(t->view, p, hist, SIM_SCANOUT_HISTORY);
		if (n <= 0)
			continue;
		if (w->frames && hist[0].frame > w->last.frame + 1)
			w->unseen++;
		for (int i = 0; i < n; i++) {
			if (w->frames && hist[i].frame <= w->last.frame)
				continue;
			if (w->frames && hist[i].frame != w->last.frame + 1 && !w->gaps++) {
				w->gap[0] = w->last;
				w->gap[1] = hist[i];
				w->gap_poll_ns[0] = w->last_poll_ns;
				w->gap_poll_ns[1] = dct_now_ns();
				w->gap_hist_n = (unsigned)n;
				memcpy(w->gap_hist, hist, (size_t)n * sizeof(hist[0]));
			}
			if (hist[i].blanked || !hist[i].address)
				w->blanked++;
			w->last = hist[i];
			w->frames++;
		}
		w->last_poll_ns = dct_now_ns();
	}
}

static void *watcher(void *data)
{
	struct rct *t = data;

	while (!atomic_load(&t->watcher_stop)) {
		rct_watch(t);
		usleep(10000);
	}
	return NULL;
}

int rct_watch_begin(struct rct *t)
{
	struct sim_error err;
	int r;

	if (!t->view) {
		r = sim_view_open(t->d.state, &t->view, &err);
		if (r < 0) {
			fprintf(stderr, "%s\n", err.msg);
			return r;
		}
	}
	for (unsigned p = 0; p < sim_view_pipe_count(t->view) && p < RCT_PIPES; p++) {
		t->pipes[p] = (struct rct_pipe){ .watched = sim_view_pipe_running(t->view, p) };
	}
	watch_once(t);
	if (t->watcher_on)
		return 0;
	pthread_mutex_init(&t->watch_lock, NULL);
	atomic_store(&t->watcher_stop, false);
	r = pthread_create(&t->watcher, NULL, watcher, t);
	if (r) {
		pthread_mutex_destroy(&t->watch_lock);
		return -r;
	}
	t->watcher_on = true;
	return 0;
}

void rct_watch(struct rct *t)
{
	if (!t->view)
		return;
	if (t->watcher_on)
		pthread_mutex_lock(&t->watch_lock);
	watch_once(t);
	if (t->watcher_on)
		pthread_mutex_unlock(&t->watch_lock);
}

struct rct_pipe rct_pipe_seen(struct rct *t, unsigned p)
{
	struct rct_pipe seen;

	if (t->watcher_on)
		pthread_mutex_lock(&t->watch_lock);
	seen = t->pipes[p];
	if (t->watcher_on)
		pthread_mutex_unlock(&t->watch_lock);
	return seen;
}

void rct_watch_end(struct rct *t)
{
	if (!t->watcher_on)
		return;
	atomic_store(&t->watcher_stop, true);
	pthread_join(t->watcher, NULL);
	t->watcher_on = false;
	pthread_mutex_destroy(&t->watch_lock);
	rct_watch(t);
}

bool rct_wait(struct rct *t, bool (*cond)(struct rct *t, void *data), void *data, int timeout_ms)
{
	uint64_t end = dct_now_ns() + (uint64_t)timeout_ms * 1000000ull;

	for (;;) {
		bool ok;

		fsd_pump(&t->sd, 0);
		rct_watch(t);
		ok = cond(t, data);
		if (ok || dct_now_ns() > end)
			return ok;
		poll(NULL, 0, 2);
	}
}

uint64_t rct_modeset_writes(struct rct *t, uint64_t per_class[SIM_WRITE_CLASSES])
{
	uint64_t sum = 0;

	for (unsigned c = 0; c < SIM_WRITE_CLASSES; c++) {
		uint64_t n = t->view ? sim_view_write_count(t->view, (enum sim_write_class)c) : 0;

		if (per_class)
			per_class[c] = n;
		sum += n;
	}
	return sum;
}

int rct_child_start(struct rct_child *ch, const char *const *argv)
{
	int p[2];

	memset(ch, 0, sizeof(*ch));
	if (pipe2(p, O_CLOEXEC) < 0)
		return -errno;
	ch->pid = fork();
	if (ch->pid < 0)
		return -errno;
	if (ch->pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		dup2(p[1], STDOUT_FILENO);
		execv(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(p[1]);
	ch->out_fd = p[0];
	fcntl(ch->out_fd, F_SETFL, O_NONBLOCK);
	return 0;
}

bool rct_child_saw(struct rct_child *ch, const char *line)
{
	ssize_t n;
	char *nl;

	while (ch->len < sizeof(ch->buf) - 1 &&
	       (n = read(ch->out_fd, ch->buf + ch->len, sizeof(ch->buf) - 1 - ch->len)) > 0)
		ch->len += (size_t)n;
	ch->buf[ch->len] = 0;
	while ((nl = strchr(ch->buf, '\n'))) {
		bool match;

		*nl = 0;
		match = !strcmp(ch->buf, line);
		ch->late += !strncmp(ch->buf, "late ", 5);
		if (strncmp(ch->buf, "reconnected", 11) && strncmp(ch->buf, "flipping", 8) &&
		    strcmp(ch->buf, "lit"))
			fprintf(stderr, "flipper: %s\n", ch->buf);
		ch->len -= (size_t)(nl + 1 - ch->buf);
		memmove(ch->buf, nl + 1, ch->len + 1);
		if (match)
			return true;
	}
	return false;
}

void rct_child_stop(struct rct_child *ch)
{
	if (ch->pid > 0) {
		kill(ch->pid, SIGKILL);
		waitpid(ch->pid, NULL, 0);
	}
	if (ch->out_fd > 0)
		close(ch->out_fd);
	ch->pid = -1;
	ch->out_fd = -1;
}

struct line_wait {
	struct rct_child *ch;
	const char *line;
};

static bool saw_line(struct rct *t, void *data)
{
	struct line_wait *w = data;

	(void)t;
	return rct_child_saw(w->ch, w->line);
}

bool rct_wait_line(struct rct *t, struct rct_child *ch, const char *line, int timeout_ms)
{
	struct line_wait w = { ch, line };

	return rct_wait(t, saw_line, &w, timeout_ms);
}
