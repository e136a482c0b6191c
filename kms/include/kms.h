/*
 * KMS engine: any GPU the kernel drives, through libdrm's atomic API.
 *
 * The library opens a DRM device as its master, lists the kernel's
 * connectors under the kernel's own names (DP-1, HDMI-A-1, Virtual-1) with
 * their EDIDs decoded by dc/edid, gives each lit output a CRTC, a primary
 * and a cursor plane, and validates (atomic TEST_ONLY), commits, flips and
 * leases them. No event loop and no udev of its own: kms_fd() is polled by
 * the caller, kms_dispatch() reads what arrived, kms_probe() re-reads the
 * connectors when the caller's udev monitor saw a hotplug.
 *
 * Error convention: every function returning int returns 0 or a negative
 * errno. When it fails and err is not NULL, err->message is one sentence
 * naming the device, output, mode or plane and the numbers: the kernel's
 * bare EINVAL from an atomic TEST_ONLY is narrowed down by testing the
 * pieces one at a time (kms_validate).
 *
 * Objects:
 *   output  one connector, addressed by its index 0..kms_output_count()-1
 *           (stable across kms_probe: connectors are never removed, except
 *           DP MST ones, which this library does not list yet).
 *   buffer  a dumb buffer with a framebuffer id: a scanout buffer any KMS
 *           driver can allocate, mapped for the CPU, exportable as dma-buf.
 *   lease   a lessee id and a DRM fd holding one or more outputs' objects.
 */
#ifndef KMS_H
#define KMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <xf86drmMode.h>

struct kms_device;
struct kms_buffer;
struct dc_edid;

#define KMS_MAX_OUTPUTS 16

struct kms_error {
	/* "Virtual-2: the kernel refused mode 1024x768@60.000 on CRTC 36 (...)" */
	char message[256];
};

enum kms_status {
	KMS_CONNECTED,
	KMS_DISCONNECTED,
	KMS_STATUS_UNKNOWN,
};

/* One connector as the kernel reported it at the last kms_probe(). Read only. */
struct kms_output {
	uint32_t connector_id;
	uint32_t type;	  /* DRM_MODE_CONNECTOR_* */
	uint32_t type_id; /* the N of "DP-N" */
	char name[32];	  /* the kernel's name: type name, '-', type_id */
	enum kms_status status;
	/* The EDID property's bytes and their decoding (NULL when absent or undecodable). */
	uint8_t *edid_raw;
	size_t edid_size;
	struct dc_edid *edid;
	/* The connector's modes, the kernel's order (preferred flagged in type). */
	drmModeModeInfo *modes;
	size_t num_modes;
	uint32_t possible_crtcs; /* bit per CRTC index, from the connector's encoders */
	/* Assignment (kms_assign): CRTC and plane object ids, 0 when none. */
	uint32_t crtc_id, primary_id, cursor_id;
	/* Lit by the last kms_commit(): the mode and the primary plane's framebuffer. */
	bool active;
	drmModeModeInfo mode;
	uint32_t fb_id;
	/* Nonzero while the output's objects are leased to this lessee. */
	uint32_t lessee_id;
};

/* ---- device ------------------------------------------------------------------------ */

/*
 * Opens path (O_RDWR | O_CLOEXEC), becomes its DRM master and turns on the
 * universal planes and atomic client capabilities, then reads the CRTCs,
 * planes and connectors, and takes over what the kernel shows: an output
 * routed to an active CRTC is lit (active, mode, fb_id as the kernel has
 * them), so a flip or a commit of the same mode needs no modeset.
 * -EBUSY when another process is the master (a running compositor),
 * -EOPNOTSUPP when the driver has no atomic modesetting.
 */
int kms_open(const char *path, struct kms_device **out, struct kms_error *err);
/*
 * As kms_open on an fd already open: the one a restarted dcd gets back from
 * systemd's fd store is still master, and its framebuffers still exist.
 * The device owns fd afterwards.
 */
int kms_open_fd(int fd, const char *path, struct kms_device **out, struct kms_error *err);
/* Frees the outputs and mode blobs and closes the fd (buffers die with it). NULL is allowed. */
void kms_close(struct kms_device *dev);

int kms_fd(const struct kms_device *dev);
const char *kms_path(const struct kms_device *dev);
/* The kernel driver's name: "vkms", "virtio_gpu", "amdgpu". */
const char *kms_driver(const struct kms_device *dev);

/* ---- outputs ----------------------------------------------------------------------- */

size_t kms_output_count(const struct kms_device *dev);
const struct kms_output *kms_output(const struct kms_device *dev, size_t index);
/* The index of the output named name ("HDMI-A-1"), or -ENOENT. */
int kms_output_find(const struct kms_device *dev, const char *name);

/*
 * Re-reads every connector: status, EDID, modes (the hotplug entry point;
 * the caller's udev monitor decides when). Bit i of *changed (may be NULL)
 * is set when output i's status or EDID differs from before.
 */
int kms_probe(struct kms_device *dev, uint64_t *changed, struct kms_error *err);

/*
 * Gives output a CRTC it can reach that no other lit, assigned or leased
 * output holds, that CRTC's primary plane and a cursor plane if the driver
 * has one. Keeps an existing assignment. -ENOSPC naming the output when
 * every reachable CRTC is taken.
 */
int kms_assign(struct kms_device *dev, size_t output, struct kms_error *err);

/* ---- configuration ----------------------------------------------------------------- */

/* What one output should show; outputs not listed keep their state. */
struct kms_output_config {
	size_t output;
	bool active;
	drmModeModeInfo mode;
	uint32_t fb_id; /* shown full screen on the primary plane, from 0,0 */
	uint32_t fb_width, fb_height;
};

/*
 * Asks the kernel (atomic TEST_ONLY) whether the outputs can show this.
 * When it refuses, err says which piece: one output's mode, its primary
 * plane and framebuffer, or two outputs that fit alone but not together.
 * Leased outputs are refused (-EBUSY) without asking the kernel.
 */
int kms_validate(struct kms_device *dev, const struct kms_output_config *cfg, size_t n,
		 struct kms_error *err);
/*
 * Commits the configuration (blocking). ALLOW_MODESET is asked for only
 * when an output's mode, activity or CRTC changes; a framebuffer change
 * alone is a plain commit the kernel may not turn into a modeset.
 */
int kms_commit(struct kms_device *dev, const struct kms_output_config *cfg, size_t n,
	       struct kms_error *err);
/*
 * Switches output off with ALLOW_MODESET whatever this library believes
 * it shows: after a lease ends, the CRTC may still show what the lessee
 * left there. Not for a leased output (-EBUSY).
 */
int kms_output_off(struct kms_device *dev, size_t output, struct kms_error *err);
/* True when committing cfg needs ALLOW_MODESET. */
bool kms_needs_modeset(const struct kms_device *dev, const struct kms_output_config *cfg, size_t n);

/* ---- flips and events -------------------------------------------------------------- */

/* kms_flip flags */
#define KMS_FLIP_ASYNC 0x1 /* now, not at vblank (tearing), where the driver takes it */

/*
 * Queues fb_id on output's primary plane at the next vblank (nonblocking
 * atomic commit with an event). -EBUSY while the previous flip of this
 * output is pending, -EINVAL when the output is not lit. KMS_FLIP_ASYNC:
 * a page flip that does not wait for vblank (the legacy ioctl: Linux 6.1
 * takes no asynchronous atomic commits), -EOPNOTSUPP with a sentence when
 * the driver does not offer DRM_CAP_ASYNC_PAGE_FLIP.
 */
int kms_flip(struct kms_device *dev, size_t output, uint32_t fb_id, uint32_t flags, void *user_data,
	     struct kms_error *err);
bool kms_flip_pending(const struct kms_device *dev, size_t output);

struct kms_flip_event {
	size_t output;
	/*
	 * The kernel's vblank sequence extended to 64 bits. On a driver without
	 * vblank support (virtio-gpu) the kernel sends 0; then this counts the
	 * output's completed flips instead and kernel_sequence is false.
	 */
	uint64_t sequence;
	bool kernel_sequence;
	uint64_t time_ns; /* CLOCK_MONOTONIC, the kernel's timestamp */
	void *user_data;
};

struct kms_vblank_event {
	size_t output;
	uint64_t sequence; /* the kernel's 64-bit vblank count */
	uint64_t time_ns;  /* CLOCK_MONOTONIC */
	void *user_data;
};

struct kms_events {
	void (*flip_done)(const struct kms_flip_event *ev, void *data);
	void (*vblank)(const struct kms_vblank_event *ev, void *data);
};

/* Reads the events waiting on kms_fd() (call when it is readable). */
int kms_dispatch(struct kms_device *dev, const struct kms_events *events, void *data);

/*
 * The output's current vblank count and time from the kernel's sequence
 * API. -EOPNOTSUPP when the driver keeps no vblank counter.
 */
int kms_vblank_now(struct kms_device *dev, size_t output, uint64_t *sequence, uint64_t *time_ns,
		   struct kms_error *err);

/*
 * Asks the kernel's sequence API for an event at output's next vblank
 * (kms_events.vblank). One request per output at a time: -EBUSY while one
 * is pending; -EOPNOTSUPP when the driver keeps no vblank counter.
 */
int kms_vblank_request(struct kms_device *dev, size_t output, void *user_data,
		       struct kms_error *err);

/* ---- cursor ------------------------------------------------------------------------ */

/*
 * Shows fb_id (width x height, from 0,0) at x, y on output's cursor plane;
 * fb_id 0 hides it. A blocking atomic commit. -EOPNOTSUPP when the output
 * has no cursor plane.
 */
int kms_cursor_set(struct kms_device *dev, size_t output, uint32_t fb_id, uint32_t width,
		   uint32_t height, int32_t x, int32_t y, struct kms_error *err);

/* ---- screenshots ------------------------------------------------------------------- */

/*
 * Captures what output's CRTC composes (every plane, the cursor included)
 * into buf through the driver's writeback connector, and waits until the
 * frame is written (at most a second). buf must be the mode's size in a
 * format the writeback connector offers (XRGB8888 on vkms). -EOPNOTSUPP
 * with a sentence naming the driver when it has no writeback connector for
 * that CRTC; -EINVAL when the output is not lit or buf does not fit.
 */
int kms_capture(struct kms_device *dev, size_t output, const struct kms_buffer *buf,
		struct kms_error *err);

/* ---- scanout buffers --------------------------------------------------------------- */

struct kms_buffer {
	uint32_t handle; /* GEM handle of the dumb buffer (imported: of plane 0) */
	uint32_t fb_id;
	uint32_t width, height, pitch, format;
	uint64_t size;
	void *map; /* CPU mapping, size bytes (NULL when imported) */
	/* kms_buffer_import: a client's dma-buf; the GEM handle of each plane (repeats allowed). */
	bool imported;
	uint32_t plane_handles[4];
};

/* A client's dma-buf framebuffer as GBM or Vulkan describe it. */
struct kms_dmabuf {
	uint32_t width, height, format; /* DRM_FORMAT_* */
	/* DRM_FORMAT_MOD_LINEAR, a vendor's, or DRM_FORMAT_MOD_INVALID (the implicit layout) */
	uint64_t modifier;
	unsigned planes; /* 1 to 4 */
	int fds[4];	 /* borrowed: the caller keeps and closes them */
	uint32_t offsets[4], pitches[4];
};

/* A dumb buffer of width x height in format (XRGB8888 or ARGB8888) with a framebuffer. */
int kms_buffer_create(struct kms_device *dev, uint32_t width, uint32_t height, uint32_t format,
		      struct kms_buffer *out, struct kms_error *err);
/* The buffer as a dma-buf fd (read-write, close-on-exec) a client maps and draws into. */
int kms_buffer_export(struct kms_device *dev, const struct kms_buffer *buf, int *fd,
		      struct kms_error *err);
/*
 * A client's dma-buf as a framebuffer (PRIME import, AddFB2 with the
 * modifier where the driver takes modifiers). Refused with a sentence
 * before the kernel is asked when the driver takes no modifiers and the
 * modifier is neither linear nor implicit (-EOPNOTSUPP), or no primary
 * plane lists the format with that modifier (-EINVAL); the kernel's own
 * refusals (an fd that is not a dma-buf, a pitch or size it rejects) are
 * turned into sentences with the numbers.
 */
int kms_buffer_import(struct kms_device *dev, const struct kms_dmabuf *dmabuf,
		      struct kms_buffer *out, struct kms_error *err);
/* Removes the framebuffer and frees the buffer (an imported one: closes its handles). */
void kms_buffer_destroy(struct kms_device *dev, struct kms_buffer *buf);

/* ---- leases ------------------------------------------------------------------------ */

/*
 * Leases the outputs' connector, CRTC, primary plane and cursor plane
 * (assigning them first) and returns the lessee's DRM fd (close-on-exec).
 * The outputs are marked leased: this library refuses to commit, flip or
 * move the cursor on them until the lease is revoked.
 */
int kms_lease_create(struct kms_device *dev, const size_t *outputs, size_t n, uint32_t *lessee_id,
		     int *lessee_fd, struct kms_error *err);
/* Revokes the lease; the lessee's fd then sees none of the objects. */
int kms_lease_revoke(struct kms_device *dev, uint32_t lessee_id, struct kms_error *err);
/* The lessee ids the kernel lists for this master; *count is how many there are. */
int kms_lease_list(struct kms_device *dev, uint32_t *ids, size_t max, size_t *count,
		   struct kms_error *err);

/*
 * Leases across a restart. The DRM fd in systemd's fd store keeps the
 * lessor alive, and with it every lease it made: the lessees' fds go on
 * working while dcd is down. But the kernel tells a lessor only the ids of
 * its lessees (drmModeListLessees), not which objects each holds, so the
 * restarted dcd must have recorded them (its state file): one record per
 * leased output, from kms_lease_describe, given back to kms_lease_adopt.
 */
struct kms_lease_output {
	char name[32]; /* the connector's kernel name */
	uint32_t connector_id, crtc_id, primary_id, cursor_id;
};

/* The records of lease lessee_id's outputs (at most max); *n is how many it holds. */
int kms_lease_describe(const struct kms_device *dev, uint32_t lessee_id,
		       struct kms_lease_output *out, size_t max, size_t *n, struct kms_error *err);
/*
 * Takes over lease lessee_id after a restart: its outputs are marked leased
 * again with the recorded CRTC and planes (so no other output is given
 * them). -ENOENT with a sentence when the kernel lists no such lessee (it
 * closed its fd while dcd was down: nothing to do). When the records do
 * not match this device (an unknown output, a CRTC the connector cannot
 * reach, a plane that is not there, an output already lit or leased), the
 * lease cannot be kept safely: it is revoked, and -ESTALE with a sentence
 * that says so and why.
 */
int kms_lease_adopt(struct kms_device *dev, uint32_t lessee_id, const struct kms_lease_output *outs,
		    size_t n, struct kms_error *err);

/* "connected", "disconnected", "unknown" */
const char *kms_status_name(enum kms_status status);

#endif
