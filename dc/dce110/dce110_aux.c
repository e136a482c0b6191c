/*
 * DP_AUX: one AUX channel transaction by software.
 *
 * The request (header: command << 4 | address 19:16, address 15:8, address
 * 7:0, length - 1; then the bytes to write) goes into the engine's 32-byte
 * buffer; AUX_SW_GO sends it; AUX_SW_STATUS says when the reply is in (its
 * first byte carries the reply code in bits 7:4, the data follows) or why
 * none came: the HPD line is low, or nobody answered within the reply
 * timeout. Retrying DEFERs is the caller's business (dc/link/dpcd.c).
 */
#include <errno.h>

#include "dce110_link.h"
#include "dce110_regs.h"

#define POLL_NS	    10000ull
#define TIMEOUT_NS  5000000ull /* far beyond any request, reply and reply timeout */
#define OWN_TRIES   3
#define OWN_WAIT_NS 100000ull

static uint32_t reg(unsigned aux, uint32_t generic)
{
	return generic + dce110_aux_offsets[aux];
}

static int take_engine(struct dc_hw *hw, unsigned aux)
{
	for (unsigned i = 0; i < OWN_TRIES; i++) {
		dc_hw_write(hw, reg(aux, mmAUX_ARB_CONTROL),
			    DC_FIELD(AUX_ARB_CONTROL, AUX_SW_USE_AUX_REG_REQ, 1));
		if (DC_FIELD_GET(dc_hw_read(hw, reg(aux, mmAUX_ARB_CONTROL)), AUX_ARB_CONTROL,
				 AUX_REG_RW_CNTL_STATUS) == 1)
			return 0;
		dc_hw_delay_ns(hw, OWN_WAIT_NS);
	}
	return -EBUSY;
}

static void release_engine(struct dc_hw *hw, unsigned aux)
{
	dc_hw_write(hw, reg(aux, mmAUX_INTERRUPT_CONTROL),
		    DC_FIELD(AUX_INTERRUPT_CONTROL, AUX_SW_DONE_ACK, 1));
	dc_hw_write(hw, reg(aux, mmAUX_ARB_CONTROL),
		    DC_FIELD(AUX_ARB_CONTROL, AUX_SW_DONE_USING_AUX_REG, 1));
}

static unsigned build(const struct dce110_aux_request *req, uint8_t buf[4 + DCE110_AUX_MAX_PAYLOAD])
{
	bool read = req->command & 1;
	unsigned n = 0;

	buf[n++] = (uint8_t)(req->command << 4 | ((req->address >> 16) & 0xf));
	buf[n++] = (uint8_t)(req->address >> 8);
	buf[n++] = (uint8_t)req->address;
	if (req->len) {
		buf[n++] = (uint8_t)(req->len - 1);
		for (unsigned i = 0; !read && i < req->len; i++)
			buf[n++] = req->data[i];
	}
	return n;
}

static int collect(struct dc_hw *hw, unsigned aux, uint32_t status, struct dce110_aux_reply *reply)
{
	unsigned count = DC_FIELD_GET(status, AUX_SW_STATUS, AUX_SW_REPLY_BYTE_COUNT);

	if (status & AUX_SW_STATUS__AUX_SW_HPD_DISCON_MASK)
		return -ENODEV;
	if (status & AUX_SW_STATUS__AUX_SW_RX_TIMEOUT_MASK)
		return -ETIMEDOUT;
	if (status & (AUX_SW_STATUS__AUX_SW_RX_OVERFLOW_MASK |
		      AUX_SW_STATUS__AUX_SW_RX_PARTIAL_BYTE_MASK |
		      AUX_SW_STATUS__AUX_SW_RX_INVALID_STOP_MASK |
		      AUX_SW_STATUS__AUX_SW_RX_INVALID_START_MASK) ||
	    count == 0 || count > 1 + DCE110_AUX_MAX_PAYLOAD)
		return -EIO;
	dc_hw_write(hw, reg(aux, mmAUX_SW_DATA),
		    DC_FIELD(AUX_SW_DATA, AUX_SW_DATA_RW, 1) |
			    DC_FIELD(AUX_SW_DATA, AUX_SW_INDEX, 0) |
			    DC_FIELD(AUX_SW_DATA, AUX_SW_AUTOINCREMENT_DISABLE, 1));
	reply->code = (uint8_t)(DC_FIELD_GET(dc_hw_read(hw, reg(aux, mmAUX_SW_DATA)), AUX_SW_DATA,
					     AUX_SW_DATA) >>
				4);
	reply->len = (uint8_t)(count - 1);
	for (unsigned i = 0; i < reply->len; i++)
		reply->data[i] = (uint8_t)DC_FIELD_GET(dc_hw_read(hw, reg(aux, mmAUX_SW_DATA)),
						       AUX_SW_DATA, AUX_SW_DATA);
	return 0;
}

int dce110_aux_transfer(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned aux,
			unsigned hpd, const struct dce110_aux_request *req,
			struct dce110_aux_reply *reply)
{
	uint8_t buf[4 + DCE110_AUX_MAX_PAYLOAD];
	uint32_t status = 0;
	unsigned n;
	int ret;

	if (aux >= DCE110_MAX_AUXES || hpd >= DCE110_MAX_HPDS ||
	    req->len > DCE110_AUX_MAX_PAYLOAD || (req->len && !(req->command & 1) && !req->data))
		return -EINVAL;
	*reply = (struct dce110_aux_reply){ 0 };
	n = build(req, buf);
	dc_hw_update(hw, reg(aux, mmAUX_CONTROL),
		     AUX_CONTROL__AUX_EN_MASK | AUX_CONTROL__AUX_HPD_SEL_MASK |
			     AUX_CONTROL__AUX_IGNORE_HPD_DISCON_MASK,
		     DC_FIELD(AUX_CONTROL, AUX_EN, 1) | DC_FIELD(AUX_CONTROL, AUX_HPD_SEL, hpd));
	ret = take_engine(hw, aux);
	if (ret)
		return ret;
	dc_hw_write(hw, reg(aux, mmAUX_INTERRUPT_CONTROL),
		    DC_FIELD(AUX_INTERRUPT_CONTROL, AUX_SW_DONE_ACK, 1));
	for (unsigned i = 0; i < n; i++)
		dc_hw_write(hw, reg(aux, mmAUX_SW_DATA),
			    DC_FIELD(AUX_SW_DATA, AUX_SW_DATA, buf[i]) |
				    DC_FIELD(AUX_SW_DATA, AUX_SW_AUTOINCREMENT_DISABLE, i == 0));
	dc_hw_write(hw, reg(aux, mmAUX_SW_CONTROL),
		    DC_FIELD(AUX_SW_CONTROL, AUX_SW_WR_BYTES, n) |
			    DC_FIELD(AUX_SW_CONTROL, AUX_SW_GO, 1));
	ret = dc_hw_wait(hw, reg(aux, mmAUX_SW_STATUS), AUX_SW_STATUS__AUX_SW_DONE_MASK,
			 AUX_SW_STATUS__AUX_SW_DONE_MASK, POLL_NS, TIMEOUT_NS, &status);
	if (ret) {
		/*
		 * a stuck engine: reset it so the next transaction starts clean
		 * (AUX_RESET where the generation has it, else AUX_EN off and on)
		 */
		dc_hw_update(hw, reg(aux, mmAUX_CONTROL), g->aux_reset_mask, g->aux_reset_assert);
		dc_hw_update(hw, reg(aux, mmAUX_CONTROL), g->aux_reset_mask,
			     g->aux_reset_mask & ~g->aux_reset_assert);
	} else {
		ret = collect(hw, aux, status, reply);
	}
	release_engine(hw, aux);
	return ret;
}
