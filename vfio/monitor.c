/*
 * Removal of the device: kernel uevents through libudev and, for VFIO, the
 * kernel's request to give the device back, behind one epoll fd.
 *
 * Order matters for VFIO: the kernel's removal of a vfio-pci device waits
 * until user space closes the device, so the release request arrives first
 * and the udev "remove" event only after dcv has let go. The monitor listens
 * to kernel uevents rather than udevd's: removal needs no rules applied and
 * must be seen where udevd is not running.
 */
#include <errno.h>
#include <libudev.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "dcv_internal.h"

struct dcv_monitor {
	struct dcv_device *dev;
	struct udev *udev;
	struct udev_monitor *mon;
	int epoll_fd;
};

static int watch(int epoll_fd, int fd)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.fd = fd };

	return epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &ev) < 0 ? -errno : 0;
}

int dcv_monitor_new(struct dcv_device *dev, struct dcv_monitor **out, struct dcv_error *err)
{
	struct dcv_monitor *m = calloc(1, sizeof(*m));
	int r;

	*out = NULL;
	if (!m)
		return dcv_fail(err, -ENOMEM, "out of memory");
	m->dev = dev;
	m->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
	if (m->epoll_fd < 0) {
		r = dcv_fail(err, -errno, "epoll_create1: %s", strerror(errno));
		goto fail;
	}
	m->udev = udev_new();
	m->mon = m->udev ? udev_monitor_new_from_netlink(m->udev, "kernel") : NULL;
	if (!m->mon) {
		r = dcv_fail(err, -ENOTSUP,
			     "cannot listen to kernel uevents (netlink) to watch %s for removal",
			     dev->address);
		goto fail;
	}
	r = udev_monitor_filter_add_match_subsystem_devtype(m->mon, "pci", NULL);
	if (r == 0)
		r = udev_monitor_enable_receiving(m->mon);
	if (r == 0)
		r = watch(m->epoll_fd, udev_monitor_get_fd(m->mon));
	if (r == 0 && dev->req_fd >= 0)
		r = watch(m->epoll_fd, dev->req_fd);
	if (r < 0) {
		r = dcv_fail(err, r, "cannot watch %s for removal: %s", dev->address, strerror(-r));
		goto fail;
	}
	*out = m;
	return 0;
fail:
	dcv_monitor_free(m);
	return r;
}

int dcv_monitor_fd(const struct dcv_monitor *mon)
{
	return mon->epoll_fd;
}

int dcv_monitor_dispatch(struct dcv_monitor *mon)
{
	struct dcv_device *dev = mon->dev;
	int events = 0;
	uint64_t count;

	if (dev->req_fd >= 0 && read(dev->req_fd, &count, sizeof(count)) == sizeof(count)) {
		dcv_mark_removed(dev);
		events |= DCV_MONITOR_RELEASED;
	}
	for (struct udev_device *d; (d = udev_monitor_receive_device(mon->mon));) {
		const char *action = udev_device_get_action(d);
		const char *name = udev_device_get_sysname(d);

		if (action && name && !strcmp(name, dev->address) &&
		    (!strcmp(action, "remove") || !strcmp(action, "unbind"))) {
			dcv_mark_removed(dev);
			events |= DCV_MONITOR_REMOVED;
		}
		udev_device_unref(d);
	}
	return events;
}

void dcv_monitor_free(struct dcv_monitor *mon)
{
	if (!mon)
		return;
	if (mon->epoll_fd >= 0)
		close(mon->epoll_fd);
	udev_monitor_unref(mon->mon);
	udev_unref(mon->udev);
	free(mon);
}
