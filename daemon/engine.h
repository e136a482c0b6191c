/*
 * The engine seam: the one table the daemon reaches a display engine
 * through (docs/kms.md, "Design: the engine seam in the daemon"; in the
 * style of wlroots' backends). Two implementations: Display Core on the
 * simulator or on VFIO/UIO (engine_dc.c) and the kernel's KMS
 * (engine_kms.c). Request handlers call the table and never learn which
 * engine runs; each entry is what a handler needs in one call, and the
 * implementations call dc/ or kms/ directly (no midlayer).
 *
 * The vocabulary is dc.h's plain value types, which say nothing about
 * Display Core's internals: a configuration is a struct dc_state (streams
 * with a mode from dc/modes, a primary plane and a cursor), a refusal a
 * struct dc_error (reason code and a sentence with the numbers), a link's
 * state a struct dc_link_status. A plane's "address" is the engine's
 * handle of a framebuffer: a device address on Display Core, a framebuffer
 * slot on KMS, always what the engine's map returned.
 *
 * Events leave the engine through struct dcd_engine_events, set at open:
 * from inside handle_irq, poll, dispatch or monitor only, never from a
 * call the daemon makes for a request.
 */
#ifndef DCD_ENGINE_H
#define DCD_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc.h"
#include "dcd_protocol.h"

struct dcd;
struct dcd_engine;
struct dc_edid;
struct dc_mode;
struct sim;

/*
 * A KMS lease as a restarted dcd needs it (engines that make KMS leases):
 * the kernel tells a lessor only its lessees' ids, so each output's
 * connector, CRTC and planes are recorded at the grant (the state file),
 * with whom the lease is held for.
 */
struct dcd_kms_lease_output {
	char name[32]; /* the connector's name, as LINK_INFO gives it */
	uint32_t connector, crtc, primary, cursor;
};

struct dcd_kms_lease_saved {
	uint32_t id;	    /* dcd's lease id */
	uint32_t lessee_id; /* the kernel's */
	char name[DCP_MAX_LEASE_NAME + 1];
	uint32_t uid;		       /* the client's */
	char client[DCP_MAX_NAME + 1]; /* its HELLO name */
	unsigned n;
	struct dcd_kms_lease_output outputs[DC_MAX_LINKS];
	uint32_t links; /* the daemon's: the outputs as links (not in the file) */
};

/* What the engine tells the daemon; data is the struct dcd. */
struct dcd_engine_events {
	void (*hotplug)(void *data, unsigned link, bool connected);
	/* seq: 64-bit frame sequence; ts_ns: start of scanout, CLOCK_MONOTONIC */
	void (*flip_done)(void *data, unsigned link, uint64_t seq, uint64_t ts_ns);
	void (*vblank)(void *data, unsigned link, uint64_t seq, uint64_t ts_ns);
	void (*link_event)(void *data, unsigned link, enum dc_link_event event);
	/*
	 * The engine waits on a bus inside its own work (Display Core's
	 * detection: dc_events.flip_window) and the loop reads no client
	 * meanwhile: the daemon may submit a flip of link now, and nothing
	 * else. Engines that never wait like that never call it.
	 */
	void (*flip_window)(void *data, unsigned link);
};

/* A link's sink as detected: its EDID and the sink's own modes (not yet filtered by the link). */
struct dcd_engine_sink {
	const uint8_t *edid;
	size_t edid_size;
	const struct dc_edid *edid_info; /* NULL when undecodable */
	const struct dc_mode *modes;
	size_t mode_count;
};

/* The descriptors the daemon polls for the engine. */
enum dcd_engine_fd_kind {
	DCD_ENGINE_FD_IRQ,     /* readable: handle_irq (DC's MSI/INTx, the DRM fd) */
	DCD_ENGINE_FD_TIMER,   /* readable: timer (the simulator's real-time clock) */
	DCD_ENGINE_FD_MONITOR, /* readable: monitor (device removal, hotplug uevents) */
};

struct dcd_engine_fd {
	int fd;
	enum dcd_engine_fd_kind kind;
};

#define DCD_ENGINE_MAX_FDS 3

/* For D-Bus (Manager properties) and log lines. */
struct dcd_engine_info {
	const char *backend; /* "sim", "vfio", "uio", "kms" */
	const char *model;   /* the ASIC ("Carrizo") or the kernel driver ("vkms") */
	const char *vbios_version, *vbios_date; /* NULL without a video BIOS */
	uint32_t dispclk_khz;			/* DISPCLK in effect; 0: not known (KMS) */
};

/* A framebuffer the engine allocated for a client (fb_alloc). */
struct dcd_engine_fb {
	int fd; /* the client's (close-on-exec): a dma-buf on KMS, a sealed memfd on DC */
	uint32_t pitch, offset;
	uint64_t size; /* the fd's bytes */
	/* dcd's read-only mapping (the daemon munmaps it after unmap), or NULL: none */
	const void *map;
	uint64_t address; /* the plane's handle, as map returns (unmap releases it) */
};

/* A client's dma-buf to scan out (fb_import): one fd, the planes at offsets in it. */
struct dcd_engine_dmabuf {
	uint32_t format, width, height;
	uint64_t modifier;
	unsigned planes;
	uint32_t pitches[4], offsets[4];
};

struct dcd_engine_ops {
	/* The state file's "engine": "sim", "device", "kms". */
	const char *name;
	void (*info)(struct dcd_engine *e, struct dcd_engine_info *out);

	/* ---- links: 0..link_count-1, fixed for the engine's life ---- */
	unsigned (*link_count)(struct dcd_engine *e);
	const char *(*link_name)(struct dcd_engine *e, unsigned link);
	int (*link_by_name)(struct dcd_engine *e, const char *name); /* index or -ENOENT */
	enum dc_link_type (*link_type)(struct dcd_engine *e, unsigned link);
	int (*link_status)(struct dcd_engine *e, unsigned link, struct dc_link_status *out);
	/* -ENOENT when nothing is connected */
	int (*link_sink)(struct dcd_engine *e, unsigned link, struct dcd_engine_sink *out);
	/* The modes the link can show of its sink's (NULL, 0 when none). */
	const struct dc_mode *(*link_modes)(struct dcd_engine *e, unsigned link, size_t *count);
	/* Detects link now (start-up); later changes arrive as hotplug events. */
	int (*detect)(struct dcd_engine *e, unsigned link);

	/* ---- configurations ---- */
	void (*plane_caps)(struct dcd_engine *e, struct dc_plane_caps *out);
	/* Fills each stream's res on success (what the engine chose). */
	int (*validate)(struct dcd_engine *e, struct dc_state *state, struct dc_error *err);
	int (*commit)(struct dcd_engine *e, const struct dc_state *state, struct dc_error *err);
	const struct dc_state *(*current)(struct dcd_engine *e);
	/* Restarts: what the engine shows, and taking it over without a modeset. */
	int (*snapshot)(struct dcd_engine *e, struct dc_state *out);
	/*
	 * Whether a stream snapshot read back could be one of khz, the clock
	 * its mode was committed with (what the engine's clock read back
	 * cannot hold exactly).
	 */
	bool (*clock_agrees)(struct dcd_engine *e, const struct dc_stream *s, uint32_t khz);
	int (*adopt)(struct dcd_engine *e, const struct dc_state *state);

	/* ---- flips, cursor, vblank ---- */
	/* flags: DC_FLIP_*; -EBUSY while one is pending, -ENOENT without a stream */
	int (*flip)(struct dcd_engine *e, unsigned link, uint64_t address, uint32_t flags);
	int (*cursor)(struct dcd_engine *e, unsigned link, const struct dc_cursor *cursor);
	int (*vblank_enable)(struct dcd_engine *e, unsigned link, bool enable);
	/*
	 * True while events come from inside a wait of the engine's own (DC's
	 * bus waits): then flip_done may submit its link's next flip with
	 * flip, and call nothing else.
	 */
	bool (*in_bus_wait)(struct dcd_engine *e);

	/* ---- framebuffer memory ---- */
	/*
	 * Gives [ptr, ptr + size) a handle the engine scans out from
	 * (device_writes: the engine writes there, the IH ring). why: a
	 * sentence on failure.
	 */
	int (*map)(struct dcd_engine *e, void *ptr, uint64_t size, bool device_writes,
		   uint64_t *address, char *why, size_t why_size);
	/* The same at a given handle (a framebuffer back from the fd store); -EOPNOTSUPP */
	int (*map_at)(struct dcd_engine *e, void *ptr, uint64_t size, uint64_t address);
	void (*unmap)(struct dcd_engine *e, uint64_t address);
	/*
	 * A new linear width x height framebuffer of a one-plane format for a
	 * client to draw into: the fd it maps, the layout, the handle (freed by
	 * unmap). KMS: a dumb buffer exported as dma-buf, scanned out without a
	 * copy; DC: a sealed memfd mapped as a client's. why: a sentence.
	 */
	int (*fb_alloc)(struct dcd_engine *e, uint32_t format, uint32_t width, uint32_t height,
			struct dcd_engine_fb *out, char *why, size_t why_size);
	/*
	 * A client's dma-buf as a framebuffer (the engine holds what it needs
	 * of fd; the caller keeps fd): its handle, freed by unmap. -EOPNOTSUPP
	 * with why where the engine does not take dma-bufs (imports_dmabuf).
	 */
	int (*fb_import)(struct dcd_engine *e, int fd, const struct dcd_engine_dmabuf *d,
			 uint64_t *address, char *why, size_t why_size);

	/* ---- DRM leases: a client drives outputs with its own DRM fd ---- */
	/*
	 * Leases links' connector, CRTC, primary and cursor planes to a new
	 * lessee: its DRM fd (close-on-exec, the caller's), the kernel's
	 * lessee id, and name: the device's name and the outputs'
	 * ("card0-Virtual-1", joined by '+'). The links must be off (dcd
	 * switched them off first). n == 0 only asks whether this engine
	 * can: 0, or -EOPNOTSUPP with why (Display Core: always).
	 */
	int (*kms_lease)(struct dcd_engine *e, const unsigned *links, size_t n, uint32_t *lessee_id,
			 int *fd, char *name, size_t name_size, char *why, size_t why_size);
	/* Ends the lease and switches its outputs off (what the lessee left is not dcd's). */
	int (*kms_lease_revoke)(struct dcd_engine *e, uint32_t lessee_id, char *why,
				size_t why_size);
	/*
	 * NULL where the engine makes no KMS leases. describe: lessee_id's
	 * outputs (at most max; *n is how many), for the state file.
	 * leases_adopt, once after a restart on the same device file, before
	 * snapshot: the leases the state file records are kept where the
	 * kernel still lists their lessee and the records fit the device
	 * (kept[i]; their outputs are the lessee's, no stream of dcd's); every
	 * other lessee of the file is revoked. Each outcome is logged.
	 */
	int (*kms_lease_describe)(struct dcd_engine *e, uint32_t lessee_id,
				  struct dcd_kms_lease_output *out, size_t max, size_t *n);
	void (*kms_leases_adopt)(struct dcd_engine *e, const struct dcd_kms_lease_saved *saved,
				 size_t n, bool *kept);

	/* ---- the event loop ---- */
	size_t (*fds)(struct dcd_engine *e,
		      struct dcd_engine_fd *out); /* up to DCD_ENGINE_MAX_FDS */
	void (*handle_irq)(struct dcd_engine *e);
	/* Something arrived that handle_irq would read (after a request's calls). */
	bool (*irq_pending)(struct dcd_engine *e);
	void (*timer)(struct dcd_engine *e);
	/* The monitor fd was readable: true once the device is gone. */
	bool (*monitor)(struct dcd_engine *e);
	/* Deferred work: CLOCK_MONOTONIC ns or UINT64_MAX, and running it. */
	uint64_t (*next_deadline)(struct dcd_engine *e);
	void (*dispatch)(struct dcd_engine *e);
	/*
	 * Optional (NULL: the engine has none). DC's IH ring on memory the
	 * daemon mapped (ih.c); poll reads the engine's interrupt state from a timer.
	 */
	int (*ih_attach)(struct dcd_engine *e, void *mem, uint64_t address, uint32_t ring_bytes,
			 bool no_interrupt);
	void (*ih_detach)(struct dcd_engine *e);
	void (*poll)(struct dcd_engine *e);
	/*
	 * Optional: what link shows, as 8-bit RGB rows (*rgb malloc'd, the
	 * caller frees), for Sim.Screenshot on an engine that is not the
	 * simulator (KMS: a writeback connector); -errno with a sentence in
	 * why. NULL on Display Core: the simulator's capture is its test
	 * control (engine->sim), a GPU has none.
	 */
	int (*capture)(struct dcd_engine *e, unsigned link, uint8_t **rgb, unsigned *width,
		       unsigned *height, char *why, size_t why_size);

	void (*destroy)(struct dcd_engine *e);
};

struct dcd_engine {
	const struct dcd_engine_ops *ops;
	/*
	 * The engine's state predates this dcd (a GPU, a simulator state file
	 * it attached to, a KMS device lit by someone): what it shows may be
	 * adopted (recovery.c).
	 */
	bool adopt;
	bool lost; /* the device was removed: no more calls but destroy */
	/*
	 * The engine scans out copies of client frames that it owns (KMS: dumb
	 * buffers that live with its DRM file). After a restart its copy is
	 * still on screen though the client's buffer may not have come back,
	 * and the plane it reads back says nothing about the client's buffer:
	 * recovery takes the state file's word for the plane and keeps the
	 * picture either way.
	 */
	bool copies_frames;
	/* fb_import takes dma-bufs (WELCOME's FB_DMABUF): KMS, not Display Core. */
	bool imports_dmabuf;
	/* Not adoptable (adopt false): why what an earlier dcd showed is gone, for the log. */
	const char *fresh_why;
	/* The simulated engine's test controls (admin.c, dbus_sim.c), else NULL. */
	struct sim *sim;
};

/* The events the engines deliver (flip.c). */
extern const struct dcd_engine_events dcd_engine_events;

/* engine_dc.c: Display Core on the simulator (--sim), a given GPU (--device) or the first
 * supported. */
int dcd_engine_dc_open(struct dcd *dcd, struct dcd_engine **out);
/* The first supported GPU bound to vfio-pci/uio: 0, or -ENODEV with *why filled. */
int dcd_engine_dc_find(char *why, size_t why_size);

/* engine_kms.c: the kernel's KMS (--kms [PATH], or the first device with connectors). */
/* fd: an inherited open file of path (--kms-fd), taken over; -1: path is opened */
int dcd_engine_kms_open(struct dcd *dcd, const char *path, int fd, struct dcd_engine **out);
/* The first DRM device with connectors (libudev): its path, or -ENODEV with why filled. */
int dcd_engine_kms_find(char *path, size_t path_size, char *why, size_t why_size);

#endif
