/*
 * The IOVA allocator behind dcv_dma_map: alignment, lowest-first reuse
 * after free, holes in the usable ranges, exhaustion, bad arguments, ranges
 * taken over from another process (dcv_iova_reserve).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "iova.h"

#define KIB 1024ull
#define MIB (1024ull * KIB)
#define GIB (1024ull * MIB)

static void allocations_are_aligned_and_disjoint(void **state)
{
	struct dcv_iova_range all = { 0, UINT64_MAX };
	struct dcv_iova_space s;
	uint64_t a, b, c;

	assert_int_equal(dcv_iova_init(&s, &all, 1, MIB, GIB), 0);
	assert_int_equal(dcv_iova_alloc(&s, 4 * KIB, 4 * KIB, &a), 0);
	assert_int_equal(a, MIB);
	assert_int_equal(dcv_iova_alloc(&s, 8 * KIB, 4 * KIB, &b), 0);
	assert_int_equal(b, MIB + 4 * KIB);
	/* 2 MiB alignment skips to the next 2 MiB boundary. */
	assert_int_equal(dcv_iova_alloc(&s, 2 * MIB, 2 * MIB, &c), 0);
	assert_int_equal(c, 2 * MIB);
	assert_int_equal(c % (2 * MIB), 0);
	/* The gap left below c is still used for small buffers. */
	assert_int_equal(dcv_iova_alloc(&s, 4 * KIB, 4 * KIB, &a), 0);
	assert_int_equal(a, MIB + 12 * KIB);
	assert_int_equal(s.n_used, 4);
	dcv_iova_fini(&s);
	(void)state;
}

static void freed_range_is_reused_lowest_first(void **state)
{
	struct dcv_iova_range all = { 0, UINT64_MAX };
	struct dcv_iova_space s;
	uint64_t a, b, c, again, size;

	assert_int_equal(dcv_iova_init(&s, &all, 1, 0x100000, 0x100000), 0);
	assert_int_equal(dcv_iova_alloc(&s, 0x4000, 0x1000, &a), 0);
	assert_int_equal(dcv_iova_alloc(&s, 0x4000, 0x1000, &b), 0);
	assert_int_equal(dcv_iova_alloc(&s, 0x4000, 0x1000, &c), 0);
	assert_int_equal(dcv_iova_lookup(&s, b, &size), 0);
	assert_int_equal(size, 0x4000);
	assert_int_equal(dcv_iova_free(&s, b, &size), 0);
	assert_int_equal(dcv_iova_free(&s, b, &size), -ENOENT);
	assert_int_equal(dcv_iova_lookup(&s, b, &size), -ENOENT);
	/* Not a start address: refused, nothing freed. */
	assert_int_equal(dcv_iova_free(&s, a + 0x1000, NULL), -ENOENT);
	assert_int_equal(dcv_iova_alloc(&s, 0x2000, 0x1000, &again), 0);
	assert_int_equal(again, b);
	/* Too big for the hole: goes after c. */
	assert_int_equal(dcv_iova_alloc(&s, 0x4000, 0x1000, &again), 0);
	assert_int_equal(again, c + 0x4000);
	dcv_iova_fini(&s);
	(void)state;
}

static void exhaustion_is_enospc(void **state)
{
	struct dcv_iova_range all = { 0, UINT64_MAX };
	struct dcv_iova_space s;
	uint64_t a, b;

	assert_int_equal(dcv_iova_init(&s, &all, 1, 0x10000, 0x8000), 0);
	assert_int_equal(dcv_iova_alloc(&s, 0x9000, 0x1000, &a), -ENOSPC);
	assert_int_equal(dcv_iova_alloc(&s, 0x8000, 0x1000, &a), 0);
	assert_int_equal(dcv_iova_alloc(&s, 0x1000, 0x1000, &b), -ENOSPC);
	assert_int_equal(dcv_iova_free(&s, a, NULL), 0);
	assert_int_equal(dcv_iova_alloc(&s, 0x1000, 0x1000, &b), 0);
	assert_int_equal(b, 0x10000);
	/* Fragmented: 2 pages free but not together. */
	uint64_t p[8];
	assert_int_equal(dcv_iova_free(&s, b, NULL), 0);
	for (int i = 0; i < 8; i++)
		assert_int_equal(dcv_iova_alloc(&s, 0x1000, 0x1000, &p[i]), 0);
	assert_int_equal(dcv_iova_free(&s, p[2], NULL), 0);
	assert_int_equal(dcv_iova_free(&s, p[5], NULL), 0);
	assert_int_equal(dcv_iova_alloc(&s, 0x2000, 0x1000, &a), -ENOSPC);
	/* Alignment can exhaust too: 0x10000 is 64 KiB aligned, 0x10000 + 0x8000 is the end. */
	assert_int_equal(dcv_iova_free(&s, p[0], NULL), 0);
	assert_int_equal(dcv_iova_alloc(&s, 0x1000, 0x20000, &a), -ENOSPC);
	dcv_iova_fini(&s);
	(void)state;
}

static void reserved_holes_are_skipped(void **state)
{
	/* What intel-iommu reports: everything but the MSI doorbell window. */
	struct dcv_iova_range ranges[] = {
		{ 0xfef00000ull, UINT64_MAX >> 16 },
		{ 0, 0xfedfffffull },
	};
	struct dcv_iova_space s;
	uint64_t a, b;

	assert_int_equal(dcv_iova_init(&s, ranges, 2, 0xfe000000ull, 0x2000000ull), 0);
	assert_int_equal(s.n_usable, 2);
	assert_int_equal(dcv_iova_alloc(&s, 0xe00000, 0x1000, &a), 0);
	assert_int_equal(a, 0xfe000000ull);
	/* The next buffer cannot straddle 0xfee00000-0xfeefffff. */
	assert_int_equal(dcv_iova_alloc(&s, 0x2000, 0x1000, &b), 0);
	assert_int_equal(b, 0xfef00000ull);
	dcv_iova_fini(&s);
	(void)state;
}

static void touching_ranges_merge(void **state)
{
	struct dcv_iova_range ranges[] = { { 0x3000, 0x3fff },
					   { 0x1000, 0x2fff },
					   { 0x2000, 0x2fff } };
	struct dcv_iova_space s;
	uint64_t a;

	assert_int_equal(dcv_iova_init(&s, ranges, 3, 0, 0x10000), 0);
	assert_int_equal(s.n_usable, 1);
	assert_int_equal(dcv_iova_alloc(&s, 0x3000, 0x1000, &a), 0);
	assert_int_equal(a, 0x1000);
	dcv_iova_fini(&s);
	(void)state;
}

static void top_of_the_address_space(void **state)
{
	struct dcv_iova_range all = { 0, UINT64_MAX };
	struct dcv_iova_space s;
	uint64_t a;

	assert_int_equal(dcv_iova_init(&s, &all, 1, UINT64_MAX - 0xfff, 0x1000), 0);
	assert_int_equal(dcv_iova_alloc(&s, 0x1000, 0x1000, &a), 0);
	assert_int_equal(a, UINT64_MAX - 0xfff);
	assert_int_equal(dcv_iova_alloc(&s, 0x1000, 0x1000, &a), -ENOSPC);
	/* Aligning past the end must not wrap around to 0. */
	assert_int_equal(dcv_iova_free(&s, UINT64_MAX - 0xfff, NULL), 0);
	assert_int_equal(dcv_iova_alloc(&s, 0x1000, 0x2000, &a), -ENOSPC);
	dcv_iova_fini(&s);
	(void)state;
}

static void bad_arguments(void **state)
{
	struct dcv_iova_range all = { 0, UINT64_MAX };
	struct dcv_iova_range none = { 0x1000, 0x1fff };
	struct dcv_iova_space s;
	uint64_t a;

	assert_int_equal(dcv_iova_init(&s, &all, 1, 0, 0), -EINVAL);
	assert_int_equal(dcv_iova_init(&s, &all, 1, UINT64_MAX, 2), -EINVAL);
	/* A window that misses every usable range. */
	assert_int_equal(dcv_iova_init(&s, &none, 1, 0x10000, 0x1000), -ENOSPC);
	assert_int_equal(dcv_iova_init(&s, &all, 1, 0x10000, 0x10000), 0);
	assert_int_equal(dcv_iova_alloc(&s, 0, 0x1000, &a), -EINVAL);
	assert_int_equal(dcv_iova_alloc(&s, 0x1000, 0, &a), -EINVAL);
	assert_int_equal(dcv_iova_alloc(&s, 0x1000, 0x3000, &a), -EINVAL);
	assert_int_equal(dcv_iova_alloc(&s, UINT64_MAX, 0x1000, &a), -ENOSPC);
	dcv_iova_fini(&s);
	(void)state;
}

/* A range another process allocated is taken over; allocation goes around it. */
static void reserved_range_is_taken_over(void **state)
{
	struct dcv_iova_range all = { 0, UINT64_MAX };
	struct dcv_iova_space s;
	uint64_t a, size;

	assert_int_equal(dcv_iova_init(&s, &all, 1, MIB, GIB), 0);
	assert_int_equal(dcv_iova_reserve(&s, MIB + 8 * KIB, 8 * KIB), 0);
	assert_int_equal(dcv_iova_lookup(&s, MIB + 8 * KIB, &size), 0);
	assert_int_equal(size, 8 * KIB);
	/* overlapping it, or outside the window, is refused */
	assert_int_equal(dcv_iova_reserve(&s, MIB + 12 * KIB, 8 * KIB), -EEXIST);
	assert_int_equal(dcv_iova_reserve(&s, MIB + 4 * KIB, 8 * KIB), -EEXIST);
	assert_int_equal(dcv_iova_reserve(&s, 0, 4 * KIB), -ERANGE);
	assert_int_equal(dcv_iova_reserve(&s, GIB + MIB - 4 * KIB, 8 * KIB), -ERANGE);
	assert_int_equal(dcv_iova_reserve(&s, MIB, 0), -EINVAL);
	assert_int_equal(dcv_iova_reserve(&s, UINT64_MAX - KIB, 8 * KIB), -EINVAL);
	/* first fit: below it, then above it */
	assert_int_equal(dcv_iova_alloc(&s, 8 * KIB, 4 * KIB, &a), 0);
	assert_int_equal(a, MIB);
	assert_int_equal(dcv_iova_alloc(&s, 8 * KIB, 4 * KIB, &a), 0);
	assert_int_equal(a, MIB + 16 * KIB);
	/* a reserved range is freed like an allocated one */
	assert_int_equal(dcv_iova_free(&s, MIB + 8 * KIB, &size), 0);
	assert_int_equal(size, 8 * KIB);
	assert_int_equal(dcv_iova_alloc(&s, 8 * KIB, 4 * KIB, &a), 0);
	assert_int_equal(a, MIB + 8 * KIB);
	dcv_iova_fini(&s);
	(void)state;
}

static void many_allocations_grow_the_table(void **state)
{
	struct dcv_iova_range all = { 0, UINT64_MAX };
	struct dcv_iova_space s;
	uint64_t a;

	assert_int_equal(dcv_iova_init(&s, &all, 1, 0, 1000 * 0x1000), 0);
	for (uint64_t i = 0; i < 1000; i++) {
		assert_int_equal(dcv_iova_alloc(&s, 0x1000, 0x1000, &a), 0);
		assert_int_equal(a, i * 0x1000);
	}
	assert_int_equal(dcv_iova_alloc(&s, 0x1000, 0x1000, &a), -ENOSPC);
	for (uint64_t i = 0; i < 1000; i += 2)
		assert_int_equal(dcv_iova_free(&s, i * 0x1000, NULL), 0);
	assert_int_equal(s.n_used, 500);
	assert_int_equal(dcv_iova_alloc(&s, 0x1000, 0x1000, &a), 0);
	assert_int_equal(a, 0);
	dcv_iova_fini(&s);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(allocations_are_aligned_and_disjoint),
		cmocka_unit_test(freed_range_is_reused_lowest_first),
		cmocka_unit_test(exhaustion_is_enospc),
		cmocka_unit_test(reserved_holes_are_skipped),
		cmocka_unit_test(touching_ranges_merge),
		cmocka_unit_test(top_of_the_address_space),
		cmocka_unit_test(bad_arguments),
		cmocka_unit_test(many_allocations_grow_the_table),
		cmocka_unit_test(reserved_range_is_taken_over),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
