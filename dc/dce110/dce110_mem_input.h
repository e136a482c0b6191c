/*
 * Pipe setup on DCE 10.0 / 11.0 / 11.2 (dce110_mem_input.c): a pipe's DMIF
 * buffers, its display watermarks and the memory hub's DMIF request limit,
 * in the order the public AMD driver programs them (docs/dc.md, "Pipe
 * setup"). No policy: dc/core decides when and with which numbers.
 *
 * Internal to dc/; not installed.
 */
#ifndef DCE110_MEM_INPUT_H
#define DCE110_MEM_INPUT_H

#include <stdbool.h>
#include <stdint.h>

#include "dc_hw.h"
#include "dce110_regs.h"

/* The buffers a running pipe holds (the public driver's value). */
#define DCE110_DMIF_BUFFERS	     2
/* Polling of DMIF_BUFFERS_ALLOCATION_COMPLETED: every 10 us, as the public driver does */
#define DCE110_DMIF_POLL_NS	     10000ull
/* Allocation waits at most two frames of 30 ms, release 35 ms (the public driver's bounds). */
#define DCE110_DMIF_ALLOC_TIMEOUT_NS 60000000ull
#define DCE110_DMIF_FREE_TIMEOUT_NS  35000000ull

/*
 * Gives pipe its DMIF buffers and waits (through the hw clock) until the
 * engine says the allocation completed, then sets the pixel duration the
 * arbiter weighs the pipe by (ps per pixel). Nothing is written when the
 * pipe already holds them (adoption, a pipe the VBIOS lit). Pipes without a
 * DMIF control register (DCE 10's seventh) return 0. -ETIMEDOUT with the
 * register's last value in *last.
 */
int dce110_dmif_alloc(struct dc_hw *hw, unsigned pipe, uint32_t pixel_khz, uint32_t *last);
/* Takes the buffers back and waits for completion; -ETIMEDOUT with *last. */
int dce110_dmif_free(struct dc_hw *hw, unsigned pipe, uint32_t *last);
/* DMIF_BUFFERS_ALLOCATED of pipe (0 for a pipe without the register). */
unsigned dce110_dmif_buffers(struct dc_hw *hw, unsigned pipe);

/*
 * MC_HUB_RDREQ_DMIF_LIMIT.ENABLE: the generation's limit with one display
 * running, off with more (DCE 10.0 only; nothing is written elsewhere).
 */
void dce110_dmif_limit(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned displays);

/* What the watermark registers of a pipe get, in ns (clamped by the caller's calcs). */
struct dce110_wm_regs {
	uint32_t urgency_low, urgency_high; /* URGENCY_LOW/HIGH_WATERMARK */
	uint32_t stutter_exit;		    /* STUTTER_EXIT_SELF_REFRESH_WATERMARK */
	uint32_t nbp;			    /* NB_PSTATE_CHANGE_WATERMARK */
	bool stutter;			    /* STUTTER_ENABLE */
};

/* Field maxima a caller clamps to. */
#define DCE110_WM_MAX 0xffffu
uint32_t dce110_wm_nbp_max(const struct dce110_regs_gen *g);

/*
 * Writes the watermarks into every set the generation uses (selected
 * through DPG_WATERMARK_MASK_CONTROL), stutter on or off, NB p-state
 * changes allowed.
 */
void dce110_wm_program(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned pipe,
		       const struct dce110_wm_regs *wm);

#endif
