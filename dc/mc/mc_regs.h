/*
 * The memory controller's view of the GPU's address space (the MC address
 * space every display fetch goes through): public offsets and fields of
 * AMD's gmc_8_1 (Carrizo, Tonga, Fiji, Polaris) and gmc_8_2 (Stoney)
 * headers, which agree on every name here (tests/regs checks both).
 * Shared with sim/, which models the translation (docs/sim.md, "Memory
 * controller and VRAM").
 *
 * Units, from the field widths and the kernel's gmc_v8_0.c: FB_BASE and
 * FB_TOP are MC address bits 39:24 (16 MiB), the AGP registers and
 * FB_OFFSET bits 39:22 (4 MiB), the system aperture page numbers bits
 * 39:12 (4 KiB).
 */
#ifndef DC_MC_REGS_H
#define DC_MC_REGS_H

// clang-format off

#define mmVM_L2_CNTL                                                0x500
#define mmVM_L2_CNTL2                                               0x501
#define mmVM_L2_CNTL3                                               0x502
#define mmVM_CONTEXT0_CNTL                                          0x504
#define mmVM_CONTEXT0_CNTL2                                         0x50c
#define mmVM_INVALIDATE_REQUEST                                     0x51e
#define mmVM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR                 0x546
#define mmVM_CONTEXT0_PAGE_TABLE_BASE_ADDR                          0x54f
#define mmVM_CONTEXT0_PAGE_TABLE_START_ADDR                         0x557
#define mmVM_CONTEXT0_PAGE_TABLE_END_ADDR                           0x55f
#define mmMC_VM_FB_LOCATION                                         0x809
#define mmMC_VM_AGP_TOP                                             0x80a
#define mmMC_VM_AGP_BOT                                             0x80b
#define mmMC_VM_AGP_BASE                                            0x80c
#define mmMC_VM_SYSTEM_APERTURE_LOW_ADDR                            0x80d
#define mmMC_VM_SYSTEM_APERTURE_HIGH_ADDR                           0x80e
#define mmMC_VM_SYSTEM_APERTURE_DEFAULT_ADDR                        0x80f
#define mmMC_VM_MX_L1_TLB_CNTL                                      0x819
#define mmMC_VM_FB_OFFSET                                           0x81a

#define MC_VM_FB_LOCATION__FB_BASE_MASK                             0xffff
#define MC_VM_FB_LOCATION__FB_BASE__SHIFT                           0x0
#define MC_VM_FB_LOCATION__FB_TOP_MASK                              0xffff0000
#define MC_VM_FB_LOCATION__FB_TOP__SHIFT                            0x10
#define MC_VM_AGP_TOP__AGP_TOP_MASK                                 0x3ffff
#define MC_VM_AGP_TOP__AGP_TOP__SHIFT                               0x0
#define MC_VM_AGP_BOT__AGP_BOT_MASK                                 0x3ffff
#define MC_VM_AGP_BOT__AGP_BOT__SHIFT                               0x0
#define MC_VM_AGP_BASE__AGP_BASE_MASK                               0x3ffff
#define MC_VM_AGP_BASE__AGP_BASE__SHIFT                             0x0
#define MC_VM_SYSTEM_APERTURE_LOW_ADDR__LOGICAL_PAGE_NUMBER_MASK    0xfffffff
#define MC_VM_SYSTEM_APERTURE_LOW_ADDR__LOGICAL_PAGE_NUMBER__SHIFT  0x0
#define MC_VM_SYSTEM_APERTURE_HIGH_ADDR__LOGICAL_PAGE_NUMBER_MASK   0xfffffff
#define MC_VM_SYSTEM_APERTURE_HIGH_ADDR__LOGICAL_PAGE_NUMBER__SHIFT 0x0
#define MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR__PHYSICAL_PAGE_NUMBER_MASK 0xfffffff
#define MC_VM_SYSTEM_APERTURE_DEFAULT_ADDR__PHYSICAL_PAGE_NUMBER__SHIFT 0x0
#define MC_VM_MX_L1_TLB_CNTL__SYSTEM_ACCESS_MODE_MASK               0x18
#define MC_VM_MX_L1_TLB_CNTL__SYSTEM_ACCESS_MODE__SHIFT             0x3
#define MC_VM_MX_L1_TLB_CNTL__SYSTEM_APERTURE_UNMAPPED_ACCESS_MASK  0x20
#define MC_VM_MX_L1_TLB_CNTL__SYSTEM_APERTURE_UNMAPPED_ACCESS__SHIFT 0x5
#define MC_VM_MX_L1_TLB_CNTL__ENABLE_L1_TLB_MASK                    0x1
#define MC_VM_MX_L1_TLB_CNTL__ENABLE_L1_TLB__SHIFT                  0x0
#define MC_VM_MX_L1_TLB_CNTL__ENABLE_ADVANCED_DRIVER_MODEL_MASK     0x40
#define MC_VM_MX_L1_TLB_CNTL__ENABLE_ADVANCED_DRIVER_MODEL__SHIFT   0x6
#define VM_L2_CNTL__ENABLE_L2_CACHE_MASK                            0x1
#define VM_L2_CNTL__ENABLE_L2_CACHE__SHIFT                          0x0
#define VM_L2_CNTL2__INVALIDATE_ALL_L1_TLBS_MASK                    0x1
#define VM_L2_CNTL2__INVALIDATE_ALL_L1_TLBS__SHIFT                  0x0
#define VM_L2_CNTL2__INVALIDATE_L2_CACHE_MASK                       0x2
#define VM_L2_CNTL2__INVALIDATE_L2_CACHE__SHIFT                     0x1
#define VM_CONTEXT0_CNTL__ENABLE_CONTEXT_MASK                       0x1
#define VM_CONTEXT0_CNTL__ENABLE_CONTEXT__SHIFT                     0x0
#define VM_CONTEXT0_CNTL__PAGE_TABLE_DEPTH_MASK                     0x6
#define VM_CONTEXT0_CNTL__PAGE_TABLE_DEPTH__SHIFT                   0x1
#define VM_CONTEXT0_CNTL__RANGE_PROTECTION_FAULT_ENABLE_DEFAULT_MASK 0x10
#define VM_CONTEXT0_CNTL__RANGE_PROTECTION_FAULT_ENABLE_DEFAULT__SHIFT 0x4
#define VM_INVALIDATE_REQUEST__INVALIDATE_DOMAIN_0_MASK             0x1
#define VM_INVALIDATE_REQUEST__INVALIDATE_DOMAIN_0__SHIFT           0x0
#define VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR__PHYSICAL_PAGE_ADDR_MASK 0xfffffff
#define VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR__PHYSICAL_PAGE_ADDR__SHIFT 0x0
#define VM_CONTEXT0_PAGE_TABLE_BASE_ADDR__PHYSICAL_PAGE_NUMBER_MASK 0xfffffff
#define VM_CONTEXT0_PAGE_TABLE_BASE_ADDR__PHYSICAL_PAGE_NUMBER__SHIFT 0x0
#define VM_CONTEXT0_PAGE_TABLE_START_ADDR__LOGICAL_PAGE_NUMBER_MASK 0xfffffff
#define VM_CONTEXT0_PAGE_TABLE_START_ADDR__LOGICAL_PAGE_NUMBER__SHIFT 0x0
#define VM_CONTEXT0_PAGE_TABLE_END_ADDR__LOGICAL_PAGE_NUMBER_MASK   0xfffffff
#define VM_CONTEXT0_PAGE_TABLE_END_ADDR__LOGICAL_PAGE_NUMBER__SHIFT 0x0
#define MC_VM_FB_OFFSET__FB_OFFSET_MASK                             0x3ffff
#define MC_VM_FB_OFFSET__FB_OFFSET__SHIFT                           0x0

// clang-format on

/* The granules of the fields above, as shifts of an MC address. */
#define MC_FB_LOCATION_SHIFT 24 /* FB_BASE, FB_TOP: 16 MiB */
#define MC_AGP_SHIFT	     22 /* AGP_TOP, AGP_BOT, AGP_BASE, FB_OFFSET: 4 MiB */
#define MC_PAGE_SHIFT	     12 /* system aperture page numbers: 4 KiB */
/* An MC address (and a DCE surface address) has 40 bits. */
#define MC_ADDRESS_BITS	     40
/*
 * A VM page table entry (the kernel's AMDGPU_PTE_* in amdgpu_vm.h): valid,
 * system (a bus address, not VRAM), snooped, readable; the page's address
 * in bits 47:12. dc_vram.h's DC_GART_PTE_* are the same bits for dcd.
 */
#define MC_PTE_VALID	     (1ull << 0)
#define MC_PTE_SYSTEM	     (1ull << 1)
#define MC_PTE_SNOOPED	     (1ull << 2)
#define MC_PTE_READABLE	     (1ull << 5)
#define MC_PTE_ADDRESS	     0x0000fffffffff000ull
/* MC_VM_MX_L1_TLB_CNTL.SYSTEM_ACCESS_MODE as the kernel sets it with a GART */
#define MC_ACCESS_MODE_GART  3

#endif
