/*
 * The video BIOS Display Core gets on a GPU (docs/bios.md, "Sources on
 * hardware"): `--vbios FILE` when given, else the PCI expansion ROM, else
 * the ACPI VFCT table (APUs, whose ROM is empty). Each source
 * is read when the ones before it gave nothing usable; an image is usable
 * when dc_bios_load takes it and the caller's check (dc_set_vbios) does.
 */
#ifndef DCD_VBIOS_H
#define DCD_VBIOS_H

#include <stddef.h>

#include "dc.h"
#include "dc_vfio.h"

/* Room for every source's reason in one sentence. */
#define DCD_VBIOS_WHY 2048

struct dcd_vbios_source {
	const char *name; /* "the PCI ROM", "ACPI VFCT", "--vbios /path" */
	/* The bytes, malloc'ed; or -errno and a sentence in why. */
	int (*read)(void *ctx, void **image, size_t *len, char *why, size_t why_size);
	void *ctx;
};

/* After dc_bios_load: 0 when the image is taken, else -errno and why. */
typedef int (*dcd_vbios_check_fn)(void *ctx, const void *image, size_t len, char *why,
				  size_t why_size);

/*
 * Tries sources in order. Returns the index of the first whose image loads
 * and passes check (NULL: dc_bios_load alone), with the image in *image
 * and *len (the caller frees it; both may be NULL when not wanted); or
 * -ENOENT with every source's reason in why: "the PCI ROM: ...; ACPI
 * VFCT: ...".
 */
int dcd_vbios_choose(const struct dcd_vbios_source *sources, size_t n, dcd_vbios_check_fn check,
		     void *check_ctx, void **image, size_t *len, char *why, size_t why_size);

/* A source reading a file: ctx is its path. At most 16 MiB. */
int dcd_vbios_read_file(void *path, void **image, size_t *len, char *why, size_t why_size);

/* A source reading ACPI VFCT (dcv_read_vfct): ctx is a struct dcd_vbios_vfct. */
struct dcd_vbios_vfct {
	const struct dcv_paths *paths; /* NULL: /sys */
	const struct dcv_gpu *gpu;
};
int dcd_vbios_read_vfct(void *ctx, void **image, size_t *len, char *why, size_t why_size);

/*
 * A GPU's sources in dcd's order: --vbios FILE alone when file is set (it
 * overrides both others), else rom, then ACPI VFCT. Fills g->sources and
 * returns how many there are.
 */
struct dcd_vbios_gpu {
	const char *file;	     /* --vbios FILE, or NULL */
	struct dcd_vbios_source rom; /* the expansion ROM (dcv_read_rom on a GPU) */
	struct dcd_vbios_vfct vfct;
	char file_name[4096 + 16]; /* "--vbios FILE" */
	struct dcd_vbios_source sources[2];
};
size_t dcd_vbios_gpu_sources(struct dcd_vbios_gpu *g);

/*
 * The board of a GPU (docs/bios.md, "The board on a GPU"): the display
 * paths of its video BIOS's object table (dc_bios_board), as the kernel's
 * driver takes them. Without an image (NULL), or when its object table
 * gives no board Display Core can drive, the ASIC's typical layout
 * (dc_board_default), with the reason in why. Returns 1 for the image's
 * board, 0 for the typical one, -EINVAL for an unknown ASIC.
 */
int dcd_vbios_board(const void *image, size_t len, enum dc_asic asic, struct dc_board *board,
		    char *why, size_t why_size);

#endif
