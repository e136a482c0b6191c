/*
 * Which engine dcd drives, and the daemon's side of framebuffer memory.
 * --sim and --device name Display Core's backends, --kms the kernel's KMS.
 * Without engine options dcd takes a supported AMD GPU bound to
 * vfio-pci/uio, else the first KMS device with connectors, else says what
 * it looked for and how to start the simulator.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dcd.h"

static int open_kms(struct dcd *dcd, const char *path, int fd)
{
	int r;

	if (dcd->opts.vbios)
		log_warning("--vbios %s is ignored: the kernel's driver reads the video BIOS of "
			    "%s itself",
			    dcd->opts.vbios, path);
	r = dcd_engine_kms_open(dcd, path, fd, &dcd->engine);

	if (r == -EBUSY)
		log_error("dcd must be the DRM master of %s; stop the compositor or display server "
			  "that is, or have it lease dcd outputs (dcd --kms-fd FD, docs/kms.md)",
			  path);
	return r;
}

/*
 * --kms-fd: a DRM file someone else opened (a lessee fd from a
 * compositor's lease, or a device opened for dcd). Its device path, for
 * the messages and the fd store's check, is what the descriptor points at.
 */
static int open_kms_fd(struct dcd *dcd, int fd)
{
	char link[64], path[256];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	if (fcntl(fd, F_GETFD) < 0 || (n = readlink(link, path, sizeof(path) - 1)) < 0) {
		log_error("--kms-fd %d: not an open descriptor of this process: %s", fd,
			  strerror(errno));
		return -EBADF;
	}
	path[n] = 0;
	if (strncmp(path, "/dev/dri/", 9)) {
		log_error("--kms-fd %d is %s, not a DRM device (/dev/dri/...)", fd, path);
		close(fd);
		return -ENODEV;
	}
	/* dcd's children (the screenshot encoder) must not hold it */
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	return open_kms(dcd, path, fd);
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
		if (dcd->opts.has_kms_fd)
			return open_kms_fd(dcd, dcd->opts.kms_fd);
		if (dcd->opts.kms_path)
			return open_kms(dcd, dcd->opts.kms_path, -1);
		if (dcd_engine_kms_find(path, sizeof(path), why_kms, sizeof(why_kms)) < 0) {
			log_error("--kms: %s", why_kms);
			return -ENODEV;
		}
		return open_kms(dcd, path, -1);
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
			r = open_kms(dcd, path, -1);
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
