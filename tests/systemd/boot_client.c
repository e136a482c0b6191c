/*
 * dcd-boot-client SOCKET LINK: the compositor of the boot test's second
 * half, where the real dcd runs as dcd.service: leases LINK, commits its
 * preferred mode with a framebuffer (which dcd puts into systemd's fd
 * store), prints "lit", then holds the lease until dcd goes away and
 * prints "dcd gone". On the protocol directly (tests/integration's
 * client), so the guest needs no libdcclient.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <drm_fourcc.h>

#include "dct.h"

int main(int argc, char **argv)
{
	static struct dcp_server_msg msg;
	struct drm_mode_modeinfo mode;
	struct dct_client *c;
	uint32_t link, lease, fb;
	int r, id;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc != 3) {
		fprintf(stderr, "usage: dcd-boot-client SOCKET LINK\n");
		return 2;
	}
	r = dct_connect(argv[1], "boot-client", &c);
	if (r < 0) {
		printf("connect %s: %s\n", argv[1], strerror(-r));
		return 1;
	}
	id = dct_link_id(c, argv[2]);
	if (id < 0 || dct_preferred_mode(c, (uint32_t)id, &mode) < 0) {
		printf("%s: no such link or no mode\n", argv[2]);
		return 1;
	}
	link = (uint32_t)id;
	r = dct_lease(c, &link, 1, &lease);
	if (r == 0)
		r = dct_fb_create(c, DRM_FORMAT_XRGB8888, mode.hdisplay, mode.vdisplay, 0x00408020,
				  &fb);
	if (r == 0)
		r = dct_commit_one(c, link, &mode, fb, DCP_COMMIT_ALLOW_MODESET, &msg);
	if (r < 0) {
		printf("lease, framebuffer or commit: %s\n", strerror(-r));
		return 1;
	}
	printf("lit %s %ux%u fb %u\n", argv[2], mode.hdisplay, mode.vdisplay, fb);
	/* the lease lasts as long as the connection */
	while (dct_wait_eof(c, 3600 * 1000) == -ETIMEDOUT)
		;
	printf("dcd gone\n");
	dct_close(c);
	return 0;
}
