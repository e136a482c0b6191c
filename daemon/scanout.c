/*
 * Scanout memory of the Display Core engine (scanout.h).
 *
 * VRAM layout: page 0 is the MC's default page (the system aperture's and
 * VM context 0's fault page, the kernel's scratch and dummy pages), page 1
 * the directory; everything else is allocated first fit (dc/mc): the copy
 * buffers, or the GART table.
 *
 * Copy: per output and plane two buffers of the plane's size, allocated at
 * the first copy and again when the size changes. The one written is
 * always the one the engine does not show (Display Core's current state
 * says which; a flip included, since FLIP's queue depth of 1 means the
 * other is free once the previous flip completed).
 *
 * GART: VM context 0 translates an aperture placed next to VRAM in the MC
 * address space; each framebuffer gets a run of aperture pages (first
 * fit) whose entries hold the bus address of each of its 4 KiB pages.
 */
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dc_vram.h"
#include "log.h"
#include "scanout.h"

#define PAGE	   4096ull
#define DIR_MAGIC  0x7269446d61725644ull /* "DVramDir" */
#define DIR_OFFSET PAGE
#define PLANES	   2 /* primary, cursor */
/* The GART aperture: 1 GiB of framebuffers, a 2 MiB table of 8-byte entries. */
#define GART_BYTES (1ull << 30)

static uint64_t page_round(uint64_t n)
{
	return (n + PAGE - 1) & ~(PAGE - 1);
}

/*
 * The directory: what dcd keeps in VRAM's second page about its copy
 * buffers, written at every copy, read back by the next dcd after a
 * crash: both buffers of a plane (the one shown and the one a flip may
 * still latch) and the framebuffer address each was copied from. Read as
 * untrusted: a magic, then every offset checked against VRAM.
 */
struct dir_entry {
	uint64_t size;
	uint64_t off[2]; /* UINT64_MAX: none */
	uint64_t src[2]; /* the framebuffer address copied there, 0: none */
};

struct vram_dir {
	uint64_t magic;
	struct dir_entry e[DC_MAX_LINKS][PLANES];
};

/* One mapped framebuffer. */
struct fbmap {
	uint64_t address, iova, size;
	const uint8_t *ptr;
};

struct dcd_scanout {
	struct dc *dc;
	uint8_t *bar;
	struct dc_vram_view view;
	struct dc_vram alloc;
	struct vram_dir *dir; /* in VRAM */
	struct vram_dir old;  /* what the last dcd left, for adoption */
	struct fbmap *maps;
	size_t nmaps, capmaps;
	struct dc_state cur; /* dcd_scanout_current's answer */
	/* GART */
	bool gart;
	struct dc_gart g;
	struct dc_vram aperture; /* aperture offsets in use */
	uint64_t table_off;	 /* of the table in VRAM */
	bool sweep; /* a kept table: entries nobody maps again are cleared at the next map */
};

/* ---- mapped framebuffers -------------------------------------------------------------- */

static struct fbmap *map_find(struct dcd_scanout *s, uint64_t address)
{
	for (size_t i = 0; i < s->nmaps; i++) {
		if (address >= s->maps[i].address && address - s->maps[i].address < s->maps[i].size)
			return &s->maps[i];
	}
	return NULL;
}

static int map_add(struct dcd_scanout *s, const void *ptr, uint64_t size, uint64_t address,
		   uint64_t iova)
{
	if (s->nmaps == s->capmaps) {
		size_t cap = s->capmaps ? 2 * s->capmaps : 64;
		struct fbmap *m = realloc(s->maps, cap * sizeof(*m));

		if (!m)
			return -ENOMEM;
		s->maps = m;
		s->capmaps = cap;
	}
	s->maps[s->nmaps++] = (struct fbmap){ address, iova, size, ptr };
	return 0;
}

/* ---- the GART ------------------------------------------------------------------------- */

static void pte_write(struct dcd_scanout *s, uint64_t page, uint64_t pte)
{
	uint64_t le = htole64(pte);

	memcpy(s->bar + s->table_off + page * 8, &le, 8);
}

static uint64_t pte_read(const struct dcd_scanout *s, uint64_t page)
{
	uint64_t le;

	memcpy(&le, s->bar + s->table_off + page * 8, 8);
	return le64toh(le);
}

/*
 * Next to VRAM in the 40-bit MC address space: after it where the
 * aperture fits below 2^40, else before it (the kernel's "best fit").
 */
static int gart_place(struct dcd_scanout *s, char *why, size_t why_size)
{
	uint64_t after = (s->view.fb_base + s->view.fb_bytes + GART_BYTES - 1) & ~(GART_BYTES - 1);

	if (after + GART_BYTES <= 1ull << DC_MC_ADDRESS_BITS)
		s->g.start = after;
	else if (s->view.fb_base >= GART_BYTES)
		s->g.start = (s->view.fb_base - GART_BYTES) & ~(GART_BYTES - 1);
	else {
		snprintf(why, why_size, "no room for a %llu MiB GART aperture beside VRAM",
			 (unsigned long long)(GART_BYTES >> 20));
		return -ENOSPC;
	}
	s->g.bytes = GART_BYTES;
	s->g.fault_page = s->view.fb_base; /* VRAM page 0 */
	return 0;
}

static int gart_init(struct dcd_scanout *s, char *why, size_t why_size)
{
	uint64_t table_bytes = GART_BYTES / PAGE * 8;
	struct dc_gart on;
	int r;

	r = gart_place(s, why, why_size);
	if (r == 0)
		r = dc_vram_init(&s->aperture, GART_BYTES);
	if (r < 0)
		return r;
	/* a restarted dcd: the table the engine translates through stays where it is */
	if (dc_gart_read(s->dc, &on) && on.start == s->g.start && on.bytes == s->g.bytes &&
	    on.table >= s->view.fb_base && on.table - s->view.fb_base <= s->view.usable &&
	    dc_vram_reserve(&s->alloc, on.table - s->view.fb_base, table_bytes) == 0) {
		s->table_off = on.table - s->view.fb_base;
		s->g.table = on.table;
		s->sweep = true;
		log_info("scanout memory: GART of %llu MiB at MC address 0x%llx kept (its table "
			 "at 0x%llx)",
			 (unsigned long long)(GART_BYTES >> 20), (unsigned long long)s->g.start,
			 (unsigned long long)s->g.table);
		return 0;
	}
	r = dc_vram_alloc(&s->alloc, table_bytes, DC_VRAM_ALIGN, &s->table_off, why, why_size);
	if (r < 0)
		return r;
	memset(s->bar + s->table_off, 0, table_bytes); /* no entry valid */
	s->g.table = s->view.fb_base + s->table_off;
	dc_gart_enable(s->dc, &s->g);
	log_info("scanout memory: GART of %llu MiB at MC address 0x%llx, its table at 0x%llx",
		 (unsigned long long)(GART_BYTES >> 20), (unsigned long long)s->g.start,
		 (unsigned long long)s->g.table);
	return 0;
}

/* After a restart: entries of aperture pages no framebuffer came back to are cleared. */
static void gart_sweep(struct dcd_scanout *s)
{
	for (unsigned i = 0; i < s->aperture.nfree; i++) {
		const struct dc_vram_range *f = &s->aperture.free[i];

		memset(s->bar + s->table_off + f->offset / PAGE * 8, 0, f->size / PAGE * 8);
	}
	dc_gart_flush(s->dc);
	s->sweep = false;
}

/* ---- life cycle ----------------------------------------------------------------------- */

static void bufs_reset(struct dir_entry *e)
{
	*e = (struct dir_entry){ .off = { UINT64_MAX, UINT64_MAX } };
}

int dcd_scanout_new(struct dc *dc, void *vram, uint64_t vram_bytes, bool gart,
		    struct dcd_scanout **out, char *why, size_t why_size)
{
	struct dcd_scanout *s = calloc(1, sizeof(*s));
	int r;

	*out = NULL;
	if (!s)
		return -ENOMEM;
	s->dc = dc;
	s->bar = vram;
	s->gart = gart;
	/* page 0: the default page the MC reads where nothing maps */
	r = dc_vram_attach(dc, vram_bytes, 0, &s->view, why, why_size);
	if (r == 0)
		r = dc_vram_init(&s->alloc, s->view.usable);
	if (r == 0)
		r = dc_vram_reserve(&s->alloc, 0, PAGE);
	if (r == 0)
		r = dc_vram_reserve(&s->alloc, DIR_OFFSET, page_round(sizeof(struct vram_dir)));
	if (r == 0 && gart)
		r = gart_init(s, why, why_size);
	if (r < 0) {
		dcd_scanout_free(s);
		return r;
	}
	/* the last dcd's directory is read once, then this one's replaces it */
	s->dir = (struct vram_dir *)(s->bar + DIR_OFFSET);
	memcpy(&s->old, s->dir, sizeof(s->old));
	if (s->old.magic != DIR_MAGIC)
		memset(&s->old, 0, sizeof(s->old));
	s->dir->magic = DIR_MAGIC;
	for (unsigned l = 0; l < DC_MAX_LINKS; l++)
		for (unsigned p = 0; p < PLANES; p++)
			bufs_reset(&s->dir->e[l][p]);
	log_info("scanout memory: %llu MiB of VRAM at MC address 0x%llx, %llu MiB through the "
		 "BAR; frames %s",
		 (unsigned long long)(s->view.fb_bytes >> 20), (unsigned long long)s->view.fb_base,
		 (unsigned long long)(s->view.usable >> 20),
		 gart ? "scanned out from client pages through the GART" : "copied into VRAM");
	*out = s;
	return 0;
}

void dcd_scanout_free(struct dcd_scanout *s)
{
	if (!s)
		return;
	dc_vram_fini(&s->alloc);
	dc_vram_fini(&s->aperture);
	free(s->maps);
	free(s);
}

bool dcd_scanout_gart(const struct dcd_scanout *s)
{
	return s->gart;
}

/* ---- framebuffer memory --------------------------------------------------------------- */

static void gart_fill(struct dcd_scanout *s, uint64_t first, uint64_t pages, uint64_t iova)
{
	for (uint64_t i = 0; i < pages; i++)
		pte_write(s, first + i, dc_gart_pte(iova + i * PAGE));
	dc_gart_flush(s->dc);
}

int dcd_scanout_map(struct dcd_scanout *s, const void *ptr, uint64_t size, uint64_t iova,
		    uint64_t *address, char *why, size_t why_size)
{
	uint64_t bytes = page_round(size), off;
	int r;

	if (!s->gart) {
		*address = iova;
		r = map_add(s, ptr, size, iova, iova);
		if (r < 0)
			snprintf(why, why_size, "out of memory");
		return r;
	}
	if (s->sweep)
		gart_sweep(s);
	r = dc_vram_alloc(&s->aperture, bytes, PAGE, &off, why, why_size);
	if (r < 0)
		return r; /* why: the aperture's free bytes */
	*address = s->g.start + off;
	r = map_add(s, ptr, size, *address, iova);
	if (r < 0) {
		dc_vram_free(&s->aperture, off, bytes);
		snprintf(why, why_size, "out of memory");
		return r;
	}
	gart_fill(s, off / PAGE, bytes / PAGE, iova);
	return 0;
}

int dcd_scanout_map_at(struct dcd_scanout *s, const void *ptr, uint64_t size, uint64_t address,
		       uint64_t *iova)
{
	uint64_t bytes = page_round(size), off, pte;
	int r;

	if (!s->gart) {
		*iova = address;
		return map_add(s, ptr, size, address, address);
	}
	/* the table still holds where the pages were: the same bus addresses again */
	if (address < s->g.start || address - s->g.start >= s->g.bytes || address % PAGE)
		return -EINVAL;
	off = address - s->g.start;
	pte = pte_read(s, off / PAGE);
	if (!(pte & DC_GART_PTE_VALID))
		return -ENOENT;
	r = dc_vram_reserve(&s->aperture, off, bytes);
	if (r < 0)
		return r;
	*iova = pte & DC_GART_PTE_ADDRESS;
	r = map_add(s, ptr, size, address, *iova);
	if (r < 0) {
		dc_vram_free(&s->aperture, off, bytes);
		return r;
	}
	/* every page as the contiguous range the backend maps again */
	gart_fill(s, off / PAGE, bytes / PAGE, *iova);
	return 0;
}

uint64_t dcd_scanout_unmap(struct dcd_scanout *s, uint64_t address)
{
	struct fbmap *m = map_find(s, address);
	uint64_t iova;

	if (!m || m->address != address)
		return UINT64_MAX;
	iova = m->iova;
	if (s->gart) {
		uint64_t off = address - s->g.start, bytes = page_round(m->size);

		memset(s->bar + s->table_off + off / PAGE * 8, 0, bytes / PAGE * 8);
		dc_gart_flush(s->dc);
		dc_vram_free(&s->aperture, off, bytes);
	}
	*m = s->maps[--s->nmaps];
	return iova;
}

/* ---- copies --------------------------------------------------------------------------- */

static struct dir_entry *entry(struct dcd_scanout *s, unsigned link, unsigned plane)
{
	return &s->dir->e[link][plane];
}

static void bufs_free(struct dcd_scanout *s, struct dir_entry *e)
{
	for (int i = 0; i < 2; i++) {
		if (e->off[i] != UINT64_MAX)
			dc_vram_free(&s->alloc, e->off[i], e->size);
	}
	bufs_reset(e);
}

/* What the engine shows on link's plane now (0: nothing). */
static uint64_t on_screen(struct dcd_scanout *s, unsigned link, unsigned plane)
{
	const struct dc_state *hw = dc_current_state(s->dc);

	for (unsigned i = 0; i < hw->stream_count; i++) {
		const struct dc_stream *st = &hw->streams[i];

		if (st->link != link)
			continue;
		if (plane == 0)
			return st->primary.enabled ? st->primary.address : 0;
		return st->cursor.enabled ? st->cursor.address : 0;
	}
	return 0;
}

/*
 * Copies bytes bytes of the framebuffer at address into the buffer of
 * link's plane the engine does not show; *fetch: its MC address.
 */
static int copy_in(struct dcd_scanout *s, unsigned link, unsigned plane, uint64_t address,
		   uint64_t bytes, uint64_t *fetch, char *why, size_t why_size)
{
	struct fbmap *m = map_find(s, address);
	struct dir_entry *e = entry(s, link, plane), old;
	uint64_t size = page_round(bytes), on;
	int next;

	if (link >= DC_MAX_LINKS)
		return -EINVAL;
	if (!m || bytes > m->size - (address - m->address)) {
		snprintf(why, why_size,
			 "%s: address 0x%llx is not mapped memory of %llu bytes (no framebuffer "
			 "holds it)",
			 dc_link_name(s->dc, link), (unsigned long long)address,
			 (unsigned long long)bytes);
		return -EINVAL;
	}
	bufs_reset(&old);
	if (e->size != size) { /* a new pair; the old one goes once the engine was told */
		old = *e;
		bufs_reset(e);
		e->size = size;
	}
	for (int i = 0; i < 2; i++) {
		int r;

		if (e->off[i] != UINT64_MAX)
			continue;
		r = dc_vram_alloc(&s->alloc, size, DC_VRAM_ALIGN, &e->off[i], why, why_size);
		if (r < 0) {
			e->off[i] = UINT64_MAX;
			if (old.size) {
				bufs_free(s, e);
				*e = old;
			}
			return r;
		}
	}
	on = on_screen(s, link, plane);
	next = on == s->view.fb_base + e->off[0] ? 1 : 0;
	memcpy(s->bar + e->off[next], m->ptr + (address - m->address), bytes);
	e->src[next] = address;
	*fetch = s->view.fb_base + e->off[next];
	/* the engine switches at its next frame; nothing else is copied before then */
	if (old.size)
		bufs_free(s, &old);
	return 0;
}

static uint64_t primary_bytes(const struct dc_plane *p)
{
	return (uint64_t)p->pitch * p->height;
}

static uint64_t cursor_bytes(const struct dc_cursor *c)
{
	return (uint64_t)c->width * c->height * 4;
}

/* The framebuffer address copied into the VRAM buffer at MC address fetch, if one is. */
static uint64_t source_of(const struct dir_entry *e, const struct dc_vram_view *v, uint64_t fetch)
{
	for (int i = 0; i < 2; i++) {
		if (e->off[i] != UINT64_MAX && e->src[i] && fetch == v->fb_base + e->off[i])
			return e->src[i];
	}
	return fetch;
}

/*
 * One plane of a commit. A plane that keeps the framebuffer its buffer on
 * screen was copied from (at the same size) keeps that buffer: the other
 * streams of a commit are passed again as they are, and giving them a new
 * address would be a plane change (refused while a flip is pending). New
 * pixels in the same framebuffer are shown by a FLIP.
 */
static int commit_plane(struct dcd_scanout *s, unsigned link, unsigned plane, uint64_t bytes,
			uint64_t *address, struct dc_error *err)
{
	uint64_t on = link < DC_MAX_LINKS ? on_screen(s, link, plane) : 0;

	if (on && on != *address && source_of(entry(s, link, plane), &s->view, on) == *address &&
	    entry(s, link, plane)->size == page_round(bytes)) {
		*address = on;
		return 0;
	}
	return copy_in(s, link, plane, *address, bytes, address, err->message,
		       sizeof(err->message));
}

int dcd_scanout_commit(struct dcd_scanout *s, const struct dc_state *state, struct dc_state *out,
		       struct dc_error *err)
{
	*out = *state;
	if (s->gart)
		return 0;
	for (unsigned i = 0; i < out->stream_count; i++) {
		struct dc_stream *st = &out->streams[i];
		int r = 0, plane = 0;

		if (st->primary.enabled)
			r = commit_plane(s, st->link, 0, primary_bytes(&st->primary),
					 &st->primary.address, err);
		if (r == 0 && st->cursor.enabled) {
			plane = 1;
			r = commit_plane(s, st->link, 1, cursor_bytes(&st->cursor),
					 &st->cursor.address, err);
		}
		if (r < 0) {
			err->code = DC_ERR_PLANE_SIZE;
			err->stream = (int)i;
			err->plane = plane;
			return r;
		}
	}
	return 0;
}

int dcd_scanout_flip(struct dcd_scanout *s, unsigned link, uint64_t address, uint64_t *fetch)
{
	const struct dc_state *hw = dc_current_state(s->dc);
	char why[256];

	*fetch = address;
	if (s->gart)
		return 0;
	for (unsigned i = 0; i < hw->stream_count; i++) {
		if (hw->streams[i].link == link && hw->streams[i].primary.enabled)
			return copy_in(s, link, 0, address, primary_bytes(&hw->streams[i].primary),
				       fetch, why, sizeof(why));
	}
	return -ENOENT;
}

int dcd_scanout_cursor(struct dcd_scanout *s, unsigned link, const struct dc_cursor *cursor,
		       struct dc_cursor *out)
{
	char why[256];

	*out = *cursor;
	if (s->gart || !cursor->enabled)
		return 0;
	return copy_in(s, link, 1, cursor->address, cursor_bytes(cursor), &out->address, why,
		       sizeof(why));
}

const struct dc_state *dcd_scanout_current(struct dcd_scanout *s, const struct dc_state *hw)
{
	if (s->gart)
		return hw;
	s->cur = *hw;
	for (unsigned i = 0; i < s->cur.stream_count; i++) {
		struct dc_stream *st = &s->cur.streams[i];

		if (st->link >= DC_MAX_LINKS)
			continue;
		st->primary.address =
			source_of(entry(s, st->link, 0), &s->view, st->primary.address);
		st->cursor.address = source_of(entry(s, st->link, 1), &s->view, st->cursor.address);
	}
	return &s->cur;
}

void dcd_scanout_committed(struct dcd_scanout *s, const struct dc_state *hw)
{
	if (s->gart)
		return;
	for (unsigned l = 0; l < DC_MAX_LINKS; l++) {
		bool lit[PLANES] = { false, false };

		for (unsigned i = 0; i < hw->stream_count; i++) {
			if (hw->streams[i].link == l) {
				lit[0] = hw->streams[i].primary.enabled;
				lit[1] = hw->streams[i].cursor.enabled;
			}
		}
		for (unsigned p = 0; p < PLANES; p++) {
			if (!lit[p] && entry(s, l, p)->size)
				bufs_free(s, entry(s, l, p));
		}
	}
}

/* ---- restarts ------------------------------------------------------------------------- */

/* off .. off + size lies in the VRAM both reach and is page aligned. */
static bool in_vram(const struct dcd_scanout *s, uint64_t off, uint64_t size)
{
	return off % PAGE == 0 && off < s->view.usable && size && size <= s->view.usable - off;
}

/*
 * Calls step for every enabled primary (plane 0) and cursor (plane 1) of
 * state's streams with its size in bytes and its address to rewrite.
 */
static void each_plane(struct dcd_scanout *s, struct dc_state *state,
		       void (*step)(struct dcd_scanout *s, unsigned link, unsigned plane,
				    uint64_t bytes, uint64_t *address))
{
	for (unsigned i = 0; i < state->stream_count; i++) {
		struct dc_stream *st = &state->streams[i];

		if (st->link >= DC_MAX_LINKS)
			continue;
		if (st->primary.enabled)
			step(s, st->link, 0, primary_bytes(&st->primary), &st->primary.address);
		if (st->cursor.enabled)
			step(s, st->link, 1, cursor_bytes(&st->cursor), &st->cursor.address);
	}
}

/* The framebuffer address the last dcd copied into the VRAM buffer at *address, if any. */
static void snapshot_plane(struct dcd_scanout *s, unsigned link, unsigned plane, uint64_t bytes,
			   uint64_t *address)
{
	(void)bytes;
	*address = source_of(&s->old.e[link][plane], &s->view, *address);
}

void dcd_scanout_snapshot(struct dcd_scanout *s, struct dc_state *state)
{
	if (!s->gart)
		each_plane(s, state, snapshot_plane);
}

/*
 * The picture at address on link's plane: if the last dcd's directory has
 * it as a copy of that framebuffer, its buffers (the one shown and its
 * partner, which a flip may still latch) are taken out of the free space
 * and *fetch is the VRAM address to adopt.
 */
static void adopt_plane(struct dcd_scanout *s, unsigned link, unsigned plane, uint64_t bytes,
			uint64_t *address)
{
	const struct dir_entry *o = &s->old.e[link][plane];
	struct dir_entry *e = entry(s, link, plane);
	uint64_t size = page_round(bytes);

	for (int i = 0; i < 2; i++) {
		if (o->size != size || o->off[i] == UINT64_MAX || !o->src[i] ||
		    o->src[i] != *address || !in_vram(s, o->off[i], size))
			continue;
		if (dc_vram_reserve(&s->alloc, o->off[i], size) < 0) {
			log_warning("%s: its picture at VRAM offset 0x%llx overlaps another one",
				    dc_link_name(s->dc, link), (unsigned long long)o->off[i]);
			return;
		}
		bufs_reset(e);
		e->size = size;
		e->off[i] = o->off[i];
		e->src[i] = o->src[i];
		if (in_vram(s, o->off[!i], size) &&
		    dc_vram_reserve(&s->alloc, o->off[!i], size) == 0) {
			e->off[!i] = o->off[!i];
			e->src[!i] = o->src[!i];
		}
		*address = s->view.fb_base + o->off[i];
		log_info("%s: its %s stays in VRAM at 0x%llx%s", dc_link_name(s->dc, link),
			 plane ? "cursor" : "picture", (unsigned long long)*address,
			 e->off[!i] != UINT64_MAX ? " (with its second buffer)" : "");
		return;
	}
}

void dcd_scanout_adopt(struct dcd_scanout *s, const struct dc_state *state, struct dc_state *out)
{
	*out = *state;
	if (!s->gart)
		each_plane(s, out, adopt_plane);
}
