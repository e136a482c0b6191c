/*
 * HDMI 2.0 SCDC (Status and Control Data Channel, I2C 0x54 on the DDC
 * line): the source tells the sink that it scrambles and, above 340 MHz,
 * that the TMDS clock runs at 1/40 of the bit rate (TMDS_Config), and reads
 * back whether the sink sees scrambled data (Scrambler_Status).
 */
#include "link_priv.h"

#define SCDC_VERSION 1 /* the source's SCDC version (HDMI 2.0) */

int dc_scdc_set_tmds_config(struct dc *dc, unsigned link, bool scramble, bool clock_ratio_40)
{
	uint8_t version = SCDC_VERSION;
	uint8_t config = (uint8_t)((scramble ? SCDC_SCRAMBLING_ENABLE : 0) |
				   (clock_ratio_40 ? SCDC_TMDS_BIT_CLOCK_RATIO_BY_40 : 0));
	int ret;

	ret = dc_ddc_write(dc, link, SCDC_I2C_SLAVE_ADDRESS, SCDC_SOURCE_VERSION, &version, 1);
	if (!ret)
		ret = dc_ddc_write(dc, link, SCDC_I2C_SLAVE_ADDRESS, SCDC_TMDS_CONFIG, &config, 1);
	return ret;
}

int dc_scdc_scrambled(struct dc *dc, unsigned link, bool *scrambled)
{
	uint8_t status = 0;
	int ret = dc_ddc_read(dc, link, SCDC_I2C_SLAVE_ADDRESS, SCDC_SCRAMBLER_STATUS, &status, 1);

	*scrambled = !ret && (status & SCDC_SCRAMBLING_STATUS);
	return ret;
}
