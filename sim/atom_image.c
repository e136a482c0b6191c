/* Video BIOS images of our own: tables and layout (atom_image.h). */
#include <errno.h>
#include <string.h>

#include "atom_image.h"
#include "dc_bios.h"

/* Where this writer puts things (any layout the headers point at is valid). */
#define PCIR	    0x1c0u
#define ROM_HEADER  0x200u
#define CMD_LIST    0x240u
#define DATA_LIST   0x300u
#define FIRST_TABLE 0x400u
#define SUM_BYTE    0x1ffu /* a byte no header uses */

void atom_table_begin(struct atom_table *t, uint8_t content_rev, uint8_t ws, uint8_t ps)
{
	memset(t, 0, sizeof(*t));
	t->n = 6;
	t->b[2] = 1; /* format revision */
	t->b[3] = content_rev;
	t->b[4] = ws;
	t->b[5] = ps;
}

void atom_table_u8(struct atom_table *t, uint32_t v)
{
	if (t->n < sizeof(t->b))
		t->b[t->n++] = (uint8_t)v;
	else
		t->overflow = true;
}

void atom_table_u16(struct atom_table *t, uint32_t v)
{
	atom_table_u8(t, v);
	atom_table_u8(t, v >> 8);
}

void atom_table_u32(struct atom_table *t, uint32_t v)
{
	atom_table_u16(t, v);
	atom_table_u16(t, v >> 16);
}

uint16_t atom_table_here(const struct atom_table *t)
{
	return (uint16_t)t->n;
}

void atom_table_patch(struct atom_table *t, size_t at)
{
	if (at + 2 > t->n) {
		t->overflow = true;
		return;
	}
	t->b[at] = (uint8_t)t->n;
	t->b[at + 1] = (uint8_t)(t->n >> 8);
}

void atom_table_end(struct atom_table *t)
{
	t->b[0] = (uint8_t)t->n;
	t->b[1] = (uint8_t)(t->n >> 8);
}

static void put16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put_string(uint8_t *p, size_t room, const char *s)
{
	size_t n = strlen(s);

	memcpy(p, s, n < room ? n : room);
}

void atom_image_begin(struct atom_image *img, uint8_t *buf, size_t size,
		      const struct atom_image_id *id)
{
	uint8_t *b = buf;

	memset(buf, 0, size);
	img->b = buf;
	img->size = size;
	img->next = FIRST_TABLE;
	/* PCI expansion ROM header and PCI data structure */
	b[0] = 0x55;
	b[1] = 0xaa;
	b[2] = (uint8_t)(size / 512);
	put16(b + 0x18, PCIR);
	memcpy(b + PCIR, "PCIR", 4);
	put16(b + PCIR + 4, 0x1002);
	put16(b + PCIR + 6, id->pci_device);
	put16(b + PCIR + 0x10, (uint32_t)(size / 512));
	/* the signature the kernel looks for, the ATOM ROM header's offset, date, part number */
	memcpy(b + 0x30, " 761295520", 10);
	put16(b + 0x48, ROM_HEADER);
	put_string(b + 0x50, 14, id->date);
	put_string(b + 0x80, 31, id->version);
	/* ATOM_ROM_HEADER: size 0x24, revision 1.1, "ATOM", the master lists */
	put16(b + ROM_HEADER, 0x24);
	b[ROM_HEADER + 2] = 1;
	b[ROM_HEADER + 3] = 1;
	memcpy(b + ROM_HEADER + 4, "ATOM", 4);
	put16(b + ROM_HEADER + 0x1e, CMD_LIST);
	put16(b + ROM_HEADER + 0x20, DATA_LIST);
	put16(b + CMD_LIST, 4 + DC_BIOS_CMD_COUNT * 2);
	put16(b + DATA_LIST, 4 + DC_BIOS_DATA_COUNT * 2);
}

/* The table's bytes at the next 16-byte boundary, its offset in the list entry at slot. */
static int place(struct atom_image *img, size_t slot, const void *bytes, size_t size)
{
	size_t at = img->next;

	if (at + size > img->size)
		return -ENOSPC;
	memcpy(img->b + at, bytes, size);
	img->next = (at + size + 15) & ~(size_t)15;
	put16(img->b + slot, (uint32_t)at);
	return 0;
}

int atom_image_add_cmd(struct atom_image *img, unsigned index, const struct atom_table *t)
{
	if (index >= DC_BIOS_CMD_COUNT || t->overflow)
		return -EINVAL;
	return place(img, CMD_LIST + 4 + 2 * index, t->b, t->n);
}

int atom_image_add_data(struct atom_image *img, unsigned index, const void *bytes, size_t size)
{
	if (index >= DC_BIOS_DATA_COUNT)
		return -EINVAL;
	return place(img, DATA_LIST + 4 + 2 * index, bytes, size);
}

void atom_image_finish(struct atom_image *img)
{
	uint8_t sum = 0;

	img->b[SUM_BYTE] = 0;
	for (size_t i = 0; i < img->size; i++)
		sum = (uint8_t)(sum + img->b[i]);
	img->b[SUM_BYTE] = (uint8_t)(0x100 - sum);
}
