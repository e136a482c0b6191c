/*
 * Register map of the DCE 11.0 (Carrizo, Stoney) and DCE 10.0 (Tonga, Fiji)
 * display engine blocks that dcd programs and that sim/ models.
 *
 * The one place that defines register numbers: dc/ and sim/ both include it.
 * Offsets are dword offsets (the mmFOO numbers of the public AMD register
 * headers, not byte offsets) and every field comes as REG__FIELD_MASK and
 * REG__FIELD__SHIFT so that DC_FIELD_GET/SET (dc_hw.h) work. Names are kept
 * exactly as in the public headers drivers/gpu/drm/amd/include/asic_reg/dce/
 * dce_11_0_d.h, dce_11_0_sh_mask.h and dce_10_0_d.h (Linux kernel), so any
 * value here can be cross-checked there. Only the registers of the modelled
 * blocks are listed.
 *
 * Per-instance blocks: the generic name (mmCRTC_CONTROL, mmDC_HPD_INT_STATUS,
 * ...) is the address of instance 0; instance n is at generic + the n-th entry
 * of the block's offset table below (dce110_crtc_offsets[] etc.).
 *
 * DCE 11.0 versus DCE 10.0, for what is listed here:
 *  - Addresses and field layouts are the same in both headers.
 *  - DCE 10.0 has a seventh pipe (CRTC6/DCP6, offset 0x2c00); DCE 11.0 has
 *    six. The ASIC profile decides how many instances exist (Carrizo 3
 *    timing generators, Stoney 2, Tonga and Fiji 6), not this header.
 *  - DCE 11.0 has DIG0..8 (nine instances); the Tonga/Fiji profile uses
 *    DIG0..6.
 *  - Both name the hot-plug blocks DC_HPD_* with instances HPD0..5 at
 *    0x1898 + 8n (what is called DC_HPD1..6 elsewhere is HPD0..5 here).
 *  - PHYPLL_PIXCLK_CNTL, SYMCLKG_CLOCK_ENABLE and the DCFEV (underlay)
 *    registers exist only in DCE 11.0 and are not used by dcd.
 *  - HDMI_CONTROL's HDMI_DATA_SCRAMBLE_EN and HDMI_CLOCK_CHANNEL_RATE are
 *    taken from the DCE 11.0 header; the simulator models them on every
 *    profile.
 *
 * Pixel clocks: the public headers expose the display PLLs only as opaque
 * DCCG_PLLn_PLL_MACRO_CNTL_RESERVED0..41 words (the real driver programs the
 * dividers through VBIOS command tables). The dividers therefore live in the
 * "dcd simulator extension" section at the end, outside the real register
 * aperture; docs/sim.md describes their exact semantics.
 */
#ifndef DCE110_REGS_H
#define DCE110_REGS_H

#include <stdint.h>

#if defined(__GNUC__)
#define DCE110_MAYBE_UNUSED __attribute__((unused))
#else
#define DCE110_MAYBE_UNUSED
#endif

// clang-format off

/* ---- Instance offset tables (add to the generic register number) ------- */

/* CRTC, DCP (GRPH, CUR), FMT and LB of pipe n: 0..5 (DCE 11.0), 0..6 (DCE 10.0) */
static const uint32_t dce110_crtc_offsets[] DCE110_MAYBE_UNUSED = {
	0x0000, 0x0200, 0x0400, 0x2600, 0x2800, 0x2a00, 0x2c00,
};
/* DIG (FE, BE, HDMI, AFMT, TMDS) and DP blocks of encoder n */
static const uint32_t dce110_dig_offsets[] DCE110_MAYBE_UNUSED = {
	0x000, 0x100, 0x200, 0x300, 0x400, 0x500, 0xa00, 0xc00, 0xd00,
};
/* DC_HPD_* of hot-plug line n (HPD0..5) */
static const uint32_t dce110_hpd_offsets[] DCE110_MAYBE_UNUSED = {
	0x00, 0x08, 0x10, 0x18, 0x20, 0x28,
};
/* AUX_* of DP_AUX0..5 */
static const uint32_t dce110_aux_offsets[] DCE110_MAYBE_UNUSED = {
	0x00, 0x1c, 0x38, 0x54, 0x70, 0x8c,
};
/* DC_I2C_DDCn_SPEED / DC_I2C_DDCn_SETUP of DDC line n (DDC1..6 = index 0..5) */
static const uint32_t dce110_ddc_offsets[] DCE110_MAYBE_UNUSED = {
	0x0, 0x2, 0x4, 0x6, 0x8, 0xa,
};
/* CRTCn_PIXEL_RATE_CNTL, DP_DTOn_PHASE, DP_DTOn_MODULO of CRTC n */
static const uint32_t dce110_pixclk_offsets[] DCE110_MAYBE_UNUSED = {
	0x00, 0x04, 0x08, 0x0c, 0x10, 0x14,
};
/* DISP_INTERRUPT_STATUS register that summarises display n (see below) */
static const uint32_t dce110_disp_int_status_offsets[] DCE110_MAYBE_UNUSED = {
	0x0, 0x1, 0x2, 0x3, 0x4, 0x5,
};

#define DCE110_MAX_PIPES 7
#define DCE110_MAX_DIGS  9
#define DCE110_MAX_HPDS  6
#define DCE110_MAX_AUXES 6
#define DCE110_MAX_DDCS  6

/* ---- CRTC: timing generator ------------------------------------------- */

#define mmCRTC_3D_STRUCTURE_CONTROL           0x1b78
#define mmCRTC_GSL_VSYNC_GAP                  0x1b79
#define mmCRTC_GSL_WINDOW                     0x1b7a
#define mmCRTC_GSL_CONTROL                    0x1b7b
#define mmCRTC_H_BLANK_EARLY_NUM              0x1b7d
#define mmCRTC_H_TOTAL                        0x1b80
#define mmCRTC_H_BLANK_START_END              0x1b81
#define mmCRTC_H_SYNC_A                       0x1b82
#define mmCRTC_H_SYNC_A_CNTL                  0x1b83
#define mmCRTC_H_SYNC_B                       0x1b84
#define mmCRTC_H_SYNC_B_CNTL                  0x1b85
#define mmCRTC_VBI_END                        0x1b86
#define mmCRTC_V_TOTAL                        0x1b87
#define mmCRTC_V_TOTAL_MIN                    0x1b88
#define mmCRTC_V_TOTAL_MAX                    0x1b89
#define mmCRTC_V_TOTAL_CONTROL                0x1b8a
#define mmCRTC_V_TOTAL_INT_STATUS             0x1b8b
#define mmCRTC_VSYNC_NOM_INT_STATUS           0x1b8c
#define mmCRTC_V_BLANK_START_END              0x1b8d
#define mmCRTC_V_SYNC_A                       0x1b8e
#define mmCRTC_V_SYNC_A_CNTL                  0x1b8f
#define mmCRTC_V_SYNC_B                       0x1b90
#define mmCRTC_V_SYNC_B_CNTL                  0x1b91
#define mmCRTC_DTMTEST_CNTL                   0x1b92
#define mmCRTC_DTMTEST_STATUS_POSITION        0x1b93
#define mmCRTC_TRIGA_CNTL                     0x1b94
#define mmCRTC_TRIGA_MANUAL_TRIG              0x1b95
#define mmCRTC_TRIGB_CNTL                     0x1b96
#define mmCRTC_TRIGB_MANUAL_TRIG              0x1b97
#define mmCRTC_FORCE_COUNT_NOW_CNTL           0x1b98
#define mmCRTC_FLOW_CONTROL                   0x1b99
#define mmCRTC_STEREO_FORCE_NEXT_EYE          0x1b9a
#define mmCRTC_AVSYNC_COUNTER                 0x1b9b
#define mmCRTC_CONTROL                        0x1b9c
#define mmCRTC_BLANK_CONTROL                  0x1b9d
#define mmCRTC_INTERLACE_CONTROL              0x1b9e
#define mmCRTC_INTERLACE_STATUS               0x1b9f
#define mmCRTC_FIELD_INDICATION_CONTROL       0x1ba0
#define mmCRTC_PIXEL_DATA_READBACK0           0x1ba1
#define mmCRTC_PIXEL_DATA_READBACK1           0x1ba2
#define mmCRTC_STATUS                         0x1ba3
#define mmCRTC_STATUS_POSITION                0x1ba4
#define mmCRTC_NOM_VERT_POSITION              0x1ba5
#define mmCRTC_STATUS_FRAME_COUNT             0x1ba6
#define mmCRTC_STATUS_VF_COUNT                0x1ba7
#define mmCRTC_STATUS_HV_COUNT                0x1ba8
#define mmCRTC_COUNT_CONTROL                  0x1ba9
#define mmCRTC_COUNT_RESET                    0x1baa
#define mmCRTC_MANUAL_FORCE_VSYNC_NEXT_LINE   0x1bab
#define mmCRTC_VERT_SYNC_CONTROL              0x1bac
#define mmCRTC_STEREO_STATUS                  0x1bad
#define mmCRTC_STEREO_CONTROL                 0x1bae
#define mmCRTC_SNAPSHOT_STATUS                0x1baf
#define mmCRTC_SNAPSHOT_CONTROL               0x1bb0
#define mmCRTC_SNAPSHOT_POSITION              0x1bb1
#define mmCRTC_SNAPSHOT_FRAME                 0x1bb2
#define mmCRTC_START_LINE_CONTROL             0x1bb3
#define mmCRTC_INTERRUPT_CONTROL              0x1bb4
#define mmCRTC_UPDATE_LOCK                    0x1bb5
#define mmCRTC_DOUBLE_BUFFER_CONTROL          0x1bb6
#define mmCRTC_VGA_PARAMETER_CAPTURE_MODE     0x1bb7
#define mmCRTC_TEST_PATTERN_CONTROL           0x1bba
#define mmCRTC_TEST_PATTERN_PARAMETERS        0x1bbb
#define mmCRTC_TEST_PATTERN_COLOR             0x1bbc
#define mmCRTC_MASTER_UPDATE_LOCK             0x1bbd
#define mmCRTC_MASTER_UPDATE_MODE             0x1bbe
#define mmCRTC_MVP_INBAND_CNTL_INSERT         0x1bbf
#define mmCRTC_MVP_INBAND_CNTL_INSERT_TIMER   0x1bc0
#define mmCRTC_MVP_STATUS                     0x1bc1
#define mmCRTC_MASTER_EN                      0x1bc2
#define mmCRTC_ALLOW_STOP_OFF_V_CNT           0x1bc3
#define mmCRTC_V_UPDATE_INT_STATUS            0x1bc4
#define mmCRTC_TEST_DEBUG_INDEX               0x1bc6
#define mmCRTC_TEST_DEBUG_DATA                0x1bc7
#define mmCRTC_OVERSCAN_COLOR                 0x1bc8
#define mmCRTC_OVERSCAN_COLOR_EXT             0x1bc9
#define mmCRTC_BLANK_DATA_COLOR               0x1bca
#define mmCRTC_BLANK_DATA_COLOR_EXT           0x1bcb
#define mmCRTC_BLACK_COLOR                    0x1bcc
#define mmCRTC_BLACK_COLOR_EXT                0x1bcd
#define mmCRTC_VERTICAL_INTERRUPT0_POSITION   0x1bce
#define mmCRTC_VERTICAL_INTERRUPT0_CONTROL    0x1bcf
#define mmCRTC_VERTICAL_INTERRUPT1_POSITION   0x1bd0
#define mmCRTC_VERTICAL_INTERRUPT1_CONTROL    0x1bd1
#define mmCRTC_VERTICAL_INTERRUPT2_POSITION   0x1bd2
#define mmCRTC_VERTICAL_INTERRUPT2_CONTROL    0x1bd3
#define mmCRTC_CRC_CNTL                       0x1bd4
#define mmCRTC_CRC0_WINDOWA_X_CONTROL         0x1bd5
#define mmCRTC_CRC0_WINDOWA_Y_CONTROL         0x1bd6
#define mmCRTC_CRC0_WINDOWB_X_CONTROL         0x1bd7
#define mmCRTC_CRC0_WINDOWB_Y_CONTROL         0x1bd8
#define mmCRTC_CRC0_DATA_RG                   0x1bd9
#define mmCRTC_CRC0_DATA_B                    0x1bda
#define mmCRTC_STATIC_SCREEN_CONTROL          0x1be7

#define CRTC_H_TOTAL__CRTC_H_TOTAL_MASK                           0x3fff
#define CRTC_H_TOTAL__CRTC_H_TOTAL__SHIFT                         0x0
#define CRTC_H_BLANK_START_END__CRTC_H_BLANK_START_MASK           0x3fff
#define CRTC_H_BLANK_START_END__CRTC_H_BLANK_START__SHIFT         0x0
#define CRTC_H_BLANK_START_END__CRTC_H_BLANK_END_MASK             0x3fff0000
#define CRTC_H_BLANK_START_END__CRTC_H_BLANK_END__SHIFT           0x10
#define CRTC_H_SYNC_A__CRTC_H_SYNC_A_START_MASK                   0x3fff
#define CRTC_H_SYNC_A__CRTC_H_SYNC_A_START__SHIFT                 0x0
#define CRTC_H_SYNC_A__CRTC_H_SYNC_A_END_MASK                     0x3fff0000
#define CRTC_H_SYNC_A__CRTC_H_SYNC_A_END__SHIFT                   0x10
#define CRTC_H_SYNC_A_CNTL__CRTC_H_SYNC_A_POL_MASK                0x1
#define CRTC_H_SYNC_A_CNTL__CRTC_H_SYNC_A_POL__SHIFT              0x0
#define CRTC_H_SYNC_A_CNTL__CRTC_COMP_SYNC_A_EN_MASK              0x10000
#define CRTC_H_SYNC_A_CNTL__CRTC_COMP_SYNC_A_EN__SHIFT            0x10
#define CRTC_H_SYNC_A_CNTL__CRTC_H_SYNC_A_CUTOFF_MASK             0x20000
#define CRTC_H_SYNC_A_CNTL__CRTC_H_SYNC_A_CUTOFF__SHIFT           0x11
#define CRTC_VBI_END__CRTC_VBI_V_END_MASK                         0x3fff
#define CRTC_VBI_END__CRTC_VBI_V_END__SHIFT                       0x0
#define CRTC_VBI_END__CRTC_VBI_H_END_MASK                         0x3fff0000
#define CRTC_VBI_END__CRTC_VBI_H_END__SHIFT                       0x10
#define CRTC_V_TOTAL__CRTC_V_TOTAL_MASK                           0x3fff
#define CRTC_V_TOTAL__CRTC_V_TOTAL__SHIFT                         0x0
#define CRTC_V_TOTAL_MIN__CRTC_V_TOTAL_MIN_MASK                   0x3fff
#define CRTC_V_TOTAL_MIN__CRTC_V_TOTAL_MIN__SHIFT                 0x0
#define CRTC_V_TOTAL_MAX__CRTC_V_TOTAL_MAX_MASK                   0x3fff
#define CRTC_V_TOTAL_MAX__CRTC_V_TOTAL_MAX__SHIFT                 0x0
#define CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MIN_SEL_MASK           0x1
#define CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MIN_SEL__SHIFT         0x0
#define CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MAX_SEL_MASK           0x10
#define CRTC_V_TOTAL_CONTROL__CRTC_V_TOTAL_MAX_SEL__SHIFT         0x4
#define CRTC_VSYNC_NOM_INT_STATUS__CRTC_VSYNC_NOM_MASK            0x1
#define CRTC_VSYNC_NOM_INT_STATUS__CRTC_VSYNC_NOM__SHIFT          0x0
#define CRTC_VSYNC_NOM_INT_STATUS__CRTC_VSYNC_NOM_INT_CLEAR_MASK  0x10
#define CRTC_VSYNC_NOM_INT_STATUS__CRTC_VSYNC_NOM_INT_CLEAR__SHIFT 0x4
#define CRTC_V_BLANK_START_END__CRTC_V_BLANK_START_MASK           0x3fff
#define CRTC_V_BLANK_START_END__CRTC_V_BLANK_START__SHIFT         0x0
#define CRTC_V_BLANK_START_END__CRTC_V_BLANK_END_MASK             0x3fff0000
#define CRTC_V_BLANK_START_END__CRTC_V_BLANK_END__SHIFT           0x10
#define CRTC_V_SYNC_A__CRTC_V_SYNC_A_START_MASK                   0x3fff
#define CRTC_V_SYNC_A__CRTC_V_SYNC_A_START__SHIFT                 0x0
#define CRTC_V_SYNC_A__CRTC_V_SYNC_A_END_MASK                     0x3fff0000
#define CRTC_V_SYNC_A__CRTC_V_SYNC_A_END__SHIFT                   0x10
#define CRTC_V_SYNC_A_CNTL__CRTC_V_SYNC_A_POL_MASK                0x1
#define CRTC_V_SYNC_A_CNTL__CRTC_V_SYNC_A_POL__SHIFT              0x0

#define CRTC_CONTROL__CRTC_MASTER_EN_MASK                         0x1
#define CRTC_CONTROL__CRTC_MASTER_EN__SHIFT                       0x0
#define CRTC_CONTROL__CRTC_SYNC_RESET_SEL_MASK                    0x10
#define CRTC_CONTROL__CRTC_SYNC_RESET_SEL__SHIFT                  0x4
#define CRTC_CONTROL__CRTC_DISABLE_POINT_CNTL_MASK                0x300
#define CRTC_CONTROL__CRTC_DISABLE_POINT_CNTL__SHIFT              0x8
#define CRTC_CONTROL__CRTC_START_POINT_CNTL_MASK                  0x1000
#define CRTC_CONTROL__CRTC_START_POINT_CNTL__SHIFT                0xc
#define CRTC_CONTROL__CRTC_FIELD_NUMBER_CNTL_MASK                 0x2000
#define CRTC_CONTROL__CRTC_FIELD_NUMBER_CNTL__SHIFT               0xd
#define CRTC_CONTROL__CRTC_FIELD_NUMBER_POLARITY_MASK             0x4000
#define CRTC_CONTROL__CRTC_FIELD_NUMBER_POLARITY__SHIFT           0xe
#define CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE_MASK           0x10000
#define CRTC_CONTROL__CRTC_CURRENT_MASTER_EN_STATE__SHIFT         0x10
#define CRTC_CONTROL__CRTC_HBLANK_EARLY_CONTROL_MASK              0x700000
#define CRTC_CONTROL__CRTC_HBLANK_EARLY_CONTROL__SHIFT            0x14
#define CRTC_CONTROL__CRTC_DISP_READ_REQUEST_DISABLE_MASK         0x1000000
#define CRTC_CONTROL__CRTC_DISP_READ_REQUEST_DISABLE__SHIFT       0x18
#define CRTC_CONTROL__CRTC_SOF_PULL_EN_MASK                       0x20000000
#define CRTC_CONTROL__CRTC_SOF_PULL_EN__SHIFT                     0x1d
#define CRTC_CONTROL__CRTC_AVSYNC_LOCK_SNAPSHOT_MASK              0x40000000
#define CRTC_CONTROL__CRTC_AVSYNC_LOCK_SNAPSHOT__SHIFT            0x1e
#define CRTC_CONTROL__CRTC_AVSYNC_VSYNC_N_HSYNC_MODE_MASK         0x80000000
#define CRTC_CONTROL__CRTC_AVSYNC_VSYNC_N_HSYNC_MODE__SHIFT       0x1f
#define CRTC_BLANK_CONTROL__CRTC_CURRENT_BLANK_STATE_MASK         0x1
#define CRTC_BLANK_CONTROL__CRTC_CURRENT_BLANK_STATE__SHIFT       0x0
#define CRTC_BLANK_CONTROL__CRTC_BLANK_DATA_EN_MASK               0x100
#define CRTC_BLANK_CONTROL__CRTC_BLANK_DATA_EN__SHIFT             0x8
#define CRTC_BLANK_CONTROL__CRTC_BLANK_DE_MODE_MASK               0x10000
#define CRTC_BLANK_CONTROL__CRTC_BLANK_DE_MODE__SHIFT             0x10
#define CRTC_INTERLACE_CONTROL__CRTC_INTERLACE_ENABLE_MASK        0x1
#define CRTC_INTERLACE_CONTROL__CRTC_INTERLACE_ENABLE__SHIFT      0x0
#define CRTC_INTERLACE_CONTROL__CRTC_INTERLACE_FORCE_NEXT_FIELD_MASK  0x30000
#define CRTC_INTERLACE_CONTROL__CRTC_INTERLACE_FORCE_NEXT_FIELD__SHIFT 0x10

#define CRTC_STATUS__CRTC_V_BLANK_MASK                            0x1
#define CRTC_STATUS__CRTC_V_BLANK__SHIFT                          0x0
#define CRTC_STATUS__CRTC_V_ACTIVE_DISP_MASK                      0x2
#define CRTC_STATUS__CRTC_V_ACTIVE_DISP__SHIFT                    0x1
#define CRTC_STATUS__CRTC_V_SYNC_A_MASK                           0x4
#define CRTC_STATUS__CRTC_V_SYNC_A__SHIFT                         0x2
#define CRTC_STATUS__CRTC_V_UPDATE_MASK                           0x8
#define CRTC_STATUS__CRTC_V_UPDATE__SHIFT                         0x3
#define CRTC_STATUS__CRTC_V_START_LINE_MASK                       0x10
#define CRTC_STATUS__CRTC_V_START_LINE__SHIFT                     0x4
#define CRTC_STATUS__CRTC_V_BLANK_3D_STRUCTURE_MASK               0x20
#define CRTC_STATUS__CRTC_V_BLANK_3D_STRUCTURE__SHIFT             0x5
#define CRTC_STATUS__CRTC_H_BLANK_MASK                            0x10000
#define CRTC_STATUS__CRTC_H_BLANK__SHIFT                          0x10
#define CRTC_STATUS__CRTC_H_ACTIVE_DISP_MASK                      0x20000
#define CRTC_STATUS__CRTC_H_ACTIVE_DISP__SHIFT                    0x11
#define CRTC_STATUS__CRTC_H_SYNC_A_MASK                           0x40000
#define CRTC_STATUS__CRTC_H_SYNC_A__SHIFT                         0x12
#define CRTC_STATUS_POSITION__CRTC_VERT_COUNT_MASK                0x3fff
#define CRTC_STATUS_POSITION__CRTC_VERT_COUNT__SHIFT              0x0
#define CRTC_STATUS_POSITION__CRTC_HORZ_COUNT_MASK                0x3fff0000
#define CRTC_STATUS_POSITION__CRTC_HORZ_COUNT__SHIFT              0x10
#define CRTC_NOM_VERT_POSITION__CRTC_VERT_COUNT_NOM_MASK          0x3fff
#define CRTC_NOM_VERT_POSITION__CRTC_VERT_COUNT_NOM__SHIFT        0x0
#define CRTC_STATUS_FRAME_COUNT__CRTC_FRAME_COUNT_MASK            0xffffff
#define CRTC_STATUS_FRAME_COUNT__CRTC_FRAME_COUNT__SHIFT          0x0
#define CRTC_STATUS_VF_COUNT__CRTC_VF_COUNT_MASK                  0x3fffffff
#define CRTC_STATUS_VF_COUNT__CRTC_VF_COUNT__SHIFT                0x0
#define CRTC_STATUS_HV_COUNT__CRTC_HV_COUNT_MASK                  0x3fffffff
#define CRTC_STATUS_HV_COUNT__CRTC_HV_COUNT__SHIFT                0x0
#define CRTC_COUNT_RESET__CRTC_RESET_FRAME_COUNT_MASK             0x1
#define CRTC_COUNT_RESET__CRTC_RESET_FRAME_COUNT__SHIFT           0x0

#define CRTC_START_LINE_CONTROL__CRTC_PROGRESSIVE_START_LINE_EARLY_MASK    0x1
#define CRTC_START_LINE_CONTROL__CRTC_PROGRESSIVE_START_LINE_EARLY__SHIFT  0x0
#define CRTC_START_LINE_CONTROL__CRTC_INTERLACE_START_LINE_EARLY_MASK      0x2
#define CRTC_START_LINE_CONTROL__CRTC_INTERLACE_START_LINE_EARLY__SHIFT    0x1
#define CRTC_START_LINE_CONTROL__CRTC_PREFETCH_EN_MASK                     0x4
#define CRTC_START_LINE_CONTROL__CRTC_PREFETCH_EN__SHIFT                   0x2
#define CRTC_START_LINE_CONTROL__CRTC_LEGACY_REQUESTOR_EN_MASK             0x100
#define CRTC_START_LINE_CONTROL__CRTC_LEGACY_REQUESTOR_EN__SHIFT           0x8
#define CRTC_START_LINE_CONTROL__CRTC_ADVANCED_START_LINE_POSITION_MASK    0xff000
#define CRTC_START_LINE_CONTROL__CRTC_ADVANCED_START_LINE_POSITION__SHIFT  0xc

#define CRTC_INTERRUPT_CONTROL__CRTC_SNAPSHOT_INT_MSK_MASK                 0x1
#define CRTC_INTERRUPT_CONTROL__CRTC_SNAPSHOT_INT_MSK__SHIFT               0x0
#define CRTC_INTERRUPT_CONTROL__CRTC_SNAPSHOT_INT_TYPE_MASK                0x2
#define CRTC_INTERRUPT_CONTROL__CRTC_SNAPSHOT_INT_TYPE__SHIFT              0x1
#define CRTC_INTERRUPT_CONTROL__CRTC_V_UPDATE_INT_MSK_MASK                 0x10
#define CRTC_INTERRUPT_CONTROL__CRTC_V_UPDATE_INT_MSK__SHIFT               0x4
#define CRTC_INTERRUPT_CONTROL__CRTC_V_UPDATE_INT_TYPE_MASK                0x20
#define CRTC_INTERRUPT_CONTROL__CRTC_V_UPDATE_INT_TYPE__SHIFT              0x5
#define CRTC_INTERRUPT_CONTROL__CRTC_FORCE_COUNT_NOW_INT_MSK_MASK          0x100
#define CRTC_INTERRUPT_CONTROL__CRTC_FORCE_COUNT_NOW_INT_MSK__SHIFT        0x8
#define CRTC_INTERRUPT_CONTROL__CRTC_FORCE_COUNT_NOW_INT_TYPE_MASK         0x200
#define CRTC_INTERRUPT_CONTROL__CRTC_FORCE_COUNT_NOW_INT_TYPE__SHIFT       0x9
#define CRTC_INTERRUPT_CONTROL__CRTC_FORCE_VSYNC_NEXT_LINE_INT_MSK_MASK    0x10000
#define CRTC_INTERRUPT_CONTROL__CRTC_FORCE_VSYNC_NEXT_LINE_INT_MSK__SHIFT  0x10
#define CRTC_INTERRUPT_CONTROL__CRTC_FORCE_VSYNC_NEXT_LINE_INT_TYPE_MASK   0x20000
#define CRTC_INTERRUPT_CONTROL__CRTC_FORCE_VSYNC_NEXT_LINE_INT_TYPE__SHIFT 0x11
#define CRTC_INTERRUPT_CONTROL__CRTC_TRIGA_INT_MSK_MASK                    0x1000000
#define CRTC_INTERRUPT_CONTROL__CRTC_TRIGA_INT_MSK__SHIFT                  0x18
#define CRTC_INTERRUPT_CONTROL__CRTC_TRIGB_INT_MSK_MASK                    0x2000000
#define CRTC_INTERRUPT_CONTROL__CRTC_TRIGB_INT_MSK__SHIFT                  0x19
#define CRTC_INTERRUPT_CONTROL__CRTC_TRIGA_INT_TYPE_MASK                   0x4000000
#define CRTC_INTERRUPT_CONTROL__CRTC_TRIGA_INT_TYPE__SHIFT                 0x1a
#define CRTC_INTERRUPT_CONTROL__CRTC_TRIGB_INT_TYPE_MASK                   0x8000000
#define CRTC_INTERRUPT_CONTROL__CRTC_TRIGB_INT_TYPE__SHIFT                 0x1b
#define CRTC_INTERRUPT_CONTROL__CRTC_VSYNC_NOM_INT_MSK_MASK                0x10000000
#define CRTC_INTERRUPT_CONTROL__CRTC_VSYNC_NOM_INT_MSK__SHIFT              0x1c
#define CRTC_INTERRUPT_CONTROL__CRTC_VSYNC_NOM_INT_TYPE_MASK               0x20000000
#define CRTC_INTERRUPT_CONTROL__CRTC_VSYNC_NOM_INT_TYPE__SHIFT             0x1d
#define CRTC_INTERRUPT_CONTROL__CRTC_GSL_VSYNC_GAP_INT_MSK_MASK            0x40000000
#define CRTC_INTERRUPT_CONTROL__CRTC_GSL_VSYNC_GAP_INT_MSK__SHIFT          0x1e
#define CRTC_INTERRUPT_CONTROL__CRTC_GSL_VSYNC_GAP_INT_TYPE_MASK           0x80000000
#define CRTC_INTERRUPT_CONTROL__CRTC_GSL_VSYNC_GAP_INT_TYPE__SHIFT         0x1f

#define CRTC_UPDATE_LOCK__CRTC_UPDATE_LOCK_MASK                            0x1
#define CRTC_UPDATE_LOCK__CRTC_UPDATE_LOCK__SHIFT                          0x0
#define CRTC_DOUBLE_BUFFER_CONTROL__CRTC_UPDATE_PENDING_MASK               0x1
#define CRTC_DOUBLE_BUFFER_CONTROL__CRTC_UPDATE_PENDING__SHIFT             0x0
#define CRTC_DOUBLE_BUFFER_CONTROL__CRTC_UPDATE_INSTANTLY_MASK             0x100
#define CRTC_DOUBLE_BUFFER_CONTROL__CRTC_UPDATE_INSTANTLY__SHIFT           0x8
#define CRTC_DOUBLE_BUFFER_CONTROL__CRTC_BLANK_DATA_DOUBLE_BUFFER_EN_MASK  0x10000
#define CRTC_DOUBLE_BUFFER_CONTROL__CRTC_BLANK_DATA_DOUBLE_BUFFER_EN__SHIFT 0x10
#define CRTC_TEST_PATTERN_CONTROL__CRTC_TEST_PATTERN_EN_MASK               0x1
#define CRTC_TEST_PATTERN_CONTROL__CRTC_TEST_PATTERN_EN__SHIFT             0x0
#define CRTC_TEST_PATTERN_CONTROL__CRTC_TEST_PATTERN_MODE_MASK             0x700
#define CRTC_TEST_PATTERN_CONTROL__CRTC_TEST_PATTERN_MODE__SHIFT           0x8
#define CRTC_MASTER_UPDATE_LOCK__MASTER_UPDATE_LOCK_MASK                   0x1
#define CRTC_MASTER_UPDATE_LOCK__MASTER_UPDATE_LOCK__SHIFT                 0x0
#define CRTC_MASTER_UPDATE_LOCK__GSL_CONTROL_MASTER_UPDATE_LOCK_MASK       0x100
#define CRTC_MASTER_UPDATE_LOCK__GSL_CONTROL_MASTER_UPDATE_LOCK__SHIFT     0x8
#define CRTC_MASTER_UPDATE_LOCK__UNDERFLOW_UPDATE_LOCK_MASK                0x10000
#define CRTC_MASTER_UPDATE_LOCK__UNDERFLOW_UPDATE_LOCK__SHIFT              0x10
#define CRTC_MASTER_UPDATE_MODE__MASTER_UPDATE_MODE_MASK                   0x7
#define CRTC_MASTER_UPDATE_MODE__MASTER_UPDATE_MODE__SHIFT                 0x0
#define CRTC_MASTER_UPDATE_MODE__MASTER_UPDATE_INTERLACED_MODE_MASK        0x30000
#define CRTC_MASTER_UPDATE_MODE__MASTER_UPDATE_INTERLACED_MODE__SHIFT      0x10
#define CRTC_MASTER_EN__CRTC_MASTER_EN_MASK                                0x1
#define CRTC_MASTER_EN__CRTC_MASTER_EN__SHIFT                              0x0
#define CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_OCCURRED_MASK          0x1
#define CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_OCCURRED__SHIFT        0x0
#define CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_CLEAR_MASK             0x100
#define CRTC_V_UPDATE_INT_STATUS__CRTC_V_UPDATE_INT_CLEAR__SHIFT           0x8

#define CRTC_OVERSCAN_COLOR__CRTC_OVERSCAN_COLOR_BLUE_MASK                 0x3ff
#define CRTC_OVERSCAN_COLOR__CRTC_OVERSCAN_COLOR_BLUE__SHIFT               0x0
#define CRTC_OVERSCAN_COLOR__CRTC_OVERSCAN_COLOR_GREEN_MASK                0xffc00
#define CRTC_OVERSCAN_COLOR__CRTC_OVERSCAN_COLOR_GREEN__SHIFT              0xa
#define CRTC_OVERSCAN_COLOR__CRTC_OVERSCAN_COLOR_RED_MASK                  0x3ff00000
#define CRTC_OVERSCAN_COLOR__CRTC_OVERSCAN_COLOR_RED__SHIFT                0x14
#define CRTC_BLANK_DATA_COLOR__CRTC_BLANK_DATA_COLOR_BLUE_CB_MASK          0x3ff
#define CRTC_BLANK_DATA_COLOR__CRTC_BLANK_DATA_COLOR_BLUE_CB__SHIFT        0x0
#define CRTC_BLANK_DATA_COLOR__CRTC_BLANK_DATA_COLOR_GREEN_Y_MASK          0xffc00
#define CRTC_BLANK_DATA_COLOR__CRTC_BLANK_DATA_COLOR_GREEN_Y__SHIFT        0xa
#define CRTC_BLANK_DATA_COLOR__CRTC_BLANK_DATA_COLOR_RED_CR_MASK           0x3ff00000
#define CRTC_BLANK_DATA_COLOR__CRTC_BLANK_DATA_COLOR_RED_CR__SHIFT         0x14
#define CRTC_BLACK_COLOR__CRTC_BLACK_COLOR_B_CB_MASK                       0x3ff
#define CRTC_BLACK_COLOR__CRTC_BLACK_COLOR_B_CB__SHIFT                     0x0
#define CRTC_BLACK_COLOR__CRTC_BLACK_COLOR_G_Y_MASK                        0xffc00
#define CRTC_BLACK_COLOR__CRTC_BLACK_COLOR_G_Y__SHIFT                      0xa
#define CRTC_BLACK_COLOR__CRTC_BLACK_COLOR_R_CR_MASK                       0x3ff00000
#define CRTC_BLACK_COLOR__CRTC_BLACK_COLOR_R_CR__SHIFT                     0x14

#define CRTC_VERTICAL_INTERRUPT0_POSITION__CRTC_VERTICAL_INTERRUPT0_LINE_START_MASK   0x3fff
#define CRTC_VERTICAL_INTERRUPT0_POSITION__CRTC_VERTICAL_INTERRUPT0_LINE_START__SHIFT 0x0
#define CRTC_VERTICAL_INTERRUPT0_POSITION__CRTC_VERTICAL_INTERRUPT0_LINE_END_MASK     0x3fff0000
#define CRTC_VERTICAL_INTERRUPT0_POSITION__CRTC_VERTICAL_INTERRUPT0_LINE_END__SHIFT   0x10
#define CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_OUTPUT_POLARITY_MASK   0x10
#define CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_OUTPUT_POLARITY__SHIFT 0x4
#define CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_ENABLE_MASK    0x100
#define CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_ENABLE__SHIFT  0x8
#define CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_STATUS_MASK        0x1000
#define CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_STATUS__SHIFT      0xc
#define CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_STATUS_MASK    0x10000
#define CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_STATUS__SHIFT  0x10
#define CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_CLEAR_MASK         0x100000
#define CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_CLEAR__SHIFT       0x14
#define CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_TYPE_MASK      0x1000000
#define CRTC_VERTICAL_INTERRUPT0_CONTROL__CRTC_VERTICAL_INTERRUPT0_INT_TYPE__SHIFT    0x18

/* ---- DCCG: pixel rate selection, DP DTO, symbol clocks ----------------- */

#define mmREFCLK_CNTL                 0x109
#define mmDPREFCLK_CNTL               0x118
#define mmDCE_VERSION                 0x11e
#define mmDENTIST_DISPCLK_CNTL        0x124
#define mmMILLISECOND_TIME_BASE_DIV   0x130
#define mmPIXCLK1_RESYNC_CNTL         0x138
#define mmPIXCLK2_RESYNC_CNTL         0x139
#define mmPIXCLK0_RESYNC_CNTL         0x13a
#define mmMICROSECOND_TIME_BASE_DIV   0x13b
#define mmCRTC0_PIXEL_RATE_CNTL       0x140
#define mmDP_DTO0_PHASE               0x141
#define mmDP_DTO0_MODULO              0x142
#define mmCRTC1_PIXEL_RATE_CNTL       0x144
#define mmDP_DTO1_PHASE               0x145
#define mmDP_DTO1_MODULO              0x146
#define mmCRTC2_PIXEL_RATE_CNTL       0x148
#define mmDP_DTO2_PHASE               0x149
#define mmDP_DTO2_MODULO              0x14a
#define mmCRTC3_PIXEL_RATE_CNTL       0x14c
#define mmDP_DTO3_PHASE               0x14d
#define mmDP_DTO3_MODULO              0x14e
#define mmCRTC4_PIXEL_RATE_CNTL       0x150
#define mmDP_DTO4_PHASE               0x151
#define mmDP_DTO4_MODULO              0x152
#define mmCRTC5_PIXEL_RATE_CNTL       0x154
#define mmDP_DTO5_PHASE               0x155
#define mmDP_DTO5_MODULO              0x156
#define mmSYMCLKA_CLOCK_ENABLE        0x160
#define mmSYMCLKB_CLOCK_ENABLE        0x161
#define mmSYMCLKC_CLOCK_ENABLE        0x162
#define mmSYMCLKD_CLOCK_ENABLE        0x163
#define mmSYMCLKE_CLOCK_ENABLE        0x164
#define mmSYMCLKF_CLOCK_ENABLE        0x165
#define mmDCCG_AUDIO_DTO_SOURCE       0x16b
#define mmDCCG_AUDIO_DTO0_PHASE       0x16c
#define mmDCCG_AUDIO_DTO0_MODULE      0x16d
#define mmDCCG_AUDIO_DTO1_PHASE       0x16e
#define mmDCCG_AUDIO_DTO1_MODULE      0x16f

/* The display PLLs: opaque in the public headers (three PLLs, 0x2a apart). */
#define mmDCCG_PLL0_PLL_MACRO_CNTL_RESERVED0  0x1700
#define mmDCCG_PLL1_PLL_MACRO_CNTL_RESERVED0  0x172a
#define mmDCCG_PLL2_PLL_MACRO_CNTL_RESERVED0  0x1754

/* Same layout for CRTC1..5 (CRTCn_* and DP_DTOn_* names). */
#define CRTC0_PIXEL_RATE_CNTL__CRTC0_PIXEL_RATE_SOURCE_MASK       0x3
#define CRTC0_PIXEL_RATE_CNTL__CRTC0_PIXEL_RATE_SOURCE__SHIFT     0x0
#define CRTC0_PIXEL_RATE_CNTL__DP_DTO0_ENABLE_MASK                0x10
#define CRTC0_PIXEL_RATE_CNTL__DP_DTO0_ENABLE__SHIFT              0x4
#define CRTC0_PIXEL_RATE_CNTL__DP_DTO0_DS_DISABLE_MASK            0x20
#define CRTC0_PIXEL_RATE_CNTL__DP_DTO0_DS_DISABLE__SHIFT          0x5
#define CRTC0_PIXEL_RATE_CNTL__CRTC0_ADD_PIXEL_MASK               0x100
#define CRTC0_PIXEL_RATE_CNTL__CRTC0_ADD_PIXEL__SHIFT             0x8
#define CRTC0_PIXEL_RATE_CNTL__CRTC0_DROP_PIXEL_MASK              0x200
#define CRTC0_PIXEL_RATE_CNTL__CRTC0_DROP_PIXEL__SHIFT            0x9
#define CRTC0_PIXEL_RATE_CNTL__CRTC0_DISPOUT_FIFO_ERROR_MASK      0xc000
#define CRTC0_PIXEL_RATE_CNTL__CRTC0_DISPOUT_FIFO_ERROR__SHIFT    0xe
#define CRTC0_PIXEL_RATE_CNTL__CRTC0_DISPOUT_ERROR_COUNT_MASK     0xfff0000
#define CRTC0_PIXEL_RATE_CNTL__CRTC0_DISPOUT_ERROR_COUNT__SHIFT   0x10
#define DP_DTO0_PHASE__DP_DTO0_PHASE_MASK                         0xffffffff
#define DP_DTO0_PHASE__DP_DTO0_PHASE__SHIFT                       0x0
#define DP_DTO0_MODULO__DP_DTO0_MODULO_MASK                       0xffffffff
#define DP_DTO0_MODULO__DP_DTO0_MODULO__SHIFT                     0x0
#define SYMCLKA_CLOCK_ENABLE__SYMCLKA_CLOCK_ENABLE_MASK           0x1
#define SYMCLKA_CLOCK_ENABLE__SYMCLKA_CLOCK_ENABLE__SHIFT         0x0
#define SYMCLKA_CLOCK_ENABLE__SYMCLKA_FE_FORCE_EN_MASK            0x10
#define SYMCLKA_CLOCK_ENABLE__SYMCLKA_FE_FORCE_EN__SHIFT          0x4
#define SYMCLKA_CLOCK_ENABLE__SYMCLKA_FE_FORCE_SRC_MASK           0x700
#define SYMCLKA_CLOCK_ENABLE__SYMCLKA_FE_FORCE_SRC__SHIFT         0x8

/* ---- DCP: graphics surface (GRPH) ---------------------------------------- */

#define mmGRPH_ENABLE                           0x1a00
#define mmGRPH_CONTROL                          0x1a01
#define mmGRPH_LUT_10BIT_BYPASS                 0x1a02
#define mmGRPH_SWAP_CNTL                        0x1a03
#define mmGRPH_PRIMARY_SURFACE_ADDRESS          0x1a04
#define mmGRPH_SECONDARY_SURFACE_ADDRESS        0x1a05
#define mmGRPH_PITCH                            0x1a06
#define mmGRPH_PRIMARY_SURFACE_ADDRESS_HIGH     0x1a07
#define mmGRPH_SECONDARY_SURFACE_ADDRESS_HIGH   0x1a08
#define mmGRPH_SURFACE_OFFSET_X                 0x1a09
#define mmGRPH_SURFACE_OFFSET_Y                 0x1a0a
#define mmGRPH_X_START                          0x1a0b
#define mmGRPH_Y_START                          0x1a0c
#define mmGRPH_X_END                            0x1a0d
#define mmGRPH_Y_END                            0x1a0e
#define mmINPUT_GAMMA_CONTROL                   0x1a10
#define mmGRPH_UPDATE                           0x1a11
#define mmGRPH_FLIP_CONTROL                     0x1a12
#define mmGRPH_SURFACE_ADDRESS_INUSE            0x1a13
#define mmGRPH_DFQ_CONTROL                      0x1a14
#define mmGRPH_DFQ_STATUS                       0x1a15
#define mmGRPH_INTERRUPT_STATUS                 0x1a16
#define mmGRPH_INTERRUPT_CONTROL                0x1a17
#define mmGRPH_SURFACE_ADDRESS_HIGH_INUSE       0x1a18
#define mmGRPH_COMPRESS_SURFACE_ADDRESS         0x1a19
#define mmGRPH_COMPRESS_PITCH                   0x1a1a
#define mmGRPH_COMPRESS_SURFACE_ADDRESS_HIGH    0x1a1b
#define mmGRPH_PIPE_OUTSTANDING_REQUEST_LIMIT   0x1a1c
#define mmPRESCALE_GRPH_CONTROL                 0x1a2d
#define mmINPUT_CSC_CONTROL                     0x1a35
#define mmOUTPUT_CSC_CONTROL                    0x1a3c

#define GRPH_ENABLE__GRPH_ENABLE_MASK                                 0x1
#define GRPH_ENABLE__GRPH_ENABLE__SHIFT                               0x0
#define GRPH_ENABLE__GRPH_KEYER_ALPHA_SEL_MASK                        0x2
#define GRPH_ENABLE__GRPH_KEYER_ALPHA_SEL__SHIFT                      0x1
#define GRPH_CONTROL__GRPH_DEPTH_MASK                                 0x3
#define GRPH_CONTROL__GRPH_DEPTH__SHIFT                               0x0
#define GRPH_CONTROL__GRPH_NUM_BANKS_MASK                             0xc
#define GRPH_CONTROL__GRPH_NUM_BANKS__SHIFT                           0x2
#define GRPH_CONTROL__GRPH_Z_MASK                                     0x30
#define GRPH_CONTROL__GRPH_Z__SHIFT                                   0x4
#define GRPH_CONTROL__GRPH_BANK_WIDTH_MASK                            0xc0
#define GRPH_CONTROL__GRPH_BANK_WIDTH__SHIFT                          0x6
#define GRPH_CONTROL__GRPH_FORMAT_MASK                                0x700
#define GRPH_CONTROL__GRPH_FORMAT__SHIFT                              0x8
#define GRPH_CONTROL__GRPH_BANK_HEIGHT_MASK                           0x1800
#define GRPH_CONTROL__GRPH_BANK_HEIGHT__SHIFT                         0xb
#define GRPH_CONTROL__GRPH_TILE_SPLIT_MASK                            0xe000
#define GRPH_CONTROL__GRPH_TILE_SPLIT__SHIFT                          0xd
#define GRPH_CONTROL__GRPH_ADDRESS_TRANSLATION_ENABLE_MASK            0x10000
#define GRPH_CONTROL__GRPH_ADDRESS_TRANSLATION_ENABLE__SHIFT          0x10
#define GRPH_CONTROL__GRPH_PRIVILEGED_ACCESS_ENABLE_MASK              0x20000
#define GRPH_CONTROL__GRPH_PRIVILEGED_ACCESS_ENABLE__SHIFT            0x11
#define GRPH_CONTROL__GRPH_MACRO_TILE_ASPECT_MASK                     0xc0000
#define GRPH_CONTROL__GRPH_MACRO_TILE_ASPECT__SHIFT                   0x12
#define GRPH_CONTROL__GRPH_ARRAY_MODE_MASK                            0xf00000
#define GRPH_CONTROL__GRPH_ARRAY_MODE__SHIFT                          0x14
#define GRPH_CONTROL__GRPH_PIPE_CONFIG_MASK                           0x1f000000
#define GRPH_CONTROL__GRPH_PIPE_CONFIG__SHIFT                         0x18
#define GRPH_CONTROL__GRPH_MICRO_TILE_MODE_MASK                       0x60000000
#define GRPH_CONTROL__GRPH_MICRO_TILE_MODE__SHIFT                     0x1d
#define GRPH_CONTROL__GRPH_COLOR_EXPANSION_MODE_MASK                  0x80000000
#define GRPH_CONTROL__GRPH_COLOR_EXPANSION_MODE__SHIFT                0x1f
#define GRPH_LUT_10BIT_BYPASS__GRPH_LUT_10BIT_BYPASS_EN_MASK          0x100
#define GRPH_LUT_10BIT_BYPASS__GRPH_LUT_10BIT_BYPASS_EN__SHIFT        0x8
#define GRPH_SWAP_CNTL__GRPH_ENDIAN_SWAP_MASK                         0x3
#define GRPH_SWAP_CNTL__GRPH_ENDIAN_SWAP__SHIFT                       0x0
#define GRPH_SWAP_CNTL__GRPH_RED_CROSSBAR_MASK                        0x30
#define GRPH_SWAP_CNTL__GRPH_RED_CROSSBAR__SHIFT                      0x4
#define GRPH_SWAP_CNTL__GRPH_GREEN_CROSSBAR_MASK                      0xc0
#define GRPH_SWAP_CNTL__GRPH_GREEN_CROSSBAR__SHIFT                    0x6
#define GRPH_SWAP_CNTL__GRPH_BLUE_CROSSBAR_MASK                       0x300
#define GRPH_SWAP_CNTL__GRPH_BLUE_CROSSBAR__SHIFT                     0x8
#define GRPH_SWAP_CNTL__GRPH_ALPHA_CROSSBAR_MASK                      0xc00
#define GRPH_SWAP_CNTL__GRPH_ALPHA_CROSSBAR__SHIFT                    0xa
#define GRPH_PRIMARY_SURFACE_ADDRESS__GRPH_PRIMARY_DFQ_ENABLE_MASK    0x1
#define GRPH_PRIMARY_SURFACE_ADDRESS__GRPH_PRIMARY_DFQ_ENABLE__SHIFT  0x0
#define GRPH_PRIMARY_SURFACE_ADDRESS__GRPH_PRIMARY_SURFACE_ADDRESS_MASK   0xffffff00
#define GRPH_PRIMARY_SURFACE_ADDRESS__GRPH_PRIMARY_SURFACE_ADDRESS__SHIFT 0x8
#define GRPH_SECONDARY_SURFACE_ADDRESS__GRPH_SECONDARY_DFQ_ENABLE_MASK    0x1
#define GRPH_SECONDARY_SURFACE_ADDRESS__GRPH_SECONDARY_DFQ_ENABLE__SHIFT  0x0
#define GRPH_SECONDARY_SURFACE_ADDRESS__GRPH_SECONDARY_SURFACE_ADDRESS_MASK   0xffffff00
#define GRPH_SECONDARY_SURFACE_ADDRESS__GRPH_SECONDARY_SURFACE_ADDRESS__SHIFT 0x8
#define GRPH_PITCH__GRPH_PITCH_MASK                                   0x7fff
#define GRPH_PITCH__GRPH_PITCH__SHIFT                                 0x0
#define GRPH_PRIMARY_SURFACE_ADDRESS_HIGH__GRPH_PRIMARY_SURFACE_ADDRESS_HIGH_MASK     0xff
#define GRPH_PRIMARY_SURFACE_ADDRESS_HIGH__GRPH_PRIMARY_SURFACE_ADDRESS_HIGH__SHIFT   0x0
#define GRPH_SECONDARY_SURFACE_ADDRESS_HIGH__GRPH_SECONDARY_SURFACE_ADDRESS_HIGH_MASK   0xff
#define GRPH_SECONDARY_SURFACE_ADDRESS_HIGH__GRPH_SECONDARY_SURFACE_ADDRESS_HIGH__SHIFT 0x0
#define GRPH_SURFACE_OFFSET_X__GRPH_SURFACE_OFFSET_X_MASK             0x3fff
#define GRPH_SURFACE_OFFSET_X__GRPH_SURFACE_OFFSET_X__SHIFT           0x0
#define GRPH_SURFACE_OFFSET_Y__GRPH_SURFACE_OFFSET_Y_MASK             0x3fff
#define GRPH_SURFACE_OFFSET_Y__GRPH_SURFACE_OFFSET_Y__SHIFT           0x0
#define GRPH_X_START__GRPH_X_START_MASK                               0x3fff
#define GRPH_X_START__GRPH_X_START__SHIFT                             0x0
#define GRPH_Y_START__GRPH_Y_START_MASK                               0x3fff
#define GRPH_Y_START__GRPH_Y_START__SHIFT                             0x0
#define GRPH_X_END__GRPH_X_END_MASK                                   0x7fff
#define GRPH_X_END__GRPH_X_END__SHIFT                                 0x0
#define GRPH_Y_END__GRPH_Y_END_MASK                                   0x7fff
#define GRPH_Y_END__GRPH_Y_END__SHIFT                                 0x0
#define GRPH_UPDATE__GRPH_MODE_UPDATE_PENDING_MASK                    0x1
#define GRPH_UPDATE__GRPH_MODE_UPDATE_PENDING__SHIFT                  0x0
#define GRPH_UPDATE__GRPH_MODE_UPDATE_TAKEN_MASK                      0x2
#define GRPH_UPDATE__GRPH_MODE_UPDATE_TAKEN__SHIFT                    0x1
#define GRPH_UPDATE__GRPH_SURFACE_UPDATE_PENDING_MASK                 0x4
#define GRPH_UPDATE__GRPH_SURFACE_UPDATE_PENDING__SHIFT               0x2
#define GRPH_UPDATE__GRPH_SURFACE_UPDATE_TAKEN_MASK                   0x8
#define GRPH_UPDATE__GRPH_SURFACE_UPDATE_TAKEN__SHIFT                 0x3
#define GRPH_UPDATE__GRPH_SURFACE_XDMA_PENDING_ENABLE_MASK            0x100
#define GRPH_UPDATE__GRPH_SURFACE_XDMA_PENDING_ENABLE__SHIFT          0x8
#define GRPH_UPDATE__GRPH_UPDATE_LOCK_MASK                            0x10000
#define GRPH_UPDATE__GRPH_UPDATE_LOCK__SHIFT                          0x10
#define GRPH_UPDATE__GRPH_SURFACE_IGNORE_UPDATE_LOCK_MASK             0x100000
#define GRPH_UPDATE__GRPH_SURFACE_IGNORE_UPDATE_LOCK__SHIFT           0x14
#define GRPH_UPDATE__GRPH_MODE_DISABLE_MULTIPLE_UPDATE_MASK           0x1000000
#define GRPH_UPDATE__GRPH_MODE_DISABLE_MULTIPLE_UPDATE__SHIFT         0x18
#define GRPH_UPDATE__GRPH_SURFACE_DISABLE_MULTIPLE_UPDATE_MASK        0x10000000
#define GRPH_UPDATE__GRPH_SURFACE_DISABLE_MULTIPLE_UPDATE__SHIFT      0x1c
#define GRPH_FLIP_CONTROL__GRPH_SURFACE_UPDATE_H_RETRACE_EN_MASK      0x1
#define GRPH_FLIP_CONTROL__GRPH_SURFACE_UPDATE_H_RETRACE_EN__SHIFT    0x0
#define GRPH_FLIP_CONTROL__GRPH_XDMA_SUPER_AA_EN_MASK                 0x2
#define GRPH_FLIP_CONTROL__GRPH_XDMA_SUPER_AA_EN__SHIFT               0x1
#define GRPH_FLIP_CONTROL__GRPH_SURFACE_UPDATE_IMMEDIATE_EN_MASK      0x10
#define GRPH_FLIP_CONTROL__GRPH_SURFACE_UPDATE_IMMEDIATE_EN__SHIFT    0x4
#define GRPH_FLIP_CONTROL__GRPH_SURFACE_UPDATE_PENDING_MODE_MASK      0x20
#define GRPH_FLIP_CONTROL__GRPH_SURFACE_UPDATE_PENDING_MODE__SHIFT    0x5
#define GRPH_SURFACE_ADDRESS_INUSE__GRPH_SURFACE_ADDRESS_INUSE_MASK   0xffffff00
#define GRPH_SURFACE_ADDRESS_INUSE__GRPH_SURFACE_ADDRESS_INUSE__SHIFT 0x8
#define GRPH_SURFACE_ADDRESS_HIGH_INUSE__GRPH_SURFACE_ADDRESS_HIGH_INUSE_MASK   0xff
#define GRPH_SURFACE_ADDRESS_HIGH_INUSE__GRPH_SURFACE_ADDRESS_HIGH_INUSE__SHIFT 0x0
#define GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_OCCURRED_MASK           0x1
#define GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_OCCURRED__SHIFT         0x0
#define GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_CLEAR_MASK              0x100
#define GRPH_INTERRUPT_STATUS__GRPH_PFLIP_INT_CLEAR__SHIFT            0x8
#define GRPH_INTERRUPT_CONTROL__GRPH_PFLIP_INT_MASK_MASK              0x1
#define GRPH_INTERRUPT_CONTROL__GRPH_PFLIP_INT_MASK__SHIFT            0x0
#define GRPH_INTERRUPT_CONTROL__GRPH_PFLIP_INT_TYPE_MASK              0x100
#define GRPH_INTERRUPT_CONTROL__GRPH_PFLIP_INT_TYPE__SHIFT            0x8
#define PRESCALE_GRPH_CONTROL__GRPH_PRESCALE_BYPASS_MASK              0x10
#define PRESCALE_GRPH_CONTROL__GRPH_PRESCALE_BYPASS__SHIFT            0x4
#define INPUT_CSC_CONTROL__INPUT_CSC_GRPH_MODE_MASK                   0x3
#define INPUT_CSC_CONTROL__INPUT_CSC_GRPH_MODE__SHIFT                 0x0
#define OUTPUT_CSC_CONTROL__OUTPUT_CSC_GRPH_MODE_MASK                 0x7
#define OUTPUT_CSC_CONTROL__OUTPUT_CSC_GRPH_MODE__SHIFT               0x0

/* ---- DCP: hardware cursor (CUR) ------------------------------------------ */

#define mmCUR_CONTROL                 0x1a66
#define mmCUR_SURFACE_ADDRESS         0x1a67
#define mmCUR_SIZE                    0x1a68
#define mmCUR_SURFACE_ADDRESS_HIGH    0x1a69
#define mmCUR_POSITION                0x1a6a
#define mmCUR_HOT_SPOT                0x1a6b
#define mmCUR_COLOR1                  0x1a6c
#define mmCUR_COLOR2                  0x1a6d
#define mmCUR_UPDATE                  0x1a6e
#define mmCUR_REQUEST_FILTER_CNTL     0x1a99

#define CUR_CONTROL__CURSOR_EN_MASK                                   0x1
#define CUR_CONTROL__CURSOR_EN__SHIFT                                 0x0
#define CUR_CONTROL__CUR_INV_TRANS_CLAMP_MASK                         0x10
#define CUR_CONTROL__CUR_INV_TRANS_CLAMP__SHIFT                       0x4
#define CUR_CONTROL__CURSOR_MODE_MASK                                 0x300
#define CUR_CONTROL__CURSOR_MODE__SHIFT                               0x8
#define CUR_CONTROL__CURSOR_2X_MAGNIFY_MASK                           0x10000
#define CUR_CONTROL__CURSOR_2X_MAGNIFY__SHIFT                         0x10
#define CUR_CONTROL__CURSOR_FORCE_MC_ON_MASK                          0x100000
#define CUR_CONTROL__CURSOR_FORCE_MC_ON__SHIFT                        0x14
#define CUR_CONTROL__CURSOR_URGENT_CONTROL_MASK                       0x7000000
#define CUR_CONTROL__CURSOR_URGENT_CONTROL__SHIFT                     0x18
#define CUR_SURFACE_ADDRESS__CURSOR_SURFACE_ADDRESS_MASK              0xffffffff
#define CUR_SURFACE_ADDRESS__CURSOR_SURFACE_ADDRESS__SHIFT            0x0
#define CUR_SIZE__CURSOR_HEIGHT_MASK                                  0x7f
#define CUR_SIZE__CURSOR_HEIGHT__SHIFT                                0x0
#define CUR_SIZE__CURSOR_WIDTH_MASK                                   0x7f0000
#define CUR_SIZE__CURSOR_WIDTH__SHIFT                                 0x10
#define CUR_SURFACE_ADDRESS_HIGH__CURSOR_SURFACE_ADDRESS_HIGH_MASK    0xff
#define CUR_SURFACE_ADDRESS_HIGH__CURSOR_SURFACE_ADDRESS_HIGH__SHIFT  0x0
#define CUR_POSITION__CURSOR_Y_POSITION_MASK                          0x3fff
#define CUR_POSITION__CURSOR_Y_POSITION__SHIFT                        0x0
#define CUR_POSITION__CURSOR_X_POSITION_MASK                          0x3fff0000
#define CUR_POSITION__CURSOR_X_POSITION__SHIFT                        0x10
#define CUR_HOT_SPOT__CURSOR_HOT_SPOT_Y_MASK                          0x7f
#define CUR_HOT_SPOT__CURSOR_HOT_SPOT_Y__SHIFT                        0x0
#define CUR_HOT_SPOT__CURSOR_HOT_SPOT_X_MASK                          0x7f0000
#define CUR_HOT_SPOT__CURSOR_HOT_SPOT_X__SHIFT                        0x10
#define CUR_COLOR1__CUR_COLOR1_BLUE_MASK                              0xff
#define CUR_COLOR1__CUR_COLOR1_BLUE__SHIFT                            0x0
#define CUR_COLOR1__CUR_COLOR1_GREEN_MASK                             0xff00
#define CUR_COLOR1__CUR_COLOR1_GREEN__SHIFT                           0x8
#define CUR_COLOR1__CUR_COLOR1_RED_MASK                               0xff0000
#define CUR_COLOR1__CUR_COLOR1_RED__SHIFT                             0x10
#define CUR_UPDATE__CURSOR_UPDATE_PENDING_MASK                        0x1
#define CUR_UPDATE__CURSOR_UPDATE_PENDING__SHIFT                      0x0
#define CUR_UPDATE__CURSOR_UPDATE_TAKEN_MASK                          0x2
#define CUR_UPDATE__CURSOR_UPDATE_TAKEN__SHIFT                        0x1
#define CUR_UPDATE__CURSOR_UPDATE_LOCK_MASK                           0x10000
#define CUR_UPDATE__CURSOR_UPDATE_LOCK__SHIFT                         0x10
#define CUR_UPDATE__CURSOR_DISABLE_MULTIPLE_UPDATE_MASK               0x1000000
#define CUR_UPDATE__CURSOR_DISABLE_MULTIPLE_UPDATE__SHIFT             0x18

/* ---- FMT (bit depth) and LB (line buffer): listed for completeness ------- */

#define mmFMT_CONTROL             0x1bee
#define mmFMT_BIT_DEPTH_CONTROL   0x1bf2
#define mmFMT_CLAMP_CNTL          0x1bf9
#define mmFMT_CRC_CNTL            0x1bfa
#define mmLB_DATA_FORMAT          0x1ac0
#define mmLB_MEMORY_CTRL          0x1ac1
#define mmLB_DESKTOP_HEIGHT       0x1ac3

/* ---- DIG front end / back end, HDMI, AFMT (audio/infoframes), TMDS ------- */

#define mmDIG_FE_CNTL                    0x4a00
#define mmDIG_OUTPUT_CRC_CNTL            0x4a01
#define mmDIG_OUTPUT_CRC_RESULT          0x4a02
#define mmDIG_CLOCK_PATTERN              0x4a03
#define mmDIG_TEST_PATTERN               0x4a04
#define mmDIG_RANDOM_PATTERN_SEED        0x4a05
#define mmDIG_FIFO_STATUS                0x4a06
#define mmDIG_DISPCLK_SWITCH_CNTL        0x4a07
#define mmDIG_DISPCLK_SWITCH_STATUS      0x4a08
#define mmHDMI_CONTROL                   0x4a09
#define mmHDMI_STATUS                    0x4a0a
#define mmHDMI_AUDIO_PACKET_CONTROL      0x4a0b
#define mmHDMI_ACR_PACKET_CONTROL        0x4a0c
#define mmHDMI_VBI_PACKET_CONTROL        0x4a0d
#define mmHDMI_INFOFRAME_CONTROL0        0x4a0e
#define mmHDMI_INFOFRAME_CONTROL1        0x4a0f
#define mmHDMI_GENERIC_PACKET_CONTROL0   0x4a10
#define mmAFMT_INTERRUPT_STATUS          0x4a11
#define mmHDMI_GC                        0x4a13
#define mmAFMT_AUDIO_PACKET_CONTROL2     0x4a14
#define mmAFMT_ISRC1_0                   0x4a15
#define mmAFMT_AVI_INFO0                 0x4a1e
#define mmAFMT_AVI_INFO1                 0x4a1f
#define mmAFMT_AVI_INFO2                 0x4a20
#define mmAFMT_AVI_INFO3                 0x4a21
#define mmAFMT_MPEG_INFO0                0x4a22
#define mmAFMT_MPEG_INFO1                0x4a23
#define mmAFMT_GENERIC_HDR               0x4a24
#define mmAFMT_GENERIC_0                 0x4a25
#define mmAFMT_GENERIC_7                 0x4a2c
#define mmHDMI_GENERIC_PACKET_CONTROL1   0x4a2d
#define mmHDMI_ACR_32_0                  0x4a2e
#define mmHDMI_ACR_32_1                  0x4a2f
#define mmHDMI_ACR_44_0                  0x4a30
#define mmHDMI_ACR_44_1                  0x4a31
#define mmHDMI_ACR_48_0                  0x4a32
#define mmHDMI_ACR_48_1                  0x4a33
#define mmAFMT_60958_2                   0x4a3f
#define mmAFMT_AUDIO_CRC_RESULT          0x4a40
#define mmAFMT_STATUS                    0x4a41
#define mmAFMT_AUDIO_PACKET_CONTROL      0x4a42
#define mmAFMT_VBI_PACKET_CONTROL        0x4a43
#define mmAFMT_INFOFRAME_CONTROL0        0x4a44
#define mmAFMT_AUDIO_SRC_CONTROL         0x4a45
#define mmAFMT_AUDIO_DBG_DTO_CNTL        0x4a46
#define mmDIG_BE_CNTL                    0x4a47
#define mmDIG_BE_EN_CNTL                 0x4a48
#define mmTMDS_CNTL                      0x4a6b
#define mmTMDS_CONTROL_CHAR              0x4a6c
#define mmTMDS_CONTROL0_FEEDBACK         0x4a6d
#define mmTMDS_STEREOSYNC_CTL_SEL        0x4a6e
#define mmTMDS_SYNC_CHAR_PATTERN_0_1     0x4a6f
#define mmTMDS_SYNC_CHAR_PATTERN_2_3     0x4a70
#define mmTMDS_DEBUG                     0x4a71
#define mmTMDS_CTL_BITS                  0x4a72
#define mmTMDS_DCBALANCER_CONTROL        0x4a73
#define mmTMDS_CTL0_1_GEN_CNTL           0x4a75
#define mmTMDS_CTL2_3_GEN_CNTL           0x4a76
#define mmDIG_VERSION                    0x4a78
#define mmDIG_LANE_ENABLE                0x4a79
#define mmAFMT_CNTL                      0x4a7e

#define DIG_FE_CNTL__DIG_SOURCE_SELECT_MASK               0x7
#define DIG_FE_CNTL__DIG_SOURCE_SELECT__SHIFT             0x0
#define DIG_FE_CNTL__DIG_STEREOSYNC_SELECT_MASK           0x70
#define DIG_FE_CNTL__DIG_STEREOSYNC_SELECT__SHIFT         0x4
#define DIG_FE_CNTL__DIG_STEREOSYNC_GATE_EN_MASK          0x100
#define DIG_FE_CNTL__DIG_STEREOSYNC_GATE_EN__SHIFT        0x8
#define DIG_FE_CNTL__DIG_START_MASK                       0x400
#define DIG_FE_CNTL__DIG_START__SHIFT                     0xa
#define DIG_FE_CNTL__DIG_SYMCLK_FE_ON_MASK                0x1000000
#define DIG_FE_CNTL__DIG_SYMCLK_FE_ON__SHIFT              0x18
#define DIG_FE_CNTL__TMDS_PIXEL_ENCODING_MASK             0x10000000
#define DIG_FE_CNTL__TMDS_PIXEL_ENCODING__SHIFT           0x1c
#define DIG_FE_CNTL__TMDS_COLOR_FORMAT_MASK               0xc0000000
#define DIG_FE_CNTL__TMDS_COLOR_FORMAT__SHIFT             0x1e
#define DIG_BE_CNTL__DIG_DUAL_LINK_ENABLE_MASK            0x1
#define DIG_BE_CNTL__DIG_DUAL_LINK_ENABLE__SHIFT          0x0
#define DIG_BE_CNTL__DIG_SWAP_MASK                        0x2
#define DIG_BE_CNTL__DIG_SWAP__SHIFT                      0x1
#define DIG_BE_CNTL__DIG_RB_SWITCH_EN_MASK                0x4
#define DIG_BE_CNTL__DIG_RB_SWITCH_EN__SHIFT              0x2
#define DIG_BE_CNTL__DIG_FE_SOURCE_SELECT_MASK            0x7f00
#define DIG_BE_CNTL__DIG_FE_SOURCE_SELECT__SHIFT          0x8
#define DIG_BE_CNTL__DIG_MODE_MASK                        0x70000
#define DIG_BE_CNTL__DIG_MODE__SHIFT                      0x10
#define DIG_BE_CNTL__DIG_HPD_SELECT_MASK                  0x70000000
#define DIG_BE_CNTL__DIG_HPD_SELECT__SHIFT                0x1c
#define DIG_BE_EN_CNTL__DIG_ENABLE_MASK                   0x1
#define DIG_BE_EN_CNTL__DIG_ENABLE__SHIFT                 0x0
#define DIG_BE_EN_CNTL__DIG_SYMCLK_BE_ON_MASK             0x100
#define DIG_BE_EN_CNTL__DIG_SYMCLK_BE_ON__SHIFT           0x8
#define DIG_LANE_ENABLE__DIG_LANE0EN_MASK                 0x1
#define DIG_LANE_ENABLE__DIG_LANE0EN__SHIFT               0x0
#define DIG_LANE_ENABLE__DIG_LANE1EN_MASK                 0x2
#define DIG_LANE_ENABLE__DIG_LANE1EN__SHIFT               0x1
#define DIG_LANE_ENABLE__DIG_LANE2EN_MASK                 0x4
#define DIG_LANE_ENABLE__DIG_LANE2EN__SHIFT               0x2
#define DIG_LANE_ENABLE__DIG_LANE3EN_MASK                 0x8
#define DIG_LANE_ENABLE__DIG_LANE3EN__SHIFT               0x3
#define DIG_LANE_ENABLE__DIG_CLK_EN_MASK                  0x100
#define DIG_LANE_ENABLE__DIG_CLK_EN__SHIFT                0x8
#define DIG_TEST_PATTERN__DIG_TEST_PATTERN_OUT_EN_MASK    0x1
#define DIG_TEST_PATTERN__DIG_TEST_PATTERN_OUT_EN__SHIFT  0x0

/*
 * DIG_MODE values as the simulator interprets them (the public header gives
 * only the field). They follow the ATOM encoder-mode numbering.
 */
#define DCE110_DIG_MODE_DP           0
#define DCE110_DIG_MODE_LVDS         1
#define DCE110_DIG_MODE_TMDS_DVI     2
#define DCE110_DIG_MODE_TMDS_HDMI    3
#define DCE110_DIG_MODE_DP_MST       5

#define HDMI_CONTROL__HDMI_KEEPOUT_MODE_MASK                  0x1
#define HDMI_CONTROL__HDMI_KEEPOUT_MODE__SHIFT                0x0
#define HDMI_CONTROL__HDMI_DATA_SCRAMBLE_EN_MASK              0x2
#define HDMI_CONTROL__HDMI_DATA_SCRAMBLE_EN__SHIFT            0x1
#define HDMI_CONTROL__HDMI_CLOCK_CHANNEL_RATE_MASK            0x4
#define HDMI_CONTROL__HDMI_CLOCK_CHANNEL_RATE__SHIFT          0x2
#define HDMI_CONTROL__HDMI_NO_EXTRA_NULL_PACKET_FILLED_MASK   0x8
#define HDMI_CONTROL__HDMI_NO_EXTRA_NULL_PACKET_FILLED__SHIFT 0x3
#define HDMI_CONTROL__HDMI_PACKET_GEN_VERSION_MASK            0x10
#define HDMI_CONTROL__HDMI_PACKET_GEN_VERSION__SHIFT          0x4
#define HDMI_CONTROL__HDMI_ERROR_ACK_MASK                     0x100
#define HDMI_CONTROL__HDMI_ERROR_ACK__SHIFT                   0x8
#define HDMI_CONTROL__HDMI_ERROR_MASK_MASK                    0x200
#define HDMI_CONTROL__HDMI_ERROR_MASK__SHIFT                  0x9
#define HDMI_CONTROL__HDMI_DEEP_COLOR_ENABLE_MASK             0x1000000
#define HDMI_CONTROL__HDMI_DEEP_COLOR_ENABLE__SHIFT           0x18
#define HDMI_CONTROL__HDMI_DEEP_COLOR_DEPTH_MASK              0x30000000
#define HDMI_CONTROL__HDMI_DEEP_COLOR_DEPTH__SHIFT            0x1c
#define HDMI_STATUS__HDMI_ACTIVE_AVMUTE_MASK                  0x1
#define HDMI_STATUS__HDMI_ACTIVE_AVMUTE__SHIFT                0x0
#define HDMI_STATUS__HDMI_AUDIO_PACKET_ERROR_MASK             0x10000
#define HDMI_STATUS__HDMI_AUDIO_PACKET_ERROR__SHIFT           0x10
#define HDMI_STATUS__HDMI_VBI_PACKET_ERROR_MASK               0x100000
#define HDMI_STATUS__HDMI_VBI_PACKET_ERROR__SHIFT             0x14
#define HDMI_STATUS__HDMI_ERROR_INT_MASK                      0x8000000
#define HDMI_STATUS__HDMI_ERROR_INT__SHIFT                    0x1b
#define HDMI_AUDIO_PACKET_CONTROL__HDMI_AUDIO_DELAY_EN_MASK          0x30
#define HDMI_AUDIO_PACKET_CONTROL__HDMI_AUDIO_DELAY_EN__SHIFT        0x4
#define HDMI_AUDIO_PACKET_CONTROL__HDMI_AUDIO_SEND_MAX_PACKETS_MASK  0x100
#define HDMI_AUDIO_PACKET_CONTROL__HDMI_AUDIO_SEND_MAX_PACKETS__SHIFT 0x8
#define HDMI_AUDIO_PACKET_CONTROL__HDMI_AUDIO_PACKETS_PER_LINE_MASK  0x1f0000
#define HDMI_AUDIO_PACKET_CONTROL__HDMI_AUDIO_PACKETS_PER_LINE__SHIFT 0x10
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_SEND_MASK           0x1
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_SEND__SHIFT         0x0
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_CONT_MASK           0x2
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_CONT__SHIFT         0x1
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_SELECT_MASK         0x30
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_SELECT__SHIFT       0x4
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_SOURCE_MASK         0x100
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_SOURCE__SHIFT       0x8
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_AUTO_SEND_MASK      0x1000
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_AUTO_SEND__SHIFT    0xc
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_N_MULTIPLE_MASK     0x70000
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_N_MULTIPLE__SHIFT   0x10
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_AUDIO_PRIORITY_MASK 0x80000000
#define HDMI_ACR_PACKET_CONTROL__HDMI_ACR_AUDIO_PRIORITY__SHIFT 0x1f
#define HDMI_VBI_PACKET_CONTROL__HDMI_NULL_SEND_MASK          0x1
#define HDMI_VBI_PACKET_CONTROL__HDMI_NULL_SEND__SHIFT        0x0
#define HDMI_VBI_PACKET_CONTROL__HDMI_GC_SEND_MASK            0x10
#define HDMI_VBI_PACKET_CONTROL__HDMI_GC_SEND__SHIFT          0x4
#define HDMI_VBI_PACKET_CONTROL__HDMI_GC_CONT_MASK            0x20
#define HDMI_VBI_PACKET_CONTROL__HDMI_GC_CONT__SHIFT          0x5
#define HDMI_VBI_PACKET_CONTROL__HDMI_ISRC_SEND_MASK          0x100
#define HDMI_VBI_PACKET_CONTROL__HDMI_ISRC_SEND__SHIFT        0x8
#define HDMI_VBI_PACKET_CONTROL__HDMI_ISRC_CONT_MASK          0x200
#define HDMI_VBI_PACKET_CONTROL__HDMI_ISRC_CONT__SHIFT        0x9
#define HDMI_VBI_PACKET_CONTROL__HDMI_ISRC_LINE_MASK          0x3f0000
#define HDMI_VBI_PACKET_CONTROL__HDMI_ISRC_LINE__SHIFT        0x10
#define HDMI_INFOFRAME_CONTROL0__HDMI_AVI_INFO_SEND_MASK      0x1
#define HDMI_INFOFRAME_CONTROL0__HDMI_AVI_INFO_SEND__SHIFT    0x0
#define HDMI_INFOFRAME_CONTROL0__HDMI_AVI_INFO_CONT_MASK      0x2
#define HDMI_INFOFRAME_CONTROL0__HDMI_AVI_INFO_CONT__SHIFT    0x1
#define HDMI_INFOFRAME_CONTROL0__HDMI_AUDIO_INFO_SEND_MASK    0x10
#define HDMI_INFOFRAME_CONTROL0__HDMI_AUDIO_INFO_SEND__SHIFT  0x4
#define HDMI_INFOFRAME_CONTROL0__HDMI_AUDIO_INFO_CONT_MASK    0x20
#define HDMI_INFOFRAME_CONTROL0__HDMI_AUDIO_INFO_CONT__SHIFT  0x5
#define HDMI_INFOFRAME_CONTROL0__HDMI_MPEG_INFO_SEND_MASK     0x100
#define HDMI_INFOFRAME_CONTROL0__HDMI_MPEG_INFO_SEND__SHIFT   0x8
#define HDMI_INFOFRAME_CONTROL0__HDMI_MPEG_INFO_CONT_MASK     0x200
#define HDMI_INFOFRAME_CONTROL0__HDMI_MPEG_INFO_CONT__SHIFT   0x9
#define HDMI_INFOFRAME_CONTROL1__HDMI_AVI_INFO_LINE_MASK      0x3f
#define HDMI_INFOFRAME_CONTROL1__HDMI_AVI_INFO_LINE__SHIFT    0x0
#define HDMI_INFOFRAME_CONTROL1__HDMI_AUDIO_INFO_LINE_MASK    0x3f00
#define HDMI_INFOFRAME_CONTROL1__HDMI_AUDIO_INFO_LINE__SHIFT  0x8
#define HDMI_INFOFRAME_CONTROL1__HDMI_MPEG_INFO_LINE_MASK     0x3f0000
#define HDMI_INFOFRAME_CONTROL1__HDMI_MPEG_INFO_LINE__SHIFT   0x10
#define HDMI_GENERIC_PACKET_CONTROL0__HDMI_GENERIC0_SEND_MASK   0x1
#define HDMI_GENERIC_PACKET_CONTROL0__HDMI_GENERIC0_SEND__SHIFT 0x0
#define HDMI_GENERIC_PACKET_CONTROL0__HDMI_GENERIC0_CONT_MASK   0x2
#define HDMI_GENERIC_PACKET_CONTROL0__HDMI_GENERIC0_CONT__SHIFT 0x1
#define HDMI_GENERIC_PACKET_CONTROL0__HDMI_GENERIC1_SEND_MASK   0x10
#define HDMI_GENERIC_PACKET_CONTROL0__HDMI_GENERIC1_SEND__SHIFT 0x4
#define HDMI_GENERIC_PACKET_CONTROL0__HDMI_GENERIC1_CONT_MASK   0x20
#define HDMI_GENERIC_PACKET_CONTROL0__HDMI_GENERIC1_CONT__SHIFT 0x5
#define HDMI_GENERIC_PACKET_CONTROL0__HDMI_GENERIC0_LINE_MASK   0x3f0000
#define HDMI_GENERIC_PACKET_CONTROL0__HDMI_GENERIC0_LINE__SHIFT 0x10
#define HDMI_GENERIC_PACKET_CONTROL0__HDMI_GENERIC1_LINE_MASK   0x3f000000
#define HDMI_GENERIC_PACKET_CONTROL0__HDMI_GENERIC1_LINE__SHIFT 0x18
#define HDMI_GC__HDMI_GC_AVMUTE_MASK                          0x1
#define HDMI_GC__HDMI_GC_AVMUTE__SHIFT                        0x0
#define HDMI_GC__HDMI_GC_AVMUTE_CONT_MASK                     0x4
#define HDMI_GC__HDMI_GC_AVMUTE_CONT__SHIFT                   0x2
#define HDMI_GC__HDMI_DEFAULT_PHASE_MASK                      0x10
#define HDMI_GC__HDMI_DEFAULT_PHASE__SHIFT                    0x4

#define AFMT_AUDIO_PACKET_CONTROL2__AFMT_AUDIO_LAYOUT_OVRD_MASK     0x1
#define AFMT_AUDIO_PACKET_CONTROL2__AFMT_AUDIO_LAYOUT_OVRD__SHIFT   0x0
#define AFMT_AUDIO_PACKET_CONTROL2__AFMT_AUDIO_LAYOUT_SELECT_MASK   0x2
#define AFMT_AUDIO_PACKET_CONTROL2__AFMT_AUDIO_LAYOUT_SELECT__SHIFT 0x1
#define AFMT_AUDIO_PACKET_CONTROL2__AFMT_AUDIO_CHANNEL_ENABLE_MASK  0xff00
#define AFMT_AUDIO_PACKET_CONTROL2__AFMT_AUDIO_CHANNEL_ENABLE__SHIFT 0x8
#define AFMT_AUDIO_PACKET_CONTROL2__AFMT_DP_AUDIO_STREAM_ID_MASK    0xff0000
#define AFMT_AUDIO_PACKET_CONTROL2__AFMT_DP_AUDIO_STREAM_ID__SHIFT  0x10
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_CHECKSUM_MASK   0xff
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_CHECKSUM__SHIFT 0x0
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_S_MASK          0x300
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_S__SHIFT        0x8
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_B_MASK          0xc00
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_B__SHIFT        0xa
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_A_MASK          0x1000
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_A__SHIFT        0xc
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_Y_MASK          0x6000
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_Y__SHIFT        0xd
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_PB1_RSVD_MASK   0x8000
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_PB1_RSVD__SHIFT 0xf
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_R_MASK          0xf0000
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_R__SHIFT        0x10
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_M_MASK          0x300000
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_M__SHIFT        0x14
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_C_MASK          0xc00000
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_C__SHIFT        0x16
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_SC_MASK         0x3000000
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_SC__SHIFT       0x18
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_Q_MASK          0xc000000
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_Q__SHIFT        0x1a
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_EC_MASK         0x70000000
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_EC__SHIFT       0x1c
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_ITC_MASK        0x80000000
#define AFMT_AVI_INFO0__AFMT_AVI_INFO_ITC__SHIFT      0x1f
#define AFMT_AVI_INFO1__AFMT_AVI_INFO_VIC_MASK        0x7f
#define AFMT_AVI_INFO1__AFMT_AVI_INFO_VIC__SHIFT      0x0
#define AFMT_AVI_INFO1__AFMT_AVI_INFO_PB4_RSVD_MASK   0x80
#define AFMT_AVI_INFO1__AFMT_AVI_INFO_PB4_RSVD__SHIFT 0x7
#define AFMT_AVI_INFO1__AFMT_AVI_INFO_PR_MASK         0xf00
#define AFMT_AVI_INFO1__AFMT_AVI_INFO_PR__SHIFT       0x8
#define AFMT_AVI_INFO1__AFMT_AVI_INFO_CN_MASK         0x3000
#define AFMT_AVI_INFO1__AFMT_AVI_INFO_CN__SHIFT       0xc
#define AFMT_AVI_INFO1__AFMT_AVI_INFO_YQ_MASK         0xc000
#define AFMT_AVI_INFO1__AFMT_AVI_INFO_YQ__SHIFT       0xe
#define AFMT_AVI_INFO1__AFMT_AVI_INFO_TOP_MASK        0xffff0000
#define AFMT_AVI_INFO1__AFMT_AVI_INFO_TOP__SHIFT      0x10
#define AFMT_AVI_INFO2__AFMT_AVI_INFO_BOTTOM_MASK     0xffff
#define AFMT_AVI_INFO2__AFMT_AVI_INFO_BOTTOM__SHIFT   0x0
#define AFMT_AVI_INFO2__AFMT_AVI_INFO_LEFT_MASK       0xffff0000
#define AFMT_AVI_INFO2__AFMT_AVI_INFO_LEFT__SHIFT     0x10
#define AFMT_AVI_INFO3__AFMT_AVI_INFO_RIGHT_MASK      0xffff
#define AFMT_AVI_INFO3__AFMT_AVI_INFO_RIGHT__SHIFT    0x0
#define AFMT_AVI_INFO3__AFMT_AVI_INFO_VERSION_MASK    0xff000000
#define AFMT_AVI_INFO3__AFMT_AVI_INFO_VERSION__SHIFT  0x18
#define AFMT_GENERIC_HDR__AFMT_GENERIC_HB0_MASK       0xff
#define AFMT_GENERIC_HDR__AFMT_GENERIC_HB0__SHIFT     0x0
#define AFMT_GENERIC_HDR__AFMT_GENERIC_HB1_MASK       0xff00
#define AFMT_GENERIC_HDR__AFMT_GENERIC_HB1__SHIFT     0x8
#define AFMT_GENERIC_HDR__AFMT_GENERIC_HB2_MASK       0xff0000
#define AFMT_GENERIC_HDR__AFMT_GENERIC_HB2__SHIFT     0x10
#define AFMT_GENERIC_HDR__AFMT_GENERIC_HB3_MASK       0xff000000
#define AFMT_GENERIC_HDR__AFMT_GENERIC_HB3__SHIFT     0x18
#define AFMT_INFOFRAME_CONTROL0__AFMT_AUDIO_INFO_SOURCE_MASK    0x40
#define AFMT_INFOFRAME_CONTROL0__AFMT_AUDIO_INFO_SOURCE__SHIFT  0x6
#define AFMT_INFOFRAME_CONTROL0__AFMT_AUDIO_INFO_UPDATE_MASK    0x80
#define AFMT_INFOFRAME_CONTROL0__AFMT_AUDIO_INFO_UPDATE__SHIFT  0x7
#define AFMT_INFOFRAME_CONTROL0__AFMT_MPEG_INFO_UPDATE_MASK     0x400
#define AFMT_INFOFRAME_CONTROL0__AFMT_MPEG_INFO_UPDATE__SHIFT   0xa
#define AFMT_VBI_PACKET_CONTROL__AFMT_GENERIC0_UPDATE_MASK      0x4
#define AFMT_VBI_PACKET_CONTROL__AFMT_GENERIC0_UPDATE__SHIFT    0x2
#define AFMT_VBI_PACKET_CONTROL__AFMT_GENERIC2_UPDATE_MASK      0x8
#define AFMT_VBI_PACKET_CONTROL__AFMT_GENERIC2_UPDATE__SHIFT    0x3
#define AFMT_VBI_PACKET_CONTROL__AFMT_GENERIC_INDEX_MASK        0xc0000000
#define AFMT_VBI_PACKET_CONTROL__AFMT_GENERIC_INDEX__SHIFT      0x1e
#define AFMT_AUDIO_SRC_CONTROL__AFMT_AUDIO_SRC_SELECT_MASK      0x7
#define AFMT_AUDIO_SRC_CONTROL__AFMT_AUDIO_SRC_SELECT__SHIFT    0x0
#define AFMT_CNTL__AFMT_AUDIO_CLOCK_EN_MASK                     0x1
#define AFMT_CNTL__AFMT_AUDIO_CLOCK_EN__SHIFT                   0x0
#define AFMT_CNTL__AFMT_AUDIO_CLOCK_ON_MASK                     0x100
#define AFMT_CNTL__AFMT_AUDIO_CLOCK_ON__SHIFT                   0x8
#define TMDS_CNTL__TMDS_SYNC_PHASE_MASK                         0x1
#define TMDS_CNTL__TMDS_SYNC_PHASE__SHIFT                       0x0
#define TMDS_CTL_BITS__TMDS_CTL0_MASK                           0x1
#define TMDS_CTL_BITS__TMDS_CTL0__SHIFT                         0x0
#define TMDS_CTL_BITS__TMDS_CTL1_MASK                           0x100
#define TMDS_CTL_BITS__TMDS_CTL1__SHIFT                         0x8
#define TMDS_CTL_BITS__TMDS_CTL2_MASK                           0x10000
#define TMDS_CTL_BITS__TMDS_CTL2__SHIFT                         0x10
#define TMDS_CTL_BITS__TMDS_CTL3_MASK                           0x1000000
#define TMDS_CTL_BITS__TMDS_CTL3__SHIFT                         0x18

/* ---- DP encoder (per DIG instance, same offsets as DIG) ------------------ */

#define mmDP_LINK_CNTL                    0x4aa0
#define mmDP_PIXEL_FORMAT                 0x4aa1
#define mmDP_MSA_COLORIMETRY              0x4aa2
#define mmDP_CONFIG                       0x4aa3
#define mmDP_VID_STREAM_CNTL              0x4aa4
#define mmDP_STEER_FIFO                   0x4aa5
#define mmDP_MSA_MISC                     0x4aa6
#define mmDP_VID_TIMING                   0x4aa8
#define mmDP_VID_N                        0x4aa9
#define mmDP_VID_M                        0x4aaa
#define mmDP_LINK_FRAMING_CNTL            0x4aab
#define mmDP_HBR2_EYE_PATTERN             0x4aac
#define mmDP_VID_MSA_VBID                 0x4aad
#define mmDP_VID_INTERRUPT_CNTL           0x4aae
#define mmDP_DPHY_CNTL                    0x4aaf
#define mmDP_DPHY_TRAINING_PATTERN_SEL    0x4ab0
#define mmDP_DPHY_SYM0                    0x4ab1
#define mmDP_DPHY_SYM1                    0x4ab2
#define mmDP_DPHY_SYM2                    0x4ab3
#define mmDP_DPHY_8B10B_CNTL              0x4ab4
#define mmDP_DPHY_PRBS_CNTL               0x4ab5
#define mmDP_MSE_MISC_CNTL                0x4ad7

#define DP_LINK_CNTL__DP_LINK_TRAINING_COMPLETE_MASK          0x10
#define DP_LINK_CNTL__DP_LINK_TRAINING_COMPLETE__SHIFT        0x4
#define DP_LINK_CNTL__DP_LINK_STATUS_MASK                     0x100
#define DP_LINK_CNTL__DP_LINK_STATUS__SHIFT                   0x8
#define DP_LINK_CNTL__DP_EMBEDDED_PANEL_MODE_MASK             0x20000
#define DP_LINK_CNTL__DP_EMBEDDED_PANEL_MODE__SHIFT           0x11
#define DP_PIXEL_FORMAT__DP_PIXEL_ENCODING_MASK               0x7
#define DP_PIXEL_FORMAT__DP_PIXEL_ENCODING__SHIFT             0x0
#define DP_PIXEL_FORMAT__DP_DYN_RANGE_MASK                    0x100
#define DP_PIXEL_FORMAT__DP_DYN_RANGE__SHIFT                  0x8
#define DP_PIXEL_FORMAT__DP_YCBCR_RANGE_MASK                  0x10000
#define DP_PIXEL_FORMAT__DP_YCBCR_RANGE__SHIFT                0x10
#define DP_PIXEL_FORMAT__DP_COMPONENT_DEPTH_MASK              0x7000000
#define DP_PIXEL_FORMAT__DP_COMPONENT_DEPTH__SHIFT            0x18
#define DP_MSA_COLORIMETRY__DP_MSA_MISC0_OVERRIDE_MASK        0xff
#define DP_MSA_COLORIMETRY__DP_MSA_MISC0_OVERRIDE__SHIFT      0x0
#define DP_MSA_COLORIMETRY__DP_MSA_MISC0_OVERRIDE_ENABLE_MASK   0x100
#define DP_MSA_COLORIMETRY__DP_MSA_MISC0_OVERRIDE_ENABLE__SHIFT 0x8
#define DP_CONFIG__DP_UDI_LANES_MASK                          0x3
#define DP_CONFIG__DP_UDI_LANES__SHIFT                        0x0
#define DP_VID_STREAM_CNTL__DP_VID_STREAM_ENABLE_MASK         0x1
#define DP_VID_STREAM_CNTL__DP_VID_STREAM_ENABLE__SHIFT       0x0
#define DP_VID_STREAM_CNTL__DP_VID_STREAM_DIS_DEFER_MASK      0x300
#define DP_VID_STREAM_CNTL__DP_VID_STREAM_DIS_DEFER__SHIFT    0x8
#define DP_VID_STREAM_CNTL__DP_VID_STREAM_STATUS_MASK         0x10000
#define DP_VID_STREAM_CNTL__DP_VID_STREAM_STATUS__SHIFT       0x10
#define DP_VID_STREAM_CNTL__DP_VID_STREAM_CHANGE_KEEPOUT_MASK   0x100000
#define DP_VID_STREAM_CNTL__DP_VID_STREAM_CHANGE_KEEPOUT__SHIFT 0x14
#define DP_STEER_FIFO__DP_STEER_FIFO_RESET_MASK               0x1
#define DP_STEER_FIFO__DP_STEER_FIFO_RESET__SHIFT             0x0
#define DP_MSA_MISC__DP_MSA_MISC1_MASK                        0x78
#define DP_MSA_MISC__DP_MSA_MISC1__SHIFT                      0x3
#define DP_VID_TIMING__DP_VID_TIMING_MODE_MASK                0x1
#define DP_VID_TIMING__DP_VID_TIMING_MODE__SHIFT              0x0
#define DP_VID_TIMING__DP_VID_M_N_DOUBLE_BUFFER_MODE_MASK     0x10
#define DP_VID_TIMING__DP_VID_M_N_DOUBLE_BUFFER_MODE__SHIFT   0x4
#define DP_VID_TIMING__DP_VID_M_N_GEN_EN_MASK                 0x100
#define DP_VID_TIMING__DP_VID_M_N_GEN_EN__SHIFT               0x8
#define DP_VID_TIMING__DP_VID_N_DIV_MASK                      0xff000000
#define DP_VID_TIMING__DP_VID_N_DIV__SHIFT                    0x18
#define DP_VID_N__DP_VID_N_MASK                               0xffffff
#define DP_VID_N__DP_VID_N__SHIFT                             0x0
#define DP_VID_M__DP_VID_M_MASK                               0xffffff
#define DP_VID_M__DP_VID_M__SHIFT                             0x0
#define DP_LINK_FRAMING_CNTL__DP_IDLE_BS_INTERVAL_MASK        0x3ffff
#define DP_LINK_FRAMING_CNTL__DP_IDLE_BS_INTERVAL__SHIFT      0x0
#define DP_LINK_FRAMING_CNTL__DP_VBID_DISABLE_MASK            0x1000000
#define DP_LINK_FRAMING_CNTL__DP_VBID_DISABLE__SHIFT          0x18
#define DP_LINK_FRAMING_CNTL__DP_VID_ENHANCED_FRAME_MODE_MASK   0x10000000
#define DP_LINK_FRAMING_CNTL__DP_VID_ENHANCED_FRAME_MODE__SHIFT 0x1c
#define DP_HBR2_EYE_PATTERN__DP_HBR2_EYE_PATTERN_ENABLE_MASK  0x1
#define DP_HBR2_EYE_PATTERN__DP_HBR2_EYE_PATTERN_ENABLE__SHIFT 0x0
#define DP_VID_MSA_VBID__DP_VID_MSA_LOCATION_MASK             0xfff
#define DP_VID_MSA_VBID__DP_VID_MSA_LOCATION__SHIFT           0x0
#define DP_VID_INTERRUPT_CNTL__DP_VID_STREAM_DISABLE_INT_MASK   0x1
#define DP_VID_INTERRUPT_CNTL__DP_VID_STREAM_DISABLE_INT__SHIFT 0x0
#define DP_VID_INTERRUPT_CNTL__DP_VID_STREAM_DISABLE_ACK_MASK   0x2
#define DP_VID_INTERRUPT_CNTL__DP_VID_STREAM_DISABLE_ACK__SHIFT 0x1
#define DP_VID_INTERRUPT_CNTL__DP_VID_STREAM_DISABLE_MASK_MASK  0x4
#define DP_VID_INTERRUPT_CNTL__DP_VID_STREAM_DISABLE_MASK__SHIFT 0x2
#define DP_DPHY_CNTL__DPHY_ATEST_SEL_LANE0_MASK               0x1
#define DP_DPHY_CNTL__DPHY_ATEST_SEL_LANE0__SHIFT             0x0
#define DP_DPHY_CNTL__DPHY_ATEST_SEL_LANE1_MASK               0x2
#define DP_DPHY_CNTL__DPHY_ATEST_SEL_LANE1__SHIFT             0x1
#define DP_DPHY_CNTL__DPHY_ATEST_SEL_LANE2_MASK               0x4
#define DP_DPHY_CNTL__DPHY_ATEST_SEL_LANE2__SHIFT             0x2
#define DP_DPHY_CNTL__DPHY_ATEST_SEL_LANE3_MASK               0x8
#define DP_DPHY_CNTL__DPHY_ATEST_SEL_LANE3__SHIFT             0x3
#define DP_DPHY_CNTL__DPHY_BYPASS_MASK                        0x10000
#define DP_DPHY_CNTL__DPHY_BYPASS__SHIFT                      0x10
#define DP_DPHY_CNTL__DPHY_SKEW_BYPASS_MASK                   0x1000000
#define DP_DPHY_CNTL__DPHY_SKEW_BYPASS__SHIFT                 0x18
#define DP_DPHY_TRAINING_PATTERN_SEL__DPHY_TRAINING_PATTERN_SEL_MASK   0x3
#define DP_DPHY_TRAINING_PATTERN_SEL__DPHY_TRAINING_PATTERN_SEL__SHIFT 0x0
#define DP_DPHY_SYM0__DPHY_SYM1_MASK                          0x3ff
#define DP_DPHY_SYM0__DPHY_SYM1__SHIFT                        0x0
#define DP_DPHY_SYM0__DPHY_SYM2_MASK                          0xffc00
#define DP_DPHY_SYM0__DPHY_SYM2__SHIFT                        0xa
#define DP_DPHY_SYM0__DPHY_SYM3_MASK                          0x3ff00000
#define DP_DPHY_SYM0__DPHY_SYM3__SHIFT                        0x14
#define DP_DPHY_8B10B_CNTL__DPHY_8B10B_RESET_MASK             0x100
#define DP_DPHY_8B10B_CNTL__DPHY_8B10B_RESET__SHIFT           0x8
#define DP_DPHY_PRBS_CNTL__DPHY_PRBS_EN_MASK                  0x1
#define DP_DPHY_PRBS_CNTL__DPHY_PRBS_EN__SHIFT                0x0
#define DP_DPHY_PRBS_CNTL__DPHY_PRBS_SEL_MASK                 0x30
#define DP_DPHY_PRBS_CNTL__DPHY_PRBS_SEL__SHIFT               0x4

/* ---- DC_HPD: hot-plug detect (HPD0..5) ----------------------------------- */

#define mmDC_HPD_INT_STATUS          0x1898
#define mmDC_HPD_INT_CONTROL         0x1899
#define mmDC_HPD_CONTROL             0x189a
#define mmDC_HPD_FAST_TRAIN_CNTL     0x189b
#define mmDC_HPD_TOGGLE_FILT_CNTL    0x189c

#define DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK                     0x1
#define DC_HPD_INT_STATUS__DC_HPD_INT_STATUS__SHIFT                   0x0
#define DC_HPD_INT_STATUS__DC_HPD_SENSE_MASK                          0x2
#define DC_HPD_INT_STATUS__DC_HPD_SENSE__SHIFT                        0x1
#define DC_HPD_INT_STATUS__DC_HPD_SENSE_DELAYED_MASK                  0x10
#define DC_HPD_INT_STATUS__DC_HPD_SENSE_DELAYED__SHIFT                0x4
#define DC_HPD_INT_STATUS__DC_HPD_RX_INT_STATUS_MASK                  0x100
#define DC_HPD_INT_STATUS__DC_HPD_RX_INT_STATUS__SHIFT                0x8
#define DC_HPD_INT_STATUS__DC_HPD_TOGGLE_FILT_CON_TIMER_VAL_MASK      0xff000
#define DC_HPD_INT_STATUS__DC_HPD_TOGGLE_FILT_CON_TIMER_VAL__SHIFT    0xc
#define DC_HPD_INT_STATUS__DC_HPD_TOGGLE_FILT_DISCON_TIMER_VAL_MASK   0xff000000
#define DC_HPD_INT_STATUS__DC_HPD_TOGGLE_FILT_DISCON_TIMER_VAL__SHIFT 0x18
#define DC_HPD_INT_CONTROL__DC_HPD_INT_ACK_MASK                       0x1
#define DC_HPD_INT_CONTROL__DC_HPD_INT_ACK__SHIFT                     0x0
#define DC_HPD_INT_CONTROL__DC_HPD_INT_POLARITY_MASK                  0x100
#define DC_HPD_INT_CONTROL__DC_HPD_INT_POLARITY__SHIFT                0x8
#define DC_HPD_INT_CONTROL__DC_HPD_INT_EN_MASK                        0x10000
#define DC_HPD_INT_CONTROL__DC_HPD_INT_EN__SHIFT                      0x10
#define DC_HPD_INT_CONTROL__DC_HPD_RX_INT_ACK_MASK                    0x100000
#define DC_HPD_INT_CONTROL__DC_HPD_RX_INT_ACK__SHIFT                  0x14
#define DC_HPD_INT_CONTROL__DC_HPD_RX_INT_EN_MASK                     0x1000000
#define DC_HPD_INT_CONTROL__DC_HPD_RX_INT_EN__SHIFT                   0x18
#define DC_HPD_CONTROL__DC_HPD_CONNECTION_TIMER_MASK                  0x1fff
#define DC_HPD_CONTROL__DC_HPD_CONNECTION_TIMER__SHIFT                0x0
#define DC_HPD_CONTROL__DC_HPD_RX_INT_TIMER_MASK                      0x3ff0000
#define DC_HPD_CONTROL__DC_HPD_RX_INT_TIMER__SHIFT                    0x10
#define DC_HPD_CONTROL__DC_HPD_EN_MASK                                0x10000000
#define DC_HPD_CONTROL__DC_HPD_EN__SHIFT                              0x1c
#define DC_HPD_FAST_TRAIN_CNTL__DC_HPD_CONNECT_AUX_TX_DELAY_MASK      0xff
#define DC_HPD_FAST_TRAIN_CNTL__DC_HPD_CONNECT_AUX_TX_DELAY__SHIFT    0x0
#define DC_HPD_FAST_TRAIN_CNTL__DC_HPD_CONNECT_FAST_TRAIN_DELAY_MASK  0xff000
#define DC_HPD_FAST_TRAIN_CNTL__DC_HPD_CONNECT_FAST_TRAIN_DELAY__SHIFT 0xc
#define DC_HPD_FAST_TRAIN_CNTL__DC_HPD_CONNECT_AUX_TX_EN_MASK         0x1000000
#define DC_HPD_FAST_TRAIN_CNTL__DC_HPD_CONNECT_AUX_TX_EN__SHIFT       0x18
#define DC_HPD_FAST_TRAIN_CNTL__DC_HPD_CONNECT_FAST_TRAIN_EN_MASK     0x10000000
#define DC_HPD_FAST_TRAIN_CNTL__DC_HPD_CONNECT_FAST_TRAIN_EN__SHIFT   0x1c
#define DC_HPD_TOGGLE_FILT_CNTL__DC_HPD_CONNECT_INT_DELAY_MASK        0xff
#define DC_HPD_TOGGLE_FILT_CNTL__DC_HPD_CONNECT_INT_DELAY__SHIFT      0x0
#define DC_HPD_TOGGLE_FILT_CNTL__DC_HPD_DISCONNECT_INT_DELAY_MASK     0xff00000
#define DC_HPD_TOGGLE_FILT_CNTL__DC_HPD_DISCONNECT_INT_DELAY__SHIFT   0x14

/* ---- DC_I2C: the hardware DDC engine ------------------------------------- */

#define mmDC_I2C_CONTROL                0x16d4
#define mmDC_I2C_ARBITRATION            0x16d5
#define mmDC_I2C_INTERRUPT_CONTROL      0x16d6
#define mmDC_I2C_SW_STATUS              0x16d7
#define mmDC_I2C_DDC1_HW_STATUS         0x16d8
#define mmDC_I2C_DDC2_HW_STATUS         0x16d9
#define mmDC_I2C_DDC3_HW_STATUS         0x16da
#define mmDC_I2C_DDC4_HW_STATUS         0x16db
#define mmDC_I2C_DDC5_HW_STATUS         0x16dc
#define mmDC_I2C_DDC6_HW_STATUS         0x16dd
#define mmDC_I2C_DDC1_SPEED             0x16de
#define mmDC_I2C_DDC1_SETUP             0x16df
#define mmDC_I2C_DDC2_SPEED             0x16e0
#define mmDC_I2C_DDC2_SETUP             0x16e1
#define mmDC_I2C_DDC3_SPEED             0x16e2
#define mmDC_I2C_DDC3_SETUP             0x16e3
#define mmDC_I2C_DDC4_SPEED             0x16e4
#define mmDC_I2C_DDC4_SETUP             0x16e5
#define mmDC_I2C_DDC5_SPEED             0x16e6
#define mmDC_I2C_DDC5_SETUP             0x16e7
#define mmDC_I2C_DDC6_SPEED             0x16e8
#define mmDC_I2C_DDC6_SETUP             0x16e9
#define mmDC_I2C_TRANSACTION0           0x16ea
#define mmDC_I2C_TRANSACTION1           0x16eb
#define mmDC_I2C_TRANSACTION2           0x16ec
#define mmDC_I2C_TRANSACTION3           0x16ed
#define mmDC_I2C_DATA                   0x16ee
#define mmDC_I2C_DDCVGA_HW_STATUS       0x16ef
#define mmDC_I2C_DDCVGA_SPEED           0x16f0
#define mmDC_I2C_DDCVGA_SETUP           0x16f1
#define mmDC_I2C_EDID_DETECT_CTRL       0x16f2
#define mmDC_I2C_READ_REQUEST_INTERRUPT 0x16f3

#define DC_I2C_CONTROL__DC_I2C_GO_MASK                          0x1
#define DC_I2C_CONTROL__DC_I2C_GO__SHIFT                        0x0
#define DC_I2C_CONTROL__DC_I2C_SOFT_RESET_MASK                  0x2
#define DC_I2C_CONTROL__DC_I2C_SOFT_RESET__SHIFT                0x1
#define DC_I2C_CONTROL__DC_I2C_SEND_RESET_MASK                  0x4
#define DC_I2C_CONTROL__DC_I2C_SEND_RESET__SHIFT                0x2
#define DC_I2C_CONTROL__DC_I2C_SW_STATUS_RESET_MASK             0x8
#define DC_I2C_CONTROL__DC_I2C_SW_STATUS_RESET__SHIFT           0x3
#define DC_I2C_CONTROL__DC_I2C_DDC_SELECT_MASK                  0x700
#define DC_I2C_CONTROL__DC_I2C_DDC_SELECT__SHIFT                0x8
#define DC_I2C_CONTROL__DC_I2C_TRANSACTION_COUNT_MASK           0x300000
#define DC_I2C_CONTROL__DC_I2C_TRANSACTION_COUNT__SHIFT         0x14
#define DC_I2C_CONTROL__DC_I2C_DBG_REF_SEL_MASK                 0x80000000
#define DC_I2C_CONTROL__DC_I2C_DBG_REF_SEL__SHIFT               0x1f
#define DC_I2C_ARBITRATION__DC_I2C_SW_PRIORITY_MASK             0x3
#define DC_I2C_ARBITRATION__DC_I2C_SW_PRIORITY__SHIFT           0x0
#define DC_I2C_ARBITRATION__DC_I2C_REG_RW_CNTL_STATUS_MASK      0xc
#define DC_I2C_ARBITRATION__DC_I2C_REG_RW_CNTL_STATUS__SHIFT    0x2
#define DC_I2C_ARBITRATION__DC_I2C_NO_QUEUED_SW_GO_MASK         0x10
#define DC_I2C_ARBITRATION__DC_I2C_NO_QUEUED_SW_GO__SHIFT       0x4
#define DC_I2C_ARBITRATION__DC_I2C_ABORT_HW_XFER_MASK           0x100
#define DC_I2C_ARBITRATION__DC_I2C_ABORT_HW_XFER__SHIFT         0x8
#define DC_I2C_ARBITRATION__DC_I2C_ABORT_SW_XFER_MASK           0x1000
#define DC_I2C_ARBITRATION__DC_I2C_ABORT_SW_XFER__SHIFT         0xc
#define DC_I2C_ARBITRATION__DC_I2C_SW_USE_I2C_REG_REQ_MASK      0x100000
#define DC_I2C_ARBITRATION__DC_I2C_SW_USE_I2C_REG_REQ__SHIFT    0x14
#define DC_I2C_ARBITRATION__DC_I2C_SW_DONE_USING_I2C_REG_MASK   0x200000
#define DC_I2C_ARBITRATION__DC_I2C_SW_DONE_USING_I2C_REG__SHIFT 0x15
#define DC_I2C_ARBITRATION__DC_I2C_DMCU_USE_I2C_REG_REQ_MASK    0x1000000
#define DC_I2C_ARBITRATION__DC_I2C_DMCU_USE_I2C_REG_REQ__SHIFT  0x18
#define DC_I2C_ARBITRATION__DC_I2C_DMCU_DONE_USING_I2C_REG_MASK   0x2000000
#define DC_I2C_ARBITRATION__DC_I2C_DMCU_DONE_USING_I2C_REG__SHIFT 0x19
#define DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_INT_MASK       0x1
#define DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_INT__SHIFT     0x0
#define DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_ACK_MASK       0x2
#define DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_ACK__SHIFT     0x1
#define DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_MASK_MASK      0x4
#define DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_MASK__SHIFT    0x2
#define DC_I2C_SW_STATUS__DC_I2C_SW_STATUS_MASK                 0x3
#define DC_I2C_SW_STATUS__DC_I2C_SW_STATUS__SHIFT               0x0
#define DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK                   0x4
#define DC_I2C_SW_STATUS__DC_I2C_SW_DONE__SHIFT                 0x2
#define DC_I2C_SW_STATUS__DC_I2C_SW_ABORTED_MASK                0x10
#define DC_I2C_SW_STATUS__DC_I2C_SW_ABORTED__SHIFT              0x4
#define DC_I2C_SW_STATUS__DC_I2C_SW_TIMEOUT_MASK                0x20
#define DC_I2C_SW_STATUS__DC_I2C_SW_TIMEOUT__SHIFT              0x5
#define DC_I2C_SW_STATUS__DC_I2C_SW_INTERRUPTED_MASK            0x40
#define DC_I2C_SW_STATUS__DC_I2C_SW_INTERRUPTED__SHIFT          0x6
#define DC_I2C_SW_STATUS__DC_I2C_SW_BUFFER_OVERFLOW_MASK        0x80
#define DC_I2C_SW_STATUS__DC_I2C_SW_BUFFER_OVERFLOW__SHIFT      0x7
#define DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK        0x100
#define DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK__SHIFT      0x8
#define DC_I2C_SW_STATUS__DC_I2C_SW_NACK0_MASK                  0x1000
#define DC_I2C_SW_STATUS__DC_I2C_SW_NACK0__SHIFT                0xc
#define DC_I2C_SW_STATUS__DC_I2C_SW_NACK1_MASK                  0x2000
#define DC_I2C_SW_STATUS__DC_I2C_SW_NACK1__SHIFT                0xd
#define DC_I2C_SW_STATUS__DC_I2C_SW_NACK2_MASK                  0x4000
#define DC_I2C_SW_STATUS__DC_I2C_SW_NACK2__SHIFT                0xe
#define DC_I2C_SW_STATUS__DC_I2C_SW_NACK3_MASK                  0x8000
#define DC_I2C_SW_STATUS__DC_I2C_SW_NACK3__SHIFT                0xf
#define DC_I2C_SW_STATUS__DC_I2C_SW_REQ_MASK                    0x40000
#define DC_I2C_SW_STATUS__DC_I2C_SW_REQ__SHIFT                  0x12
/* Same layout for DDC2..6 (DC_I2C_DDCn_* names). */
#define DC_I2C_DDC1_SPEED__DC_I2C_DDC1_THRESHOLD_MASK           0x3
#define DC_I2C_DDC1_SPEED__DC_I2C_DDC1_THRESHOLD__SHIFT         0x0
#define DC_I2C_DDC1_SPEED__DC_I2C_DDC1_DISABLE_FILTER_DURING_STALL_MASK   0x10
#define DC_I2C_DDC1_SPEED__DC_I2C_DDC1_DISABLE_FILTER_DURING_STALL__SHIFT 0x4
#define DC_I2C_DDC1_SPEED__DC_I2C_DDC1_START_STOP_TIMING_CNTL_MASK   0x300
#define DC_I2C_DDC1_SPEED__DC_I2C_DDC1_START_STOP_TIMING_CNTL__SHIFT 0x8
#define DC_I2C_DDC1_SPEED__DC_I2C_DDC1_PRESCALE_MASK            0xffff0000
#define DC_I2C_DDC1_SPEED__DC_I2C_DDC1_PRESCALE__SHIFT          0x10
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_DATA_DRIVE_EN_MASK       0x1
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_DATA_DRIVE_EN__SHIFT     0x0
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_DATA_DRIVE_SEL_MASK      0x2
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_DATA_DRIVE_SEL__SHIFT    0x1
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_EDID_DETECT_ENABLE_MASK  0x10
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_EDID_DETECT_ENABLE__SHIFT 0x4
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_EDID_DETECT_MODE_MASK    0x20
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_EDID_DETECT_MODE__SHIFT  0x5
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_ENABLE_MASK              0x40
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_ENABLE__SHIFT            0x6
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_CLK_DRIVE_EN_MASK        0x80
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_CLK_DRIVE_EN__SHIFT      0x7
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_INTRA_BYTE_DELAY_MASK    0xff00
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_INTRA_BYTE_DELAY__SHIFT  0x8
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_INTRA_TRANSACTION_DELAY_MASK   0xff0000
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_INTRA_TRANSACTION_DELAY__SHIFT 0x10
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_TIME_LIMIT_MASK          0xff000000
#define DC_I2C_DDC1_SETUP__DC_I2C_DDC1_TIME_LIMIT__SHIFT        0x18
/* Same layout for TRANSACTION1..3 (DC_I2C_RWn, ... names). */
#define DC_I2C_TRANSACTION0__DC_I2C_RW0_MASK                    0x1
#define DC_I2C_TRANSACTION0__DC_I2C_RW0__SHIFT                  0x0
#define DC_I2C_TRANSACTION0__DC_I2C_STOP_ON_NACK0_MASK          0x100
#define DC_I2C_TRANSACTION0__DC_I2C_STOP_ON_NACK0__SHIFT        0x8
#define DC_I2C_TRANSACTION0__DC_I2C_START0_MASK                 0x1000
#define DC_I2C_TRANSACTION0__DC_I2C_START0__SHIFT               0xc
#define DC_I2C_TRANSACTION0__DC_I2C_STOP0_MASK                  0x2000
#define DC_I2C_TRANSACTION0__DC_I2C_STOP0__SHIFT                0xd
#define DC_I2C_TRANSACTION0__DC_I2C_COUNT0_MASK                 0xff0000
#define DC_I2C_TRANSACTION0__DC_I2C_COUNT0__SHIFT               0x10
#define DC_I2C_DATA__DC_I2C_DATA_RW_MASK                        0x1
#define DC_I2C_DATA__DC_I2C_DATA_RW__SHIFT                      0x0
#define DC_I2C_DATA__DC_I2C_DATA_MASK                           0xff00
#define DC_I2C_DATA__DC_I2C_DATA__SHIFT                         0x8
#define DC_I2C_DATA__DC_I2C_INDEX_MASK                          0xff0000
#define DC_I2C_DATA__DC_I2C_INDEX__SHIFT                        0x10
#define DC_I2C_DATA__DC_I2C_INDEX_WRITE_MASK                    0x80000000
#define DC_I2C_DATA__DC_I2C_INDEX_WRITE__SHIFT                  0x1f

/* DC_I2C_SW_STATUS values and DC_I2C_REG_RW_CNTL_STATUS owners */
#define DCE110_I2C_STATUS_IDLE          0
#define DCE110_I2C_STATUS_USED_BY_SW    1
#define DCE110_I2C_STATUS_USED_BY_HW    2

/* ---- DP_AUX: AUX channel engines (DP_AUX0..5) --------------------------- */

#define mmAUX_CONTROL               0x5c00
#define mmAUX_SW_CONTROL            0x5c01
#define mmAUX_ARB_CONTROL           0x5c02
#define mmAUX_INTERRUPT_CONTROL     0x5c03
#define mmAUX_SW_STATUS             0x5c04
#define mmAUX_LS_STATUS             0x5c05
#define mmAUX_SW_DATA               0x5c06
#define mmAUX_LS_DATA               0x5c07
#define mmAUX_DPHY_TX_REF_CONTROL   0x5c08
#define mmAUX_DPHY_TX_CONTROL       0x5c09
#define mmAUX_DPHY_RX_CONTROL0      0x5c0a
#define mmAUX_DPHY_RX_CONTROL1      0x5c0b
#define mmAUX_DPHY_TX_STATUS        0x5c0c
#define mmAUX_DPHY_RX_STATUS        0x5c0d

#define AUX_CONTROL__AUX_EN_MASK                                0x1
#define AUX_CONTROL__AUX_EN__SHIFT                              0x0
#define AUX_CONTROL__AUX_RESET_MASK                             0x10
#define AUX_CONTROL__AUX_RESET__SHIFT                           0x4
#define AUX_CONTROL__AUX_RESET_DONE_MASK                        0x20
#define AUX_CONTROL__AUX_RESET_DONE__SHIFT                      0x5
#define AUX_CONTROL__AUX_LS_READ_EN_MASK                        0x100
#define AUX_CONTROL__AUX_LS_READ_EN__SHIFT                      0x8
#define AUX_CONTROL__AUX_LS_UPDATE_DISABLE_MASK                 0x1000
#define AUX_CONTROL__AUX_LS_UPDATE_DISABLE__SHIFT               0xc
#define AUX_CONTROL__AUX_IGNORE_HPD_DISCON_MASK                 0x10000
#define AUX_CONTROL__AUX_IGNORE_HPD_DISCON__SHIFT               0x10
#define AUX_CONTROL__AUX_MODE_DET_EN_MASK                       0x40000
#define AUX_CONTROL__AUX_MODE_DET_EN__SHIFT                     0x12
#define AUX_CONTROL__AUX_HPD_SEL_MASK                           0x700000
#define AUX_CONTROL__AUX_HPD_SEL__SHIFT                         0x14
#define AUX_CONTROL__AUX_IMPCAL_REQ_EN_MASK                     0x1000000
#define AUX_CONTROL__AUX_IMPCAL_REQ_EN__SHIFT                   0x18
#define AUX_CONTROL__AUX_TEST_MODE_MASK                         0x10000000
#define AUX_CONTROL__AUX_TEST_MODE__SHIFT                       0x1c
#define AUX_CONTROL__AUX_DEGLITCH_EN_MASK                       0x20000000
#define AUX_CONTROL__AUX_DEGLITCH_EN__SHIFT                     0x1d
#define AUX_SW_CONTROL__AUX_SW_GO_MASK                          0x1
#define AUX_SW_CONTROL__AUX_SW_GO__SHIFT                        0x0
#define AUX_SW_CONTROL__AUX_LS_READ_TRIG_MASK                   0x4
#define AUX_SW_CONTROL__AUX_LS_READ_TRIG__SHIFT                 0x2
#define AUX_SW_CONTROL__AUX_SW_START_DELAY_MASK                 0xf0
#define AUX_SW_CONTROL__AUX_SW_START_DELAY__SHIFT               0x4
#define AUX_SW_CONTROL__AUX_SW_WR_BYTES_MASK                    0x1f0000
#define AUX_SW_CONTROL__AUX_SW_WR_BYTES__SHIFT                  0x10
#define AUX_ARB_CONTROL__AUX_ARB_PRIORITY_MASK                  0x3
#define AUX_ARB_CONTROL__AUX_ARB_PRIORITY__SHIFT                0x0
#define AUX_ARB_CONTROL__AUX_REG_RW_CNTL_STATUS_MASK            0xc
#define AUX_ARB_CONTROL__AUX_REG_RW_CNTL_STATUS__SHIFT          0x2
#define AUX_ARB_CONTROL__AUX_NO_QUEUED_SW_GO_MASK               0x100
#define AUX_ARB_CONTROL__AUX_NO_QUEUED_SW_GO__SHIFT             0x8
#define AUX_ARB_CONTROL__AUX_NO_QUEUED_LS_GO_MASK               0x400
#define AUX_ARB_CONTROL__AUX_NO_QUEUED_LS_GO__SHIFT             0xa
#define AUX_ARB_CONTROL__AUX_SW_USE_AUX_REG_REQ_MASK            0x10000
#define AUX_ARB_CONTROL__AUX_SW_USE_AUX_REG_REQ__SHIFT          0x10
#define AUX_ARB_CONTROL__AUX_SW_PENDING_USE_AUX_REG_REQ_MASK    0x10000
#define AUX_ARB_CONTROL__AUX_SW_PENDING_USE_AUX_REG_REQ__SHIFT  0x10
#define AUX_ARB_CONTROL__AUX_SW_DONE_USING_AUX_REG_MASK         0x20000
#define AUX_ARB_CONTROL__AUX_SW_DONE_USING_AUX_REG__SHIFT       0x11
#define AUX_ARB_CONTROL__AUX_DMCU_USE_AUX_REG_REQ_MASK          0x1000000
#define AUX_ARB_CONTROL__AUX_DMCU_USE_AUX_REG_REQ__SHIFT        0x18
#define AUX_ARB_CONTROL__AUX_DMCU_DONE_USING_AUX_REG_MASK       0x2000000
#define AUX_ARB_CONTROL__AUX_DMCU_DONE_USING_AUX_REG__SHIFT     0x19
#define AUX_INTERRUPT_CONTROL__AUX_SW_DONE_INT_MASK             0x1
#define AUX_INTERRUPT_CONTROL__AUX_SW_DONE_INT__SHIFT           0x0
#define AUX_INTERRUPT_CONTROL__AUX_SW_DONE_ACK_MASK             0x2
#define AUX_INTERRUPT_CONTROL__AUX_SW_DONE_ACK__SHIFT           0x1
#define AUX_INTERRUPT_CONTROL__AUX_SW_DONE_MASK_MASK            0x4
#define AUX_INTERRUPT_CONTROL__AUX_SW_DONE_MASK__SHIFT          0x2
#define AUX_INTERRUPT_CONTROL__AUX_LS_DONE_INT_MASK             0x10
#define AUX_INTERRUPT_CONTROL__AUX_LS_DONE_INT__SHIFT           0x4
#define AUX_INTERRUPT_CONTROL__AUX_LS_DONE_ACK_MASK             0x20
#define AUX_INTERRUPT_CONTROL__AUX_LS_DONE_ACK__SHIFT           0x5
#define AUX_INTERRUPT_CONTROL__AUX_LS_DONE_MASK_MASK            0x40
#define AUX_INTERRUPT_CONTROL__AUX_LS_DONE_MASK__SHIFT          0x6
#define AUX_SW_STATUS__AUX_SW_DONE_MASK                         0x1
#define AUX_SW_STATUS__AUX_SW_DONE__SHIFT                       0x0
#define AUX_SW_STATUS__AUX_SW_REQ_MASK                          0x2
#define AUX_SW_STATUS__AUX_SW_REQ__SHIFT                        0x1
#define AUX_SW_STATUS__AUX_SW_RX_TIMEOUT_STATE_MASK             0x70
#define AUX_SW_STATUS__AUX_SW_RX_TIMEOUT_STATE__SHIFT           0x4
#define AUX_SW_STATUS__AUX_SW_RX_TIMEOUT_MASK                   0x80
#define AUX_SW_STATUS__AUX_SW_RX_TIMEOUT__SHIFT                 0x7
#define AUX_SW_STATUS__AUX_SW_RX_OVERFLOW_MASK                  0x100
#define AUX_SW_STATUS__AUX_SW_RX_OVERFLOW__SHIFT                0x8
#define AUX_SW_STATUS__AUX_SW_HPD_DISCON_MASK                   0x200
#define AUX_SW_STATUS__AUX_SW_HPD_DISCON__SHIFT                 0x9
#define AUX_SW_STATUS__AUX_SW_RX_PARTIAL_BYTE_MASK              0x400
#define AUX_SW_STATUS__AUX_SW_RX_PARTIAL_BYTE__SHIFT            0xa
#define AUX_SW_STATUS__AUX_SW_NON_AUX_MODE_MASK                 0x800
#define AUX_SW_STATUS__AUX_SW_NON_AUX_MODE__SHIFT               0xb
#define AUX_SW_STATUS__AUX_SW_RX_MIN_COUNT_VIOL_MASK            0x1000
#define AUX_SW_STATUS__AUX_SW_RX_MIN_COUNT_VIOL__SHIFT          0xc
#define AUX_SW_STATUS__AUX_SW_RX_INVALID_STOP_MASK              0x4000
#define AUX_SW_STATUS__AUX_SW_RX_INVALID_STOP__SHIFT            0xe
#define AUX_SW_STATUS__AUX_SW_RX_SYNC_INVALID_L_MASK            0x20000
#define AUX_SW_STATUS__AUX_SW_RX_SYNC_INVALID_L__SHIFT          0x11
#define AUX_SW_STATUS__AUX_SW_RX_SYNC_INVALID_H_MASK            0x40000
#define AUX_SW_STATUS__AUX_SW_RX_SYNC_INVALID_H__SHIFT          0x12
#define AUX_SW_STATUS__AUX_SW_RX_INVALID_START_MASK             0x80000
#define AUX_SW_STATUS__AUX_SW_RX_INVALID_START__SHIFT           0x13
#define AUX_SW_STATUS__AUX_SW_RX_RECV_NO_DET_MASK               0x100000
#define AUX_SW_STATUS__AUX_SW_RX_RECV_NO_DET__SHIFT             0x14
#define AUX_SW_STATUS__AUX_SW_RX_RECV_INVALID_H_MASK            0x400000
#define AUX_SW_STATUS__AUX_SW_RX_RECV_INVALID_H__SHIFT          0x16
#define AUX_SW_STATUS__AUX_SW_RX_RECV_INVALID_L_MASK            0x800000
#define AUX_SW_STATUS__AUX_SW_RX_RECV_INVALID_L__SHIFT          0x17
#define AUX_SW_STATUS__AUX_SW_REPLY_BYTE_COUNT_MASK             0x1f000000
#define AUX_SW_STATUS__AUX_SW_REPLY_BYTE_COUNT__SHIFT           0x18
#define AUX_SW_STATUS__AUX_ARB_STATUS_MASK                      0xc0000000
#define AUX_SW_STATUS__AUX_ARB_STATUS__SHIFT                    0x1e
#define AUX_SW_DATA__AUX_SW_DATA_RW_MASK                        0x1
#define AUX_SW_DATA__AUX_SW_DATA_RW__SHIFT                      0x0
#define AUX_SW_DATA__AUX_SW_DATA_MASK                           0xff00
#define AUX_SW_DATA__AUX_SW_DATA__SHIFT                         0x8
#define AUX_SW_DATA__AUX_SW_INDEX_MASK                          0x1f0000
#define AUX_SW_DATA__AUX_SW_INDEX__SHIFT                        0x10
#define AUX_SW_DATA__AUX_SW_AUTOINCREMENT_DISABLE_MASK          0x80000000
#define AUX_SW_DATA__AUX_SW_AUTOINCREMENT_DISABLE__SHIFT        0x1f
#define AUX_DPHY_TX_REF_CONTROL__AUX_TX_REF_SEL_MASK            0x1
#define AUX_DPHY_TX_REF_CONTROL__AUX_TX_REF_SEL__SHIFT          0x0
#define AUX_DPHY_TX_REF_CONTROL__AUX_TX_RATE_MASK               0x30
#define AUX_DPHY_TX_REF_CONTROL__AUX_TX_RATE__SHIFT             0x4
#define AUX_DPHY_TX_REF_CONTROL__AUX_TX_REF_DIV_MASK            0x1ff0000
#define AUX_DPHY_TX_REF_CONTROL__AUX_TX_REF_DIV__SHIFT          0x10
#define AUX_DPHY_TX_CONTROL__AUX_TX_PRECHARGE_LEN_MASK          0x7
#define AUX_DPHY_TX_CONTROL__AUX_TX_PRECHARGE_LEN__SHIFT        0x0
#define AUX_DPHY_TX_CONTROL__AUX_TX_PRECHARGE_SYMBOLS_MASK      0x3f00
#define AUX_DPHY_TX_CONTROL__AUX_TX_PRECHARGE_SYMBOLS__SHIFT    0x8
#define AUX_DPHY_TX_CONTROL__AUX_MODE_DET_CHECK_DELAY_MASK      0x70000
#define AUX_DPHY_TX_CONTROL__AUX_MODE_DET_CHECK_DELAY__SHIFT    0x10
#define AUX_DPHY_RX_CONTROL0__AUX_RX_START_WINDOW_MASK          0x70
#define AUX_DPHY_RX_CONTROL0__AUX_RX_START_WINDOW__SHIFT        0x4
#define AUX_DPHY_RX_CONTROL0__AUX_RX_RECEIVE_WINDOW_MASK        0x700
#define AUX_DPHY_RX_CONTROL0__AUX_RX_RECEIVE_WINDOW__SHIFT      0x8
#define AUX_DPHY_RX_CONTROL0__AUX_RX_HALF_SYM_DETECT_LEN_MASK   0x3000
#define AUX_DPHY_RX_CONTROL0__AUX_RX_HALF_SYM_DETECT_LEN__SHIFT 0xc
#define AUX_DPHY_RX_CONTROL0__AUX_RX_TRANSITION_FILTER_EN_MASK  0x10000
#define AUX_DPHY_RX_CONTROL0__AUX_RX_TRANSITION_FILTER_EN__SHIFT 0x10
#define AUX_DPHY_RX_CONTROL0__AUX_RX_PHASE_DETECT_LEN_MASK      0x300000
#define AUX_DPHY_RX_CONTROL0__AUX_RX_PHASE_DETECT_LEN__SHIFT    0x14
#define AUX_DPHY_RX_CONTROL0__AUX_RX_TIMEOUT_LEN_MASK           0x7000000
#define AUX_DPHY_RX_CONTROL0__AUX_RX_TIMEOUT_LEN__SHIFT         0x18
#define AUX_DPHY_RX_CONTROL0__AUX_RX_DETECTION_THRESHOLD_MASK   0x70000000
#define AUX_DPHY_RX_CONTROL0__AUX_RX_DETECTION_THRESHOLD__SHIFT 0x1c
#define AUX_DPHY_RX_CONTROL1__AUX_RX_PRECHARGE_SKIP_MASK        0xff
#define AUX_DPHY_RX_CONTROL1__AUX_RX_PRECHARGE_SKIP__SHIFT      0x0

/* AUX reply codes as found in the first reply byte, bits 7:4 */
#define DCE110_AUX_REPLY_ACK          0x0
#define DCE110_AUX_REPLY_NACK         0x1
#define DCE110_AUX_REPLY_DEFER        0x2
#define DCE110_AUX_REPLY_I2C_NACK     0x4
#define DCE110_AUX_REPLY_I2C_DEFER    0x8

/* ---- DCO: interrupt summary registers ------------------------------------ */

#define mmDCO_SCRATCH0                         0x184e
#define mmDISP_INTERRUPT_STATUS                0x1857
#define mmDISP_INTERRUPT_STATUS_CONTINUE       0x1858
#define mmDISP_INTERRUPT_STATUS_CONTINUE2      0x1859
#define mmDISP_INTERRUPT_STATUS_CONTINUE3      0x185a
#define mmDISP_INTERRUPT_STATUS_CONTINUE4      0x185b
#define mmDISP_INTERRUPT_STATUS_CONTINUE5      0x185c
#define mmDIG_SOFT_RESET                       0x1872

/*
 * Display n (1..6) is summarised in mmDISP_INTERRUPT_STATUS +
 * dce110_disp_int_status_offsets[n - 1] (DISP_INTERRUPT_STATUS for 1,
 * _CONTINUE for 2, ... _CONTINUE5 for 6), at the same bit positions. The
 * positions below are read from DISP_INTERRUPT_STATUS, _CONTINUE and
 * _CONTINUE5 in the DCE 11.0 header; _CONTINUE2.._CONTINUE4 follow the
 * pattern.
 */
#define DISP_INTERRUPT_STATUS__DC_HPD1_INTERRUPT_MASK           0x20000
#define DISP_INTERRUPT_STATUS__DC_HPD1_INTERRUPT__SHIFT         0x11
#define DISP_INTERRUPT_STATUS__DC_HPD1_RX_INTERRUPT_MASK        0x40000
#define DISP_INTERRUPT_STATUS__DC_HPD1_RX_INTERRUPT__SHIFT      0x12
#define DISP_INTERRUPT_STATUS__AUX1_SW_DONE_INTERRUPT_MASK      0x80000
#define DISP_INTERRUPT_STATUS__AUX1_SW_DONE_INTERRUPT__SHIFT    0x13
#define DISP_INTERRUPT_STATUS__DC_I2C_SW_DONE_INTERRUPT_MASK    0x1000000
#define DISP_INTERRUPT_STATUS__DC_I2C_SW_DONE_INTERRUPT__SHIFT  0x18
#define DISP_INTERRUPT_STATUS__DISP_INTERRUPT_STATUS_CONTINUE_MASK   0x80000000
#define DISP_INTERRUPT_STATUS__DISP_INTERRUPT_STATUS_CONTINUE__SHIFT 0x1f

/*
 * ======================================================================
 * dcd simulator extension
 *
 * Registers that do not exist in any public AMD header. They sit above the
 * 256 KiB MMIO aperture of these GPUs (dword offset 0x10000 and up), so they
 * can never alias a real register; a hardware backend must reject them.
 * Display Core uses them only after reading SIMEXT_ID == SIMEXT_ID_VALUE.
 *
 * Why they exist: the display PLL dividers are programmed through VBIOS
 * command tables on real hardware and are opaque in the public headers; the
 * simulator needs real numbers to derive the pixel clock. They model a
 * fractional-N PLL:
 *   VCO      = REFCLK * (PLL_FB_DIV + PLL_FB_DIV_FRACTION / 1000000) / PLL_REF_DIV
 *   PIXCLK   = VCO / PLL_POST_DIV_PIXCLK
 * The PLL locks 100 us after it leaves reset with valid dividers and a VCO
 * within 600..1200 MHz; a CRTC runs only from a locked PLL (or the DP DTO).
 * For the same reason (VBIOS-programmed PHY) the DP transmitter's link rate
 * and drive levels are given in SIMEXT_DIG_TX_*.
 * ======================================================================
 */
#define mmSIMEXT_ID                 0x10000  /* RO: SIMEXT_ID_VALUE */
#define mmSIMEXT_VERSION            0x10001  /* RO: SIMEXT_VERSION_VALUE */
#define mmSIMEXT_REFCLK_KHZ         0x10002  /* RO: PLL and DDC reference clock */
#define mmSIMEXT_DPREFCLK_KHZ       0x10003  /* RO: DP DTO reference clock */
#define mmSIMEXT_PLL_CNTL           0x10010
#define mmSIMEXT_PLL_REF_DIV        0x10011
#define mmSIMEXT_PLL_FB_DIV         0x10012
#define mmSIMEXT_PLL_FB_DIV_FRAC    0x10013
#define mmSIMEXT_PLL_POST_DIV       0x10014
#define mmSIMEXT_CRTC_CLK_SEL       0x10040  /* + CRTC index */
#define mmSIMEXT_DIG_TX_LINK_RATE   0x10080  /* + DIG index */
#define mmSIMEXT_DIG_TX_DRIVE       0x10090  /* + DIG index */
#define DCE110_SIMEXT_END           0x10100  /* first offset past the extension */

#define SIMEXT_ID_VALUE             0x4d495344u /* "DSIM" as little-endian bytes */
#define SIMEXT_VERSION_VALUE        1

/* PLLs 0..2 (the three display PLLs), at mmSIMEXT_PLL_* + offset */
static const uint32_t dce110_simext_pll_offsets[] DCE110_MAYBE_UNUSED = {
	0x00, 0x08, 0x10,
};
#define DCE110_SIMEXT_NUM_PLLS 3

#define SIMEXT_PLL_CNTL__PLL_RESET_MASK                  0x1
#define SIMEXT_PLL_CNTL__PLL_RESET__SHIFT                0x0
#define SIMEXT_PLL_CNTL__PLL_POWER_DOWN_MASK             0x2
#define SIMEXT_PLL_CNTL__PLL_POWER_DOWN__SHIFT           0x1
#define SIMEXT_PLL_CNTL__PLL_LOCK_MASK                   0x80000000 /* RO */
#define SIMEXT_PLL_CNTL__PLL_LOCK__SHIFT                 0x1f
#define SIMEXT_PLL_REF_DIV__PLL_REF_DIV_MASK             0x3ff
#define SIMEXT_PLL_REF_DIV__PLL_REF_DIV__SHIFT           0x0
#define SIMEXT_PLL_FB_DIV__PLL_FB_DIV_MASK               0xfff
#define SIMEXT_PLL_FB_DIV__PLL_FB_DIV__SHIFT             0x0
#define SIMEXT_PLL_FB_DIV_FRAC__PLL_FB_DIV_FRACTION_MASK   0xfffff /* millionths */
#define SIMEXT_PLL_FB_DIV_FRAC__PLL_FB_DIV_FRACTION__SHIFT 0x0
#define SIMEXT_PLL_POST_DIV__PLL_POST_DIV_PIXCLK_MASK    0x7f
#define SIMEXT_PLL_POST_DIV__PLL_POST_DIV_PIXCLK__SHIFT  0x0
/* Which PLL feeds the CRTC when its DP DTO is off: 0..2, or 7 for none. */
#define SIMEXT_CRTC_CLK_SEL__CRTC_PLL_SEL_MASK           0x7
#define SIMEXT_CRTC_CLK_SEL__CRTC_PLL_SEL__SHIFT         0x0
#define SIMEXT_CRTC_PLL_NONE                             7

/*
 * What the UNIPHY transmitter of DIG n puts on the wire in DP mode. On real
 * hardware the VBIOS transmitter-control table sets the PHY's link rate and
 * drive levels; the receiver model judges link training by these values.
 * TX_LINK_RATE holds a DPCD LINK_BW_SET code (0x06 RBR, 0x0a HBR, 0x14 HBR2,
 * 0 = PHY off). TX_DRIVE holds per lane (n = 0..3) the voltage swing level
 * at bits 4n+1:4n and the pre-emphasis level at bits 4n+3:4n+2, both 0..3
 * as in DPCD TRAINING_LANEn_SET.
 */
#define SIMEXT_DIG_TX_LINK_RATE__TX_LINK_RATE_MASK       0xff
#define SIMEXT_DIG_TX_LINK_RATE__TX_LINK_RATE__SHIFT     0x0
#define SIMEXT_DIG_TX_DRIVE__TX_LANE0_SWING_MASK         0x3
#define SIMEXT_DIG_TX_DRIVE__TX_LANE0_SWING__SHIFT       0x0
#define SIMEXT_DIG_TX_DRIVE__TX_LANE0_PREEMPH_MASK       0xc
#define SIMEXT_DIG_TX_DRIVE__TX_LANE0_PREEMPH__SHIFT     0x2
#define SIMEXT_DIG_TX_DRIVE__TX_LANE1_SWING_MASK         0x30
#define SIMEXT_DIG_TX_DRIVE__TX_LANE1_SWING__SHIFT       0x4
#define SIMEXT_DIG_TX_DRIVE__TX_LANE1_PREEMPH_MASK       0xc0
#define SIMEXT_DIG_TX_DRIVE__TX_LANE1_PREEMPH__SHIFT     0x6
#define SIMEXT_DIG_TX_DRIVE__TX_LANE2_SWING_MASK         0x300
#define SIMEXT_DIG_TX_DRIVE__TX_LANE2_SWING__SHIFT       0x8
#define SIMEXT_DIG_TX_DRIVE__TX_LANE2_PREEMPH_MASK       0xc00
#define SIMEXT_DIG_TX_DRIVE__TX_LANE2_PREEMPH__SHIFT     0xa
#define SIMEXT_DIG_TX_DRIVE__TX_LANE3_SWING_MASK         0x3000
#define SIMEXT_DIG_TX_DRIVE__TX_LANE3_SWING__SHIFT       0xc
#define SIMEXT_DIG_TX_DRIVE__TX_LANE3_PREEMPH_MASK       0xc000
#define SIMEXT_DIG_TX_DRIVE__TX_LANE3_PREEMPH__SHIFT     0xe

#define SIMEXT_PLL_VCO_MIN_KHZ        600000
#define SIMEXT_PLL_VCO_MAX_KHZ        1200000
#define SIMEXT_PLL_LOCK_TIME_NS       100000

// clang-format on

#endif
