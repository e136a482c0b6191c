/*
 * Sim.Screenshot without holding up the frames: capturing a 3840x2160
 * frame takes the simulator about 120 ms and encoding it as PNG 230 more
 * (measured on the 2-core test machine), 20 frames at 60 Hz in which dcd
 * would submit no flip. So a child process forked for it captures the
 * engine as the parent last brought it up to date (sim_capture_png_unsynced:
 * it reads the shared registers and the mapped framebuffers and writes
 * nothing the parent uses) at SCHED_IDLE priority, writes the PNG into a
 * memfd and its status and CRC into a pipe, and exits; the parent answers
 * the call when the pipe says so. On KMS (engine capture op: a writeback
 * connector) the frame is captured in dcd itself, at most a frame and a
 * fence wait, and only its PNG is encoded in the child. The child dies with dcd (PR_SET_PDEATHSIG)
 * and dcd_dbus_stop kills and reaps the ones still running.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "admin.h"
#include "dbus_internal.h"
#include "sim.h"

struct shot_result {
	int32_t status;
	uint32_t crc;
};

struct dcd_dbus_shot {
	struct dcd_dbus_shot *next;
	struct dcd_dbus *d;
	sd_bus_message *call;
	sd_event_source *src;
	pid_t pid;
	int memfd, pipefd;
	char link[32];
};

static void shot_free(struct dcd_dbus_shot *s, bool kill_child)
{
	struct dcd_dbus_shot **ps;

	for (ps = &s->d->shots; *ps && *ps != s; ps = &(*ps)->next)
		;
	if (*ps)
		*ps = s->next;
	if (s->pid > 0) {
		if (kill_child)
			kill(s->pid, SIGKILL);
		waitpid(s->pid, NULL, 0);
	}
	sd_event_source_unref(s->src);
	sd_bus_message_unref(s->call);
	close(s->memfd);
	close(s->pipefd);
	free(s);
}

void dcd_dbus_screenshot_drop_all(struct dcd_dbus *d)
{
	while (d->shots)
		shot_free(d->shots, true);
}

static int reply_png(struct dcd_dbus_shot *s, uint32_t crc, sd_bus_error *e)
{
	sd_bus_message *reply = NULL;
	struct stat st;
	void *png = MAP_FAILED;
	int r;

	if (fstat(s->memfd, &st) < 0 || st.st_size <= 0)
		return dcd_dbus_error(e, -EIO, "screenshot of %s: no PNG was written", s->link);
	png = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, s->memfd, 0);
	if (png == MAP_FAILED)
		return dcd_dbus_error(e, -errno, "screenshot of %s: %s", s->link, strerror(errno));
	r = sd_bus_message_new_method_return(s->call, &reply);
	if (r >= 0)
		r = sd_bus_message_append_array(reply, 'y', png, (size_t)st.st_size);
	if (r >= 0)
		r = sd_bus_message_append(reply, "u", crc);
	if (r >= 0)
		r = sd_bus_send(NULL, reply, NULL);
	sd_bus_message_unref(reply);
	munmap(png, (size_t)st.st_size);
	if (r < 0)
		return dcd_dbus_error(e, r, "screenshot of %s: %s", s->link, strerror(-r));
	return 0;
}

static int on_result(sd_event_source *src, int fd, uint32_t revents, void *data)
{
	struct dcd_dbus_shot *s = data;
	sd_bus_error e = SD_BUS_ERROR_NULL;
	struct shot_result res;
	ssize_t n = read(fd, &res, sizeof(res));

	/* The child exits right after writing (or died without a word). */
	waitpid(s->pid, NULL, 0);
	s->pid = 0;
	if (n != (ssize_t)sizeof(res))
		dcd_dbus_error(&e, -EIO, "screenshot of %s: the capturing process died", s->link);
	else if (res.status < 0)
		dcd_dbus_error(&e, res.status, "screenshot of %s: %s", s->link,
			       strerror(-res.status));
	else
		reply_png(s, res.crc, &e);
	if (sd_bus_error_is_set(&e))
		sd_bus_reply_method_error(s->call, &e);
	sd_bus_error_free(&e);
	shot_free(s, false);
	return 0;
}

/* What the child turns into a PNG: the simulator's pipe, or a frame another engine captured. */
struct shot_source {
	unsigned pipe;
	const uint8_t *rgb; /* NULL: the simulator's pipe */
	unsigned width, height;
};

/* In the child: capture, say how it went, leave without running anything of the parent's. */
static void child(struct dcd *dcd, const struct shot_source *src, int memfd, int out)
{
	struct shot_result res = { 0 };
	struct sched_param idle = { 0 };
	char path[64];

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/*
	 * Below everything else: dcd may run at real-time priority, which the
	 * child inherits, and its frames and the compositor's matter more
	 * than when the picture is ready. (Where the sandbox refuses the
	 * call, dcd is not real-time either.)
	 */
	sched_setscheduler(0, SCHED_IDLE, &idle);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", memfd);
	res.status =
		src->rgb ? sim_png_write_rgb(path, src->rgb, src->width, src->height, &res.crc)
			 : sim_capture_png_unsynced(dcd->engine->sim, src->pipe, path, &res.crc);
	if (write(out, &res, sizeof(res)) != (ssize_t)sizeof(res))
		_exit(1);
	_exit(0);
}

int dcd_dbus_screenshot_start(sd_bus_message *m, struct dcd_dbus *d, const char *name,
			      unsigned link, sd_bus_error *e)
{
	struct dcp_error err = { 0 };
	struct dcd_engine *engine = d->dcd->engine;
	struct shot_source src = { 0 };
	struct dcd_dbus_shot *s;
	uint8_t *rgb = NULL;
	char why[256];
	int fds[2], r;

	if (engine->sim) {
		r = dcd_admin_sim_pipe(d->dcd, link, &err);
		if (r < 0)
			return dcd_dbus_error_dcp(e, &err);
		src.pipe = (unsigned)r;
	} else {
		/* another engine (KMS: writeback) captures here; the child encodes */
		r = engine->ops->capture(engine, link, &rgb, &src.width, &src.height, why,
					 sizeof(why));
		if (r < 0)
			return dcd_dbus_error(e, r, "screenshot of %s: %s", name, why);
		src.rgb = rgb;
	}
	s = calloc(1, sizeof(*s));
	if (!s) {
		free(rgb);
		return -ENOMEM;
	}
	s->d = d;
	s->memfd = memfd_create("dcd-screenshot", MFD_CLOEXEC);
	if (s->memfd < 0 || pipe2(fds, O_CLOEXEC) < 0) {
		r = -errno;
		if (s->memfd >= 0)
			close(s->memfd);
		free(s);
		free(rgb);
		return dcd_dbus_error(e, r, "screenshot of %s: %s", name, strerror(-r));
	}
	s->pipefd = fds[0];
	snprintf(s->link, sizeof(s->link), "%s", name);
	s->pid = fork();
	if (s->pid == 0)
		child(d->dcd, &src, s->memfd, fds[1]);
	r = s->pid < 0 ? -errno : 0;
	free(rgb); /* the child has its copy */
	close(fds[1]);
	s->call = sd_bus_message_ref(m);
	s->next = d->shots;
	d->shots = s;
	if (r == 0)
		r = sd_event_add_io(d->dcd->event, &s->src, s->pipefd, EPOLLIN, on_result, s);
	if (r < 0) {
		shot_free(s, true);
		return dcd_dbus_error(e, r, "screenshot of %s: %s", name, strerror(-r));
	}
	return 1;
}
