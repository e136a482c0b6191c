/*
 * Internals of the link layer (dc/link): how its files call each other.
 * Each file is one job: DDC, DPCD/AUX, EDID blocks, DP++ adaptors, SCDC,
 * detection, DP training, short pulses, HPD interrupts and deferred work.
 * Functions return 0 or a negative errno and log what a person debugging a
 * monitor would want to know.
 */
#ifndef DC_LINK_PRIV_H
#define DC_LINK_PRIV_H

#include "../core/dc_priv.h"
#include "../dce110/dce110_link.h"
#include "dpcd_regs.h"

#define DC_MS 1000000ull
#define DC_US 1000ull

/* A long pulse is acted upon once the line has been quiet this long. */
#define DC_HPD_DEBOUNCE_NS     (50 * DC_MS)
/* ... but never later than this after the first pulse of a burst. */
#define DC_HPD_DEBOUNCE_MAX_NS (500 * DC_MS)

static inline bool dc_link_is_dp(const struct dc_link *l)
{
	return l->desc.type == DC_LINK_DP || l->desc.type == DC_LINK_EDP;
}

/* The link's DP receiver caps when its sink is a DP receiver (not a DP++ adaptor). */
static inline const struct dc_dp_caps *dc_link_dp_caps(const struct dc_link *l)
{
	return l->sink && l->sink->has_dp_caps && !l->sink->has_dongle ? &l->sink->dp_caps : NULL;
}

/* A stream is committed on the link (dc_current_state), or the link layer enabled it. */
bool dc_link_busy(const struct dc *dc, unsigned link);

/* Recomputes struct dc_link.deadline_ns from the link's pending work. */
void dc_link_update_deadline(struct dc_link *l);

/* ---- DDC line of the link (ddc.c) ---------------------------------------- */

/* Register read / write on an I2C device with 8-bit offsets (SCDC, DP++ adaptor). */
int dc_ddc_read(struct dc *dc, unsigned link, uint8_t addr7, uint8_t offset, uint8_t *buf,
		size_t len);
int dc_ddc_write(struct dc *dc, unsigned link, uint8_t addr7, uint8_t offset, const uint8_t *buf,
		 size_t len);

/* The EDID over the DDC line (E-DDC). See dc_edid_read. */
int dc_ddc_read_edid(struct dc *dc, unsigned link, uint8_t **edid, size_t *size);

/* ---- EDID blocks, whatever the bus (edid_read.c) ------------------------- */

#define DC_EDID_BLOCK		128
#define DC_LINK_EDID_MAX_BLOCKS 32 /* 4 KiB, as the biggest EDIDs seen */
#define DC_EDID_NACK_RETRIES	3

/* Reads 128-byte block `block` (segment block / 2, offset 128 x (block % 2)). */
typedef int (*dc_edid_block_fn)(struct dc *dc, unsigned link, unsigned block, uint8_t *buf);

/*
 * Reads a whole EDID: block 0, then as many extension blocks as it
 * announces. A block that is not acknowledged is tried again (3 times); a
 * block whose checksum is wrong is read once more, and kept as read (the
 * decoder flags it) when it is wrong again. *edid is malloc'd. -EIO when
 * block 0 never came (nothing answers), -ENOMEM.
 */
int dc_edid_read(struct dc *dc, unsigned link, const char *bus, dc_edid_block_fn read_block,
		 uint8_t **edid, size_t *size);

/* ---- AUX: native DPCD and I2C-over-AUX (dpcd.c, aux_i2c.c) ---------------- */

#define DC_AUX_DEFER_RETRIES 7
#define DC_AUX_DEFER_WAIT_NS (400 * DC_US)

/*
 * One AUX request (native or I2C-over-AUX, command as DP_AUX_*) with
 * DEFER / I2C_DEFER replies retried up to 7 times 400 us apart. The bytes
 * transferred (a read may return fewer than asked), or -ENODEV (HPD low),
 * -ETIMEDOUT (no receiver), -EIO (NACK, I2C_NACK, garbled replies),
 * -EAGAIN (still deferring).
 */
int dc_aux_request(struct dc *dc, unsigned link, uint8_t command, uint32_t address, uint8_t *buf,
		   uint8_t len);

/*
 * A whole transfer in requests of at most 16 bytes, continuing short
 * replies; advance: native DPCD (the address moves on), else I2C-over-AUX
 * (the address is the device's). 0 or what dc_aux_request returns.
 */
int dc_aux_transfer(struct dc *dc, unsigned link, uint8_t command, uint32_t address, bool advance,
		    uint8_t *buf, size_t size);

/*
 * DPCD access over the link's AUX channel in 16-byte requests, each DEFER
 * retried up to 7 times 400 us apart. 0; -ENODEV (HPD low), -ETIMEDOUT
 * (no receiver), -EIO (NACK, garbled replies), -EAGAIN (still deferring).
 */
int dc_dpcd_read(struct dc *dc, unsigned link, uint32_t address, uint8_t *buf, size_t size);
int dc_dpcd_write(struct dc *dc, unsigned link, uint32_t address, const uint8_t *buf, size_t size);
static inline int dc_dpcd_write_byte(struct dc *dc, unsigned link, uint32_t address, uint8_t v)
{
	return dc_dpcd_write(dc, link, address, &v, 1);
}

/* The EDID over I2C-over-AUX (segment pointer, MOT, DEFERs). See dc_edid_read. */
int dc_aux_read_edid(struct dc *dc, unsigned link, uint8_t **edid, size_t *size);

/* ---- DP++ adaptors (dongle.c) and SCDC (scdc.c) ---------------------------- */

/*
 * What sits between a DP connector without a DP receiver and the TMDS sink
 * on its DDC line: the adaptor's ID registers give type 2 (and its max
 * TMDS clock) or type 1 to HDMI; no ID means a type 1 (DVI) adaptor.
 */
void dc_dongle_detect(struct dc *dc, unsigned link, struct dc_dongle *out);

/* Type 2 adaptors: TMDS output on or off (DP_DUAL_MODE_TMDS_OEN). */
int dc_dongle_tmds_output(struct dc *dc, unsigned link, bool on);

/* The sink's TMDS_Config: scrambling and the 1/40 TMDS bit clock ratio. */
int dc_scdc_set_tmds_config(struct dc *dc, unsigned link, bool scramble, bool clock_ratio_40);
/* The sink sees scrambled data (Scrambler_Status). */
int dc_scdc_scrambled(struct dc *dc, unsigned link, bool *scrambled);

/* ---- DP (dp_detect.c, dp_training.c, dp_irq.c) ----------------------------- */

/*
 * DP / eDP connector with HPD up: DPCD caps and sink count, EDID over AUX;
 * without a receiver, a DP++ adaptor and the EDID over DDC. On DP (not
 * eDP) with no stream on the link, verifies the link capability by
 * training once and turning the link off again. *out NULL: nothing usable.
 */
int dc_dp_detect(struct dc *dc, unsigned link, struct dc_sink **out);

/* The receiver's caps decoded from DPCD 0x000..0x00f, MSTM_CAP and SINK_COUNT. */
void dc_dp_decode_caps(const uint8_t rx[DP_RECEIVER_CAP_SIZE], uint8_t mstm, uint8_t sink_count,
		       struct dc_dp_caps *caps);

/* The highest setting to try: verified capability, else min(receiver, engine). */
void dc_dp_max_setting(const struct dc *dc, unsigned link, const struct dc_dp_caps *caps,
		       uint32_t *rate_mbps, uint8_t *lanes);

/*
 * Powers the transmitter up and trains, starting at rate x lanes and
 * falling back (lower rate, then fewer lanes) until a setting trains. On
 * success the link runs (training pattern off) and out holds the result;
 * the verified capability is updated, the result kept in the link's
 * training. -EIO when no setting trained (the
 * transmitter is left on at the last setting tried; the caller turns it
 * off), -ENODEV / -ETIMEDOUT when the receiver went away, -EOPNOTSUPP
 * without the simulator extension.
 */
int dc_dp_train(struct dc *dc, unsigned link, const struct dc_dp_caps *caps, uint32_t rate_mbps,
		uint8_t lanes, struct dc_link_training *out);

/* All active lanes have CR, EQ and symbol lock and the lanes are aligned. */
bool dc_dp_link_ok(const uint8_t status[DP_LINK_STATUS_SIZE], unsigned lanes);

/* The DP transmitter off: the DIG, and the PHY through the video BIOS where it has the table. */
void dc_link_dp_transmitter_off(struct dc *dc, unsigned link);

/* What the DP transmitter runs at, to put back after a trial training (dp_detect.c). */
struct dc_dp_tx_saved {
	struct dce110_link_enc_saved dig;
	uint32_t rate_mbps; /* the PHY's, 0: off */
	unsigned lanes;
	uint8_t swing[4], pre[4];
};
void dc_link_dp_tx_save(struct dc *dc, unsigned link, struct dc_dp_tx_saved *saved);
void dc_link_dp_tx_restore(struct dc *dc, unsigned link, const struct dc_dp_tx_saved *saved);

/* Receiver power: D0 (waking it, with retries) or D3. */
int dc_dp_set_power(struct dc *dc, unsigned link, bool on);

/* An IRQ_HPD on a DP link: IRQ vector, sink count, link status. */
void dc_dp_short_pulse(struct dc *dc, unsigned link);

/* Checks an enabled DP link and retrains it if lost; reports the outcome. */
void dc_dp_check_link(struct dc *dc, unsigned link);

/* Schedules a link check at time `when`. */
void dc_link_schedule_retrain(struct dc *dc, unsigned link, uint64_t when);

#endif
