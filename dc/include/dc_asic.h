/*
 * The display engine generations dcd drives, one profile per ASIC family.
 *
 * vfio/ maps a PCI device ID to one of these (the discovery table in
 * vfio/discover.c); dc/ takes it to choose the resources and the register
 * programming of that generation. The ASIC is data about the device: code
 * that needs a per-ASIC number looks it up in a table indexed by this enum.
 */
#ifndef DC_ASIC_H
#define DC_ASIC_H

enum dc_asic {
	DC_ASIC_CARRIZO,   /* APU, DCE 11.0 */
	DC_ASIC_STONEY,	   /* APU, DCE 11.0 (two timing generators) */
	DC_ASIC_TONGA,	   /* discrete, DCE 10.0 */
	DC_ASIC_FIJI,	   /* discrete, DCE 10.0 */
	DC_ASIC_POLARIS10, /* discrete, DCE 11.2 (Radeon RX 470/480/570/580) */
	DC_ASIC_POLARIS11, /* discrete, DCE 11.2 (Radeon RX 460/560) */
	DC_ASIC_POLARIS12, /* discrete, DCE 11.2 (Radeon RX 540/550) */
};

#define DC_ASIC_COUNT 7

/*
 * The family name as AMD and the kernel spell it ("Carrizo", "Polaris10" like
 * the kernel's CHIP_POLARIS10), or "unknown".
 */
static inline const char *dc_asic_name(enum dc_asic asic)
{
	switch (asic) {
	case DC_ASIC_CARRIZO:
		return "Carrizo";
	case DC_ASIC_STONEY:
		return "Stoney";
	case DC_ASIC_TONGA:
		return "Tonga";
	case DC_ASIC_FIJI:
		return "Fiji";
	case DC_ASIC_POLARIS10:
		return "Polaris10";
	case DC_ASIC_POLARIS11:
		return "Polaris11";
	case DC_ASIC_POLARIS12:
		return "Polaris12";
	}
	return "unknown";
}

#endif
