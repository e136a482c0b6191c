/*
 * Reading and checking a VBIOS image: the PCI expansion ROM header, the
 * PCI data structure, the checksum, the ATOM ROM header and both master
 * lists. Every offset the rest of dc/bios follows is checked here once,
 * so a damaged image is refused with the place it breaks instead of being
 * interpreted.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bios_priv.h"

#define ROM_BLOCK	     512u
#define PCIR_POINTER	     0x18u
#define ATI_MAGIC_OFFSET     0x30u
#define ATI_MAGIC	     " 761295520"
#define ROM_HEADER_POINTER   0x48u
#define ROM_HEADER_MIN_SIZE  0x24u
#define ROM_HEADER_CMD_LIST  0x1eu
#define ROM_HEADER_DATA_LIST 0x20u
#define STRINGS_COUNT	     0x2fu
#define STRINGS_START	     0x6eu
#define PART_NUMBER	     0x80u
#define DATE_STAMP	     0x50u
#define AMD_VENDOR	     0x1002u
#define PART_NUMBER_MAX	     43u
#define SCRATCH_DEFAULT	     (20u * 1024u)
#define SCRATCH_MAX	     (1024u * 1024u)

enum {
	IIO_START = 1,
	IIO_END = 9
};

static int check_rom(const struct dc_bios *b, size_t file_size, size_t *image,
		     struct dc_bios_error *err)
{
	if (file_size < ROM_BLOCK)
		return bios_fail(err, -EINVAL,
				 "truncated image: %zu bytes, an expansion ROM has at least %u",
				 file_size, ROM_BLOCK);
	if (b->rom[0] != 0x55 || b->rom[1] != 0xaa)
		return bios_fail(
			err, -EINVAL,
			"not a PCI expansion ROM: bytes 0-1 are 0x%02x 0x%02x, not 0x55 0xaa",
			b->rom[0], b->rom[1]);
	*image = (size_t)b->rom[2] * ROM_BLOCK;
	if (*image == 0)
		return bios_fail(err, -EINVAL, "damaged ROM header: image length (byte 2) is 0");
	if (*image > file_size)
		return bios_fail(err, -EINVAL,
				 "truncated image: the ROM header (byte 2 = %u) declares %zu "
				 "bytes, only %zu present",
				 b->rom[2], *image, file_size);
	return 0;
}

static int check_pcir(struct dc_bios *b, struct dc_bios_error *err)
{
	uint16_t p = bios_u16(b, PCIR_POINTER);

	if (!bios_has(b, p, 0x18) || memcmp(b->rom + p, "PCIR", 4))
		return bios_fail(err, -EINVAL,
				 "damaged image: no PCI data structure (\"PCIR\") at 0x%04x, the "
				 "pointer at 0x%02x",
				 p, PCIR_POINTER);
	b->vendor = bios_u16(b, p + 4u);
	b->device = bios_u16(b, p + 6u);
	if (b->vendor != AMD_VENDOR)
		return bios_fail(err, -EINVAL,
				 "foreign image: PCI vendor 0x%04x device 0x%04x (PCIR at 0x%04x), "
				 "not AMD 0x%04x",
				 b->vendor, b->device, p, AMD_VENDOR);
	return 0;
}

/*
 * The byte sum of n bytes, eight at a time (under AddressSanitizer one
 * check of eight bytes instead of eight). Left out of the fuzzer's
 * instrumentation (and never inlined into code that has it): the loop's
 * compare was traced for libFuzzer once per byte of a 64 KB image, 14% of
 * a fuzz-bios input, and told it nothing the check of the sum in
 * check_sum does not.
 */
#if defined(__clang__)
__attribute__((no_sanitize("coverage"), noinline))
#endif
static uint8_t
byte_sum(const uint8_t *p, size_t n)
{
	uint64_t lanes = 0; /* eight byte sums, each mod 256 */
	uint8_t sum = 0;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		uint64_t w;

		memcpy(&w, p + i, sizeof(w));
		/* add bytewise: the low 7 bits of each byte, then the top bits */
		lanes = ((lanes & 0x7f7f7f7f7f7f7f7full) + (w & 0x7f7f7f7f7f7f7f7full)) ^
			((lanes ^ w) & 0x8080808080808080ull);
	}
	for (unsigned b = 0; b < 8; b++)
		sum = (uint8_t)(sum + (lanes >> (8 * b)));
	for (; i < n; i++)
		sum = (uint8_t)(sum + p[i]);
	return sum;
}

static int check_sum(const struct dc_bios *b, struct dc_bios_error *err)
{
	uint8_t sum = byte_sum(b->rom, b->size);

	if (sum)
		return bios_fail(err, -EINVAL,
				 "damaged image: the byte sum of its %zu bytes is 0x%02x, not 0",
				 b->size, sum);
	return 0;
}

static int check_atom(struct dc_bios *b, struct dc_bios_error *err)
{
	size_t magic = strlen(ATI_MAGIC);

	if (memcmp(b->rom + ATI_MAGIC_OFFSET, ATI_MAGIC, magic))
		return bios_fail(err, -EINVAL, "foreign image: no ATI signature \"%s\" at 0x%02x",
				 &ATI_MAGIC[1], ATI_MAGIC_OFFSET);
	b->rom_header = bios_u16(b, ROM_HEADER_POINTER);
	if (!bios_has(b, b->rom_header, ROM_HEADER_MIN_SIZE))
		return bios_fail(err, -EINVAL,
				 "damaged image: the ATOM ROM header pointer (0x%02x) is 0x%04x, "
				 "past the %zu-byte image",
				 ROM_HEADER_POINTER, b->rom_header, b->size);
	if (memcmp(b->rom + b->rom_header + 4, "ATOM", 4))
		return bios_fail(err, -EINVAL,
				 "foreign image: no \"ATOM\" signature in the ROM header at 0x%04x",
				 b->rom_header + 4u);
	b->cmd_list = bios_u16(b, b->rom_header + ROM_HEADER_CMD_LIST);
	b->data_list = bios_u16(b, b->rom_header + ROM_HEADER_DATA_LIST);
	return 0;
}

/* One master list: each table inside the image, its header inside the list. */
static int index_list(struct dc_bios *b, bool cmd, struct dc_bios_error *err)
{
	uint16_t list = cmd ? b->cmd_list : b->data_list;
	unsigned count = cmd ? DC_BIOS_CMD_COUNT : DC_BIOS_DATA_COUNT;
	struct dc_bios_table *tables = cmd ? b->cmd : b->data;
	const char *what = cmd ? "command" : "data";
	uint16_t list_size;
	unsigned entries;

	if (!list || !bios_has(b, list, 4))
		return bios_fail(err, -EINVAL,
				 "damaged image: the master %s table at 0x%04x is outside the "
				 "%zu-byte image",
				 what, list, b->size);
	list_size = bios_u16(b, list);
	if (list_size < 4 || !bios_has(b, list, list_size))
		return bios_fail(err, -EINVAL,
				 "damaged image: the master %s table at 0x%04x has size %u (image "
				 "%zu bytes)",
				 what, list, list_size, b->size);
	/* A shorter list (an older ATOM) simply has fewer entries. */
	entries = (list_size - 4u) / 2u;
	if (entries > count)
		entries = count;
	for (unsigned i = 0; i < entries; i++) {
		uint16_t off = bios_u16(b, list + 4u + 2u * i);
		struct dc_bios_table *t = &tables[i];
		const char *name = cmd ? dc_bios_cmd_name(i) : dc_bios_data_name(i);

		if (!off)
			continue;
		if (!bios_has(b, off, cmd ? 6 : 4))
			return bios_fail(err, -EINVAL,
					 "damaged image: %s table %s (%u) at 0x%04x lies past the "
					 "%zu-byte image",
					 what, name, i, off, b->size);
		t->offset = off;
		t->size = bios_u16(b, off);
		t->format_rev = bios_u8(b, off + 2u);
		t->content_rev = bios_u8(b, off + 3u);
		if (t->size < (cmd ? 6 : 4) || !bios_has(b, off, t->size))
			return bios_fail(err, -EINVAL,
					 "damaged image: %s table %s (%u) at 0x%04x has size %u, "
					 "past the %zu-byte image",
					 what, name, i, off, t->size, b->size);
	}
	return 0;
}

/* The part number where amdgpu finds it: the first ATOM string, else 0x80. */
static void read_version(struct dc_bios *b)
{
	size_t p = bios_u8(b, STRINGS_COUNT) ? bios_u16(b, STRINGS_START) : PART_NUMBER;
	unsigned n = 0;

	if (p < b->size && b->rom[p] == 0)
		p++;
	while (n < PART_NUMBER_MAX && p + n < b->size && b->rom[p + n] >= ' ' &&
	       b->rom[p + n] <= 'z') {
		b->version[n] = (char)b->rom[p + n];
		n++;
	}
	b->version[n] = 0;
}

static bool digits(const uint8_t *s, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/* The date stamp "MM/DD/YY HH:MM" at 0x50, shown as "20YY-MM-DD HH:MM". */
static void read_date(struct dc_bios *b)
{
	const uint8_t *d = b->rom + DATE_STAMP;

	b->date[0] = 0;
	if (!digits(d, 2) || d[2] != '/' || !digits(d + 3, 2) || d[5] != '/' || !digits(d + 6, 2))
		return;
	if (digits(d + 9, 2) && d[11] == ':' && digits(d + 12, 2))
		snprintf(b->date, sizeof(b->date), "20%.2s-%.2s-%.2s %.2s:%.2s", d + 6, d, d + 3,
			 d + 9, d + 12);
	else
		snprintf(b->date, sizeof(b->date), "20%.2s-%.2s-%.2s", d + 6, d, d + 3);
}

/* Length of each indirect IO opcode (NOP .. END), public facts of atom.h. */
static const uint8_t iio_len[] = { 1, 2, 3, 3, 3, 3, 4, 4, 4, 3 };

static int index_iio(struct dc_bios *b, struct dc_bios_error *err)
{
	const struct dc_bios_table *t = &b->data[DC_BIOS_DATA_INDIRECT_IO_ACCESS];
	size_t p, end;

	if (!t->offset)
		return 0;
	p = t->offset + 4u;
	end = (size_t)t->offset + t->size;
	while (p + 2 <= end && b->rom[p] == IIO_START) {
		uint8_t port = b->rom[p + 1];

		if (port < 128)
			b->iio[port] = (uint16_t)(p + 2);
		p += 2;
		while (p < end && b->rom[p] != IIO_END) {
			if (b->rom[p] >= sizeof(iio_len))
				return bios_fail(
					err, -EINVAL,
					"damaged image: IndirectIOAccess has opcode %u at 0x%04zx",
					b->rom[p], p);
			p += iio_len[b->rom[p]];
		}
		if (p >= end)
			return bios_fail(err, -EINVAL,
					 "damaged image: IndirectIOAccess program for port %u runs "
					 "past the table end 0x%04zx",
					 port, end);
		p += iio_len[IIO_END];
	}
	return 0;
}

static int alloc_scratch(struct dc_bios *b)
{
	const struct dc_bios_table *t = &b->data[DC_BIOS_DATA_VRAM_USAGE_BY_FIRMWARE];
	size_t bytes = 0;

	/* VRAM_UsageByFirmware: the first reservation's usFirmwareUseInKb. */
	if (t->offset && t->size >= 12)
		bytes = (size_t)bios_u16(b, t->offset + 8u) * 1024u;
	if (!bytes)
		bytes = SCRATCH_DEFAULT;
	if (bytes > SCRATCH_MAX)
		bytes = SCRATCH_MAX;
	b->scratch_dwords = (unsigned)(bytes / 4);
	b->scratch = calloc(b->scratch_dwords, sizeof(uint32_t));
	return b->scratch ? 0 : -ENOMEM;
}

int dc_bios_load(const void *data, size_t size, struct dc_bios **out, struct dc_bios_error *err)
{
	struct dc_bios *b = calloc(1, sizeof(*b));
	size_t image = 0;
	int r;

	*out = NULL;
	if (!b)
		return -ENOMEM;
	b->rom = malloc(size ? size : 1);
	if (!b->rom) {
		free(b);
		return -ENOMEM;
	}
	memcpy(b->rom, data, size);
	b->size = size;
	r = check_rom(b, size, &image, err);
	if (!r) {
		b->size = image;
		r = check_pcir(b, err);
	}
	if (!r)
		r = check_sum(b, err);
	if (!r)
		r = check_atom(b, err);
	if (!r)
		r = index_list(b, true, err);
	if (!r)
		r = index_list(b, false, err);
	if (!r)
		r = index_iio(b, err);
	if (!r)
		r = alloc_scratch(b);
	if (r) {
		dc_bios_destroy(b);
		return r;
	}
	read_version(b);
	read_date(b);
	*out = b;
	return 0;
}

void dc_bios_destroy(struct dc_bios *bios)
{
	if (!bios)
		return;
	free(bios->scratch);
	free(bios->rom);
	free(bios);
}

const uint8_t *dc_bios_image(const struct dc_bios *bios, size_t *size)
{
	*size = bios->size;
	return bios->rom;
}

const char *dc_bios_version(const struct dc_bios *bios)
{
	return bios->version;
}

const char *dc_bios_date(const struct dc_bios *bios)
{
	return bios->date;
}

void dc_bios_pci_id(const struct dc_bios *bios, uint16_t *vendor, uint16_t *device)
{
	*vendor = bios->vendor;
	*device = bios->device;
}

/* The device IDs of the APUs whose generic images AMD publishes. */
static const struct {
	uint16_t device;
	enum dc_asic asic;
} asic_ids[] = {
	{ 0x9870, DC_ASIC_CARRIZO }, { 0x9874, DC_ASIC_CARRIZO }, { 0x9875, DC_ASIC_CARRIZO },
	{ 0x9876, DC_ASIC_CARRIZO }, { 0x9877, DC_ASIC_CARRIZO }, { 0x98e0, DC_ASIC_STONEY },
	{ 0x98e4, DC_ASIC_STONEY },
};

int dc_bios_asic(const struct dc_bios *bios, enum dc_asic *asic)
{
	for (size_t i = 0; i < sizeof(asic_ids) / sizeof(asic_ids[0]); i++) {
		if (asic_ids[i].device == bios->device) {
			*asic = asic_ids[i].asic;
			return 0;
		}
	}
	return -ENOENT;
}

static int table_get(const struct dc_bios_table *tables, unsigned count, unsigned index,
		     struct dc_bios_table *out)
{
	if (index >= count || !tables[index].offset)
		return -ENOENT;
	*out = tables[index];
	return 0;
}

int dc_bios_cmd_table(const struct dc_bios *bios, unsigned index, struct dc_bios_table *out)
{
	return table_get(bios->cmd, DC_BIOS_CMD_COUNT, index, out);
}

int dc_bios_data_table(const struct dc_bios *bios, unsigned index, struct dc_bios_table *out)
{
	return table_get(bios->data, DC_BIOS_DATA_COUNT, index, out);
}

int bios_data_need(const struct dc_bios *b, unsigned index, uint8_t min_frev, uint8_t max_frev,
		   uint16_t min_size, struct dc_bios_table *t, struct dc_bios_error *err)
{
	if (dc_bios_data_table(b, index, t))
		return bios_fail(err, -ENOENT, "the image has no %s table",
				 dc_bios_data_name(index));
	if (t->format_rev < min_frev || t->format_rev > max_frev)
		return bios_fail(err, -EINVAL,
				 "%s at 0x%04x has revision %u.%u; known are %u.x to %u.x",
				 dc_bios_data_name(index), t->offset, t->format_rev, t->content_rev,
				 min_frev, max_frev);
	if (t->size < min_size)
		return bios_fail(err, -EINVAL,
				 "%s %u.%u at 0x%04x has %u bytes, fewer than the %u it needs",
				 dc_bios_data_name(index), t->format_rev, t->content_rev, t->offset,
				 t->size, min_size);
	return 0;
}

uint32_t dc_bios_scratch(const struct dc_bios *bios, unsigned d)
{
	return d < bios->scratch_dwords ? bios->scratch[d] : 0;
}
