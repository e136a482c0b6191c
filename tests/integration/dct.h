/*
 * The integration tests' tools: a real dcd process in a temporary
 * directory (simulated engine, its socket, its state and its log), and a
 * small client on protocol/ + ipc/msgio (libdcclient comes later).
 *
 * Nothing here sleeps to synchronise: waits are for events (a reply, an
 * event message, a file appearing, a log line written) with generous
 * timeouts, so the tests hold on a loaded two-core machine.
 */
#ifndef DCT_H
#define DCT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "dcd_protocol.h"

#define DCT_TIMEOUT_MS 20000 /* for any single wait: the machine may be busy */

/* ---- the daemon ------------------------------------------------------------------ */

struct dct_daemon {
	pid_t pid;
	char dir[64];	  /* the temporary directory (socket, state, log, files) */
	char socket[128]; /* dir/dcd.sock */
	char state[128];  /* dir/sim-state, the simulated hardware */
	char log[128];	  /* dir/dcd.log, the daemon's stderr */
};

/*
 * A scenario for the tests: Carrizo, DP-1 and HDMI-A-1 with 720x480@60
 * monitors (small framebuffers, fast cycles), eDP-1 1280x720@60, and DP-2
 * empty. HDMI-A-1, eDP-1 and DP-1 sit on UNIPHY B, A and C, which AMD's
 * Carrizo image drives; DP-2 on UNIPHY D, which it does not, so a monitor
 * plugged there is detected but not lit (Display Core refuses it).
 */
extern const char dct_scenario_small[];
/* dct_scenario_small on another ASIC ("tonga"), with vram_mib of VRAM (0: the default): 0 or
 * -ENOSPC. */
int dct_scenario_on_asic(const char *asic, unsigned vram_mib, char *out, size_t size);

/*
 * Starts dcd --sim SCENARIO --socket --state-dir --verbose --bus none with its
 * stderr in d->log and waits until it accepts connections. scenario NULL:
 * dct_scenario_small; config NULL: one that lets the test clients lease.
 * extra: more arguments (NULL-terminated, may be NULL); with "--socket-fd"
 * among them no --socket is given and the start is awaited in the log.
 * Returns 0 or -errno (the log is printed on failure).
 */
int dct_daemon_start(struct dct_daemon *d, const char *scenario, const char *config,
		     const char *const *extra);
/* SIGTERM and wait: the exit status (0 clean), or -1. */
int dct_daemon_stop(struct dct_daemon *d);
/* Removes the directory (keeps it and prints the log when keep_log). */
void dct_daemon_cleanup(struct dct_daemon *d, bool print_log);
/* The daemon is still running. */
bool dct_daemon_alive(struct dct_daemon *d);
/* Waits until the log holds a line with needle; false after timeout_ms. */
bool dct_log_wait(struct dct_daemon *d, const char *needle, int timeout_ms);
/* Waits until the log holds count lines with needle. */
bool dct_log_wait_count(struct dct_daemon *d, const char *needle, unsigned count, int timeout_ms);
/* Lines of the log that contain needle now. */
unsigned dct_log_count(struct dct_daemon *d, const char *needle);
/* Prints the log lines stamped within [from_ns, to_ns] (CLOCK_MONOTONIC). */
void dct_log_print_window(struct dct_daemon *d, uint64_t from_ns, uint64_t to_ns);
/* Open descriptors of the daemon (/proc/PID/fd), VmRSS in KiB. */
int dct_daemon_fd_count(struct dct_daemon *d);
long dct_daemon_rss_kb(struct dct_daemon *d);
/* Mappings of the daemon whose path contains needle (/proc/PID/maps). */
int dct_daemon_maps_count(struct dct_daemon *d, const char *needle);
/* Writes text to dir/name; the path in path. */
int dct_write_file(struct dct_daemon *d, const char *name, const char *text, char *path,
		   size_t size);

/*
 * Real-time priorities of the tests (SCHED_RR): the daemon above its
 * clients, so that a frame a test sees missed is not a client of the same
 * priority holding the CPU (dct_daemon.c says what was measured).
 */
#define DCT_RT_CLIENT 10
#define DCT_RT_DAEMON 20
#define DCT_RT_CANARY 30

/*
 * At the start of a test program: when running as root, become nobody
 * (65534) for good, daemon and clients alike: a root client is always an
 * admin and sees every output, and dcd on the simulator needs no
 * privilege. Before that the program takes SCHED_RR at DCT_RT_DAEMON,
 * which the daemons it forks keep; flipping clients go down to
 * DCT_RT_CLIENT (dct_client_priority). A frame missed because the shared
 * machine is busy compiling is not what these tests are about. Without
 * root everything runs at normal priority. Returns 0 or -errno.
 */
int dct_drop_root(void);
/*
 * dct_drop_root's first half, for a program that stays root: CPUs kept
 * awake, and while root the canary and SCHED_RR at priority. Returns
 * whether it runs as root.
 */
bool dct_real_time(int priority);
/*
 * One SCHED_IDLE busy loop per CPU, for the life of the test program, so
 * that no CPU halts while a real-time test runs: on a virtual machine a
 * halted vCPU wakes up to 19 ms late, over a frame (dct_awake.c says what
 * was measured). dct_drop_root calls it; idempotent.
 */
void dct_keep_cpus_awake(void);
/*
 * Prints the steal time (the host running something else while a vCPU
 * wanted to run) since dct_keep_cpus_awake: time no process of the test
 * had, whatever its priority.
 */
void dct_print_steal(void);
/*
 * The real-time canary (dct_canary.c): started by dct_drop_root while
 * root, it records when the machine did not run even it. print: its late
 * wake-ups within [from_ns, to_ns], or that there were none.
 */
void dct_canary_start(void);
/*
 * In a helper process the test program forks (dct_awake.c, dct_canary.c):
 * become nobody, die with parent, hold none of the test's descriptors (a
 * pipe meson reads must not stay open).
 */
void dct_helper_detach(pid_t parent);
/* Forks helper(parent, cpu) once for each CPU the program may run on; returns how many. */
int dct_fork_per_cpu(const char *what, void (*helper)(pid_t parent, int cpu));
void dct_canary_print(uint64_t from_ns, uint64_t to_ns);
/*
 * The longest stall of the machine itself the canary saw overlap
 * [from_ns, to_ns]: every CPU's canary late at once, or one late longer
 * than real-time throttling lasts; 0 if none (or it is not real-time).
 */
uint64_t dct_canary_stalled_ns(uint64_t from_ns, uint64_t to_ns);
/* All such stalls within [from_ns, to_ns]: their count and total time (their union). */
uint64_t dct_canary_stalled_sum_ns(uint64_t from_ns, uint64_t to_ns, unsigned *stalls);
/*
 * Prints whether d's state directory is on a tmpfs: on a disk, writeback of
 * the simulated registers' shared file stalls dcd (engine_dc.c).
 */
void dct_print_state_fs(struct dct_daemon *d);
/* The same without the real-time priority (benchmarks at normal priority). */
int dct_become_nobody(void);
/* In a forked client: down to DCT_RT_CLIENT if real-time (always allowed). */
void dct_client_priority(void);

/* ---- a private D-Bus bus ---------------------------------------------------------- */

struct dct_bus {
	pid_t pid;
	char dir[64];	  /* its directory (mode 0755: every user may reach the socket) */
	char address[96]; /* "unix:path=DIR/bus" */
};

/*
 * Starts dbus-daemon with the test bus configuration ($DCT_BUS_CONFIG,
 * tests/integration/test-bus.conf: every user may connect, own and call)
 * listening on address (NULL: a new directory's "bus"), waits until it
 * listens and sets DBUS_SESSION_BUS_ADDRESS to it, for dcd and the clients
 * started later. 0 or -errno.
 */
int dct_bus_start(struct dct_bus *b, const char *address);
/* Kills it and removes its directory (not a directory it was given). */
void dct_bus_stop(struct dct_bus *b);

/* ---- a client --------------------------------------------------------------------- */

struct dct_client;

/* Connects to path, sends HELLO with name, waits for WELCOME. */
int dct_connect(const char *path, const char *name, struct dct_client **out);
/* LINK_CAPS (protocol 1.1) that the last dct_topology received for link. */
const struct dcp_link_caps *dct_link_caps(const struct dct_client *c, uint32_t link);
/* The same speaking an older minor version of the protocol. */
int dct_connect_minor(const char *path, const char *name, uint16_t minor, struct dct_client **out);
/* Connects without HELLO (for tests of the session rules). */
int dct_connect_raw(const char *path, struct dct_client **out);
void dct_close(struct dct_client *c); /* NULL is fine */
int dct_fd(const struct dct_client *c);
/* The fd the last message read carried (FB_ALLOCATED's), now the caller's; -1: none. */
int dct_take_fd(struct dct_client *c);
const struct dcp_welcome *dct_welcome(const struct dct_client *c);

/* Sends a request (fd -1: none); returns its serial (> 0) or -errno. */
int dct_send(struct dct_client *c, uint16_t opcode, uint16_t flags, const void *body, int fd);
/* Sends raw bytes with nfds descriptors. */
int dct_send_raw(struct dct_client *c, const void *buf, size_t len, const int *fds, unsigned nfds);

/*
 * The next server message (queued events first), waiting up to timeout_ms.
 * msg is large (a LINK_INFO): callers keep one around. -ETIMEDOUT,
 * -ECONNRESET on EOF, or a decoding error.
 */
int dct_next(struct dct_client *c, struct dcp_server_msg *msg, int timeout_ms);
/*
 * The answer to serial: a reply (or for a FLIP its FLIP_DONE) or an ERROR;
 * other messages are queued for dct_next/dct_wait_event. Returns 0 for a
 * reply, the ERROR's status (msg holds the error), or a wait error.
 */
int dct_wait_reply(struct dct_client *c, uint32_t serial, struct dcp_server_msg *msg,
		   int timeout_ms);
/* The next message with opcode (others stay queued in order). */
int dct_wait_event(struct dct_client *c, uint16_t opcode, struct dcp_server_msg *msg,
		   int timeout_ms);
/* Waits until the daemon closes the connection (after a fatal ERROR). */
int dct_wait_eof(struct dct_client *c, int timeout_ms);

/* Send and wait: 0 or the ERROR's status. */
int dct_call(struct dct_client *c, uint16_t opcode, const void *body, int fd,
	     struct dcp_server_msg *msg);

/* ---- common requests ----------------------------------------------------------------- */

/* LINK_INFOs of GET_TOPOLOGY (up to max), their count in *n. */
int dct_topology(struct dct_client *c, struct dcp_link_info *infos, unsigned max, unsigned *n);
/* The link id called name, from a topology (as this client sees it), or -ENOENT. */
int dct_link_id(struct dct_client *c, const char *name);
int dct_lease(struct dct_client *c, const uint32_t *links, unsigned n, uint32_t *lease_id);
/*
 * A sealed memfd of width x height pixels of 4 bytes (format), rows 256-byte
 * aligned as the engine wants them, filled with color; FB_CREATE.
 */
int dct_fb_create(struct dct_client *c, uint32_t format, uint32_t width, uint32_t height,
		  uint32_t color, uint32_t *fb_id);
/* Its two halves: the filled, sealed memfd (or -errno), and FB_CREATE of it (fd kept). */
int dct_fb_memfd(uint32_t width, uint32_t height, uint32_t color);
int dct_fb_create_fd(struct dct_client *c, int fd, uint32_t format, uint32_t width, uint32_t height,
		     uint32_t *fb_id);
/* A memfd with the given size and seals (for malformed tests). */
int dct_memfd(size_t size, bool seal);
/*
 * COMMIT of one output: mode (the sink's preferred one when NULL) with
 * fb on the primary plane covering the screen (fb 0: no plane), flags
 * DCP_COMMIT_*.
 */
int dct_commit_one(struct dct_client *c, uint32_t link, const struct drm_mode_modeinfo *mode,
		   uint32_t fb, uint32_t flags, struct dcp_server_msg *msg);
/* The same with more output flags (DCP_OUTPUT_VRR). */
int dct_commit_output(struct dct_client *c, uint32_t link, const struct drm_mode_modeinfo *mode,
		      uint32_t fb, uint32_t flags, uint32_t output_flags,
		      struct dcp_server_msg *msg);
/* CTA-861 720x480@59.94 (VIC 2), the preferred mode of dct_scenario_small's monitors. */
void dct_mode_480p(struct drm_mode_modeinfo *m);
/* The preferred mode of link from a topology. */
int dct_preferred_mode(struct dct_client *c, uint32_t link, struct drm_mode_modeinfo *mode);

/* Nanoseconds of CLOCK_MONOTONIC. */
uint64_t dct_now_ns(void);

/*
 * Where a live dcd's directory goes: /dev/shm, a tmpfs like /run/dcd in
 * production (the simulated registers are a shared file mapping there; on
 * a disk filesystem writeback of it stalls the daemon for tens of ms), or
 * /tmp when /dev/shm is not writable.
 */
const char *dct_runtime_base(void);

/*
 * Polls cond, a state the daemon changes on its own (a mapping going away,
 * frames being recorded), every 5 ms for up to timeout_ms.
 */
#define DCT_WAIT_UNTIL(cond, timeout_ms)                                          \
	do {                                                                      \
		uint64_t end_ = dct_now_ns() + (uint64_t)(timeout_ms)*1000000ull; \
		while (!(cond) && dct_now_ns() < end_)                            \
			poll(NULL, 0, 5);                                         \
	} while (0)

#endif
