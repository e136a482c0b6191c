/*
 * AUX requests over the link's channel, native and I2C-over-AUX: DEFER
 * replies retried (up to 7 times, 400 us apart, as the DP standard lets a
 * receiver defer), transfers cut into requests of at most 16 bytes, short
 * replies continued. On top: DPCD access and the public dc_read_dpcd /
 * dc_write_dpcd.
 */
#include <errno.h>
#include <string.h>

#include "link_priv.h"

#define DPCD_ADDRESS_END 0x100000 /* 20-bit addresses */

int dc_aux_request(struct dc *dc, unsigned link, uint8_t command, uint32_t address, uint8_t *buf,
		   uint8_t len)
{
	const struct dc_link *l = &dc->links[link];
	struct dce110_aux_request req = {
		.command = command, .address = address, .data = buf, .len = len
	};
	bool read = command & 1;
	struct dce110_aux_reply reply;
	int ret;

	for (unsigned attempt = 0;; attempt++) {
		/* a DP detection makes ~20 requests: other outputs' flips go on between them */
		dc_bus_serve(dc);
		ret = dce110_aux_transfer(dc->hw, dc->pool->regs, l->desc.aux, l->desc.hpd, &req,
					  &reply);
		if (ret)
			return ret;
		switch (reply.code) {
		case DP_AUX_NATIVE_REPLY_ACK:
			if (!read)
				return len;
			if (reply.len > len)
				return -EIO;
			if (reply.len)
				memcpy(buf, reply.data, reply.len);
			return reply.len;
		case DP_AUX_NATIVE_REPLY_DEFER:
		case DP_AUX_I2C_REPLY_DEFER:
			if (attempt == DC_AUX_DEFER_RETRIES) {
				dc_log(dc, DC_LOG_WARNING,
				       "%s: AUX %s 0x%05x: the receiver deferred %u times, giving "
				       "up",
				       l->name, command & DP_AUX_NATIVE_WRITE ? "DPCD" : "I2C",
				       address, attempt + 1);
				return -EAGAIN;
			}
			dc_bus_wait(dc, DC_AUX_DEFER_WAIT_NS);
			break;
		default: /* NACK, I2C_NACK, or a code no receiver should send */
			return -EIO;
		}
	}
}

int dc_aux_transfer(struct dc *dc, unsigned link, uint8_t command, uint32_t address, bool advance,
		    uint8_t *buf, size_t size)
{
	size_t done = 0;
	unsigned empty = 0;

	while (done < size) {
		size_t chunk = size - done;
		int n;

		if (chunk > DCE110_AUX_MAX_PAYLOAD)
			chunk = DCE110_AUX_MAX_PAYLOAD;
		n = dc_aux_request(dc, link, command, address + (advance ? (uint32_t)done : 0),
				   buf + done, (uint8_t)chunk);
		if (n < 0)
			return n;
		/* an ACK without data now and then is allowed; a receiver doing only that is broken
		 */
		if (n == 0 && ++empty > DC_AUX_DEFER_RETRIES)
			return -EIO;
		done += (size_t)n;
	}
	return 0;
}

int dc_dpcd_read(struct dc *dc, unsigned link, uint32_t address, uint8_t *buf, size_t size)
{
	return dc_aux_transfer(dc, link, DP_AUX_NATIVE_READ, address, true, buf, size);
}

int dc_dpcd_write(struct dc *dc, unsigned link, uint32_t address, const uint8_t *buf, size_t size)
{
	/* the request only reads from buf for a write */
	return dc_aux_transfer(dc, link, DP_AUX_NATIVE_WRITE, address, true,
			       (uint8_t *)(uintptr_t)buf, size);
}

static int check_public(struct dc *dc, unsigned link, uint32_t address, const void *buf,
			size_t size)
{
	const struct dc_link *l;

	if (!dc || link >= dc->link_count || (size && !buf) || address >= DPCD_ADDRESS_END ||
	    size > DPCD_ADDRESS_END - address)
		return -EINVAL;
	l = &dc->links[link];
	if (!dc_link_is_dp(l))
		return -EINVAL;
	/* AUX is gated by the HPD line: it must be set up (idempotent) and high */
	dce110_hpd_init(dc->hw, l->desc.hpd);
	if (!dce110_hpd_sense(dc->hw, l->desc.hpd))
		return -ENODEV;
	return 0;
}

int dc_read_dpcd(struct dc *dc, unsigned link, uint32_t address, void *buf, size_t size)
{
	int ret = check_public(dc, link, address, buf, size);

	return ret ? ret : dc_dpcd_read(dc, link, address, buf, size);
}

int dc_write_dpcd(struct dc *dc, unsigned link, uint32_t address, const void *buf, size_t size)
{
	int ret = check_public(dc, link, address, buf, size);

	return ret ? ret : dc_dpcd_write(dc, link, address, buf, size);
}
