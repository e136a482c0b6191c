/*
 * DC_I2C: the hardware DDC engine (one engine, shared by the six DDC lines).
 *
 * Software use:
 *  1. DC_I2C_ARBITRATION.DC_I2C_SW_USE_I2C_REG_REQ = 1 takes the engine;
 *     DC_I2C_REG_RW_CNTL_STATUS then reads 1 (used by SW).
 *     DC_I2C_SW_DONE_USING_I2C_REG = 1 gives it back.
 *  2. DC_I2C_DDCn_SETUP.DC_I2C_DDCn_ENABLE = 1 on the line, and
 *     DC_I2C_DDCn_SPEED.DC_I2C_DDCn_PRESCALE: SCL = reference (FirmwareInfo) /
 *     PRESCALE kHz (0: 100 kHz). It only matters with bus timing on.
 *  3. DC_I2C_CONTROL: DC_I2C_DDC_SELECT = line (0..5), DC_I2C_TRANSACTION_COUNT
 *     = transactions - 1.
 *  4. DC_I2C_TRANSACTIONn: RWn (1 = read), STOP_ON_NACKn, STARTn, STOPn,
 *     COUNTn (data bytes).
 *  5. DC_I2C_DATA: the 256-byte buffer. A write with DC_I2C_INDEX_WRITE = 1
 *     loads the pointer from DC_I2C_INDEX; a write with DC_I2C_DATA_RW = 0
 *     stores DC_I2C_DATA at the pointer and advances it; a write with
 *     DC_I2C_DATA_RW = 1 switches to reading, and each read of DC_I2C_DATA
 *     then returns the byte at the pointer in DC_I2C_DATA and advances it.
 *     Software writes, for each transaction in order, the address byte
 *     (7-bit address << 1 | read) and, for writes, the COUNTn data bytes.
 *  6. DC_I2C_CONTROL.DC_I2C_GO = 1. DC_I2C_SW_STATUS shows
 *     DC_I2C_SW_STATUS = 1 (busy) until the transfer is over, then
 *     DC_I2C_SW_DONE = 1 and DC_I2C_SW_STATUS = 0; the bytes read follow the
 *     written ones in the buffer (pointer = number of bytes written).
 *     A device that does not answer sets DC_I2C_SW_NACKn (and with
 *     STOP_ON_NACKn DC_I2C_SW_STOPPED_ON_NACK, ending the transfer); a line
 *     with DC_I2C_DDCn_ENABLE = 0 gives DC_I2C_SW_TIMEOUT; GO without owning
 *     the engine gives DC_I2C_SW_ABORTED; more than 256 bytes gives
 *     DC_I2C_SW_BUFFER_OVERFLOW. Each completion sets
 *     DC_I2C_INTERRUPT_CONTROL.DC_I2C_SW_DONE_INT (an interrupt while
 *     DC_I2C_SW_DONE_MASK = 1), cleared by DC_I2C_SW_DONE_ACK.
 *  DC_I2C_SW_STATUS_RESET clears the status; DC_I2C_SOFT_RESET aborts a
 *  transfer and empties the buffer.
 *
 * With bus timing on (scenario "ddc_bus_timing"), a transfer takes 9 bit
 * times per byte (address and data, the ninth is the ACK) plus one per START
 * and STOP at the SCL rate; otherwise it completes at the time of GO.
 */
#include <string.h>

#include "sim_internal.h"

#define BUF_SIZE	256
#define DEFAULT_SCL_KHZ 100

static uint32_t *ireg(struct sim *sim, uint32_t reg)
{
	return &sim->st->regs[reg];
}

struct sim_connector *sim_connector_on_ddc(struct sim *sim, unsigned ddc)
{
	struct sim_config *cfg = &sim->st->cfg;

	for (unsigned i = 0; i < cfg->nconnectors; i++)
		if (cfg->connectors[i].ddc == ddc)
			return &cfg->connectors[i];
	return NULL;
}

static uint64_t scl_khz(struct sim *sim, unsigned ddc)
{
	uint32_t speed = *ireg(sim, mmDC_I2C_DDC1_SPEED + dce110_ddc_offsets[ddc]);
	uint32_t prescale = SIM_GET(speed, DC_I2C_DDC1_SPEED, DC_I2C_DDC1_PRESCALE);
	uint64_t khz = prescale ? sim->st->cfg.ref_khz / prescale : DEFAULT_SCL_KHZ;

	return khz ? khz : 1;
}

static void reset_engine(struct sim *sim)
{
	struct sim_i2c_engine *e = &sim->st->i2c;

	memset(e, 0, sizeof(*e));
}

/* Runs the transactions on the bus; fills e->stage and e->result. Returns
 * the number of bit times the transfer takes. */
static uint64_t run_transfer(struct sim *sim, unsigned ddc, unsigned count)
{
	struct sim_i2c_engine *e = &sim->st->i2c;
	struct sim_connector *c = sim_connector_on_ddc(sim, ddc);
	struct sim_i2c_bus dummy = { 0 };
	struct sim_i2c_bus *bus = c ? &c->ddc_bus : &dummy;
	unsigned pos = 0;
	uint64_t bits = 0;
	bool open = false;

	e->stage_len = 0;
	for (unsigned i = 0; i < count; i++) {
		uint32_t t = *ireg(sim, mmDC_I2C_TRANSACTION0 + i);
		bool rd = t & DC_I2C_TRANSACTION0__DC_I2C_RW0_MASK;
		bool stop_on_nack = t & DC_I2C_TRANSACTION0__DC_I2C_STOP_ON_NACK0_MASK;
		unsigned n = SIM_GET(t, DC_I2C_TRANSACTION0, DC_I2C_COUNT0);
		bool nack = false;
		uint8_t addr;

		if (pos + 1 + (rd ? 0 : n) > BUF_SIZE ||
		    e->stage_at + e->stage_len + (rd ? n : 0) > BUF_SIZE) {
			e->result |= DC_I2C_SW_STATUS__DC_I2C_SW_BUFFER_OVERFLOW_MASK;
			break;
		}
		addr = e->buf[pos++];
		if ((t & DC_I2C_TRANSACTION0__DC_I2C_START0_MASK) || !open) {
			bits += 1 + 9;
			nack = !sim_i2c_bus_start(sim, c, bus, addr >> 1, false);
			open = true;
		}
		for (unsigned b = 0; b < n; b++) {
			bits += 9;
			if (rd) {
				e->stage[e->stage_len++] =
					nack ? 0xff : sim_i2c_bus_read(sim, c, bus);
			} else {
				if (!nack && !sim_i2c_bus_write(sim, c, bus, e->buf[pos]))
					nack = true;
				pos++;
			}
		}
		if (nack) {
			e->result |= DC_I2C_SW_STATUS__DC_I2C_SW_NACK0_MASK << i;
			if (stop_on_nack) {
				e->result |= DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK;
				sim_i2c_bus_stop(bus);
				bits += 1;
				break;
			}
		}
		if (t & DC_I2C_TRANSACTION0__DC_I2C_STOP0_MASK) {
			sim_i2c_bus_stop(bus);
			bits += 1;
			open = false;
		}
	}
	return bits;
}

static void go(struct sim *sim, uint32_t control)
{
	struct sim_state *st = sim->st;
	struct sim_i2c_engine *e = &st->i2c;
	unsigned ddc = SIM_GET(control, DC_I2C_CONTROL, DC_I2C_DDC_SELECT);
	unsigned count = SIM_GET(control, DC_I2C_CONTROL, DC_I2C_TRANSACTION_COUNT) + 1;
	uint64_t bits = 0;
	unsigned written = 0;

	if (e->busy)
		return;
	e->result = DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK;
	e->stage_len = 0;
	/* the read data lands after everything software wrote */
	for (unsigned i = 0; i < count; i++) {
		uint32_t t = *ireg(sim, mmDC_I2C_TRANSACTION0 + i);

		written += 1;
		if (!(t & DC_I2C_TRANSACTION0__DC_I2C_RW0_MASK))
			written += SIM_GET(t, DC_I2C_TRANSACTION0, DC_I2C_COUNT0);
	}
	e->stage_at = (uint16_t)(written < BUF_SIZE ? written : BUF_SIZE);
	if (!st->i2c_sw_owner) {
		e->result |= DC_I2C_SW_STATUS__DC_I2C_SW_ABORTED_MASK;
	} else if (ddc >= DCE110_MAX_DDCS ||
		   !(*ireg(sim, mmDC_I2C_DDC1_SETUP + dce110_ddc_offsets[ddc]) &
		     DC_I2C_DDC1_SETUP__DC_I2C_DDC1_ENABLE_MASK)) {
		e->result |= DC_I2C_SW_STATUS__DC_I2C_SW_TIMEOUT_MASK;
		bits = 9 * written;
	} else {
		bits = run_transfer(sim, ddc, count);
	}
	e->busy = true;
	e->done_ns = st->synced_ns;
	if (st->cfg.ddc_timing && ddc < DCE110_MAX_DDCS)
		e->done_ns += sim_muldiv_up(bits, 1000000, scl_khz(sim, ddc));
}

static void complete(struct sim *sim)
{
	struct sim_i2c_engine *e = &sim->st->i2c;

	memcpy(&e->buf[e->stage_at], e->stage, e->stage_len);
	e->busy = false;
	*ireg(sim, mmDC_I2C_INTERRUPT_CONTROL) |= DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_INT_MASK;
}

void sim_i2c_sync(struct sim *sim, uint64_t t)
{
	struct sim_i2c_engine *e = &sim->st->i2c;

	if (e->busy && e->done_ns <= t)
		complete(sim);
}

uint64_t sim_i2c_next_event(struct sim *sim)
{
	struct sim_i2c_engine *e = &sim->st->i2c;

	return e->busy ? e->done_ns : UINT64_MAX;
}

bool sim_i2c_irq_pending(struct sim *sim)
{
	uint32_t v = *ireg(sim, mmDC_I2C_INTERRUPT_CONTROL);

	return (v & DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_INT_MASK) &&
	       (v & DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_MASK_MASK);
}

uint32_t sim_i2c_read(struct sim *sim, uint32_t reg)
{
	struct sim_state *st = sim->st;
	struct sim_i2c_engine *e = &st->i2c;

	switch (reg) {
	case mmDC_I2C_SW_STATUS:
		if (e->busy)
			return DCE110_I2C_STATUS_USED_BY_SW;
		return e->result;
	case mmDC_I2C_ARBITRATION:
		return (*ireg(sim, reg) &
			~(uint32_t)DC_I2C_ARBITRATION__DC_I2C_REG_RW_CNTL_STATUS_MASK) |
		       DC_FIELD(DC_I2C_ARBITRATION, DC_I2C_REG_RW_CNTL_STATUS,
				st->i2c_sw_owner ? DCE110_I2C_STATUS_USED_BY_SW : 0);
	case mmDC_I2C_DATA: {
		uint32_t v = *ireg(sim, reg) & ~(uint32_t)DC_I2C_DATA__DC_I2C_DATA_MASK;

		if (!e->read_mode)
			return v;
		v |= DC_FIELD(DC_I2C_DATA, DC_I2C_DATA, e->buf[e->index]);
		e->index++;
		return v;
	}
	default:
		return *ireg(sim, reg);
	}
}

static void write_data(struct sim *sim, uint32_t value)
{
	struct sim_i2c_engine *e = &sim->st->i2c;

	if (value & DC_I2C_DATA__DC_I2C_INDEX_WRITE_MASK)
		e->index = (uint8_t)SIM_GET(value, DC_I2C_DATA, DC_I2C_INDEX);
	e->read_mode = value & DC_I2C_DATA__DC_I2C_DATA_RW_MASK;
	if (!e->read_mode && !e->busy) {
		e->buf[e->index] = (uint8_t)SIM_GET(value, DC_I2C_DATA, DC_I2C_DATA);
		e->index++;
	}
	*ireg(sim, mmDC_I2C_DATA) =
		value & (DC_I2C_DATA__DC_I2C_DATA_RW_MASK | DC_I2C_DATA__DC_I2C_INDEX_MASK);
}

void sim_i2c_write(struct sim *sim, uint32_t reg, uint32_t value)
{
	struct sim_state *st = sim->st;
	uint32_t *r = ireg(sim, reg);

	switch (reg) {
	case mmDC_I2C_CONTROL:
		if (value & DC_I2C_CONTROL__DC_I2C_SOFT_RESET_MASK)
			reset_engine(sim);
		if (value & DC_I2C_CONTROL__DC_I2C_SW_STATUS_RESET_MASK)
			st->i2c.result = 0;
		*r = value & ~(uint32_t)(DC_I2C_CONTROL__DC_I2C_GO_MASK |
					 DC_I2C_CONTROL__DC_I2C_SW_STATUS_RESET_MASK);
		if ((value & DC_I2C_CONTROL__DC_I2C_GO_MASK) &&
		    !(value & DC_I2C_CONTROL__DC_I2C_SOFT_RESET_MASK))
			go(sim, value);
		break;
	case mmDC_I2C_ARBITRATION:
		if (value & DC_I2C_ARBITRATION__DC_I2C_SW_USE_I2C_REG_REQ_MASK)
			st->i2c_sw_owner = true;
		if (value & DC_I2C_ARBITRATION__DC_I2C_SW_DONE_USING_I2C_REG_MASK)
			st->i2c_sw_owner = false;
		*r = value & (DC_I2C_ARBITRATION__DC_I2C_SW_PRIORITY_MASK |
			      DC_I2C_ARBITRATION__DC_I2C_NO_QUEUED_SW_GO_MASK);
		break;
	case mmDC_I2C_INTERRUPT_CONTROL:
		if (value & DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_ACK_MASK)
			*r &= ~(uint32_t)DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_INT_MASK;
		*r = (*r & DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_INT_MASK) |
		     (value & DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_MASK_MASK);
		break;
	case mmDC_I2C_SW_STATUS:
	case mmDC_I2C_DDC1_HW_STATUS:
	case mmDC_I2C_DDC2_HW_STATUS:
	case mmDC_I2C_DDC3_HW_STATUS:
	case mmDC_I2C_DDC4_HW_STATUS:
	case mmDC_I2C_DDC5_HW_STATUS:
	case mmDC_I2C_DDC6_HW_STATUS:
	case mmDC_I2C_DDCVGA_HW_STATUS:
		break; /* read-only */
	case mmDC_I2C_DATA:
		write_data(sim, value);
		break;
	default:
		*r = value;
		break;
	}
}
