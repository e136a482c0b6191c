/*
 * The KMS engine's insides, shared by its files: engine_kms.c (links,
 * commits, flips, framebuffers, events) and engine_kms_lease.c (DRM
 * leases, and those of the dcd before at a restart). Nothing else in the
 * daemon includes this: the rest reaches the engine through engine.h.
 */
#ifndef DCD_ENGINE_KMS_H
#define DCD_ENGINE_KMS_H

#include <stdbool.h>
#include <stdint.h>

#include <xf86drmMode.h>

#include "engine.h"
#include "kms.h"

/*
 * A plane handle: a client's memfd mapped by dcd (ptr, size), copied into
 * a dumb buffer at each flip; or a buffer the kernel scans out as it is
 * (buf: a dumb buffer dcd allocated and exported, or a client's dma-buf
 * imported), flipped without a copy. ptr is buf's mapping where dcd has
 * one (its own dumb buffers: a cursor is still copied from there).
 */
struct slot {
	const void *ptr;
	uint64_t size;
	struct kms_buffer *buf;
};

/* One output's scanout buffers. */
struct kms_link {
	struct dc_mode *modes; /* the connector's modes as dc/modes */
	size_t mode_count;
	struct kms_buffer buf[2]; /* copies of client frames; fb_id 0: none */
	unsigned front;		  /* buf[front] is on screen (or pending) */
	struct kms_buffer blank;  /* the blank colour at the mode's size */
	uint32_t blank_color;
	struct kms_buffer cursor;
	struct kms_buffer shot; /* screenshots through writeback (ke_capture) */
	bool vblank_on, vblank_requested;
	uint64_t soft_seq, soft_next_ns; /* the timer's vblanks (drivers without a counter) */
};

struct kms_engine {
	struct dcd_engine base;
	struct dcd *dcd;
	struct kms_device *dev;
	unsigned links;
	struct kms_link link[DC_MAX_LINKS];
	struct dc_state current;
	struct slot *slots;
	struct udev *udev;
	struct udev_monitor *mon;
	/*
	 * Drivers without a vblank counter (virtio-gpu, most virtual and USB
	 * displays) send no vblank events; blocking commits and VBLANK
	 * subscribers still need frames, so a timer ticks at each lit
	 * output's refresh instead (sequences counted here, times of the tick).
	 */
	bool no_vblank;
	int timer_fd;
};

static inline struct kms_engine *to_kms(struct dcd_engine *e)
{
	return (struct kms_engine *)e;
}

/* engine_kms.c */
/* Whether fb_id is one of res's framebuffers (GETRESOURCES lists the caller's file's own). */
bool ke_own_fb(const drmModeRes *res, uint32_t fb_id);
/* What the kernel shows at open, as streams without planes (ke_snapshot). */
void ke_read_current(struct kms_engine *ke);

/* engine_kms_lease.c: the engine's DRM lease operations (engine.h) */
int ke_kms_lease(struct dcd_engine *e, const unsigned *links, size_t n, uint32_t *lessee_id,
		 int *fd, char *name, size_t name_size, char *why, size_t why_size);
int ke_kms_lease_revoke(struct dcd_engine *e, uint32_t lessee_id, char *why, size_t why_size);
int ke_kms_lease_describe(struct dcd_engine *e, uint32_t lessee_id,
			  struct dcd_kms_lease_output *out, size_t max, size_t *n);
void ke_kms_leases_adopt(struct dcd_engine *e, const struct dcd_kms_lease_saved *saved, size_t n,
			 bool *kept);
/* Revokes every lessee of the DRM file that no kept lease accounts for. */
void ke_revoke_old_leases(struct kms_engine *ke);

#endif
