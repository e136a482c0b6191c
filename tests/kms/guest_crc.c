/*
 * vkms only: the CRCs vkms computes of every composed frame
 * (debugfs dri/0/crtc-0/crc) prove what was scanned out after kms_flip:
 * the same buffer gives the same CRC, another buffer another one, and the
 * first buffer's CRC again when it comes back.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "guest.h"

#define CRC_DIR	    "/sys/kernel/debug/dri/0/crtc-0/crc"
#define PHASE_FLIPS 8
#define MAX_ENTRIES 256

struct crc_entry {
	unsigned long long frame;
	unsigned long crc;
};

/* Reads whatever CRC lines are waiting ("0xFRAME 0xCRC"); returns how many. */
static int read_crcs(int fd, struct crc_entry *e, int max)
{
	char buf[4096];
	int n = 0;
	ssize_t len;

	while (n < max && (len = read(fd, buf, sizeof(buf) - 1)) > 0) {
		buf[len] = 0;
		for (char *line = strtok(buf, "\n"); line && n < max; line = strtok(NULL, "\n"))
			if (sscanf(line, "%llx %lx", &e[n].frame, &e[n].crc) == 2)
				n++;
	}
	return n;
}

/* Shows fb for PHASE_FLIPS flips; the last CRC read then is that buffer's, or 0 on failure. */
static bool phase(struct guest *g, int fd, uint32_t fb, unsigned long *crc, int *frames)
{
	static struct crc_entry e[MAX_ENTRIES];
	struct kms_flip_event ev;
	int n;

	for (int i = 0; i < PHASE_FLIPS; i++)
		if (kms_flip(g->dev, (size_t)g->main_out, fb, 0, NULL, NULL) < 0 ||
		    !wait_flip(g, g->main_out, &ev))
			return false;
	/* The composer runs after the vblank: give it two frame periods. */
	usleep(40000);
	n = read_crcs(fd, e, MAX_ENTRIES);
	*frames += n;
	if (n < 2)
		return false;
	*crc = e[n - 1].crc;
	/* The last two composed frames both showed fb: the same CRC. */
	return e[n - 2].crc == e[n - 1].crc;
}

void check_crc(struct guest *g)
{
	int ctl = open(CRC_DIR "/control", O_WRONLY | O_CLOEXEC);
	int fd = -1, frames = 0;
	unsigned long a = 0, b = 0, a2 = 0;
	bool ok = false;

	if (ctl >= 0 && write(ctl, "auto", 4) == 4)
		fd = open(CRC_DIR "/data", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd >= 0)
		ok = phase(g, fd, g->buf[0].fb_id, &a, &frames) &&
		     phase(g, fd, g->buf[1].fb_id, &b, &frames) &&
		     phase(g, fd, g->buf[0].fb_id, &a2, &frames);
	result("kms-crc", ok && a != b && a == a2,
	       "%s: %d frames' CRCs; buffer A 0x%08lx, buffer B 0x%08lx, A again 0x%08lx (%s)",
	       CRC_DIR, frames, a, b, a2, fd < 0 ? strerror(errno) : "debugfs");
	if (fd >= 0)
		close(fd);
	if (ctl >= 0)
		close(ctl);
}
