/*
 * DP_AUX0..5: the AUX channel engines and what answers on them.
 *
 * Software use of engine n:
 *  - AUX_CONTROL.AUX_EN = 1; AUX_HPD_SEL names the HPD line (0..5) whose
 *    SENSE_DELAYED gates the channel unless AUX_IGNORE_HPD_DISCON = 1.
 *  - AUX_ARB_CONTROL.AUX_SW_USE_AUX_REG_REQ = 1 takes the engine
 *    (AUX_REG_RW_CNTL_STATUS then reads 1); AUX_SW_DONE_USING_AUX_REG = 1
 *    releases it.
 *  - AUX_SW_DATA, the 32-byte buffer: a write with
 *    AUX_SW_AUTOINCREMENT_DISABLE = 1 loads the pointer from AUX_SW_INDEX;
 *    with AUX_SW_DATA_RW = 0 the write then stores AUX_SW_DATA at the pointer
 *    and advances it; with AUX_SW_DATA_RW = 1 it switches to reading, and
 *    every read returns the byte at the pointer in AUX_SW_DATA and advances.
 *    The request is the AUX header (command << 4 | address 19:16, address
 *    15:8, address 7:0, length - 1) followed by the write payload; 3 bytes
 *    for an address-only I2C request.
 *  - AUX_SW_CONTROL: AUX_SW_WR_BYTES = request bytes, then AUX_SW_GO = 1.
 *  - AUX_SW_STATUS: AUX_SW_DONE = 1 when the transaction is over;
 *    AUX_SW_REPLY_BYTE_COUNT = reply bytes including the reply command byte,
 *    which is the first byte of the buffer (reply code in bits 7:4, see
 *    DCE110_AUX_REPLY_*), the data following it. No receiver:
 *    AUX_SW_RX_TIMEOUT = 1 and AUX_SW_RX_TIMEOUT_STATE = 1 after the reply
 *    timeout (AUX_DPHY_RX_CONTROL0.AUX_RX_TIMEOUT_LEN + 1) x 100 us. HPD
 *    line low (and not ignored): AUX_SW_HPD_DISCON = 1 at once. GO without
 *    owning the engine or with AUX_EN = 0 is ignored.
 *  - AUX_INTERRUPT_CONTROL.AUX_SW_DONE_INT is set on completion (an
 *    interrupt while AUX_SW_DONE_MASK = 1) and cleared by AUX_SW_DONE_ACK.
 *
 * Timing: a transaction takes 44 us plus 8 us per request and reply byte
 * (1 Mbit/s Manchester with preamble and sync), the reply timeout when
 * nobody answers.
 *
 * The receiver: native requests (command bit 3) go to the DPCD of the DP
 * sink on this channel; more than 16 payload bytes are NACKed; a sink
 * configured with aux_defer answers that many DEFERs before serving each
 * native request. I2C-over-AUX requests (MOT = command bit 2) reach the
 * sink's I2C devices (EDID at 0x50, segment pointer 0x30): a START when a
 * new address or direction is used, a STOP after a request without MOT.
 */
#include <string.h>

#include "sim_internal.h"

#define AUX_BUF		 32
#define AUX_MAX_PAYLOAD	 16
#define AUX_BASE_NS	 44000ull
#define AUX_BYTE_NS	 8000ull
#define AUX_TIMEOUT_UNIT 100000ull

#define CMD_NATIVE 0x8
#define CMD_MOT	   0x4
#define CMD_READ   0x1
#define CMD_WSR	   0x2 /* I2C write status request */

static uint32_t *areg(struct sim *sim, unsigned aux, uint32_t generic)
{
	return &sim->st->regs[generic + dce110_aux_offsets[aux]];
}

static struct sim_connector *connector_on_aux(struct sim *sim, unsigned aux)
{
	struct sim_config *cfg = &sim->st->cfg;

	for (unsigned i = 0; i < cfg->nconnectors; i++)
		if (cfg->connectors[i].aux == (int)aux)
			return &cfg->connectors[i];
	return NULL;
}

static bool dp_sink(const struct sim_connector *c)
{
	return c && c->plugged && c->display.present && c->display.dp;
}

static uint64_t reply_timeout(struct sim *sim, unsigned aux)
{
	uint32_t v = *areg(sim, aux, mmAUX_DPHY_RX_CONTROL0);

	return (SIM_GET(v, AUX_DPHY_RX_CONTROL0, AUX_RX_TIMEOUT_LEN) + 1) * AUX_TIMEOUT_UNIT;
}

static void reply(struct sim_aux_engine *e, uint8_t code, const uint8_t *data, unsigned len)
{
	e->reply[0] = (uint8_t)(code << 4);
	if (len)
		memcpy(&e->reply[1], data, len);
	e->reply_len = (uint8_t)(1 + len);
}

static void native(struct sim *sim, struct sim_connector *c, struct sim_aux_engine *e, uint8_t cmd,
		   uint32_t addr, const uint8_t *payload, unsigned len)
{
	uint8_t data[AUX_MAX_PAYLOAD];
	uint8_t code;

	if (c->defer_left) {
		c->defer_left--;
		reply(e, DCE110_AUX_REPLY_DEFER, NULL, 0);
		return;
	}
	c->defer_left = c->display.dp_caps.aux_defer;
	if (cmd & CMD_READ) {
		code = sim_dpcd_read(sim, c, addr, data, len);
		reply(e, code, data, code == DCE110_AUX_REPLY_ACK ? len : 0);
	} else {
		code = sim_dpcd_write(sim, c, addr, payload, len);
		reply(e, code, NULL, 0);
	}
}

static void i2c_over_aux(struct sim *sim, struct sim_connector *c, struct sim_aux_engine *e,
			 uint8_t cmd, uint32_t addr, const uint8_t *payload, unsigned len)
{
	struct sim_i2c_bus *bus = &c->aux_bus;
	uint8_t addr7 = addr & 0x7f;
	bool rd = cmd & CMD_READ;
	uint8_t data[AUX_MAX_PAYLOAD];

	if ((cmd & 3) == CMD_WSR) {
		reply(e, DCE110_AUX_REPLY_ACK, NULL, 0);
		return;
	}
	/* a new address or direction means a (repeated) START */
	if (!bus->addr || bus->addr != addr7 || bus->reading != rd) {
		if (!sim_i2c_bus_start(sim, c, bus, addr7, true)) {
			sim_i2c_bus_stop(bus);
			reply(e, DCE110_AUX_REPLY_I2C_NACK, NULL, 0);
			return;
		}
		bus->reading = rd;
	}
	for (unsigned i = 0; i < len; i++) {
		if (rd)
			data[i] = sim_i2c_bus_read(sim, c, bus);
		else
			sim_i2c_bus_write(sim, c, bus, payload[i]);
	}
	reply(e, DCE110_AUX_REPLY_ACK, data, rd ? len : 0);
	if (!(cmd & CMD_MOT))
		sim_i2c_bus_stop(bus);
}

static void go(struct sim *sim, unsigned aux)
{
	struct sim_state *st = sim->st;
	struct sim_aux_engine *e = &st->aux[aux];
	uint32_t control = *areg(sim, aux, mmAUX_CONTROL);
	unsigned wr = SIM_GET(*areg(sim, aux, mmAUX_SW_CONTROL), AUX_SW_CONTROL, AUX_SW_WR_BYTES);
	unsigned hpd = SIM_GET(control, AUX_CONTROL, AUX_HPD_SEL);
	struct sim_connector *c = connector_on_aux(sim, aux);
	uint8_t cmd;
	uint32_t addr;
	unsigned len = 0;

	if (e->busy || !st->aux_sw_owner[aux] || !(control & AUX_CONTROL__AUX_EN_MASK))
		return;
	e->busy = true;
	e->reply_len = 0;
	e->result = AUX_SW_STATUS__AUX_SW_DONE_MASK;
	if (!(control & AUX_CONTROL__AUX_IGNORE_HPD_DISCON_MASK) &&
	    (hpd >= DCE110_MAX_HPDS || !sim_hpd_sense(sim, hpd))) {
		e->result |= AUX_SW_STATUS__AUX_SW_HPD_DISCON_MASK;
		e->done_ns = st->synced_ns + AUX_BYTE_NS;
		return;
	}
	if (!dp_sink(c) || wr < 3) {
		e->result |= AUX_SW_STATUS__AUX_SW_RX_TIMEOUT_MASK |
			     DC_FIELD(AUX_SW_STATUS, AUX_SW_RX_TIMEOUT_STATE, 1);
		e->done_ns =
			st->synced_ns + AUX_BASE_NS + AUX_BYTE_NS * wr + reply_timeout(sim, aux);
		return;
	}
	cmd = e->buf[0] >> 4;
	addr = ((uint32_t)(e->buf[0] & 0xf) << 16) | ((uint32_t)e->buf[1] << 8) | e->buf[2];
	if (wr > 3)
		len = (unsigned)e->buf[3] + 1;
	if (len > AUX_MAX_PAYLOAD || (!(cmd & CMD_READ) && wr != (len ? 4 + len : 3)) ||
	    ((cmd & CMD_NATIVE) && wr < 4)) {
		reply(e, DCE110_AUX_REPLY_NACK, NULL, 0);
	} else if (cmd & CMD_NATIVE) {
		native(sim, c, e, cmd, addr, &e->buf[4], len);
	} else {
		i2c_over_aux(sim, c, e, cmd, addr, &e->buf[4], len);
	}
	e->done_ns = st->synced_ns + AUX_BASE_NS + AUX_BYTE_NS * (wr + e->reply_len);
}

static void complete(struct sim *sim, unsigned aux)
{
	struct sim_aux_engine *e = &sim->st->aux[aux];

	memcpy(e->buf, e->reply, e->reply_len);
	e->result |= DC_FIELD(AUX_SW_STATUS, AUX_SW_REPLY_BYTE_COUNT, e->reply_len);
	e->busy = false;
	*areg(sim, aux, mmAUX_INTERRUPT_CONTROL) |= AUX_INTERRUPT_CONTROL__AUX_SW_DONE_INT_MASK;
}

void sim_aux_sync(struct sim *sim, unsigned aux, uint64_t t)
{
	struct sim_aux_engine *e = &sim->st->aux[aux];

	if (e->busy && e->done_ns <= t)
		complete(sim, aux);
}

uint64_t sim_aux_next_event(struct sim *sim, unsigned aux)
{
	struct sim_aux_engine *e = &sim->st->aux[aux];

	return e->busy ? e->done_ns : UINT64_MAX;
}

bool sim_aux_irq_pending(struct sim *sim, unsigned aux)
{
	uint32_t v = *areg(sim, aux, mmAUX_INTERRUPT_CONTROL);

	return (v & AUX_INTERRUPT_CONTROL__AUX_SW_DONE_INT_MASK) &&
	       (v & AUX_INTERRUPT_CONTROL__AUX_SW_DONE_MASK_MASK);
}

uint32_t sim_aux_read(struct sim *sim, unsigned aux, uint32_t generic)
{
	struct sim_state *st = sim->st;
	struct sim_aux_engine *e = &st->aux[aux];
	uint32_t *r = areg(sim, aux, generic);

	switch (generic) {
	case mmAUX_SW_STATUS:
		if (e->busy)
			return AUX_SW_STATUS__AUX_SW_REQ_MASK;
		return e->result;
	case mmAUX_ARB_CONTROL:
		return (*r & ~(uint32_t)AUX_ARB_CONTROL__AUX_REG_RW_CNTL_STATUS_MASK) |
		       DC_FIELD(AUX_ARB_CONTROL, AUX_REG_RW_CNTL_STATUS,
				st->aux_sw_owner[aux] ? 1 : 0);
	case mmAUX_CONTROL:
		return *r | sim_gen(sim)->aux_reset_done_mask;
	case mmAUX_SW_DATA: {
		uint32_t v = *r & ~(uint32_t)AUX_SW_DATA__AUX_SW_DATA_MASK;

		if (!e->read_mode)
			return v;
		v |= DC_FIELD(AUX_SW_DATA, AUX_SW_DATA, e->buf[e->index % AUX_BUF]);
		e->index = (uint8_t)((e->index + 1) % AUX_BUF);
		return v;
	}
	default:
		return *r;
	}
}

void sim_aux_write(struct sim *sim, unsigned aux, uint32_t generic, uint32_t value)
{
	struct sim_state *st = sim->st;
	struct sim_aux_engine *e = &st->aux[aux];
	uint32_t *r = areg(sim, aux, generic);

	switch (generic) {
	case mmAUX_CONTROL:
		/* AUX_RESET, or on DCE 10 AUX_EN off: the engine starts over */
		if ((value & sim_gen(sim)->aux_reset_mask) == sim_gen(sim)->aux_reset_assert)
			memset(e, 0, sizeof(*e));
		*r = value & ~sim_gen(sim)->aux_reset_done_mask;
		break;
	case mmAUX_SW_CONTROL:
		*r = value & ~(uint32_t)AUX_SW_CONTROL__AUX_SW_GO_MASK;
		if (value & AUX_SW_CONTROL__AUX_SW_GO_MASK)
			go(sim, aux);
		break;
	case mmAUX_ARB_CONTROL:
		if (value & AUX_ARB_CONTROL__AUX_SW_USE_AUX_REG_REQ_MASK)
			st->aux_sw_owner[aux] = true;
		if (value & AUX_ARB_CONTROL__AUX_SW_DONE_USING_AUX_REG_MASK)
			st->aux_sw_owner[aux] = false;
		*r = value & (AUX_ARB_CONTROL__AUX_ARB_PRIORITY_MASK |
			      AUX_ARB_CONTROL__AUX_NO_QUEUED_SW_GO_MASK |
			      AUX_ARB_CONTROL__AUX_NO_QUEUED_LS_GO_MASK);
		break;
	case mmAUX_INTERRUPT_CONTROL:
		if (value & AUX_INTERRUPT_CONTROL__AUX_SW_DONE_ACK_MASK)
			*r &= ~(uint32_t)AUX_INTERRUPT_CONTROL__AUX_SW_DONE_INT_MASK;
		if (value & AUX_INTERRUPT_CONTROL__AUX_LS_DONE_ACK_MASK)
			*r &= ~(uint32_t)AUX_INTERRUPT_CONTROL__AUX_LS_DONE_INT_MASK;
		*r = (*r & (AUX_INTERRUPT_CONTROL__AUX_SW_DONE_INT_MASK |
			    AUX_INTERRUPT_CONTROL__AUX_LS_DONE_INT_MASK)) |
		     (value & (AUX_INTERRUPT_CONTROL__AUX_SW_DONE_MASK_MASK |
			       AUX_INTERRUPT_CONTROL__AUX_LS_DONE_MASK_MASK));
		break;
	case mmAUX_SW_DATA:
		if (value & AUX_SW_DATA__AUX_SW_AUTOINCREMENT_DISABLE_MASK)
			e->index = (uint8_t)SIM_GET(value, AUX_SW_DATA, AUX_SW_INDEX);
		e->read_mode = value & AUX_SW_DATA__AUX_SW_DATA_RW_MASK;
		if (!e->read_mode && !e->busy) {
			e->buf[e->index % AUX_BUF] =
				(uint8_t)SIM_GET(value, AUX_SW_DATA, AUX_SW_DATA);
			e->index = (uint8_t)((e->index + 1) % AUX_BUF);
		}
		*r = value & (AUX_SW_DATA__AUX_SW_DATA_RW_MASK | AUX_SW_DATA__AUX_SW_INDEX_MASK);
		break;
	case mmAUX_SW_STATUS:
	case mmAUX_LS_STATUS:
	case mmAUX_DPHY_TX_STATUS:
	case mmAUX_DPHY_RX_STATUS:
		break; /* read-only */
	default:
		*r = value;
		break;
	}
}
