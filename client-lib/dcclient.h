/*
 * libdcclient: the client library of dcd, the display daemon.
 *
 * A compositor connects to dcd, reads the topology (links, the monitors on
 * them, their modes and planes), leases outputs, creates framebuffers from
 * memfds, validates and commits configurations and flips buffers at vsync.
 * When dcd restarts, the library reconnects by itself and says so.
 * docs/client.md explains how a compositor uses it; man libdcclient(3)
 * lists the functions; docs/protocol.md is the wire protocol underneath.
 *
 * Install: the header is installed as <includedir>/dcd/dcclient.h and
 * `pkg-config --cflags dcclient` adds -I<includedir>/dcd, so programs write
 * `#include <dcclient.h>`. The library is libdcclient.so.0.
 *
 * Objects: every object is opaque and owned by the library or by the
 * caller as each function says. Links, modes and planes belong to the
 * client object and stay valid until dcc_client_destroy() (links) or until
 * the next topology update of their link (modes, planes; see
 * dcc_link_get_mode()). Leases, framebuffers and configurations belong to
 * the caller, who destroys them (before or after the client is destroyed:
 * an object outliving its client is only freed by its destroy function).
 * Every destroy function accepts NULL.
 *
 * Errors: every function that can fail returns 0 (or a count) on success
 * and a negative errno on failure. When dcd refused a request, the return
 * value is dcd's errno (-EINVAL, -EBUSY, -EACCES, ...) and
 * dcc_last_error_text() gives dcd's sentence ("DP-1: 2 lanes x HBR = 8.64
 * Gbit/s effective < 12.54 Gbit/s needed"); dcc_last_error_reason() gives
 * the reason word ("link-bandwidth"). Once the connection is broken (dcd
 * exited, closed the connection or sent a malformed message), every call
 * that needs dcd fails with -ENOTCONN until the library has reconnected:
 * the error is sticky, and dcc_last_error_text() says how the connection
 * ended.
 *
 * Event loop: the library has no threads and never blocks except in the
 * functions documented as blocking. dcc_get_fd() returns one descriptor
 * that stays the same for the lifetime of the client object, even across
 * reconnections (it is an epoll descriptor holding the socket, the
 * reconnection timer and a notifier of queued events). Poll it for
 * readability in any event loop (poll, epoll, sd-event, GLib, a Wayland
 * compositor's loop) and call dcc_dispatch() when it is readable: that
 * reads what dcd sent, runs the callbacks, flushes queued requests and
 * drives reconnection. Nothing else is needed: no timeout to compute, no
 * second descriptor to watch.
 *
 * Callbacks run only inside dcc_dispatch(). Blocking calls made from a
 * callback are allowed; events that arrive while they wait are queued and
 * delivered by the dispatch that is running (or the next one).
 *
 * Threads: a client object and everything created from it must be used by
 * one thread at a time. Different client objects are independent.
 *
 * Symbols: only dcc_* symbols are exported.
 */
#ifndef DCCLIENT_H
#define DCCLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct dcc_client;
struct dcc_link;
struct dcc_mode;
struct dcc_plane;
struct dcc_lease;
struct dcc_fb;
struct dcc_config;

/* ---- constants -------------------------------------------------------- */

/* The two DRM formats every plane of dcd scans out (values of drm_fourcc.h). */
#define DCC_FORMAT_XRGB8888 0x34325258u /* 'XR24' */
#define DCC_FORMAT_ARGB8888 0x34325241u /* 'AR24' (cursors) */

/* Link types; the same numbers as the protocol. */
enum dcc_link_type {
	DCC_LINK_DP = 0,
	DCC_LINK_EDP = 1,
	DCC_LINK_HDMI_A = 2,
	DCC_LINK_DVI_D = 3,
};

enum dcc_connection {
	DCC_DISCONNECTED = 0,
	DCC_CONNECTED = 1,
	DCC_CONNECTION_UNKNOWN = 2,
};

enum dcc_lease_state {
	DCC_LEASE_FREE = 0,	/* nobody holds the link */
	DCC_LEASE_OURS = 1,	/* this client holds it */
	DCC_LEASE_OTHER = 2,	/* another client holds it */
	DCC_LEASE_RESERVED = 3, /* dcd keeps it (configuration, restart grace) */
};

enum dcc_encoding {
	DCC_ENCODING_RGB = 0,
	DCC_ENCODING_YCBCR444 = 1,
	DCC_ENCODING_YCBCR422 = 2,
	DCC_ENCODING_YCBCR420 = 3,
};

enum dcc_plane_type {
	DCC_PLANE_PRIMARY = 0,
	DCC_PLANE_CURSOR = 1,
};

/* Why a lease was revoked (dcc_lease_revoked_fn). */
enum dcc_revoke_reason {
	DCC_REVOKE_ADMIN = 1,
	DCC_REVOKE_SESSION = 2,
	DCC_REVOKE_POLICY = 3,
	DCC_REVOKE_SHUTDOWN = 4,
	DCC_REVOKE_DEVICE_LOST = 5,
};

/* dcc_client_connect() flags. */
#define DCC_CONNECT_NO_RECONNECT 0x1u /* stay disconnected when the connection breaks */

/* dcc_validate() / dcc_commit() flags. */
#define DCC_COMMIT_ALLOW_MODESET 0x1u /* mode changes, outputs on or off */
#define DCC_COMMIT_NONBLOCK	 0x2u /* -EBUSY instead of waiting for pending flips */

/* dcc_flip() flags: exactly one of the two. */
#define DCC_FLIP_VSYNC 0x1u /* at the next vertical blank */
#define DCC_FLIP_ASYNC 0x2u /* at once; may tear */

/* dcc_get_capabilities() bits. */
#define DCC_CAP_LEASES	   0x01u
#define DCC_CAP_FB_MEMFD   0x02u
#define DCC_CAP_FB_DMABUF  0x04u
#define DCC_CAP_ASYNC_FLIP 0x08u
#define DCC_CAP_CURSOR	   0x10u
#define DCC_CAP_VBLANK	   0x20u
#define DCC_CAP_KMS_LEASES 0x40u /* dcc_kms_lease_create works for this client (protocol 1.2) */
#define DCC_CAP_FB_ALLOC   0x80u /* dcc_fb_alloc works (protocol 1.3) */

/* dcc_output_changed_fn changes. */
#define DCC_CHANGE_MODE	 0x1u /* on/off, mode, encoding or depth */
#define DCC_CHANGE_LEASE 0x2u /* lease state */
#define DCC_CHANGE_LINK	 0x4u /* the link was retrained or lost */

/* ---- the client --------------------------------------------------------- */

/*
 * Creates a client object, not yet connected. name (may be NULL:
 * "libdcclient") is shown in dcd's logs and by dcctl; it is cut to 63
 * bytes. It must be printable text (no control characters, C1 controls,
 * U+2028/U+2029 or bidirectional marks; docs/protocol.md): otherwise
 * dcc_client_connect() fails with -EINVAL before sending it. Creates the descriptor dcc_get_fd()
 * returns. 0, -ENOMEM, or the errno of epoll_create1/eventfd/timerfd_create.
 */
int dcc_client_create(const char *name, struct dcc_client **out);

/*
 * Connects to dcd and completes the handshake (HELLO, WELCOME) and the
 * first topology fetch. Blocking. socket_path NULL means the default:
 * $DCD_SOCKET when set (and only there), else $XDG_RUNTIME_DIR/dcd.sock,
 * then /run/dcd/dcd.sock. The path that answered is the one the library
 * reconnects to (dcc_get_socket_path()). flags: DCC_CONNECT_*.
 * Errors: -EISCONN (already connected), -ENOENT / -ECONNREFUSED (no dcd
 * there), -EPROTONOSUPPORT (dcd speaks another major version),
 * -ETIMEDOUT (no answer within 10 s), -EPROTO (malformed answer); the text
 * is in dcc_last_error_text(). On failure the client stays usable for
 * another attempt.
 */
int dcc_client_connect(struct dcc_client *c, const char *socket_path, uint32_t flags);

/*
 * The same over an already connected SOCK_SEQPACKET socket, which the
 * client takes over (and closes, also on failure). Such a client cannot
 * reconnect: after a break it stays at -ENOTCONN. Used by tests and by
 * programs that receive their socket from elsewhere.
 */
int dcc_client_connect_fd(struct dcc_client *c, int fd);

/*
 * Closes the connection (dcd ends this client's leases), frees the client,
 * its links, modes and planes. Leases, framebuffers and configurations not
 * destroyed yet stay allocated until their destroy function is called
 * (they then only free memory). Pending callbacks are not called. NULL is
 * accepted.
 */
void dcc_client_destroy(struct dcc_client *c);

/*
 * The descriptor to poll for readability (POLLIN / EPOLLIN). The same
 * for the client's whole lifetime, valid before connecting; owned by the
 * library (do not close it).
 */
int dcc_get_fd(const struct dcc_client *c);

/*
 * Reads and handles everything dcd sent, sends queued requests, runs the
 * callbacks of events and completed requests, and, when the connection is
 * broken and reconnection is enabled, tries to reconnect (at most one
 * attempt per call, paced by a backoff timer from 10 ms to 1 s and sped up
 * by an inotify watch on the socket's directory). Never waits for dcd,
 * except during a reconnection: the handshake, topology and framebuffer
 * re-creation are a few blocking round trips. Returns 0 while the client
 * is connected or reconnecting; -ENOTCONN when it is disconnected for good
 * (DCC_CONNECT_NO_RECONNECT, a dcc_client_connect_fd() client, or never
 * connected); -EBUSY when called from inside a callback.
 */
int dcc_dispatch(struct dcc_client *c);

/*
 * Sends requests that did not fit into the socket. dcc_dispatch() also
 * does this (the descriptor becomes readable when the socket drains), so
 * calling it is only needed by loops that want the requests out before
 * they next sleep. 0, -EAGAIN (some are still queued), -ENOTCONN.
 */
int dcc_flush(struct dcc_client *c);

/*
 * Blocking: sends SYNC and waits until dcd answers, so every request sent
 * before has been handled. Events that arrive meanwhile are delivered by
 * the next dcc_dispatch(). 0 or -ENOTCONN / -ETIMEDOUT.
 */
int dcc_roundtrip(struct dcc_client *c);

/* True while connected (after the handshake, until the connection breaks). */
bool dcc_is_connected(const struct dcc_client *c);

/* The socket path in use, or NULL (not connected by path). Owned by c. */
const char *dcc_get_socket_path(const struct dcc_client *c);

/* From dcd's WELCOME (0 / "" before the first connection). */
const char *dcc_get_server_name(const struct dcc_client *c); /* "dcd 0.1.0" */
uint32_t dcc_get_capabilities(const struct dcc_client *c);   /* DCC_CAP_* */
uint64_t dcc_get_instance(const struct dcc_client *c);	     /* new at every dcd start */
uint32_t dcc_get_client_id(const struct dcc_client *c);	     /* as dcctl shows this client */

/*
 * The sentence explaining the last failed call on this client (dcd's
 * text for refused requests, the library's otherwise). Every call that
 * needs dcd clears it when it starts, so after such a call succeeded it
 * is "". Valid until the next call on c. Never NULL.
 */
const char *dcc_last_error_text(const struct dcc_client *c);

/*
 * The reason word dcd gave for the last refused request ("argument",
 * "link-bandwidth", "lease-busy", ...; docs/protocol.md lists them), or
 * NULL when the last failure was not dcd's refusal.
 */
const char *dcc_last_error_reason(const struct dcc_client *c);

enum dcc_log_level {
	DCC_LOG_ERROR = 0,
	DCC_LOG_INFO = 1,
	DCC_LOG_DEBUG = 2,
};

typedef void (*dcc_log_fn)(struct dcc_client *c, enum dcc_log_level level, const char *text,
			   void *data);

/*
 * The library prints nothing; with a handler it reports what it does
 * (reconnection attempts, ignored messages). fn NULL removes the handler.
 */
void dcc_set_log_handler(struct dcc_client *c, dcc_log_fn fn, void *data);

/* ---- event callbacks (set any time; fn NULL removes) -------------------- */

/*
 * A link's connection changed (a monitor was plugged or unplugged). Called
 * after the library has fetched the new topology, so the link's modes and
 * monitor are current.
 */
typedef void (*dcc_hotplug_fn)(struct dcc_client *c, struct dcc_link *link, void *data);
void dcc_set_hotplug_handler(struct dcc_client *c, dcc_hotplug_fn fn, void *data);

/*
 * What a link shows changed for a reason other than this client's commit
 * (another client, an admin, a lease change, link retraining). The link's
 * getters already return the new state. changes: DCC_CHANGE_*.
 */
typedef void (*dcc_output_changed_fn)(struct dcc_client *c, struct dcc_link *link, uint32_t changes,
				      void *data);
void dcc_set_output_changed_handler(struct dcc_client *c, dcc_output_changed_fn fn, void *data);

/*
 * dcd ended a lease without being asked (an admin, the session, the
 * configuration, shutdown). The lease is inactive; its links are blanked;
 * its pending flips complete with -ECANCELED. The caller still destroys the
 * lease object. reason: enum dcc_revoke_reason; text: dcd's sentence.
 */
typedef void (*dcc_lease_revoked_fn)(struct dcc_client *c, struct dcc_lease *lease, int reason,
				     const char *text, void *data);
void dcc_set_lease_revoked_handler(struct dcc_client *c, dcc_lease_revoked_fn fn, void *data);

/* A vertical blank on a link subscribed with dcc_vblank_subscribe(). skipped
 * counts vblanks merged into this one because the client read slowly. */
typedef void (*dcc_vblank_fn)(struct dcc_client *c, struct dcc_link *link, uint64_t sequence,
			      uint64_t timestamp_ns, uint32_t skipped, void *data);
void dcc_set_vblank_handler(struct dcc_client *c, dcc_vblank_fn fn, void *data);

/*
 * dcd refused a request nobody waits for: one sent without a reply
 * (dcc_cursor_move, dcc_cursor_set, dcc_vblank_subscribe, the release of
 * a destroyed lease or framebuffer). status: negative errno; reason, text
 * as dcc_last_error_reason/_text.
 */
typedef void (*dcc_error_fn)(struct dcc_client *c, int status, const char *reason, const char *text,
			     void *data);
void dcc_set_error_handler(struct dcc_client *c, dcc_error_fn fn, void *data);

/*
 * The connection broke. status: -ECONNRESET (dcd went away), -EPROTO (a
 * malformed message; text says what), -ETIMEDOUT. Every lease is
 * inactive, every framebuffer id is gone, pending flips and commits have
 * completed with -ENOTCONN (their callbacks ran before this one). Unless
 * reconnection is disabled, the library now waits for dcd to come back.
 */
typedef void (*dcc_disconnected_fn)(struct dcc_client *c, int status, const char *text, void *data);
void dcc_set_disconnected_handler(struct dcc_client *c, dcc_disconnected_fn fn, void *data);

/*
 * The library reconnected. Done before this call: the handshake, a fresh
 * topology (the same dcc_link objects, matched by link id), every
 * framebuffer created again from the descriptor the library keeps (the
 * same dcc_fb objects with new ids), and, when auto-restore is on (see
 * dcc_set_auto_restore), dcc_restore(). restarted: dcd's instance changed
 * (a new dcd process), as opposed to a lost connection to the same one.
 * Without auto-restore the application leases again (dcc_lease_create)
 * and commits, or calls dcc_restore(); then it resumes flipping.
 */
typedef void (*dcc_reconnected_fn)(struct dcc_client *c, bool restarted, void *data);
void dcc_set_reconnected_handler(struct dcc_client *c, dcc_reconnected_fn fn, void *data);

/* ---- topology ------------------------------------------------------------- */

/*
 * Blocking: fetches the topology again (the library also does it by
 * itself after a hotplug and at connection). Link objects are updated in
 * place. 0, -ENOTCONN, -ETIMEDOUT.
 */
int dcc_refresh_topology(struct dcc_client *c);

/* The links dcd reported, in link id order; index < dcc_get_link_count(). */
unsigned dcc_get_link_count(const struct dcc_client *c);
struct dcc_link *dcc_get_link(const struct dcc_client *c, unsigned index);
/* By name ("DP-1", "HDMI-A-1"), or NULL. */
struct dcc_link *dcc_find_link(const struct dcc_client *c, const char *name);

uint32_t dcc_link_get_id(const struct dcc_link *link);
const char *dcc_link_get_name(const struct dcc_link *link); /* "DP-1" */
enum dcc_link_type dcc_link_get_type(const struct dcc_link *link);
enum dcc_connection dcc_link_get_connection(const struct dcc_link *link);
enum dcc_lease_state dcc_link_get_lease_state(const struct dcc_link *link);
/* True when the link shows something now (by anyone). */
bool dcc_link_is_active(const struct dcc_link *link);
/* The mode shown now, or NULL when inactive. Valid as dcc_link_get_mode(). */
const struct dcc_mode *dcc_link_get_current_mode(const struct dcc_link *link);

/*
 * The monitor's modes this link can show (dcd leaves out what the link
 * cannot carry and interlaced modes), preferred first. Mode (and plane) pointers stay
 * valid until the link's next topology update, which happens in
 * dcc_dispatch() before the hotplug or reconnected callback, and in
 * dcc_refresh_topology(): copy what you keep longer (dcc_config copies the
 * mode it is given).
 */
unsigned dcc_link_get_mode_count(const struct dcc_link *link);
const struct dcc_mode *dcc_link_get_mode(const struct dcc_link *link, unsigned index);
/* The monitor's preferred mode (the first one), or NULL when it has none. */
const struct dcc_mode *dcc_link_get_preferred_mode(const struct dcc_link *link);
/* True when the monitor had more modes than the protocol carries (512). */
bool dcc_link_modes_truncated(const struct dcc_link *link);

/*
 * A head-mounted display (VR headset: its EDID's Microsoft VSDB or DisplayID
 * use case, a known headset, or dcd.json's non_desktop): dcd leaves it dark
 * while idle and dcc_lease_create_desktop() skips it; lease it by name.
 * False when disconnected or when dcd speaks protocol 1.0.
 */
bool dcc_link_is_non_desktop(const struct dcc_link *link);
/*
 * The refresh range a stream with variable refresh may vary in (DP
 * Adaptive-Sync; dcc_config_set_vrr): true with the range, false (0, 0)
 * when the monitor or link cannot. NULL pointers are skipped.
 */
bool dcc_link_get_vrr_range(const struct dcc_link *link, uint32_t *min_hz, uint32_t *max_hz);

/* The monitor (empty strings and zeros when disconnected). */
const char *dcc_link_get_monitor_name(const struct dcc_link *link);
const char *dcc_link_get_vendor(const struct dcc_link *link); /* PNP id, "DEL" */
uint16_t dcc_link_get_product(const struct dcc_link *link);
/* 0 unless this client is an admin of dcd or holds the link's lease. */
uint32_t dcc_link_get_serial(const struct dcc_link *link);
void dcc_link_get_physical_size(const struct dcc_link *link, uint32_t *width_mm,
				uint32_t *height_mm);
unsigned dcc_link_get_max_bpc(const struct dcc_link *link);   /* 0: unknown */
uint32_t dcc_link_get_encodings(const struct dcc_link *link); /* bit (1 << dcc_encoding) */

unsigned dcc_link_get_plane_count(const struct dcc_link *link);
const struct dcc_plane *dcc_link_get_plane(const struct dcc_link *link, unsigned index);
enum dcc_plane_type dcc_plane_get_type(const struct dcc_plane *plane);
void dcc_plane_get_max_size(const struct dcc_plane *plane, uint32_t *width, uint32_t *height);
unsigned dcc_plane_get_format_count(const struct dcc_plane *plane);
uint32_t dcc_plane_get_format(const struct dcc_plane *plane, unsigned index); /* DRM fourcc */
unsigned dcc_plane_get_modifier_count(const struct dcc_plane *plane);
uint64_t dcc_plane_get_modifier(const struct dcc_plane *plane, unsigned index);

/* Mode timing, as in DRM's struct drm_mode_modeinfo. */
uint32_t dcc_mode_get_width(const struct dcc_mode *mode);
uint32_t dcc_mode_get_height(const struct dcc_mode *mode);
uint32_t dcc_mode_get_refresh_mhz(const struct dcc_mode *mode); /* exact, millihertz */
uint32_t dcc_mode_get_clock_khz(const struct dcc_mode *mode);
void dcc_mode_get_htiming(const struct dcc_mode *mode, uint32_t *sync_start, uint32_t *sync_end,
			  uint32_t *total);
void dcc_mode_get_vtiming(const struct dcc_mode *mode, uint32_t *sync_start, uint32_t *sync_end,
			  uint32_t *total);
uint32_t dcc_mode_get_flags(const struct dcc_mode *mode); /* DRM_MODE_FLAG_* */
bool dcc_mode_is_preferred(const struct dcc_mode *mode);

/* ---- leases ----------------------------------------------------------------- */

/*
 * Blocking: leases count links (1-16) together. All or nothing: -EBUSY
 * (reason "lease-busy") when one is held by another client or reserved,
 * -EPERM when dcd's configuration does not allow it, -EINVAL for a bad
 * list. The caller owns *out and destroys it with dcc_lease_destroy().
 */
int dcc_lease_create(struct dcc_client *c, struct dcc_link *const *links, unsigned count,
		     struct dcc_lease **out);

/*
 * Blocking: leases every connected output that no other client holds,
 * except head-mounted displays (dcc_link_is_non_desktop), as one lease.
 * -ENODEV when there is none; otherwise as dcc_lease_create().
 */
int dcc_lease_create_desktop(struct dcc_client *c, struct dcc_lease **out);

/*
 * Releases the lease (when still active; dcd blanks its links) and frees
 * it. Does not wait; a refusal reaches the error handler. NULL is accepted.
 */
void dcc_lease_destroy(struct dcc_lease *lease);

/* False once revoked, released, or lost with the connection. */
bool dcc_lease_is_active(const struct dcc_lease *lease);
uint32_t dcc_lease_get_id(const struct dcc_lease *lease); /* dcd's id, 0 when inactive */
unsigned dcc_lease_get_link_count(const struct dcc_lease *lease);
struct dcc_link *dcc_lease_get_link(const struct dcc_lease *lease, unsigned index);

/* ---- KMS leases -------------------------------------------------------------- */

/*
 * Blocking: a DRM lease of the outputs named (LINK_INFO's names,
 * "Virtual-1", "HDMI-A-1"), like AGL's drm-lease-manager: the return
 * value is the lessee's DRM fd (close-on-exec; the caller owns it) holding
 * each output's connector, CRTC, primary and cursor plane, for plain
 * libdrm. Needs dcd --kms and a client dcd.json's "kms_lease" allows
 * (DCC_CAP_KMS_LEASES in dcc_get_capabilities). lease_id (may be NULL):
 * dcd's id, for dcc_kms_lease_release and dcctl. name (may be NULL):
 * "card0-Virtual-1" (several outputs joined by '+'). Errors: -EOPNOTSUPP
 * (a Display Core dcd, or a dcd older than protocol 1.2), -EPERM, -ENOENT
 * (no such output), -EBUSY (leased by another client), -EDQUOT (lease
 * budget); dcc_get_error_text says why. The lease ends with
 * dcc_kms_lease_release, with the connection, or when an admin revokes
 * it: then the fd sees none of its objects and its commits fail.
 */
int dcc_kms_lease_create(struct dcc_client *c, const char *const *outputs, unsigned count,
			 uint32_t *lease_id, char *name, size_t name_size);
/* Blocking: ends KMS lease lease_id; dcd switches its outputs off. */
int dcc_kms_lease_release(struct dcc_client *c, uint32_t lease_id);

/* ---- framebuffers ----------------------------------------------------------- */

/*
 * Blocking: makes a framebuffer of fd (a memfd sealed with F_SEAL_SHRINK)
 * holding a format's planes at offsets with pitches (arrays of 4; unused
 * entries 0). The library keeps a duplicate of fd (the caller keeps and
 * may close its own) so it can create the framebuffer again after a dcd
 * restart. A linear dma-buf is taken where dcd advertises DCC_CAP_FB_DMABUF
 * (dcd --kms). Errors: -EINVAL with reasons "fb-format", "fb-layout", "fb-fd",
 * "fb-unsealed", "fb-too-small"; -EOPNOTSUPP "fb-fd" for a dma-buf (dcd
 * does not advertise DCC_CAP_FB_DMABUF); -EDQUOT (too many); -ENOTCONN.
 */
int dcc_fb_create(struct dcc_client *c, int fd, uint32_t format, uint32_t width, uint32_t height,
		  const uint32_t pitches[4], const uint32_t offsets[4], struct dcc_fb **out);

/*
 * Blocking: allocates a single-plane framebuffer for CPU drawing: a memfd
 * (MFD_ALLOW_SEALING) of pitch x height bytes, the pitch rounded up to 256
 * bytes as the display engine requires, sealed against shrinking, growing
 * and further seals, mapped read-write (dcc_fb_get_data), zero-filled, and
 * registered with dcd. Errors as dcc_fb_create(), -ENOMEM, -EINVAL for a
 * format with more than one plane.
 */
int dcc_fb_create_memfd(struct dcc_client *c, uint32_t format, uint32_t width, uint32_t height,
			struct dcc_fb **out);

/*
 * Tells dcd the framebuffer is gone (without waiting; it may still be on
 * screen: dcd keeps the memory until scanout moved off it), unmaps and
 * closes what the library holds, and frees the object. Configurations
 * that use it lose the reference (committing them then fails with
 * -ENOENT). NULL is accepted.
 */
void dcc_fb_destroy(struct dcc_fb *fb);

/*
 * Blocking (protocol 1.3, DCC_CAP_FB_ALLOC): dcd allocates a linear
 * single-plane framebuffer the display engine scans out as it is, and the
 * library maps it read-write (dcc_fb_get_data; dcc_fb_get_pitch gives the
 * engine's pitch). On dcd --kms it is a dumb buffer of the DRM device
 * shared as a dma-buf: flips show the very memory drawn into, no copy;
 * bracket CPU access with dcc_fb_begin_access / dcc_fb_end_access. On
 * Display Core it is a sealed memfd. The framebuffer is created again
 * after a dcd restart from the same fd, like dcc_fb_create's (a dma-buf
 * only where the new dcd imports dma-bufs). Errors: -EOPNOTSUPP (no
 * FB_ALLOC), -EINVAL "fb-format" or "fb-layout" (a format or size the
 * engine does not allocate: KMS allocates XRGB8888 and ARGB8888), -EDQUOT
 * (count or byte budgets, dcd's sentence names them), -ENOTCONN.
 */
int dcc_fb_alloc(struct dcc_client *c, uint32_t format, uint32_t width, uint32_t height,
		 struct dcc_fb **out);

/*
 * Blocking: a framebuffer of a dma-buf (from GBM, Vulkan, a DRM device)
 * with a format modifier (0: DRM_FORMAT_MOD_LINEAR; others need protocol
 * 1.3), planes as dcc_fb_create. Needs DCC_CAP_FB_DMABUF (dcd --kms,
 * which imports it with PRIME; dcd never maps a dma-buf). Errors: as
 * dcc_fb_create, -EOPNOTSUPP without DCC_CAP_FB_DMABUF, -EINVAL when fd is
 * not a dma-buf, and dcd's sentence when the device cannot import it
 * (reason "fb-modifier", "fb-layout").
 */
int dcc_fb_create_dmabuf(struct dcc_client *c, int fd, uint32_t format, uint64_t modifier,
			 uint32_t width, uint32_t height, const uint32_t pitches[4],
			 const uint32_t offsets[4], struct dcc_fb **out);

/*
 * Around CPU drawing into dcc_fb_get_data of a dma-buf framebuffer:
 * DMA_BUF_IOCTL_SYNC start and end (read-write), so caches agree with the
 * device. 0 or -errno; nothing to do (0) on a memfd.
 */
int dcc_fb_begin_access(struct dcc_fb *fb);
int dcc_fb_end_access(struct dcc_fb *fb);
/* Whether the framebuffer's memory is a dma-buf (dcc_fb_alloc on dcd --kms). */
bool dcc_fb_is_dmabuf(const struct dcc_fb *fb);

/* The mapping of dcc_fb_create_memfd and dcc_fb_alloc (NULL for dcc_fb_create). */
void *dcc_fb_get_data(const struct dcc_fb *fb);
uint32_t dcc_fb_get_pitch(const struct dcc_fb *fb, unsigned plane);
uint64_t dcc_fb_get_size(const struct dcc_fb *fb); /* bytes the layout needs */
uint32_t dcc_fb_get_width(const struct dcc_fb *fb);
uint32_t dcc_fb_get_height(const struct dcc_fb *fb);
uint32_t dcc_fb_get_format(const struct dcc_fb *fb);
uint32_t dcc_fb_get_id(const struct dcc_fb *fb); /* dcd's id; 0 while disconnected */

/* ---- configurations ----------------------------------------------------------- */

/*
 * A configuration: for some links, what each should show. Built with the
 * setters, then validated or committed; reusable and changeable. Links
 * not in the configuration keep what they show. Owned by the caller.
 */
int dcc_config_create(struct dcc_client *c, struct dcc_config **out);
void dcc_config_destroy(struct dcc_config *config);

/*
 * Switches link on with mode (copied) showing fb (may be NULL: only the
 * blank color) scaled to the whole active area; RGB, 8 bits per
 * component, black blank color, no cursor. Replaces what the configuration
 * had for the link. -EINVAL for a NULL link or mode, or a link or fb of
 * another client; -ENOSPC past 16 links.
 */
int dcc_config_set_output(struct dcc_config *config, struct dcc_link *link,
			  const struct dcc_mode *mode, struct dcc_fb *fb);

/* Switches link off. -EINVAL, -ENOSPC as above. */
int dcc_config_disable_output(struct dcc_config *config, struct dcc_link *link);

/*
 * The following change an output already set with dcc_config_set_output
 * (-ENOENT otherwise). Source coordinates are 16.16 fixed point in
 * framebuffer pixels, destination in pixels of the active area.
 */
int dcc_config_set_pixel_format(struct dcc_config *config, struct dcc_link *link,
				enum dcc_encoding encoding, unsigned bpc);
int dcc_config_set_blank_color(struct dcc_config *config, struct dcc_link *link, uint32_t xrgb);
int dcc_config_set_primary(struct dcc_config *config, struct dcc_link *link, struct dcc_fb *fb,
			   uint32_t src_x, uint32_t src_y, uint32_t src_w, uint32_t src_h,
			   int32_t dst_x, int32_t dst_y, uint32_t dst_w, uint32_t dst_h);
/*
 * Variable refresh on an output set with dcc_config_set_output (DRM's
 * VRR_ENABLED): each frame lasts until the next flip, between the mode's
 * refresh and the monitor's minimum (dcc_link_get_vrr_range). Turning it
 * on or off is a modeset. Below the minimum the last buffer shows again;
 * low-framerate compensation (flipping a buffer twice) is the caller's.
 * -EOPNOTSUPP when dcd speaks protocol 1.0; dcd refuses a commit whose
 * monitor or link cannot (reason "vrr").
 */
int dcc_config_set_vrr(struct dcc_config *config, struct dcc_link *link, bool enable);
/* fb NULL: no cursor. x, y: where the hot spot is; hot_x, hot_y: in the image. */
int dcc_config_set_cursor(struct dcc_config *config, struct dcc_link *link, struct dcc_fb *fb,
			  int32_t x, int32_t y, uint32_t hot_x, uint32_t hot_y);

/*
 * Blocking: asks dcd whether dcc_commit would succeed with these flags
 * now; changes nothing. 0, or dcd's errno with its reason and sentence
 * (dcc_last_error_text).
 */
int dcc_validate(struct dcc_client *c, const struct dcc_config *config, uint32_t flags);

/* status 0 or a negative errno; reason and text as dcc_last_error_*(). */
typedef void (*dcc_commit_done_fn)(struct dcc_client *c, int status, const char *reason,
				   const char *text, void *data);

/*
 * Sends the configuration (all or nothing) without waiting; done (may be
 * NULL) runs when dcd answered: without DCC_COMMIT_NONBLOCK once the
 * configuration is on screen. The library remembers each link's committed
 * output (and, after each completed flip, its framebuffer) for
 * dcc_restore(). 0 when sent; -EINVAL / -ENOENT when the configuration
 * cannot be encoded (text says why); -ENOTCONN.
 */
int dcc_commit(struct dcc_client *c, const struct dcc_config *config, uint32_t flags,
	       dcc_commit_done_fn done, void *data);

/* Blocking dcc_commit: 0 or dcd's errno (dcc_last_error_text). */
int dcc_commit_sync(struct dcc_client *c, const struct dcc_config *config, uint32_t flags);

/* ---- flips, cursor, vblank ----------------------------------------------------- */

/*
 * A flip completed: status 0 with the link's frame sequence and the
 * CLOCK_MONOTONIC time (ns) scanout of the new frame started; or a
 * negative errno (sequence, timestamp 0): -ECANCELED (output switched off,
 * lease ended), -ENOTCONN (connection lost), dcd's refusal (-EINVAL,
 * -ENOENT, ...).
 */
typedef void (*dcc_flip_done_fn)(struct dcc_client *c, struct dcc_link *link, int status,
				 uint64_t sequence, uint64_t timestamp_ns, void *user_data);

/*
 * Shows fb (same format and size as committed) on link's primary plane at
 * the next vblank (DCC_FLIP_VSYNC) or at once (DCC_FLIP_ASYNC). Does not
 * wait; done (may be NULL) runs exactly once. At most two flips are in
 * flight per link (one waiting for its vblank, one queued behind it):
 * a third gives -EBUSY without asking dcd. -EINVAL for bad flags or
 * objects of another client, -ENOENT for a framebuffer without id,
 * -ENOTCONN.
 */
int dcc_flip(struct dcc_client *c, struct dcc_link *link, struct dcc_fb *fb, uint32_t flags,
	     dcc_flip_done_fn done, void *user_data);

/* Flips sent on link whose callback has not run yet (0-2). */
unsigned dcc_link_get_flips_pending(const struct dcc_link *link);

/*
 * Cursor image (64x64 or 128x128 ARGB8888; NULL hides it) and hot spot;
 * applied at once, never waits for a flip. Sent without a reply: a
 * refusal reaches the error handler. 0 when sent, -ENOTCONN, -EINVAL.
 */
int dcc_cursor_set(struct dcc_client *c, struct dcc_link *link, struct dcc_fb *fb, uint32_t hot_x,
		   uint32_t hot_y);
/* Moves the hot spot to x, y on the active area; as dcc_cursor_set. */
int dcc_cursor_move(struct dcc_client *c, struct dcc_link *link, int32_t x, int32_t y);

/* Starts or stops vblank events for link (dcc_set_vblank_handler); as dcc_cursor_set. */
int dcc_vblank_subscribe(struct dcc_client *c, struct dcc_link *link, bool enable);

/* ---- after a restart ------------------------------------------------------------ */

/*
 * Blocking: puts back what this client had before the connection was
 * lost: leases every link set of its lease objects that are inactive
 * because of the lost connection (not revoked or released ones) again, in
 * place (the same dcc_lease objects get new ids), commits for each leased
 * link the last output it committed with the framebuffer of its last
 * completed flip (first without DCC_COMMIT_ALLOW_MODESET, so what dcd
 * adopted is not blanked, then with it if dcd requires a modeset), and
 * subscribes to vblank events again where it was subscribed. Returns 0
 * when everything was restored, else the first error (the rest is still
 * attempted). -ENOTCONN when not connected.
 */
int dcc_restore(struct dcc_client *c);

/*
 * With enable, every reconnection runs dcc_restore() before the
 * reconnected callback, so an application that only resumes flipping in
 * that callback keeps working across dcd restarts. Off by default.
 */
void dcc_set_auto_restore(struct dcc_client *c, bool enable);

#ifdef __cplusplus
}
#endif

#endif
