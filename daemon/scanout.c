/*
 * Client frames into VRAM (scanout.h). Why a copy and not the client's
 * memory itself: DCE reaches system memory only through the GART (a page
 * table dcd would own in VRAM) or the AGP aperture, and the parts' public
 * headers and the kernel leave too much of both unsaid (docs/hardware.md,
 * "Scanout memory"); VRAM through the frame buffer range is what every
 * posted GPU maps. The copy costs what tests/bench's scanout_copy measures.
 *
 * Buffers: per output and plane two of the plane's size, allocated at the
 * first copy and again when the size changes (the old pair is freed after
 * the new address was handed to the engine). The one written is always
 * the one not on screen; FLIP's queue depth of 1 means the other is free
 * once the previous flip completed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "dcd.h"
#include "scanout.h"

struct plane_bufs {
	uint64_t size;	 /* bytes of each buffer, 0: none */
	uint64_t off[2]; /* VRAM offsets; UINT64_MAX: not allocated */
	int shown;	 /* the buffer last handed to the engine, -1: none */
};

/*
 * The directory: what dcd keeps in VRAM's second page about its buffers,
 * written at every copy (a few words), read back by the next dcd after a
 * crash. VRAM keeps it as it keeps the pictures, so the next dcd knows
 * both buffers of a plane (the one shown and the one a flip may still be
 * latching) and the framebuffer each was copied from. Read as untrusted:
 * a magic, then every offset checked against VRAM.
 */
#define DIR_MAGIC  0x7269446d61725644ull /* "DVramDir" */
#define DIR_OFFSET DC_VRAM_ALIGN

struct dir_entry {
	uint64_t size;
	uint64_t off[2]; /* UINT64_MAX: none */
	int32_t shown;
	uint32_t fb_id[2];
};

struct vram_dir {
	uint64_t magic;
	struct dir_entry e[DC_MAX_LINKS][DCD_SCANOUT_PLANES];
};

struct dcd_scanout {
	uint8_t *bar;
	uint64_t bar_bytes;
	struct dc_vram_view view;
	struct dc_vram alloc;
	struct plane_bufs planes[DC_MAX_LINKS][DCD_SCANOUT_PLANES];
	uint32_t fb_id[DC_MAX_LINKS][DCD_SCANOUT_PLANES][2];
	struct vram_dir old;  /* what the last dcd left, for adoption */
	struct vram_dir *dir; /* in VRAM */
};

/* The directory entry of a plane as it is now. */
static void dir_write(struct dcd_scanout *s, unsigned link, unsigned plane)
{
	const struct plane_bufs *b = &s->planes[link][plane];
	struct dir_entry *e = &s->dir->e[link][plane];

	e->size = b->size;
	e->off[0] = b->off[0];
	e->off[1] = b->off[1];
	e->shown = b->shown;
	e->fb_id[0] = s->fb_id[link][plane][0];
	e->fb_id[1] = s->fb_id[link][plane][1];
}

static void bufs_reset(struct plane_bufs *b)
{
	*b = (struct plane_bufs){ .off = { UINT64_MAX, UINT64_MAX }, .shown = -1 };
}

static void bufs_free(struct dcd_scanout *s, struct plane_bufs *b)
{
	for (int i = 0; i < 2; i++) {
		if (b->off[i] != UINT64_MAX)
			dc_vram_free(&s->alloc, b->off[i], b->size);
	}
	bufs_reset(b);
}

int dcd_scanout_init(struct dcd *dcd)
{
	struct dcd_scanout *s = calloc(1, sizeof(*s));
	char why[256] = "";
	void *bar;
	uint64_t scratch;
	int r;

	if (!s)
		return -ENOMEM;
	r = dcd_backend_vram(dcd, &bar, &s->bar_bytes, why, sizeof(why));
	if (r == 0) {
		s->bar = bar;
		/* the first page is the MC's default page (the kernel's scratch page) */
		scratch = 0;
		r = dc_vram_attach(dcd->dc, s->bar_bytes, scratch, &s->view, why, sizeof(why));
	}
	if (r == 0)
		r = dc_vram_init(&s->alloc, s->view.usable);
	if (r == 0)
		r = dc_vram_reserve(&s->alloc, scratch, DC_VRAM_ALIGN);
	if (r == 0)
		r = dc_vram_reserve(&s->alloc, DIR_OFFSET,
				    (sizeof(struct vram_dir) + DC_VRAM_ALIGN - 1) &
					    ~(uint64_t)(DC_VRAM_ALIGN - 1));
	if (r < 0) {
		log_error("scanout memory: %s", why[0] ? why : strerror(-r));
		dc_vram_fini(&s->alloc);
		free(s);
		return r;
	}
	/* the last dcd's directory is read once, then this one's replaces it */
	s->dir = (struct vram_dir *)(s->bar + DIR_OFFSET);
	memcpy(&s->old, s->dir, sizeof(s->old));
	if (s->old.magic != DIR_MAGIC)
		memset(&s->old, 0, sizeof(s->old));
	memset(s->dir, 0, sizeof(*s->dir));
	s->dir->magic = DIR_MAGIC;
	for (unsigned l = 0; l < DC_MAX_LINKS; l++)
		for (unsigned p = 0; p < DCD_SCANOUT_PLANES; p++) {
			bufs_reset(&s->planes[l][p]);
			dir_write(s, l, p);
		}
	dcd->scanout = s;
	log_info("scanout memory: %llu MiB of VRAM at MC address 0x%llx, %llu MiB through the BAR",
		 (unsigned long long)(s->view.fb_bytes >> 20), (unsigned long long)s->view.fb_base,
		 (unsigned long long)(s->view.usable >> 20));
	return 0;
}

void dcd_scanout_fini(struct dcd *dcd)
{
	if (!dcd->scanout)
		return;
	dc_vram_fini(&dcd->scanout->alloc);
	free(dcd->scanout);
	dcd->scanout = NULL;
}

/*
 * Both buffers of b at size bytes. A new size starts a new pair and hands
 * the old one back in old (to be freed once the engine was told); if the
 * new pair does not fit, b stays as it was.
 */
static int bufs_alloc(struct dcd_scanout *s, struct plane_bufs *b, uint64_t size,
		      struct plane_bufs *old, char *why, size_t why_size)
{
	bufs_reset(old);
	if (b->size != size) {
		*old = *b;
		bufs_reset(b);
		b->size = size;
	}
	for (int i = 0; i < 2; i++) {
		int r;

		if (b->off[i] != UINT64_MAX)
			continue;
		r = dc_vram_alloc(&s->alloc, size, DC_VRAM_ALIGN, &b->off[i], why, why_size);
		if (r < 0) {
			b->off[i] = UINT64_MAX;
			if (old->size || old->off[0] != UINT64_MAX) {
				bufs_free(s, b);
				*b = *old;
				bufs_reset(old);
			}
			return r;
		}
	}
	return 0;
}

/*
 * The buffer to write: not the one the engine was last given for this
 * plane. That is what Display Core's current state holds (flips included),
 * so a commit or flip that failed after its copy does not count.
 */
static int other_than_shown(struct dcd *dcd, const struct dcd_scanout *s, unsigned link,
			    enum dcd_scanout_plane plane, const struct plane_bufs *b)
{
	const struct dc_stream *st = dcd->dc ? dcd_current_stream(dcd, link) : NULL;
	uint64_t on = 0;

	if (st && plane == DCD_SCANOUT_PRIMARY && st->primary.enabled)
		on = st->primary.address;
	else if (st && plane == DCD_SCANOUT_CURSOR && st->cursor.enabled)
		on = st->cursor.address;
	else
		return b->shown == 0 ? 1 : 0;
	return b->off[0] != UINT64_MAX && on == s->view.fb_base + b->off[0] ? 1 : 0;
}

int dcd_scanout_copy(struct dcd *dcd, unsigned link, enum dcd_scanout_plane plane,
		     const struct dcd_fb *fb, uint64_t *address, struct dcp_error *err)
{
	struct dcd_scanout *s = dcd->scanout;
	uint64_t bytes = (uint64_t)fb->layout.pitches[0] * fb->layout.height;
	struct plane_bufs *b, old;
	char why[DCP_MAX_TEXT] = "";
	int next, r;

	if (!s || link >= DC_MAX_LINKS)
		return dcp_error_set(err, -ENODEV, DCP_REASON_INTERNAL, 0,
				     "no scanout memory: the display device has no VRAM mapped");
	if (fb->layout.offsets[0] > fb->map.size || bytes > fb->map.size - fb->layout.offsets[0])
		return dcp_error_set(err, -EINVAL, DCP_REASON_ARGUMENT, 0,
				     "framebuffer %u: %llu bytes from offset %u pass its %zu",
				     fb->id, (unsigned long long)bytes, fb->layout.offsets[0],
				     fb->map.size);
	b = &s->planes[link][plane];
	r = bufs_alloc(s, b, (bytes + DC_VRAM_ALIGN - 1) & ~(uint64_t)(DC_VRAM_ALIGN - 1), &old,
		       why, sizeof(why));
	if (r < 0)
		return dcp_error_set(err, r, DCP_REASON_LIMIT, 0, "%s: %s",
				     dc_link_name(dcd->dc, link), why);
	next = other_than_shown(dcd, s, link, plane, b);
	memcpy(s->bar + b->off[next], (const uint8_t *)fb->map.data + fb->layout.offsets[0], bytes);
	b->shown = next;
	s->fb_id[link][plane][next] = fb->id;
	dir_write(s, link, (unsigned)plane);
	*address = s->view.fb_base + b->off[next];
	/* the engine switches at its next frame; nothing else is copied before then */
	if (old.size)
		bufs_free(s, &old);
	return 0;
}

/* off .. off + size lies in the VRAM both reach and is page aligned. */
static bool in_vram(const struct dcd_scanout *s, uint64_t off, uint64_t size)
{
	return off % DC_VRAM_ALIGN == 0 && off < s->view.usable && size &&
	       size <= s->view.usable - off;
}

bool dcd_scanout_adopt(struct dcd *dcd, unsigned link, enum dcd_scanout_plane plane,
		       uint64_t address, uint64_t bytes, uint32_t *fb_id)
{
	struct dcd_scanout *s = dcd->scanout;
	const struct dir_entry *e;
	struct plane_bufs *b;
	uint64_t off, size = (bytes + DC_VRAM_ALIGN - 1) & ~(uint64_t)(DC_VRAM_ALIGN - 1);

	*fb_id = 0;
	if (!s || link >= DC_MAX_LINKS || address < s->view.fb_base)
		return false;
	off = address - s->view.fb_base;
	if (!in_vram(s, off, size))
		return false;
	b = &s->planes[link][plane];
	bufs_free(s, b);
	if (dc_vram_reserve(&s->alloc, off, size) < 0) {
		log_warning("%s: its picture at VRAM offset 0x%llx overlaps another output's",
			    dc_link_name(dcd->dc, link), (unsigned long long)off);
		return false;
	}
	b->size = size;
	b->off[0] = off;
	b->shown = 0;
	memset(s->fb_id[link][plane], 0, sizeof(s->fb_id[link][plane]));
	/* the last dcd's directory: the framebuffer and the partner buffer */
	e = &s->old.e[link][plane];
	for (int i = 0; i < 2 && e->size == size && (e->shown == 0 || e->shown == 1); i++) {
		if (e->off[i] == off) {
			s->fb_id[link][plane][0] = *fb_id = e->fb_id[i];
			if (in_vram(s, e->off[!i], size) &&
			    dc_vram_reserve(&s->alloc, e->off[!i], size) == 0)
				b->off[1] = e->off[!i];
		}
	}
	dir_write(s, link, (unsigned)plane);
	log_info("%s: its %s stays: it is in VRAM at 0x%llx%s", dc_link_name(dcd->dc, link),
		 plane == DCD_SCANOUT_PRIMARY ? "picture" : "cursor", (unsigned long long)address,
		 b->off[1] != UINT64_MAX ? " (with its second buffer)" : "");
	return true;
}

void dcd_scanout_release(struct dcd *dcd, unsigned link)
{
	if (!dcd->scanout || link >= DC_MAX_LINKS)
		return;
	for (unsigned p = 0; p < DCD_SCANOUT_PLANES; p++) {
		bufs_free(dcd->scanout, &dcd->scanout->planes[link][p]);
		memset(dcd->scanout->fb_id[link][p], 0, sizeof(dcd->scanout->fb_id[link][p]));
		dir_write(dcd->scanout, link, p);
	}
}

/* One plane of a commit into VRAM; a failure becomes the commit's error. */
static int plan_plane(struct dcd *dcd, unsigned link, enum dcd_scanout_plane plane,
		      const struct dcd_fb *fb, uint64_t *address, struct dc_error *err)
{
	struct dcp_error e = { 0 };
	int r = dcd_scanout_copy(dcd, link, plane, fb, address, &e);

	if (r < 0 && err) {
		err->code = DC_ERR_PLANE_SIZE;
		err->stream = -1;
		err->plane = plane == DCD_SCANOUT_PRIMARY ? 0 : 1;
		snprintf(err->message, sizeof(err->message), "%s", e.text);
	}
	return r;
}

int dcd_scanout_plan(struct dcd *dcd, struct dcd_plan *plan, struct dc_error *err)
{
	for (unsigned i = 0; i < dcd->link_count; i++) {
		struct dc_stream *s = dcd_state_stream(&plan->state, i);
		int r = 0;

		if (!(plan->links & (1u << i)) || !s)
			continue;
		/* a plane without a framebuffer of this commit keeps its VRAM address */
		if (s->primary.enabled && plan->primary[i])
			r = plan_plane(dcd, i, DCD_SCANOUT_PRIMARY, plan->primary[i],
				       &s->primary.address, err);
		if (r == 0 && s->cursor.enabled && plan->cursor[i])
			r = plan_plane(dcd, i, DCD_SCANOUT_CURSOR, plan->cursor[i],
				       &s->cursor.address, err);
		if (r < 0)
			return r;
	}
	return 0;
}

/*
 * Reading a frame to copy it makes its pages resident in dcd; a buffer
 * whose id is gone will be copied at most once more (a queued flip), so
 * its pages leave dcd's page tables now rather than when the last plane
 * reference goes (they are the client's memory, not dcd's).
 */
void dcd_scanout_fb_dropped(const struct dcd_fb *fb)
{
	if (fb->map.data && fb->map.size)
		madvise((void *)fb->map.data, fb->map.size, MADV_DONTNEED);
}
