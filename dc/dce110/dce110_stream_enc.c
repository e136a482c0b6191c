/*
 * Stream encoder: the DIG front end that takes a CRTC's pixels and formats
 * them for the link, with its HDMI packet generator (AVI InfoFrame,
 * general control, audio packets) and its DP stream block (pixel format,
 * M/N, video stream enable).
 *
 * The link encoder (DIG back end + PHY: mode, lanes, training, scrambling)
 * belongs to dc/link; this file only connects the back end to the front end
 * (DIG_FE_SOURCE_SELECT, a mask of front ends) and reads the back end's
 * state for snapshots. DIG_SYMCLK_FE_ON marks a front end in use, so a
 * snapshot can tell a working front end from a reset one.
 */
#include "dc_modes.h"
#include "dce110.h"
#include "dce110_regs.h"

#define DIG(reg, n) ((reg) + dce110_dig_offsets[n])

/* HDMI_DEEP_COLOR_DEPTH and DP_COMPONENT_DEPTH codes of a bpc. */
static uint32_t hdmi_depth(unsigned bpc)
{
	return bpc >= 12 ? 2 : bpc == 10 ? 1 : 0;
}

static uint32_t dp_depth(unsigned bpc)
{
	switch (bpc) {
	case 6:
		return 0;
	case 10:
		return 2;
	case 12:
		return 3;
	default:
		return 1;
	}
}

/* DP_PIXEL_ENCODING: RGB 0, YCbCr 4:2:2 1, 4:4:4 2, 4:2:0 5. */
static uint32_t dp_encoding(enum dc_pixel_encoding e)
{
	static const uint32_t code[] = { 0, 2, 1, 5 };

	return code[e];
}

// clang-format off
#define AVI_VERSION       2     /* 3 for VICs above 127 */
#define AVI_LENGTH        13
#define AVI_TYPE          0x82
#define AVI_LINE          2     /* the line of vertical blank that carries it */
#define AVI_Y_SHIFT       5     /* PB1: RGB 0, 4:2:2 1, 4:4:4 2, 4:2:0 3 */
#define AVI_A0            0x10  /* PB1: active format information present */
#define AVI_C_SHIFT       6     /* PB2: colorimetry: 601 1, 709 2 */
#define AVI_M_SHIFT       4     /* PB2: picture aspect: 4:3 1, 16:9 2 */
#define AVI_R_SAME        0x8   /* PB2: active format = the picture */
#define AVI_Q_FULL        (2 << 2) /* PB3: RGB quantization range full */
// clang-format on

void dce110_avi_build(const struct drm_mode_modeinfo *mode, enum dc_pixel_encoding encoding,
		      struct dce110_avi *avi)
{
	static const uint8_t y_code[] = { 0, 2, 1, 3 };
	unsigned vic = dc_vic_match(mode), sum;
	struct dc_mode vm;
	uint8_t aspect = 0;

	*avi = (struct dce110_avi){ .pb = { 0 } };
	if (vic && !dc_mode_from_vic(&vm, vic)) {
		/* 64:27 and 256:135 are told by the VIC alone (M = no data) */
		if (vm.picture_aspect == DC_PIC_AR_4_3)
			aspect = 1;
		else if (vm.picture_aspect == DC_PIC_AR_16_9)
			aspect = 2;
		if (vm.pixel_repetition > 1)
			avi->pb[5] = (uint8_t)(vm.pixel_repetition - 1);
	}
	avi->pb[1] = (uint8_t)(y_code[encoding] << AVI_Y_SHIFT | AVI_A0);
	avi->pb[2] = (uint8_t)(aspect << AVI_M_SHIFT | AVI_R_SAME);
	if (encoding != DC_ENCODING_RGB)
		avi->pb[2] |= (uint8_t)((mode->vdisplay >= 720 ? 2 : 1) << AVI_C_SHIFT);
	else
		avi->pb[3] = AVI_Q_FULL; /* dcd sends the framebuffer's full range as is */
	avi->pb[4] = (uint8_t)vic;
	avi->version = vic > 127 ? 3 : AVI_VERSION;
	sum = AVI_TYPE + avi->version + AVI_LENGTH;
	for (unsigned i = 1; i < 14; i++)
		sum += avi->pb[i];
	avi->pb[0] = (uint8_t)(0x100 - (sum & 0xff));
}

static void write_avi(struct dc_hw *hw, unsigned se, const struct dce110_stream_config *cfg)
{
	struct dce110_avi avi;
	const uint8_t *b = avi.pb;

	dce110_avi_build(cfg->mode, cfg->encoding, &avi);
	/* AFMT_AVI_INFO0..3 hold PB0..PB13 in byte order, the version in the top byte */
	dc_hw_write(hw, DIG(mmAFMT_AVI_INFO0, se),
		    (uint32_t)b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24);
	dc_hw_write(hw, DIG(mmAFMT_AVI_INFO1, se),
		    (uint32_t)b[4] | b[5] << 8 | b[6] << 16 | (uint32_t)b[7] << 24);
	dc_hw_write(hw, DIG(mmAFMT_AVI_INFO2, se),
		    (uint32_t)b[8] | b[9] << 8 | b[10] << 16 | (uint32_t)b[11] << 24);
	dc_hw_write(hw, DIG(mmAFMT_AVI_INFO3, se),
		    (uint32_t)b[12] | b[13] << 8 |
			    DC_FIELD(AFMT_AVI_INFO3, AFMT_AVI_INFO_VERSION, avi.version));
	dc_hw_update(hw, DIG(mmHDMI_INFOFRAME_CONTROL1, se),
		     HDMI_INFOFRAME_CONTROL1__HDMI_AVI_INFO_LINE_MASK,
		     DC_FIELD(HDMI_INFOFRAME_CONTROL1, HDMI_AVI_INFO_LINE, AVI_LINE));
	dc_hw_update(hw, DIG(mmHDMI_INFOFRAME_CONTROL0, se),
		     HDMI_INFOFRAME_CONTROL0__HDMI_AVI_INFO_SEND_MASK |
			     HDMI_INFOFRAME_CONTROL0__HDMI_AVI_INFO_CONT_MASK,
		     HDMI_INFOFRAME_CONTROL0__HDMI_AVI_INFO_SEND_MASK |
			     HDMI_INFOFRAME_CONTROL0__HDMI_AVI_INFO_CONT_MASK);
}

/*
 * The bit that says stream encoder se sends audio: the audio clock gate
 * (AFMT_CNTL) on DCE 11, the sample-send bit on DCE 10, which has no gate.
 */
static void audio_on(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned se, bool on)
{
	dc_hw_update(hw, DIG(g->audio_on_reg, se), g->audio_on_mask, on ? g->audio_on_mask : 0);
}

/* HDMI audio: packets of endpoint `audio`, clock recovery by the hardware. */
static void hdmi_audio(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned se, int audio)
{
	const uint32_t info = HDMI_INFOFRAME_CONTROL0__HDMI_AUDIO_INFO_SEND_MASK |
			      HDMI_INFOFRAME_CONTROL0__HDMI_AUDIO_INFO_CONT_MASK;

	if (audio < 0) {
		dc_hw_update(hw, DIG(mmHDMI_INFOFRAME_CONTROL0, se), info, 0);
		dc_hw_update(hw, DIG(mmHDMI_ACR_PACKET_CONTROL, se),
			     HDMI_ACR_PACKET_CONTROL__HDMI_ACR_AUTO_SEND_MASK, 0);
		audio_on(hw, g, se, false);
		return;
	}
	dc_hw_update(hw, DIG(mmAFMT_AUDIO_SRC_CONTROL, se),
		     AFMT_AUDIO_SRC_CONTROL__AFMT_AUDIO_SRC_SELECT_MASK,
		     DC_FIELD(AFMT_AUDIO_SRC_CONTROL, AFMT_AUDIO_SRC_SELECT, audio));
	audio_on(hw, g, se, true);
	dc_hw_update(hw, DIG(mmHDMI_AUDIO_PACKET_CONTROL, se),
		     HDMI_AUDIO_PACKET_CONTROL__HDMI_AUDIO_DELAY_EN_MASK,
		     DC_FIELD(HDMI_AUDIO_PACKET_CONTROL, HDMI_AUDIO_DELAY_EN, 1));
	/* N and CTS computed by the hardware (ACR source 0), sent every frame */
	dc_hw_update(hw, DIG(mmHDMI_ACR_PACKET_CONTROL, se),
		     HDMI_ACR_PACKET_CONTROL__HDMI_ACR_SOURCE_MASK |
			     HDMI_ACR_PACKET_CONTROL__HDMI_ACR_AUTO_SEND_MASK |
			     HDMI_ACR_PACKET_CONTROL__HDMI_ACR_AUDIO_PRIORITY_MASK,
		     HDMI_ACR_PACKET_CONTROL__HDMI_ACR_AUTO_SEND_MASK |
			     HDMI_ACR_PACKET_CONTROL__HDMI_ACR_AUDIO_PRIORITY_MASK);
	dc_hw_update(hw, DIG(mmHDMI_INFOFRAME_CONTROL1, se),
		     HDMI_INFOFRAME_CONTROL1__HDMI_AUDIO_INFO_LINE_MASK,
		     DC_FIELD(HDMI_INFOFRAME_CONTROL1, HDMI_AUDIO_INFO_LINE, AVI_LINE));
	dc_hw_update(hw, DIG(mmHDMI_INFOFRAME_CONTROL0, se), info, info);
}

static void setup_hdmi(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned se,
		       const struct dce110_stream_config *cfg)
{
	bool deep = cfg->bpc > 8 && cfg->encoding != DC_ENCODING_YCBCR422;
	const uint32_t ctl_mask = HDMI_CONTROL__HDMI_KEEPOUT_MODE_MASK |
				  HDMI_CONTROL__HDMI_DEEP_COLOR_ENABLE_MASK |
				  HDMI_CONTROL__HDMI_DEEP_COLOR_DEPTH_MASK;
	const uint32_t vbi = HDMI_VBI_PACKET_CONTROL__HDMI_NULL_SEND_MASK |
			     HDMI_VBI_PACKET_CONTROL__HDMI_GC_SEND_MASK |
			     HDMI_VBI_PACKET_CONTROL__HDMI_GC_CONT_MASK;

	/* scrambling bits of HDMI_CONTROL are the link's: leave them */
	dc_hw_update(hw, DIG(mmHDMI_CONTROL, se), ctl_mask,
		     HDMI_CONTROL__HDMI_KEEPOUT_MODE_MASK |
			     DC_FIELD(HDMI_CONTROL, HDMI_DEEP_COLOR_ENABLE, deep) |
			     DC_FIELD(HDMI_CONTROL, HDMI_DEEP_COLOR_DEPTH, hdmi_depth(cfg->bpc)));
	/* general control packets carry the color depth and AV mute (off) */
	dc_hw_update(hw, DIG(mmHDMI_GC, se), HDMI_GC__HDMI_GC_AVMUTE_MASK, 0);
	dc_hw_update(hw, DIG(mmHDMI_VBI_PACKET_CONTROL, se), vbi, vbi);
	write_avi(hw, se, cfg);
	hdmi_audio(hw, g, se, cfg->audio);
}

static void stop_hdmi(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned se)
{
	dc_hw_update(hw, DIG(mmHDMI_INFOFRAME_CONTROL0, se),
		     HDMI_INFOFRAME_CONTROL0__HDMI_AVI_INFO_SEND_MASK |
			     HDMI_INFOFRAME_CONTROL0__HDMI_AVI_INFO_CONT_MASK,
		     0);
	dc_hw_update(hw, DIG(mmHDMI_VBI_PACKET_CONTROL, se),
		     HDMI_VBI_PACKET_CONTROL__HDMI_GC_SEND_MASK |
			     HDMI_VBI_PACKET_CONTROL__HDMI_GC_CONT_MASK,
		     0);
	dc_hw_update(hw, DIG(mmHDMI_CONTROL, se),
		     HDMI_CONTROL__HDMI_DEEP_COLOR_ENABLE_MASK |
			     HDMI_CONTROL__HDMI_DEEP_COLOR_DEPTH_MASK,
		     0);
	hdmi_audio(hw, g, se, -1);
}

void dce110_se_setup(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned se, unsigned be,
		     const struct dce110_stream_config *cfg)
{
	bool dp = cfg->signal == DC_SIGNAL_DP || cfg->signal == DC_SIGNAL_EDP;
	const uint32_t fe_mask =
		DIG_FE_CNTL__DIG_SOURCE_SELECT_MASK | DIG_FE_CNTL__DIG_STEREOSYNC_SELECT_MASK |
		DIG_FE_CNTL__TMDS_PIXEL_ENCODING_MASK | DIG_FE_CNTL__DIG_SYMCLK_FE_ON_MASK;

	dc_hw_update(hw, DIG(mmDIG_FE_CNTL, se), fe_mask,
		     DC_FIELD(DIG_FE_CNTL, DIG_SOURCE_SELECT, cfg->tg) |
			     DC_FIELD(DIG_FE_CNTL, DIG_STEREOSYNC_SELECT, cfg->tg) |
			     DC_FIELD(DIG_FE_CNTL, TMDS_PIXEL_ENCODING,
				      !dp && cfg->encoding == DC_ENCODING_YCBCR422) |
			     DIG_FE_CNTL__DIG_SYMCLK_FE_ON_MASK);
	dc_hw_update(hw, DIG(mmDIG_BE_CNTL, be), DIG_BE_CNTL__DIG_FE_SOURCE_SELECT_MASK,
		     DC_FIELD(DIG_BE_CNTL, DIG_FE_SOURCE_SELECT, 1u << se));
	if (dp) {
		stop_hdmi(hw, g, se);
		dc_hw_update(
			hw, DIG(mmDP_PIXEL_FORMAT, se),
			DP_PIXEL_FORMAT__DP_PIXEL_ENCODING_MASK |
				DP_PIXEL_FORMAT__DP_COMPONENT_DEPTH_MASK,
			DC_FIELD(DP_PIXEL_FORMAT, DP_PIXEL_ENCODING, dp_encoding(cfg->encoding)) |
				DC_FIELD(DP_PIXEL_FORMAT, DP_COMPONENT_DEPTH, dp_depth(cfg->bpc)));
		audio_on(hw, g, se, cfg->audio >= 0);
		if (cfg->audio >= 0)
			dc_hw_update(hw, DIG(mmAFMT_AUDIO_SRC_CONTROL, se),
				     AFMT_AUDIO_SRC_CONTROL__AFMT_AUDIO_SRC_SELECT_MASK,
				     DC_FIELD(AFMT_AUDIO_SRC_CONTROL, AFMT_AUDIO_SRC_SELECT,
					      cfg->audio));
	} else if (cfg->signal == DC_SIGNAL_HDMI) {
		setup_hdmi(hw, g, se, cfg);
	} else {
		stop_hdmi(hw, g, se); /* DVI: no data islands */
	}
}

void dce110_se_dp_link_params(struct dc_hw *hw, unsigned se, uint32_t pixel_khz,
			      uint32_t link_rate_mbps)
{
	/* Mvid / Nvid = stream clock / link symbol clock (rate / 10) */
	dc_hw_update(hw, DIG(mmDP_VID_TIMING, se), DP_VID_TIMING__DP_VID_M_N_GEN_EN_MASK, 0);
	dc_hw_update(hw, DIG(mmDP_VID_M, se), DP_VID_M__DP_VID_M_MASK,
		     DC_FIELD(DP_VID_M, DP_VID_M, pixel_khz));
	dc_hw_update(hw, DIG(mmDP_VID_N, se), DP_VID_N__DP_VID_N_MASK,
		     DC_FIELD(DP_VID_N, DP_VID_N, link_rate_mbps * 100));
	dc_hw_update(hw, DIG(mmDP_VID_TIMING, se), DP_VID_TIMING__DP_VID_M_N_GEN_EN_MASK,
		     DP_VID_TIMING__DP_VID_M_N_GEN_EN_MASK);
}

void dce110_se_dp_video(struct dc_hw *hw, unsigned se, bool enable)
{
	if (enable)
		dc_hw_write(hw, DIG(mmDP_STEER_FIFO, se), DP_STEER_FIFO__DP_STEER_FIFO_RESET_MASK);
	dc_hw_update(hw, DIG(mmDP_VID_STREAM_CNTL, se),
		     DP_VID_STREAM_CNTL__DP_VID_STREAM_ENABLE_MASK,
		     DC_FIELD(DP_VID_STREAM_CNTL, DP_VID_STREAM_ENABLE, enable));
}

void dce110_se_disable(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned se, unsigned be)
{
	dce110_se_dp_video(hw, se, false);
	stop_hdmi(hw, g, se);
	audio_on(hw, g, se, false);
	dc_hw_update(hw, DIG(mmDIG_FE_CNTL, se), DIG_FE_CNTL__DIG_SYMCLK_FE_ON_MASK, 0);
	dc_hw_update(hw, DIG(mmDIG_BE_CNTL, be),
		     DC_FIELD(DIG_BE_CNTL, DIG_FE_SOURCE_SELECT, 1u << se), 0);
}

void dce110_se_read(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned se,
		    enum dc_signal signal, struct dce110_se_state *st)
{
	uint32_t fe = dc_hw_read(hw, DIG(mmDIG_FE_CNTL, se));

	*st = (struct dce110_se_state){ .audio = -1, .encoding = DC_ENCODING_RGB, .bpc = 8 };
	st->active = DC_FIELD_GET(fe, DIG_FE_CNTL, DIG_SYMCLK_FE_ON);
	st->tg = DC_FIELD_GET(fe, DIG_FE_CNTL, DIG_SOURCE_SELECT);
	if (dc_hw_read(hw, DIG(g->audio_on_reg, se)) & g->audio_on_mask)
		st->audio = (int)DC_FIELD_GET(dc_hw_read(hw, DIG(mmAFMT_AUDIO_SRC_CONTROL, se)),
					      AFMT_AUDIO_SRC_CONTROL, AFMT_AUDIO_SRC_SELECT);
	if (signal == DC_SIGNAL_DP || signal == DC_SIGNAL_EDP) {
		uint32_t pf = dc_hw_read(hw, DIG(mmDP_PIXEL_FORMAT, se));
		static const uint8_t bpc[] = { 6, 8, 10, 12, 16 };
		uint32_t depth = DC_FIELD_GET(pf, DP_PIXEL_FORMAT, DP_COMPONENT_DEPTH);

		switch (DC_FIELD_GET(pf, DP_PIXEL_FORMAT, DP_PIXEL_ENCODING)) {
		case 1:
			st->encoding = DC_ENCODING_YCBCR422;
			break;
		case 2:
			st->encoding = DC_ENCODING_YCBCR444;
			break;
		case 5:
			st->encoding = DC_ENCODING_YCBCR420;
			break;
		default:
			break;
		}
		st->bpc = depth < sizeof(bpc) ? bpc[depth] : 0;
	} else if (signal == DC_SIGNAL_HDMI) {
		uint32_t ctl = dc_hw_read(hw, DIG(mmHDMI_CONTROL, se));
		/* PB1 (Y) of the AVI InfoFrame says RGB or which YCbCr */
		uint32_t y = DC_FIELD_GET(dc_hw_read(hw, DIG(mmAFMT_AVI_INFO0, se)), AFMT_AVI_INFO0,
					  AFMT_AVI_INFO_Y);
		static const enum dc_pixel_encoding enc[] = {
			DC_ENCODING_RGB,
			DC_ENCODING_YCBCR422,
			DC_ENCODING_YCBCR444,
			DC_ENCODING_YCBCR420,
		};

		st->encoding = enc[y & 3];
		if (DC_FIELD_GET(ctl, HDMI_CONTROL, HDMI_DEEP_COLOR_ENABLE))
			st->bpc = (uint8_t)(8 + 2 * DC_FIELD_GET(ctl, HDMI_CONTROL,
								 HDMI_DEEP_COLOR_DEPTH));
	}
}

void dce110_be_read(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned be,
		    struct dce110_be_state *st)
{
	uint32_t cntl = dc_hw_read(hw, DIG(mmDIG_BE_CNTL, be));

	st->enabled = dc_hw_read(hw, DIG(mmDIG_BE_EN_CNTL, be)) & DIG_BE_EN_CNTL__DIG_ENABLE_MASK;
	st->mode = DC_FIELD_GET(cntl, DIG_BE_CNTL, DIG_MODE);
	st->dual_link = DC_FIELD_GET(cntl, DIG_BE_CNTL, DIG_DUAL_LINK_ENABLE);
	st->fe_mask = DC_FIELD_GET(cntl, DIG_BE_CNTL, DIG_FE_SOURCE_SELECT);
	st->scrambling = dce110_link_enc_hdmi_scrambling_on(hw, g, be);
}
