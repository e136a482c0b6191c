/*
 * DC_I2C: the DDC engine, one for all six DDC lines.
 *
 * A transfer is up to four transactions, each a START, the address byte, its
 * data and (for the last one) a STOP. Software owns the engine for the
 * duration (DC_I2C_SW_USE_I2C_REG_REQ), loads the 256-byte buffer with the
 * address bytes and the bytes to write, starts it with DC_I2C_GO and finds
 * the bytes read after the bytes it wrote.
 */
#include <errno.h>

#include "dce110_link.h"
#include "dce110_regs.h"

#define POLL_NS		 20000ull
#define EXTRA_TIMEOUT_NS 10000000ull /* on top of the transfer's own bus time */
#define OWN_TRIES	 3
#define OWN_WAIT_NS	 100000ull

static uint32_t ddc_reg(unsigned ddc, uint32_t generic)
{
	return generic + dce110_ddc_offsets[ddc];
}

static int take_engine(struct dc_hw *hw)
{
	for (unsigned i = 0; i < OWN_TRIES; i++) {
		dc_hw_write(hw, mmDC_I2C_ARBITRATION,
			    DC_FIELD(DC_I2C_ARBITRATION, DC_I2C_SW_USE_I2C_REG_REQ, 1));
		if (DC_FIELD_GET(dc_hw_read(hw, mmDC_I2C_ARBITRATION), DC_I2C_ARBITRATION,
				 DC_I2C_REG_RW_CNTL_STATUS) == DCE110_I2C_STATUS_USED_BY_SW)
			return 0;
		dc_hw_delay_ns(hw, OWN_WAIT_NS);
	}
	return -EBUSY;
}

static void release_engine(struct dc_hw *hw)
{
	dc_hw_write(hw, mmDC_I2C_INTERRUPT_CONTROL,
		    DC_FIELD(DC_I2C_INTERRUPT_CONTROL, DC_I2C_SW_DONE_ACK, 1));
	dc_hw_write(hw, mmDC_I2C_CONTROL, DC_FIELD(DC_I2C_CONTROL, DC_I2C_SW_STATUS_RESET, 1));
	dc_hw_write(hw, mmDC_I2C_ARBITRATION,
		    DC_FIELD(DC_I2C_ARBITRATION, DC_I2C_SW_DONE_USING_I2C_REG, 1));
}

/* Line enable and speed: SCL = reference / PRESCALE. */
static void setup_line(struct dc_hw *hw, unsigned ddc, uint32_t ref_khz, uint32_t scl_khz)
{
	uint32_t prescale = scl_khz ? (ref_khz + scl_khz - 1) / scl_khz : 0;

	dc_hw_update(hw, ddc_reg(ddc, mmDC_I2C_DDC1_SETUP),
		     DC_I2C_DDC1_SETUP__DC_I2C_DDC1_ENABLE_MASK,
		     DC_I2C_DDC1_SETUP__DC_I2C_DDC1_ENABLE_MASK);
	dc_hw_update(hw, ddc_reg(ddc, mmDC_I2C_DDC1_SPEED),
		     DC_I2C_DDC1_SPEED__DC_I2C_DDC1_PRESCALE_MASK,
		     DC_FIELD(DC_I2C_DDC1_SPEED, DC_I2C_DDC1_PRESCALE, prescale));
}

/* Bytes the buffer holds: an address byte per transaction, the written data, the read data. */
static int buffer_use(const struct dce110_i2c_txn *txn, unsigned n, unsigned *written,
		      uint64_t *bits)
{
	unsigned total = 0;

	*written = 0;
	*bits = 0;
	for (unsigned i = 0; i < n; i++) {
		if (txn[i].len > 0xff || (txn[i].len && !txn[i].data))
			return -EINVAL;
		*written += 1 + (txn[i].read ? 0 : txn[i].len);
		total += 1 + txn[i].len;
		*bits += 10 + 9ull * txn[i].len; /* START, address + ACK, data + ACK */
	}
	*bits += 1; /* STOP */
	return total > DCE110_I2C_BUFFER ? -EINVAL : 0;
}

static void load(struct dc_hw *hw, const struct dce110_i2c_txn *txn, unsigned n)
{
	bool first = true;

	for (unsigned i = 0; i < n; i++) {
		dc_hw_write(hw, mmDC_I2C_TRANSACTION0 + i,
			    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_RW0, txn[i].read) |
				    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_STOP_ON_NACK0, 1) |
				    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_START0, 1) |
				    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_STOP0, i == n - 1) |
				    DC_FIELD(DC_I2C_TRANSACTION0, DC_I2C_COUNT0, txn[i].len));
		/* the first byte also sets the buffer pointer to 0 */
		dc_hw_write(hw, mmDC_I2C_DATA,
			    DC_FIELD(DC_I2C_DATA, DC_I2C_DATA,
				     (uint32_t)txn[i].addr7 << 1 | (txn[i].read ? 1 : 0)) |
				    DC_FIELD(DC_I2C_DATA, DC_I2C_INDEX_WRITE, first));
		first = false;
		for (unsigned b = 0; !txn[i].read && b < txn[i].len; b++)
			dc_hw_write(hw, mmDC_I2C_DATA,
				    DC_FIELD(DC_I2C_DATA, DC_I2C_DATA, txn[i].data[b]));
	}
}

static void unload(struct dc_hw *hw, struct dce110_i2c_txn *txn, unsigned n, unsigned written)
{
	dc_hw_write(hw, mmDC_I2C_DATA,
		    DC_FIELD(DC_I2C_DATA, DC_I2C_DATA_RW, 1) |
			    DC_FIELD(DC_I2C_DATA, DC_I2C_INDEX, written) |
			    DC_FIELD(DC_I2C_DATA, DC_I2C_INDEX_WRITE, 1));
	for (unsigned i = 0; i < n; i++) {
		for (unsigned b = 0; txn[i].read && b < txn[i].len; b++)
			txn[i].data[b] = (uint8_t)DC_FIELD_GET(dc_hw_read(hw, mmDC_I2C_DATA),
							       DC_I2C_DATA, DC_I2C_DATA);
	}
}

static int result(uint32_t status)
{
	if (status &
	    (DC_I2C_SW_STATUS__DC_I2C_SW_NACK0_MASK | DC_I2C_SW_STATUS__DC_I2C_SW_NACK1_MASK |
	     DC_I2C_SW_STATUS__DC_I2C_SW_NACK2_MASK | DC_I2C_SW_STATUS__DC_I2C_SW_NACK3_MASK |
	     DC_I2C_SW_STATUS__DC_I2C_SW_STOPPED_ON_NACK_MASK))
		return -EIO;
	if (status & DC_I2C_SW_STATUS__DC_I2C_SW_TIMEOUT_MASK)
		return -ETIMEDOUT;
	if (status & (DC_I2C_SW_STATUS__DC_I2C_SW_ABORTED_MASK |
		      DC_I2C_SW_STATUS__DC_I2C_SW_INTERRUPTED_MASK))
		return -EBUSY;
	if (status & DC_I2C_SW_STATUS__DC_I2C_SW_BUFFER_OVERFLOW_MASK)
		return -EINVAL;
	return 0;
}

int dce110_i2c_start(struct dc_hw *hw, unsigned ddc, uint32_t ref_khz, uint32_t scl_khz,
		     const struct dce110_i2c_txn *txn, unsigned n, uint64_t *bus_ns)
{
	unsigned written;
	uint64_t bits;
	int ret;

	if (ddc >= DCE110_MAX_DDCS || n == 0 || n > DCE110_I2C_MAX_TRANSACTIONS || !scl_khz)
		return -EINVAL;
	ret = buffer_use(txn, n, &written, &bits);
	if (ret)
		return ret;
	ret = take_engine(hw);
	if (ret)
		return ret;
	setup_line(hw, ddc, ref_khz, scl_khz);
	dc_hw_write(hw, mmDC_I2C_INTERRUPT_CONTROL,
		    DC_FIELD(DC_I2C_INTERRUPT_CONTROL, DC_I2C_SW_DONE_ACK, 1));
	load(hw, txn, n);
	dc_hw_write(hw, mmDC_I2C_CONTROL,
		    DC_FIELD(DC_I2C_CONTROL, DC_I2C_GO, 1) |
			    DC_FIELD(DC_I2C_CONTROL, DC_I2C_DDC_SELECT, ddc) |
			    DC_FIELD(DC_I2C_CONTROL, DC_I2C_TRANSACTION_COUNT, n - 1));
	/* the transfer takes its bits at SCL; no point in polling before */
	*bus_ns = bits * 1000000ull / scl_khz;
	return 0;
}

int dce110_i2c_finish(struct dc_hw *hw, struct dce110_i2c_txn *txn, unsigned n)
{
	unsigned written;
	uint64_t bits;
	uint32_t status = 0;
	int ret;

	(void)buffer_use(txn, n, &written, &bits); /* checked by dce110_i2c_start */
	ret = dc_hw_wait(hw, mmDC_I2C_SW_STATUS, DC_I2C_SW_STATUS__DC_I2C_SW_STATUS_MASK,
			 DCE110_I2C_STATUS_IDLE, POLL_NS, EXTRA_TIMEOUT_NS, &status);
	if (!ret && !(status & DC_I2C_SW_STATUS__DC_I2C_SW_DONE_MASK))
		ret = -ETIMEDOUT;
	if (ret) {
		/* stop whatever is still going on the bus before giving the engine back */
		dc_hw_write(hw, mmDC_I2C_CONTROL, DC_FIELD(DC_I2C_CONTROL, DC_I2C_SOFT_RESET, 1));
		dc_hw_write(hw, mmDC_I2C_CONTROL, 0);
	} else {
		ret = result(status);
		if (!ret)
			unload(hw, txn, n, written);
	}
	release_engine(hw);
	return ret;
}

int dce110_i2c_transfer(struct dc_hw *hw, unsigned ddc, uint32_t ref_khz, uint32_t scl_khz,
			struct dce110_i2c_txn *txn, unsigned n)
{
	uint64_t bus_ns;
	int ret = dce110_i2c_start(hw, ddc, ref_khz, scl_khz, txn, n, &bus_ns);

	if (ret)
		return ret;
	dc_hw_delay_ns(hw, bus_ns);
	return dce110_i2c_finish(hw, txn, n);
}
