/*
 * Helpers for the simulator tests: they program the simulated registers the
 * way Display Core would (DC_I2C engine, AUX engine, PLL, CRTC), through
 * struct dc_hw only.
 */
#ifndef SIM_TEST_UTIL_H
#define SIM_TEST_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_hw.h"
#include "dce110_regs.h"
#include "dce110_regs_pll.h"
#include "sim.h"

/* Creates a virtual-time simulator from JSON text (NULL: the default). */
struct sim *st_create(const char *json);
/*
 * The built-in default scenario (Carrizo) without its "vbios": no image,
 * so its display PLLs (BPHYC_PLLn) run from the scenario's 27 MHz
 * reference with a 600..1200 MHz VCO, for tests that program them
 * directly with st_pll_program and st_crtc_program. Static text.
 */
const char *st_no_vbios_default(void);
/*
 * The built-in default scenario with connector name's display unplugged
 * at power-on (the scenario's board has no empty connector): for
 * hot-plug tests. Static text.
 */
const char *st_default_unplugged(const char *name);
/*
 * Lines in order, for tests of the simulated HPD, DDC and AUX lines (no
 * Display Core, no image): DP-1 on HPD/DDC/AUX 1 and UNIPHY A with a
 * 1080p60 DP monitor (DP 1.2, HBR2 x 4, TPS3), HDMI-A-1 on HPD/DDC 2
 * with a 1080p60 HDMI monitor, DP-2 on line 4, empty and with no display
 * configured.
 */
#define ST_LINES_SCENARIO                                                                       \
	"{ \"asic\": \"carrizo\", \"vbios\": \"\", \"connectors\": ["                           \
	"{ \"name\": \"DP-1\", \"type\": \"DP\", \"hpd\": 1, \"ddc\": 1, \"aux\": 1, "          \
	"\"encoder\": 0,"                                                                       \
	"  \"display\": { \"edid\": { \"preferred\": \"cta-1080p60\" },"                        \
	"    \"dp\": { \"dpcd_rev\": \"1.2\", \"max_rate\": \"HBR2\", \"max_lanes\": 4, "       \
	"\"tps3\": true } } },"                                                                 \
	"{ \"name\": \"HDMI-A-1\", \"type\": \"HDMI\", \"hpd\": 2, \"ddc\": 2, \"encoder\": 3," \
	"  \"display\": { \"edid\": { \"preferred\": \"cta-1080p60\" } } },"                    \
	"{ \"name\": \"DP-2\", \"type\": \"DP\", \"hpd\": 4, \"ddc\": 4, \"aux\": 4, "          \
	"\"encoder\": 1 }"                                                                      \
	"] }"

/* One I2C transaction of a DC_I2C submission. */
struct st_i2c_txn {
	uint8_t addr7;
	bool read;
	uint8_t *data; /* bytes to write, or where read bytes go */
	unsigned len;
	bool stop;
};

/* Runs up to 4 transactions on DDC line ddc (0-based) through the DC_I2C
 * engine; returns the final DC_I2C_SW_STATUS. */
uint32_t st_i2c(struct dc_hw *hw, unsigned ddc, struct st_i2c_txn *txn, unsigned n);

/* Reads len EDID bytes from segment/offset with the E-DDC sequence (segment
 * pointer write only when segment > 0). Returns DC_I2C_SW_STATUS. */
uint32_t st_i2c_read_edid(struct dc_hw *hw, unsigned ddc, uint8_t segment, uint8_t offset,
			  uint8_t *buf, unsigned len);

/* AUX request on engine aux: returns AUX_SW_STATUS; the reply command byte
 * and data land in *reply_cmd / reply (reply_len bytes, without the command). */
uint32_t st_aux(struct dc_hw *hw, unsigned aux, uint8_t cmd, uint32_t addr, const uint8_t *wdata,
		unsigned wlen, unsigned rlen, uint8_t *reply_cmd, uint8_t *reply,
		unsigned *reply_len);

/* Native DPCD read/write that must be ACKed. */
void st_dpcd_read(struct dc_hw *hw, unsigned aux, uint32_t addr, uint8_t *buf, unsigned len);
void st_dpcd_write(struct dc_hw *hw, unsigned aux, uint32_t addr, const uint8_t *buf, unsigned len);

/* Enables HPD line hpd (0-based) with interrupts on connect. */
void st_hpd_enable(struct dc_hw *hw, unsigned hpd);

/*
 * Programs display PLL pll (BPHYC_PLLn of DCE 10/11.0) for ref x fb_div /
 * (ref_div x post_div), as a SetPixelClock table would, and waits for lock.
 */
void st_pll_program(struct dc_hw *hw, unsigned pll, uint32_t ref_div, uint32_t fb_div,
		    uint32_t post_div);

/*
 * Pipe 0 scans out a linear w x h surface at addr (mapped by the caller):
 * GRPH_CONTROL and GRPH_SWAP_CNTL as given, pitch w, extent 0,0 .. w,h,
 * enabled, the address latched.
 */
void st_grph_program(struct dc_hw *hw, uint64_t addr, uint32_t control, uint32_t swap, unsigned w,
		     unsigned h);

/* Programs CRTC n for a timing (totals and blanking), clocked by PLL pll
 * (CRTCn_PIXEL_RATE_SOURCE; ST_PLL_NONE: none) unless its DP DTO is on,
 * and enables it. V_BLANK_START = vactive, V_BLANK_END = 0 etc. */
#define ST_PLL_NONE 3
void st_crtc_program(struct dc_hw *hw, unsigned n, unsigned pll, unsigned htotal, unsigned hactive,
		     unsigned vtotal, unsigned vactive);

#endif
