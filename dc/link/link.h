/*
 * The link layer's interface to the rest of Display Core: bringing a link
 * up and down for a stream (commit calls these), the HPD interrupt handler
 * (dc_handle_irq calls it first), and the deferred work behind
 * dc_next_deadline / dc_dispatch. Included by dc_priv.h; docs/dc.md, "Link
 * layer", describes the flow.
 *
 * Functions return 0 or a negative errno; failures a caller shows to a user
 * also fill a struct dc_error.
 */
#ifndef DC_LINK_H
#define DC_LINK_H

#include <stdbool.h>
#include <stdint.h>

#include "dc.h"

/* What the link layer keeps about one link between calls (struct dc_link.rt). */
struct dc_link_runtime {
	bool enabled;		 /* dc_link_enable succeeded and no disable since */
	struct dc_stream stream; /* the stream the link was enabled for */
	bool hdmi_scrambling;	 /* source scrambler on and the sink's SCDC told */
	bool dongle_output_off;	 /* a DP++ type 2 adaptor's TMDS output was turned off */
	uint8_t aux_rd_interval; /* DPCD TRAINING_AUX_RD_INTERVAL (DP receivers) */
	/* training sets MSA_TIMING_PAR_IGNORE_EN: the stream varies its refresh */
	bool msa_ignore;
	/* deferred work (zeroed by dc_create's calloc: nothing pending) */
	bool detect_pending; /* a debounced detection is due at detect_ns */
	uint64_t detect_ns;
	uint64_t debounce_start_ns; /* first long pulse of the current debounce */
	bool retrain_pending;	    /* a link check (and retraining) is due at retrain_ns */
	uint64_t retrain_ns;
};

/*
 * Brings link up for stream (its res filled by dc_validate): the commit
 * calls it after the timing generator and the stream encoder are programmed
 * and before unblanking.
 *  DP / eDP: powers the transmitter (res.link_encoder) up, sets the receiver
 *  to D0 and trains at the verified capability (the receiver's and the
 *  engine's maximum before any training), falling back to lower rates, then
 *  fewer lanes; the result is kept in the link (dc_link_get_status). Fails
 *  with DC_ERR_LINK_TRAINING when no setting trains, DC_ERR_LINK_BANDWIDTH
 *  when the setting that trained no longer carries the stream (the link is
 *  then left off and dc_validate sees the lower capability).
 *  HDMI / DVI: TMDS mode (dual link if res.signal says so); with
 *  res.hdmi_scrambling the sink's SCDC TMDS_Config (scrambling, and the
 *  1/40 clock ratio above 340 MHz) and the source scrambler.
 * 0; -ENODEV when nothing is connected; -EIO when training failed;
 * -ERANGE when the trained link is too slow; -EOPNOTSUPP for a DP PHY
 * without the simulator extension (real hardware needs VBIOS tables).
 */
int dc_link_enable(struct dc *dc, unsigned link, const struct dc_stream *stream,
		   struct dc_error *err);

/*
 * The reverse: DP: receiver to D3, transmitter off; HDMI: scrambling off on
 * both sides, transmitter off. Safe on a link that is off or unplugged.
 */
int dc_link_disable(struct dc *dc, unsigned link);

/*
 * Takes a link that is already running stream (a restarted daemon adopting
 * the hardware) as enabled, reading the training result back from the
 * transmitter and the receiver; writes nothing.
 */
int dc_link_adopt(struct dc *dc, unsigned link, const struct dc_stream *stream);

/*
 * Reads and acknowledges every link's HPD interrupt status: long pulses
 * schedule a debounced detection, DP short pulses are handled at once
 * (IRQ vector, sink count, link status; a lost link schedules retraining).
 */
void dc_irq_handle_hpd(struct dc *dc);
/* The same for the links on HPD line hpd (an IH vector named it); false for none. */
bool dc_irq_handle_hpd_line(struct dc *dc, unsigned hpd);

/* Deferred work of the links (a dc_dispatch source, dc/core/dispatch.c). */
uint64_t dc_link_next_deadline(const struct dc *dc);
int dc_link_dispatch(struct dc *dc, uint64_t now);

/* What the link layer knows beyond the committed state (dc_link_get_status). */
void dc_link_status_fill(const struct dc *dc, unsigned link, struct dc_link_status *out);

#endif
