/*
 * DPCD addresses and fields the link layer uses: facts of the DisplayPort
 * 1.2 standard, with the names of the Linux kernel's public header
 * include/drm/display/drm_dp.h so they can be looked up there. Also the
 * DP++ dual-mode adaptor registers (drm_dp_dual_mode_helper.h) and the
 * HDMI 2.0 SCDC registers (drm_scdc.h).
 */
#ifndef DC_DPCD_REGS_H
#define DC_DPCD_REGS_H

// clang-format off

/* ---- AUX request commands and reply codes ---- */
#define DP_AUX_I2C_WRITE                0x0
#define DP_AUX_I2C_READ                 0x1
#define DP_AUX_I2C_MOT                  0x4 /* middle of transaction */
#define DP_AUX_NATIVE_WRITE             0x8
#define DP_AUX_NATIVE_READ              0x9
#define DP_AUX_NATIVE_REPLY_ACK         0x0
#define DP_AUX_NATIVE_REPLY_NACK        0x1
#define DP_AUX_NATIVE_REPLY_DEFER       0x2
#define DP_AUX_I2C_REPLY_NACK           0x4
#define DP_AUX_I2C_REPLY_DEFER          0x8

/* ---- receiver capability ---- */
#define DP_DPCD_REV                     0x000
#define DP_MAX_LINK_RATE                0x001
#define DP_MAX_LANE_COUNT               0x002
#define  DP_MAX_LANE_COUNT_MASK         0x1f
#define  DP_TPS3_SUPPORTED              0x40
#define  DP_ENHANCED_FRAME_CAP          0x80
#define DP_DOWNSTREAMPORT_PRESENT       0x005
#define  DP_DWN_STRM_PORT_PRESENT       0x01
#define  DP_DWN_STRM_PORT_TYPE_MASK     0x06
#define DP_DOWN_STREAM_PORT_COUNT       0x007
#define  DP_MSA_TIMING_PAR_IGNORED      0x40 /* the sink can ignore MSA timing: Adaptive-Sync */
#define DP_TRAINING_AUX_RD_INTERVAL     0x00e
#define  DP_TRAINING_AUX_RD_MASK        0x7f
#define DP_RECEIVER_CAP_SIZE            16
#define DP_MSTM_CAP                     0x021
#define  DP_MST_CAP                     0x01

/* LINK_BW_SET / MAX_LINK_RATE codes: rate / 270 Mbit/s */
#define DP_LINK_BW_1_62                 0x06
#define DP_LINK_BW_2_7                  0x0a
#define DP_LINK_BW_5_4                  0x14

/* ---- link configuration ---- */
#define DP_LINK_BW_SET                  0x100
#define DP_LANE_COUNT_SET               0x101
#define  DP_LANE_COUNT_ENHANCED_FRAME_EN 0x80
#define DP_TRAINING_PATTERN_SET         0x102
#define  DP_TRAINING_PATTERN_DISABLE    0
#define  DP_TRAINING_PATTERN_1          1
#define  DP_TRAINING_PATTERN_2          2
#define  DP_TRAINING_PATTERN_3          3
#define  DP_LINK_SCRAMBLING_DISABLE     0x20
#define DP_TRAINING_LANE0_SET           0x103
#define  DP_TRAIN_VOLTAGE_SWING_MASK    0x03
#define  DP_TRAIN_MAX_SWING_REACHED     0x04
#define  DP_TRAIN_PRE_EMPHASIS_SHIFT    3
#define  DP_TRAIN_MAX_PRE_EMPHASIS_REACHED 0x20
#define DP_DOWNSPREAD_CTRL              0x107
#define  DP_MSA_TIMING_PAR_IGNORE_EN    0x80
#define DP_MAIN_LINK_CHANNEL_CODING_SET 0x108
#define  DP_SET_ANSI_8B10B              0x01

/* ---- link and sink status ---- */
#define DP_SINK_COUNT                   0x200
#define DP_DEVICE_SERVICE_IRQ_VECTOR    0x201
#define  DP_REMOTE_CONTROL_COMMAND_PENDING 0x01
#define  DP_AUTOMATED_TEST_REQUEST      0x02
#define  DP_CP_IRQ                      0x04
#define  DP_MCCS_IRQ                    0x08
#define  DP_DOWN_REP_MSG_RDY            0x10
#define  DP_UP_REQ_MSG_RDY              0x20
#define  DP_SINK_SPECIFIC_IRQ           0x40
#define DP_LANE0_1_STATUS               0x202
#define  DP_LANE_CR_DONE                0x1
#define  DP_LANE_CHANNEL_EQ_DONE        0x2
#define  DP_LANE_SYMBOL_LOCKED          0x4
#define DP_LANE_ALIGN_STATUS_UPDATED    0x204
#define  DP_INTERLANE_ALIGN_DONE        0x01
#define  DP_LINK_STATUS_UPDATED         0x80
#define DP_SINK_STATUS                  0x205
#define DP_ADJUST_REQUEST_LANE0_1       0x206
#define DP_LINK_STATUS_SIZE             6 /* 0x202..0x207 */

#define DP_SET_POWER                    0x600
#define  DP_SET_POWER_D0                0x1
#define  DP_SET_POWER_D3                0x2
#define  DP_SET_POWER_MASK              0x7

/* SINK_COUNT: bits 5:0 and, from DPCD 1.2, bit 7 as bit 6 */
#define DP_GET_SINK_COUNT(x)            ((((x) & 0x80) >> 1) | ((x) & 0x3f))

/* ---- DP++ dual-mode adaptor, I2C address 0x40 on the DDC line ---- */
#define DP_DUAL_MODE_SLAVE_ADDRESS      0x40
#define DP_DUAL_MODE_HDMI_ID            0x00 /* "DP-HDMI ADAPTOR\x04" */
#define DP_DUAL_MODE_HDMI_ID_LEN        16
#define DP_DUAL_MODE_ADAPTOR_ID         0x10
#define  DP_DUAL_MODE_REV_MASK          0x07
#define  DP_DUAL_MODE_REV_TYPE2         0x00
#define  DP_DUAL_MODE_TYPE_MASK         0xf0
#define  DP_DUAL_MODE_TYPE_TYPE2        0xa0
#define DP_DUAL_MODE_MAX_TMDS_CLOCK     0x1d /* x 2.5 MHz */
#define DP_DUAL_MODE_TMDS_OEN           0x20
#define  DP_DUAL_MODE_TMDS_DISABLE      0x01

/* ---- HDMI 2.0 SCDC, I2C address 0x54 on the DDC line ---- */
#define SCDC_I2C_SLAVE_ADDRESS          0x54
#define SCDC_SOURCE_VERSION             0x02
#define SCDC_TMDS_CONFIG                0x20
#define  SCDC_TMDS_BIT_CLOCK_RATIO_BY_40 0x02
#define  SCDC_SCRAMBLING_ENABLE         0x01
#define SCDC_SCRAMBLER_STATUS           0x21
#define  SCDC_SCRAMBLING_STATUS         0x01

/* ---- E-DDC ---- */
#define DDC_SEGMENT_ADDR                0x30
#define DDC_ADDR                        0x50

// clang-format on

#endif
