/*
 * The display engine behind Display Core: the simulator (--sim, real time,
 * its hardware state in a file under --state-dir so a restarted dcd finds
 * it) or a GPU through vfio/ (--device, or the first supported one).
 * Besides the struct dc_hw, a backend gives framebuffers device addresses:
 * the simulator's IOMMU (sim_map_memory) with addresses from the shared
 * IOVA allocator, or VFIO DMA mappings.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "dc_vfio.h"
#include "dcd.h"
#include "recovery.h"
#include "sim.h"

#define SIM_STATE_FILE "sim-state"

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
#define SIM_IOVA_BASE (1ull << 20)
#define SIM_IOVA_END  (1ull << 40)
#define PAGE_BYTES    4096ull

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

static int open_sim(struct dcd *dcd)
{
	struct dcd_backend *b = &dcd->backend;
	struct sim_options so = { .scenario_path = dcd->opts.scenario, .clock = SIM_CLOCK_REAL };
	struct dcv_iova_range all = { SIM_IOVA_BASE, SIM_IOVA_END - 1 };
	struct sim_error err = { "" };
	char attach_path[PATH_MAX] = "";
	int r, device_fd;
	struct stat st;

	if (dcd->opts.state_dir) {
		if (asprintf(&b->sim_state_path, "%s/%s", dcd->opts.state_dir, SIM_STATE_FILE) < 0)
			return -ENOMEM;
		if (mkdir(dcd->opts.state_dir, 0700) < 0 && errno != EEXIST) {
			r = -errno;
			log_error("state directory %s: %s", dcd->opts.state_dir, strerror(-r));
			return r;
		}
		so.state_path = b->sim_state_path;
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
	else if (b->sim_state_path)
		snprintf(attach_path, sizeof(attach_path), "%s", b->sim_state_path);
	if (attach_path[0] && stat(attach_path, &st) == 0) {
		r = sim_attach(attach_path, &b->sim, &err);
		if (r == 0) {
			b->adopt_engine = true;
			log_notice("simulator: attached to the engine in %s%s", b->sim_state_path,
				   dcd->opts.scenario
					   ? " (its own scenario; the --sim file is ignored)"
					   : "");
		} else {
			log_warning("simulator: %s; starting a new engine", err.msg);
		}
	}
	if (device_fd >= 0)
		close(device_fd);
	if (!b->sim) {
		r = sim_create(&so, &b->sim, &err);
		if (r < 0) {
			log_error("simulator: %s", err.msg);
			return r;
		}
		log_notice("simulator: %s scenario%s%s, %s engine",
			   dcd->opts.scenario ? "" : "built-in", dcd->opts.scenario ? " " : "",
			   dcd->opts.scenario ? dcd->opts.scenario : "", sim_asic_name(b->sim));
	}
	/* systemd keeps the hardware's file open across restarts */
	if (b->sim_state_path && device_fd < 0) {
		int fd = open(b->sim_state_path, O_RDWR | O_CLOEXEC);

		if (fd >= 0) {
			dcd_fdstore_device(dcd, fd);
			close(fd);
		}
	}
	r = sim_board(b->sim, &b->board);
	if (r < 0) {
		log_error("simulator: its connectors do not make a board Display Core knows");
		return r;
	}
	r = dcv_iova_init(&b->iova, &all, 1, SIM_IOVA_BASE, SIM_IOVA_END - SIM_IOVA_BASE);
	if (r < 0)
		return r;
	b->hw = sim_hw(b->sim);
	/* the IH's MSI, as on a GPU (the engine's own line never reaches a host) */
	b->irq_fd = sim_msi_fd(b->sim);
	b->timer_fd = sim_timer_fd(b->sim);
	return 0;
}

static int open_device(struct dcd *dcd)
{
	struct dcd_backend *b = &dcd->backend;
	struct dcv_open_opts oo = { .access = (enum dcv_access)dcd->opts.access };
	struct dcv_error err = { "" };
	struct dcv_gpu gpu;
	int r;

	/* A GPU's registers are as whoever drove it last left them. */
	b->adopt_engine = true;
	r = dcv_open_gpu(dcd->opts.device, &oo, &gpu, &b->dev, &err);
	if (r < 0) {
		/* The message is written for the administrator: print it as it is. */
		log_error("%s", err.msg);
		return r;
	}
	log_notice("GPU %s [%04x:%04x] (%s) through %s, interrupts: %s", gpu.address, gpu.vendor_id,
		   gpu.device_id, dc_asic_name(gpu.asic), dcv_access_name(dcv_access_used(b->dev)),
		   dcv_irq_mode_name(dcv_irq_mode_used(b->dev)));
	r = dc_board_default(gpu.asic, &b->board);
	if (r < 0)
		return r;
	r = dcv_monitor_new(b->dev, &b->monitor, &err);
	if (r < 0)
		log_warning("%s (removal will not be noticed)", err.msg);
	b->hw = dcv_hw(b->dev);
	b->irq_fd = dcv_irq_fd(b->dev);
	b->timer_fd = -1;
	return 0;
}

/* No --sim and no --device: a supported GPU, or advice. */
static int find_device(struct dcd *dcd)
{
	struct dcv_error err = { "" };
	struct dcv_gpu gpu;
	int r;

	r = dcv_find_gpu(NULL, NULL, &gpu, &err);
	if (r == 0) {
		dcd->opts.device = NULL;
		return open_device(dcd);
	}
	/* vfio/'s sentence says what was looked for and what was found. */
	log_error("%s", err.msg);
	log_error("to run without hardware, start the simulated engine: dcd --sim (the built-in "
		  "scenario) or dcd --sim SCENARIO.json (docs/scenarios.md)");
	return -ENODEV;
}

/*
 * What differs between the engines for memory and interrupts, chosen once
 * at open: request handlers, fb.c and recovery call dcd_backend_map and
 * friends and never ask which engine runs.
 */
struct dcd_backend_ops {
	const char *name; /* the state file's "engine" */
	/* device_writes: the engine writes there (the IH ring), else it only reads */
	int (*map)(struct dcd_backend *b, void *ptr, uint64_t size, bool device_writes,
		   uint64_t *iova, char *why, size_t why_size);
	/* -EOPNOTSUPP where the old mapping outlives dcd elsewhere */
	int (*map_at)(struct dcd_backend *b, void *ptr, uint64_t size, uint64_t iova);
	void (*unmap)(struct dcd_backend *b, uint64_t iova);
	void (*irq_consume)(struct dcd_backend *b);
	/* VRAM as the host sees it: the BAR */
	int (*vram)(struct dcd_backend *b, void **ptr, uint64_t *size, char *why, size_t why_size);
};

static uint64_t page_round(uint64_t size)
{
	return (size + PAGE_BYTES - 1) & ~(PAGE_BYTES - 1);
}

/* The simulator's IOMMU: addresses from the shared IOVA allocator. */
static int sim_map(struct dcd_backend *b, void *ptr, uint64_t size, bool device_writes,
		   uint64_t *iova, char *why, size_t why_size)
{
	uint64_t pages = page_round(size);
	int r;

	r = dcv_iova_alloc(&b->iova, pages, PAGE_BYTES, iova);
	if (r < 0) {
		snprintf(why, why_size, "no device address range of %llu bytes left: %s",
			 (unsigned long long)pages, strerror(-r));
		return r;
	}
	r = device_writes ? sim_map_memory_rw(b->sim, *iova, ptr, size)
			  : sim_map_memory(b->sim, *iova, ptr, size);
	if (r < 0) {
		dcv_iova_free(&b->iova, *iova, NULL);
		snprintf(why, why_size, "simulator mapping: %s", strerror(-r));
	}
	return r;
}

static int sim_map_at(struct dcd_backend *b, void *ptr, uint64_t size, uint64_t iova)
{
	int r = dcv_iova_reserve(&b->iova, iova, page_round(size));

	if (r < 0)
		return r;
	r = sim_map_memory(b->sim, iova, ptr, size);
	if (r < 0)
		dcv_iova_free(&b->iova, iova, NULL);
	return r;
}

static void sim_unmap(struct dcd_backend *b, uint64_t iova)
{
	sim_unmap_memory(b->sim, iova);
	dcv_iova_free(&b->iova, iova, NULL);
}

/* The IH's MSI is an eventfd counter: read it to clear it. */
static void sim_irq_consume(struct dcd_backend *b)
{
	uint64_t n;

	if (read(sim_msi_fd(b->sim), &n, sizeof(n)) < 0 && errno != EAGAIN)
		log_warning("simulator: interrupt: %s", strerror(errno));
}

/* The simulated engine's VRAM: part of its state (the file, when there is one). */
static int sim_vram_bar(struct dcd_backend *b, void **ptr, uint64_t *size, char *why,
			size_t why_size)
{
	*ptr = sim_vram(b->sim, size);
	if (!*ptr) {
		snprintf(why, why_size, "the simulated engine has no VRAM");
		return -ENXIO;
	}
	return 0;
}

static const struct dcd_backend_ops sim_ops = {
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
static int device_map(struct dcd_backend *b, void *ptr, uint64_t size, bool device_writes,
		      uint64_t *iova, char *why, size_t why_size)
{
	struct dcv_error verr = { "" };
	int r = dcv_dma_map(b->dev, ptr, page_round(size),
			    device_writes ? DCV_DMA_DEVICE_READS_WRITES : DCV_DMA_DEVICE_READS,
			    iova, &verr);

	if (r < 0)
		snprintf(why, why_size, "%s", verr.msg);
	return r;
}

/* On a GPU the old mapping lives in the VFIO container, not here. */
static int device_map_at(struct dcd_backend *b, void *ptr, uint64_t size, uint64_t iova)
{
	(void)b, (void)ptr, (void)size, (void)iova;
	return -EOPNOTSUPP;
}

static void device_unmap(struct dcd_backend *b, uint64_t iova)
{
	if (b->dev)
		dcv_dma_unmap(b->dev, iova);
}

static void device_irq_consume(struct dcd_backend *b)
{
	if (b->dev)
		dcv_irq_consume(b->dev);
}

/* A GPU's VRAM aperture, BAR 0 (the kernel's aper_base on dGPUs). */
static int device_vram(struct dcd_backend *b, void **ptr, uint64_t *size, char *why,
		       size_t why_size)
{
	struct dcv_error verr = { "" };
	int r = dcv_vram_map(b->dev, ptr, size, &verr);

	if (r < 0)
		snprintf(why, why_size, "%s", verr.msg);
	return r;
}

static const struct dcd_backend_ops device_ops = {
	.name = "device",
	.map = device_map,
	.map_at = device_map_at,
	.unmap = device_unmap,
	.irq_consume = device_irq_consume,
	.vram = device_vram,
};

const char *dcd_backend_name(const struct dcd *dcd)
{
	return dcd->backend.ops ? dcd->backend.ops->name : "none";
}

void dcd_backend_irq_consume(struct dcd *dcd)
{
	struct dcd_backend *b = &dcd->backend;

	if (b->ops && !b->lost)
		b->ops->irq_consume(b);
}

int dcd_backend_map(struct dcd *dcd, const void *ptr, uint64_t size, uint64_t *iova,
		    struct dcp_error *err)
{
	struct dcd_backend *b = &dcd->backend;
	char why[DCP_MAX_TEXT] = "";
	int r;

	if (b->lost || !b->ops)
		return dcp_error_set(err, -ENODEV, DCP_REASON_INTERNAL, 0,
				     "FB_CREATE: the display device is gone");
	r = b->ops->map(b, (void *)ptr, size, false, iova, why, sizeof(why));
	if (r < 0)
		return dcp_error_set(err, r, DCP_REASON_INTERNAL, 0, "FB_CREATE: %s", why);
	return 0;
}

int dcd_backend_map_rw(struct dcd *dcd, void *ptr, uint64_t size, uint64_t *iova, char *why,
		       size_t why_size)
{
	struct dcd_backend *b = &dcd->backend;

	if (b->lost || !b->ops) {
		snprintf(why, why_size, "the display device is gone");
		return -ENODEV;
	}
	return b->ops->map(b, ptr, size, true, iova, why, why_size);
}

int dcd_backend_vram(struct dcd *dcd, void **ptr, uint64_t *size, char *why, size_t why_size)
{
	struct dcd_backend *b = &dcd->backend;

	if (b->lost || !b->ops) {
		snprintf(why, why_size, "the display device is gone");
		return -ENODEV;
	}
	return b->ops->vram(b, ptr, size, why, why_size);
}

int dcd_backend_map_at(struct dcd *dcd, const void *ptr, uint64_t size, uint64_t iova)
{
	struct dcd_backend *b = &dcd->backend;

	if (b->lost || !b->ops)
		return -ENODEV;
	return b->ops->map_at(b, (void *)ptr, size, iova);
}

void dcd_backend_unmap(struct dcd *dcd, uint64_t iova)
{
	struct dcd_backend *b = &dcd->backend;

	if (b->ops)
		b->ops->unmap(b, iova);
}

int dcd_backend_open(struct dcd *dcd)
{
	struct dcd_backend *b = &dcd->backend;

	b->irq_fd = b->timer_fd = -1;
	switch (dcd->opts.backend) {
	case DCD_BACKEND_SIM:
		b->kind = DCD_BACKEND_SIM;
		b->ops = &sim_ops;
		return open_sim(dcd);
	case DCD_BACKEND_DEVICE:
		b->kind = DCD_BACKEND_DEVICE;
		b->ops = &device_ops;
		return open_device(dcd);
	case DCD_BACKEND_AUTO:
		b->kind = DCD_BACKEND_DEVICE;
		b->ops = &device_ops;
		return find_device(dcd);
	}
	return -EINVAL;
}

/*
 * The engine's video BIOS for Display Core: the image the simulated engine
 * serves (its scenario's "vbios"). Reading the ROM of a GPU is not done
 * yet (docs/bios.md), so there Display Core runs without one.
 */
int dcd_backend_vbios(struct dcd *dcd)
{
	struct dc_error err = { 0 };
	const uint8_t *image;
	size_t len = 0;
	int r;

	if (dcd->backend.kind != DCD_BACKEND_SIM || !dcd->backend.sim)
		return 0;
	image = sim_vbios(dcd->backend.sim, &len);
	if (!image)
		return 0;
	r = dc_set_vbios(dcd->dc, image, len, &err);
	if (r < 0)
		log_error("simulator: %s", err.message);
	else
		log_info("video BIOS %s (%s)", dc_vbios_version(dcd->dc), dc_vbios_date(dcd->dc));
	return r;
}

void dcd_backend_close(struct dcd *dcd)
{
	struct dcd_backend *b = &dcd->backend;

	dcv_monitor_free(b->monitor);
	dcv_close(b->dev);
	sim_destroy(b->sim);
	if (b->ops == &sim_ops)
		dcv_iova_fini(&b->iova);
	free(b->sim_state_path);
	memset(b, 0, sizeof(*b));
	b->irq_fd = b->timer_fd = -1;
}

bool dcd_backend_check_removed(struct dcd *dcd)
{
	struct dcd_backend *b = &dcd->backend;
	int r;

	if (!b->monitor || b->lost)
		return b->lost;
	r = dcv_monitor_dispatch(b->monitor);
	if (r < 0) {
		log_warning("device monitor: %s", strerror(-r));
		return false;
	}
	if (r & (DCV_MONITOR_RELEASED | DCV_MONITOR_REMOVED) || dcv_removed(b->dev)) {
		b->lost = true;
		log_error("GPU %s: %s; its outputs are gone, clients stay connected",
			  dcv_address(b->dev),
			  r & DCV_MONITOR_RELEASED ? "the kernel asked for the device back"
						   : "the device was removed");
	}
	return b->lost;
}
