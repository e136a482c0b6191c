/*
 * The VRAM allocator (dc/mc/vram_alloc.c): alignment, first fit,
 * fragmentation, exhaustion with a sentence naming the sizes, coalescing
 * on free, reservations for adoption, and frees that do not match.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dc_vram.h"

#define MiB	 (1ull << 20)
/* One 3840x2160 XRGB8888 frame, pitch 15360: 31.6 MiB. */
#define FRAME_4K (3840ull * 4 * 2160)

static void test_alignment_and_first_fit(void **state)
{
	struct dc_vram v;
	uint64_t a, b, c;
	char why[256];

	(void)state;
	assert_int_equal(dc_vram_init(&v, 64 * MiB), 0);
	assert_int_equal(dc_vram_alloc(&v, 100, 0, &a, why, sizeof(why)), 0);
	assert_int_equal(a, 0);
	/* a 4 KiB page at least, whatever was asked */
	assert_int_equal(dc_vram_alloc(&v, 1, 256, &b, why, sizeof(why)), 0);
	assert_int_equal(b, 4096);
	assert_int_equal(dc_vram_alloc(&v, 4096, 2 * MiB, &c, why, sizeof(why)), 0);
	assert_int_equal(c, 2 * MiB);
	assert_int_equal(v.used, 3 * 4096);
	/* the hole below the aligned one is used by the next small one */
	assert_int_equal(dc_vram_alloc(&v, 8192, 0, &a, why, sizeof(why)), 0);
	assert_int_equal(a, 8192);
	/* not a power of two: refused */
	assert_int_equal(dc_vram_alloc(&v, 4096, 3000, &a, why, sizeof(why)), -ENOSPC);
	dc_vram_fini(&v);
}

static void test_exhaustion_names_the_sizes(void **state)
{
	struct dc_vram v;
	uint64_t off[8];
	char why[256];

	(void)state;
	assert_int_equal(dc_vram_init(&v, 128 * MiB), 0);
	for (int i = 0; i < 4; i++)
		assert_int_equal(dc_vram_alloc(&v, FRAME_4K, 0, &off[i], why, sizeof(why)), 0);
	assert_int_equal(dc_vram_alloc(&v, FRAME_4K, 0, &off[4], why, sizeof(why)), -ENOSPC);
	assert_non_null(strstr(why, "31.6 MiB (33177600 bytes"));
	assert_non_null(strstr(why, "1.4 MiB of 128.0 MiB free in 1 ranges"));
	assert_non_null(strstr(why, "4 buffers allocated"));
	/* larger than all of it */
	assert_int_equal(dc_vram_alloc(&v, 256 * MiB, 0, &off[4], why, sizeof(why)), -ENOSPC);
	assert_non_null(strstr(why, "256.0 MiB"));
	dc_vram_fini(&v);
}

static void test_fragmentation_and_coalescing(void **state)
{
	struct dc_vram v;
	uint64_t off[16], big;
	char why[256];

	(void)state;
	assert_int_equal(dc_vram_init(&v, 16 * MiB), 0);
	for (int i = 0; i < 16; i++)
		assert_int_equal(dc_vram_alloc(&v, MiB, 0, &off[i], why, sizeof(why)), 0);
	/* every other one freed: 8 MiB free, but no 2 MiB in one piece */
	for (int i = 0; i < 16; i += 2)
		assert_int_equal(dc_vram_free(&v, off[i], MiB), 0);
	assert_int_equal(v.nfree, 8);
	assert_int_equal(dc_vram_largest_free(&v), MiB);
	assert_int_equal(dc_vram_alloc(&v, 2 * MiB, 0, &big, why, sizeof(why)), -ENOSPC);
	assert_non_null(strstr(why, "8.0 MiB of 16.0 MiB free in 8 ranges, the largest 1.0 MiB"));
	/* freeing the one between two holes merges all three */
	assert_int_equal(dc_vram_free(&v, off[5], MiB), 0);
	assert_int_equal(v.nfree, 7);
	assert_int_equal(dc_vram_largest_free(&v), 3 * MiB);
	assert_int_equal(dc_vram_alloc(&v, 2 * MiB, 0, &big, why, sizeof(why)), 0);
	assert_int_equal(big, off[4]);
	/* everything back: one range again */
	assert_int_equal(dc_vram_free(&v, big, 2 * MiB), 0);
	for (int i = 1; i < 16; i += 2)
		if (i != 5)
			assert_int_equal(dc_vram_free(&v, off[i], MiB), 0);
	assert_int_equal(v.nfree, 1);
	assert_int_equal(v.used, 0);
	assert_int_equal(v.count, 0);
	assert_int_equal(dc_vram_largest_free(&v), 16 * MiB);
	dc_vram_fini(&v);
}

static void test_bad_frees_refused(void **state)
{
	struct dc_vram v;
	uint64_t a;
	char why[256];

	(void)state;
	assert_int_equal(dc_vram_init(&v, 16 * MiB), 0);
	assert_int_equal(dc_vram_alloc(&v, MiB, 0, &a, why, sizeof(why)), 0);
	assert_int_equal(dc_vram_free(&v, a, MiB), 0);
	assert_int_equal(dc_vram_free(&v, a, MiB), -EINVAL);		/* twice */
	assert_int_equal(dc_vram_free(&v, 15 * MiB, 2 * MiB), -EINVAL); /* past the end */
	assert_int_equal(v.nfree, 1);
	assert_int_equal(v.used, 0);
	dc_vram_fini(&v);
}

static void test_reserve(void **state)
{
	struct dc_vram v;
	uint64_t a;
	char why[256];

	(void)state;
	assert_int_equal(dc_vram_init(&v, 16 * MiB), 0);
	/* what an earlier dcd left on screen, taken out where it is */
	assert_int_equal(dc_vram_reserve(&v, 4 * MiB, MiB), 0);
	assert_int_equal(dc_vram_reserve(&v, 4 * MiB + 4096, 4096), -EBUSY);
	assert_int_equal(dc_vram_reserve(&v, 100, 4096), -EINVAL);
	assert_int_equal(dc_vram_alloc(&v, 4 * MiB, 0, &a, why, sizeof(why)), 0);
	assert_int_equal(a, 0);
	assert_int_equal(dc_vram_alloc(&v, 2 * MiB, 0, &a, why, sizeof(why)), 0);
	assert_int_equal(a, 5 * MiB);
	assert_int_equal(dc_vram_free(&v, 4 * MiB, MiB), 0);
	assert_int_equal(dc_vram_alloc(&v, MiB, 0, &a, why, sizeof(why)), 0);
	assert_int_equal(a, 4 * MiB);
	dc_vram_fini(&v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alignment_and_first_fit),
		cmocka_unit_test(test_exhaustion_names_the_sizes),
		cmocka_unit_test(test_fragmentation_and_coalescing),
		cmocka_unit_test(test_bad_frees_refused),
		cmocka_unit_test(test_reserve),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
