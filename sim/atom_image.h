/*
 * Video BIOS images of our own (docs/bios.md, "Our own image"): a writer
 * for ATOM command tables and the layout around them (the PCI expansion
 * ROM header, the ATOM ROM header, the master command and data lists, the
 * checksum), written by this project from the public AtomBIOS structure
 * definitions (atombios.h). Two users: the simulator's own image for the
 * ASICs without a public one (sim_own_vbios.c) and the tests of dc/bios,
 * which write small tables per opcode (tests/unit/bios_rom.c). It has no
 * dependency beyond libc, so the tests link it without the simulator.
 */
#ifndef SIM_ATOM_IMAGE_H
#define SIM_ATOM_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A command table under construction: the 6-byte header, then code. */
struct atom_table {
	uint8_t b[1024];
	size_t n;
	bool overflow; /* a write did not fit (the image refuses the table) */
};

/* content_rev: the table's revision (SetPixelClock 1.6: 6); ws: workspace dwords; ps: parameter
 * bytes */
void atom_table_begin(struct atom_table *t, uint8_t content_rev, uint8_t ws, uint8_t ps);
void atom_table_u8(struct atom_table *t, uint32_t v);
void atom_table_u16(struct atom_table *t, uint32_t v);
void atom_table_u32(struct atom_table *t, uint32_t v);
/* Offset of the next byte from the table's start (a jump target). */
uint16_t atom_table_here(const struct atom_table *t);
/* Writes atom_table_here() into the 16-bit operand at at (a forward jump's target). */
void atom_table_patch(struct atom_table *t, size_t at);
/* Fills in the size (after the last byte). */
void atom_table_end(struct atom_table *t);

/* What identifies an image (as amdgpu would show it). */
struct atom_image_id {
	uint16_t pci_device; /* in the PCI data structure; the vendor is AMD's 0x1002 */
	const char *date;    /* the build date, "MM/DD/YY HH:MM" */
	const char *version; /* the part number string, as sysfs vbios_version */
};

/* An image in a caller's buffer (a multiple of 512 bytes, at least 2 KiB). */
struct atom_image {
	uint8_t *b;
	size_t size;
	size_t next; /* where the next table goes */
};

void atom_image_begin(struct atom_image *img, uint8_t *buf, size_t size,
		      const struct atom_image_id *id);
/* 0; -EINVAL: no such index or an overflowed table; -ENOSPC: the image is full */
int atom_image_add_cmd(struct atom_image *img, unsigned index, const struct atom_table *t);
int atom_image_add_data(struct atom_image *img, unsigned index, const void *bytes, size_t size);
/* The checksum byte: the image's bytes sum to 0 modulo 256. */
void atom_image_finish(struct atom_image *img);

#endif
