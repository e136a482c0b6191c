/*
 * The daemon's inside: one struct dcd owns the display engine (simulated or
 * real), Display Core, the event loop, the clients and the leases. Shared
 * by the files of daemon/; the admin operations other front ends call
 * (D-Bus later) are in admin.h.
 *
 * Everything runs on one thread in one sd-event loop. Display Core is only
 * entered from the loop's handlers, never from inside its own callbacks:
 * callbacks (flip done, vblank, hotplug) do what needs no DC call and mark
 * the rest as work that dcd_process() does once DC has returned.
 *
 * Error convention: functions return 0 or a negative errno; the ones that
 * answer a client fill a struct dcp_error with the reason and sentence the
 * ERROR reply carries.
 */
#ifndef DCD_DAEMON_H
#define DCD_DAEMON_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <systemd/sd-event.h>

#include "config.h"
#include "dc.h"
#include "dcd_ipc.h"
#include "dcd_protocol.h"
#include "engine.h"
#include "iova.h"
#include "log.h"

struct sim;
struct dcd;
struct dcd_client;
struct dcd_dbus;

/* ---- options (main.c fills them) ------------------------------------------- */

enum dcd_backend_kind {
	DCD_BACKEND_AUTO, /* a supported GPU, else the first KMS device with connectors */
	DCD_BACKEND_SIM,
	DCD_BACKEND_DEVICE,
	DCD_BACKEND_KMS,
};

/* Which D-Bus bus dcd serves (--bus; dbus.h). */
enum dcd_bus_kind {
	DCD_BUS_SYSTEM,
	DCD_BUS_SESSION,
	DCD_BUS_NONE,
};

/* How interrupts reach dcd (--interrupts, dcd.json "interrupts"; ih.c). */
enum dcd_irq_mode {
	DCD_IRQ_DEFAULT, /* as configured: the ring */
	DCD_IRQ_RING,	 /* the IH ring and its MSI/INTx */
	DCD_IRQ_POLL,	 /* the ring (or the status registers) read from a timer */
};

struct dcd_options {
	enum dcd_backend_kind backend;
	const char *scenario;	 /* --sim FILE; NULL: the built-in default */
	const char *device;	 /* --device PCI address; NULL with AUTO: the first supported GPU */
	const char *kms_path;	 /* --kms PATH; NULL: the first KMS device with connectors */
	bool has_kms_fd;	 /* --kms-fd FD: an inherited DRM file (a lease, an open device) */
	int kms_fd;		 /* with has_kms_fd: the descriptor */
	const char *vbios;	 /* --vbios FILE; NULL: the engine's own (engine_dc.c) */
	int access;		 /* enum dcv_access */
	const char *socket_path; /* NULL: dcp_socket_path_server */
	int socket_fd;		 /* an inherited listening socket (sd_listen_fds), or -1 */
	const char *config_path; /* NULL: defaults */
	const char *state_dir;	 /* NULL: anonymous simulator memory */
	bool verbose;
	enum dcd_bus_kind bus; /* --bus, DCD_BUS_SYSTEM by default */
	/* --interrupts, --poll-interval: 0 = as dcd.json says (ih.c) */
	enum dcd_irq_mode irq_mode;
	uint32_t poll_interval_ms;
	/*
	 * The simulator on its virtual clock (no option of dcd's: for the
	 * fuzz drivers): time moves only when the caller advances it
	 * (sim_advance), and DC's deadlines wait for the caller too
	 * (dcd_run_deadline once dc_next_deadline has come), so an input that
	 * waits for frames costs no real time.
	 */
	bool sim_virtual;
};

/* ---- framebuffers (fb.c) ----------------------------------------------------- */

/*
 * A client's buffer mapped for the engine. The owner's id holds one
 * reference and every use on an output (scanout, a flip in flight, the
 * cursor, a plane retired until its last frame is over) one more, so the
 * memory stays mapped until scanout has moved off it, whatever the client
 * does with its id.
 */
struct dcd_fb {
	struct dcd *dcd;
	uint32_t id;
	unsigned refs;
	struct dcd_client *owner; /* NULL once the id is destroyed or the client gone */
	struct dcd_fb *next;	  /* in the owner's list */
	struct dcp_fb_create layout;
	struct dci_fb_map map;
	uint64_t iova;	    /* device address of byte 0 of the fd */
	uint64_t iova_size; /* the mapped range, whole pages */
	int fd;		    /* kept for the fd store while it may be used (else -1) */
	bool stored;	    /* in systemd's fd store as fb-ID */
};

/*
 * ---- outputs (one per link) ------------------------------------------------
 *
 * output.c owns them: every other file reaches an output through
 * dcd_output() (NULL for a link the engine does not have) or
 * dcd_for_each_output(), never through struct dcd's outputs[] (the style
 * suite's output-owner check fails otherwise). Fields whose invariants go
 * together change only in output.c's functions (below): the lease and the
 * restart reservation, the scanout and cursor references, the vblank users
 * and vblank_on, need_idle. flip.c runs the flip queue (pending, queued,
 * submit_queued, last_seq/last_ts) of an output it looked up; the
 * connection is set where the engine reports it (detection, hotplug,
 * device loss).
 *
 * The struct stays visible rather than opaque: the FLIP and flip-done fast
 * path and the read-only uses elsewhere (a lease, the connection, what is
 * on a plane) read fields directly, which a getter per field would only
 * make slower and longer.
 */

struct dcd_lease;

/* A FLIP in flight: pending on the hardware, or queued behind it. */
struct dcd_flip {
	struct dcd_fb *fb;	   /* NULL: the slot is empty */
	struct dcd_client *client; /* NULL: cancelled, its FLIP_DONE goes nowhere */
	uint32_t serial;
	uint32_t flags; /* DCP_FLIP_* */
	uint64_t user_data;
};

/* A framebuffer that left a plane: released once a frame started after after_ns. */
struct dcd_retired {
	struct dcd_fb *fb;
	uint64_t after_ns;
};

struct dcd_output {
	unsigned link;
	struct dcd_lease *lease;  /* NULL: free (shows the idle configuration) */
	uint8_t connection;	  /* enum dcp_connection */
	struct dcd_fb *scanout;	  /* what the primary plane shows (a reference) */
	struct dcd_fb *cursor_fb; /* the cursor image (a reference) */
	struct dc_cursor cursor;  /* the cursor as last programmed */
	struct dcd_flip pending, queued;
	struct dcd_retired *retired; /* distinct framebuffers, oldest first */
	unsigned nretired, retired_cap;
	unsigned vblank_subscribers; /* clients with VBLANK_SUBSCRIBE */
	unsigned vblank_waiters;     /* blocking COMMITs waiting for their first frame */
	bool vblank_on;		     /* dc_vblank_enable is on */
	uint64_t last_seq, last_ts;  /* the latest vblank or flip seen */
	/* work for dcd_process(), set where DC must not be called */
	bool submit_queued;	/* the pending flip completed: submit the queued one */
	uint64_t queued_due_ns; /* then: the vblank start it must be programmed before */
	bool need_idle;		/* unleased: show the idle configuration */
	/* held for a KMS lease's client after a restart (kms_lease_restart.c):
	 * the lessee drives it, dcd shows nothing there */
	bool kms_held;
	/* After a restart, held for its lessee before it (grace.c, dcd_output_reserve). */
	struct {
		bool active;
		uid_t uid;
		char name[DCP_MAX_NAME + 1]; /* the HELLO name */
	} reserved;
};

/* ---- leases (lease.c) -------------------------------------------------------- */

struct dcd_lease {
	uint32_t id; /* daemon-wide unique, so D-Bus can name it */
	struct dcd_client *client;
	uint32_t links;		/* bit per link */
	struct dcd_lease *next; /* in the client's list */
	/*
	 * A KMS lease (kms_lease.c): the client holds the links' DRM objects
	 * through a lessee fd of its own and drives them without dcd; dcd
	 * only ends it. lessee_id is the kernel's.
	 */
	bool kms;
	uint32_t lessee_id;
	char name[DCP_MAX_LEASE_NAME + 1]; /* "card0-Virtual-1" */
};

/* ---- clients (client.c) ------------------------------------------------------- */

/* A blocking COMMIT waiting for flips to drain, then for its first frame. */
struct dcd_commit_wait {
	bool active;
	bool committed; /* programmed; now waiting for a frame on each of links */
	uint32_t serial;
	bool no_reply;
	uint32_t links;		   /* affected links still waited for */
	uint64_t committed_ns;	   /* when it was programmed */
	struct dcp_config *config; /* the request, until it is programmed */
};

/* A client's vblanks of one link: the last sent, the newest held back. */
struct dcd_vblank_hold {
	bool held;
	uint64_t sent_seq; /* the last VBLANK sent, 0: none yet */
	uint64_t seq, ts;
};

struct dcd_client {
	struct dcd *dcd;
	struct dcd_client *next;
	uint32_t id;
	struct dci_conn *conn;
	sd_event_source *io;
	sd_event_source *hello_timer; /* the handshake deadline, until HELLO */
	uint64_t fb_bytes;	      /* page-rounded bytes of its framebuffers */
	struct ucred cred;
	char name[DCP_MAX_NAME + 1];
	char label[DCP_MAX_NAME + 64]; /* "client 3 (pid 42, uid 1000, \"weston\")" for logs */
	bool hello_done;
	uint16_t minor;
	bool may_lease, admin;
	bool may_kms_lease; /* root, admins, the "kms_lease" users and groups */
	bool dead;	    /* disconnected; freed by dcd_process() */
	struct dcd_lease *leases;
	struct dcd_fb *fbs;
	unsigned fb_count;
	uint32_t vblank_links; /* VBLANK_SUBSCRIBE'd links */
	struct dcd_vblank_hold vblank[DC_MAX_LINKS];
	bool vblank_held; /* some vblank[] is held */
	struct dcd_commit_wait wait;
	struct dcd_ratelimit log_rl;
};

/* ---- the daemon --------------------------------------------------------------- */

struct dcd {
	struct dcd_options opts;
	struct dcd_config config;
	sd_event *event;
	uint64_t instance;
	/* The display engine (engine.h): Display Core or KMS; requests never ask which. */
	struct dcd_engine *engine;
	unsigned link_count;
	struct dcd_output outputs[DC_MAX_LINKS];
	struct dc_plane_caps plane_caps;

	int listen_fd;
	char socket_path[108];
	bool socket_owned; /* created by us: unlinked at exit */
	sd_event_source *listen_src, *irq_src, *timer_src, *deadline_src, *monitor_src;
	sd_event_source *sigterm_src, *sigint_src;
	sd_event_source *grace_src; /* the restart grace period (grace.c) */
	/* the IH ring (ih.c): its memory, device address, and the poll timer */
	struct {
		void *mem;
		uint64_t iova;
		bool mapped;
		enum dcd_irq_mode mode;
		uint32_t poll_ms;
		sd_event_source *poll_src;
	} ih;
	uint64_t grace_end_ns;
	/* KMS leases of the dcd before, kept for their clients until they are back */
	struct dcd_kms_lease_saved kms_held[DC_MAX_LINKS];
	unsigned n_kms_held;
	uint64_t deadline_set; /* what deadline_src is armed for, UINT64_MAX: off */

	struct dcd_client *clients;
	unsigned client_count;
	uint32_t next_client_id, next_lease_id, next_fb_id;
	uint32_t generation; /* bumped at every hotplug and lease change */
	bool work;	     /* dcd_process() has something to do */
	bool in_dc;	     /* inside a DC call: DC callbacks may not re-enter it */

	struct dcp_link_info *link_info; /* scratch for LINK_INFO (22 kB) */
	struct dcd_dbus *dbus;		 /* the D-Bus service (dbus.h), NULL with --bus none */
	/* systemd and crash recovery (recovery.h) */
	struct dcd_recovery *recovery;
	bool socket_activated; /* the client socket came from dcd.socket */
	struct dcd_ratelimit accept_rl;
	struct dcd_ratelimit late_rl; /* flips done or queued flips handled late (flip.c) */
};

/* dcd.c: life cycle, event sources, the deferred work */
int dcd_new(const struct dcd_options *opts, struct dcd **out);
int dcd_run(struct dcd *dcd);
void dcd_free(struct dcd *dcd);
/* DC's deadline handler, what the deadline timer runs (for callers of sim_virtual). */
void dcd_run_deadline(struct dcd *dcd);
/* The engine's clock (DC's, the one vblank timestamps are on), in ns. */
uint64_t dcd_engine_now_ns(const struct dcd *dcd);
/* Does the work DC callbacks and requests left for after DC returned. */
void dcd_process(struct dcd *dcd);
/* Re-arms the DC deadline timer after any DC call. */
void dcd_update_deadline(struct dcd *dcd);
/* Services the engine's interrupts (the irq fd handler). */
void dcd_handle_irq(struct dcd *dcd);

/* grace.c: outputs reserved for their lessee across a restart */
struct dcd_saved_state;
/* Reserves the links of st's leased outputs among links; starts the period. */
void dcd_grace_start(struct dcd *dcd, const struct dcd_saved_state *st, uint32_t links);
/* Starts the grace period's timer unless it runs; false when it cannot (no grace, an error). */
bool dcd_grace_arm(struct dcd *dcd);
/* link is reserved for another client than c. */
bool dcd_grace_blocks(const struct dcd_client *c, unsigned link);
unsigned dcd_grace_left_ms(const struct dcd *dcd);

/* engine.c: choosing and opening the engine (--sim, --device, --kms, or what is there) */
int dcd_engine_open(struct dcd *dcd);
/* ih.c: the IH ring and the poll timer; stop before the engine closes */
int dcd_ih_start(struct dcd *dcd);
void dcd_ih_stop(struct dcd *dcd);
/* Gives [ptr, ptr + size) an address the engine can scan out from (fb.c). */
int dcd_engine_map(struct dcd *dcd, const void *ptr, uint64_t size, uint64_t *address,
		   struct dcp_error *err);
/* The same at a given address (a framebuffer back from the fd store); -EOPNOTSUPP */
int dcd_engine_map_at(struct dcd *dcd, const void *ptr, uint64_t size, uint64_t address);
void dcd_engine_unmap(struct dcd *dcd, uint64_t address);

/* The engine's calls the handlers make most, by name. */
static inline const char *dcd_link_name(const struct dcd *dcd, unsigned link)
{
	return dcd->engine->ops->link_name(dcd->engine, link);
}

static inline enum dc_link_type dcd_link_type(const struct dcd *dcd, unsigned link)
{
	return dcd->engine->ops->link_type(dcd->engine, link);
}

static inline int dcd_link_status(const struct dcd *dcd, unsigned link, struct dc_link_status *out)
{
	return dcd->engine->ops->link_status(dcd->engine, link, out);
}

static inline const struct dc_mode *dcd_link_modes(const struct dcd *dcd, unsigned link,
						   size_t *count)
{
	return dcd->engine->ops->link_modes(dcd->engine, link, count);
}

/* The sink on link, NULL when nothing is connected or the device is gone. */
static inline const struct dcd_engine_sink *dcd_link_sink(const struct dcd *dcd, unsigned link,
							  struct dcd_engine_sink *buf)
{
	if (dcd->engine->lost || dcd->engine->ops->link_sink(dcd->engine, link, buf) < 0)
		return NULL;
	return buf;
}

static inline int dcd_validate(const struct dcd *dcd, struct dc_state *state, struct dc_error *err)
{
	return dcd->engine->ops->validate(dcd->engine, state, err);
}

static inline const struct dc_state *dcd_engine_current(const struct dcd *dcd)
{
	return dcd->engine->ops->current(dcd->engine);
}

/* client.c: connections */
int dcd_client_accept(struct dcd *dcd, int fd);
/* Sends a message; a client that cannot take it is disconnected. */
int dcd_client_send(struct dcd_client *c, uint16_t opcode, uint32_t serial, const void *body);
int dcd_client_send_error(struct dcd_client *c, uint32_t serial, const struct dcp_error *err);
int dcd_client_send_ok(struct dcd_client *c, const struct dcp_request *req);
/* dcd_client_send with one descriptor (SCM_RIGHTS); the caller keeps fd. */
int dcd_client_send_fd(struct dcd_client *c, uint16_t opcode, uint32_t serial, const void *body,
		       int fd);
/* Marks the client disconnected (with a log line when reason is not NULL). */
void dcd_client_kill(struct dcd_client *c, const char *reason);
/* Frees clients marked dead: leases end, framebuffers are dropped. */
void dcd_client_reap(struct dcd *dcd);
/*
 * Inside a detection's bus wait (flip.c, on_flip_done), where client
 * sockets are otherwise not read: takes c's next request only if it is a
 * FLIP for link (peeked first, so nothing is read out of order) and
 * handles it as the loop would. A client answering each FLIP_DONE with its
 * next FLIP keeps two in flight however long the detection waits. Other
 * requests stay for the loop: their handlers may call DC, which a wait
 * allows only dc_flip of the served link.
 */
void dcd_client_serve_flip(struct dcd_client *c, uint32_t link);
/* Stops or resumes reading the client (a blocking COMMIT in progress). */
void dcd_client_pause(struct dcd_client *c, bool paused);
/* The client may see link in topology and events (lease rules). */
bool dcd_client_sees(const struct dcd_client *c, unsigned link);

/* session.c: HELLO, SYNC, GET_TOPOLOGY, the events about links */
int dcd_handle_hello(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err);
int dcd_handle_topology(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err);
void dcd_link_info(struct dcd *dcd, const struct dcd_client *c, unsigned link,
		   struct dcp_link_info *out);
/* LINK_CAPS of link (protocol 1.1): head-mounted, variable refresh range. */
void dcd_link_caps(struct dcd *dcd, unsigned link, struct dcp_link_caps *out);
void dcd_sink_info(struct dcd *dcd, unsigned link, struct dcp_sink_info *out);
/* OUTPUT_CHANGED to every client that sees link, except skip. */
void dcd_notify_output(struct dcd *dcd, unsigned link, uint32_t changes,
		       const struct dcd_client *skip);
void dcd_notify_hotplug(struct dcd *dcd, unsigned link);

/* lease.c */
int dcd_handle_lease_request(struct dcd_client *c, const struct dcp_request *req,
			     struct dcp_error *err);
int dcd_handle_lease_release(struct dcd_client *c, const struct dcp_request *req,
			     struct dcp_error *err);
/* Ends a lease: flips cancelled (ECANCELED to a live client), outputs idle, events. */
void dcd_lease_end(struct dcd *dcd, struct dcd_lease *lease, int revoke_reason, const char *text);
struct dcd_lease *dcd_lease_find(struct dcd *dcd, uint32_t id);
/* The lease of client holding link, or NULL. */
struct dcd_lease *dcd_client_lease_of(const struct dcd_client *c, unsigned link);
/*
 * Whether c may take link into a new lease of either kind: it exists, no
 * lease holds it (EBUSY naming the output, and its holder to an admin
 * only), no restart reservation. what: the request's name for sentences.
 */
int dcd_lease_check_free(struct dcd_client *c, const char *what, uint32_t link,
			 struct dcp_error *err);
/* c may hold one more lease (limits.max_leases): 0 or EDQUOT. */
int dcd_lease_check_budget(struct dcd_client *c, const char *what, struct dcp_error *err);
/* A new lease of c over links, recorded and announced (log, state file, D-Bus, events). */
struct dcd_lease *dcd_lease_add(struct dcd_client *c, uint32_t links);
/* A lease just granted: the log line and the state file, before its reply. */
void dcd_lease_record(struct dcd *dcd, struct dcd_lease *lease);
/* D-Bus and OUTPUT_CHANGED of a lease just granted, after its reply. */
void dcd_lease_announce(struct dcd *dcd, struct dcd_lease *lease);

/* kms_lease.c: KMS_LEASE_REQUEST (protocol 1.2) */
int dcd_handle_kms_lease_request(struct dcd_client *c, const struct dcp_request *req,
				 struct dcp_error *err);
/* This engine makes KMS leases (WELCOME's KMS_LEASES). */
bool dcd_kms_leases_supported(struct dcd *dcd);

/*
 * kms_lease_restart.c: KMS leases across a restart. recover: once, after
 * the state file is read (st may be NULL: none), before the snapshot: the
 * engine keeps the recorded leases it still finds and revokes the others;
 * the kept ones are held for their client (uid + HELLO name) during the
 * restart grace. reclaim: at HELLO, a client's held leases are its own
 * again. expire: at the end of the grace, the held leases nobody came
 * back for are revoked.
 */
void dcd_kms_leases_recover(struct dcd *dcd, const struct dcd_saved_state *st);
void dcd_kms_leases_reclaim(struct dcd_client *c);
void dcd_kms_leases_expire(struct dcd *dcd);
/* An admin's revocation of held lease id (why: their text): 0, or -ENOENT. */
int dcd_kms_lease_revoke_held(struct dcd *dcd, uint32_t id, const char *why);

/* fb.c */
int dcd_handle_fb_create(struct dcd_client *c, const struct dcp_request *req,
			 struct dcp_error *err);
int dcd_handle_fb_destroy(struct dcd_client *c, const struct dcp_request *req,
			  struct dcp_error *err);
/* FB_ALLOC (protocol 1.3): the engine's fb_alloc, the fd to the client. */
int dcd_handle_fb_alloc(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err);
/*
 * fb_memfd.c: a sealed memfd of a linear one-plane layout (pitch a
 * multiple of pitch_align), mapped read-only: the Display Core engine's
 * fb_alloc before it gives the mapping a device address.
 */
int dcd_fb_memfd_alloc(uint32_t format, uint32_t width, uint32_t height, uint32_t pitch_align,
		       struct dcd_engine_fb *out, char *why, size_t why_size);
struct dcd_fb *dcd_fb_lookup(const struct dcd_client *c, uint32_t id);
struct dcd_fb *dcd_fb_ref(struct dcd_fb *fb);
void dcd_fb_unref(struct dcd_fb *fb); /* NULL is fine */
/* Drops every id of a client that goes away. */
void dcd_fb_drop_client(struct dcd_client *c);

/* commit.c: configurations */

/* A whole engine state with the framebuffers its planes use, per link. */
struct dcd_plan {
	struct dc_state state;
	struct dcd_fb *primary[DC_MAX_LINKS];
	struct dcd_fb *cursor[DC_MAX_LINKS];
	uint32_t links; /* the links this plan sets (others keep what they show) */
};

int dcd_handle_validate(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err);
int dcd_handle_commit(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err);
/* A parked blocking COMMIT: try to go on (its flips drained, its frame came). */
void dcd_commit_wait_progress(struct dcd_client *c);
void dcd_commit_wait_cancel(struct dcd_client *c);
/*
 * The one way anything reaches the screens: dc_commit of plan, then the
 * framebuffer references, the events, the log line. who names the cause
 * in the log ("client 3 (...)", "idle", "admin uid 0"). changed_by is the
 * client whose own COMMIT this is (it gets no OUTPUT_CHANGED), or NULL.
 */
int dcd_apply(struct dcd *dcd, struct dcd_plan *plan, const char *who,
	      const struct dcd_client *changed_by, struct dc_error *err);
/* A plan that starts as what is on screen now. */
void dcd_plan_current(struct dcd *dcd, struct dcd_plan *plan);
/* The stream of link in state, or NULL. */
struct dc_stream *dcd_state_stream(struct dc_state *state, unsigned link);
/* Sets link's stream in state (s->link): 0, or -ENOSPC with DC_MAX_STREAMS there already. */
int dcd_state_put_stream(struct dc_state *state, const struct dc_stream *s);
/* Takes link's stream out of state (nothing when it has none). */
void dcd_state_remove_stream(struct dc_state *state, unsigned link);
const struct dc_stream *dcd_current_stream(const struct dcd *dcd, unsigned link);
/*
 * Converts a DC failure into an ERROR (status, reason, link, plane,
 * sentence) for client to (NULL: an admin caller). DC's sentence about an
 * output leased by another client is replaced by one naming only its link
 * and the limit, unless to is an admin (docs/protocol.md, "Who sees what").
 */
void dcd_error_from_dc(struct dcd *dcd, const struct dcd_client *to, const struct dc_state *state,
		       int status, const struct dc_error *derr, struct dcp_error *err);
/* The same timing (dc_mode_same_timing: every field but name, type, refresh). */
bool dcd_same_timing(const struct drm_mode_modeinfo *a, const struct drm_mode_modeinfo *b);
/* "3840x2160@60" of a mode, for logs. */
void dcd_mode_name(const struct drm_mode_modeinfo *mode, char *buf, size_t size);

/* output.c: the outputs' state, idle configuration, vblank users, retired planes */
/* The output of link, or NULL when the engine has no such link. */
struct dcd_output *dcd_output(const struct dcd *dcd, unsigned link);
/* Every output of the engine in link order, as o. */
#define dcd_for_each_output(dcd, o) \
	for (struct dcd_output *o = dcd_output((dcd), 0); o; o = dcd_output((dcd), o->link + 1))
/* The outputs of the links the engine just reported: nothing known of them yet. */
void dcd_outputs_init(struct dcd *dcd);
/* At exit: flips cancelled, every framebuffer reference of the outputs dropped. */
void dcd_outputs_free(struct dcd *dcd);
/* o joins lease; a restart reservation of o is over (its lessee is back). */
void dcd_output_lease(struct dcd_output *o, struct dcd_lease *lease);
/* o leaves its lease: its flips cancelled, the idle picture shown next. */
void dcd_output_unlease(struct dcd *dcd, struct dcd_output *o);
/* After a restart, o is held for the client uid with HELLO name name (grace.c). */
void dcd_output_reserve(struct dcd_output *o, uid_t uid, const char *name);
void dcd_output_unreserve(struct dcd_output *o);
/* o is reserved, and not for the client uid with HELLO name name. */
bool dcd_output_reserved_for_other(const struct dcd_output *o, uid_t uid, const char *name);
/* An unleased o shows the idle picture at the next dcd_process (a leased one: nothing). */
void dcd_output_mark_idle(struct dcd *dcd, struct dcd_output *o);
/* Another picture (an admin's, a KMS lessee's) replaces o's pending idle one. */
void dcd_output_cancel_idle(struct dcd_output *o);
/* The primary plane of o shows fb now (a reference taken; the one it left retired). */
void dcd_output_set_scanout(struct dcd *dcd, struct dcd_output *o, struct dcd_fb *fb);
/* The cursor of o is cursor showing fb (the same, a reference taken, the old one retired). */
void dcd_output_set_cursor(struct dcd *dcd, struct dcd_output *o, struct dcd_fb *fb,
			   const struct dc_cursor *cursor);
/* References a restart got back for o's planes (recovery.c); cursor NULL: not whole. */
void dcd_output_adopt(struct dcd_output *o, struct dcd_fb *scanout, struct dcd_fb *cursor_fb,
		      const struct dc_cursor *cursor);
/*
 * The pending flip's framebuffer (its reference) latched at ts_ns: the
 * primary plane shows it and the previous one is released, or it is
 * retired when the plane went off meanwhile. Allocation-free unless the
 * plane went off (the FLIP fast path).
 */
void dcd_output_flip_latched(struct dcd *dcd, struct dcd_output *o, struct dcd_fb *fb,
			     uint64_t ts_ns);
/* c's VBLANK_SUBSCRIBE of o on or off (each client counted once); the interrupt follows. */
void dcd_output_vblank_subscribe(struct dcd_client *c, struct dcd_output *o, bool on);
/* A blocking COMMIT starts or stops waiting for o's next frame; the interrupt follows. */
void dcd_output_vblank_wait(struct dcd *dcd, struct dcd_output *o, bool on);
/* A head-mounted display (dcd.json outputs.NAME.non_desktop, else the EDID). */
bool dcd_output_non_desktop(struct dcd *dcd, unsigned link);
/* Shows the idle configuration on the unleased outputs in links now (or after their flip). */
void dcd_outputs_go_idle(struct dcd *dcd, uint32_t links);
/* Moves a framebuffer reference that left a plane of o to the retired list. */
void dcd_output_retire(struct dcd *dcd, struct dcd_output *o, struct dcd_fb *fb);
/* Releases what waits for nothing any more (output off, frame passed). */
void dcd_output_release_retired(struct dcd *dcd, struct dcd_output *o, uint64_t frame_ns);
/* Turns DC's vblank interrupt on or off as the users of o need it. */
void dcd_output_update_vblank(struct dcd *dcd, struct dcd_output *o);
/* Frame period of the stream on link in ns (0 when off). */
uint64_t dcd_output_frame_ns(const struct dcd *dcd, unsigned link);
/* The active part of a frame, from the end of one vblank to the next's start. */
uint64_t dcd_output_active_ns(const struct dcd *dcd, unsigned link);
/* The sink's own mode that "WxH[i][@R]" names (dc_mode_list_find), or NULL. */
const struct dc_mode *dcd_sink_find_mode(const struct dcd_engine_sink *sink, const char *spec);

/* flip.c: flips, cursor, vblank; the DC callbacks */
int dcd_handle_flip(struct dcd_client *c, const struct dcp_request *req, struct dcp_error *err);
int dcd_handle_cursor_set(struct dcd_client *c, const struct dcp_request *req,
			  struct dcp_error *err);
int dcd_handle_cursor_move(struct dcd_client *c, const struct dcp_request *req,
			   struct dcp_error *err);
int dcd_handle_vblank_subscribe(struct dcd_client *c, const struct dcp_request *req,
				struct dcp_error *err);
/* Cancels the flips of o: ECANCELED to the clients still there. */
void dcd_flips_cancel(struct dcd *dcd, struct dcd_output *o);
/* Sends the vblanks held back while c's queue was not empty. */
void dcd_vblank_flush_held(struct dcd_client *c);
/* Submits queued flips whose pending one completed. */
void dcd_flips_submit_queued(struct dcd *dcd);

/* Checks a link id of a request: it exists and c holds it. */
int dcd_check_leased(struct dcd_client *c, const char *what, uint32_t link, struct dcp_error *err);

#endif
