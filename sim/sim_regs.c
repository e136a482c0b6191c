/*
 * Register file and dispatch: which block a dword offset belongs to, the
 * power-on values, and the read/write paths into the block models. Registers
 * that no model claims are plain storage (what is written reads back).
 */
#include <string.h>

#include "sim_internal.h"

uint32_t *sim_reg(struct sim *sim, uint32_t reg)
{
	if (reg < SIM_REG_COUNT)
		return &sim->st->regs[reg];
	/* outside the register file (callers check first): a harmless sink */
	sim->scratch = 0;
	return &sim->scratch;
}

int sim_pipe_of(const struct sim_state *st, uint32_t reg, uint32_t *generic)
{
	for (unsigned i = 0; i < st->ncrtc_regs; i++) {
		uint32_t g = reg - dce110_crtc_offsets[i];

		if (reg >= dce110_crtc_offsets[i] && g >= 0x1a00 && g < 0x1c00) {
			*generic = g;
			return (int)i;
		}
	}
	return -1;
}

int sim_dig_of(const struct sim_state *st, uint32_t reg, uint32_t *generic)
{
	for (unsigned i = 0; i < st->ndigs; i++) {
		uint32_t g = reg - dce110_dig_offsets[i];

		if (reg >= dce110_dig_offsets[i] && g >= 0x4a00 && g < 0x4b00) {
			*generic = g;
			return (int)i;
		}
	}
	return -1;
}

static int hpd_of(uint32_t reg, uint32_t *generic)
{
	if (reg < mmDC_HPD_INT_STATUS || reg >= mmDC_HPD_INT_STATUS + 8 * DCE110_MAX_HPDS)
		return -1;
	*generic = mmDC_HPD_INT_STATUS + (reg - mmDC_HPD_INT_STATUS) % 8;
	if (*generic > mmDC_HPD_TOGGLE_FILT_CNTL)
		return -1;
	return (int)((reg - mmDC_HPD_INT_STATUS) / 8);
}

static int aux_of(uint32_t reg, uint32_t *generic)
{
	if (reg < mmAUX_CONTROL || reg >= mmAUX_CONTROL + 0x1c * DCE110_MAX_AUXES)
		return -1;
	*generic = mmAUX_CONTROL + (reg - mmAUX_CONTROL) % 0x1c;
	return (int)((reg - mmAUX_CONTROL) / 0x1c);
}

static bool is_i2c(uint32_t reg)
{
	return reg >= mmDC_I2C_CONTROL && reg <= mmDC_I2C_READ_REQUEST_INTERRUPT;
}

/* CRTCn_PIXEL_RATE_CNTL / DP_DTOn_*: returns the CRTC, or -1. */
static int pixclk_of(uint32_t reg)
{
	if (reg < mmCRTC0_PIXEL_RATE_CNTL || reg > mmDP_DTO5_MODULO)
		return -1;
	if ((reg - mmCRTC0_PIXEL_RATE_CNTL) % 4 == 3)
		return -1;
	return (int)((reg - mmCRTC0_PIXEL_RATE_CNTL) / 4);
}

/*
 * Past the DCE aperture nothing exists: the simulator has no registers of
 * its own (the DP PHY is the video BIOS table's, sim_uniphy.c; the clocks
 * are the public PLLs, sim_ppll.c).
 */
static bool absent(uint32_t reg)
{
	return reg >= SIM_REG_COUNT;
}

enum sim_block sim_reg_block(struct sim *sim, uint32_t reg, int *instance)
{
	const struct sim_state *st = sim->st;
	uint32_t g;
	int i;

	*instance = -1;
	if ((i = sim_pipe_of(st, reg, &g)) >= 0) {
		*instance = i;
		if ((g >= mmLB_DATA_FORMAT && g < 0x1b00) ||
		    (g >= mmSCL_COEF_RAM_SELECT && g <= mmSCL_TEST_DEBUG_DATA))
			return SIM_BLOCK_SCL;
		/* the DPG (the pipe's memory requests: watermarks) belongs with its surface */
		if (g >= mmDPG_PIPE_ARBITRATION_CONTROL1 &&
		    g <= mmDPG_PIPE_STUTTER_CONTROL_NONLPTCH)
			return SIM_BLOCK_DCP;
		return g < mmLB_DATA_FORMAT ? SIM_BLOCK_DCP : SIM_BLOCK_CRTC;
	}
	if ((i = sim_dig_of(st, reg, &g)) >= 0 || (i = sim_uniphy_of(st, reg, &g)) >= 0 ||
	    (i = sim_uniphy_link_of(st, reg)) >= 0) {
		*instance = i;
		return SIM_BLOCK_DIG;
	}
	if ((i = hpd_of(reg, &g)) >= 0) {
		*instance = i;
		return SIM_BLOCK_HPD;
	}
	if ((i = aux_of(reg, &g)) >= 0) {
		*instance = i;
		return SIM_BLOCK_AUX;
	}
	if (is_i2c(reg))
		return SIM_BLOCK_I2C;
	if ((i = pixclk_of(reg)) >= 0) {
		*instance = i;
		return SIM_BLOCK_DCCG;
	}
	if ((reg >= mmPIXCLK1_RESYNC_CNTL && reg <= mmMICROSECOND_TIME_BASE_DIV) ||
	    reg == mmDENTIST_DISPCLK_CNTL)
		return SIM_BLOCK_DCCG;
	if ((i = sim_ppll_of(st, reg, &g)) >= 0) {
		*instance = i;
		return SIM_BLOCK_PLL;
	}
	return SIM_BLOCK_OTHER;
}

_Static_assert(sizeof(((struct sim_state *)0)->class_writes) / sizeof(uint64_t) ==
		       SIM_WRITE_CLASSES,
	       "one counter per enum sim_write_class");

/* CRTC registers that flips, plane updates, blanking and interrupts write. */
static bool crtc_reg_is_timing(uint32_t generic)
{
	switch (generic) {
	case mmCRTC_BLANK_CONTROL:
	case mmCRTC_BLANK_DATA_COLOR:
	case mmCRTC_BLANK_DATA_COLOR_EXT:
	case mmCRTC_DOUBLE_BUFFER_CONTROL:
	case mmCRTC_INTERRUPT_CONTROL:
	case mmCRTC_V_UPDATE_INT_STATUS:
	case mmCRTC_VERTICAL_INTERRUPT0_POSITION:
	case mmCRTC_VERTICAL_INTERRUPT0_CONTROL:
	case mmCRTC_UPDATE_LOCK:
	case mmCRTC_MASTER_UPDATE_LOCK:
		return false;
	default:
		return !sim_crtc_reg_is_status(generic);
	}
}

int sim_reg_write_class(struct sim *sim, uint32_t reg)
{
	const struct sim_state *st = sim->st;
	uint32_t g;

	if (sim_pipe_of(st, reg, &g) >= 0)
		return g >= 0x1b78 && crtc_reg_is_timing(g) ? SIM_WRITES_TIMING : -1;
	if (sim_dig_of(st, reg, &g) >= 0 || sim_uniphy_of(st, reg, &g) >= 0 ||
	    sim_uniphy_link_of(st, reg) >= 0)
		return SIM_WRITES_ENCODER;
	if (pixclk_of(reg) >= 0 || sim_ppll_of(st, reg, &g) >= 0 ||
	    (reg >= mmPIXCLK1_RESYNC_CNTL && reg <= mmMICROSECOND_TIME_BASE_DIV))
		return SIM_WRITES_CLOCK;
	return -1;
}

uint64_t sim_write_count(struct sim *sim, enum sim_write_class cls)
{
	return (unsigned)cls < SIM_WRITE_CLASSES ? sim->st->class_writes[cls] : 0;
}

void sim_regs_reset(struct sim *sim)
{
	struct sim_state *st = sim->st;

	memset(st->regs, 0, sizeof(st->regs));
	/* posted by the system firmware: its ASIC_Init left ASIC_INIT_COMPLETE */
	if (!st->cfg.unposted)
		st->regs[BIF50_mmBIOS_SCRATCH_7] = ATOM_S7_ASIC_INIT_COMPLETE_MASK;
	sim_ppll_reset(sim);
	sim_mc_reset(sim);
	sim_dentist_reset(sim);
	/* AUX reply timeout: (AUX_RX_TIMEOUT_LEN + 1) x 100 us, 400 us at reset */
	for (unsigned i = 0; i < DCE110_MAX_AUXES; i++)
		st->regs[mmAUX_DPHY_RX_CONTROL0 + dce110_aux_offsets[i]] =
			DC_FIELD(AUX_DPHY_RX_CONTROL0, AUX_RX_TIMEOUT_LEN, 3);
}

/* DISP_INTERRUPT_STATUS*: the HPD, HPD RX and AUX done summary of display n. */
static uint32_t disp_int_status(struct sim *sim, unsigned n)
{
	uint32_t v = 0;
	uint32_t hpd = sim_hpd_read(sim, n, mmDC_HPD_INT_STATUS);

	if (hpd & DC_HPD_INT_STATUS__DC_HPD_INT_STATUS_MASK)
		v |= DISP_INTERRUPT_STATUS__DC_HPD1_INTERRUPT_MASK;
	if (hpd & DC_HPD_INT_STATUS__DC_HPD_RX_INT_STATUS_MASK)
		v |= DISP_INTERRUPT_STATUS__DC_HPD1_RX_INTERRUPT_MASK;
	if (sim->st->regs[mmAUX_INTERRUPT_CONTROL + dce110_aux_offsets[n]] &
	    AUX_INTERRUPT_CONTROL__AUX_SW_DONE_INT_MASK)
		v |= DISP_INTERRUPT_STATUS__AUX1_SW_DONE_INTERRUPT_MASK;
	if (n == 0 && (sim->st->regs[mmDC_I2C_INTERRUPT_CONTROL] &
		       DC_I2C_INTERRUPT_CONTROL__DC_I2C_SW_DONE_INT_MASK))
		v |= DISP_INTERRUPT_STATUS__DC_I2C_SW_DONE_INTERRUPT_MASK;
	return v;
}

uint32_t sim_reg_read(struct sim *sim, uint32_t reg)
{
	struct sim_state *st = sim->st;
	uint32_t g;
	int i;

	if (absent(reg)) {
		st->bad_accesses++;
		return 0;
	}
	if (sim_dmif_read(sim, reg, &g))
		return g;
	if ((i = sim_pipe_of(st, reg, &g)) >= 0) {
		if (sim_pg_gated(sim, (unsigned)i)) {
			st->gated_accesses++;
			return 0;
		}
		return g < 0x1b78 ? sim_dcp_read(sim, (unsigned)i, g)
				  : sim_crtc_read(sim, (unsigned)i, g);
	}
	if ((i = sim_dig_of(st, reg, &g)) >= 0)
		return sim_dig_read(sim, (unsigned)i, g);
	if ((i = sim_uniphy_of(st, reg, &g)) >= 0)
		return sim_uniphy_read(sim, (unsigned)i, g);
	if ((i = sim_pg_of(st, reg, &g)) >= 0)
		return sim_pg_read(sim, (unsigned)i, g);
	if (reg == BIF50_mmMM_DATA)
		return st->regs[BIF50_mmMM_INDEX] / 4 > BIF50_mmMM_DATA
			       ? sim_reg_read(sim, st->regs[BIF50_mmMM_INDEX] / 4)
			       : 0;
	if ((i = hpd_of(reg, &g)) >= 0)
		return sim_hpd_read(sim, (unsigned)i, g);
	if ((i = aux_of(reg, &g)) >= 0)
		return sim_aux_read(sim, (unsigned)i, g);
	if (is_i2c(reg))
		return sim_i2c_read(sim, reg);
	if ((i = sim_ppll_of(st, reg, &g)) >= 0)
		return sim_ppll_read(sim, (unsigned)i, g);
	if (reg >= mmDISP_INTERRUPT_STATUS && reg <= mmDISP_INTERRUPT_STATUS_CONTINUE5)
		return disp_int_status(sim, reg - mmDISP_INTERRUPT_STATUS);
	if (sim_ih_reg(reg))
		return sim_ih_read(sim, reg);
	return *sim_reg(sim, reg);
}

void sim_reg_write(struct sim *sim, uint32_t reg, uint32_t value)
{
	struct sim_state *st = sim->st;
	uint32_t g;
	int i;

	if (absent(reg)) {
		st->bad_accesses++;
		return;
	}
	if (sim_dmif_write(sim, reg, value))
		return;
	if ((i = sim_pipe_of(st, reg, &g)) >= 0) {
		if (sim_pg_gated(sim, (unsigned)i)) {
			st->gated_accesses++;
			return;
		}
		if (g < 0x1b78)
			sim_dcp_write(sim, (unsigned)i, g, value);
		else
			sim_crtc_write(sim, (unsigned)i, g, value);
		/* an address write or a lock release may request a flip */
		sim_crtc_vrr_flip(sim, (unsigned)i);
		return;
	}
	if ((i = sim_dig_of(st, reg, &g)) >= 0) {
		sim_dig_write(sim, (unsigned)i, g, value);
		return;
	}
	if ((i = sim_uniphy_of(st, reg, &g)) >= 0) {
		sim_uniphy_write(sim, (unsigned)i, g, value);
		return;
	}
	if ((i = sim_pg_of(st, reg, &g)) >= 0) {
		sim_pg_write(sim, (unsigned)i, g, value);
		return;
	}
	if ((i = hpd_of(reg, &g)) >= 0) {
		sim_hpd_write(sim, (unsigned)i, g, value);
		return;
	}
	if ((i = aux_of(reg, &g)) >= 0) {
		sim_aux_write(sim, (unsigned)i, g, value);
		return;
	}
	if (is_i2c(reg)) {
		sim_i2c_write(sim, reg, value);
		return;
	}
	if ((i = sim_ppll_of(st, reg, &g)) >= 0) {
		sim_ppll_write(sim, (unsigned)i, g, value);
		return;
	}
	if (reg >= mmDISP_INTERRUPT_STATUS && reg <= mmDISP_INTERRUPT_STATUS_CONTINUE5)
		return; /* read-only summary */
	if (sim_ih_reg(reg)) {
		sim_ih_write(sim, reg, value);
		return;
	}
	if (reg == mmDENTIST_DISPCLK_CNTL) {
		sim_dentist_write(sim, value);
		return;
	}
	if ((i = sim_pll_resync_of(sim, reg)) >= 0) {
		sim_pll_resync_write(sim, (unsigned)i, value);
		return;
	}
	if (sim_mc_reg(reg)) { /* read by every fetch (sim_mc.c) */
		*sim_reg(sim, reg) = value;
		return;
	}
	*sim_reg(sim, reg) = value;
	if ((i = pixclk_of(reg)) >= 0 && (unsigned)i < st->ncrtc_regs)
		sim_crtc_retime(sim, (unsigned)i, st->synced_ns);
	else if (sim_reg_block(sim, reg, &i) == SIM_BLOCK_OTHER)
		sim_unmodelled_write(sim, reg);
}
