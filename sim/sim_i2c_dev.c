/*
 * The I2C devices a display puts on its DDC lines (and, for DP receivers,
 * behind I2C-over-AUX), at byte level:
 *
 *  0x50  EDID (E-DDC): a read returns EDID byte segment x 256 + offset; a
 *        written byte sets the offset. Bytes past the EDID read as 0xff.
 *  0x30  E-DDC segment pointer: the byte written selects the 256-byte
 *        segment for the next 0x50 read; it resets to 0 at STOP. Only an EDID
 *        longer than two blocks acknowledges this address (as sinks without
 *        segment support do not).
 *  0x54  SCDC of HDMI 2.0 sinks (see sim_scdc_read_byte).
 *  0x40  DP++ dual-mode adaptor ID registers (only with a dongle).
 *
 * The first byte written after a START is the register offset of 0x50, 0x54
 * and 0x40; further written bytes go to consecutive registers (ignored for
 * the EDID, which is read-only).
 */
#include <errno.h>
#include <string.h>

#include "sim_internal.h"

#define ADDR_SEGMENT 0x30
#define ADDR_DONGLE  0x40
#define ADDR_EDID    0x50
#define ADDR_SCDC    0x54

/* SCDC register offsets (HDMI 2.0) */
#define SCDC_SINK_VERSION     0x01
#define SCDC_SOURCE_VERSION   0x02
#define SCDC_UPDATE_0	      0x10
#define SCDC_UPDATE_1	      0x11
#define SCDC_TMDS_CONFIG      0x20
#define SCDC_SCRAMBLER_STATUS 0x21
#define SCDC_CONFIG_0	      0x30
#define SCDC_STATUS_FLAGS_0   0x40
#define SCDC_STATUS_FLAGS_1   0x41
#define SCDC_ERR_DET_FIRST    0x50
#define SCDC_ERR_DET_LAST     0x56
#define SCDC_TEST_CONFIG_0    0xc0
#define SCDC_MANUFACTURER_OUI 0xd0

#define SCDC_UPDATE_0_STATUS_UPDATE 0x01
#define SCDC_UPDATE_0_CED_UPDATE    0x02
#define SCDC_UPDATE_0_RR_TEST	    0x04
#define SCDC_TMDS_SCRAMBLING_ENABLE 0x01
#define SCDC_TMDS_BIT_CLOCK_RATIO   0x02
#define SCDC_CLOCK_DETECTED	    0x01
#define SCDC_CH_LOCKED_ALL	    0x0e /* channels 0, 1, 2 locked */

/* DP++ adaptor: "DP-HDMI ADAPTOR" followed by 0x04, then the adaptor ID. */
static const char dongle_hdmi_id[16] = "DP-HDMI ADAPTOR\x04";
#define DONGLE_ADAPTOR_ID 0x10
#define DONGLE_MAX_TMDS	  0x1d
#define DONGLE_TYPE2_ID	  0xa0
#define DONGLE_CTL_FIRST  0x20
#define DONGLE_CTL_LAST	  0x23

static bool has_display(const struct sim_connector *c)
{
	return c->plugged && c->display.present;
}

/* Is this the bus of TMDS devices (DDC) or of a DP receiver (over AUX)? */
static bool device_present(const struct sim_connector *c, uint8_t addr7, bool over_aux)
{
	const struct sim_display *d = &c->display;

	if (!has_display(c) || d->dp != over_aux)
		return false;
	switch (addr7) {
	case ADDR_EDID:
		return d->edid_len > 0;
	case ADDR_SEGMENT:
		return d->edid_len > 256;
	case ADDR_SCDC:
		return !over_aux && d->scdc;
	case ADDR_DONGLE:
		return !over_aux && d->dongle;
	default:
		return false;
	}
}

void sim_i2c_bus_stop(struct sim_i2c_bus *bus)
{
	bus->segment = 0;
	bus->addr = 0;
	bus->first_write = false;
	bus->reading = false;
}

bool sim_i2c_bus_start(struct sim *sim, struct sim_connector *c, struct sim_i2c_bus *bus,
		       uint8_t addr7, bool over_aux)
{
	(void)sim;
	if (!c || !device_present(c, addr7, over_aux)) {
		bus->addr = 0;
		return false;
	}
	bus->addr = addr7;
	bus->first_write = true;
	bus->reading = false;
	return true;
}

static uint8_t *offset_of(struct sim_i2c_bus *bus)
{
	switch (bus->addr) {
	case ADDR_EDID:
		return &bus->edid_offset;
	case ADDR_SCDC:
		return &bus->scdc_offset;
	case ADDR_DONGLE:
		return &bus->dongle_offset;
	default:
		return NULL;
	}
}

static void dongle_write(struct sim_connector *c, uint8_t offset, uint8_t v)
{
	if (offset >= DONGLE_CTL_FIRST && offset <= DONGLE_CTL_LAST)
		c->dongle_ctl[offset - DONGLE_CTL_FIRST] = v;
}

static uint8_t dongle_read(const struct sim_connector *c, uint8_t offset)
{
	const struct sim_display *d = &c->display;

	if (offset < sizeof(dongle_hdmi_id))
		return (uint8_t)dongle_hdmi_id[offset];
	if (offset == DONGLE_ADAPTOR_ID)
		return d->dongle_type == 2 ? DONGLE_TYPE2_ID : 0x00;
	if (offset == DONGLE_MAX_TMDS)
		return d->dongle_type == 2 ? (uint8_t)(d->dongle_max_tmds_mhz * 10 / 25) : 0;
	if (offset >= DONGLE_CTL_FIRST && offset <= DONGLE_CTL_LAST)
		return c->dongle_ctl[offset - DONGLE_CTL_FIRST];
	return 0;
}

bool sim_i2c_bus_write(struct sim *sim, struct sim_connector *c, struct sim_i2c_bus *bus,
		       uint8_t byte)
{
	uint8_t *offset;

	if (!bus->addr)
		return false;
	if (bus->addr == ADDR_SEGMENT) {
		bus->segment = byte;
		return true;
	}
	offset = offset_of(bus);
	if (!offset)
		return false;
	if (bus->first_write) {
		*offset = byte;
		bus->first_write = false;
		return true;
	}
	if (bus->addr == ADDR_SCDC)
		sim_scdc_write_byte(sim, c, *offset, byte);
	else if (bus->addr == ADDR_DONGLE)
		dongle_write(c, *offset, byte);
	(*offset)++;
	return true;
}

uint8_t sim_i2c_bus_read(struct sim *sim, struct sim_connector *c, struct sim_i2c_bus *bus)
{
	uint8_t *offset = offset_of(bus);
	uint8_t v = 0xff;

	bus->first_write = false;
	if (!offset)
		return 0xff;
	switch (bus->addr) {
	case ADDR_EDID: {
		size_t at = (size_t)bus->segment * 256 + *offset;

		if (at < c->display.edid_len)
			v = c->display.edid[at];
		break;
	}
	case ADDR_SCDC:
		v = sim_scdc_read_byte(sim, c, *offset);
		break;
	case ADDR_DONGLE:
		v = dongle_read(c, *offset);
		break;
	}
	(*offset)++;
	return v;
}

/* ---- SCDC ------------------------------------------------------------------ */

void sim_scdc_init(struct sim_connector *c)
{
	memset(c->scdc, 0, sizeof(c->scdc));
	c->scdc[SCDC_SINK_VERSION] = 1;
	/* Manufacturer-specific area: an OUI of 00-00-00 and the device name */
	memcpy(&c->scdc[SCDC_MANUFACTURER_OUI + 3], "dcdsim", 6);
	c->scdc_flags = 0;
}

/*
 * The sink's view of the TMDS link: the clock is detected while the DIG
 * drives this connector in a TMDS mode (and a DP++ adaptor, if any, has its
 * TMDS output on); the channels lock when the sink's TMDS_Bit_Clock_Ratio
 * matches the source's HDMI_CLOCK_CHANNEL_RATE and the scrambling setting of
 * both sides agrees (1/40 ratio requires scrambling).
 */
static uint8_t scdc_status_flags(struct sim *sim, struct sim_connector *c, bool *scrambled)
{
	uint32_t be = sim_dig_read(sim, c->dig, mmDIG_BE_CNTL);
	uint32_t en = sim_dig_read(sim, c->dig, mmDIG_BE_EN_CNTL);
	uint32_t hdmi = sim_dig_read(sim, c->dig, mmHDMI_CONTROL);
	uint32_t mode = SIM_GET(be, DIG_BE_CNTL, DIG_MODE);
	bool src_scramble = hdmi & sim_gen(sim)->hdmi_scramble_mask;
	bool src_ratio = hdmi & HDMI_CONTROL__HDMI_CLOCK_CHANNEL_RATE_MASK;
	bool sink_scramble = c->scdc[SCDC_TMDS_CONFIG] & SCDC_TMDS_SCRAMBLING_ENABLE;
	bool sink_ratio = c->scdc[SCDC_TMDS_CONFIG] & SCDC_TMDS_BIT_CLOCK_RATIO;
	bool clock = (en & DIG_BE_EN_CNTL__DIG_ENABLE_MASK) &&
		     (mode == DCE110_DIG_MODE_TMDS_HDMI || mode == DCE110_DIG_MODE_TMDS_DVI) &&
		     !(c->display.dongle && (c->dongle_ctl[0] & 1));
	uint8_t flags = 0;

	*scrambled = clock && src_scramble && sink_scramble;
	if (!clock)
		return 0;
	flags |= SCDC_CLOCK_DETECTED;
	if (sink_ratio == src_ratio && src_scramble == sink_scramble &&
	    (!src_ratio || src_scramble))
		flags |= SCDC_CH_LOCKED_ALL;
	return flags;
}

uint8_t sim_scdc_read_byte(struct sim *sim, struct sim_connector *c, uint8_t offset)
{
	bool scrambled;
	uint8_t flags = scdc_status_flags(sim, c, &scrambled);

	if (flags != c->scdc_flags) {
		c->scdc_flags = flags;
		c->scdc[SCDC_UPDATE_0] |= SCDC_UPDATE_0_STATUS_UPDATE;
	}
	switch (offset) {
	case SCDC_SCRAMBLER_STATUS:
		return scrambled ? 1 : 0;
	case SCDC_STATUS_FLAGS_0:
		return flags;
	default:
		return c->scdc[offset];
	}
}

void sim_scdc_write_byte(struct sim *sim, struct sim_connector *c, uint8_t offset, uint8_t v)
{
	(void)sim;
	switch (offset) {
	case SCDC_SOURCE_VERSION:
	case SCDC_CONFIG_0:
	case SCDC_TEST_CONFIG_0:
		c->scdc[offset] = v;
		break;
	case SCDC_TMDS_CONFIG:
		c->scdc[offset] = v & (SCDC_TMDS_SCRAMBLING_ENABLE | SCDC_TMDS_BIT_CLOCK_RATIO);
		break;
	case SCDC_UPDATE_0:
	case SCDC_UPDATE_1:
		c->scdc[offset] &= (uint8_t)~v; /* write 1 to clear */
		break;
	default:
		break; /* read-only */
	}
}

int sim_scdc_peek(struct sim *sim, unsigned conn, uint8_t scdc[256])
{
	struct sim_connector *c;

	if (conn >= sim->st->cfg.nconnectors)
		return -EINVAL;
	c = &sim->st->cfg.connectors[conn];
	if (!has_display(c) || !c->display.scdc)
		return -ENODEV;
	sim_sync(sim);
	for (unsigned i = 0; i < 256; i++)
		scdc[i] = (i == SCDC_UPDATE_0 || i == SCDC_SCRAMBLER_STATUS ||
			   i == SCDC_STATUS_FLAGS_0)
				  ? sim_scdc_read_byte(sim, c, (uint8_t)i)
				  : c->scdc[i];
	return 0;
}
