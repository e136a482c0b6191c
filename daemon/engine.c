/*
 * Which engine dcd drives, and the daemon's side of framebuffer memory.
 * --sim and --device name Display Core's backends; without engine options
 * dcd takes a supported AMD GPU bound to vfio-pci/uio, or says what it
 * looked for and how to start the simulator.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dcd.h"

int dcd_engine_open(struct dcd *dcd)
{
	char why[512] = "";
	int r;

	switch (dcd->opts.backend) {
	case DCD_BACKEND_SIM:
	case DCD_BACKEND_DEVICE:
		return dcd_engine_dc_open(dcd, &dcd->engine);
	case DCD_BACKEND_AUTO:
		r = dcd_engine_dc_find(why, sizeof(why));
		if (r == 0) {
			dcd->opts.device = NULL;
			dcd->opts.backend = DCD_BACKEND_DEVICE;
			return dcd_engine_dc_open(dcd, &dcd->engine);
		}
		log_error("%s", why);
		log_error("to run without hardware, start the simulated engine: dcd --sim (the "
			  "built-in scenario) or dcd --sim SCENARIO.json (docs/scenarios.md)");
		return -ENODEV;
	}
	return -EINVAL;
}

int dcd_engine_map(struct dcd *dcd, const void *ptr, uint64_t size, uint64_t *address,
		   struct dcp_error *err)
{
	char why[DCP_MAX_TEXT] = "";
	int r;

	if (dcd->engine->lost)
		return dcp_error_set(err, -ENODEV, DCP_REASON_INTERNAL, 0,
				     "FB_CREATE: the display device is gone");
	r = dcd->engine->ops->map(dcd->engine, (void *)ptr, size, false, address, why, sizeof(why));
	if (r < 0)
		return dcp_error_set(err, r, DCP_REASON_INTERNAL, 0, "FB_CREATE: %s", why);
	return 0;
}

int dcd_engine_map_at(struct dcd *dcd, const void *ptr, uint64_t size, uint64_t address)
{
	if (dcd->engine->lost)
		return -ENODEV;
	return dcd->engine->ops->map_at(dcd->engine, (void *)ptr, size, address);
}

void dcd_engine_unmap(struct dcd *dcd, uint64_t address)
{
	if (dcd->engine)
		dcd->engine->ops->unmap(dcd->engine, address);
}
