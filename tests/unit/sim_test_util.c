/* Register-level helpers for the simulator tests (see sim_test_util.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "sim_test_util.h"

struct sim *st_create(const char *json)
{
	struct sim_options opts = { .scenario_json = json, .clock = SIM_CLOCK_VIRTUAL };
	struct sim_error err = { { 0 } };
	struct sim *sim = NULL;
	int r = sim_create(&opts, &sim, &err);

	if (r < 0)
		fprintf(stderr, "sim_create: %s\n", err.msg);
	assert_int_equal(r, 0);
	return sim;
}

const char *st_no_vbios_default(void)
{
	static char text[8192];
	const char *d = sim_default_scenario();
	const char *v = strstr(d, "\t\"vbios\"");
	const char *end = v ? strchr(v, '\n') : NULL;

	assert_non_null(end);
	assert_true(strlen(d) < sizeof(text));
	snprintf(text, sizeof(text), "%.*s\t\"vbios\": \"\",%s", (int)(v - d), d, end);
	return text;
}

const char *st_default_unplugged(const char *name)
{
	static char text[8192];
	const char *d = sim_default_scenario();
	char key[64];
	const char *at;

	snprintf(key, sizeof(key), "\"name\": \"%s\",\n", name);
	at = strstr(d, key);
	assert_non_null(at);
	at += strlen(key);
	assert_true(strlen(d) + 32 < sizeof(text));
	snprintf(text, sizeof(text), "%.*s\t\t\t\"plugged\": false,\n%s", (int)(at - d), d, at);
	return text;
}

static uint32_t i2c_status_wait(struct dc_hw *hw)
{
	uint32_t s = 0;

	for (int i = 0; i < 100000; i++) {
		s = dc_hw_read(hw, mmDC_I2C_SW_STATUS);
		if (DC_FIELD_GET(s, DC_I2C_SW_STATUS, DC_I2C_SW_STATUS) !=
		    DCE110_I2C_STATUS_USED_BY_SW)
			return s;
		dc_hw_delay_ns(hw, 10000);
	}
	fail_msg("DC_I2C engine never finished");
	return s;
}

uint32_t st_i2c(struct dc_hw *hw, unsigned ddc, struct st_i2c_txn *txn, unsigned n)
{
	unsigned written = 0;
	uint32_t status;

	dc_hw_write(hw, mmDC_I2C_ARBITRATION,
		    DC_FIELD(DC_I2C_ARBITRATION, DC_I2C_SW_USE_I2C_REG_REQ, 1));
	assert_int_equal(DC_FIELD_GET(dc_hw_read(hw, mmDC_I2C_ARBITRATION), DC_I2C_ARBITRATION,
				      DC_I2C_REG_RW_CNTL_STATUS),
			 DCE110_I2C_STATUS_USED_BY_SW);
	dc_hw_write(hw, mmDC_I2C_DDC1_SETUP + dce110_ddc_offsets[ddc],
		    DC_FIELD(DC_I2C_DDC1_SETUP, DC_I2C_DDC1_ENABLE, 1));
	dc_hw_write(hw, mmDC_I2C_DDC1_SPEED + dce110_ddc_offsets[ddc],
		    DC_FIELD(DC_I2C_DDC1_SPEED, DC_I2C_DDC1_PRESCALE, 270));
	dc_hw_write(hw, mmDC_I2C_INTERRUPT_CONTROL,
		    DC_FIELD(DC_I2C_INTERRUPT_CONTROL, DC_I2C_SW_DONE_ACK, 1));
	for (unsigned i = 0; i < n; i++) {
		dc_hw_write(hw, mmDC_I2C_TRANSACTION0 + i,
			    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_RW0, txn[i].read) |
				    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_STOP_ON_NACK0, 1) |
				    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_START0, 1) |
				    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_STOP0, txn[i].stop) |
				    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_COUNT0, txn[i].len));
		dc_hw_write(
			hw, mmDC_I2C_DATA,
			DC_FIELD(DC_I2C_DATA, DC_I2C_DATA, txn[i].addr7 << 1 | txn[i].read) |
				(written == 0 ? DC_FIELD(DC_I2C_DATA, DC_I2C_INDEX_WRITE, 1) : 0));
		written++;
		if (!txn[i].read) {
			for (unsigned b = 0; b < txn[i].len; b++)
				dc_hw_write(hw, mmDC_I2C_DATA,
					    DC_FIELD(DC_I2C_DATA, DC_I2C_DATA, txn[i].data[b]));
			written += txn[i].len;
		}
	}
	dc_hw_write(hw, mmDC_I2C_CONTROL,
		    DC_FIELD(DC_I2C_CONTROL, DC_I2C_GO, 1) |
			    DC_FIELD(DC_I2C_CONTROL, DC_I2C_DDC_SELECT, ddc) |
			    DC_FIELD(DC_I2C_CONTROL, DC_I2C_TRANSACTION_COUNT, n - 1));
	status = i2c_status_wait(hw);
	if (status & DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK) {
		dc_hw_write(hw, mmDC_I2C_DATA,
			    DC_FIELD(DC_I2C_DATA, DC_I2C_DATA_RW, 1) |
				    DC_FIELD(DC_I2C_DATA, DC_I2C_INDEX, written) |
				    DC_FIELD(DC_I2C_DATA, DC_I2C_INDEX_WRITE, 1));
		for (unsigned i = 0; i < n; i++)
			for (unsigned b = 0; txn[i].read && b < txn[i].len; b++)
				txn[i].data[b] = (uint8_t)DC_FIELD_GET(
					dc_hw_read(hw, mmDC_I2C_DATA), DC_I2C_DATA, DC_I2C_DATA);
	}
	dc_hw_write(hw, mmDC_I2C_INTERRUPT_CONTROL,
		    DC_FIELD(DC_I2C_INTERRUPT_CONTROL, DC_I2C_SW_DONE_ACK, 1));
	dc_hw_write(hw, mmDC_I2C_CONTROL, DC_FIELD(DC_I2C_CONTROL, DC_I2C_SW_STATUS_RESET, 1));
	dc_hw_write(hw, mmDC_I2C_ARBITRATION,
		    DC_FIELD(DC_I2C_ARBITRATION, DC_I2C_SW_DONE_USING_I2C_REG, 1));
	return status;
}

uint32_t st_i2c_read_edid(struct dc_hw *hw, unsigned ddc, uint8_t segment, uint8_t offset,
			  uint8_t *buf, unsigned len)
{
	struct st_i2c_txn txn[3];
	unsigned n = 0;

	if (segment) {
		txn[n++] = (struct st_i2c_txn){ .addr7 = 0x30, .data = &segment, .len = 1 };
	}
	txn[n++] = (struct st_i2c_txn){ .addr7 = 0x50, .data = &offset, .len = 1 };
	txn[n++] = (struct st_i2c_txn){
		.addr7 = 0x50, .read = true, .data = buf, .len = len, .stop = true
	};
	return st_i2c(hw, ddc, txn, n);
}

uint32_t st_aux(struct dc_hw *hw, unsigned aux, uint8_t cmd, uint32_t addr, const uint8_t *wdata,
		unsigned wlen, unsigned rlen, uint8_t *reply_cmd, uint8_t *reply,
		unsigned *reply_len)
{
	uint32_t base = dce110_aux_offsets[aux];
	uint8_t req[32];
	unsigned n = 0, count;
	uint32_t status = 0;

	req[n++] = (uint8_t)(cmd << 4 | ((addr >> 16) & 0xf));
	req[n++] = (uint8_t)(addr >> 8);
	req[n++] = (uint8_t)addr;
	if (wlen || rlen)
		req[n++] = (uint8_t)((wlen ? wlen : rlen) - 1);
	for (unsigned i = 0; i < wlen; i++)
		req[n++] = wdata[i];

	/* keeps AUX_IGNORE_HPD_DISCON as the test set it */
	dc_hw_write(
		hw, mmAUX_CONTROL + base,
		(dc_hw_read(hw, mmAUX_CONTROL + base) & AUX_CONTROL__AUX_IGNORE_HPD_DISCON_MASK) |
			DC_FIELD(AUX_CONTROL, AUX_EN, 1) | DC_FIELD(AUX_CONTROL, AUX_HPD_SEL, aux));
	dc_hw_write(hw, mmAUX_ARB_CONTROL + base,
		    DC_FIELD(AUX_ARB_CONTROL, AUX_SW_USE_AUX_REG_REQ, 1));
	assert_int_equal(DC_FIELD_GET(dc_hw_read(hw, mmAUX_ARB_CONTROL + base), AUX_ARB_CONTROL,
				      AUX_REG_RW_CNTL_STATUS),
			 1);
	dc_hw_write(hw, mmAUX_INTERRUPT_CONTROL + base,
		    DC_FIELD(AUX_INTERRUPT_CONTROL, AUX_SW_DONE_ACK, 1));
	for (unsigned i = 0; i < n; i++)
		dc_hw_write(hw, mmAUX_SW_DATA + base,
			    DC_FIELD(AUX_SW_DATA, AUX_SW_DATA, req[i]) |
				    (i == 0 ? DC_FIELD(AUX_SW_DATA, AUX_SW_AUTOINCREMENT_DISABLE, 1)
					    : 0));
	dc_hw_write(hw, mmAUX_SW_CONTROL + base,
		    DC_FIELD(AUX_SW_CONTROL, AUX_SW_WR_BYTES, n) |
			    DC_FIELD(AUX_SW_CONTROL, AUX_SW_GO, 1));
	for (int i = 0; i < 10000; i++) {
		status = dc_hw_read(hw, mmAUX_SW_STATUS + base);
		if (status & AUX_SW_STATUS__AUX_SW_DONE_MASK)
			break;
		dc_hw_delay_ns(hw, 20000);
	}
	assert_true(status & AUX_SW_STATUS__AUX_SW_DONE_MASK);
	count = DC_FIELD_GET(status, AUX_SW_STATUS, AUX_SW_REPLY_BYTE_COUNT);
	if (reply_len)
		*reply_len = count ? count - 1 : 0;
	if (count) {
		dc_hw_write(hw, mmAUX_SW_DATA + base,
			    DC_FIELD(AUX_SW_DATA, AUX_SW_DATA_RW, 1) |
				    DC_FIELD(AUX_SW_DATA, AUX_SW_AUTOINCREMENT_DISABLE, 1));
		for (unsigned i = 0; i < count; i++) {
			uint8_t b = (uint8_t)DC_FIELD_GET(dc_hw_read(hw, mmAUX_SW_DATA + base),
							  AUX_SW_DATA, AUX_SW_DATA);

			if (i == 0 && reply_cmd)
				*reply_cmd = b;
			else if (i > 0 && reply)
				reply[i - 1] = b;
		}
	}
	dc_hw_write(hw, mmAUX_INTERRUPT_CONTROL + base,
		    DC_FIELD(AUX_INTERRUPT_CONTROL, AUX_SW_DONE_ACK, 1));
	dc_hw_write(hw, mmAUX_ARB_CONTROL + base,
		    DC_FIELD(AUX_ARB_CONTROL, AUX_SW_DONE_USING_AUX_REG, 1));
	return status;
}

void st_dpcd_read(struct dc_hw *hw, unsigned aux, uint32_t addr, uint8_t *buf, unsigned len)
{
	uint8_t cmd = 0xff;
	unsigned got = 0;
	uint32_t s = st_aux(hw, aux, 0x9, addr, NULL, 0, len, &cmd, buf, &got);

	assert_false(s & (AUX_SW_STATUS__AUX_SW_RX_TIMEOUT_MASK |
			  AUX_SW_STATUS__AUX_SW_HPD_DISCON_MASK));
	assert_int_equal(cmd, DCE110_AUX_REPLY_ACK << 4);
	assert_int_equal(got, len);
}

void st_dpcd_write(struct dc_hw *hw, unsigned aux, uint32_t addr, const uint8_t *buf, unsigned len)
{
	uint8_t cmd = 0xff;
	uint32_t s = st_aux(hw, aux, 0x8, addr, buf, len, 0, &cmd, NULL, NULL);

	assert_false(s & (AUX_SW_STATUS__AUX_SW_RX_TIMEOUT_MASK |
			  AUX_SW_STATUS__AUX_SW_HPD_DISCON_MASK));
	assert_int_equal(cmd, DCE110_AUX_REPLY_ACK << 4);
}

void st_hpd_enable(struct dc_hw *hw, unsigned hpd)
{
	uint32_t base = dce110_hpd_offsets[hpd];

	dc_hw_write(hw, mmDC_HPD_CONTROL + base, DC_FIELD(DC_HPD_CONTROL, DC_HPD_EN, 1));
	dc_hw_write(hw, mmDC_HPD_TOGGLE_FILT_CNTL + base,
		    DC_FIELD(DC_HPD_TOGGLE_FILT_CNTL, DC_HPD_CONNECT_INT_DELAY, 10) |
			    DC_FIELD(DC_HPD_TOGGLE_FILT_CNTL, DC_HPD_DISCONNECT_INT_DELAY, 10));
}

void st_pll_program(struct dc_hw *hw, unsigned pll, uint32_t ref_div, uint32_t fb_div,
		    uint32_t post_div)
{
	uint32_t o = pll * DCE110_PPLL_STRIDE;

	dc_hw_write(hw, mmBPHYC_PLL0_PLL_CNTL + o, PLL_CNTL__PLL_RESET_MASK);
	dc_hw_write(hw, mmBPHYC_PLL0_PLL_REF_DIV + o, DC_FIELD(PLL_REF_DIV, PLL_REF_DIV, ref_div));
	dc_hw_write(hw, mmBPHYC_PLL0_PLL_FB_DIV + o, DC_FIELD(PLL_FB_DIV, PLL_FB_DIV, fb_div));
	dc_hw_write(hw, mmBPHYC_PLL0_PLL_POST_DIV + o,
		    DC_FIELD(PLL_POST_DIV, PLL_POST_DIV_PIXCLK, post_div));
	dc_hw_write(hw, mmBPHYC_PLL0_PLL_CNTL + o, 0);
	dc_hw_delay_ns(hw, DCE110_PPLL_LOCK_TIME_NS);
}

void st_crtc_program(struct dc_hw *hw, unsigned n, unsigned pll, unsigned htotal, unsigned hactive,
		     unsigned vtotal, unsigned vactive)
{
	uint32_t o = dce110_crtc_offsets[n];
	unsigned hstart = (htotal - hactive) / 2, vstart = (vtotal - vactive) / 2;

	uint32_t rate = dc_hw_read(hw, mmCRTC0_PIXEL_RATE_CNTL + dce110_pixclk_offsets[n]);

	rate &= ~(uint32_t)CRTC0_PIXEL_RATE_CNTL__CRTC0_PIXEL_RATE_SOURCE_MASK;
	dc_hw_write(hw, mmCRTC0_PIXEL_RATE_CNTL + dce110_pixclk_offsets[n],
		    rate | DC_FIELD(CRTC0_PIXEL_RATE_CNTL, CRTC0_PIXEL_RATE_SOURCE, pll));
	dc_hw_write(hw, mmCRTC_H_TOTAL + o, htotal - 1);
	dc_hw_write(hw, mmCRTC_V_TOTAL + o, vtotal - 1);
	dc_hw_write(hw, mmCRTC_H_BLANK_START_END + o,
		    DC_FIELD(CRTC_H_BLANK_START_END, CRTC_H_BLANK_START, hstart + hactive) |
			    DC_FIELD(CRTC_H_BLANK_START_END, CRTC_H_BLANK_END, hstart));
	dc_hw_write(hw, mmCRTC_V_BLANK_START_END + o,
		    DC_FIELD(CRTC_V_BLANK_START_END, CRTC_V_BLANK_START, vstart + vactive) |
			    DC_FIELD(CRTC_V_BLANK_START_END, CRTC_V_BLANK_END, vstart));
	dc_hw_write(hw, mmCRTC_H_SYNC_A + o, DC_FIELD(CRTC_H_SYNC_A, CRTC_H_SYNC_A_END, 44));
	dc_hw_write(hw, mmCRTC_V_SYNC_A + o, DC_FIELD(CRTC_V_SYNC_A, CRTC_V_SYNC_A_END, 5));
	dc_hw_write(hw, mmCRTC_CONTROL + o, DC_FIELD(CRTC_CONTROL, CRTC_MASTER_EN, 1));
}

void st_grph_program(struct dc_hw *hw, uint64_t addr, uint32_t control, uint32_t swap, unsigned w,
		     unsigned h)
{
	dc_hw_write(hw, mmGRPH_CONTROL, control);
	dc_hw_write(hw, mmGRPH_SWAP_CNTL, swap);
	dc_hw_write(hw, mmGRPH_PITCH, w);
	dc_hw_write(hw, mmGRPH_X_END, w);
	dc_hw_write(hw, mmGRPH_Y_END, h);
	/* the front end's clock, without which the pipe fetches nothing */
	dc_hw_write(hw, mmDCFE_CLOCK_CONTROL, DCFE_CLOCK_CONTROL__DCFE_CLOCK_ENABLE_MASK);
	dc_hw_write(hw, mmGRPH_ENABLE, 1);
	dc_hw_write(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS_HIGH, (uint32_t)(addr >> 32));
	dc_hw_write(hw, mmGRPH_PRIMARY_SURFACE_ADDRESS, (uint32_t)addr);
	/* a pipe without DMIF buffers fetches nothing: give pipe 0 its two */
	dc_hw_write(hw, mmPIPE0_DMIF_BUFFER_CONTROL,
		    DC_FIELD(PIPE0_DMIF_BUFFER_CONTROL, DMIF_BUFFERS_ALLOCATED, 2));
}
