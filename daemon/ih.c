/*
 * How the engine's interrupts reach dcd: the IH ring (dc/include/dc_ih.h).
 * dcd allocates the ring and a page for the write-pointer writeback, maps
 * both for device writes through the backend (VFIO DMA with write access,
 * the simulator's IOMMU) and hands them to Display Core, which programs
 * the IH block. The ring is 4 KiB, 256 vectors: the kernel's tonga_ih.c /
 * cz_ih.c take 64 KiB because theirs also carries the GPU's graphics, DMA
 * and page-fault sources; dcd's carries display sources alone, a few per
 * pipe and frame, drained at each interrupt, and an overflow is recovered
 * by a scan of every source.
 *
 * Ring mode (the default): the engine's MSI/INTx fd (on_irq in dcd.c)
 * drains it. Poll mode (--interrupts poll, dcd.json "interrupts"): the IH
 * writes vectors without raising an interrupt and a timer drains the ring
 * every poll interval; for hosts where MSI/INTx cannot be delivered.
 * Without DMA (UIO) there is no ring at all, and dcd polls the interrupt
 * status registers with the same timer. docs/hardware.md, "The IH ring".
 *
 * Started after recovery re-mapped adopted framebuffers at their old device
 * addresses, so the ring never takes one of theirs; a restart programs the
 * block again with new memory, which touches no display block.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>

#include "dcd.h"

#define IH_RING_BYTES 4096u
#define IH_MEM_BYTES  (IH_RING_BYTES + 4096u) /* the writeback slot has a page of its own */

static int on_poll(sd_event_source *s, uint64_t usec, void *data)
{
	struct dcd *dcd = data;
	uint64_t now = 0;

	if (!dcd->engine->lost) {
		dcd->in_dc = true;
		dcd->engine->ops->poll(dcd->engine);
		dcd->in_dc = false;
	}
	/* from now, not from the last expiry: a late loop does not catch up in a burst */
	sd_event_now(dcd->event, CLOCK_MONOTONIC, &now);
	sd_event_source_set_time(s, (now > usec ? now : usec) + dcd->ih.poll_ms * 1000ull);
	sd_event_source_set_enabled(s, SD_EVENT_ON);
	dcd_process(dcd);
	return 0;
}

static void unmap_ring(struct dcd *dcd)
{
	if (dcd->ih.mapped)
		dcd_engine_unmap(dcd, dcd->ih.iova);
	if (dcd->ih.mem)
		munmap(dcd->ih.mem, IH_MEM_BYTES);
	dcd->ih.mem = NULL;
	dcd->ih.mapped = false;
}

/* 0 with the ring attached, or -errno (the caller polls the status registers). */
static int attach_ring(struct dcd *dcd, bool poll)
{
	char why[512] = "";
	void *mem;
	int r;

	mem = mmap(NULL, IH_MEM_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		r = -errno;
		log_warning("IH ring: cannot allocate %u bytes: %s", IH_MEM_BYTES, strerror(-r));
		return r;
	}
	dcd->ih.mem = mem;
	r = dcd->engine->lost ? -ENODEV
			      : dcd->engine->ops->map(dcd->engine, mem, IH_MEM_BYTES, true,
						      &dcd->ih.iova, why, sizeof(why));
	if (r < 0) {
		log_warning("IH ring: the engine cannot write to memory of dcd: %s", why);
		unmap_ring(dcd);
		return r;
	}
	dcd->ih.mapped = true;
	dcd->in_dc = true;
	r = dcd->engine->ops->ih_attach(dcd->engine, mem, dcd->ih.iova, IH_RING_BYTES, poll);
	dcd->in_dc = false;
	if (r < 0)
		unmap_ring(dcd);
	return r;
}

int dcd_ih_start(struct dcd *dcd)
{
	enum dcd_irq_mode mode = dcd->opts.irq_mode;
	bool ring;
	int r;

	/* An engine without an IH (KMS: the kernel's events on the DRM fd) */
	if (!dcd->engine->ops->ih_attach)
		return 0;
	if (mode == DCD_IRQ_DEFAULT)
		mode = dcd->config.irq_poll ? DCD_IRQ_POLL : DCD_IRQ_RING;
	dcd->ih.poll_ms = dcd->opts.poll_interval_ms ? dcd->opts.poll_interval_ms
						     : dcd->config.poll_interval_ms;
	ring = attach_ring(dcd, mode == DCD_IRQ_POLL) == 0;
	if (!ring && mode == DCD_IRQ_RING) {
		log_warning("interrupts: no IH ring, so no interrupt can arrive; polling the "
			    "interrupt status registers every %u ms instead",
			    dcd->ih.poll_ms);
		mode = DCD_IRQ_POLL;
	}
	dcd->ih.mode = mode;
	if (mode == DCD_IRQ_RING) {
		log_info("interrupts: the IH ring (%u KiB at device address 0x%llx) and %s",
			 IH_RING_BYTES / 1024, (unsigned long long)dcd->ih.iova,
			 dcd->irq_src ? "its interrupt" : "no interrupt fd");
		return 0;
	}
	/* nothing arrives on the interrupt fd in poll mode */
	sd_event_source_set_enabled(dcd->irq_src, SD_EVENT_OFF);
	r = sd_event_add_time_relative(dcd->event, &dcd->ih.poll_src, CLOCK_MONOTONIC,
				       dcd->ih.poll_ms * 1000ull, 1, on_poll, dcd);
	if (r >= 0)
		r = sd_event_source_set_priority(dcd->ih.poll_src, SD_EVENT_PRIORITY_IMPORTANT);
	if (r < 0) {
		log_error("interrupts: poll timer: %s", strerror(-r));
		return r;
	}
	log_notice("interrupts: polled every %u ms (%s)", dcd->ih.poll_ms,
		   ring ? "the IH ring, which raises no interrupt" : "the status registers");
	return 0;
}

void dcd_ih_stop(struct dcd *dcd)
{
	dcd->ih.poll_src = sd_event_source_disable_unref(dcd->ih.poll_src);
	/* the engine stops writing before the memory goes */
	if (dcd->engine && dcd->engine->ops->ih_detach)
		dcd->engine->ops->ih_detach(dcd->engine);
	unmap_ring(dcd);
}
