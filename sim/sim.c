/*
 * Creating, attaching and destroying a simulator, and its struct dc_hw.
 *
 * The hardware state (struct sim_state) is one mmap'd block: anonymous, or
 * a file under the owner's state directory that a later process re-attaches
 * to (sim_attach). Everything else (fds, memory mappings, trace) belongs to
 * the process in struct sim.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include "sim_internal.h"
#include "sim_scenario.h"

#define MAX_SCENARIO_BYTES (1u << 20)

void sim_errorf(struct sim_error *err, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
}

/* ---- struct dc_hw ---------------------------------------------------------- */

static uint32_t hw_read32(struct dc_hw *hw, uint32_t reg)
{
	struct sim *sim = sim_from_hw(hw);

	sim_sync(sim);
	sim->st->reg_reads++;
	return sim_reg_read(sim, reg);
}

static void hw_write32(struct dc_hw *hw, uint32_t reg, uint32_t value)
{
	struct sim *sim = sim_from_hw(hw);
	int cls;

	sim_sync(sim);
	if (reg == BIF50_mmMM_INDEX) {
		sim->st->regs[reg] = value;
		return;
	}
	if (reg == BIF50_mmMM_DATA) {
		/* a write to the register it reaches, traced and counted as that */
		reg = sim->st->regs[BIF50_mmMM_INDEX] / 4;
		if (reg <= BIF50_mmMM_DATA)
			return;
	}
	sim->st->reg_writes++;
	cls = sim_reg_write_class(sim, reg);
	if (cls >= 0)
		sim->st->class_writes[cls]++;
	sim_trace_record(sim, reg, value);
	sim_reg_write(sim, reg, value);
	sim_update_irq(sim);
	sim_rearm_timer(sim);
}

static uint64_t hw_now_ns(struct dc_hw *hw)
{
	return sim_clock_now(sim_from_hw(hw));
}

static void hw_delay_ns(struct dc_hw *hw, uint64_t ns)
{
	struct sim *sim = sim_from_hw(hw);
	struct timespec ts = {
		.tv_sec = (time_t)(ns / 1000000000ull),
		.tv_nsec = (long)(ns % 1000000000ull),
	};

	if (!sim->st->real_time) {
		sim_advance(sim, ns);
		return;
	}
	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &ts) == EINTR)
		;
	sim_sync(sim);
}

/* What a GPU's host sees: the IH's MSI, never the display engine's line. */
static int hw_irq_fd(struct dc_hw *hw)
{
	return sim_from_hw(hw)->msi_fd;
}

static void hw_irq_rearm(struct dc_hw *hw)
{
	sim_irq_rearm(sim_from_hw(hw));
}

static const struct dc_hw_ops sim_hw_ops = {
	.read32 = hw_read32,
	.write32 = hw_write32,
	.now_ns = hw_now_ns,
	.delay_ns = hw_delay_ns,
	.irq_fd = hw_irq_fd,
	.irq_rearm = hw_irq_rearm,
};

struct dc_hw *sim_hw(struct sim *sim)
{
	return &sim->hw;
}

const char *sim_asic_name(struct sim *sim)
{
	switch (sim->st->cfg.asic) {
	case SIM_ASIC_STONEY:
		return "stoney";
	case SIM_ASIC_TONGA:
		return "tonga";
	case SIM_ASIC_FIJI:
		return "fiji";
	case SIM_ASIC_POLARIS10:
		return "polaris10";
	case SIM_ASIC_POLARIS11:
		return "polaris11";
	case SIM_ASIC_POLARIS12:
		return "polaris12";
	default:
		return "carrizo";
	}
}

/* ---- ASIC profiles ---------------------------------------------------------- */

void sim_profile_apply(struct sim_state *st)
{
	switch (st->cfg.asic) {
	case SIM_ASIC_STONEY:
		st->npipes = 2;
		st->ncrtc_regs = 6;
		st->ndigs = 9;
		st->dce = 110;
		break;
	case SIM_ASIC_TONGA:
	case SIM_ASIC_FIJI:
		st->npipes = 6;
		st->ncrtc_regs = 7;
		st->ndigs = 7;
		st->dce = 100;
		break;
	case SIM_ASIC_POLARIS10:
		st->npipes = 6;
		st->ncrtc_regs = 6;
		st->ndigs = 6;
		st->dce = 112;
		break;
	case SIM_ASIC_POLARIS11:
	case SIM_ASIC_POLARIS12:
		st->npipes = 5;
		st->ncrtc_regs = 6;
		st->ndigs = 5;
		st->dce = 112;
		break;
	case SIM_ASIC_CARRIZO:
	default:
		st->npipes = 3;
		st->ncrtc_regs = 6;
		st->ndigs = 9;
		st->dce = 110;
		break;
	}
	st->nhpds = DCE110_MAX_HPDS;
}

/* ---- creation ---------------------------------------------------------------- */

#define STATE_BYTES ((sizeof(struct sim_state) + 4095) & ~(size_t)4095)

/*
 * The in-memory state the last engine destroyed left, for the next one.
 * Fresh pages cost a page fault and the host's first touch each, ~80 per
 * engine plus as many for sim_scenario_check's configuration: most of a
 * fuzz-scenario input, which makes and checks an engine per input. Taking
 * it clears it: a taken state is all zeros, as a new mapping is
 * (test_sim_scenario's state reuse test compares the two).
 */
static struct sim_state *_Atomic spare_state;

struct sim_state *sim_state_get(void)
{
	struct sim_state *st = atomic_exchange(&spare_state, NULL);
	void *p;

	if (st) {
		memset(st, 0, STATE_BYTES);
		return st;
	}
	p = mmap(NULL, STATE_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

void sim_state_put(struct sim_state *st)
{
	struct sim_state *old = st ? atomic_exchange(&spare_state, st) : NULL;

	if (old)
		munmap(old, STATE_BYTES);
}

/*
 * The hardware: the state, then in a file vram bytes of VRAM (sparse:
 * pages cost memory once written), so VRAM outlives dcd as the registers
 * do. Attaching (create false) takes the VRAM size from the file's size;
 * sim_attach compares it with the state's. In memory VRAM is a mapping of
 * its own (map_vram), made once the scenario says its size.
 */
static int map_state(const char *path, bool create, uint64_t vram, struct sim_state **out,
		     size_t *size, struct sim_error *err)
{
	size_t len = STATE_BYTES + vram;
	void *p;
	int fd;

	if (!path) {
		p = sim_state_get();
		if (!p) {
			sim_errorf(err, "simulator state: mmap of %zu bytes: %s", len,
				   strerror(errno));
			return -errno;
		}
		*out = p;
		*size = 0; /* in memory: sim_state_put, not munmap */
		return 0;
	}
	fd = open(path, create ? O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC : O_RDWR | O_CLOEXEC, 0600);
	if (fd < 0) {
		int e = errno;

		sim_errorf(err, "%s: %s", path, strerror(e));
		return -e;
	}
	if (create) {
		if (ftruncate(fd, (off_t)len) < 0) {
			int e = errno;

			sim_errorf(err, "%s: cannot size state file to %zu bytes: %s", path, len,
				   strerror(e));
			close(fd);
			return -e;
		}
	} else {
		struct stat sb;

		if (fstat(fd, &sb) < 0 || (size_t)sb.st_size < STATE_BYTES) {
			sim_errorf(err,
				   "%s: size %lld, expected at least %zu (not a state file of this "
				   "version)",
				   path, (long long)sb.st_size, STATE_BYTES);
			close(fd);
			return -EINVAL;
		}
		len = (size_t)sb.st_size;
	}
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		sim_errorf(err, "%s: mmap: %s", path, strerror(errno));
		return -errno;
	}
	*out = p;
	*size = len;
	return 0;
}

/* VRAM: after the state in a file, else a sparse mapping of its own. */
static int map_vram(struct sim *sim, struct sim_error *err)
{
	uint64_t bytes = sim->st->vram_bytes;
	void *p;

	if (sim->st_size) {
		sim->vram = (uint8_t *)sim->st + STATE_BYTES;
		return 0;
	}
	if (!bytes)
		return 0;
	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
		 -1, 0);
	if (p == MAP_FAILED) {
		sim_errorf(err, "simulator VRAM: mmap of %llu bytes: %s", (unsigned long long)bytes,
			   strerror(errno));
		return -errno;
	}
	sim->vram = p;
	sim->vram_own = bytes;
	return 0;
}

static int open_fds(struct sim *sim, struct sim_error *err)
{
	sim->irq_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	sim->msi_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (sim->irq_fd < 0 || sim->msi_fd < 0) {
		sim_errorf(err, "eventfd: %s", strerror(errno));
		return -errno;
	}
	if (sim->st->real_time) {
		sim->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
		if (sim->timer_fd < 0) {
			sim_errorf(err, "timerfd: %s", strerror(errno));
			return -errno;
		}
	}
	return 0;
}

static struct sim *sim_alloc(void)
{
	struct sim *sim = calloc(1, sizeof(*sim));

	if (!sim)
		return NULL;
	sim->hw.ops = &sim_hw_ops;
	sim->irq_fd = -1;
	sim->msi_fd = -1;
	sim->timer_fd = -1;
	return sim;
}

/* Reads a scenario file whole (it is small). */
static int read_file(const char *path, char **text, size_t *len, struct sim_error *err)
{
	FILE *f = fopen(path, "re");
	char *buf;
	size_t n;

	if (!f) {
		int e = errno;

		sim_errorf(err, "%s: %s", path, strerror(e));
		return -e;
	}
	buf = malloc(MAX_SCENARIO_BYTES + 1);
	if (!buf) {
		fclose(f);
		return -ENOMEM;
	}
	n = fread(buf, 1, MAX_SCENARIO_BYTES + 1, f);
	if (ferror(f) || n > MAX_SCENARIO_BYTES) {
		sim_errorf(err, "%s: %s", path,
			   ferror(f) ? "read error" : "larger than 1 MiB, not a scenario");
		fclose(f);
		free(buf);
		return -EINVAL;
	}
	fclose(f);
	buf[n] = 0;
	*text = buf;
	*len = n;
	return 0;
}

static int parse_options(const struct sim_options *opts, struct sim_config *cfg,
			 struct sim_error *err)
{
	const char *path = opts ? opts->scenario_path : NULL;
	const char *vbios = opts ? opts->vbios_path : NULL;
	char *text = NULL, *dircopy;
	size_t len = 0;
	int r;

	if (!path) {
		const char *json =
			opts && opts->scenario_json ? opts->scenario_json : sim_default_scenario();
		const char *name =
			opts && opts->scenario_json ? "<scenario>" : "<default scenario>";

		return sim_scenario_parse_vbios(json, strlen(json), name, NULL, vbios, cfg, err);
	}
	r = read_file(path, &text, &len, err);
	if (r < 0)
		return r;
	dircopy = strdup(path);
	if (!dircopy) {
		free(text);
		return -ENOMEM;
	}
	r = sim_scenario_parse_vbios(text, len, path, dirname(dircopy), vbios, cfg, err);
	free(dircopy);
	free(text);
	return r;
}

/* Connector state at power-on: displays plugged in at start have their HPD
 * line high and already through the filter. */
static void power_on(struct sim *sim)
{
	struct sim_state *st = sim->st;

	sim_regs_reset(sim);
	for (unsigned i = 0; i < st->cfg.nconnectors; i++) {
		struct sim_connector *c = &st->cfg.connectors[i];

		c->plugged = c->plugged && c->display.present;
		sim_connector_reset_sink(sim, c);
		if (c->plugged) {
			st->hpd[c->hpd].line = true;
			st->hpd[c->hpd].delayed = true;
			st->hpd[c->hpd].line_ns = st->synced_ns;
		}
	}
	sim_vga_power_on(sim);
}

int sim_create(const struct sim_options *opts, struct sim **out, struct sim_error *err)
{
	const char *state_path = opts ? opts->state_path : NULL;
	struct sim_config *cfg = NULL;
	struct sim *sim;
	bool real;
	int r;

	*out = NULL;
	/*
	 * With a state file the scenario is parsed before the file is made:
	 * a bad scenario leaves an earlier engine's file as it was. In memory
	 * it is parsed straight into the new state (no 192 KB copy).
	 */
	if (state_path) {
		cfg = calloc(1, sizeof(*cfg));
		if (!cfg)
			return -ENOMEM;
		r = parse_options(opts, cfg, err);
		if (r < 0) {
			free(cfg);
			return r;
		}
	}
	sim = sim_alloc();
	if (!sim) {
		free(cfg);
		return -ENOMEM;
	}
	/* a new mapping (or a truncated file) is all zeros */
	r = map_state(state_path, true, cfg ? (uint64_t)cfg->vram_mib << 20 : 0, &sim->st,
		      &sim->st_size, err);
	if (r < 0) {
		free(cfg);
		free(sim);
		return r;
	}
	if (cfg) {
		sim->st->cfg = *cfg;
		free(cfg);
	} else {
		r = parse_options(opts, &sim->st->cfg, err);
		if (r < 0) {
			sim_destroy(sim);
			return r;
		}
	}
	sim->st->magic = SIM_STATE_MAGIC;
	sim->st->version = SIM_STATE_VERSION;
	sim->st->size = sizeof(struct sim_state);
	sim->st->vram_bytes = (uint64_t)sim->st->cfg.vram_mib << 20;
	r = map_vram(sim, err);
	if (r < 0) {
		sim_destroy(sim);
		return r;
	}
	sim_read_boot_id(sim->st->boot_id);

	real = sim->st->cfg.clock_real;
	if (opts && opts->clock == SIM_CLOCK_REAL)
		real = true;
	else if (opts && opts->clock == SIM_CLOCK_VIRTUAL)
		real = false;
	sim->st->real_time = real;
	sim->st->now_ns = 0;
	sim->st->synced_ns = sim_clock_now(sim);
	sim_profile_apply(sim->st);
	power_on(sim);

	r = open_fds(sim, err);
	if (r < 0) {
		sim_destroy(sim);
		return r;
	}
	sim_update_irq(sim);
	sim_rearm_timer(sim);
	*out = sim;
	return 0;
}

int sim_attach(const char *state_path, struct sim **out, struct sim_error *err)
{
	struct sim *sim;
	int r;

	*out = NULL;
	if (!state_path) {
		sim_errorf(err, "sim_attach: no state file given");
		return -EINVAL;
	}
	sim = sim_alloc();
	if (!sim)
		return -ENOMEM;
	r = map_state(state_path, false, 0, &sim->st, &sim->st_size, err);
	if (r < 0) {
		free(sim);
		return r;
	}
	r = sim_state_check(sim->st, state_path, err);
	if (r == 0 && sim->st->vram_bytes != sim->st_size - STATE_BYTES) {
		sim_errorf(err, "%s: %zu bytes of VRAM after the state, which says %llu",
			   state_path, sim->st_size - STATE_BYTES,
			   (unsigned long long)sim->st->vram_bytes);
		r = -EINVAL;
	}
	if (r == 0)
		r = map_vram(sim, err);
	if (r < 0) {
		sim_destroy(sim);
		return r;
	}
	r = open_fds(sim, err);
	if (r < 0) {
		sim_destroy(sim);
		return r;
	}
	sim_sync(sim);
	sim_irq_rearm(sim);
	sim_rearm_timer(sim);
	*out = sim;
	return 0;
}

void sim_destroy(struct sim *sim)
{
	if (!sim)
		return;
	if (sim->vram_own)
		munmap(sim->vram, sim->vram_own);
	if (sim->st && sim->st_size)
		munmap(sim->st, sim->st_size);
	else
		sim_state_put(sim->st);
	if (sim->irq_fd >= 0)
		close(sim->irq_fd);
	if (sim->msi_fd >= 0)
		close(sim->msi_fd);
	if (sim->timer_fd >= 0)
		close(sim->timer_fd);
	free(sim->maps);
	free(sim->trace);
	free(sim);
}

void sim_get_stats(struct sim *sim, struct sim_stats *stats)
{
	stats->reg_reads = sim->st->reg_reads;
	stats->reg_writes = sim->st->reg_writes;
	stats->bad_reg_accesses = sim->st->bad_accesses;
	stats->gated_reg_accesses = sim->st->gated_accesses;
	stats->unmapped_pixels = sim->unmapped_pixels;
	stats->underflow_pixels = sim->underflow_pixels;
	stats->garbage_pixels = sim->garbage_pixels;
}
