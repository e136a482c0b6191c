/*
 * A read-only view of another process's simulator: the state file mapped
 * PROT_READ, copied out, never synchronised. sim_attach() is not an option
 * for an observer: every access through a struct sim processes what is due
 * and writes the shared state, and two processes doing that at once race.
 * The owner writes without locks, so a copy is taken twice and compared
 * until two agree (a torn copy never agrees with the next one unless the
 * owner wrote the same bytes again, which is as good as consistent).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim_internal.h"

#define VIEW_COPY_TRIES 1000

struct sim_view {
	const struct sim_state *st;
	size_t len;
	int fd; /* for VRAM, read with pread (it may be large and sparse) */
};

int sim_view_open(const char *state_path, struct sim_view **out, struct sim_error *err)
{
	size_t len = SIM_VRAM_OFFSET; /* the state; VRAM after it is not looked at */
	struct sim_view *view;
	struct stat sb;
	void *p;
	int fd, e;

	*out = NULL;
	fd = open(state_path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		e = errno;
		sim_errorf(err, "%s: %s", state_path, strerror(e));
		return -e;
	}
	if (fstat(fd, &sb) < 0 || (size_t)sb.st_size < len) {
		sim_errorf(
			err,
			"%s: size %lld, expected at least %zu (not a state file of this version)",
			state_path, (long long)sb.st_size, len);
		close(fd);
		return -EINVAL;
	}
	p = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
	e = errno;
	if (p == MAP_FAILED) {
		close(fd);
		sim_errorf(err, "%s: mmap: %s", state_path, strerror(e));
		return -e;
	}
	view = calloc(1, sizeof(*view));
	if (!view) {
		close(fd);
		munmap(p, len);
		return -ENOMEM;
	}
	view->st = p;
	view->len = len;
	view->fd = fd;
	if (view->st->magic != SIM_STATE_MAGIC || view->st->version != SIM_STATE_VERSION ||
	    view->st->size != sizeof(struct sim_state)) {
		sim_errorf(err, "%s: not a simulator state file of version %u", state_path,
			   SIM_STATE_VERSION);
		sim_view_close(view);
		return -EINVAL;
	}
	*out = view;
	return 0;
}

void sim_view_close(struct sim_view *view)
{
	if (!view)
		return;
	munmap((void *)view->st, view->len);
	close(view->fd);
	free(view);
}

/* Copies size bytes at src until two copies in a row agree. */
static int stable_copy(void *dst, const volatile void *src, size_t size)
{
	uint8_t *tmp = malloc(size);

	if (!tmp)
		return -ENOMEM;
	memcpy(dst, (const void *)src, size);
	for (unsigned i = 0; i < VIEW_COPY_TRIES; i++) {
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		memcpy(tmp, (const void *)src, size);
		if (!memcmp(tmp, dst, size)) {
			free(tmp);
			return 0;
		}
		memcpy(dst, tmp, size);
	}
	free(tmp);
	return -EAGAIN;
}

int sim_view_history(struct sim_view *view, unsigned pipe, struct sim_frame *frames, unsigned max)
{
	struct sim_crtc c;
	int r;

	if (pipe >= view->st->npipes)
		return -EINVAL;
	r = stable_copy(&c, &view->st->crtc[pipe], sizeof(c));
	if (r < 0)
		return r;
	return (int)sim_crtc_history(&c, frames, max);
}

int sim_view_reg(struct sim_view *view, uint32_t reg, uint32_t *value)
{
	if (reg >= SIM_REG_COUNT)
		return -EINVAL;
	return stable_copy(value, &view->st->regs[reg], sizeof(*value));
}

uint64_t sim_view_synced_ns(struct sim_view *view)
{
	uint64_t t = 0;

	stable_copy(&t, &view->st->synced_ns, sizeof(t));
	return t;
}

unsigned sim_view_pipe_count(struct sim_view *view)
{
	return view->st->npipes;
}

bool sim_view_pipe_running(struct sim_view *view, unsigned pipe)
{
	bool running = false;

	if (pipe < view->st->npipes)
		stable_copy(&running, &view->st->crtc[pipe].running, sizeof(running));
	return running;
}

uint64_t sim_view_write_count(struct sim_view *view, enum sim_write_class cls)
{
	uint64_t n = 0;

	if ((unsigned)cls < SIM_WRITE_CLASSES)
		stable_copy(&n, &view->st->class_writes[cls], sizeof(n));
	return n;
}

int sim_view_vram(struct sim_view *view, uint64_t offset, void *buf, size_t len)
{
	uint64_t size = view->st->vram_bytes;
	ssize_t n;

	if (offset > size || len > size - offset)
		return -ERANGE;
	n = pread(view->fd, buf, len, (off_t)(SIM_VRAM_OFFSET + offset));
	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EIO;
}
