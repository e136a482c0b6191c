/*
 * Registers of pipe setup: the DMIF (display memory interface) buffer
 * allocation of each pipe, the DPG watermarks that tell the memory
 * controller how urgently a pipe needs data, and the memory hub's DMIF read
 * request limit.
 *
 * Part of the DCE register map: include dce110_regs.h, not this file. Names,
 * offsets and masks as in the public AMD headers dce_11_0_d.h /
 * dce_11_0_sh_mask.h (DCE100_ / DCE112_ prefixes: where dce_10_0 / dce_11_2
 * differ, see dce110_regs_gen.h) and, for MC_HUB_RDREQ_DMIF_LIMIT, the
 * memory controller headers gmc_8_1_d.h / gmc_8_1_sh_mask.h (the register
 * sits in the same MMIO BAR, outside the DCE block; tests/regs checks it
 * there).
 *
 * The watermark registers are banked: DPG_WATERMARK_MASK_CONTROL selects
 * which watermark set a write to (and a read of) DPG_PIPE_URGENCY_CONTROL,
 * DPG_PIPE_STUTTER_CONTROL's watermark and DPG_PIPE_NB_PSTATE_CHANGE_CONTROL's
 * watermark reaches; the memory controller picks the set by its own clock
 * state. Watermarks are in nanoseconds.
 *
 * Not here, on purpose: DMIF_ADDR_CONFIG / DMIF_ADDR_CALC describe the tiling
 * address layout (GB_ADDR_CONFIG); the kernel's graphics block (gfx_v8_0)
 * writes DMIF_ADDR_CALC at its own init and DC never does. dcd scans out
 * linear surfaces only, which do not use it (DCE 11.2 has no DMIF_ADDR_CONFIG
 * at all). DPG_PIPE_STUTTER_CONTROL_NONLPTCH is written by the kernel's
 * frame buffer compression code only; dcd has no FBC.
 */
#ifndef DCE110_REGS_DMIF_H
#define DCE110_REGS_DMIF_H

// clang-format off

/* ---- DMIF buffers: one control register per pipe (PIPE0..5) ------------- */

#define mmPIPE0_DMIF_BUFFER_CONTROL                                        0x321
#define PIPE0_DMIF_BUFFER_CONTROL__DMIF_BUFFERS_ALLOCATED_MASK             0x7
#define PIPE0_DMIF_BUFFER_CONTROL__DMIF_BUFFERS_ALLOCATED__SHIFT           0x0
#define PIPE0_DMIF_BUFFER_CONTROL__DMIF_BUFFERS_ALLOCATION_COMPLETED_MASK  0x10
#define PIPE0_DMIF_BUFFER_CONTROL__DMIF_BUFFERS_ALLOCATION_COMPLETED__SHIFT 0x4

/* PIPEn_DMIF_BUFFER_CONTROL = PIPE0 + entry n (the six pipes with DMIF buffers) */
static const uint32_t dce110_dmif_offsets[] DCE110_MAYBE_UNUSED = {
	0x0, 0x1, 0x2, 0x3, 0x4, 0x5,
};
#define DCE110_MAX_DMIF 6

/*
 * ---- DVMM_PTE_REQ (DCE 11.0 and 11.2; DCE 10.0 has none): how the display
 * requests page table entries when it scans out through the GPU's page
 * tables (the GART on Carrizo and Stoney).
 */
#define mmDVMM_PTE_REQ                                                     0x330
#define DVMM_PTE_REQ__MAX_PTEREQ_TO_ISSUE_MASK                             0xff
#define DVMM_PTE_REQ__MAX_PTEREQ_TO_ISSUE__SHIFT                           0x0
#define DVMM_PTE_REQ__HFLIP_PTEREQ_PER_CHUNK_INT_MASK                      0xff00
#define DVMM_PTE_REQ__HFLIP_PTEREQ_PER_CHUNK_INT__SHIFT                    0x8
#define DVMM_PTE_REQ__HFLIP_PTEREQ_PER_CHUNK_MULTIPLIER_MASK               0x3f0000
#define DVMM_PTE_REQ__HFLIP_PTEREQ_PER_CHUNK_MULTIPLIER__SHIFT             0x10

/* ---- DPG (display pipe glue) of pipe n: + dce110_crtc_offsets[n] --------- */

#define mmDPG_PIPE_ARBITRATION_CONTROL1                                    0x1b30
#define DPG_PIPE_ARBITRATION_CONTROL1__PIXEL_DURATION_MASK                 0xffff
#define DPG_PIPE_ARBITRATION_CONTROL1__PIXEL_DURATION__SHIFT               0x0

#define mmDPG_WATERMARK_MASK_CONTROL                                       0x1b32
#define DPG_WATERMARK_MASK_CONTROL__STUTTER_EXIT_SELF_REFRESH_WATERMARK_MASK_MASK   0x3
#define DPG_WATERMARK_MASK_CONTROL__STUTTER_EXIT_SELF_REFRESH_WATERMARK_MASK__SHIFT 0x0
#define DPG_WATERMARK_MASK_CONTROL__URGENCY_WATERMARK_MASK_MASK            0x300
#define DPG_WATERMARK_MASK_CONTROL__URGENCY_WATERMARK_MASK__SHIFT          0x8
#define DPG_WATERMARK_MASK_CONTROL__NB_PSTATE_CHANGE_WATERMARK_MASK_MASK   0x30000
#define DPG_WATERMARK_MASK_CONTROL__NB_PSTATE_CHANGE_WATERMARK_MASK__SHIFT 0x10

#define mmDPG_PIPE_URGENCY_CONTROL                                         0x1b33
#define DPG_PIPE_URGENCY_CONTROL__URGENCY_LOW_WATERMARK_MASK               0xffff
#define DPG_PIPE_URGENCY_CONTROL__URGENCY_LOW_WATERMARK__SHIFT             0x0
#define DPG_PIPE_URGENCY_CONTROL__URGENCY_HIGH_WATERMARK_MASK              0xffff0000
#define DPG_PIPE_URGENCY_CONTROL__URGENCY_HIGH_WATERMARK__SHIFT            0x10

#define mmDPG_PIPE_STUTTER_CONTROL                                         0x1b35
#define DPG_PIPE_STUTTER_CONTROL__STUTTER_ENABLE_MASK                      0x1
#define DPG_PIPE_STUTTER_CONTROL__STUTTER_ENABLE__SHIFT                    0x0
#define DPG_PIPE_STUTTER_CONTROL__STUTTER_IGNORE_FBC_MASK                  0x80
#define DPG_PIPE_STUTTER_CONTROL__STUTTER_IGNORE_FBC__SHIFT                0x7
#define DPG_PIPE_STUTTER_CONTROL__STUTTER_EXIT_SELF_REFRESH_WATERMARK_MASK   0xffff0000
#define DPG_PIPE_STUTTER_CONTROL__STUTTER_EXIT_SELF_REFRESH_WATERMARK__SHIFT 0x10

#define mmDPG_PIPE_NB_PSTATE_CHANGE_CONTROL                                0x1b36
#define DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_ENABLE_MASK    0x1
#define DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_ENABLE__SHIFT  0x0
#define DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_URGENT_DURING_REQUEST_MASK   0x10
#define DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_URGENT_DURING_REQUEST__SHIFT 0x4
#define DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_NOT_SELF_REFRESH_DURING_REQUEST_MASK   0x100
#define DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_NOT_SELF_REFRESH_DURING_REQUEST__SHIFT 0x8
#define DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_WATERMARK_MASK   0xffff0000
#define DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_WATERMARK__SHIFT 0x10

/* the last DPG register (not written by dc; the simulator's DPG window ends here) */
#define mmDPG_PIPE_STUTTER_CONTROL_NONLPTCH                                0x1b37

/* DCE 11.2: three-bit set selects, a 17-bit NB p-state watermark */
#define DCE112_DPG_WATERMARK_MASK_CONTROL__STUTTER_EXIT_SELF_REFRESH_WATERMARK_MASK_MASK   0x7
#define DCE112_DPG_WATERMARK_MASK_CONTROL__STUTTER_EXIT_SELF_REFRESH_WATERMARK_MASK__SHIFT 0x0
#define DCE112_DPG_WATERMARK_MASK_CONTROL__URGENCY_WATERMARK_MASK_MASK            0x700
#define DCE112_DPG_WATERMARK_MASK_CONTROL__URGENCY_WATERMARK_MASK__SHIFT          0x8
#define DCE112_DPG_WATERMARK_MASK_CONTROL__NB_PSTATE_CHANGE_WATERMARK_MASK_MASK   0x70000
#define DCE112_DPG_WATERMARK_MASK_CONTROL__NB_PSTATE_CHANGE_WATERMARK_MASK__SHIFT 0x10
#define DCE112_DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_WATERMARK_MASK   0xffff8000
#define DCE112_DPG_PIPE_NB_PSTATE_CHANGE_CONTROL__NB_PSTATE_CHANGE_WATERMARK__SHIFT 0xf

/* ---- memory hub (GMC 8.1 / 8.2, same offset and fields) ------------------ */

#define mmMC_HUB_RDREQ_DMIF_LIMIT                                          0x848
#define MC_HUB_RDREQ_DMIF_LIMIT__ENABLE_MASK                               0x3
#define MC_HUB_RDREQ_DMIF_LIMIT__ENABLE__SHIFT                             0x0

// clang-format on

#endif
