/*
 * Entry point of the KMS guest program and the checks of opening and
 * connectors. Usage: dcd-kms-guest vkms|virtio_gpu [writeback]
 * (writeback: only the screenshot check, after another module was loaded)
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dc_edid.h"
#include "guest.h"

uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void on_flip(const struct kms_flip_event *ev, void *data)
{
	*(struct kms_flip_event *)data = *ev;
}

bool wait_flip(struct guest *g, int output, struct kms_flip_event *ev)
{
	const struct kms_events events = { .flip_done = on_flip };
	uint64_t deadline = now_ns() + 2000000000u;

	while (kms_flip_pending(g->dev, (size_t)output)) {
		if (now_ns() > deadline || !wait_readable(kms_fd(g->dev), 2000))
			return false;
		if (kms_dispatch(g->dev, &events, ev) < 0)
			return false;
	}
	return true;
}

bool preferred_mode(const struct kms_output *o, drmModeModeInfo *mode)
{
	const drmModeModeInfo *pick = o->num_modes ? &o->modes[0] : NULL;

	/* Without a preferred mode (no EDID), 1024x768 keeps buffers small. */
	for (size_t i = 0; i < o->num_modes; i++) {
		if (o->modes[i].type & DRM_MODE_TYPE_PREFERRED) {
			pick = &o->modes[i];
			break;
		}
		if (o->modes[i].hdisplay == 1024 && o->modes[i].vdisplay == 768 &&
		    !(pick->hdisplay == 1024 && pick->vdisplay == 768))
			pick = &o->modes[i];
	}
	if (pick)
		*mode = *pick;
	return pick != NULL;
}

void check_outputs(struct guest *g)
{
	bool virtio = !strcmp(g->driver, "virtio_gpu");
	const char *want[2] = { "Virtual-1", virtio ? "Virtual-2" : NULL };
	/* QEMU enables only the first of max_outputs until a display UI asks for more. */
	const enum kms_status want_status[2] = { KMS_CONNECTED, KMS_DISCONNECTED };
	size_t n = kms_output_count(g->dev);
	char names[128] = "";
	bool ok = n == (virtio ? 2u : 1u);

	for (size_t i = 0; i < n; i++) {
		const struct kms_output *o = kms_output(g->dev, i);
		char path[128];
		/* The kernel's own name for it: /sys/class/drm/card0-NAME. */
		snprintf(path, sizeof(path), "/sys/class/drm/card0-%s", o->name);
		ok = ok && access(path, F_OK) == 0 && i < 2 && o->status == want_status[i] &&
		     o->type == DRM_MODE_CONNECTOR_VIRTUAL && i < 2 && !strcmp(o->name, want[i]);
		snprintf(names + strlen(names), sizeof(names) - strlen(names),
			 "%s%s (%s, type %u-%u)", i ? ", " : "", o->name,
			 kms_status_name(o->status), o->type, o->type_id);
	}
	result("kms-connectors", ok, "%zu outputs: %s", n, names);

	if (virtio) {
		/* The second output, forced on through sysfs, is the one leased later. */
		uint64_t changed = 0;
		struct kms_error err = { "" };
		int w = force_status(kms_output(g->dev, 1)->name, "on");
		int r = w == 0 ? kms_probe(g->dev, &changed, &err) : w;
		const struct kms_output *o = kms_output(g->dev, 1);
		result("kms-second-output", r == 0 && changed == 2 && o->status == KMS_CONNECTED,
		       "echo on > card0-%s/status: %d, probe %d, changed mask 0x%llx, %s %s",
		       o->name, w, r, (unsigned long long)changed, kms_status_name(o->status),
		       err.message);
	}

	ok = n > 0;
	names[0] = 0;
	for (size_t i = 0; i < n; i++) {
		const struct kms_output *o = kms_output(g->dev, i);
		drmModeModeInfo m;
		bool has = preferred_mode(o, &m);
		bool pref = has && (m.type & DRM_MODE_TYPE_PREFERRED);
		/* The first output's preferred mode is QEMU's xres x yres, or vkms's default. */
		ok = ok && has && o->num_modes > 1 &&
		     (i > 0 || (pref && m.hdisplay == 1024 && m.vdisplay == 768));
		snprintf(names + strlen(names), sizeof(names) - strlen(names),
			 "%s%s: %zu modes, %s %ux%u@%u", i ? "; " : "", o->name, o->num_modes,
			 pref ? "preferred" : "none preferred, using", has ? m.hdisplay : 0,
			 has ? m.vdisplay : 0, has ? m.vrefresh : 0);
	}
	result("kms-modes", ok, "%s", names);

	if (!virtio)
		return;
	/*
	 * QEMU's EDID decoded by dc/edid: its PNP code and a monitor name. QEMU
	 * gives none for an output it did not enable (Virtual-2, forced on).
	 */
	ok = true;
	names[0] = 0;
	for (size_t i = 0; i < n; i++) {
		const struct kms_output *o = kms_output(g->dev, i);
		const struct dc_edid *e = o->edid;
		if (i == 0)
			ok = ok && e && !strcmp(e->base.manufacturer, "RHT") && e->base.has_name &&
			     o->edid_size >= 128;
		else
			ok = ok && !e && !o->edid_size;
		snprintf(names + strlen(names), sizeof(names) - strlen(names),
			 "%s%s: %zu bytes, %s \"%s\"", i ? "; " : "", o->name, o->edid_size,
			 e ? e->base.manufacturer : "(undecoded)", e ? e->base.name : "");
	}
	result("kms-edid", ok, "%s", names);
}

int main(int argc, char **argv)
{
	struct guest g = { .main_out = 0 };
	struct kms_device *other = NULL;
	struct kms_error err = { "" };
	int r;

	if (argc != 2 && !(argc == 3 && !strcmp(argv[2], "writeback"))) {
		fprintf(stderr, "usage: %s vkms|virtio_gpu [writeback]\n", argv[0]);
		return 2;
	}
	g.driver = argv[1];
	r = kms_open("/dev/dri/card0", &g.dev, &err);
	result("kms-open", r == 0 && !strcmp(kms_driver(g.dev), g.driver), "r %d driver %s %s", r,
	       r == 0 ? kms_driver(g.dev) : "-", r == 0 ? "" : err.message);
	if (r < 0) {
		printf("RESULT-END\n");
		return 1;
	}
	if (argc == 3) {
		check_writeback_stock(&g);
		printf("RESULT-END\n");
		fflush(stdout);
		kms_close(g.dev);
		return 0;
	}
	/* A second opener finds the master taken and says by whom, in words. */
	r = kms_open("/dev/dri/card0", &other, &err);
	result("kms-master-busy",
	       r == -EBUSY && strstr(err.message, "/dev/dri/card0") &&
		       strstr(err.message, "master"),
	       "r %d: %s", r, err.message);
	kms_close(other);

	g.lease_out = kms_output_count(g.dev) > 1 ? 1 : 0;
	check_outputs(&g);
	check_modeset_and_flips(&g);
	if (!strcmp(g.driver, "vkms"))
		check_crc(&g);
	check_writeback(&g);
	check_buffers_and_cursor(&g);
	check_import(&g);
	check_refusals(&g);
	check_lease(&g);
	check_adopt(&g);
	check_lease_restart(&g);
	check_hotplug(&g);
	printf("RESULT-END\n");
	fflush(stdout);
	kms_close(g.dev);
	kms_close(g.old_dev);
	return 0;
}
