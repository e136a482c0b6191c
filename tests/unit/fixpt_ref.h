/*
 * Shared by the fixed-point tests: a seeded PRNG, input distributions that
 * reach every region of the two formats, and a checker that compares a
 * result against the exact value computed with MPFR, enforcing the
 * documented error bound and the overflow-marker rule, and records the
 * largest error seen so each test can print it (docs/fixed-point.md quotes
 * these lines).
 */
#ifndef TESTS_FIXPT_REF_H
#define TESTS_FIXPT_REF_H

#include <stdbool.h>
#include <stdint.h>

#include <mpfr.h>

#include "dc_fixpt.h"

/* Inputs per operation, as docs/fixed-point.md promises. */
#define FIXPT_N 1000000

/* xoshiro256** seeded through splitmix64: fast, good, and reproducible. */
struct fixpt_rng {
	uint64_t s[4];
};

void fixpt_rng_seed(struct fixpt_rng *r, uint64_t seed);
uint64_t fixpt_rng_next(struct fixpt_rng *r);
/* Uniform in 0 .. n-1 (n > 0); the slight modulo bias does not matter here. */
uint64_t fixpt_rng_below(struct fixpt_rng *r, uint64_t n);

/*
 * A finite fixed31_32 raw value drawn from a mix of regions: random bit
 * patterns, log-uniform magnitudes, tiny values, values near +-1, near the
 * limits, integers and half-integers, and typical DC magnitudes. The
 * first calls (i < fixpt_edge_count) return the edge values instead.
 */
int64_t fixpt_gen31(struct fixpt_rng *r);
/* An int64_t operand for the *_int operations and from_fraction. */
int64_t fixpt_gen_int(struct fixpt_rng *r);
/* A finite fixed32_32 raw value, mixed like fixpt_gen31(). */
uint64_t fixpt_gen32(struct fixpt_rng *r);

/* Edge values of fixed31_32 (finite ones), tried before random inputs. */
extern const int64_t fixpt_edges31[];
extern const unsigned int fixpt_edges31_count;
extern const uint64_t fixpt_edges32[];
extern const unsigned int fixpt_edges32_count;

enum fixpt_kind {
	FIXPT_S31, /* fixed31_32: finite INT64_MIN+1 .. INT64_MAX-1 */
	FIXPT_U32, /* fixed32_32: finite 0 .. UINT64_MAX-1 */
};

/*
 * One operation under test. bound_ulp 0.5 means correctly rounded (ties to
 * even): the result must equal the rounded exact value exactly. A larger
 * bound allows |result - exact| <= bound_ulp, and near the range limits
 * accepts either a finite result or a marker within bound_ulp - 0.5 of the
 * rounding boundary. 0 means exact.
 */
struct fixpt_stats {
	const char *name;
	enum fixpt_kind kind;
	double bound_ulp;
	double max_err_ulp;
	uint64_t count, markers;
	char why[160];
	mpfr_t t, u; /* scratch */
};

void fixpt_stats_init(struct fixpt_stats *st, const char *name, enum fixpt_kind kind,
		      double bound_ulp);

/* Frees the scratch values. */
void fixpt_stats_clear(struct fixpt_stats *st);

/*
 * Checks got (a raw fixed31_32 or fixed32_32 value, by st->kind) against
 * exact, the exact result times 2^32. Returns false and fills st->why on a
 * violation.
 */
bool fixpt_check(struct fixpt_stats *st, uint64_t got, mpfr_srcptr exact);

/* Prints "fixpt NAME: N inputs, max error E ulp (bound B), M markers". */
void fixpt_stats_print(const struct fixpt_stats *st);

/* mpfr from a raw value of the given kind (markers are not allowed). */
void fixpt_mpfr_set31(mpfr_ptr m, int64_t raw);

/* Where an operand comes from: edge values first, then a generator. */
struct fixpt_operand {
	const void *edges; /* int64_t[], or uint64_t[] when is_unsigned */
	unsigned int n_edges;
	int64_t (*gen)(struct fixpt_rng *r);
	bool is_unsigned; /* the bits are a uint64_t (fixed32_32, u64 ints) */
};

extern const struct fixpt_operand fixpt_arg31;	   /* finite fixed31_32 */
extern const struct fixpt_operand fixpt_arg_int;   /* any int64_t */
extern const struct fixpt_operand fixpt_arg_shift; /* shift counts 0 .. 70 */
extern const struct fixpt_operand fixpt_arg32;	   /* finite fixed32_32 */
extern const struct fixpt_operand fixpt_arg_uint;  /* any uint64_t */

/*
 * One operation under test: run() computes the raw result from the raw
 * operands; ref() sets exact to the exact result times 2^32 (or, for
 * integer results such as floor, the exact integer) from the operands as
 * exact integers. prec is the MPFR precision (0: 256 bits).
 */
struct fixpt_op {
	const char *name;
	enum fixpt_kind kind;
	double bound_ulp;
	unsigned int arity;
	const struct fixpt_operand *args[3];
	uint64_t (*run)(const int64_t *in);
	void (*ref)(mpfr_ptr exact, mpfr_t *in, const int64_t *raw);
	mpfr_prec_t prec;
	uint64_t seed;
	/* Optional: reshapes random operands (say, y from x for pow). */
	void (*shape)(int64_t *raw, struct fixpt_rng *rng);
};

/*
 * Runs op on every combination of edge operands (when there are at most
 * 40000) and then on random operands, n in total, failing the cmocka test
 * at the first violation and printing the statistics line.
 */
void fixpt_run_op(const struct fixpt_op *op, uint64_t n);

/* cmocka test body whose initial state is a const struct fixpt_op. */
void fixpt_test_op(void **state);

struct CMUnitTest;
/*
 * Runs the cmocka group name: one test per op (fixpt_test_op), then the
 * n_extra tests of extra. Returns the group's exit status.
 */
int fixpt_run_group(const char *name, const struct fixpt_op *ops, size_t n_ops,
		    const struct CMUnitTest *extra, size_t n_extra);

/*
 * Fails the current cmocka test with the inputs when the check fails;
 * the format describes the inputs.
 */
#define FIXPT_CHECK(st, got, exact, fmt, ...)                                                   \
	do {                                                                                    \
		if (!fixpt_check((st), (got), (exact)))                                         \
			fail_msg("%s(" fmt ") = 0x%016" PRIx64 ": %s", (st)->name, __VA_ARGS__, \
				 (uint64_t)(got), (st)->why);                                   \
	} while (0)

#endif /* TESTS_FIXPT_REF_H */
