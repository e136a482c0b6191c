/*
 * The Display Core engine (engine.h): dc/ on the simulator (--sim, real
 * time, its hardware state in a file under --state-dir so a restarted dcd
 * finds it) or on a GPU through vfio/ (--device, or the first supported
 * one). Besides the struct dc_hw, a backend gives framebuffers device
 * addresses: the simulator's IOMMU (sim_map_memory) with addresses from
 * the shared IOVA allocator, or VFIO DMA mappings. Every entry of the
 * table is one or two dc_* calls; DC's callbacks are forwarded to the
 * daemon's dcd_engine_events.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "dc_ih.h"
#include "dc_vfio.h"
#include "dcd.h"
#include "engine.h"
#include "recovery.h"
#include "scanout.h"
#include "sim.h"
#include "vbios.h"

#define SIM_STATE_FILE "sim-state"

struct dc_engine;

/* What differs between the simulator and a GPU for memory and interrupts. */
struct dc_backend_ops {
	const char *name; /* the state file's "engine" */
	/* device_writes: the engine writes there (the IH ring), else it only reads */
	int (*map)(struct dc_engine *de, void *ptr, uint64_t size, bool device_writes,
		   uint64_t *iova, char *why, size_t why_size);
	/* -EOPNOTSUPP where the old mapping outlives dcd elsewhere */
	int (*map_at)(struct dc_engine *de, void *ptr, uint64_t size, uint64_t iova);
	void (*unmap)(struct dc_engine *de, uint64_t iova);
	void (*irq_consume)(struct dc_engine *de);
	/* VRAM as the host reaches it (the BAR) */
	int (*vram)(struct dc_engine *de, void **ptr, uint64_t *size, char *why, size_t why_size);
};

struct dc_engine {
	struct dcd_engine base;
	struct dcd *dcd;
	const struct dc_backend_ops *ops;
	struct dc *dc;
	struct sim *sim; /* the simulator (base.sim is the same, for its test controls) */
	char *sim_state_path;
	struct dcv_device *dev;
	struct dcv_gpu gpu; /* the GPU opened (not on the simulator) */
	struct dcv_monitor *monitor;
	struct dc_hw *hw;
	struct dc_board board;
	struct dcv_iova_space iova; /* sim: device addresses of framebuffers */
	bool iova_ready;
	int irq_fd, timer_fd; /* -1 when absent */
	/* what planes fetch (scanout.c); NULL without VRAM: addresses pass as they are */
	struct dcd_scanout *scanout;
	uint64_t ih_iova; /* the IH ring's mapping (not a framebuffer), 0: none */
	struct dcd_ratelimit log_rl;
};

static struct dc_engine *to_dc(struct dcd_engine *e)
{
	return (struct dc_engine *)e;
}

/*
 * The simulated registers are a shared mapping of a file in the state
 * directory, written on every flip. On a disk filesystem the kernel writes
 * those pages back and the next write after that waits for the filesystem
 * (on ext4 for its journal): a stall of tens of milliseconds, frames
 * missed. /run/dcd (tmpfs) has none of that; say so when it is elsewhere.
 */
static void warn_disk_state_dir(const char *dir)
{
	struct statfs fs;

	if (statfs(dir, &fs) == 0 && fs.f_type != TMPFS_MAGIC && fs.f_type != RAMFS_MAGIC)
		log_warning("simulator: the state directory %s is not on a tmpfs; writeback of "
			    "the engine's file can hold dcd up for tens of ms (use a directory "
			    "under /run)",
			    dir);
}
/* The simulator's IOVA window: what dcv_dma_map uses by default on hardware. */
#define SIM_IOVA_BASE  (1ull << 20)
#define SIM_IOVA_END   (1ull << 40)
#define PAGE_BYTES     4096ull
/* The pitch Display Core's surfaces need (GRPH_PITCH in 256-byte units, dc/core/resource.c). */
#define DC_PITCH_ALIGN 256

/* The board of a simulated engine: its connectors as the scenario wires them. */
static int sim_board(struct sim *sim, struct dc_board *board)
{
	const char *asic = sim_asic_name(sim);
	int n = sim_connector_count(sim);
	bool found = false;

	memset(board, 0, sizeof(*board));
	for (int a = 0; a < DC_ASIC_COUNT; a++) {
		if (!strcasecmp(dc_asic_name((enum dc_asic)a), asic)) {
			board->asic = (enum dc_asic)a;
			found = true;
		}
	}
	if (!found || n < 0 || n > DC_MAX_LINKS)
		return -EINVAL;
	for (int i = 0; i < n; i++) {
		struct sim_connector_info info;
		struct dc_connector_desc *d = &board->connectors[i];

		if (sim_connector_info(sim, (unsigned)i, &info) < 0)
			return -EINVAL;
		switch (info.type) {
		case SIM_CONN_DP:
			d->type = DC_LINK_DP;
			break;
		case SIM_CONN_EDP:
			d->type = DC_LINK_EDP;
			break;
		case SIM_CONN_HDMI:
			d->type = DC_LINK_HDMI_A;
			/*
			 * HDMI_6GB_EN on every simulated board: the pool decides
			 * (only DCE 11.2 goes past 300 MHz).
			 */
			d->hdmi_6g = true;
			break;
		case SIM_CONN_DVI:
			d->type = DC_LINK_DVI_D;
			break;
		}
		d->hpd = (uint8_t)info.hpd;
		d->ddc = (uint8_t)info.ddc;
		d->aux = info.aux >= 0 ? (uint8_t)info.aux : 0;
		d->dig_be = (uint8_t)info.encoder;
	}
	board->connector_count = (unsigned)n;
	return 0;
}

static int open_sim(struct dc_engine *de)
{
	struct dcd *dcd = de->dcd;
	struct sim_options so = { .scenario_path = dcd->opts.scenario,
				  .vbios_path = dcd->opts.vbios,
				  .clock = dcd->opts.sim_virtual ? SIM_CLOCK_VIRTUAL
								 : SIM_CLOCK_REAL };
	struct dcv_iova_range all = { SIM_IOVA_BASE, SIM_IOVA_END - 1 };
	struct sim_error err = { "" };
	char attach_path[PATH_MAX] = "";
	struct sim *sim = NULL;
	int r, device_fd;
	struct stat st;

	if (dcd->opts.state_dir) {
		if (asprintf(&de->sim_state_path, "%s/%s", dcd->opts.state_dir, SIM_STATE_FILE) < 0)
			return -ENOMEM;
		if (mkdir(dcd->opts.state_dir, 0700) < 0 && errno != EEXIST) {
			r = -errno;
			log_error("state directory %s: %s", dcd->opts.state_dir, strerror(-r));
			return r;
		}
		so.state_path = de->sim_state_path;
		warn_disk_state_dir(dcd->opts.state_dir);
	}
	/*
	 * A state file left by an earlier dcd is the "hardware" as it was left.
	 * The fd store's copy ("device") wins: it is the very engine the last
	 * dcd drove, even if someone removed or replaced the file meanwhile.
	 */
	device_fd = dcd_received_take(dcd, DCD_FDNAME_DEVICE);
	if (device_fd >= 0)
		snprintf(attach_path, sizeof(attach_path), "/proc/self/fd/%d", device_fd);
	else if (de->sim_state_path)
		snprintf(attach_path, sizeof(attach_path), "%s", de->sim_state_path);
	if (attach_path[0] && stat(attach_path, &st) == 0) {
		r = sim_attach(attach_path, &sim, &err);
		if (r == 0) {
			de->base.adopt = true;
			log_notice(
				"simulator: attached to the engine in %s%s%s", de->sim_state_path,
				dcd->opts.scenario
					? " (its own scenario; the --sim file is ignored)"
					: "",
				dcd->opts.vbios ? " (its own video BIOS; --vbios is ignored)" : "");
		} else {
			log_warning("simulator: %s; starting a new engine", err.msg);
		}
	}
	if (device_fd >= 0)
		close(device_fd);
	if (!sim) {
		r = sim_create(&so, &sim, &err);
		if (r < 0) {
			log_error("simulator: %s", err.msg);
			return r;
		}
		log_notice("simulator: %s scenario%s%s, %s engine",
			   dcd->opts.scenario ? "" : "built-in", dcd->opts.scenario ? " " : "",
			   dcd->opts.scenario ? dcd->opts.scenario : "", sim_asic_name(sim));
	}
	de->sim = de->base.sim = sim;
	/* systemd keeps the hardware's file open across restarts */
	if (de->sim_state_path && device_fd < 0) {
		int fd = open(de->sim_state_path, O_RDWR | O_CLOEXEC);

		if (fd >= 0) {
			dcd_fdstore_device(dcd, DCD_FDNAME_DEVICE, fd);
			close(fd);
		}
	}
	r = sim_board(sim, &de->board);
	if (r < 0) {
		log_error("simulator: its connectors do not make a board Display Core knows");
		return r;
	}
	r = dcv_iova_init(&de->iova, &all, 1, SIM_IOVA_BASE, SIM_IOVA_END - SIM_IOVA_BASE);
	if (r < 0)
		return r;
	de->iova_ready = true;
	de->hw = sim_hw(sim);
	/* the IH's MSI, as on a GPU (the engine's own line never reaches a host) */
	de->irq_fd = sim_msi_fd(sim);
	de->timer_fd = sim_timer_fd(sim);
	return 0;
}

static int open_device(struct dc_engine *de, const char *address)
{
	struct dcv_open_opts oo = { .access = (enum dcv_access)de->dcd->opts.access };
	struct dcv_error err = { "" };
	struct dcv_gpu gpu;
	int r;

	/* A GPU's registers are as whoever drove it last left them. */
	de->base.adopt = true;
	r = dcv_open_gpu(address, &oo, &gpu, &de->dev, &err);
	if (r < 0) {
		/* The message is written for the administrator: print it as it is. */
		log_error("%s", err.msg);
		return r;
	}
	de->gpu = gpu;
	log_notice("GPU %s [%04x:%04x] (%s) through %s, interrupts: %s", gpu.address, gpu.vendor_id,
		   gpu.device_id, dc_asic_name(gpu.asic), dcv_access_name(dcv_access_used(de->dev)),
		   dcv_irq_mode_name(dcv_irq_mode_used(de->dev)));
	r = dcv_monitor_new(de->dev, &de->monitor, &err);
	if (r < 0)
		log_warning("%s (removal will not be noticed)", err.msg);
	de->hw = dcv_hw(de->dev);
	de->irq_fd = dcv_irq_fd(de->dev);
	de->timer_fd = -1;
	return 0;
}

int dcd_engine_dc_find(char *why, size_t why_size)
{
	struct dcv_error err = { "" };
	struct dcv_gpu gpu;

	if (dcv_find_gpu(NULL, NULL, &gpu, &err) == 0)
		return 0;
	/* vfio/'s sentence says what was looked for and what was found. */
	snprintf(why, why_size, "%s", err.msg);
	return -ENODEV;
}

static uint64_t page_round(uint64_t size)
{
	return (size + PAGE_BYTES - 1) & ~(PAGE_BYTES - 1);
}

/* The simulator's IOMMU: addresses from the shared IOVA allocator. */
static int sim_map(struct dc_engine *de, void *ptr, uint64_t size, bool device_writes,
		   uint64_t *iova, char *why, size_t why_size)
{
	uint64_t pages = page_round(size);
	int r;

	r = dcv_iova_alloc(&de->iova, pages, PAGE_BYTES, iova);
	if (r < 0) {
		snprintf(why, why_size, "no device address range of %llu bytes left: %s",
			 (unsigned long long)pages, strerror(-r));
		return r;
	}
	r = device_writes ? sim_map_memory_rw(de->sim, *iova, ptr, size)
			  : sim_map_memory(de->sim, *iova, ptr, size);
	if (r < 0) {
		dcv_iova_free(&de->iova, *iova, NULL);
		snprintf(why, why_size, "simulator mapping: %s", strerror(-r));
	}
	return r;
}

static int sim_map_at(struct dc_engine *de, void *ptr, uint64_t size, uint64_t iova)
{
	int r = dcv_iova_reserve(&de->iova, iova, page_round(size));

	if (r < 0)
		return r;
	r = sim_map_memory(de->sim, iova, ptr, size);
	if (r < 0)
		dcv_iova_free(&de->iova, iova, NULL);
	return r;
}

static void sim_unmap(struct dc_engine *de, uint64_t iova)
{
	sim_unmap_memory(de->sim, iova);
	dcv_iova_free(&de->iova, iova, NULL);
}

/* The IH's MSI is an eventfd counter: read it to clear it. */
static void sim_irq_consume(struct dc_engine *de)
{
	uint64_t n;

	if (read(sim_msi_fd(de->sim), &n, sizeof(n)) < 0 && errno != EAGAIN)
		log_warning("simulator: interrupt: %s", strerror(errno));
}

/* The simulated engine's VRAM: part of its state (the file, when there is one). */
static int sim_vram_bar(struct dc_engine *de, void **ptr, uint64_t *size, char *why,
			size_t why_size)
{
	*ptr = sim_vram(de->sim, size);
	if (!*ptr) {
		snprintf(why, why_size, "the simulated engine has no VRAM");
		return -ENXIO;
	}
	return 0;
}

static const struct dc_backend_ops sim_ops = {
	.name = "sim",
	.map = sim_map,
	.map_at = sim_map_at,
	.unmap = sim_unmap,
	.irq_consume = sim_irq_consume,
	.vram = sim_vram_bar,
};

/*
 * A GPU: VFIO DMA mappings (client framebuffers for device reads only, the
 * IH ring for device writes); its interrupt counter needs consuming.
 */
static int device_map(struct dc_engine *de, void *ptr, uint64_t size, bool device_writes,
		      uint64_t *iova, char *why, size_t why_size)
{
	struct dcv_error verr = { "" };
	int r = dcv_dma_map(de->dev, ptr, page_round(size),
			    device_writes ? DCV_DMA_DEVICE_READS_WRITES : DCV_DMA_DEVICE_READS,
			    iova, &verr);

	if (r < 0)
		snprintf(why, why_size, "%s", verr.msg);
	return r;
}

/* On a GPU the old mapping lives in the VFIO container, not here. */
static int device_map_at(struct dc_engine *de, void *ptr, uint64_t size, uint64_t iova)
{
	(void)de, (void)ptr, (void)size, (void)iova;
	return -EOPNOTSUPP;
}

static void device_unmap(struct dc_engine *de, uint64_t iova)
{
	if (de->dev)
		dcv_dma_unmap(de->dev, iova);
}

static void device_irq_consume(struct dc_engine *de)
{
	if (de->dev)
		dcv_irq_consume(de->dev);
}

/* A GPU's VRAM aperture, BAR 0 (the kernel's aper_base). */
static int device_vram(struct dc_engine *de, void **ptr, uint64_t *size, char *why, size_t why_size)
{
	struct dcv_error verr = { "" };
	int r = dcv_vram_map(de->dev, ptr, size, &verr);

	if (r < 0)
		snprintf(why, why_size, "%s", verr.msg);
	return r;
}

static const struct dc_backend_ops device_ops = {
	.name = "device",
	.map = device_map,
	.map_at = device_map_at,
	.unmap = device_unmap,
	.irq_consume = device_irq_consume,
	.vram = device_vram,
};

/* APUs fetch system memory through the GART; discrete GPUs scan out VRAM only. */
static bool asic_is_apu(enum dc_asic asic)
{
	return asic == DC_ASIC_CARRIZO || asic == DC_ASIC_STONEY;
}

/*
 * Scanout memory (scanout.h). Without it Display Core still detects and
 * lights outputs, and planes get the framebuffers' bus addresses, which a
 * GPU cannot fetch: said once here.
 */
static void open_scanout(struct dc_engine *de)
{
	char why[256] = "";
	uint64_t bytes;
	void *bar;
	int r;

	r = de->ops->vram(de, &bar, &bytes, why, sizeof(why));
	if (r == 0)
		r = dcd_scanout_new(de->dc, bar, bytes, asic_is_apu(de->board.asic), &de->scanout,
				    why, sizeof(why));
	if (r < 0)
		log_error("scanout memory: %s; planes get bus addresses the display engine "
			  "cannot fetch",
			  why[0] ? why : strerror(-r));
}

/* A GPU's expansion ROM (empty on APUs: dcv says so). */
static int read_rom(void *ctx, void **image, size_t *len, char *why, size_t why_size)
{
	struct dc_engine *de = ctx;
	struct dcv_error err = { "" };
	int r = dcv_read_rom(de->dev, image, len, &err);

	if (r < 0)
		snprintf(why, why_size, "%s", err.msg);
	return r;
}

/* What makes an image usable: Display Core would take it (FirmwareInfo, SetPixelClock). */
static int check_vbios(void *ctx, const void *image, size_t len, char *why, size_t why_size)
{
	struct dc_error err = { 0 };
	int r = dc_vbios_check(image, len, &err);

	(void)ctx;
	if (r < 0)
		snprintf(why, why_size, "%s", err.message);
	return r;
}

/* The image Display Core gets, chosen before it starts: a GPU's board comes from it. */
struct engine_vbios {
	const void *image; /* NULL: none */
	size_t len;
	void *owned; /* a GPU's copy, freed once Display Core has its own */
	char from[sizeof(((struct dcd_vbios_gpu *)0)->file_name)];
};

/*
 * The engine's video BIOS (docs/bios.md, "Sources on hardware"). The
 * simulated engine serves one (its scenario's "vbios", or --vbios FILE in
 * its place, sim_options.vbios_path), kept in its state so a restarted dcd
 * gets the same. A GPU: --vbios FILE alone when given (dcd stops when it
 * is unusable: the administrator asked for it), else its PCI ROM, else
 * ACPI VFCT, the first usable one; with none, Display Core runs without an
 * image, as before, and refuses TMDS streams.
 */
static int pick_vbios(struct dc_engine *de, struct engine_vbios *v)
{
	struct dcd_vbios_gpu g = {
		.file = de->dcd->opts.vbios,
		.rom = { "the PCI ROM", read_rom, de },
		.vfct = { .paths = NULL, .gpu = &de->gpu },
	};
	char why[DCD_VBIOS_WHY];
	size_t n;
	int r;

	memset(v, 0, sizeof(*v));
	if (de->sim) {
		v->image = sim_vbios(de->sim, &v->len);
		snprintf(v->from, sizeof(v->from), "the simulated engine");
		return 0;
	}
	n = dcd_vbios_gpu_sources(&g);
	r = dcd_vbios_choose(g.sources, n, check_vbios, NULL, &v->owned, &v->len, why, sizeof(why));
	if (r >= 0) {
		v->image = v->owned;
		snprintf(v->from, sizeof(v->from), "%s", g.sources[r].name);
		return 0;
	}
	if (g.file) {
		log_error("video BIOS: %s", why);
		return -EINVAL;
	}
	log_warning("no video BIOS: %s; Display Core runs without one and refuses HDMI and DVI "
		    "streams",
		    why);
	return 0;
}

/*
 * A GPU's connectors: its video BIOS's display paths, as the kernel's
 * driver reads them; else the ASIC's typical board, which may not be this
 * one's (say so: a connector on the wrong line stays dark).
 */
static int device_board(struct dc_engine *de, const struct engine_vbios *v)
{
	char why[256];
	int r = dcd_vbios_board(v->image, v->len, de->gpu.asic, &de->board, why, sizeof(why));

	if (r == 1)
		log_notice("board: %u connectors from the video BIOS's object table",
			   de->board.connector_count);
	else if (r == 0)
		log_warning("board: the typical %s board (%u connectors), which may not be this "
			    "one: %s",
			    dc_asic_name(de->gpu.asic), de->board.connector_count, why);
	return r < 0 ? r : 0;
}

static int give_vbios(struct dc_engine *de, const struct engine_vbios *v)
{
	struct dc_error err = { 0 };
	int r;

	if (!v->image)
		return 0;
	r = dc_set_vbios(de->dc, v->image, v->len, &err);
	if (r < 0) {
		log_error("video BIOS from %s: %s", v->from, err.message);
		return r;
	}
	log_notice("video BIOS %s (%s) from %s", dc_vbios_version(de->dc), dc_vbios_date(de->dc),
		   v->from);
	return 0;
}

/*
 * A GPU the system firmware did not post (a secondary GPU handed to VFIO,
 * often) gets the image's ASIC_Init first, as the kernel's amdgpu does;
 * one dcd cannot post is no engine to drive. Then dcd takes the engine
 * over from the firmware.
 */
static int post_gpu(struct dc_engine *de)
{
	struct dc_error err = { 0 };
	int r = dc_vbios_post(de->dc, &err);

	if (r < 0)
		log_error("%s", err.message);
	else if (r == 1)
		log_notice("posted the GPU with video BIOS %s's ASIC_Init",
			   dc_vbios_version(de->dc));
	if (r < 0)
		return r;
	/*
	 * The firmware's VGA console stopped, idle pipes gated (dc_takeover);
	 * running pipes stay for recovery to adopt. A table that fails here is
	 * logged and dcd goes on: those pipes are not driven yet.
	 */
	dc_takeover(de->dc);
	return 0;
}

/* ---- DC's callbacks and log lines, forwarded to the daemon ------------------------- */

static void on_hotplug(struct dc *dc, unsigned link, bool connected, void *data)
{
	struct dc_engine *de = data;

	(void)dc;
	dcd_engine_events.hotplug(de->dcd, link, connected);
}

static void on_flip_done(struct dc *dc, unsigned link, uint64_t user_data, uint64_t seq,
			 uint64_t ts_ns, void *data)
{
	struct dc_engine *de = data;

	(void)dc, (void)user_data;
	dcd_engine_events.flip_done(de->dcd, link, seq, ts_ns);
}

static void on_vblank(struct dc *dc, unsigned link, uint64_t seq, uint64_t ts_ns, void *data)
{
	struct dc_engine *de = data;

	(void)dc;
	dcd_engine_events.vblank(de->dcd, link, seq, ts_ns);
}

static void on_link_event(struct dc *dc, unsigned link, enum dc_link_event event, void *data)
{
	struct dc_engine *de = data;

	(void)dc;
	dcd_engine_events.link_event(de->dcd, link, event);
}

static void on_flip_window(struct dc *dc, unsigned link, void *data)
{
	struct dc_engine *de = data;

	(void)dc;
	dcd_engine_events.flip_window(de->dcd, link);
}

static const struct dc_events dc_events = {
	.hotplug = on_hotplug,
	.flip_done = on_flip_done,
	.vblank = on_vblank,
	.link_event = on_link_event,
	.flip_window = on_flip_window,
};

static void dc_log_handler(enum dc_log_level level, const char *message, void *data)
{
	struct dc_engine *de = data;

	if (level >= DC_LOG_DEBUG) {
		log_debug("dc: %s", message);
		return;
	}
	log_ratelimited(&de->log_rl, (int)level, "dc: %s", message);
}

/* ---- the table ------------------------------------------------------------------------ */

static void dce_info(struct dcd_engine *e, struct dcd_engine_info *out)
{
	struct dc_engine *de = to_dc(e);

	out->backend = de->sim ? "sim" : dcv_access_name(dcv_access_used(de->dev));
	out->model = dc_asic_name(de->board.asic);
	out->vbios_version = dc_vbios_version(de->dc);
	out->vbios_date = dc_vbios_date(de->dc);
	out->dispclk_khz = dc_dispclk_khz(de->dc);
}

static unsigned dce_link_count(struct dcd_engine *e)
{
	return dc_link_count(to_dc(e)->dc);
}

static const char *dce_link_name(struct dcd_engine *e, unsigned link)
{
	return dc_link_name(to_dc(e)->dc, link);
}

static int dce_link_by_name(struct dcd_engine *e, const char *name)
{
	return dc_link_by_name(to_dc(e)->dc, name);
}

static enum dc_link_type dce_link_type(struct dcd_engine *e, unsigned link)
{
	return dc_link_type(to_dc(e)->dc, link);
}

static int dce_link_status(struct dcd_engine *e, unsigned link, struct dc_link_status *out)
{
	return dc_link_get_status(to_dc(e)->dc, link, out);
}

static int dce_link_sink(struct dcd_engine *e, unsigned link, struct dcd_engine_sink *out)
{
	const struct dc_sink *sink = dc_link_sink(to_dc(e)->dc, link);

	memset(out, 0, sizeof(*out));
	if (!sink)
		return -ENOENT;
	out->edid = dc_sink_edid(sink, &out->edid_size);
	out->edid_info = dc_sink_edid_info(sink);
	out->modes = dc_sink_modes(sink, &out->mode_count);
	return 0;
}

static const struct dc_mode *dce_link_modes(struct dcd_engine *e, unsigned link, size_t *count)
{
	return dc_link_modes(to_dc(e)->dc, link, count);
}

static int dce_detect(struct dcd_engine *e, unsigned link)
{
	return dc_link_detect(to_dc(e)->dc, link);
}

static void dce_plane_caps(struct dcd_engine *e, struct dc_plane_caps *out)
{
	dc_get_plane_caps(to_dc(e)->dc, out);
}

static int dce_validate(struct dcd_engine *e, struct dc_state *state, struct dc_error *err)
{
	return dc_validate(to_dc(e)->dc, state, err);
}

/* Planes go through scanout.c: the addresses Display Core gets are ones the engine can fetch. */
static int dce_commit(struct dcd_engine *e, const struct dc_state *state, struct dc_error *err)
{
	struct dc_engine *de = to_dc(e);
	struct dc_state fetch;
	int r;

	if (!de->scanout)
		return dc_commit(de->dc, state, err);
	r = dcd_scanout_commit(de->scanout, state, &fetch, err);
	if (r == 0)
		r = dc_commit(de->dc, &fetch, err);
	if (r == 0)
		dcd_scanout_committed(de->scanout, dc_current_state(de->dc));
	return r;
}

static const struct dc_state *dce_current(struct dcd_engine *e)
{
	struct dc_engine *de = to_dc(e);

	if (!de->scanout)
		return dc_current_state(de->dc);
	return dcd_scanout_current(de->scanout, dc_current_state(de->dc));
}

static int dce_snapshot(struct dcd_engine *e, struct dc_state *out)
{
	struct dc_engine *de = to_dc(e);
	int r = dc_snapshot(de->dc, out);

	if (r == 0 && de->scanout)
		dcd_scanout_snapshot(de->scanout, out);
	return r;
}

static bool dce_clock_agrees(struct dcd_engine *e, const struct dc_stream *s, uint32_t khz)
{
	return dc_clock_agrees(to_dc(e)->dc, s, khz);
}

static int dce_adopt(struct dcd_engine *e, const struct dc_state *state)
{
	struct dc_engine *de = to_dc(e);
	struct dc_state fetch;

	if (!de->scanout)
		return dc_adopt(de->dc, state);
	dcd_scanout_adopt(de->scanout, state, &fetch);
	return dc_adopt(de->dc, &fetch);
}

static int dce_flip(struct dcd_engine *e, unsigned link, uint64_t address, uint32_t flags)
{
	struct dc_engine *de = to_dc(e);
	int r = de->scanout ? dcd_scanout_flip(de->scanout, link, address, &address) : 0;

	return r < 0 ? r : dc_flip(de->dc, link, address, flags, 0);
}

static int dce_cursor(struct dcd_engine *e, unsigned link, const struct dc_cursor *cursor)
{
	struct dc_engine *de = to_dc(e);
	struct dc_cursor fetch = *cursor;
	int r = de->scanout ? dcd_scanout_cursor(de->scanout, link, cursor, &fetch) : 0;

	return r < 0 ? r : dc_cursor_update(de->dc, link, &fetch);
}

static int dce_vblank_enable(struct dcd_engine *e, unsigned link, bool enable)
{
	return dc_vblank_enable(to_dc(e)->dc, link, enable);
}

static bool dce_in_bus_wait(struct dcd_engine *e)
{
	return dc_in_bus_wait(to_dc(e)->dc);
}

/*
 * Framebuffers: the backend's bus address, then what scanout.c makes of
 * it (a GART address on APUs). The IH ring (device_writes) is written by
 * the IH at its bus address and stays out of scanout.c.
 */
static int dce_map(struct dcd_engine *e, void *ptr, uint64_t size, bool device_writes,
		   uint64_t *address, char *why, size_t why_size)
{
	struct dc_engine *de = to_dc(e);
	uint64_t iova;
	int r = de->ops->map(de, ptr, size, device_writes, &iova, why, why_size);

	if (r < 0)
		return r;
	*address = iova;
	if (device_writes)
		de->ih_iova = iova;
	else if (de->scanout &&
		 (r = dcd_scanout_map(de->scanout, ptr, size, iova, address, why, why_size)) < 0)
		de->ops->unmap(de, iova);
	return r;
}

static int dce_map_at(struct dcd_engine *e, void *ptr, uint64_t size, uint64_t address)
{
	struct dc_engine *de = to_dc(e);
	uint64_t iova = address;
	int r = de->scanout ? dcd_scanout_map_at(de->scanout, ptr, size, address, &iova) : 0;

	if (r == 0 && (r = de->ops->map_at(de, ptr, size, iova)) < 0 && de->scanout)
		dcd_scanout_unmap(de->scanout, address);
	return r;
}

static void dce_unmap(struct dcd_engine *e, uint64_t address)
{
	struct dc_engine *de = to_dc(e);
	uint64_t iova = address;

	if (de->ih_iova && address == de->ih_iova)
		de->ih_iova = 0;
	else if (de->scanout && (iova = dcd_scanout_unmap(de->scanout, address)) == UINT64_MAX)
		return; /* not mapped */
	de->ops->unmap(de, iova);
}

/* FB_ALLOC: a sealed memfd at DC's pitch alignment, mapped as a client's would be. */
static int dce_fb_alloc(struct dcd_engine *e, uint32_t format, uint32_t width, uint32_t height,
			struct dcd_engine_fb *out, char *why, size_t why_size)
{
	int r = dcd_fb_memfd_alloc(format, width, height, DC_PITCH_ALIGN, out, why, why_size);

	if (r == 0 && (r = dce_map(e, (void *)out->map, out->size, false, &out->address, why,
				   why_size)) < 0) {
		munmap((void *)out->map, out->size);
		close(out->fd);
	}
	return r;
}

/*
 * Display Core reads framebuffers through memory dcd maps (the simulator)
 * or pins for the device; a dma-buf would have to be CPU-mapped by dcd,
 * and its exporter may revoke the pages under that mapping.
 */
static int dce_fb_import(struct dcd_engine *e, int fd, const struct dcd_engine_dmabuf *d,
			 uint64_t *address, char *why, size_t why_size)
{
	snprintf(why, why_size,
		 "the fd is a dma-buf, and the Display Core engine (%s) takes sealed memfds only "
		 "(no FB_DMABUF in WELCOME): an exporter can revoke a dma-buf's pages under "
		 "dcd's mapping; use FB_ALLOC or a memfd",
		 to_dc(e)->base.sim ? "sim" : "device");
	return -EOPNOTSUPP;
}

static size_t dce_fds(struct dcd_engine *e, struct dcd_engine_fd *out)
{
	struct dc_engine *de = to_dc(e);
	size_t n = 0;

	if (de->irq_fd >= 0)
		out[n++] = (struct dcd_engine_fd){ de->irq_fd, DCD_ENGINE_FD_IRQ };
	if (de->timer_fd >= 0)
		out[n++] = (struct dcd_engine_fd){ de->timer_fd, DCD_ENGINE_FD_TIMER };
	if (de->monitor)
		out[n++] = (struct dcd_engine_fd){ dcv_monitor_fd(de->monitor),
						   DCD_ENGINE_FD_MONITOR };
	return n;
}

static void dce_handle_irq(struct dcd_engine *e)
{
	struct dc_engine *de = to_dc(e);

	de->ops->irq_consume(de);
	dc_handle_irq(de->dc);
	/*
	 * Vectors written while the ring drained raised the interrupt again
	 * (and were mostly read already): clear it and look once more, so the
	 * loop does not wake up for an empty ring ahead of clients.
	 */
	for (int i = 0; i < 4 && dc_ih_attached(de->dc); i++) {
		de->ops->irq_consume(de);
		if (!dc_ih_pending(de->dc))
			break;
		dc_handle_irq(de->dc);
	}
}

static bool dce_irq_pending(struct dcd_engine *e)
{
	return dc_ih_pending(to_dc(e)->dc);
}

static void dce_timer(struct dcd_engine *e)
{
	sim_dispatch(to_dc(e)->sim);
}

static bool dce_monitor(struct dcd_engine *e)
{
	struct dc_engine *de = to_dc(e);
	int r;

	if (!de->monitor || e->lost)
		return e->lost;
	r = dcv_monitor_dispatch(de->monitor);
	if (r < 0) {
		log_warning("device monitor: %s", strerror(-r));
		return false;
	}
	if (r & (DCV_MONITOR_RELEASED | DCV_MONITOR_REMOVED) || dcv_removed(de->dev)) {
		e->lost = true;
		log_error("GPU %s: %s; its outputs are gone, clients stay connected",
			  dcv_address(de->dev),
			  r & DCV_MONITOR_RELEASED ? "the kernel asked for the device back"
						   : "the device was removed");
	}
	return e->lost;
}

static uint64_t dce_next_deadline(struct dcd_engine *e)
{
	return dc_next_deadline(to_dc(e)->dc);
}

static void dce_dispatch(struct dcd_engine *e)
{
	dc_dispatch(to_dc(e)->dc);
}

static int dce_ih_attach(struct dcd_engine *e, void *mem, uint64_t address, uint32_t ring_bytes,
			 bool no_interrupt)
{
	struct dc_ih_ring ring = {
		.ring = mem,
		.ring_addr = address,
		.ring_bytes = ring_bytes,
		.wptr = (char *)mem + ring_bytes,
		.wptr_addr = address + ring_bytes,
		.no_interrupt = no_interrupt,
	};

	return dc_ih_attach(to_dc(e)->dc, &ring);
}

static void dce_ih_detach(struct dcd_engine *e)
{
	dc_ih_detach(to_dc(e)->dc);
}

static void dce_poll(struct dcd_engine *e)
{
	dc_handle_irq(to_dc(e)->dc);
}

static void dce_destroy(struct dcd_engine *e)
{
	struct dc_engine *de = to_dc(e);

	if (!de)
		return;
	dc_destroy(de->dc);
	dcd_scanout_free(de->scanout);
	dcv_monitor_free(de->monitor);
	dcv_close(de->dev);
	sim_destroy(de->sim);
	if (de->iova_ready)
		dcv_iova_fini(&de->iova);
	free(de->sim_state_path);
	free(de);
}

/* The kernel's leases are a KMS engine's; Display Core has no kernel driver to lease from. */
static int dce_kms_lease(struct dcd_engine *e, const unsigned *links, size_t n, uint32_t *lessee_id,
			 int *fd, char *name, size_t name_size, char *why, size_t why_size)
{
	snprintf(why, why_size, "this dcd drives Display Core; KMS leases need dcd --kms");
	return -EOPNOTSUPP;
}

static int dce_kms_lease_revoke(struct dcd_engine *e, uint32_t lessee_id, char *why,
				size_t why_size)
{
	snprintf(why, why_size, "this dcd drives Display Core and made no KMS lease %u", lessee_id);
	return -ENOENT;
}

#define DC_ENGINE_OPS(engine_name)                                                                \
	{                                                                                         \
		.name = engine_name, .info = dce_info, .link_count = dce_link_count,              \
		.link_name = dce_link_name, .link_by_name = dce_link_by_name,                     \
		.link_type = dce_link_type, .link_status = dce_link_status,                       \
		.link_sink = dce_link_sink, .link_modes = dce_link_modes, .detect = dce_detect,   \
		.plane_caps = dce_plane_caps, .validate = dce_validate, .commit = dce_commit,     \
		.current = dce_current, .snapshot = dce_snapshot,                                 \
		.clock_agrees = dce_clock_agrees, .adopt = dce_adopt, .flip = dce_flip,           \
		.cursor = dce_cursor, .vblank_enable = dce_vblank_enable,                         \
		.in_bus_wait = dce_in_bus_wait, .map = dce_map, .map_at = dce_map_at,             \
		.unmap = dce_unmap, .fb_alloc = dce_fb_alloc, .fb_import = dce_fb_import,         \
		.kms_lease = dce_kms_lease, .kms_lease_revoke = dce_kms_lease_revoke,             \
		.fds = dce_fds, .handle_irq = dce_handle_irq, .irq_pending = dce_irq_pending,     \
		.timer = dce_timer, .monitor = dce_monitor, .next_deadline = dce_next_deadline,   \
		.dispatch = dce_dispatch, .ih_attach = dce_ih_attach, .ih_detach = dce_ih_detach, \
		.poll = dce_poll, .destroy = dce_destroy,                                         \
	}

/* The state file records "sim" or "device": two tables that differ in the name. */
static const struct dcd_engine_ops dc_sim_engine_ops = DC_ENGINE_OPS("sim");
static const struct dcd_engine_ops dc_device_engine_ops = DC_ENGINE_OPS("device");

int dcd_engine_dc_open(struct dcd *dcd, struct dcd_engine **out)
{
	struct dc_engine *de = calloc(1, sizeof(*de));
	bool sim = dcd->opts.backend == DCD_BACKEND_SIM;
	struct engine_vbios vbios = { .image = NULL };
	int r;

	*out = NULL;
	if (!de)
		return -ENOMEM;
	de->dcd = dcd;
	de->irq_fd = de->timer_fd = -1;
	de->log_rl = DCD_RATELIMIT_INIT(5000, 20);
	de->base.ops = sim ? &dc_sim_engine_ops : &dc_device_engine_ops;
	de->ops = sim ? &sim_ops : &device_ops;
	r = sim ? open_sim(de) : open_device(de, dcd->opts.device);
	if (r == 0)
		r = pick_vbios(de, &vbios);
	if (r == 0 && !sim)
		r = device_board(de, &vbios);
	if (r == 0) {
		r = dc_create(de->hw, &de->board, &de->dc);
		if (r < 0)
			log_error("Display Core: cannot start on this engine: %s", strerror(-r));
	}
	if (r == 0) {
		dc_set_log_handler(de->dc, dc_log_handler, de);
		dc_set_events(de->dc, &dc_events, de);
		r = give_vbios(de, &vbios);
	}
	if (r == 0)
		r = post_gpu(de);
	free(vbios.owned);
	if (r == 0)
		open_scanout(de);
	if (r < 0) {
		dce_destroy(&de->base);
		return r;
	}
	*out = &de->base;
	return 0;
}
