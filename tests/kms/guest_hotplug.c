/*
 * Hotplug without hardware: forcing a connector's status through sysfs
 * changes what the kernel reports; kms_probe() (the re-probe entry point a
 * udev monitor calls) must see it and say which output changed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "guest.h"

int force_status(const char *name, const char *value)
{
	char path[128];
	int fd, r = 0;

	snprintf(path, sizeof(path), "/sys/class/drm/card0-%s/status", name);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (write(fd, value, strlen(value)) < 0)
		r = -errno;
	close(fd);
	return r;
}

static void step(struct guest *g, size_t out, const char *name, const char *value,
		 enum kms_status want)
{
	const struct kms_output *o = kms_output(g->dev, out);
	struct kms_error err = { "" };
	uint64_t changed = 0;
	int w = force_status(o->name, value);
	int r = w == 0 ? kms_probe(g->dev, &changed, &err) : w;

	result(name, w == 0 && r == 0 && changed == (1ull << out) && o->status == want,
	       "echo %s > card0-%s/status: %d, probe %d, changed mask 0x%llx (want 0x%llx), "
	       "status %s, %zu modes %s",
	       value, o->name, w, r, (unsigned long long)changed, 1ull << out,
	       kms_status_name(o->status), o->num_modes, r ? err.message : "");
}

void check_hotplug(struct guest *g)
{
	size_t out = (size_t)g->lease_out;

	step(g, out, "kms-hotplug-off", "off", KMS_DISCONNECTED);
	step(g, out, "kms-hotplug-on", "on", KMS_CONNECTED);
	/* Virtual-2 stays forced on: QEMU would report it disconnected again. */
	if (out == (size_t)g->main_out)
		force_status(kms_output(g->dev, out)->name, "detect");
}
