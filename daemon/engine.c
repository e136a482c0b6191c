/*
 * Which engine dcd drives, and the daemon's side of framebuffer memory.
 * --sim and --device name Display Core's backends, --kms the kernel's KMS.
 * Without engine options dcd takes a supported AMD GPU bound to
 * vfio-pci/uio, else the first KMS device with connectors, else says what
 * it looked for and how to start the simulator.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dcd.h"

static int open_kms(struct dcd *dcd, const char *path)
{
	int r;

	if (dcd->opts.vbios)
		log_warning("--vbios %s is ignored: the kernel's driver reads the video BIOS of "
			    "%s itself",
			    dcd->opts.vbios, path);
	r = dcd_engine_kms_open(dcd, path, &dcd->engine);

	if (r == -EBUSY)
		log_error("dcd must be the DRM master of %s; stop the compositor or display server "
			  "that is, or lease dcd an output from it",
			  path);
	return r;
}

static void advise_sim(void)
{
	log_error("to run without hardware, start the simulated engine: dcd --sim (the built-in "
		  "scenario) or dcd --sim SCENARIO.json (docs/scenarios.md)");
}

int dcd_engine_open(struct dcd *dcd)
{
	char why_dc[512] = "", why_kms[512] = "", path[64];

	switch (dcd->opts.backend) {
	case DCD_BACKEND_SIM:
	case DCD_BACKEND_DEVICE:
		return dcd_engine_dc_open(dcd, &dcd->engine);
	case DCD_BACKEND_KMS:
		if (dcd->opts.kms_path)
			return open_kms(dcd, dcd->opts.kms_path);
		if (dcd_engine_kms_find(path, sizeof(path), why_kms, sizeof(why_kms)) < 0) {
			log_error("--kms: %s", why_kms);
			return -ENODEV;
		}
		return open_kms(dcd, path);
	case DCD_BACKEND_AUTO:
		if (dcd_engine_dc_find(why_dc, sizeof(why_dc)) == 0) {
			dcd->opts.device = NULL;
			dcd->opts.backend = DCD_BACKEND_DEVICE;
			return dcd_engine_dc_open(dcd, &dcd->engine);
		}
		if (dcd_engine_kms_find(path, sizeof(path), why_kms, sizeof(why_kms)) == 0) {
			int r;

			log_debug("Display Core: %s", why_dc);
			log_notice("no supported AMD GPU bound to vfio-pci or uio; taking %s "
				   "through KMS",
				   path);
			r = open_kms(dcd, path);
			if (r < 0)
				advise_sim();
			return r;
		}
		log_error("no display engine. Display Core: %s", why_dc);
		log_error("no display engine. KMS: %s", why_kms);
		advise_sim();
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
