/*
 * The one register outside the display engine that Display Core reads: the
 * bus interface's BIOS_SCRATCH_7 (bif_5_0_d.h, every VI part: Carrizo,
 * Stoney, Tonga, Fiji, Polaris), where the video BIOS's ASIC_Init leaves
 * ATOM_S7_ASIC_INIT_COMPLETE (atombios.h) once it has posted the GPU; the
 * kernel's amdgpu reads it the same way to decide whether to post
 * (dc/core/bios_post.c). Included by dce110_regs.h.
 */
#ifndef DCE110_REGS_BIF_H
#define DCE110_REGS_BIF_H

#define BIF50_mmBIOS_SCRATCH_7		0x5d0
/* atombios.h: ATOM_S7_ASIC_INIT_COMPLETEb1 (bit 9 of the scratch register) */
#define ATOM_S7_ASIC_INIT_COMPLETE_MASK 0x00000200

#endif
