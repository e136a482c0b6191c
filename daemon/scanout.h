/*
 * Scanout memory of the Display Core engine (docs/daemon.md, "Scanout
 * memory"); used by engine_dc.c only, so request handlers never learn
 * where a frame is fetched from. The display engine fetches through the
 * GPU's memory controller, which reaches VRAM and, where a GART is set
 * up, pages of system memory; it cannot fetch a client's memfd by its
 * bus address alone. Two ways, chosen by the ASIC when the engine opens:
 *
 *  - copy (discrete GPUs: Tonga, Fiji, Polaris): a plane's "address" is
 *    the framebuffer's device address as the backend mapped it; every
 *    commit, flip and cursor change copies the frame into one of two VRAM
 *    buffers of its plane (the one not on screen) and points the engine
 *    there. current() and snapshot() give the framebuffer addresses back.
 *  - GART (APUs: Carrizo, Stoney): the framebuffer's pages go into VM
 *    context 0's page table at map, and the address handed out is where
 *    they appear in the MC address space; planes scan them out directly
 *    (no copy).
 *
 * Both keep their state in VRAM (the directory of buffers, the GART
 * table), which VRAM keeps while the GPU is powered, so a restarted dcd
 * adopts what is on screen without re-creating it.
 */
#ifndef DCD_SCANOUT_H
#define DCD_SCANOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc.h"

struct dcd_scanout;

/*
 * After dc exists, before adoption: VRAM as the host reaches it (the
 * BAR), placed by dc_vram_attach; gart: map framebuffer pages into a GART
 * rather than copying. -errno with why naming what is missing.
 */
int dcd_scanout_new(struct dc *dc, void *vram, uint64_t vram_bytes, bool gart,
		    struct dcd_scanout **out, char *why, size_t why_size);
void dcd_scanout_free(struct dcd_scanout *s);
bool dcd_scanout_gart(const struct dcd_scanout *s);

/*
 * Framebuffer memory [ptr, ptr + size) the backend mapped at bus address
 * iova: *address is what planes use (copy: iova; GART: the MC address of
 * its pages in the GART aperture).
 */
int dcd_scanout_map(struct dcd_scanout *s, const void *ptr, uint64_t size, uint64_t iova,
		    uint64_t *address, char *why, size_t why_size);
/*
 * The same at a given address (a framebuffer back from the fd store):
 * *iova is where the backend must map it again (GART: what its table
 * entry says; copy: address).
 */
int dcd_scanout_map_at(struct dcd_scanout *s, const void *ptr, uint64_t size, uint64_t address,
		       uint64_t *iova);
/* Forgets address; returns the bus address the backend unmaps, or UINT64_MAX. */
uint64_t dcd_scanout_unmap(struct dcd_scanout *s, uint64_t address);

/*
 * A commit: out is state with each plane's address one the engine can
 * fetch (copy: the frame copied into VRAM). -ENOSPC with err filled when
 * VRAM has no room, -EINVAL when an address is not mapped memory.
 */
int dcd_scanout_commit(struct dcd_scanout *s, const struct dc_state *state, struct dc_state *out,
		       struct dc_error *err);
/* A flip of link's primary plane to address: *fetch is what dc_flip gets. */
int dcd_scanout_flip(struct dcd_scanout *s, unsigned link, uint64_t address, uint64_t *fetch);
/* A cursor change: out is cursor with an address the engine can fetch. */
int dcd_scanout_cursor(struct dcd_scanout *s, unsigned link, const struct dc_cursor *cursor,
		       struct dc_cursor *out);
/* The engine's state hw with the addresses the daemon handed in (identity with a GART). */
const struct dc_state *dcd_scanout_current(struct dcd_scanout *s, const struct dc_state *hw);
/* After the engine was told: the buffers of links no stream lights any more are freed. */
void dcd_scanout_committed(struct dcd_scanout *s, const struct dc_state *hw);

/*
 * Restarts. snapshot: what dc_snapshot read, its VRAM addresses replaced
 * by the framebuffer addresses the last dcd's directory names (left as
 * they are when it names none). adopt: the reverse for dc_adopt, taking
 * the buffers on screen (and their partners) out of the free space.
 */
void dcd_scanout_snapshot(struct dcd_scanout *s, struct dc_state *state);
void dcd_scanout_adopt(struct dcd_scanout *s, const struct dc_state *state, struct dc_state *out);

#endif
