/*
 * dcd under systemd and across its own crashes (docs/recovery.md):
 *
 *  notify.c      sd_notify: READY=1, STATUS=, the watchdog; no-ops without
 *                $NOTIFY_SOCKET
 *  fdstore.c     the descriptors systemd hands over at start
 *                (sd_listen_fds_with_names: the client socket "client", the
 *                simulator's hardware "device", framebuffers "fb-ID") and
 *                the framebuffers dcd puts into systemd's fd store
 *  state_file.c  the state file: written atomically after every commit,
 *                read and checked at start
 *  recovery.c    the start after a crash: the hardware read back, compared
 *                with the state file (the hardware wins, differences are
 *                logged), framebuffers from the store mapped again at their
 *                device addresses, the rest shown idle without a modeset
 *
 * All of it runs on the loop's thread; functions return 0 or -errno.
 */
#ifndef DCD_RECOVERY_H
#define DCD_RECOVERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc.h"
#include "dcd_protocol.h"
#include "log.h"

struct dcd;
struct dcd_fb;

#define DCD_STATE_FILE		"dcd-state.json"
#define DCD_STATE_FORMAT	"dcd-state"
#define DCD_STATE_VERSION	1
#define DCD_FDNAME_CLIENT	"client"
#define DCD_FDNAME_DEVICE	"device"
#define DCD_FDNAME_DRM		"drm" /* the KMS engine's DRM master fd */
#define DCD_FDNAME_FB_PREFIX	"fb-"
/*
 * FileDescriptorStoreMax= of systemd/dcd.service, assumed when systemd
 * does not say ($FDSTORE, set by systemd 254 and later).
 */
#define DCD_FDSTORE_MAX_ASSUMED 64

/* A framebuffer whose fd is in systemd's fd store (named fb-ID). */
struct dcd_stored_fb {
	uint32_t id;
	uint64_t iova, size; /* device address and mapped bytes */
	struct dcp_fb_create layout;
};

/* An fd systemd handed over at start, until something takes it. */
struct dcd_received_fd {
	char name[64];
	int fd;
};

/* What the state file says about one output. */
struct dcd_saved_output {
	char link[32];
	bool lit;
	struct dc_stream stream; /* link index resolved; lit only */
	bool idle;		 /* shows the idle configuration */
	uint32_t primary_fb;	 /* framebuffer id on the primary plane, 0: none */
	uint32_t cursor_fb;
	bool leased; /* by lessee_uid, HELLO name lessee_name (or reserved for it) */
	uint32_t lessee_uid;
	char lessee_name[DCP_MAX_NAME + 1];
};

struct dcd_saved_state {
	uint64_t instance; /* of the dcd that wrote it */
	uint32_t next_fb_id;
	unsigned n_outputs;
	struct dcd_saved_output outputs[DC_MAX_LINKS];
	unsigned n_fbs;
	struct dcd_stored_fb *fbs;
	unsigned n_kms_leases; /* "kms_leases": KMS leases granted to clients */
	struct dcd_kms_lease_saved kms_leases[DC_MAX_LINKS];
};

struct dcd_recovery {
	bool notify;		   /* $NOTIFY_SOCKET is set: systemd listens */
	bool fdstore;		   /* framebuffers go to the fd store */
	char status[160];	   /* the last STATUS= sent */
	char *state_path;	   /* STATE_DIR/dcd-state.json, NULL without a state directory */
	unsigned writes;	   /* state files written */
	struct dcd_stored_fb *fbs; /* what the fd store holds (mirrored in the state file) */
	unsigned n_fbs, cap_fbs;
	unsigned store_max; /* the unit's FileDescriptorStoreMax */
	bool device_stored; /* the engine's fd ("device" or "drm") takes one of them */
	bool state_dirty;   /* the stored set changed: the state file follows */
	struct dcd_ratelimit partial_rl;
	struct dcd_received_fd *received; /* fds from systemd not taken yet */
	unsigned n_received;
};

/* ---- state_kms_leases.c: the state file's "kms_leases" ---- */
struct json_object;
struct sj_ctx;
/* The array of the KMS leases granted and held, NULL when there is none. */
struct json_object *dcd_state_kms_leases_json(struct dcd *dcd);
/* Reads "kms_leases" (optional) into st: 0, or -EINVAL with ctx's reason. */
int dcd_state_read_kms_leases(struct sj_ctx *ctx, struct json_object *top,
			      struct dcd_saved_state *st);

/* ---- notify.c ---- */
int dcd_recovery_new(struct dcd *dcd);
void dcd_recovery_free(struct dcd *dcd);
/* READY=1 with the first STATUS=. */
void dcd_notify_ready(struct dcd *dcd);
/* STATUS= ("3 outputs lit, 1 client") when it changed since the last one. */
void dcd_notify_status(struct dcd *dcd);
/* Stopping (SIGTERM): STOPPING=1. */
void dcd_notify_stopping(struct dcd *dcd);
/* WATCHDOG=1 from the loop when $WATCHDOG_USEC asks for it. */
int dcd_notify_watchdog(struct dcd *dcd);

/* ---- fdstore.c ---- */
/*
 * Takes the fds systemd passed (sd_listen_fds_with_names): "client"
 * becomes opts.socket_fd unless --socket-fd was given; the others wait in
 * dcd->recovery->received for the engine and recovery. Unknown names are
 * closed with a log line.
 */
int dcd_listen_fds(struct dcd *dcd);
/* Takes the received fd called name (the caller owns it), or -1. */
int dcd_received_take(struct dcd *dcd, const char *name);
/* Closes what nobody took (and asks the store to forget those). */
void dcd_received_drop_rest(struct dcd *dcd);
/*
 * The store's budget: $FDSTORE or DCD_FDSTORE_MAX_ASSUMED, and the fd
 * limit raised so a kept fd per framebuffer fits.
 */
void dcd_fdstore_init(struct dcd *dcd);
/* Framebuffers keep their fd (fb->fd) for the store: systemd runs dcd with one. */
bool dcd_fdstore_keeps_fds(const struct dcd *dcd);
/*
 * fb goes on a plane (COMMIT, FLIP, CURSOR_SET): into the store as fb-ID
 * unless it is there already, making room by taking out a stored buffer
 * that is on no plane (the client's own first) when the client's share
 * (max_stored_framebuffers) or the store is full; logs when it cannot,
 * as a crash would then lose that picture.
 */
void dcd_fdstore_fb_use(struct dcd *dcd, struct dcd_fb *fb);
/* Writes the state file if the stored set changed since the last write. */
void dcd_fdstore_sync_state(struct dcd *dcd);
/* A framebuffer the store still holds from before the restart, mapped again. */
void dcd_fdstore_fb_known(struct dcd *dcd, const struct dcd_stored_fb *sf);
/* FDSTOREREMOVE of the fd called name. */
void dcd_fdstore_forget(struct dcd *dcd, const char *name);
/* The framebuffer's memory is gone: FDSTOREREMOVE if it was stored. */
void dcd_fdstore_fb_remove(struct dcd *dcd, struct dcd_fb *fb);
/*
 * The engine's own fd into the store as name ("device": the simulator's
 * hardware, "drm": the KMS engine's DRM master file); the caller keeps
 * fd. One place of the store's budget.
 */
void dcd_fdstore_device(struct dcd *dcd, const char *name, int fd);

/* ---- state_file.c ---- */
/* Writes the state file (temp file, fsync, rename, fsync of the folder). */
int dcd_state_write(struct dcd *dcd);
/*
 * Reads and checks path against the engine's links. 0; -ENOENT when there
 * is none; else -errno with the reason (what is wrong and where) in why.
 */
int dcd_state_read(struct dcd *dcd, const char *path, struct dcd_saved_state *out, char *why,
		   size_t why_size);
void dcd_saved_state_free(struct dcd_saved_state *s);

/* ---- recovery.c ---- */
/*
 * Before detection: reads the hardware back (dc_snapshot) and the state
 * file, logs where they differ, adopts what the hardware shows (no
 * register written), gives adopted planes their framebuffers back from
 * the fd store. Returns the links that keep their picture; the caller
 * shows the idle configuration on the others.
 */
uint32_t dcd_recover(struct dcd *dcd);

#endif
