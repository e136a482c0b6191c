/*
 * The dcd socket protocol: message layouts, enums, limits, and the
 * encoder/decoder that turns them into bytes and back.
 *
 * docs/protocol.md is the specification; this header is its C face. The
 * library does no I/O: it reads and writes byte buffers only, so the
 * decoder can be fuzzed by itself. ipc/ moves the bytes (and file
 * descriptors) over SOCK_SEQPACKET sockets.
 *
 * Wire format: every message is one datagram, a 12-byte header followed by
 * a payload of fixed little-endian fields, length-prefixed NUL-terminated
 * UTF-8 strings and count-prefixed arrays. Nothing is a native struct on
 * the wire. The host-side structs below hold decoded values; arrays have
 * fixed capacities (the protocol maxima), strings are copied, so a decoded
 * message owns no memory and borrows nothing from the buffer.
 *
 * Error convention: every function returns 0 or a negative errno. The
 * functions that take a struct dcp_error also fill it with a reason code
 * and one sentence naming the message, the field and the numbers; err may
 * be NULL when the text is not wanted. A decoding failure whose err has
 * DCP_ERROR_FATAL set is a protocol violation (the daemon closes the
 * connection after sending the ERROR); any other failure is an invalid
 * argument the peer can be told about with an ERROR reply.
 */
#ifndef DCD_PROTOCOL_H
#define DCD_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <drm_mode.h>

/* ---- version ----------------------------------------------------------- */

/*
 * The client sends its version in HELLO. The majors must be equal (else
 * ERROR EPROTONOSUPPORT and the connection closes); the connection then
 * speaks minor min(client, server). A minor version only adds messages and
 * capability bits; it never changes the layout of an existing message
 * (that needs a new major). HELLO, WELCOME and ERROR never change.
 *
 * 1.1 adds LINK_CAPS (after each LINK_INFO and HOTPLUG) and the output flag
 * DCP_OUTPUT_VRR; the server sends and accepts them only on 1.1 connections.
 * 1.2 adds KMS_LEASE_REQUEST / KMS_LEASE_GRANTED (a DRM lessee fd by
 * SCM_RIGHTS) and the capability DCP_CAP_KMS_LEASES, only on 1.2
 * connections and only where the engine can make DRM leases.
 * 1.3 adds FB_ALLOC / FB_ALLOCATED (dcd allocates a framebuffer the engine
 * scans out and hands the client its fd) with the capability
 * DCP_CAP_FB_ALLOC, and lets FB_CREATE carry a dma-buf with any explicit
 * modifier where the server announces DCP_CAP_FB_DMABUF. A 1.2 connection
 * never sees FB_ALLOCATED, and its FB_CREATE stays linear.
 */
#define DCP_VERSION_MAJOR 1
#define DCP_VERSION_MINOR 3

/* ---- socket -------------------------------------------------------------- */

#define DCP_SOCKET_SYSTEM "/run/dcd/dcd.sock" /* a daemon running as root */
#define DCP_SOCKET_NAME	  "dcd.sock"	      /* in $XDG_RUNTIME_DIR otherwise */
#define DCP_SOCKET_ENV	  "DCD_SOCKET"	      /* overrides both, for either side */

/*
 * Where a daemon with effective uid euid listens: override if set, else
 * DCP_SOCKET_SYSTEM for root, else xdg_runtime_dir/DCP_SOCKET_NAME.
 * -ENOENT when neither applies, -EINVAL for a relative path,
 * -ENAMETOOLONG when the path does not fit a sockaddr_un.
 */
int dcp_socket_path_server(char *buf, size_t size, uid_t euid, const char *xdg_runtime_dir,
			   const char *override);

/*
 * The n-th path a client tries (n = 0, 1, ...): override alone if set;
 * else xdg_runtime_dir/DCP_SOCKET_NAME (a daemon of this user), then
 * DCP_SOCKET_SYSTEM. -ENOENT after the last one; errors as above.
 */
int dcp_socket_path_client(char *buf, size_t size, unsigned n, const char *xdg_runtime_dir,
			   const char *override);

/* ---- header ---------------------------------------------------------------- */

/*
 * Bytes 0-1 opcode, 2-3 flags, 4-7 length of the whole message (header
 * included; must equal the datagram size), 8-11 serial.
 */
#define DCP_HEADER_SIZE 12

/*
 * Header flags. NO_REPLY asks the server not to send OK on success (errors
 * are still sent); it is accepted only on requests whose success reply is
 * OK. Every other bit is reserved and must be zero.
 */
#define DCP_HEADER_NO_REPLY 0x0001u

struct dcp_header {
	uint16_t opcode;
	uint16_t flags;
	uint32_t length;
	/*
	 * Requests: chosen by the client, never 0. Replies echo the request's.
	 * FLIP_DONE carries its FLIP's serial. Other events carry 0.
	 */
	uint32_t serial;
};

/* ---- opcodes --------------------------------------------------------------- */

/* Client requests 0x0001-0x00ff, server replies 0x0101-0x01ff, events 0x0201-0x02ff. */
enum dcp_opcode {
	DCP_REQ_HELLO = 0x0001,
	DCP_REQ_SYNC = 0x0002,
	DCP_REQ_GET_TOPOLOGY = 0x0003,
	DCP_REQ_LEASE_REQUEST = 0x0004,
	DCP_REQ_LEASE_RELEASE = 0x0005,
	DCP_REQ_FB_CREATE = 0x0006,
	DCP_REQ_FB_DESTROY = 0x0007,
	DCP_REQ_VALIDATE = 0x0008,
	DCP_REQ_COMMIT = 0x0009,
	DCP_REQ_FLIP = 0x000a,
	DCP_REQ_CURSOR_SET = 0x000b,
	DCP_REQ_CURSOR_MOVE = 0x000c,
	DCP_REQ_VBLANK_SUBSCRIBE = 0x000d,
	DCP_REQ_KMS_LEASE_REQUEST = 0x000e, /* 1.2 */
	DCP_REQ_FB_ALLOC = 0x000f,	    /* 1.3 */

	DCP_REPLY_ERROR = 0x0101,
	DCP_REPLY_WELCOME = 0x0102,
	DCP_REPLY_OK = 0x0103,
	DCP_REPLY_LINK_INFO = 0x0104,
	DCP_REPLY_TOPOLOGY_DONE = 0x0105,
	DCP_REPLY_LEASE_GRANTED = 0x0106,
	DCP_REPLY_FB_CREATED = 0x0107,
	DCP_REPLY_LINK_CAPS = 0x0108,	      /* 1.1; also sent as an event (serial 0) */
	DCP_REPLY_KMS_LEASE_GRANTED = 0x0109, /* 1.2; carries the lessee's DRM fd */
	DCP_REPLY_FB_ALLOCATED = 0x010a,      /* 1.3; carries the framebuffer's fd */

	DCP_EVENT_HOTPLUG = 0x0201,
	DCP_EVENT_FLIP_DONE = 0x0202,
	DCP_EVENT_VBLANK = 0x0203,
	DCP_EVENT_LEASE_REVOKED = 0x0204,
	DCP_EVENT_OUTPUT_CHANGED = 0x0205,
};

#define DCP_OPCODE_REQUEST(op) ((op) >= 0x0001 && (op) <= 0x00ff)
#define DCP_OPCODE_REPLY(op)   ((op) >= 0x0101 && (op) <= 0x01ff)
#define DCP_OPCODE_EVENT(op)   ((op) >= 0x0201 && (op) <= 0x02ff)

/* "FLIP", "LINK_INFO", ...; NULL for an opcode this version does not know. */
const char *dcp_opcode_name(uint16_t opcode);
/* File descriptors a message carries (FB_CREATE: 1), or -EPROTO when unknown. */
int dcp_opcode_nfds(uint16_t opcode);

/* ---- limits ---------------------------------------------------------------- */

/* Protocol maxima: fixed by the version, the capacities of the structs below. */
#define DCP_MAX_MESSAGE_SIZE 65536 /* any message, either direction */
#define DCP_MAX_FDS	     4	   /* fds the receiver makes room for; v1 sends <= 1 */
#define DCP_MAX_NAME	     63	   /* client and server names */
#define DCP_MAX_TEXT	     255   /* error and revoke reasons */
#define DCP_MAX_LINK_NAME    31	   /* "HDMI-A-1" */
#define DCP_MAX_VENDOR	     3	   /* EDID PNP ID "DEL" */
#define DCP_MAX_MONITOR_NAME 31
#define DCP_MAX_LEASE_NAME   63 /* "card0-Virtual-1" (KMS_LEASE_GRANTED) */
#define DCP_MAX_LINKS	     16 /* link ids are 0..15 */
#define DCP_MAX_OUTPUTS	     DCP_MAX_LINKS
#define DCP_MAX_MODES	     512 /* modes in one LINK_INFO */
#define DCP_MAX_PLANES	     4
#define DCP_MAX_FORMATS	     64
#define DCP_MAX_MODIFIERS    16
#define DCP_MAX_FB_PLANES    4
#define DCP_MAX_FB_DIM	     16384
#define DCP_MAX_FB_PITCH     262144u
#define DCP_MAX_FB_BYTES     0xffffffffull /* offset + pitch x height, any fb plane */

/* Per-client limits: the defaults, changed by the daemon's configuration. */
#define DCP_DEFAULT_MAX_REQUEST_SIZE 8192 /* bytes of one client message */
#define DCP_DEFAULT_MAX_FDS	     1	  /* fds on one client message */
#define DCP_DEFAULT_MAX_FRAMEBUFFERS 64
#define DCP_DEFAULT_MAX_QUEUED_BYTES (1024 * 1024) /* server output not yet read */
#define DCP_DEFAULT_MAX_CLIENTS	     32

/* ---- enums shared with D-Bus and the daemon ------------------------------- */
/*
 * Values are wire values and never change. Where a Display Core enum
 * exists (dc.h) the values are the same numbers; tests/unit check it.
 */

enum dcp_link_type { /* = enum dc_link_type */
	DCP_LINK_DP = 0,
	DCP_LINK_EDP = 1,
	DCP_LINK_HDMI_A = 2,
	DCP_LINK_DVI_D = 3,
};
#define DCP_LINK_TYPE_COUNT 4

enum dcp_connection {
	DCP_DISCONNECTED = 0,
	DCP_CONNECTED = 1,
	DCP_CONNECTION_UNKNOWN = 2, /* not detected yet */
};
#define DCP_CONNECTION_COUNT 3

enum dcp_lease_state {
	DCP_LEASE_FREE = 0,	/* may be leased */
	DCP_LEASE_OURS = 1,	/* leased by the client receiving the message */
	DCP_LEASE_OTHER = 2,	/* leased by another client */
	DCP_LEASE_RESERVED = 3, /* held by the daemon (configuration, restart grace) */
};
#define DCP_LEASE_STATE_COUNT 4

enum dcp_pixel_encoding { /* = enum dc_pixel_encoding */
	DCP_ENCODING_RGB = 0,
	DCP_ENCODING_YCBCR444 = 1,
	DCP_ENCODING_YCBCR422 = 2,
	DCP_ENCODING_YCBCR420 = 3,
};
#define DCP_ENCODING_COUNT 4

enum dcp_plane_type {
	DCP_PLANE_PRIMARY = 0,
	DCP_PLANE_CURSOR = 1,
};
#define DCP_PLANE_TYPE_COUNT 2

/* FLIP flags: exactly one of VSYNC and ASYNC. */
#define DCP_FLIP_VSYNC 0x1u /* at the next vblank (= DC_FLIP_VSYNC) */
#define DCP_FLIP_ASYNC 0x2u /* as soon as possible, may tear (= DC_FLIP_IMMEDIATE) */

/* VALIDATE and COMMIT flags. */
#define DCP_COMMIT_ALLOW_MODESET 0x1u /* mode, enable or link changes allowed */
#define DCP_COMMIT_NONBLOCK	 0x2u /* EBUSY instead of waiting; reply once programmed */

/* Per-output flags in a configuration. */
#define DCP_OUTPUT_ENABLED 0x1u
#define DCP_OUTPUT_PRIMARY 0x2u /* the primary plane shows a framebuffer */
#define DCP_OUTPUT_CURSOR  0x4u
#define DCP_OUTPUT_VRR	   0x8u /* 1.1: variable refresh (the link's LINK_CAPS range) */

/* OUTPUT_CHANGED: what changed. */
#define DCP_CHANGE_MODE	 0x1u /* enabled, mode, encoding or depth */
#define DCP_CHANGE_LEASE 0x2u /* lease state */
#define DCP_CHANGE_LINK	 0x4u /* link retrained or lost */

/* LINK_INFO flags. */
#define DCP_LINK_MODES_TRUNCATED 0x1u /* the sink has more than DCP_MAX_MODES modes */

/* LINK_CAPS flags. */
#define DCP_LINK_CAPS_NON_DESKTOP 0x1u /* a head-mounted display: lit only when named */

/* WELCOME capability bits. */
#define DCP_CAP_LEASES	   0x01u
#define DCP_CAP_FB_MEMFD   0x02u
#define DCP_CAP_FB_DMABUF  0x04u
#define DCP_CAP_ASYNC_FLIP 0x08u
#define DCP_CAP_CURSOR	   0x10u
#define DCP_CAP_VBLANK	   0x20u
/* 1.2: KMS_LEASE_REQUEST works (dcd drives the kernel's KMS and the client may ask). */
#define DCP_CAP_KMS_LEASES 0x40u
/* 1.3: FB_ALLOC works (dcd allocates scanout buffers for the client to draw into). */
#define DCP_CAP_FB_ALLOC   0x80u

/*
 * Why a request failed: ERROR's reason. 1-18 are the Display Core's
 * validation codes (the same numbers as enum dc_error_code); 64 and up
 * belong to the protocol and the daemon.
 */
enum dcp_reason {
	DCP_REASON_NONE = 0,
	DCP_REASON_INVALID = 1,
	DCP_REASON_NOT_CONNECTED = 2,
	DCP_REASON_MODE = 3,
	DCP_REASON_TIMING_GENERATOR = 4,
	DCP_REASON_STREAM_ENCODER = 5,
	DCP_REASON_CLOCK_SOURCE = 6,
	DCP_REASON_AUDIO = 7,
	DCP_REASON_TMDS_CLOCK = 8,
	DCP_REASON_SINK_TMDS = 9,
	DCP_REASON_DONGLE = 10,
	DCP_REASON_LINK_BANDWIDTH = 11,
	DCP_REASON_DISPLAY_CLOCK = 12,
	DCP_REASON_MEMORY_BANDWIDTH = 13,
	DCP_REASON_PLANE_FORMAT = 14,
	DCP_REASON_PLANE_SIZE = 15,
	DCP_REASON_SCALER = 16,
	DCP_REASON_CURSOR = 17,
	DCP_REASON_LINK_TRAINING = 18,
	DCP_REASON_VRR = 19, /* 1.1: variable refresh the sink or link cannot do */

	DCP_REASON_PROTOCOL = 64,	  /* malformed message */
	DCP_REASON_VERSION = 65,	  /* unsupported major version */
	DCP_REASON_SEQUENCE = 66,	  /* request before HELLO, second HELLO */
	DCP_REASON_ARGUMENT = 67,	  /* a field out of range */
	DCP_REASON_LIMIT = 68,		  /* a per-client limit */
	DCP_REASON_PERMISSION = 69,	  /* the peer's credentials do not allow it */
	DCP_REASON_UNKNOWN_ID = 70,	  /* no such fb, lease or link for this client */
	DCP_REASON_NOT_LEASED = 71,	  /* the link is not in the client's lease */
	DCP_REASON_LEASE_BUSY = 72,	  /* the link is leased or reserved */
	DCP_REASON_FB_FORMAT = 73,	  /* format unknown to the protocol */
	DCP_REASON_FB_MODIFIER = 74,	  /* modifier not supported */
	DCP_REASON_FB_LAYOUT = 75,	  /* size, pitch or offset */
	DCP_REASON_FB_FD = 76,		  /* fd neither a memfd nor a dma-buf */
	DCP_REASON_FB_UNSEALED = 77,	  /* memfd without F_SEAL_SHRINK */
	DCP_REASON_FB_TOO_SMALL = 78,	  /* fd smaller than the layout */
	DCP_REASON_MODESET_REQUIRED = 79, /* COMMIT without ALLOW_MODESET */
	DCP_REASON_FLIP_QUEUE_FULL = 80,  /* a flip pending and one queued */
	DCP_REASON_CANCELLED = 81,	  /* flip dropped: output off or lease gone */
	DCP_REASON_NO_STREAM = 82,	  /* flip or cursor on an output that is off */
	DCP_REASON_INTERNAL = 83,	  /* dcd failed; not the client's fault */
};
#define DCP_REASON_DC_LAST DCP_REASON_LINK_TRAINING /* numbered as DC's codes */
#define DCP_REASON_LAST	   DCP_REASON_INTERNAL

/* Why a lease ended (LEASE_REVOKED). */
enum dcp_revoke_reason {
	DCP_REVOKE_ADMIN = 1,	    /* revoked over D-Bus or by dcctl */
	DCP_REVOKE_SESSION = 2,	    /* the client's session is no longer active */
	DCP_REVOKE_POLICY = 3,	    /* configuration no longer allows it */
	DCP_REVOKE_SHUTDOWN = 4,    /* the daemon is stopping */
	DCP_REVOKE_DEVICE_LOST = 5, /* the GPU went away */
};
#define DCP_REVOKE_LAST DCP_REVOKE_DEVICE_LOST

/* Lower-case names, the same words D-Bus uses; NULL for unknown values. */
const char *dcp_link_type_name(unsigned type); /* "DP", "eDP", "HDMI-A", "DVI-D" */
const char *dcp_connection_name(unsigned connection);
const char *dcp_lease_state_name(unsigned state);
const char *dcp_encoding_name(unsigned encoding);
const char *dcp_reason_name(unsigned reason);
const char *dcp_revoke_reason_name(unsigned reason);

/*
 * Text from someone else (protocol/text.c). Printable means valid UTF-8
 * without C0 or C1 controls, DEL, U+2028/U+2029 or the bidirectional
 * marks and overrides (U+200E, U+200F, U+202A-U+202E, U+2066-U+2069):
 * nothing that breaks a log line or commands a terminal.
 */
/* Offset of the first byte of s (len bytes) that is not printable; len if none. */
size_t dcp_text_unprintable(const char *s, size_t len);
/*
 * s into out (size bytes, always NUL-terminated when size > 0; out may be
 * NULL when size is 0) with every
 * byte of a character that is not printable (or not UTF-8) written as
 * "\xNN"; cut only between whole characters and escapes. Returns the
 * length the whole escaped text needs (like snprintf).
 */
size_t dcp_text_escape(char *out, size_t size, const char *s);

/* ---- messages: the decoded (host) form ------------------------------------ */

/* ERROR flags */
#define DCP_ERROR_FATAL	 0x1u /* protocol violation: the server closes the connection */
#define DCP_ERROR_SHARED 0x2u /* the limit is a resource other lessees' outputs use */

/*
 * ERROR reply, and the error out-parameter of this library. status is a
 * negative errno (-4095..-1); link is the link the error is about or -1;
 * plane is a DCP_PLANE_* or -1.
 */
struct dcp_error {
	int32_t status;
	uint16_t reason; /* enum dcp_reason */
	uint16_t flags;	 /* DCP_ERROR_* */
	int32_t link;
	int16_t plane;
	char text[DCP_MAX_TEXT + 1];
};

/*
 * Fills err (if not NULL): status, reason, flags, link and plane -1, the
 * formatted text (truncated to DCP_MAX_TEXT bytes on a character boundary).
 * Returns status, so `return dcp_error_set(err, -EINVAL, ...)` reads well.
 */
int dcp_error_set(struct dcp_error *err, int status, enum dcp_reason reason, unsigned flags,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));

struct dcp_hello {
	uint16_t major, minor;
	char name[DCP_MAX_NAME + 1]; /* the client's name, for logs and dcctl */
};

struct dcp_welcome {
	uint16_t major, minor; /* the server's version */
	uint32_t capabilities; /* DCP_CAP_* */
	/* Random, new at each daemon start: a reconnecting client learns
	 * whether it talks to the same daemon instance. */
	uint64_t instance;
	uint32_t client_id; /* this connection, as dcctl and D-Bus show it */
	/* This client's limits (DCP_DEFAULT_* unless configured). */
	uint32_t max_request_size;
	uint32_t max_fds;
	uint32_t max_framebuffers;
	uint32_t max_queued_bytes;
	char server_name[DCP_MAX_NAME + 1]; /* "dcd 0.1.0" */
};

struct dcp_lease_request {
	uint32_t link_count; /* 1..DCP_MAX_LINKS, no duplicates */
	uint32_t links[DCP_MAX_LINKS];
};

struct dcp_lease_granted {
	uint32_t lease_id; /* never 0 */
};

struct dcp_lease_release {
	uint32_t lease_id;
};

/*
 * KMS_LEASE_REQUEST (1.2): a DRM lease of outputs named as LINK_INFO names
 * them (the kernel's connector names on KMS). Each name non-empty,
 * printable, listed once.
 */
struct dcp_kms_lease_request {
	uint32_t name_count; /* 1..DCP_MAX_LINKS */
	char names[DCP_MAX_LINKS][DCP_MAX_LINK_NAME + 1];
};

/*
 * KMS_LEASE_GRANTED (1.2), with one fd: the lessee's DRM fd, holding each
 * output's connector, CRTC, primary and cursor plane. lease_id is dcd's
 * (LEASE_RELEASE, LEASE_REVOKED, D-Bus), lessee_id the kernel's.
 */
struct dcp_kms_lease_granted {
	uint32_t lease_id;		   /* never 0 */
	uint32_t lessee_id;		   /* the kernel's lessee id, never 0 */
	char name[DCP_MAX_LEASE_NAME + 1]; /* "card0-Virtual-1", outputs joined by '+' */
};

struct dcp_lease_revoked {
	uint32_t lease_id;
	uint16_t reason; /* enum dcp_revoke_reason */
	char text[DCP_MAX_TEXT + 1];
};

/*
 * A framebuffer: one fd (a memfd with F_SEAL_SHRINK, or a dma-buf) holding
 * the planes of a DRM format at the given offsets. plane_count of the
 * format decides how many pitches/offsets are used; the others are 0.
 */
struct dcp_fb_create {
	uint32_t format; /* DRM_FORMAT_* the protocol knows (dcp_format_info) */
	/* DRM_FORMAT_MOD_LINEAR; 1.3: a dma-buf may carry any other but MOD_INVALID */
	uint64_t modifier;
	uint32_t width, height;
	uint32_t pitches[DCP_MAX_FB_PLANES];
	uint32_t offsets[DCP_MAX_FB_PLANES];
};

struct dcp_fb_created {
	uint32_t fb_id; /* never 0 */
};

/*
 * FB_ALLOC (1.3): dcd allocates a linear framebuffer of a one-plane format
 * the engine scans out (1 <= width, height <= DCP_MAX_FB_DIM).
 */
struct dcp_fb_alloc {
	uint32_t format; /* DRM_FORMAT_*, one memory plane */
	uint32_t width, height;
};

/*
 * FB_ALLOCATED (1.3), with one fd the client maps read-write and draws
 * into: a dma-buf of the very buffer that is scanned out (KMS) or a sealed
 * memfd (Display Core). The pixels start at offset, rows pitch bytes
 * apart; size is the fd's length (offset + pitch x height <= size).
 */
struct dcp_fb_allocated {
	uint32_t fb_id; /* never 0 */
	uint32_t pitch;
	uint32_t offset;
	uint64_t size;
};

struct dcp_fb_destroy {
	uint32_t fb_id;
};

struct dcp_plane_config {
	uint32_t fb_id;
	/* Source rectangle in framebuffer pixels, 16.16 fixed point (as DRM). */
	uint32_t src_x, src_y, src_w, src_h;
	/* Destination on the output's active area, in pixels. */
	int32_t dst_x, dst_y;
	uint32_t dst_w, dst_h;
};

struct dcp_cursor_config {
	uint32_t fb_id; /* 64x64 or 128x128 ARGB8888 (the daemon checks) */
	int32_t x, y;	/* hot spot position on the active area */
	uint32_t hot_x, hot_y;
};

/*
 * One output of a configuration; maps onto struct dc_stream (the daemon
 * resolves fb ids to addresses). A disabled output carries only link and
 * flags, every other field zero.
 */
struct dcp_output_config {
	uint32_t link;
	uint32_t flags; /* DCP_OUTPUT_* */
	uint8_t encoding;
	uint8_t bpc;		       /* 6, 8, 10 or 12 */
	uint32_t blank_color;	       /* XRGB8888 where no plane covers; top byte 0 */
	struct drm_mode_modeinfo mode; /* name is not carried: empty after decoding */
	struct dcp_plane_config primary;
	struct dcp_cursor_config cursor;
};

/* VALIDATE and COMMIT. Outputs not listed keep what they show. */
struct dcp_config {
	uint32_t flags;	       /* DCP_COMMIT_* */
	uint32_t output_count; /* 1..DCP_MAX_OUTPUTS, each link once */
	struct dcp_output_config outputs[DCP_MAX_OUTPUTS];
};

struct dcp_flip {
	uint32_t link;
	uint8_t plane; /* DCP_PLANE_PRIMARY in version 1.0 */
	uint32_t fb_id;
	uint32_t flags; /* DCP_FLIP_VSYNC or DCP_FLIP_ASYNC */
	uint64_t user_data;
};

struct dcp_flip_done {
	uint32_t link;
	uint8_t plane;
	uint64_t user_data;    /* the FLIP's */
	uint64_t sequence;     /* frame counter of the link, 64 bits */
	uint64_t timestamp_ns; /* start of scanout, CLOCK_MONOTONIC */
};

struct dcp_cursor_set {
	uint32_t link;
	uint32_t fb_id; /* 0 hides the cursor */
	uint32_t hot_x, hot_y;
};

struct dcp_cursor_move {
	uint32_t link;
	int32_t x, y;
};

struct dcp_vblank_subscribe {
	uint32_t link;
	bool enable;
};

struct dcp_vblank {
	uint32_t link;
	uint32_t skipped; /* vblanks merged into this one because the client was slow */
	uint64_t sequence;
	uint64_t timestamp_ns;
};

/* What the attached monitor says about itself (zero when disconnected). */
struct dcp_sink_info {
	char vendor[DCP_MAX_VENDOR + 1]; /* PNP ID */
	uint16_t product;
	uint32_t serial;
	char name[DCP_MAX_MONITOR_NAME + 1];
	uint16_t width_mm, height_mm;
	uint8_t max_bpc;   /* 0 unknown, else 6..16 even */
	uint8_t encodings; /* bit (1 << DCP_ENCODING_*) per supported encoding */
};

struct dcp_mode {
	struct drm_mode_modeinfo info; /* name not carried */
	uint32_t refresh_mhz;	       /* exact field rate */
};

struct dcp_plane_info {
	uint8_t type; /* enum dcp_plane_type */
	uint16_t max_width, max_height;
	uint16_t format_count;
	uint32_t formats[DCP_MAX_FORMATS];
	uint16_t modifier_count;
	uint64_t modifiers[DCP_MAX_MODIFIERS];
};

/*
 * One link of the topology. GET_TOPOLOGY is answered by one LINK_INFO per
 * link (each carrying the request's serial) and a TOPOLOGY_DONE, so a
 * topology of any size needs no message larger than one link.
 */
struct dcp_link_info {
	uint32_t link;
	uint8_t type;	     /* enum dcp_link_type */
	uint8_t connection;  /* enum dcp_connection */
	uint8_t lease_state; /* enum dcp_lease_state */
	uint8_t flags;	     /* DCP_LINK_* */
	uint32_t lease_id;   /* the client's lease holding it (LEASE_OURS), else 0 */
	char name[DCP_MAX_LINK_NAME + 1];
	struct dcp_sink_info sink;
	/* What the link shows now (shown to everyone; zero when off). */
	bool active;
	uint8_t encoding;
	uint8_t bpc;
	struct drm_mode_modeinfo mode;
	uint16_t mode_count; /* preferred first */
	struct dcp_mode modes[DCP_MAX_MODES];
	uint8_t plane_count;
	struct dcp_plane_info planes[DCP_MAX_PLANES];
};

/*
 * LINK_CAPS (1.1): what a link's sink can do beyond LINK_INFO. Follows each
 * LINK_INFO with its serial, and each HOTPLUG as an event (serial 0).
 */
struct dcp_link_caps {
	uint32_t link;
	uint8_t flags;			 /* DCP_LINK_CAPS_* */
	uint16_t vrr_min_hz, vrr_max_hz; /* variable refresh range, both 0 when none */
};

struct dcp_topology_done {
	uint32_t link_count; /* LINK_INFO messages sent before this one */
	uint32_t generation; /* bumped at every hotplug and lease change */
};

struct dcp_hotplug {
	uint32_t link;
	uint8_t connection;
	struct dcp_sink_info sink;
};

struct dcp_output_changed {
	uint32_t link;
	uint32_t changes; /* DCP_CHANGE_* */
	uint8_t lease_state;
	uint32_t lease_id;
	bool active;
	uint8_t encoding;
	uint8_t bpc;
	struct drm_mode_modeinfo mode;
};

/* A decoded client message. */
struct dcp_request {
	struct dcp_header hdr;
	union {
		struct dcp_hello hello;
		struct dcp_lease_request lease_request;
		struct dcp_lease_release lease_release;
		struct dcp_fb_create fb_create;
		struct dcp_fb_alloc fb_alloc;
		struct dcp_fb_destroy fb_destroy;
		struct dcp_config config; /* VALIDATE, COMMIT */
		struct dcp_flip flip;
		struct dcp_cursor_set cursor_set;
		struct dcp_cursor_move cursor_move;
		struct dcp_vblank_subscribe vblank_subscribe;
		struct dcp_kms_lease_request kms_lease_request;
	};
};

/* A decoded server message (large: LINK_INFO holds up to 512 modes). */
struct dcp_server_msg {
	struct dcp_header hdr;
	union {
		struct dcp_error error;
		struct dcp_welcome welcome;
		struct dcp_link_info link_info;
		struct dcp_link_caps link_caps;
		struct dcp_topology_done topology_done;
		struct dcp_lease_granted lease_granted;
		struct dcp_kms_lease_granted kms_lease_granted;
		struct dcp_fb_created fb_created;
		struct dcp_fb_allocated fb_allocated;
		struct dcp_hotplug hotplug;
		struct dcp_flip_done flip_done;
		struct dcp_vblank vblank;
		struct dcp_lease_revoked lease_revoked;
		struct dcp_output_changed output_changed;
	};
};

/* ---- encoding and decoding -------------------------------------------------- */

/*
 * Encodes hdr->opcode with body (the struct the opcode's table row in
 * docs/protocol.md names; NULL for messages without payload) into buf.
 * hdr->length is ignored and computed. *len is set to the message size
 * even when it does not fit, so a caller can retry with a bigger buffer.
 * Checks the same rules as the decoder, so what encodes decodes.
 * Returns 0, -ENOBUFS (buf too small), -EPROTO (unknown opcode, bad header
 * flags or serial) or the error of the violated rule.
 */
int dcp_encode(uint8_t *buf, size_t size, const struct dcp_header *hdr, const void *body,
	       size_t *len, struct dcp_error *err);

/* Reads and checks the header of a datagram of len bytes (length = len). */
int dcp_decode_header(const uint8_t *buf, size_t len, struct dcp_header *out,
		      struct dcp_error *err);

/*
 * Decodes one client message received with nfds file descriptors. Checks
 * everything before returning: header, opcode range, exact length, counts,
 * strings, enums, flags, fd count, the message's value rules. On failure
 * out->hdr is filled if the header could be read (else zero), so the
 * ERROR can echo the serial.
 */
int dcp_decode_request(const uint8_t *buf, size_t len, unsigned nfds, struct dcp_request *out,
		       struct dcp_error *err);

/* The same for a server message (replies and events), as a client does. */
int dcp_decode_server(const uint8_t *buf, size_t len, unsigned nfds, struct dcp_server_msg *out,
		      struct dcp_error *err);

/*
 * The order rule: before HELLO only HELLO; HELLO only once. -EPROTO with
 * DCP_REASON_SEQUENCE (fatal) otherwise.
 */
int dcp_check_sequence(bool hello_done, uint16_t opcode, struct dcp_error *err);

/*
 * The version rule applied by a server to a HELLO: 0 and *minor = the
 * minor version the connection speaks, or -EPROTONOSUPPORT (fatal).
 */
int dcp_negotiate(const struct dcp_hello *hello, uint16_t *minor, struct dcp_error *err);

/* ---- framebuffer layout ------------------------------------------------------ */

struct dcp_format_info {
	uint32_t format;     /* DRM_FORMAT_* */
	const char *name;    /* "XRGB8888" */
	uint8_t plane_count; /* memory planes */
	uint8_t cpp[3];	     /* bytes per pixel (per block of one) in each plane */
	uint8_t hsub, vsub;  /* chroma subsampling of planes 1.. */
};

/* The formats the protocol knows, or NULL (then FB_CREATE fails with EINVAL). */
const struct dcp_format_info *dcp_format_info(uint32_t format);

/*
 * Checks fb's layout (format known, modifier linear, 1 <= width, height <=
 * DCP_MAX_FB_DIM, each pitch >= the plane's row and a multiple of its cpp,
 * unused pitches/offsets 0) and computes the bytes the fd must hold: the
 * largest offset + pitch x plane height over the planes, with overflow
 * checks. 0, or -EINVAL / -EOVERFLOW with err.
 */
int dcp_fb_size(const struct dcp_fb_create *fb, uint64_t *bytes, struct dcp_error *err);

/*
 * The same rules for a dma-buf of protocol 1.3 (the decoder's rule for
 * every FB_CREATE): any modifier but DRM_FORMAT_MOD_INVALID. A tiled
 * layout's true size is the device's to check; the bytes are what its
 * pitches and offsets claim.
 */
int dcp_fb_size_any_modifier(const struct dcp_fb_create *fb, uint64_t *bytes,
			     struct dcp_error *err);

#endif
