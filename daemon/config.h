/*
 * The daemon's configuration file (JSON, docs/config.md, dcd.json(5)): who
 * may lease and who is admin, the per-client limits, and what unleased
 * outputs show. Loaded once at start; a bad file is an error naming the
 * file, the JSON path and the reason.
 */
#ifndef DCD_CONFIG_H
#define DCD_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "dcd_ipc.h"

#define DCD_DEFAULT_LEASE_GROUP "video"
#define DCD_MAX_OUTPUT_RULES	16
#define DCD_MODE_SPEC_MAX	31

/* What an output shows while nobody leases it. */
enum dcd_idle_kind {
	DCD_IDLE_OFF,	    /* switched off */
	DCD_IDLE_CURRENT,   /* keeps the timing it has (off if it has none), shows color */
	DCD_IDLE_PREFERRED, /* the sink's preferred mode, showing color */
	DCD_IDLE_MODE,	    /* the mode named by spec ("1920x1080@60"), showing color */
};

struct dcd_idle {
	enum dcd_idle_kind kind;
	char spec[DCD_MODE_SPEC_MAX + 1];
	uint32_t color; /* XRGB8888, top byte 0 */
};

/* A set of users: uids, and members of gids (primary or supplementary). */
struct dcd_who {
	uid_t *uids;
	size_t n_uids;
	gid_t *gids;
	size_t n_gids;
};

/*
 * Framebuffer memory budgets: 4K (3840x2160, 4 bytes a pixel, 31.6 MiB)
 * triple-buffered on two outputs is 190 MiB; a client gets 256 MiB, a uid
 * (all its connections) 512 MiB. Bytes are counted page-rounded: what the
 * framebuffer takes of dcd's mappings and of the device address space.
 */
#define DCD_DEFAULT_FB_BYTES_PER_CLIENT	  (256ull << 20)
#define DCD_DEFAULT_FB_BYTES_PER_UID	  (512ull << 20)
#define DCD_DEFAULT_MAX_CLIENTS_PER_UID	  16
#define DCD_DEFAULT_HANDSHAKE_TIMEOUT_MS  5000
#define DCD_DEFAULT_STORED_FBS_PER_CLIENT 8
#define DCD_DEFAULT_RESTART_GRACE_MS	  10000
#define DCD_DEFAULT_SOCKET_MODE		  0660

/* How often poll mode looks at the ring (docs/config.md, "interrupts"). */
#define DCD_DEFAULT_POLL_INTERVAL_MS 1
#define DCD_MAX_POLL_INTERVAL_MS     1000

struct dcd_config {
	struct dcd_who lease; /* besides root, who may lease */
	struct dcd_who admin; /* besides root, who is admin */
	/* besides root and admins, who may hold KMS leases (a DRM fd of their own) */
	struct dcd_who kms_lease;
	uint32_t max_clients;
	uint32_t max_clients_per_uid;  /* connections, with or without HELLO */
	uint32_t handshake_timeout_ms; /* no HELLO within it: disconnected */
	struct dci_limits limits;      /* per client: message size, fds, queued bytes */
	uint32_t max_framebuffers;
	uint32_t max_leases; /* per client, dcd leases and KMS leases together */
	uint64_t max_fb_bytes, max_fb_bytes_per_uid;
	uint32_t max_stored_fbs;   /* per client, in systemd's fd store */
	uint32_t restart_grace_ms; /* adopted outputs wait this long for their lessee */
	/* "interrupts": { "mode": "ring" | "poll", "poll_interval_ms": N } */
	bool irq_poll; /* "poll"; false: "ring", the default */
	uint32_t poll_interval_ms;
	struct {
		mode_t mode; /* of a socket dcd creates itself */
		bool set_group;
		gid_t group;
	} socket;
	struct dcd_idle idle; /* every output without a rule of its own */
	unsigned n_outputs;
	struct {
		char name[32]; /* "HDMI-A-1" */
		struct dcd_idle idle;
		/* -1: from the sink's EDID; 0 / 1: a desktop output or a headset */
		int8_t non_desktop;
	} outputs[DCD_MAX_OUTPUT_RULES];
};

/*
 * The defaults (docs/config.md): members of group "video" may lease (when
 * the group exists), only root is admin, the protocol's default limits,
 * idle outputs keep their timing and show black.
 */
int dcd_config_defaults(struct dcd_config *cfg);

/*
 * Reads path (or parses json when path is NULL; name is then used in
 * messages) over the defaults. 0, or -errno with "FILE: PATH: reason" in
 * err.
 */
int dcd_config_load(const char *path, struct dcd_config *cfg, char *err, size_t err_size);
int dcd_config_parse(const char *json, size_t len, const char *name, struct dcd_config *cfg,
		     char *err, size_t err_size);

void dcd_config_free(struct dcd_config *cfg);

/* The idle configuration of the output called link_name. */
const struct dcd_idle *dcd_config_idle(const struct dcd_config *cfg, const char *link_name);

/* outputs.NAME.non_desktop: -1 (not set: the EDID decides), 0 or 1. */
int dcd_config_non_desktop(const struct dcd_config *cfg, const char *link_name);

/*
 * Whether uid or one of its supplementary groups is in who. Root is not
 * special here. The primary group is not asked: D-Bus does not report it
 * apart (GetConnectionCredentials' UnixGroupIDs), and the socket and
 * D-Bus judge a caller alike (docs/config.md).
 */
bool dcd_who_matches(const struct dcd_who *who, uid_t uid, const gid_t *groups, size_t n_groups);

#endif
