/*
 * The interrupt handler (IH) block of the OSS generations dcd drives: the
 * ring the GPU writes interrupt vectors into. Public offsets and fields of
 * AMD's oss_3_0 (Tonga, Fiji, Polaris) and oss_3_0_1 (Carrizo, Stoney)
 * headers, with the prefix OSS30_ / OSS301_ saying which one (tests/regs
 * checks each name there without the prefix). Shared with sim/, which
 * models the block at the same offsets.
 *
 * The two differ in where the interrupt enable and the read-pointer re-arm
 * live (IH_RB_CNTL on 3.0, IH_CNTL on 3.0.1), in WPTR_OVERFLOW_ENABLE
 * (3.0.1 only: 3.0 has no such field and flags an overflow always) and in
 * the read-pointer doorbell (3.0 only: dcd keeps it off and writes
 * IH_RB_RPTR). struct dc_ih_gen is that difference as data.
 *
 * Source ids and data of the display engine's vectors are those of the
 * kernel's ivsrcid_vislands30.h (public facts; the header is not vendored):
 * per display controller Dn (n = 1..6, CRTC n-1) V_UPDATE 7 + 2(n-1),
 * GRPH_PFLIP 8 + 2(n-1), vertical interrupt 0 at 19 + (n-1) with data 7;
 * hot plug 42 with data 0..5 (DC_HPD1..6) and HPD RX 42 with data 6..11.
 */
#ifndef DC_IH_REGS_H
#define DC_IH_REGS_H

#include <stdint.h>

// clang-format off

/* OSS 3.0 (oss_3_0_d.h, oss_3_0_sh_mask.h) */
#define OSS30_mmIH_RB_CNTL                              0xe30
#define OSS30_mmIH_RB_BASE                              0xe31
#define OSS30_mmIH_RB_RPTR                              0xe32
#define OSS30_mmIH_RB_WPTR                              0xe33
#define OSS30_mmIH_RB_WPTR_ADDR_HI                      0xe34
#define OSS30_mmIH_RB_WPTR_ADDR_LO                      0xe35
#define OSS30_mmIH_CNTL                                 0xe36
#define OSS30_mmIH_STATUS                               0xe38
#define OSS30_mmIH_DOORBELL_RPTR                        0xe42
#define OSS30_IH_RB_CNTL__RB_ENABLE_MASK                0x1
#define OSS30_IH_RB_CNTL__RB_SIZE_MASK                  0x3e
#define OSS30_IH_RB_CNTL__RB_SIZE__SHIFT                0x1
#define OSS30_IH_RB_CNTL__WPTR_WRITEBACK_ENABLE_MASK    0x100
#define OSS30_IH_RB_CNTL__ENABLE_INTR_MASK              0x20000
#define OSS30_IH_RB_CNTL__RPTR_REARM_MASK               0x200000
#define OSS30_IH_RB_CNTL__MC_VMID_MASK                  0xf000000
#define OSS30_IH_RB_CNTL__WPTR_OVERFLOW_CLEAR_MASK      0x80000000
#define OSS30_IH_RB_RPTR__OFFSET_MASK                   0x3fffc
#define OSS30_IH_RB_WPTR__RB_OVERFLOW_MASK              0x1
#define OSS30_IH_RB_WPTR__OFFSET_MASK                   0x3fffc
#define OSS30_IH_RB_WPTR_ADDR_HI__ADDR_MASK             0xff
#define OSS30_IH_RB_WPTR_ADDR_LO__ADDR_MASK             0xfffffffc
#define OSS30_IH_STATUS__RB_FULL_MASK                   0x8
#define OSS30_IH_STATUS__RB_OVERFLOW_MASK               0x20
#define OSS30_IH_DOORBELL_RPTR__ENABLE_MASK             0x10000000

/* OSS 3.0.1 (oss_3_0_1_d.h, oss_3_0_1_sh_mask.h): where it differs */
#define OSS301_mmIH_RB_CNTL                             0xe30
#define OSS301_mmIH_CNTL                                0xe36
#define OSS301_IH_RB_CNTL__WPTR_OVERFLOW_ENABLE_MASK    0x10000
#define OSS301_IH_CNTL__ENABLE_INTR_MASK                0x1
#define OSS301_IH_CNTL__RPTR_REARM_MASK                 0x10
#define OSS301_IH_CNTL__MC_VMID_MASK                    0x1e000000
/* the same in both (checked in oss_3_0_1 too) */
#define OSS301_mmIH_RB_BASE                             0xe31
#define OSS301_mmIH_RB_RPTR                             0xe32
#define OSS301_mmIH_RB_WPTR                             0xe33
#define OSS301_mmIH_RB_WPTR_ADDR_HI                     0xe34
#define OSS301_mmIH_RB_WPTR_ADDR_LO                     0xe35
#define OSS301_mmIH_STATUS                              0xe38
#define OSS301_IH_RB_CNTL__RB_ENABLE_MASK               0x1
#define OSS301_IH_RB_CNTL__RB_SIZE_MASK                 0x3e
#define OSS301_IH_RB_CNTL__RB_SIZE__SHIFT               0x1
#define OSS301_IH_RB_CNTL__WPTR_WRITEBACK_ENABLE_MASK   0x100
#define OSS301_IH_RB_CNTL__WPTR_OVERFLOW_CLEAR_MASK     0x80000000
#define OSS301_IH_RB_RPTR__OFFSET_MASK                  0x3fffc
#define OSS301_IH_RB_WPTR__RB_OVERFLOW_MASK             0x1
#define OSS301_IH_RB_WPTR__OFFSET_MASK                  0x3fffc
#define OSS301_IH_RB_WPTR_ADDR_HI__ADDR_MASK            0xff
#define OSS301_IH_RB_WPTR_ADDR_LO__ADDR_MASK            0xfffffffc
#define OSS301_IH_STATUS__RB_FULL_MASK                  0x8
#define OSS301_IH_STATUS__RB_OVERFLOW_MASK              0x20

/* Short names for what both generations share (asserted equal below). */
#define IH_REG_RB_CNTL          OSS30_mmIH_RB_CNTL
#define IH_REG_RB_BASE          OSS30_mmIH_RB_BASE
#define IH_REG_RB_RPTR          OSS30_mmIH_RB_RPTR
#define IH_REG_RB_WPTR          OSS30_mmIH_RB_WPTR
#define IH_REG_RB_WPTR_ADDR_HI  OSS30_mmIH_RB_WPTR_ADDR_HI
#define IH_REG_RB_WPTR_ADDR_LO  OSS30_mmIH_RB_WPTR_ADDR_LO
#define IH_REG_CNTL             OSS30_mmIH_CNTL
#define IH_REG_STATUS           OSS30_mmIH_STATUS
#define IH_RB_ENABLE            OSS30_IH_RB_CNTL__RB_ENABLE_MASK
#define IH_RB_SIZE_MASK         OSS30_IH_RB_CNTL__RB_SIZE_MASK
#define IH_RB_SIZE_SHIFT        OSS30_IH_RB_CNTL__RB_SIZE__SHIFT
#define IH_WPTR_WRITEBACK       OSS30_IH_RB_CNTL__WPTR_WRITEBACK_ENABLE_MASK
#define IH_WPTR_OVERFLOW_CLEAR  OSS30_IH_RB_CNTL__WPTR_OVERFLOW_CLEAR_MASK
#define IH_PTR_OFFSET           OSS30_IH_RB_WPTR__OFFSET_MASK
#define IH_WPTR_OVERFLOW        OSS30_IH_RB_WPTR__RB_OVERFLOW_MASK
#define IH_WPTR_ADDR_HI_MASK    OSS30_IH_RB_WPTR_ADDR_HI__ADDR_MASK
#define IH_WPTR_ADDR_LO_MASK    OSS30_IH_RB_WPTR_ADDR_LO__ADDR_MASK
#define IH_STATUS_RB_FULL       OSS30_IH_STATUS__RB_FULL_MASK
#define IH_STATUS_RB_OVERFLOW   OSS30_IH_STATUS__RB_OVERFLOW_MASK

_Static_assert(OSS30_mmIH_RB_CNTL == OSS301_mmIH_RB_CNTL &&
	       OSS30_mmIH_RB_BASE == OSS301_mmIH_RB_BASE &&
	       OSS30_mmIH_RB_RPTR == OSS301_mmIH_RB_RPTR &&
	       OSS30_mmIH_RB_WPTR == OSS301_mmIH_RB_WPTR &&
	       OSS30_mmIH_RB_WPTR_ADDR_HI == OSS301_mmIH_RB_WPTR_ADDR_HI &&
	       OSS30_mmIH_RB_WPTR_ADDR_LO == OSS301_mmIH_RB_WPTR_ADDR_LO &&
	       OSS30_mmIH_CNTL == OSS301_mmIH_CNTL && OSS30_mmIH_STATUS == OSS301_mmIH_STATUS,
	       "IH registers at one offset in OSS 3.0 and 3.0.1");
_Static_assert(OSS30_IH_RB_CNTL__RB_ENABLE_MASK == OSS301_IH_RB_CNTL__RB_ENABLE_MASK &&
	       OSS30_IH_RB_CNTL__RB_SIZE_MASK == OSS301_IH_RB_CNTL__RB_SIZE_MASK &&
	       OSS30_IH_RB_CNTL__RB_SIZE__SHIFT == OSS301_IH_RB_CNTL__RB_SIZE__SHIFT &&
	       OSS30_IH_RB_CNTL__WPTR_WRITEBACK_ENABLE_MASK ==
		       OSS301_IH_RB_CNTL__WPTR_WRITEBACK_ENABLE_MASK &&
	       OSS30_IH_RB_CNTL__WPTR_OVERFLOW_CLEAR_MASK ==
		       OSS301_IH_RB_CNTL__WPTR_OVERFLOW_CLEAR_MASK &&
	       OSS30_IH_RB_RPTR__OFFSET_MASK == OSS301_IH_RB_RPTR__OFFSET_MASK &&
	       OSS30_IH_RB_WPTR__OFFSET_MASK == OSS301_IH_RB_WPTR__OFFSET_MASK &&
	       OSS30_IH_RB_WPTR__RB_OVERFLOW_MASK == OSS301_IH_RB_WPTR__RB_OVERFLOW_MASK &&
	       OSS30_IH_RB_WPTR_ADDR_HI__ADDR_MASK == OSS301_IH_RB_WPTR_ADDR_HI__ADDR_MASK &&
	       OSS30_IH_RB_WPTR_ADDR_LO__ADDR_MASK == OSS301_IH_RB_WPTR_ADDR_LO__ADDR_MASK &&
	       OSS30_IH_STATUS__RB_FULL_MASK == OSS301_IH_STATUS__RB_FULL_MASK &&
	       OSS30_IH_STATUS__RB_OVERFLOW_MASK == OSS301_IH_STATUS__RB_OVERFLOW_MASK,
	       "IH fields at one place in OSS 3.0 and 3.0.1");

/* Vector layout and display source ids (ivsrcid_vislands30.h). */
#define IH_VECTOR_BYTES         16
#define IH_SRC_ID_MASK          0xffu      /* dword 0 */
#define IH_SRC_DATA_MASK        0xfffffffu /* dword 1 */
#define IH_SRC_D1_V_UPDATE      7u   /* + 2 per display controller */
#define IH_SRC_D1_GRPH_PFLIP    8u   /* + 2 per display controller */
#define IH_SRC_D1_VLINE         19u  /* + 1 per display controller */
#define IH_DATA_VLINE0          7u   /* vertical interrupt 0 */
#define IH_SRC_HPD              42u
#define IH_DATA_HPD1            0u   /* + line */
#define IH_DATA_HPD1_RX         6u   /* + line */
#define IH_DISPLAY_CONTROLLERS  6u

// clang-format on

enum dc_ih_gen_id {
	DC_IH_OSS_3_0,	 /* Tonga, Fiji, Polaris */
	DC_IH_OSS_3_0_1, /* Carrizo, Stoney */
	DC_IH_GEN_COUNT,
};

/* What differs between OSS 3.0 and 3.0.1; 0 where a generation has none. */
struct dc_ih_gen {
	const char *name;
	uint32_t intr_reg; /* the register holding ENABLE_INTR and RPTR_REARM */
	uint32_t enable_intr;
	uint32_t rptr_rearm;
	uint32_t mc_vmid;	  /* the MC_VMID field, kept 0 (the kernel's choice) */
	uint32_t overflow_enable; /* IH_RB_CNTL.WPTR_OVERFLOW_ENABLE */
	uint32_t doorbell_reg;	  /* IH_DOORBELL_RPTR */
	uint32_t doorbell_enable; /* its ENABLE field */
};

// clang-format off
static const struct dc_ih_gen dc_ih_gens[DC_IH_GEN_COUNT] __attribute__((unused)) = {
	[DC_IH_OSS_3_0] = {
		.name = "OSS 3.0",
		.intr_reg = OSS30_mmIH_RB_CNTL,
		.enable_intr = OSS30_IH_RB_CNTL__ENABLE_INTR_MASK,
		.rptr_rearm = OSS30_IH_RB_CNTL__RPTR_REARM_MASK,
		.mc_vmid = OSS30_IH_RB_CNTL__MC_VMID_MASK,
		.overflow_enable = 0,
		.doorbell_reg = OSS30_mmIH_DOORBELL_RPTR,
		.doorbell_enable = OSS30_IH_DOORBELL_RPTR__ENABLE_MASK,
	},
	[DC_IH_OSS_3_0_1] = {
		.name = "OSS 3.0.1",
		.intr_reg = OSS301_mmIH_CNTL,
		.enable_intr = OSS301_IH_CNTL__ENABLE_INTR_MASK,
		.rptr_rearm = OSS301_IH_CNTL__RPTR_REARM_MASK,
		.mc_vmid = OSS301_IH_CNTL__MC_VMID_MASK,
		.overflow_enable = OSS301_IH_RB_CNTL__WPTR_OVERFLOW_ENABLE_MASK,
		.doorbell_reg = 0,
		.doorbell_enable = 0,
	},
};
// clang-format on

#endif
