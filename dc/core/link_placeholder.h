/*
 * PLACEHOLDER until branch `dclink` is merged: the link layer's entry
 * points the commit and the interrupt handler call (dc/link/link.h on that
 * branch declares them and defines DC_LINK_H). They only switch the link
 * encoder's mode and enable: no PHY, no training, no scrambling, no HPD.
 * Delete this file with the merge.
 */
#ifndef DC_LINK_H
#ifndef DC_LINK_PLACEHOLDER_H
#define DC_LINK_PLACEHOLDER_H

#include "../dce110/dce110_regs.h"
#include "dc_priv.h"

static inline int dc_link_enable(struct dc *dc, unsigned link, const struct dc_stream *stream,
				 struct dc_error *err)
{
	uint32_t be = dce110_dig_offsets[stream->res.link_encoder];
	uint32_t mode = stream->res.signal == DC_SIGNAL_HDMI	     ? DCE110_DIG_MODE_TMDS_HDMI
			: stream->res.signal == DC_SIGNAL_DVI_SINGLE ? DCE110_DIG_MODE_TMDS_DVI
			: stream->res.signal == DC_SIGNAL_DVI_DUAL   ? DCE110_DIG_MODE_TMDS_DVI
								     : DCE110_DIG_MODE_DP;

	dc_hw_update(dc->hw, mmDIG_BE_CNTL + be, DIG_BE_CNTL__DIG_MODE_MASK,
		     DC_FIELD(DIG_BE_CNTL, DIG_MODE, mode));
	dc_hw_update(dc->hw, mmDIG_BE_EN_CNTL + be, DIG_BE_EN_CNTL__DIG_ENABLE_MASK,
		     DIG_BE_EN_CNTL__DIG_ENABLE_MASK);
	return 0;
}

static inline int dc_link_disable(struct dc *dc, unsigned link)
{
	uint32_t be = dce110_dig_offsets[dc->links[link].desc.dig_be];

	dc_hw_update(dc->hw, mmDIG_BE_EN_CNTL + be, DIG_BE_EN_CNTL__DIG_ENABLE_MASK, 0);
	return 0;
}

static inline int dc_link_adopt(struct dc *dc, unsigned link, const struct dc_stream *stream)
{
	return 0;
}

static inline void dc_irq_handle_hpd(struct dc *dc)
{
}

#endif
#endif
