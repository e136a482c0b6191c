/*
 * Scanout buffers in VRAM (docs/daemon.md, "Scanout memory"): the display
 * engine fetches through the memory controller, which reaches VRAM, so a
 * client's frame (a sealed memfd in system memory) is copied into a VRAM
 * buffer through the BAR before the engine is pointed at it. Each output
 * has two buffers per plane (primary, cursor): the one on screen and the
 * one the next frame is copied into.
 *
 * The same code runs on the simulator (its VRAM) and on a GPU (BAR 0
 * through VFIO); only dcd_backend_vram differs.
 */
#ifndef DCD_SCANOUT_H
#define DCD_SCANOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_vram.h"

struct dc_error;
struct dcd;
struct dcd_fb;
struct dcd_plan;
struct dcp_error;

enum dcd_scanout_plane {
	DCD_SCANOUT_PRIMARY,
	DCD_SCANOUT_CURSOR,
	DCD_SCANOUT_PLANES
};

/*
 * After dc exists, before recovery: maps VRAM (dcd_backend_vram), keeps
 * its first page as the MC's default page and lets dc_vram_attach place
 * it. -errno with a log line naming what is missing.
 */
int dcd_scanout_init(struct dcd *dcd);
void dcd_scanout_fini(struct dcd *dcd);

/*
 * Copies fb's plane (offsets[0], pitches[0] x height bytes) into the
 * buffer of link's plane that is not on screen and returns its MC address
 * in *address. -ENOSPC (VRAM full, err says the sizes) or -ENODEV.
 */
int dcd_scanout_copy(struct dcd *dcd, unsigned link, enum dcd_scanout_plane plane,
		     const struct dcd_fb *fb, uint64_t *address, struct dcp_error *err);

/*
 * A commit's planes into VRAM: for every link the plan sets, the primary
 * and cursor framebuffers of the plan are copied and their stream's
 * addresses become the buffers' MC addresses (dcd_apply, before
 * dc_commit). A failure fills err (DC_ERR_PLANE_SIZE: the plane does not
 * fit in VRAM).
 */
int dcd_scanout_plan(struct dcd *dcd, struct dcd_plan *plan, struct dc_error *err);

/*
 * Adoption: the engine shows bytes bytes at MC address address on link's
 * plane; if that is VRAM, takes the buffer out of the free space as the one
 * on screen and returns true (the picture is whole without any client
 * memory). The directory the last dcd kept in VRAM gives the plane's
 * second buffer (taken too: a flip may still latch it) and the id of the
 * framebuffer the picture was copied from (*fb_id, 0 if unknown). false
 * for an address outside VRAM.
 */
bool dcd_scanout_adopt(struct dcd *dcd, unsigned link, enum dcd_scanout_plane plane,
		       uint64_t address, uint64_t bytes, uint32_t *fb_id);

/* fb's id is gone (FB_DESTROY, disconnect): its pages leave dcd's page tables. */
void dcd_scanout_fb_dropped(const struct dcd_fb *fb);

/* Gives back link's buffers (the output went dark). */
void dcd_scanout_release(struct dcd *dcd, unsigned link);

#endif
