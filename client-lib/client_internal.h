/*
 * libdcclient's private structures, shared by its source files:
 *
 *   client.c     the client object, connect, handshake, getters, errors
 *   io.c         sending (with an output queue), receiving, decoding, the
 *                pending-request table and blocking waits
 *   dispatch.c   message handling, the event queue, callbacks, dcc_dispatch
 *   topology.c   links, modes and planes; LINK_INFO into objects
 *   lease.c      leases
 *   fb.c         framebuffers and the sealed-memfd helper
 *   config.c     configurations, validate, commit
 *   flip.c       flips, cursor, vblank subscription
 *   reconnect.c  breaking a connection, backoff and inotify, reconnecting,
 *                dcc_restore
 */
#ifndef DCC_CLIENT_INTERNAL_H
#define DCC_CLIENT_INTERNAL_H

#include <stdarg.h>

#include "dcclient.h"
#include "dcd_protocol.h"

/* Marks the public functions: the only symbols the library exports. */
#define DCC_EXPORT __attribute__((visibility("default")))

/* How long a blocking call waits for dcd before giving up. */
#define DCC_REPLY_TIMEOUT_MS 10000
/* Reconnection backoff: first and longest delay between attempts. */
#define DCC_BACKOFF_MIN_MS   10
#define DCC_BACKOFF_MAX_MS   1000
/* Requests waiting in the output queue before calls fail with -ENOBUFS. */
#define DCC_MAX_QUEUED_BYTES (1024 * 1024)

/* Tags of the descriptors in the client's epoll set. */
enum dcc_source {
	DCC_SRC_SOCKET = 1,
	DCC_SRC_TIMER,
	DCC_SRC_INOTIFY,
	DCC_SRC_EVENTS,
};

struct dcc_mode {
	struct drm_mode_modeinfo info;
	uint32_t refresh_mhz;
	bool preferred;
};

struct dcc_plane {
	struct dcp_plane_info info;
};

/* What the library last committed on a link (for dcc_restore). */
struct dcc_saved_output {
	bool valid;
	struct dcp_output_config out; /* fb ids unused: see the pointers */
	struct dcc_fb *primary_fb;
	struct dcc_fb *cursor_fb;
};

struct dcc_link {
	struct dcc_client *client;
	bool present; /* listed in the last topology */
	uint32_t id;
	uint8_t type, connection, lease_state, flags;
	uint32_t lease_id;
	/* LINK_CAPS (protocol 1.1): DCP_LINK_CAPS_*, variable refresh range */
	uint8_t caps_flags;
	uint16_t vrr_min_hz, vrr_max_hz;
	char name[DCP_MAX_LINK_NAME + 1];
	struct dcp_sink_info sink;
	bool active;
	uint8_t encoding, bpc;
	struct dcc_mode current;
	struct dcc_mode *modes; /* malloc'd, mode_count entries */
	unsigned mode_count;
	struct dcc_plane *planes; /* malloc'd, plane_count entries */
	unsigned plane_count;
	unsigned flips_pending;
	bool vblank_subscribed;
	bool hotplug_seen; /* a HOTPLUG named it: notify after the next fetch */
	struct dcc_saved_output saved;
};

struct dcc_lease {
	struct dcc_client *client; /* NULL once the client is destroyed */
	struct dcc_lease *next;
	uint32_t id;	     /* 0: inactive */
	uint32_t revoked_id; /* the id dcd revoked, for the callback */
	bool lost;	     /* inactive because the connection broke (dcc_restore) */
	unsigned link_count;
	uint32_t links[DCP_MAX_LINKS];
};

struct dcc_fb {
	struct dcc_client *client; /* NULL once the client is destroyed */
	struct dcc_fb *next;
	uint32_t id; /* 0 while disconnected or not re-created */
	int fd;	     /* the library's duplicate */
	void *map;   /* dcc_fb_create_memfd and dcc_fb_alloc only */
	size_t map_size;
	bool dmabuf; /* fd is a dma-buf (DMA_BUF_IOCTL_SYNC around CPU access) */
	uint64_t size;
	struct dcp_fb_create layout;
};

struct dcc_config_output {
	struct dcp_output_config out;
	struct dcc_fb *primary_fb;
	struct dcc_fb *cursor_fb;
};

struct dcc_config {
	struct dcc_client *client; /* NULL once the client is destroyed */
	struct dcc_config *next;
	unsigned count;
	struct dcc_config_output outputs[DCP_MAX_OUTPUTS];
};

/* A request waiting for its answer. */
enum dcc_pending_kind {
	DCC_PENDING_WAIT,     /* a blocking call waits for it */
	DCC_PENDING_COMMIT,   /* dcc_commit's callback */
	DCC_PENDING_FLIP,     /* dcc_flip's callback */
	DCC_PENDING_TOPOLOGY, /* an automatic GET_TOPOLOGY after a hotplug */
};

struct dcc_pending {
	uint32_t serial;
	uint16_t opcode;
	enum dcc_pending_kind kind;
	/* DCC_PENDING_WAIT: filled when the answer arrives. */
	bool done;
	int status;
	uint32_t value; /* LEASE_GRANTED / FB_CREATED / KMS_LEASE_GRANTED id */
	int fd;		/* KMS_LEASE_GRANTED, FB_ALLOCATED: their fd, -1 when none */
	char name[DCP_MAX_LEASE_NAME + 1];
	struct dcp_fb_allocated allocated; /* FB_ALLOCATED (fd: the buffer's) */
	struct dcp_error error;
	/* COMMIT, FLIP */
	dcc_commit_done_fn commit_done;
	dcc_flip_done_fn flip_done;
	void *data;
	struct dcc_link *link;
	struct dcc_fb *fb;
	struct dcc_config_output *saved; /* COMMIT: what to remember (malloc'd) */
	unsigned saved_count;
};

/* A request that did not fit into the socket yet. */
struct dcc_outmsg {
	struct dcc_outmsg *next;
	int fd; /* -1 or a duplicate owned by the queue */
	size_t len;
	uint8_t data[];
};

/* Events and completions, delivered in order by dcc_dispatch. */
enum dcc_event_kind {
	DCC_EV_FLIP,
	DCC_EV_COMMIT,
	DCC_EV_HOTPLUG,
	DCC_EV_OUTPUT_CHANGED,
	DCC_EV_LEASE_REVOKED,
	DCC_EV_VBLANK,
	DCC_EV_ERROR,
	DCC_EV_DISCONNECTED,
	DCC_EV_RECONNECTED,
};

struct dcc_event {
	struct dcc_event *next;
	enum dcc_event_kind kind;
	int status;
	uint32_t link;	   /* link id */
	uint32_t value;	   /* lease id, changes, skipped, restarted, revoke reason */
	uint64_t sequence; /* flip, vblank */
	uint64_t timestamp_ns;
	dcc_flip_done_fn flip_done;
	dcc_commit_done_fn commit_done;
	void *data;
	uint16_t reason; /* enum dcp_reason, 0: none */
	char text[DCP_MAX_TEXT + 1];
};

struct dcc_handlers {
	dcc_hotplug_fn hotplug;
	void *hotplug_data;
	dcc_output_changed_fn output_changed;
	void *output_changed_data;
	dcc_lease_revoked_fn lease_revoked;
	void *lease_revoked_data;
	dcc_vblank_fn vblank;
	void *vblank_data;
	dcc_error_fn error;
	void *error_data;
	dcc_disconnected_fn disconnected;
	void *disconnected_data;
	dcc_reconnected_fn reconnected;
	void *reconnected_data;
	dcc_log_fn log;
	void *log_data;
};

struct dcc_client {
	char name[DCP_MAX_NAME + 1];
	int epfd;    /* what dcc_get_fd returns */
	int sock;    /* -1 while disconnected */
	int timerfd; /* reconnection backoff */
	int eventfd; /* readable while events wait for delivery */
	int inotifyfd;
	int inotify_wd;
	char *path; /* NULL: an fd client, no reconnection */
	bool reconnect;
	bool handshaken;
	bool in_callback;
	bool auto_restore;
	bool reconnecting; /* inside a reconnection attempt: a break is silent */
	unsigned backoff_ms;

	uint32_t next_serial;
	struct dcp_welcome welcome;
	uint32_t generation;
	bool have_topology;

	/* Requests that did not fit into the socket. */
	struct dcc_outmsg *out_head, **out_tail;
	size_t out_bytes;

	/* Receiving: one datagram and its decoded form (both large). */
	uint8_t *rbuf;
	/* descriptors of the message being handled; a handler takes one by setting it -1 */
	int rx_fds[DCP_MAX_FDS];
	unsigned rx_nfds;
	struct dcp_server_msg *msg;

	struct dcc_pending *pending;
	unsigned pending_count, pending_cap;

	/* A GET_TOPOLOGY in flight: the links received so far. */
	uint32_t topo_serial;
	bool topo_notify;	     /* queue hotplug events for changed links */
	struct dcc_link *topo_stage; /* DCP_MAX_LINKS entries, malloc'd */
	bool topo_seen[DCP_MAX_LINKS];
	bool topo_again; /* a hotplug arrived meanwhile: fetch once more */

	struct dcc_link links[DCP_MAX_LINKS];
	struct dcc_lease *leases;
	struct dcc_fb *fbs;
	struct dcc_config *configs;

	struct dcc_event *ev_head, **ev_tail;
	struct dcc_handlers h;

	/* The last failure, for dcc_last_error_*; and why the connection broke. */
	int err_status;
	uint16_t err_reason;
	bool err_from_server;
	char err_text[DCP_MAX_TEXT + 1];
	char broken_text[DCP_MAX_TEXT + 1];
};

/* client.c: errors and logging */
int dcc_fail(struct dcc_client *c, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int dcc_fail_server(struct dcc_client *c, const struct dcp_error *err);
void dcc_clear_error(struct dcc_client *c);
void dcc_log(struct dcc_client *c, enum dcc_log_level level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int dcc_check_connected(struct dcc_client *c);
int dcc_handshake(struct dcc_client *c);

/* io.c */
int dcc_send(struct dcc_client *c, uint16_t opcode, uint16_t flags, const void *body, int fd,
	     uint32_t *serial);
int dcc_flush_queue(struct dcc_client *c);
void dcc_drop_queue(struct dcc_client *c);
int dcc_read_messages(struct dcc_client *c);
struct dcc_pending *dcc_pending_add(struct dcc_client *c, uint32_t serial, uint16_t opcode,
				    enum dcc_pending_kind kind);
struct dcc_pending *dcc_pending_find(struct dcc_client *c, uint32_t serial);
/*
 * Sends a request answered later (no fd) and tracks it before sending: an
 * ENOMEM after sending would leave a request in flight that nothing waits
 * for. The entry of kind, or NULL with the error (already dcc_fail'd) in
 * *ret; nothing is in flight then.
 */
struct dcc_pending *dcc_send_tracked(struct dcc_client *c, uint16_t opcode, const void *body,
				     enum dcc_pending_kind kind, int *ret);
void dcc_pending_remove(struct dcc_client *c, struct dcc_pending *p);
int dcc_wait(struct dcc_client *c, uint32_t serial, struct dcc_pending *result);
int dcc_call(struct dcc_client *c, uint16_t opcode, const void *body, int fd, uint32_t *value);
/* dcc_call with the whole answer (KMS_LEASE_GRANTED: its fd and name; the caller owns the fd). */
int dcc_call_result(struct dcc_client *c, uint16_t opcode, const void *body, int fd,
		    struct dcc_pending *result);
int dcc_epoll_set(struct dcc_client *c, int fd, enum dcc_source src, uint32_t events, bool add);

/* dispatch.c */
void dcc_handle_message(struct dcc_client *c, const uint8_t *buf, size_t len, unsigned nfds);
struct dcc_event *dcc_event_new(struct dcc_client *c, enum dcc_event_kind kind);
void dcc_event_queue(struct dcc_client *c, struct dcc_event *ev);
void dcc_events_free(struct dcc_client *c);
void dcc_pending_fail(struct dcc_client *c, struct dcc_pending *p, const struct dcp_error *e);

/* topology.c */
void dcc_topology_begin(struct dcc_client *c, uint32_t serial, bool notify);
void dcc_topology_link_info(struct dcc_client *c, const struct dcp_link_info *li);
void dcc_topology_link_caps(struct dcc_client *c, const struct dcp_link_caps *lc);
void dcc_topology_done(struct dcc_client *c, const struct dcp_topology_done *td);
void dcc_topology_output_changed(struct dcc_client *c, const struct dcp_output_changed *oc);
int dcc_request_topology(struct dcc_client *c);
void dcc_links_free(struct dcc_client *c);
struct dcc_link *dcc_link_by_id(struct dcc_client *c, uint32_t id);
void dcc_mode_set(struct dcc_mode *m, const struct drm_mode_modeinfo *info, uint32_t mhz);

/* lease.c */
struct dcc_lease *dcc_lease_by_id(struct dcc_client *c, uint32_t id);
void dcc_lease_revoked(struct dcc_client *c, const struct dcp_lease_revoked *lr);
int dcc_lease_renew(struct dcc_lease *lease);

/* fb.c */
int dcc_fb_register(struct dcc_fb *fb);
void dcc_fb_forget_ids(struct dcc_client *c);

/* config.c */
int dcc_config_encode(struct dcc_client *c, const struct dcc_config_output *outs, unsigned count,
		      uint32_t flags, struct dcp_config *wire);
void dcc_config_remember(struct dcc_client *c, const struct dcc_config_output *outs,
			 unsigned count);
void dcc_configs_drop_fb(struct dcc_client *c, struct dcc_fb *fb);

/* reconnect.c */
void dcc_break(struct dcc_client *c, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int dcc_reconnect_tick(struct dcc_client *c);
void dcc_reconnect_stop(struct dcc_client *c);
int dcc_connect_socket(const char *path, int *out);

#endif
