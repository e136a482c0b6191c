/*
 * Registers of a pipe between the surface and the timing generator: the
 * line buffer (LB), the scaler (SCL: viewport, filters, destination as
 * overscan borders) and the output formatter (FMT: bit depth reduction,
 * pixel encoding, clamping). Instance n is at the generic offset plus
 * dce110_crtc_offsets[n], like CRTC and DCP.
 *
 * Part of the DCE 11.0 / 10.0 register map: include dce110_regs.h, not this
 * file. Names, offsets and masks as in the public AMD headers
 * (dce_11_0_d.h / dce_11_0_sh_mask.h; the SCL and FMT offsets are the same
 * in dce_10_0_d.h).
 *
 * Field formats worth knowing (from the mask widths):
 *  - SCL_H/V_SCALE_RATIO: 26 bits, unsigned 2.24 (source / destination);
 *    the public driver fills it as a u2.19 value shifted left by 5.
 *  - SCL_H/V_INIT_FRAC: 24 fraction bits; SCL_H_INIT_INT 4 bits,
 *    SCL_V_INIT_INT 3 bits.
 *  - SCL_H/V_NUM_OF_TAPS: taps - 1.
 *  - SCL_C_RAM_EVEN/ODD_TAP_COEF: 14-bit two's complement, 12 fraction
 *    bits (1.0 = 0x1000), each with an enable bit.
 *  - VIEWPORT_*: 14 bits; EXT_OVERSCAN_*: 13 bits.
 */
#ifndef DCE110_REGS_SCL_H
#define DCE110_REGS_SCL_H

// clang-format off

/* ---- LB: line buffer ----------------------------------------------------- */

#define mmLB_DATA_FORMAT          0x1ac0
#define mmLB_MEMORY_CTRL          0x1ac1
#define mmLB_DESKTOP_HEIGHT       0x1ac3

#define LB_DATA_FORMAT__PIXEL_DEPTH_MASK                 0x3
#define LB_DATA_FORMAT__PIXEL_DEPTH__SHIFT               0x0
#define LB_DATA_FORMAT__PIXEL_EXPAN_MODE_MASK            0x4
#define LB_DATA_FORMAT__PIXEL_EXPAN_MODE__SHIFT          0x2
#define LB_DATA_FORMAT__INTERLEAVE_EN_MASK               0x8
#define LB_DATA_FORMAT__INTERLEAVE_EN__SHIFT             0x3
#define LB_DATA_FORMAT__PIXEL_REDUCE_MODE_MASK           0x10
#define LB_DATA_FORMAT__PIXEL_REDUCE_MODE__SHIFT         0x4
#define LB_DATA_FORMAT__ALPHA_EN_MASK                    0x80000000
#define LB_DATA_FORMAT__ALPHA_EN__SHIFT                  0x1f
#define LB_MEMORY_CTRL__LB_MEMORY_SIZE_MASK              0xfff
#define LB_MEMORY_CTRL__LB_MEMORY_SIZE__SHIFT            0x0
#define LB_MEMORY_CTRL__LB_NUM_PARTITIONS_MASK           0xf0000
#define LB_MEMORY_CTRL__LB_NUM_PARTITIONS__SHIFT         0x10
#define LB_MEMORY_CTRL__LB_MEMORY_CONFIG_MASK            0x300000
#define LB_MEMORY_CTRL__LB_MEMORY_CONFIG__SHIFT          0x14
#define LB_DESKTOP_HEIGHT__DESKTOP_HEIGHT_MASK           0x7fff
#define LB_DESKTOP_HEIGHT__DESKTOP_HEIGHT__SHIFT         0x0

/* PIXEL_DEPTH codes as the public driver programs them */
#define LB_PIXEL_DEPTH_30BPP      0
#define LB_PIXEL_DEPTH_24BPP      1
#define LB_PIXEL_DEPTH_18BPP      2
#define LB_PIXEL_DEPTH_36BPP      3

/* ---- SCL: scaler --------------------------------------------------------- */

#define mmSCL_COEF_RAM_SELECT             0x1b40
#define mmSCL_COEF_RAM_TAP_DATA           0x1b41
#define mmSCL_MODE                        0x1b42
#define mmSCL_TAP_CONTROL                 0x1b43
#define mmSCL_CONTROL                     0x1b44
#define mmSCL_BYPASS_CONTROL              0x1b45
#define mmSCL_MANUAL_REPLICATE_CONTROL    0x1b46
#define mmSCL_AUTOMATIC_MODE_CONTROL      0x1b47
#define mmSCL_HORZ_FILTER_CONTROL         0x1b48
#define mmSCL_HORZ_FILTER_SCALE_RATIO     0x1b49
#define mmSCL_HORZ_FILTER_INIT            0x1b4a
#define mmSCL_VERT_FILTER_CONTROL         0x1b4b
#define mmSCL_VERT_FILTER_SCALE_RATIO     0x1b4c
#define mmSCL_VERT_FILTER_INIT            0x1b4d
#define mmSCL_VERT_FILTER_INIT_BOT        0x1b4e
#define mmSCL_ROUND_OFFSET                0x1b4f
#define mmSCL_UPDATE                      0x1b51
#define mmSCL_F_SHARP_CONTROL             0x1b53
#define mmSCL_ALU_CONTROL                 0x1b54
#define mmSCL_COEF_RAM_CONFLICT_STATUS    0x1b55
#define mmVIEWPORT_START_SECONDARY        0x1b5b
#define mmVIEWPORT_START                  0x1b5c
#define mmVIEWPORT_SIZE                   0x1b5d
#define mmEXT_OVERSCAN_LEFT_RIGHT         0x1b5e
#define mmEXT_OVERSCAN_TOP_BOTTOM         0x1b5f
#define mmSCL_MODE_CHANGE_DET1            0x1b60
#define mmSCL_MODE_CHANGE_DET2            0x1b61
#define mmSCL_MODE_CHANGE_DET3            0x1b62
#define mmSCL_MODE_CHANGE_MASK            0x1b63
#define mmSCL_DEBUG2                      0x1b69
#define mmSCL_DEBUG                       0x1b6a
#define mmSCL_TEST_DEBUG_INDEX            0x1b6b
#define mmSCL_TEST_DEBUG_DATA             0x1b6c

#define SCL_COEF_RAM_SELECT__SCL_C_RAM_TAP_PAIR_IDX_MASK            0xf
#define SCL_COEF_RAM_SELECT__SCL_C_RAM_TAP_PAIR_IDX__SHIFT          0x0
#define SCL_COEF_RAM_SELECT__SCL_C_RAM_PHASE_MASK                   0xf00
#define SCL_COEF_RAM_SELECT__SCL_C_RAM_PHASE__SHIFT                 0x8
#define SCL_COEF_RAM_SELECT__SCL_C_RAM_FILTER_TYPE_MASK             0x70000
#define SCL_COEF_RAM_SELECT__SCL_C_RAM_FILTER_TYPE__SHIFT           0x10
#define SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_EVEN_TAP_COEF_MASK         0x3fff
#define SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_EVEN_TAP_COEF__SHIFT       0x0
#define SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_EVEN_TAP_COEF_EN_MASK      0x8000
#define SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_EVEN_TAP_COEF_EN__SHIFT    0xf
#define SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_ODD_TAP_COEF_MASK          0x3fff0000
#define SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_ODD_TAP_COEF__SHIFT        0x10
#define SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_ODD_TAP_COEF_EN_MASK       0x80000000
#define SCL_COEF_RAM_TAP_DATA__SCL_C_RAM_ODD_TAP_COEF_EN__SHIFT     0x1f
#define SCL_MODE__SCL_MODE_MASK                                     0x3
#define SCL_MODE__SCL_MODE__SHIFT                                   0x0
#define SCL_MODE__SCL_PSCL_EN_MASK                                  0x10
#define SCL_MODE__SCL_PSCL_EN__SHIFT                                0x4
#define SCL_TAP_CONTROL__SCL_V_NUM_OF_TAPS_MASK                     0x7
#define SCL_TAP_CONTROL__SCL_V_NUM_OF_TAPS__SHIFT                   0x0
#define SCL_TAP_CONTROL__SCL_H_NUM_OF_TAPS_MASK                     0xf00
#define SCL_TAP_CONTROL__SCL_H_NUM_OF_TAPS__SHIFT                   0x8
#define SCL_CONTROL__SCL_BOUNDARY_MODE_MASK                         0x1
#define SCL_CONTROL__SCL_BOUNDARY_MODE__SHIFT                       0x0
#define SCL_CONTROL__SCL_EARLY_EOL_MODE_MASK                        0x10
#define SCL_CONTROL__SCL_EARLY_EOL_MODE__SHIFT                      0x4
#define SCL_BYPASS_CONTROL__SCL_BYPASS_MODE_MASK                    0x3
#define SCL_BYPASS_CONTROL__SCL_BYPASS_MODE__SHIFT                  0x0
#define SCL_MANUAL_REPLICATE_CONTROL__SCL_V_MANUAL_REPLICATE_FACTOR_MASK   0xf
#define SCL_MANUAL_REPLICATE_CONTROL__SCL_V_MANUAL_REPLICATE_FACTOR__SHIFT 0x0
#define SCL_MANUAL_REPLICATE_CONTROL__SCL_H_MANUAL_REPLICATE_FACTOR_MASK   0xf00
#define SCL_MANUAL_REPLICATE_CONTROL__SCL_H_MANUAL_REPLICATE_FACTOR__SHIFT 0x8
#define SCL_AUTOMATIC_MODE_CONTROL__SCL_V_CALC_AUTO_RATIO_EN_MASK   0x1
#define SCL_AUTOMATIC_MODE_CONTROL__SCL_V_CALC_AUTO_RATIO_EN__SHIFT 0x0
#define SCL_AUTOMATIC_MODE_CONTROL__SCL_H_CALC_AUTO_RATIO_EN_MASK   0x10000
#define SCL_AUTOMATIC_MODE_CONTROL__SCL_H_CALC_AUTO_RATIO_EN__SHIFT 0x10
#define SCL_HORZ_FILTER_CONTROL__SCL_H_FILTER_PICK_NEAREST_MASK     0x1
#define SCL_HORZ_FILTER_CONTROL__SCL_H_FILTER_PICK_NEAREST__SHIFT   0x0
#define SCL_HORZ_FILTER_CONTROL__SCL_H_2TAP_HARDCODE_COEF_EN_MASK   0x100
#define SCL_HORZ_FILTER_CONTROL__SCL_H_2TAP_HARDCODE_COEF_EN__SHIFT 0x8
#define SCL_HORZ_FILTER_SCALE_RATIO__SCL_H_SCALE_RATIO_MASK         0x3ffffff
#define SCL_HORZ_FILTER_SCALE_RATIO__SCL_H_SCALE_RATIO__SHIFT       0x0
#define SCL_HORZ_FILTER_INIT__SCL_H_INIT_FRAC_MASK                  0xffffff
#define SCL_HORZ_FILTER_INIT__SCL_H_INIT_FRAC__SHIFT                0x0
#define SCL_HORZ_FILTER_INIT__SCL_H_INIT_INT_MASK                   0xf000000
#define SCL_HORZ_FILTER_INIT__SCL_H_INIT_INT__SHIFT                 0x18
#define SCL_VERT_FILTER_CONTROL__SCL_V_FILTER_PICK_NEAREST_MASK     0x1
#define SCL_VERT_FILTER_CONTROL__SCL_V_FILTER_PICK_NEAREST__SHIFT   0x0
#define SCL_VERT_FILTER_CONTROL__SCL_V_2TAP_HARDCODE_COEF_EN_MASK   0x100
#define SCL_VERT_FILTER_CONTROL__SCL_V_2TAP_HARDCODE_COEF_EN__SHIFT 0x8
#define SCL_VERT_FILTER_SCALE_RATIO__SCL_V_SCALE_RATIO_MASK         0x3ffffff
#define SCL_VERT_FILTER_SCALE_RATIO__SCL_V_SCALE_RATIO__SHIFT       0x0
#define SCL_VERT_FILTER_INIT__SCL_V_INIT_FRAC_MASK                  0xffffff
#define SCL_VERT_FILTER_INIT__SCL_V_INIT_FRAC__SHIFT                0x0
#define SCL_VERT_FILTER_INIT__SCL_V_INIT_INT_MASK                   0x7000000
#define SCL_VERT_FILTER_INIT__SCL_V_INIT_INT__SHIFT                 0x18
#define SCL_VERT_FILTER_INIT_BOT__SCL_V_INIT_FRAC_BOT_MASK          0xffffff
#define SCL_VERT_FILTER_INIT_BOT__SCL_V_INIT_FRAC_BOT__SHIFT        0x0
#define SCL_VERT_FILTER_INIT_BOT__SCL_V_INIT_INT_BOT_MASK           0x7000000
#define SCL_VERT_FILTER_INIT_BOT__SCL_V_INIT_INT_BOT__SHIFT         0x18
#define SCL_ROUND_OFFSET__SCL_ROUND_OFFSET_RGB_Y_MASK               0xffff
#define SCL_ROUND_OFFSET__SCL_ROUND_OFFSET_RGB_Y__SHIFT             0x0
#define SCL_ROUND_OFFSET__SCL_ROUND_OFFSET_CBCR_MASK                0xffff0000
#define SCL_ROUND_OFFSET__SCL_ROUND_OFFSET_CBCR__SHIFT              0x10
#define SCL_UPDATE__SCL_UPDATE_PENDING_MASK                         0x1
#define SCL_UPDATE__SCL_UPDATE_PENDING__SHIFT                       0x0
#define SCL_UPDATE__SCL_UPDATE_TAKEN_MASK                           0x100
#define SCL_UPDATE__SCL_UPDATE_TAKEN__SHIFT                         0x8
#define SCL_UPDATE__SCL_UPDATE_LOCK_MASK                            0x10000
#define SCL_UPDATE__SCL_UPDATE_LOCK__SHIFT                          0x10
#define SCL_UPDATE__SCL_COEF_UPDATE_COMPLETE_MASK                   0x1000000
#define SCL_UPDATE__SCL_COEF_UPDATE_COMPLETE__SHIFT                 0x18
#define SCL_ALU_CONTROL__SCL_ALU_DISABLE_MASK                       0x1
#define SCL_ALU_CONTROL__SCL_ALU_DISABLE__SHIFT                     0x0
#define VIEWPORT_START__VIEWPORT_Y_START_MASK                       0x3fff
#define VIEWPORT_START__VIEWPORT_Y_START__SHIFT                     0x0
#define VIEWPORT_START__VIEWPORT_X_START_MASK                       0x3fff0000
#define VIEWPORT_START__VIEWPORT_X_START__SHIFT                     0x10
#define VIEWPORT_SIZE__VIEWPORT_HEIGHT_MASK                         0x3fff
#define VIEWPORT_SIZE__VIEWPORT_HEIGHT__SHIFT                       0x0
#define VIEWPORT_SIZE__VIEWPORT_WIDTH_MASK                          0x3fff0000
#define VIEWPORT_SIZE__VIEWPORT_WIDTH__SHIFT                        0x10
#define EXT_OVERSCAN_LEFT_RIGHT__EXT_OVERSCAN_RIGHT_MASK            0x1fff
#define EXT_OVERSCAN_LEFT_RIGHT__EXT_OVERSCAN_RIGHT__SHIFT          0x0
#define EXT_OVERSCAN_LEFT_RIGHT__EXT_OVERSCAN_LEFT_MASK             0x1fff0000
#define EXT_OVERSCAN_LEFT_RIGHT__EXT_OVERSCAN_LEFT__SHIFT           0x10
#define EXT_OVERSCAN_TOP_BOTTOM__EXT_OVERSCAN_BOTTOM_MASK           0x1fff
#define EXT_OVERSCAN_TOP_BOTTOM__EXT_OVERSCAN_BOTTOM__SHIFT         0x0
#define EXT_OVERSCAN_TOP_BOTTOM__EXT_OVERSCAN_TOP_MASK              0x1fff0000
#define EXT_OVERSCAN_TOP_BOTTOM__EXT_OVERSCAN_TOP__SHIFT            0x10

/* SCL_MODE.SCL_MODE values as the public driver uses them */
#define SCL_MODE_BYPASS           0 /* no scaling: the viewport passes 1:1 */
#define SCL_MODE_SCALE_RGB        1 /* scaling, graphics (RGB) data */
#define SCL_MODE_SCALE_YCBCR      2 /* scaling with separate chroma filters */

/* SCL_C_RAM_FILTER_TYPE values (the public driver's filter RAM types) */
#define SCL_FILTER_TYPE_RGB_Y_VERTICAL    0
#define SCL_FILTER_TYPE_CBCR_VERTICAL     1
#define SCL_FILTER_TYPE_RGB_Y_HORIZONTAL  2
#define SCL_FILTER_TYPE_CBCR_HORIZONTAL   3
#define SCL_FILTER_TYPE_ALPHA_VERTICAL    4
#define SCL_FILTER_TYPE_ALPHA_HORIZONTAL  5

/* 16-phase filters; a symmetric filter is loaded for phases 0..8 only */
#define SCL_PHASES                16
#define SCL_COEF_ONE              0x1000 /* 1.0 in SCL_C_RAM_*_TAP_COEF */

/* ---- FMT: output formatter ----------------------------------------------- */

#define mmFMT_CLAMP_COMPONENT_R                  0x1be8
#define mmFMT_CLAMP_COMPONENT_G                  0x1be9
#define mmFMT_CLAMP_COMPONENT_B                  0x1bea
#define mmFMT_DYNAMIC_EXP_CNTL                   0x1bed
#define mmFMT_CONTROL                            0x1bee
#define mmFMT_BIT_DEPTH_CONTROL                  0x1bf2
#define mmFMT_DITHER_RAND_R_SEED                 0x1bf3
#define mmFMT_DITHER_RAND_G_SEED                 0x1bf4
#define mmFMT_DITHER_RAND_B_SEED                 0x1bf5
#define mmFMT_TEMPORAL_DITHER_PATTERN_CONTROL    0x1bf6
#define mmFMT_CLAMP_CNTL                         0x1bf9
#define mmFMT_CRC_CNTL                           0x1bfa

#define FMT_CONTROL__FMT_SPATIAL_DITHER_FRAME_COUNTER_MAX_MASK      0xf00
#define FMT_CONTROL__FMT_SPATIAL_DITHER_FRAME_COUNTER_MAX__SHIFT    0x8
#define FMT_CONTROL__FMT_SPATIAL_DITHER_FRAME_COUNTER_BIT_SWAP_MASK   0x3000
#define FMT_CONTROL__FMT_SPATIAL_DITHER_FRAME_COUNTER_BIT_SWAP__SHIFT 0xc
#define FMT_CONTROL__FMT_PIXEL_ENCODING_MASK                        0x10000
#define FMT_CONTROL__FMT_PIXEL_ENCODING__SHIFT                      0x10
#define FMT_CONTROL__FMT_SUBSAMPLING_MODE_MASK                      0x20000
#define FMT_CONTROL__FMT_SUBSAMPLING_MODE__SHIFT                    0x11
#define FMT_CONTROL__FMT_SUBSAMPLING_ORDER_MASK                     0x40000
#define FMT_CONTROL__FMT_SUBSAMPLING_ORDER__SHIFT                   0x12
#define FMT_CONTROL__FMT_SRC_SELECT_MASK                            0x7000000
#define FMT_CONTROL__FMT_SRC_SELECT__SHIFT                          0x18
#define FMT_BIT_DEPTH_CONTROL__FMT_TRUNCATE_EN_MASK                 0x1
#define FMT_BIT_DEPTH_CONTROL__FMT_TRUNCATE_EN__SHIFT               0x0
#define FMT_BIT_DEPTH_CONTROL__FMT_TRUNCATE_MODE_MASK               0x2
#define FMT_BIT_DEPTH_CONTROL__FMT_TRUNCATE_MODE__SHIFT             0x1
#define FMT_BIT_DEPTH_CONTROL__FMT_TRUNCATE_DEPTH_MASK              0x30
#define FMT_BIT_DEPTH_CONTROL__FMT_TRUNCATE_DEPTH__SHIFT            0x4
#define FMT_BIT_DEPTH_CONTROL__FMT_SPATIAL_DITHER_EN_MASK           0x100
#define FMT_BIT_DEPTH_CONTROL__FMT_SPATIAL_DITHER_EN__SHIFT         0x8
#define FMT_BIT_DEPTH_CONTROL__FMT_SPATIAL_DITHER_MODE_MASK         0x600
#define FMT_BIT_DEPTH_CONTROL__FMT_SPATIAL_DITHER_MODE__SHIFT       0x9
#define FMT_BIT_DEPTH_CONTROL__FMT_SPATIAL_DITHER_DEPTH_MASK        0x1800
#define FMT_BIT_DEPTH_CONTROL__FMT_SPATIAL_DITHER_DEPTH__SHIFT      0xb
#define FMT_BIT_DEPTH_CONTROL__FMT_FRAME_RANDOM_ENABLE_MASK         0x2000
#define FMT_BIT_DEPTH_CONTROL__FMT_FRAME_RANDOM_ENABLE__SHIFT       0xd
#define FMT_BIT_DEPTH_CONTROL__FMT_RGB_RANDOM_ENABLE_MASK           0x4000
#define FMT_BIT_DEPTH_CONTROL__FMT_RGB_RANDOM_ENABLE__SHIFT         0xe
#define FMT_BIT_DEPTH_CONTROL__FMT_HIGHPASS_RANDOM_ENABLE_MASK      0x8000
#define FMT_BIT_DEPTH_CONTROL__FMT_HIGHPASS_RANDOM_ENABLE__SHIFT    0xf
#define FMT_BIT_DEPTH_CONTROL__FMT_TEMPORAL_DITHER_EN_MASK          0x10000
#define FMT_BIT_DEPTH_CONTROL__FMT_TEMPORAL_DITHER_EN__SHIFT        0x10
#define FMT_BIT_DEPTH_CONTROL__FMT_TEMPORAL_DITHER_DEPTH_MASK       0x60000
#define FMT_BIT_DEPTH_CONTROL__FMT_TEMPORAL_DITHER_DEPTH__SHIFT     0x11
#define FMT_BIT_DEPTH_CONTROL__FMT_TEMPORAL_DITHER_OFFSET_MASK      0x600000
#define FMT_BIT_DEPTH_CONTROL__FMT_TEMPORAL_DITHER_OFFSET__SHIFT    0x15
#define FMT_BIT_DEPTH_CONTROL__FMT_TEMPORAL_LEVEL_MASK              0x1000000
#define FMT_BIT_DEPTH_CONTROL__FMT_TEMPORAL_LEVEL__SHIFT            0x18
#define FMT_BIT_DEPTH_CONTROL__FMT_TEMPORAL_DITHER_RESET_MASK       0x2000000
#define FMT_BIT_DEPTH_CONTROL__FMT_TEMPORAL_DITHER_RESET__SHIFT     0x19
#define FMT_DITHER_RAND_R_SEED__FMT_RAND_R_SEED_MASK                0xff
#define FMT_DITHER_RAND_R_SEED__FMT_RAND_R_SEED__SHIFT              0x0
#define FMT_DITHER_RAND_R_SEED__FMT_OFFSET_R_CR_MASK                0xffff0000
#define FMT_DITHER_RAND_R_SEED__FMT_OFFSET_R_CR__SHIFT              0x10
#define FMT_CLAMP_CNTL__FMT_CLAMP_DATA_EN_MASK                      0x1
#define FMT_CLAMP_CNTL__FMT_CLAMP_DATA_EN__SHIFT                    0x0
#define FMT_CLAMP_CNTL__FMT_CLAMP_COLOR_FORMAT_MASK                 0x70000
#define FMT_CLAMP_CNTL__FMT_CLAMP_COLOR_FORMAT__SHIFT               0x10

/* FMT_TRUNCATE_DEPTH and FMT_SPATIAL_DITHER_DEPTH: 0 = 6 bpc, 1 = 8, 2 = 10 */
#define FMT_DEPTH_6BPC            0
#define FMT_DEPTH_8BPC            1
#define FMT_DEPTH_10BPC           2

// clang-format on

#endif
