/*
 * The KMS engine's internals: the device, its CRTCs and planes with the
 * property ids atomic requests need, shared helpers.
 */
#ifndef KMS_PRIV_H
#define KMS_PRIV_H

#include <stdarg.h>

#include <xf86drm.h>

#include "kms.h"

#define KMS_MAX_CRTCS	   8
#define KMS_MAX_PLANES	   32
#define KMS_MAX_WRITEBACKS 4
#define KMS_WB_MAX_FORMATS 16

struct kms_crtc {
	uint32_t id;
	uint32_t prop_active, prop_mode_id;
	uint32_t mode_blob; /* ours, for the mode last committed; 0 when none */
	/* Flip state: one pending flip at a time. */
	bool flip_pending;
	size_t flip_output;
	void *flip_user_data;
	/* The last sequence delivered, 64 bits; vblank false: the kernel sends none. */
	uint64_t last_sequence;
	bool vblank;
};

struct kms_plane {
	uint32_t id;
	uint32_t type; /* DRM_PLANE_TYPE_* */
	uint32_t possible_crtcs;
	uint32_t prop_fb_id, prop_crtc_id;
	uint32_t prop_src_x, prop_src_y, prop_src_w, prop_src_h;
	uint32_t prop_crtc_x, prop_crtc_y, prop_crtc_w, prop_crtc_h;
};

/* A writeback connector (writeback.c): not an output, a way to capture a CRTC. */
struct kms_writeback {
	uint32_t connector_id, encoder_id;
	uint32_t possible_crtcs;
	uint32_t prop_crtc_id, prop_fb_id, prop_out_fence;
	uint32_t formats[KMS_WB_MAX_FORMATS];
	size_t num_formats;
	uint32_t attached_crtc; /* routed to this CRTC (committed); 0: none */
	uint32_t routing_crtc;	/* routed by the request being built */
};

/* One vblank request per output; its address is the kernel event's user data. */
struct kms_vblank_req {
	struct kms_device *dev;
	size_t output;
	void *user_data;
	bool pending;
};

struct kms_device {
	int fd;
	char path[64];
	char driver[32];
	struct kms_crtc crtcs[KMS_MAX_CRTCS];
	size_t num_crtcs;
	struct kms_plane planes[KMS_MAX_PLANES];
	size_t num_planes;
	struct kms_output outputs[KMS_MAX_OUTPUTS];
	uint32_t prop_connector_crtc[KMS_MAX_OUTPUTS];
	struct kms_vblank_req vblank_req[KMS_MAX_OUTPUTS];
	size_t num_outputs;
	struct kms_writeback writebacks[KMS_MAX_WRITEBACKS];
	size_t num_writebacks;
	/*
	 * The user data of this device's flips and vblank requests (the low
	 * byte: the output of a vblank request). Random per open: the DRM file
	 * may have been another process's (a dcd before, through the fd
	 * store), whose pending events arrive here carrying its own pointers;
	 * kms_dispatch drops events without this cookie.
	 */
	uint64_t cookie;
	/* Set during kms_dispatch only. */
	const struct kms_events *dispatch_events;
	void *dispatch_data;
};

/* Fills err (may be NULL) with a formatted sentence and returns code. */
__attribute__((format(printf, 3, 4))) int kms_fail(struct kms_error *err, int code, const char *fmt,
						   ...);

/* The id of the property called name on an object, 0 when it has none. */
uint32_t kms_prop_id(int fd, uint32_t object, uint32_t type, const char *name);
/* The current value of that property; -ENOENT when there is none. */
int kms_prop_value(int fd, uint32_t object, uint32_t type, const char *name, uint64_t *value);

/* Reads CRTCs and planes with their property ids (at open). */
int kms_objects_read(struct kms_device *dev, struct kms_error *err);
struct kms_crtc *kms_crtc_by_id(struct kms_device *dev, uint32_t id);
int kms_crtc_index(const struct kms_device *dev, uint32_t id);
struct kms_plane *kms_plane_by_id(struct kms_device *dev, uint32_t id);
/* "primary", "cursor", "overlay" */
const char *kms_plane_type_name(uint32_t type);

/*
 * The kernel's 32-bit event sequence placed at or after last (64 bits): the
 * first value with those low 32 bits, so a wrap of the 32-bit count carries.
 */
uint64_t kms_sequence_extend(uint64_t last, uint32_t seq);

/* The mode's refresh rate in mHz, for sentences and frame periods. */
uint32_t kms_mode_mhz(const drmModeModeInfo *mode);

/*
 * Adds one output's configuration to an atomic request: connector, CRTC
 * (mode blob created in *blob when active; the caller destroys it) and
 * primary plane. The output must be assigned.
 */
int kms_request_output(struct kms_device *dev, drmModeAtomicReq *req,
		       const struct kms_output_config *cfg, uint32_t *blob, struct kms_error *err);
/*
 * Sends req as a blocking commit and frees it: 0 or the kernel's -errno
 * (the caller says what was refused). build_failed: a property could not
 * be added; -ENOMEM with a sentence naming name instead.
 */
int kms_send_blocking(struct kms_device *dev, drmModeAtomicReq *req, bool build_failed,
		      const char *name, struct kms_error *err);
/* Adds the primary plane's framebuffer only (a flip, or a plane test). */
int kms_request_plane(struct kms_device *dev, drmModeAtomicReq *req, const struct kms_output *o,
		      uint32_t fb_id, uint32_t fb_width, uint32_t fb_height, uint32_t mode_w,
		      uint32_t mode_h);

/* -EBUSY with a sentence when the output is leased or out of range. */
int kms_output_usable(const struct kms_device *dev, size_t output, struct kms_error *err);

/* Assigns the active outputs of cfg that have no CRTC; *assigned: bit per output assigned now. */
int kms_config_prepare(struct kms_device *dev, const struct kms_output_config *cfg, size_t n,
		       uint32_t *assigned, struct kms_error *err);
void kms_config_unassign(struct kms_device *dev, uint32_t assigned);
/* Builds and sends one atomic request for cfg (blobs: n mode blobs created, caller frees). */
int kms_config_request(struct kms_device *dev, const struct kms_output_config *cfg, size_t n,
		       uint32_t flags, uint32_t *blobs, struct kms_error *err);
void kms_blobs_destroy(struct kms_device *dev, uint32_t *blobs, size_t n);
/* Turns the kernel's errno r for cfg into a sentence naming the piece it refused. */
void kms_diagnose(struct kms_device *dev, const struct kms_output_config *cfg, size_t n, int r,
		  struct kms_error *err);

/* Marks lit the outputs the kernel shows (active CRTC, mode, primary plane); returns how many. */
int kms_adopt(struct kms_device *dev);

/*
 * Writeback connectors (writeback.c): found at open (before the first
 * probe, which skips them; their routing read by kms_writeback_adopt). A
 * request that lights a CRTC routes a free one to it (kms_writeback_route:
 * 1 when it added the routing); kms_writeback_settle(committed) after the
 * request makes that routing current or forgets it. A request that
 * switches a CRTC off detaches the one routed to it, and the commit's
 * success says so (kms_writeback_detached).
 */
void kms_writeback_read(struct kms_device *dev);
void kms_writeback_adopt(struct kms_device *dev);
bool kms_is_writeback(const struct kms_device *dev, uint32_t connector_id);
int kms_writeback_route(struct kms_device *dev, drmModeAtomicReq *req, uint32_t crtc_id,
			uint32_t connector_id);
void kms_writeback_settle(struct kms_device *dev, bool committed);
int kms_writeback_detach(struct kms_device *dev, drmModeAtomicReq *req, uint32_t crtc_id);
void kms_writeback_detached(struct kms_device *dev, uint32_t crtc_id);

/* Frees an output's EDID and modes. */
void kms_output_clear(struct kms_output *o);

#endif
