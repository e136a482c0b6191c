/*
 * DCE 11.0 / 10.0 blocks of the display links: the DC_HPD hot-plug lines,
 * the DC_I2C DDC engine, the DP_AUX channels and the link encoders (DIG
 * back end + UNIPHY transmitter). One file per block; each function
 * programs exactly the registers docs/sim.md describes for it and nothing
 * of another instance.
 *
 * Internal to dc/ (dc/link uses it); not installed. Functions return 0 or a
 * negative errno.
 */
#ifndef DCE110_LINK_H
#define DCE110_LINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_hw.h"

/* One generation's register differences (dce110_regs_gen.h). */
struct dce110_regs_gen;

/* ---- DC_HPD (dce110_hpd.c) ---------------------------------------------- */

/*
 * Connect / disconnect filters of the hot-plug line in ms (the values the
 * amdgpu driver programs): the filtered sense follows a plug after 50 ms and
 * an unplug after 10 ms, and a DP IRQ_HPD pulse (0.5..1 ms) never reaches it.
 */
#define DCE110_HPD_CONNECT_FILTER_MS	50
#define DCE110_HPD_DISCONNECT_FILTER_MS 10

/*
 * Enables hot-plug line hpd: the block, its toggle filters, both interrupts
 * (long pulse and DP short pulse), and the polarity that makes the next
 * change of the filtered sense interrupt (disconnect while connected,
 * connect while not). Idempotent: an already programmed line sees no write.
 */
void dce110_hpd_init(struct dc_hw *hw, unsigned hpd);

/* The line was set up by dce110_hpd_init (DC_HPD_EN and both interrupts on). */
bool dce110_hpd_ready(struct dc_hw *hw, unsigned hpd);

/* The line now (DC_HPD_SENSE): high while something is plugged in. */
bool dce110_hpd_sense(struct dc_hw *hw, unsigned hpd);

struct dce110_hpd_events {
	bool long_pulse;  /* the filtered sense changed: plug or unplug */
	bool short_pulse; /* a DP IRQ_HPD */
	bool connected;	  /* the filtered sense after the change */
};

/*
 * Reads the line's interrupt status and acknowledges what it reports; after
 * a long pulse it turns the polarity around so the opposite change
 * interrupts next (a change that happened meanwhile latches again at once).
 */
void dce110_hpd_service(struct dc_hw *hw, unsigned hpd, struct dce110_hpd_events *ev);

/* ---- DC_I2C, the DDC engine (dce110_i2c.c) -------------------------------- */

#define DCE110_I2C_MAX_TRANSACTIONS 4
#define DCE110_I2C_BUFFER	    256 /* address bytes, written and read data together */

/* One transaction: START, address, data, and a STOP after the last one. */
struct dce110_i2c_txn {
	uint8_t addr7;
	bool read;
	uint8_t *data; /* bytes to write, or where read bytes go */
	uint16_t len;
};

/*
 * Runs up to 4 transactions on DDC line ddc as one transfer at scl_khz
 * (the bus clock derived from ref_khz, the engine's reference clock).
 * 0; -EIO when a device did not acknowledge (its address or a byte);
 * -ETIMEDOUT when the line or the engine did not finish; -EBUSY when the
 * engine belongs to someone else (hardware EDID read, DMCU); -EINVAL for a
 * transfer the engine cannot hold (more than 4 transactions, more than 256
 * bytes with the address bytes).
 */
int dce110_i2c_transfer(struct dc_hw *hw, unsigned ddc, uint32_t ref_khz, uint32_t scl_khz,
			struct dce110_i2c_txn *txn, unsigned n);

/*
 * dce110_i2c_transfer in two halves, for a caller that spends the bus time
 * itself (dc/link/ddc.c: serving other pipes' flips meanwhile, dc_bus_wait).
 * start takes the engine and sends the transfer on its way, *bus_ns being
 * the time its bits take at SCL; on 0 the caller must call finish with the
 * same txn and n: it waits for the engine, reads the data, gives the engine
 * back and returns what dce110_i2c_transfer does.
 */
int dce110_i2c_start(struct dc_hw *hw, unsigned ddc, uint32_t ref_khz, uint32_t scl_khz,
		     const struct dce110_i2c_txn *txn, unsigned n, uint64_t *bus_ns);
int dce110_i2c_finish(struct dc_hw *hw, struct dce110_i2c_txn *txn, unsigned n);

/* ---- DP_AUX (dce110_aux.c) -------------------------------------------------- */

#define DCE110_AUX_MAX_PAYLOAD 16

/* command and reply codes: the DP standard's (DP_AUX_* in dc/link/dpcd_regs.h) */
struct dce110_aux_request {
	uint8_t command;  /* bit 3 native, bit 2 MOT (I2C), bit 0 read */
	uint32_t address; /* 20 bits; the 7-bit I2C address for I2C-over-AUX */
	const uint8_t *data;
	uint8_t len; /* bytes to write, or to read; 0: an address-only request */
};

struct dce110_aux_reply {
	uint8_t code; /* the reply field: 0 ACK, 1 NACK, 2 DEFER, 4 I2C_NACK, 8 I2C_DEFER */
	uint8_t len;  /* data bytes */
	uint8_t data[DCE110_AUX_MAX_PAYLOAD];
};

/*
 * One AUX transaction on channel aux, gated by hot-plug line hpd. 0 with the
 * reply (whatever its code); -ENODEV when the HPD line is low; -ETIMEDOUT
 * when no receiver answered; -EIO for a garbled reply; -EBUSY when the
 * engine is in use by someone else; -EINVAL for more than 16 bytes.
 */
int dce110_aux_transfer(struct dc_hw *hw, const struct dce110_regs_gen *g, unsigned aux,
			unsigned hpd, const struct dce110_aux_request *req,
			struct dce110_aux_reply *reply);

/* ---- link encoder: DIG back end + UNIPHY (dce110_link_enc.c) ------------ */

/*
 * The DIG side of a DP link: DP mode, lanes, enhanced framing, TPS1, then
 * DIG_ENABLE. The PHY is the video BIOS's (UNIPHYTransmitterControl).
 */
void dce110_link_enc_dp_setup(struct dc_hw *hw, unsigned dig, unsigned hpd, unsigned lanes,
			      bool enhanced_framing);

/*
 * The PHY of UNIPHY transmitter n (DCE 10/11.0) as a video BIOS table left
 * it: false while its PLL is off; else the link rate per lane (from the
 * PLL's feedback divider) and each lane's voltage swing and pre-emphasis
 * (UNIPHY_TX_CONTROL1), our reading of the public field names.
 */
bool dce110_uniphy_dp_read(struct dc_hw *hw, unsigned n, uint32_t *rate_mbps, uint8_t swing[4],
			   uint8_t preemphasis[4]);

/*
 * The pattern on the wire: 1..3 TPS1..TPS3 (training; the DPHY sends them
 * unscrambled), 0 training complete (idle pattern, then video).
 */
void dce110_link_enc_dp_pattern(struct dc_hw *hw, unsigned dig, unsigned tps);

/*
 * What the DP transmitter runs at now: rate (0 when off), lanes, drive
 * levels. phy_by_table: a video BIOS table drives this transmitter's PHY
 * (dc_bios_phy), so its UNIPHY registers say; else nothing programs the
 * PHY (dcd refuses DP there), so it reads as off at drive level 0.
 */
void dce110_link_enc_dp_read(struct dc_hw *hw, unsigned dig, bool phy_by_table, uint32_t *rate_mbps,
			     unsigned *lanes, uint8_t swing[4], uint8_t preemphasis[4]);

/* TMDS output of DIG dig: HDMI or DVI, dual link (also the partner DIG). */
void dce110_link_enc_tmds_enable(struct dc_hw *hw, unsigned dig, unsigned hpd, bool hdmi,
				 bool dual_link);

/* The source side of HDMI 2.0 scrambling: scrambler and TMDS clock ratio 1/40. */
void dce110_link_enc_hdmi_scrambling(struct dc_hw *hw, const struct dce110_regs_gen *g,
				     unsigned dig, bool scramble, bool clock_ratio_40);
bool dce110_link_enc_hdmi_scrambling_on(struct dc_hw *hw, const struct dce110_regs_gen *g,
					unsigned dig);

/* Powers the DIG side down (DIG_ENABLE off, lanes off); the PHY is the table's. */
void dce110_link_enc_disable(struct dc_hw *hw, unsigned dig);

/* The link encoder registers a DP training touches, to put them back after. */
#define DCE110_LINK_ENC_SAVED 7
struct dce110_link_enc_saved {
	uint32_t value[DCE110_LINK_ENC_SAVED];
};

void dce110_link_enc_save(struct dc_hw *hw, unsigned dig, struct dce110_link_enc_saved *saved);
/* Writes back (only what differs) what dce110_link_enc_save read. */
void dce110_link_enc_restore(struct dc_hw *hw, unsigned dig,
			     const struct dce110_link_enc_saved *saved);

#endif
