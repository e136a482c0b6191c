/*
 * dc_handle_irq: with an IH ring attached, the sources its vectors name
 * (dc/ih/ih.c); without one, dc_irq_scan: one pass over every interrupt
 * source DC enables, each read, acknowledged and dispatched: the links'
 * hot-plug lines first (dc/link), then per running pipe the page flip and
 * the vblank (vertical interrupt 0), and V_UPDATE where something left it
 * enabled. Sources that are not pending cost one register read and no
 * write.
 */
#include <errno.h>

#include "../dce110/dce110.h"
#include "dc_priv.h"

void dc_irq_scan(struct dc *dc)
{
	dc->ih.stats.scans++;
	dc_irq_handle_hpd(dc);
	for (unsigned tg = 0; tg < dc->pool->timing_generators; tg++) {
		if (!dc->pipes[tg].active)
			continue;
		dc_flip_irq(dc, tg);
		dc_vblank_irq(dc, tg);
		dce110_irq_vupdate_ack(dc->hw, tg);
	}
}

int dc_handle_irq(struct dc *dc)
{
	if (!dc)
		return -EINVAL;
	if (dc->ih.attached)
		dc_ih_drain(dc);
	else
		dc_irq_scan(dc);
	if (dc->hw->ops->irq_rearm)
		dc->hw->ops->irq_rearm(dc->hw);
	return 0;
}
