/*
 * DP++ (dual-mode) adaptors: a DP connector whose HPD is up but whose AUX
 * channel has no DP receiver carries TMDS to the monitor behind an adaptor.
 * The adaptor's ID registers (I2C 0x40 on the DDC line) tell which kind:
 *  - "DP-HDMI ADAPTOR\x04" at 0x00 and adaptor ID 0xa0 (type 2, revision 0)
 *    at 0x10: type 2, maximum TMDS clock at 0x1d in units of 2.5 MHz;
 *  - the ID string without the type 2 ID: type 1 to HDMI;
 *  - type 2 ID without the string: type 2 to DVI;
 *  - no answer at all: a type 1 (DVI) adaptor, which has no registers.
 * Type 1 adaptors carry up to 165 MHz.
 */
#include <string.h>

#include "link_priv.h"

static const char hdmi_id[DP_DUAL_MODE_HDMI_ID_LEN] = "DP-HDMI ADAPTOR\x04";

#define ID_REGS		     (DP_DUAL_MODE_MAX_TMDS_CLOCK + 1)
#define MAX_TMDS_UNIT_KHZ_X2 5000 /* 2.5 MHz */
#define TYPE1_MAX_TMDS_KHZ   165000

void dc_dongle_detect(struct dc *dc, unsigned link, struct dc_dongle *out)
{
	const char *name = dc->links[link].name;
	uint8_t regs[ID_REGS];
	bool hdmi, type2;
	int ret;

	ret = dc_ddc_read(dc, link, DP_DUAL_MODE_SLAVE_ADDRESS, 0, regs, sizeof(regs));
	if (ret) {
		*out = (struct dc_dongle){ .type = DC_DONGLE_DP_DVI_TYPE1,
					   .max_tmds_khz = TYPE1_MAX_TMDS_KHZ };
		dc_log(dc, DC_LOG_INFO, "%s: DP++ adaptor without ID registers: type 1, %u MHz",
		       name, TYPE1_MAX_TMDS_KHZ / 1000);
		return;
	}
	hdmi = !memcmp(regs + DP_DUAL_MODE_HDMI_ID, hdmi_id, sizeof(hdmi_id));
	type2 = (regs[DP_DUAL_MODE_ADAPTOR_ID] &
		 (DP_DUAL_MODE_TYPE_MASK | DP_DUAL_MODE_REV_MASK)) ==
		(DP_DUAL_MODE_TYPE_TYPE2 | DP_DUAL_MODE_REV_TYPE2);
	if (!type2) {
		*out = (struct dc_dongle){
			.type = hdmi ? DC_DONGLE_DP_HDMI_TYPE1 : DC_DONGLE_DP_DVI_TYPE1,
			.max_tmds_khz = TYPE1_MAX_TMDS_KHZ,
		};
		dc_log(dc, DC_LOG_INFO, "%s: DP++ type 1 adaptor to %s, %u MHz", name,
		       hdmi ? "HDMI" : "DVI", TYPE1_MAX_TMDS_KHZ / 1000);
		return;
	}
	out->type = hdmi ? DC_DONGLE_DP_HDMI_TYPE2 : DC_DONGLE_DP_DVI_TYPE2;
	out->max_tmds_khz = (uint32_t)regs[DP_DUAL_MODE_MAX_TMDS_CLOCK] * MAX_TMDS_UNIT_KHZ_X2 / 2;
	if (!out->max_tmds_khz) /* unstated: what every adaptor can do */
		out->max_tmds_khz = TYPE1_MAX_TMDS_KHZ;
	dc_log(dc, DC_LOG_INFO,
	       "%s: DP++ type 2 adaptor to %s, max TMDS clock %u.%u MHz (ID 0x%02x)", name,
	       hdmi ? "HDMI" : "DVI", out->max_tmds_khz / 1000, out->max_tmds_khz % 1000 / 100,
	       regs[DP_DUAL_MODE_MAX_TMDS_CLOCK]);
}

int dc_dongle_tmds_output(struct dc *dc, unsigned link, bool on)
{
	uint8_t v = on ? 0 : DP_DUAL_MODE_TMDS_DISABLE;

	return dc_ddc_write(dc, link, DP_DUAL_MODE_SLAVE_ADDRESS, DP_DUAL_MODE_TMDS_OEN, &v, 1);
}
