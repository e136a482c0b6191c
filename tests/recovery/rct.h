/*
 * The recovery tests' fixture: a dcd on the simulated engine started as
 * systemd would start it (fake_systemd.h: the client socket held by the
 * test, $NOTIFY_SOCKET, the fd store handed back at every start), killed
 * and started again, and a watch over the simulated monitors: the scanout
 * history of every lit pipe, read through sim_view at every wait so no
 * frame goes unseen, and the simulator's own count of timing, clock and
 * encoder register writes. The daemon's directory, log and log waits are
 * tests/integration's (dct.h).
 */
#ifndef RCT_H
#define RCT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "dct.h"
#include "fake_systemd.h"
#include "sim.h"

#define RCT_PIPES 6

struct rct_pipe {
	bool watched;	       /* was running when the watch began */
	uint64_t frames;       /* frames seen in all */
	unsigned blanked;      /* frames showing no surface (blank or graphics off) */
	unsigned gaps;	       /* frame numbers skipped: lost signal or a restarted CRTC */
	unsigned unseen;       /* polls too late: frames fell out of the history unseen */
	struct sim_frame last; /* the newest frame seen (frames: how many) */
	uint64_t last_poll_ns; /* when the watcher last read the history */
	/* the first gap: the frames either side of it, the polls around it, and
	 * the history as the second poll read it */
	struct sim_frame gap[2];
	uint64_t gap_poll_ns[2];
	unsigned gap_hist_n;
	struct sim_frame gap_hist[SIM_SCANOUT_HISTORY];
};

struct rct {
	struct dct_daemon d; /* dir, socket (held by the fake systemd), state, log */
	struct fsd sd;
	char scenario[256], config[256];
	char scenario_text[4096]; /* rct_setup_asic's or rct_setup_scenario's */
	struct sim_view *view;
	struct rct_pipe pipes[RCT_PIPES];
	unsigned starts;
	/* rct_watch_begin's watcher thread and the lock around pipes[] */
	pthread_t watcher;
	pthread_mutex_t watch_lock;
	bool watcher_on;
	atomic_bool watcher_stop;
};

/* A temporary directory with dct_scenario_small, a configuration and the fake systemd. */
int rct_setup(struct rct *t);
/* The same with dct_scenario_small on another ASIC (dct_scenario_on_asic). */
int rct_setup_asic(struct rct *t, const char *asic);
/* The same with a scenario of the test's own (JSON text). */
int rct_setup_scenario(struct rct *t, const char *scenario);
void rct_teardown(struct rct *t, bool print_log);

/*
 * Starts dcd --sim SCENARIO --state-dir DIR --config --verbose [extra]
 * through the fake systemd and waits for READY=1. Returns 0 or -errno.
 */
int rct_start(struct rct *t, const char *const *extra);
/* SIGKILL, as a crash; the fd store and the socket stay. */
void rct_kill(struct rct *t);

/*
 * Begins watching the pipes that run now (opens the view), from a thread
 * of the test's that reads their histories every 10 ms whatever the test
 * waits for (reaping a killed dcd under ASan took over the 64 frames the
 * history holds once, and counted frames nobody looked at as lost).
 */
int rct_watch_begin(struct rct *t);
/* Reads every watched pipe's history once (the watcher does it too). */
void rct_watch(struct rct *t);
/* Stops the watcher after a last look: pipes[] holds the whole run. Idempotent. */
void rct_watch_end(struct rct *t);
/* What the watcher saw of pipe p so far (a copy, taken under its lock). */
struct rct_pipe rct_pipe_seen(struct rct *t, unsigned p);

/*
 * Pumps the notify socket and watches the pipes every few ms until
 * cond(data) holds or timeout_ms passed; returns cond's last value.
 */
bool rct_wait(struct rct *t, bool (*cond)(struct rct *t, void *data), void *data, int timeout_ms);

/* Timing + clock + encoder register writes the simulated engine counted so far. */
uint64_t rct_modeset_writes(struct rct *t, uint64_t per_class[SIM_WRITE_CLASSES]);

/* A process whose stdout the test reads line by line (the flipper). */
struct rct_child {
	pid_t pid;
	int out_fd;
	char buf[8192];
	size_t len;
	unsigned late; /* "late" lines: flip-done delivered over 8 ms after its frame began */
};

int rct_child_start(struct rct_child *ch, const char *const *argv);
/* Reads what arrived; true if a complete line equal to line came (consumed up to it). */
bool rct_child_saw(struct rct_child *ch, const char *line);
void rct_child_stop(struct rct_child *ch);
/* rct_wait until the child printed line. */
bool rct_wait_line(struct rct *t, struct rct_child *ch, const char *line, int timeout_ms);

#endif
