/*
 * The UNIPHY transmitters' PHY macro (BPHYC_UNIPHYn_*, DCE 10.0 and 11.0),
 * as far as the video BIOS table UNIPHYTransmitterControl programs it and
 * a DP receiver sees it (docs/sim.md, "The DP PHY").
 *
 * The public headers name these registers and their fields but say
 * nothing of what the fields do; what follows is our reading of the names,
 * and the simulator checks only that:
 *  - UNIPHY_PLL_CONTROL1.UNIPHY_PLL_ENABLE: the PHY PLL runs, so the lanes
 *    carry a link clock;
 *  - the link rate per lane is UNIPHY_PLL_FBDIV (integer) plus
 *    UNIPHY_PLL_FBDIV_FRACTION / 2^14, times a 100 MHz reference, divided
 *    by 2.5 when UNIPHY_PLL_CONTROL2.UNIPHY_PDIVFRAC_SEL is set (AMD's
 *    Carrizo and Stoney tables leave 27 and 54 for HBR and HBR2, 40.5 with
 *    PDIVFRAC_SEL for RBR);
 *  - UNIPHY_TX_CONTROL1's UNIPHY_TX_VSn and UNIPHY_PREMPH_STRn are lane
 *    n's voltage swing and pre-emphasis levels (0..3, as in DPCD
 *    TRAINING_LANEn_SET);
 *  - UNIPHY_TMDP_REG5's calibration status: every *_DONE bit reads 1
 *    (calibration finishes at once), no error or timeout.
 * Everything else a table writes there is kept as written. The PHY of
 * transmitter n drives DIG n (dcd's fixed wiring of link encoders).
 */
#include "sim_internal.h"

#define TMDP_REG5_DONE                                                                         \
	(UNIPHY_TMDP_REG5__OTXA0_RESCAL_DONE_MASK | UNIPHY_TMDP_REG5__OTXA1_RESCAL_DONE_MASK | \
	 UNIPHY_TMDP_REG5__OTXA2_RESCAL_DONE_MASK | UNIPHY_TMDP_REG5__OTXA3_RESCAL_DONE_MASK | \
	 UNIPHY_TMDP_REG5__OTXA_IMPCALN_DONE_MASK | UNIPHY_TMDP_REG5__OTXA_IMPCALP_DONE_MASK | \
	 UNIPHY_TMDP_REG5__OTXA_IMPCALVS_DONE_MASK)

/* The PHY PLL's reference as we read the tables' dividers, in MHz. */
#define UNIPHY_REF_MHZ 100u

int sim_uniphy_of(const struct sim_state *st, uint32_t reg, uint32_t *generic)
{
	if (st->dce == 112 || reg < mmUNIPHY_TX_CONTROL1)
		return -1;
	for (unsigned i = 0; i < DCE110_MAX_UNIPHYS && i < st->ndigs; i++) {
		uint32_t g = reg - dce110_uniphy_offsets[i];

		if (reg >= dce110_uniphy_offsets[i] + mmUNIPHY_TX_CONTROL1 &&
		    g < mmUNIPHY_TX_CONTROL1 + 0x20) {
			*generic = g;
			return (int)i;
		}
	}
	return -1;
}

int sim_uniphy_link_of(const struct sim_state *st, uint32_t reg)
{
	if (reg >= mmUNIPHYA_LINK_CNTL && reg < mmUNIPHYA_LINK_CNTL + 2 * DCE110_MAX_UNIPHYS &&
	    (unsigned)(reg - mmUNIPHYA_LINK_CNTL) / 2 < st->ndigs)
		return (int)(reg - mmUNIPHYA_LINK_CNTL) / 2;
	if (reg >= mmSYMCLKA_CLOCK_ENABLE && reg <= mmSYMCLKF_CLOCK_ENABLE &&
	    reg - mmSYMCLKA_CLOCK_ENABLE < st->ndigs)
		return (int)(reg - mmSYMCLKA_CLOCK_ENABLE);
	return reg == mmSYMCLKG_CLOCK_ENABLE && st->ndigs > 6 ? 6 : -1;
}

static uint32_t *ureg(struct sim *sim, unsigned n, uint32_t generic)
{
	return &sim->st->regs[generic + dce110_uniphy_offsets[n]];
}

uint32_t sim_uniphy_read(struct sim *sim, unsigned n, uint32_t generic)
{
	uint32_t v = *ureg(sim, n, generic);

	return generic == mmUNIPHY_TMDP_REG5 ? v | TMDP_REG5_DONE : v;
}

static bool affects_link(uint32_t generic)
{
	return generic == mmUNIPHY_TX_CONTROL1 || generic == mmUNIPHY_PLL_FBDIV ||
	       generic == mmUNIPHY_PLL_CONTROL1 || generic == mmUNIPHY_PLL_CONTROL2;
}

void sim_uniphy_write(struct sim *sim, unsigned n, uint32_t generic, uint32_t value)
{
	bool link = affects_link(generic);

	if (link)
		sim_dp_tx_before(sim, n);
	*ureg(sim, n, generic) = value;
	if (link)
		sim_dp_tx_changed(sim, n);
}

bool sim_uniphy_dp(struct sim *sim, unsigned n, uint32_t *rate_mbps, uint8_t swing[4],
		   uint8_t pre[4])
{
	uint32_t fb, tx;
	uint64_t rate;

	if (sim->st->dce == 112 || n >= DCE110_MAX_UNIPHYS ||
	    !(*ureg(sim, n, mmUNIPHY_PLL_CONTROL1) & UNIPHY_PLL_CONTROL1__UNIPHY_PLL_ENABLE_MASK))
		return false;
	fb = *ureg(sim, n, mmUNIPHY_PLL_FBDIV);
	/* in 1/2^14 steps of the reference */
	rate = ((uint64_t)SIM_GET(fb, UNIPHY_PLL_FBDIV, UNIPHY_PLL_FBDIV) << 14 |
		SIM_GET(fb, UNIPHY_PLL_FBDIV, UNIPHY_PLL_FBDIV_FRACTION)) *
	       UNIPHY_REF_MHZ;
	if (*ureg(sim, n, mmUNIPHY_PLL_CONTROL2) & UNIPHY_PLL_CONTROL2__UNIPHY_PDIVFRAC_SEL_MASK)
		rate = rate * 2 / 5;
	*rate_mbps = (uint32_t)(rate >> 14);
	tx = *ureg(sim, n, mmUNIPHY_TX_CONTROL1);
	for (unsigned i = 0; i < 4; i++) {
		swing[i] = (uint8_t)(tx >> (UNIPHY_TX_CONTROL1__UNIPHY_TX_VS0__SHIFT +
					    DCE110_UNIPHY_TX_VS_STRIDE * i) &
				     3);
		pre[i] = (uint8_t)(tx >> (UNIPHY_TX_CONTROL1__UNIPHY_PREMPH_STR0__SHIFT +
					  DCE110_UNIPHY_PREMPH_STR_STRIDE * i) &
				   3);
	}
	return true;
}
