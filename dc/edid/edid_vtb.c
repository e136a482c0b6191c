/*
 * VESA Video Timing Block extensions (VTB-EXT, tag 0x10): counts of DTDs,
 * CVT 3-byte codes and standard timings in byte 2-4, then the descriptors
 * packed from byte 5.
 */
#include "edid_priv.h"

void edid_decode_vtb(struct edid_ctx *c, uint8_t block, const uint8_t *x)
{
	unsigned num_dtd = x[2], num_cvt = x[3], num_std = x[4];
	unsigned off = 5;

	if (x[1] != 1)
		edid_warn(c, block, DC_EDID_WARN_INVALID, "VTB-EXT: version %u, expected 1", x[1]);
	/* Whatever the counts say, nothing may run into the checksum byte. */
	if (off + num_dtd * 18 + num_cvt * 3 + num_std * 2 > 127)
		edid_warn(c, block, DC_EDID_WARN_INVALID,
			  "VTB-EXT: %u DTDs, %u CVT codes and %u standard timings do not fit in "
			  "one block",
			  num_dtd, num_cvt, num_std);
	for (unsigned i = 0; i < num_dtd && off + 18 <= 127; i++, off += 18)
		edid_decode_dtd(c, block, x + off, DC_EDID_TIMING_VTB_DTD);
	for (unsigned i = 0; i < num_cvt && off + 3 <= 127; i++, off += 3)
		edid_add_cvt_code(c, block, x + off);
	for (unsigned i = 0; i < num_std && off + 2 <= 127; i++, off += 2)
		edid_add_std_timing(c, block, x + off, false);
}
