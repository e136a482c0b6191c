/*
 * The reset check of a fuzz target that keeps its engine (or daemon)
 * between inputs and puts it back before each one: an input run after
 * other inputs must do exactly what it does run alone in a new process.
 * Linked with one target's source (fuzz_target.h): fuzz_digest() hashes
 * what the last input made the code under test see and do.
 *
 * The inputs are the seeds and mutations of them (the same every run).
 * Each is run alone, each in a new process (this program with --one),
 * then all in one process, forwards and backwards, so each follows
 * different inputs. Any digest that differs names the input and fails.
 *
 * Usage: fuzz-TARGET-reset SEED_DIR SEED_SUFFIX
 *        fuzz-TARGET-reset --one FILE   (prints the digest of FILE alone)
 */
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_target.h"

#define MAX_INPUTS 256
#define MAX_BYTES  4096
#define MUTATIONS  2 /* per seed */

struct input {
	char name[128];
	uint8_t bytes[MAX_BYTES];
	size_t size;
	uint64_t alone;
};

static struct input inputs[MAX_INPUTS];
static unsigned n_inputs;

static size_t read_file(const char *path, uint8_t *buf, size_t max)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f) {
		fprintf(stderr, "%s: cannot open\n", path);
		exit(2);
	}
	n = fread(buf, 1, max, f);
	fclose(f);
	return n;
}

static uint64_t run_once(const struct input *in)
{
	LLVMFuzzerTestOneInput(in->bytes, in->size);
	return fuzz_digest();
}

/* xorshift64: mutations that are the same on every run */
static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void add_mutations(const struct input *seed, uint64_t *s)
{
	for (int m = 0; m < MUTATIONS && n_inputs < MAX_INPUTS; m++) {
		struct input *in = &inputs[n_inputs++];

		*in = *seed;
		snprintf(in->name, sizeof(in->name), "%.100s~%d", seed->name, m + 1);
		/* flip some bytes, then append a few (the sink or client goes on talking) */
		for (size_t i = 0; i < in->size; i++) {
			if (rnd(s) % 4 == 0)
				in->bytes[i] ^= (uint8_t)rnd(s);
		}
		for (int k = 0; k < 16 && in->size < MAX_BYTES; k++)
			in->bytes[in->size++] = (uint8_t)rnd(s);
	}
}

static void load(const char *dir, const char *suffix)
{
	size_t sl = strlen(suffix);
	struct dirent **names;
	uint64_t s = 0x9e3779b97f4a7c15ull;
	int n = scandir(dir, &names, NULL, alphasort);

	if (n < 0) {
		fprintf(stderr, "%s: cannot list\n", dir);
		exit(2);
	}
	for (int i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		size_t len = strlen(name);
		char path[4096];

		if (len > sl && !strcmp(name + len - sl, suffix) && n_inputs < MAX_INPUTS) {
			struct input *in = &inputs[n_inputs++];

			snprintf(path, sizeof(path), "%s/%s", dir, name);
			snprintf(in->name, sizeof(in->name), "%.120s", name);
			in->size = read_file(path, in->bytes, MAX_BYTES);
			add_mutations(in, &s);
		}
		free(names[i]);
	}
	free(names);
	if (!n_inputs) {
		fprintf(stderr, "%s: no *%s seeds\n", dir, suffix);
		exit(2);
	}
}

/* The digest of in run by a new process of this program. */
static uint64_t alone(const struct input *in, const char *tmp)
{
	char path[4200], cmd[8600];
	uint64_t d = 0;
	FILE *f, *p;

	snprintf(path, sizeof(path), "%s/input", tmp);
	f = fopen(path, "wb");
	if (!f || fwrite(in->bytes, 1, in->size, f) != in->size || fclose(f) != 0)
		abort();
	snprintf(cmd, sizeof(cmd), "/proc/%d/exe --one '%s'", (int)getpid(), path);
	p = popen(cmd, "r");
	if (!p || fscanf(p, "%" SCNx64, &d) != 1 || pclose(p) != 0) {
		fprintf(stderr, "%s: running it alone failed\n", in->name);
		exit(1);
	}
	return d;
}

static int check(unsigned i, const char *after)
{
	uint64_t d = run_once(&inputs[i]);

	if (d == inputs[i].alone)
		return 0;
	fprintf(stderr, "%s after %s: digest %016" PRIx64 ", alone %016" PRIx64 "\n",
		inputs[i].name, after, d, inputs[i].alone);
	return 1;
}

int main(int argc, char **argv)
{
	char tmp[] = "/tmp/dcd-fuzz-reset.XXXXXX";
	int failed = 0;

	if (argc == 3 && !strcmp(argv[1], "--one")) {
		static struct input in;
		int one = 1;
		char **args = (char *[]){ argv[0], NULL };

		in.size = read_file(argv[2], in.bytes, MAX_BYTES);
		LLVMFuzzerInitialize(&one, &args);
		printf("%016" PRIx64 "\n", run_once(&in));
		return 0;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: %s SEED_DIR SEED_SUFFIX\n", argv[0]);
		return 2;
	}
	load(argv[1], argv[2]);
	if (!mkdtemp(tmp))
		abort();
	for (unsigned i = 0; i < n_inputs; i++)
		inputs[i].alone = alone(&inputs[i], tmp);
	{
		char path[sizeof(tmp) + 8];

		snprintf(path, sizeof(path), "%s/input", tmp);
		unlink(path);
		rmdir(tmp);
	}
	LLVMFuzzerInitialize(&argc, &argv);
	for (unsigned i = 0; i < n_inputs; i++)
		failed |= check(i, i ? inputs[i - 1].name : "nothing");
	for (unsigned i = n_inputs; i-- > 0;)
		failed |= check(i, i + 1 < n_inputs ? inputs[i + 1].name : inputs[i].name);
	printf("%u inputs, each alone and after others: %s\n", n_inputs,
	       failed ? "DIFFERENT" : "the same");
	return failed;
}
