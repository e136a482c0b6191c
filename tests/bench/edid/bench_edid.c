/*
 * EDID decode throughput over the corpus of real EDIDs, beside a baseline
 * measured in the same run: a plain checksum pass over the same bytes (the
 * least any EDID reader does). Prints one JSON line:
 * {"bench":"edid_decode","edids_per_s":N,"baseline":"checksum","baseline_edids_per_s":N}
 *
 * Usage: bench-edid DATA_DIR [--quick]   (--quick: 0.05 s per pass, not 1 s)
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dc_edid.h"

static double min_seconds = 1.0;

struct corpus {
	uint8_t **data;
	size_t *size;
	size_t n;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int is_bin(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 4 && !strcmp(d->d_name + n - 4, ".bin");
}

static int load(const char *dir, struct corpus *c)
{
	struct dirent **list;
	int n = scandir(dir, &list, is_bin, alphasort);

	if (n <= 0)
		return n < 0 ? -errno : -ENOENT;
	c->data = calloc((size_t)n, sizeof(*c->data));
	c->size = calloc((size_t)n, sizeof(*c->size));
	for (int i = 0; i < n; i++) {
		char path[4096];
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", dir, list[i]->d_name);
		free(list[i]);
		f = fopen(path, "rb");
		if (!f || !c->data)
			continue;
		c->data[c->n] = malloc(1 << 16);
		if (c->data[c->n]) {
			c->size[c->n] = fread(c->data[c->n], 1, 1 << 16, f);
			c->n++;
		}
		fclose(f);
	}
	free(list);
	return c->n ? 0 : -ENOENT;
}

/* The baseline: verify every block's checksum, as a reader that trusts nothing else would. */
static unsigned checksum_pass(const struct corpus *c)
{
	unsigned bad = 0;

	for (size_t i = 0; i < c->n; i++) {
		for (size_t off = 0; off + 128 <= c->size[i]; off += 128) {
			uint8_t sum = 0;

			for (size_t j = 0; j < 128; j++)
				sum += c->data[i][off + j];
			bad += sum != 0;
		}
	}
	return bad;
}

static unsigned decode_pass(const struct corpus *c)
{
	unsigned timings = 0;

	for (size_t i = 0; i < c->n; i++) {
		struct dc_edid *e;

		if (dc_edid_parse(c->data[i], c->size[i], &e))
			continue;
		timings += (unsigned)e->num_dtds;
		dc_edid_destroy(e);
	}
	return timings;
}

/* EDIDs per second of pass() repeated for at least min_seconds. */
static double rate(const struct corpus *c, unsigned (*pass)(const struct corpus *),
		   volatile unsigned *sink)
{
	double start = now(), elapsed;
	size_t rounds = 0;

	do {
		*sink += pass(c);
		rounds++;
		elapsed = now() - start;
	} while (elapsed < min_seconds);
	return rounds * c->n / elapsed;
}

int main(int argc, char **argv)
{
	struct corpus c = { 0 };
	volatile unsigned sink = 0;
	double decode, baseline;

	if (argc == 3 && strcmp(argv[2], "--quick") == 0) {
		min_seconds = 0.05;
	} else if (argc != 2) {
		fprintf(stderr, "usage: %s DATA_DIR [--quick]\n", argv[0]);
		return 2;
	}
	if (load(argv[1], &c)) {
		fprintf(stderr, "%s: no EDID .bin files\n", argv[1]);
		return 1;
	}
	decode_pass(&c); /* warm the caches and the allocator */
	baseline = rate(&c, checksum_pass, &sink);
	decode = rate(&c, decode_pass, &sink);
	printf("{\"bench\":\"edid_decode\",\"edids_per_s\":%.0f,\"baseline\":\"checksum\","
	       "\"baseline_edids_per_s\":%.0f}\n",
	       decode, baseline);
	for (size_t i = 0; i < c.n; i++)
		free(c.data[i]);
	free(c.data);
	free(c.size);
	return 0;
}
