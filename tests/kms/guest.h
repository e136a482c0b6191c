/*
 * The program that runs inside the QEMU guest and proves kms/ on a real
 * kernel driver (vkms or virtio-gpu). Each check prints one line
 * "RESULT <name> PASS|FAIL <detail>"; run-kms-test asserts every expected
 * name for the driver.
 */
#ifndef KMS_GUEST_H
#define KMS_GUEST_H

#include <stdbool.h>
#include <stdint.h>

#include "guest_result.h"
#include "kms.h"

struct guest {
	const char *driver; /* "vkms" or "virtio_gpu" */
	struct kms_device *dev;
	struct kms_device *old_dev; /* the instance check_adopt left behind, closed at the end */
	int main_out;		    /* the output the parent lights and flips */
	int lease_out;		    /* the output leased to a child (== main_out on vkms) */
	drmModeModeInfo mode;
	struct kms_buffer buf[2];
};

/* Waits for the flip of output to complete; false on timeout. */
bool wait_flip(struct guest *g, int output, struct kms_flip_event *ev);
/* The output's preferred mode (or its first), false when it has none. */
bool preferred_mode(const struct kms_output *o, drmModeModeInfo *mode);
uint64_t now_ns(void);
/* Writes value (on, off, detect) to /sys/class/drm/card0-NAME/status. */
int force_status(const char *name, const char *value);

void check_outputs(struct guest *g);
void check_modeset_and_flips(struct guest *g);
void check_buffers_and_cursor(struct guest *g);
void check_refusals(struct guest *g);
void check_lease(struct guest *g);
void check_hotplug(struct guest *g);
/* A property's current value on a KMS object, -1 when it has none. */
int64_t object_prop(int fd, uint32_t object, uint32_t type, const char *name);
void check_adopt(struct guest *g);
/* Clients' dma-bufs imported as framebuffers, and refused with sentences. */
void check_import(struct guest *g);
/* Leases across a restart: kept, ended while down, stale records revoked. */
void check_lease_restart(struct guest *g);
/* vkms: the debugfs CRCs of composed frames follow the flips. */
void check_crc(struct guest *g);
/* Screenshots through the writeback connector (vkms), refused elsewhere. */
void check_writeback(struct guest *g);
/* The same on a fresh open: lights the main output first (dcd-kms-guest DRIVER writeback). */
void check_writeback_stock(struct guest *g);

#endif
