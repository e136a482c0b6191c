/*
 * bench-fixpt: nanoseconds per fixed-point operation beside the same
 * computation in double, both measured in this run, one JSON line each:
 *   {"bench":"fixpt.mul","ns_per_op":2.10,"baseline":"double","baseline_ns_per_op":0.90}
 * fixpt.* are fixed31_32, fixpt32.* fixed32_32. Each figure is the
 * throughput over 1024 inputs drawn at run time (the *_latency lines: the
 * latency of a chain of 1024 dependent operations), repeated until the run
 * lasts long enough (--quick: one ~2 ms run each, else the best of five
 * ~10 ms runs, the fixed-point and double runs taking turns so that a
 * busy machine slows both alike; the best is the run least disturbed by
 * other processes). Every result
 * is stored to an array, and a compiler barrier (a memory clobber) per
 * repetition makes the compiler assume the inputs changed and the outputs
 * are read, so no work can be hoisted out of the loop or dropped.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dc_fixpt.h"

#define N     1024
#define TWO32 4294967296.0

/* Inputs, as raw values and as the doubles they stand for. */
struct inputs {
	int64_t gen_a[N], gen_b[N]; /* |x| in 2^-10 .. 2^10, either sign */
	int64_t pos[N];		    /* 0.01 .. 1000 */
	int64_t expx[N];	    /* -20 .. 20 */
	int64_t powy[N];	    /* -3 .. 3 */
	int64_t ints[N];	    /* +-1 .. 1000 */
	int64_t shifts[N];	    /* 0 .. 20 */
	uint64_t u_a[N], u_b[N];    /* 2^-10 .. 2^10 */
	int64_t fac[N];		    /* f, ~1/f, ... with f in 1/2 .. 2: a bounded chain */
	double d_gen_a[N], d_gen_b[N], d_pos[N], d_expx[N], d_powy[N], d_ints[N];
	double d_u_a[N], d_u_b[N], d_fac[N];
};

static volatile uint64_t sink_u;
static volatile double sink_d;

static uint64_t rng_state = 0x0123456789abcdefu;

static uint64_t rng(void)
{
	uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* Uniform in lo .. hi as a raw fixed31_32 value. */
static int64_t uniform(double lo, double hi)
{
	return (int64_t)((lo + (hi - lo) * ((double)(rng() >> 11) / 9007199254740992.0)) * TWO32);
}

/* Log-uniform magnitude in 2^-10 .. 2^10. */
static int64_t log_uniform(void)
{
	return (int64_t)(rng() >> 21) >> (rng() % 20);
}

static void fill(struct inputs *in)
{
	for (int i = 0; i < N; i++) {
		in->gen_a[i] = log_uniform() * (rng() & 1 ? -1 : 1);
		in->gen_b[i] = log_uniform() * (rng() & 1 ? -1 : 1);
		if (in->gen_b[i] == 0)
			in->gen_b[i] = 1;
		in->pos[i] = uniform(0.01, 1000);
		in->expx[i] = uniform(-20, 20);
		in->powy[i] = uniform(-3, 3);
		in->ints[i] = (int64_t)(rng() % 1000 + 1) * (rng() & 1 ? -1 : 1);
		in->shifts[i] = (int64_t)(rng() % 21);
		in->u_a[i] = (uint64_t)log_uniform();
		in->u_b[i] = (uint64_t)log_uniform() | 1;
		in->d_gen_a[i] = (double)in->gen_a[i] / TWO32;
		in->d_gen_b[i] = (double)in->gen_b[i] / TWO32;
		in->d_pos[i] = (double)in->pos[i] / TWO32;
		in->d_expx[i] = (double)in->expx[i] / TWO32;
		in->d_powy[i] = (double)in->powy[i] / TWO32;
		in->d_ints[i] = (double)in->ints[i];
		in->d_u_a[i] = (double)in->u_a[i] / TWO32;
		in->d_u_b[i] = (double)in->u_b[i] / TWO32;
	}
	for (int i = 0; i < N; i += 2) {
		in->fac[i] = uniform(0.5, 2);
		in->fac[i + 1] =
			fixed31_32_div(FIXED31_32_ONE, (struct fixed31_32){ in->fac[i] }).value;
		in->d_fac[i] = (double)in->fac[i] / TWO32;
		in->d_fac[i + 1] = (double)in->fac[i + 1] / TWO32;
	}
}

/*
 * The thread's CPU time, not the wall clock: on a machine shared with
 * other work, the time this thread waits for a core is not the cost of
 * the operation.
 */
static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double target_ns = 10e6;
static int samples = 5;

/* Results are stored, not summed: a running sum would time its own chain. */
struct outputs {
	uint64_t u[N];
	double d[N];
};

/*
 * Defines FUNC(in, out), which runs ONE_REP (one pass over the inputs) in
 * doubling counts of repetitions until they last target_ns and returns ns
 * per input. The memory clobber per repetition makes the compiler assume
 * the inputs changed and the outputs are read. SINK is a volatile that
 * takes one stored output so the stores cannot be dropped.
 */
#define TIMED(FUNC, ONE_REP, SINK, OUTS)                                               \
	static double FUNC(const struct inputs *in, struct outputs *out)               \
	{                                                                              \
		for (uint64_t reps = 1;; reps *= 2) {                                  \
			double t0 = now_ns(), t;                                       \
			for (uint64_t r = 0; r < reps; r++) {                          \
				__asm__ volatile("" : : "r"(in), "r"(out) : "memory"); \
				ONE_REP;                                               \
			}                                                              \
			t = now_ns() - t0;                                             \
			SINK = out->OUTS[reps % N];                                    \
			if (t >= target_ns)                                            \
				return t / (double)(reps * N);                         \
		}                                                                      \
	}

/*
 * Defines bench_NAME_fixed() and bench_NAME_double(): each runs its
 * expression over the inputs (i is the index) and returns ns per call,
 * the throughput of independent operations. FIX yields an integer (a raw
 * value, bool or int), DBL a double.
 */
#define BENCH(NAME, FIX, DBL)                                                                \
	TIMED(bench_##NAME##_fixed, for (int i = 0; i < N; i++) out->u[i] = (uint64_t)(FIX), \
	      sink_u, u)                                                                     \
	TIMED(bench_##NAME##_double, for (int i = 0; i < N; i++) out->d[i] = (double)(DBL),  \
	      sink_d, d)

/*
 * The same for a latency chain: each step takes the previous result,
 * x = FIX / DBL of (x, i), so the time is the operation's latency, as in
 * a formula whose terms feed one another (DC's bandwidth and clock
 * formulas), where BENCH measures throughput. Each repetition starts the
 * chain from 1 and stores its end.
 */
#define CHAIN(NAME, FIX, DBL)                                                                      \
	TIMED(bench_##NAME##_fixed, struct fixed31_32 x = FIXED31_32_ONE;                          \
	      for (int i = 0; i < N; i++) x = (FIX); out->u[r % N] = (uint64_t)x.value, sink_u, u) \
	TIMED(bench_##NAME##_double, double x = 1.0; for (int i = 0; i < N; i++) x = (DBL);        \
	      out->d[r % N] = x, sink_d, d)

#define S(v) ((struct fixed31_32){ (v) })
#define U(v) ((struct fixed32_32){ (v) })
#define A    in->gen_a[i]
#define B    in->gen_b[i]
#define DA   in->d_gen_a[i]
#define DB   in->d_gen_b[i]

// clang-format off
BENCH(from_fraction, fixed31_32_from_fraction(in->ints[i], in->ints[(i + 1) % N]).value,
      in->d_ints[i] / in->d_ints[(i + 1) % N])
BENCH(from_int, fixed31_32_from_int(in->ints[i]).value, in->d_ints[i])
BENCH(neg, fixed31_32_neg(S(A)).value, -DA)
BENCH(abs, fixed31_32_abs(S(A)).value, fabs(DA))
BENCH(lt, fixed31_32_lt(S(A), S(B)), DA < DB)
BENCH(le, fixed31_32_le(S(A), S(B)), DA <= DB)
BENCH(eq, fixed31_32_eq(S(A), S(B)), DA == DB)
BENCH(min, fixed31_32_min(S(A), S(B)).value, fmin(DA, DB))
BENCH(max, fixed31_32_max(S(A), S(B)).value, fmax(DA, DB))
BENCH(clamp, fixed31_32_clamp(S(A), S(-B), S(B)).value, fmax(-DB, fmin(DA, DB)))
BENCH(shl, fixed31_32_shl(S(A), (unsigned int)in->shifts[i]).value, ldexp(DA, (int)in->shifts[i]))
BENCH(shr, fixed31_32_shr(S(A), (unsigned int)in->shifts[i]).value, ldexp(DA, -(int)in->shifts[i]))
BENCH(add, fixed31_32_add(S(A), S(B)).value, DA + DB)
BENCH(sub, fixed31_32_sub(S(A), S(B)).value, DA - DB)
BENCH(add_int, fixed31_32_add_int(S(A), in->ints[i]).value, DA + in->d_ints[i])
BENCH(sub_int, fixed31_32_sub_int(S(A), in->ints[i]).value, DA - in->d_ints[i])
BENCH(mul, fixed31_32_mul(S(A), S(B)).value, DA * DB)
BENCH(mul_int, fixed31_32_mul_int(S(A), in->ints[i]).value, DA * in->d_ints[i])
BENCH(div, fixed31_32_div(S(A), S(B)).value, DA / DB)
CHAIN(mul_chain, fixed31_32_mul(x, S(in->fac[i])), x * in->d_fac[i])
CHAIN(div_chain, fixed31_32_div(x, S(in->fac[i])), x / in->d_fac[i])
BENCH(div_int, fixed31_32_div_int(S(A), in->ints[i]).value, DA / in->d_ints[i])
BENCH(sqr, fixed31_32_sqr(S(A)).value, DA * DA)
BENCH(recip, fixed31_32_recip(S(B)).value, 1.0 / DB)
BENCH(sinc, fixed31_32_sinc(S(A)).value, DA == 0 ? 1.0 : sin(DA) / DA)
BENCH(sin, fixed31_32_sin(S(A)).value, sin(DA))
BENCH(cos, fixed31_32_cos(S(A)).value, cos(DA))
BENCH(exp, fixed31_32_exp(S(in->expx[i])).value, exp(in->d_expx[i]))
BENCH(log, fixed31_32_log(S(in->pos[i])).value, log(in->d_pos[i]))
BENCH(pow, fixed31_32_pow(S(in->pos[i]), S(in->powy[i])).value, pow(in->d_pos[i], in->d_powy[i]))
BENCH(floor, fixed31_32_floor(S(A)), (int64_t)floor(DA))
BENCH(round, fixed31_32_round(S(A)), (int64_t)round(DA))
BENCH(ceil, fixed31_32_ceil(S(A)), (int64_t)ceil(DA))
/* A double packer: round, clamp to lo .. hi, keep the field's bits. */
static inline uint32_t pack_double(double x, int frac_bits, double lo, double hi, uint32_t mask)
{
	return (uint32_t)(int64_t)fmin(fmax(round(ldexp(x, frac_bits)), lo), hi) & mask;
}

static inline uint32_t to_ufixed(struct fixed31_32 x, unsigned int ib, unsigned int fb)
{
	uint32_t field;

	(void)fixed31_32_to_ufixed(x, ib, fb, &field);
	return field;
}

static inline uint32_t to_sfixed(struct fixed31_32 x, unsigned int ib, unsigned int fb)
{
	uint32_t field;

	(void)fixed31_32_to_sfixed(x, ib, fb, &field);
	return field;
}

BENCH(to_ufixed, to_ufixed(S(A), 3, 12), pack_double(DA, 12, 0, 0x7fff, 0x7fff))
BENCH(to_sfixed, to_sfixed(S(A), 3, 12), pack_double(DA, 12, -32768, 32767, 0xffff))
BENCH(u0d10, fixed31_32_u0d10(S(A)), pack_double(DA, 10, 0, 0x3ff, 0x3ff))
BENCH(u0d14, fixed31_32_u0d14(S(A)), pack_double(DA, 14, 0, 0x3fff, 0x3fff))
BENCH(u0d19, fixed31_32_u0d19(S(A)), pack_double(DA, 19, 0, 0x7ffff, 0x7ffff))
BENCH(u1d8, fixed31_32_u1d8(S(A)), pack_double(DA, 8, 0, 0x1ff, 0x1ff))
BENCH(u2d19, fixed31_32_u2d19(S(A)), pack_double(DA, 19, 0, 0x1fffff, 0x1fffff))
BENCH(u3d19, fixed31_32_u3d19(S(A)), pack_double(DA, 19, 0, 0x3fffff, 0x3fffff))
BENCH(u4d19, fixed31_32_u4d19(S(A)), pack_double(DA, 19, 0, 0x7fffff, 0x7fffff))
BENCH(s2d13, fixed31_32_s2d13(S(A)), pack_double(DA, 13, -32768, 32767, 0xffff))
BENCH(s4d19, fixed31_32_s4d19(S(A)), pack_double(DA, 19, -8388608, 8388607, 0xffffff))
BENCH(u32_from_fraction, fixed32_32_from_fraction(in->u_a[i], in->u_b[i]).value,
      (double)in->u_a[i] / (double)in->u_b[i])
BENCH(u32_from_int, fixed32_32_from_int((uint64_t)in->shifts[i]).value, (double)in->shifts[i])
BENCH(u32_add, fixed32_32_add(U(in->u_a[i]), U(in->u_b[i])).value, in->d_u_a[i] + in->d_u_b[i])
BENCH(u32_add_int, fixed32_32_add_int(U(in->u_a[i]), (uint64_t)in->shifts[i]).value,
      in->d_u_a[i] + (double)in->shifts[i])
BENCH(u32_sub, fixed32_32_sub(U(in->u_a[i]), U(in->u_b[i])).value,
      in->d_u_a[i] >= in->d_u_b[i] ? in->d_u_a[i] - in->d_u_b[i] : INFINITY)
BENCH(u32_sub_int, fixed32_32_sub_int(U(in->u_a[i]), (uint64_t)in->shifts[i]).value,
      in->d_u_a[i] >= in->shifts[i] ? in->d_u_a[i] - (double)in->shifts[i] : INFINITY)
BENCH(u32_mul, fixed32_32_mul(U(in->u_a[i]), U(in->u_b[i])).value, in->d_u_a[i] * in->d_u_b[i])
BENCH(u32_mul_int, fixed32_32_mul_int(U(in->u_a[i]), (uint64_t)in->shifts[i]).value,
      in->d_u_a[i] * (double)in->shifts[i])
BENCH(u32_div, fixed32_32_div(U(in->u_a[i]), U(in->u_b[i])).value, in->d_u_a[i] / in->d_u_b[i])
BENCH(u32_div_int, fixed32_32_div_int(U(in->u_a[i]), (uint64_t)in->shifts[i] + 1).value,
      in->d_u_a[i] / (double)(in->shifts[i] + 1))
BENCH(u32_min, fixed32_32_min(U(in->u_a[i]), U(in->u_b[i])).value, fmin(in->d_u_a[i], in->d_u_b[i]))
BENCH(u32_max, fixed32_32_max(U(in->u_a[i]), U(in->u_b[i])).value, fmax(in->d_u_a[i], in->d_u_b[i]))
BENCH(u32_lt, fixed32_32_lt(U(in->u_a[i]), U(in->u_b[i])), in->d_u_a[i] < in->d_u_b[i])
BENCH(u32_le, fixed32_32_le(U(in->u_a[i]), U(in->u_b[i])), in->d_u_a[i] <= in->d_u_b[i])
BENCH(u32_eq, fixed32_32_eq(U(in->u_a[i]), U(in->u_b[i])), in->d_u_a[i] == in->d_u_b[i])
BENCH(u32_floor, fixed32_32_floor(U(in->u_a[i])), (uint64_t)floor(in->d_u_a[i]))
BENCH(u32_round, fixed32_32_round(U(in->u_a[i])), (uint64_t)round(in->d_u_a[i]))
BENCH(u32_ceil, fixed32_32_ceil(U(in->u_a[i])), (uint64_t)ceil(in->d_u_a[i]))

struct bench {
	const char *name;
	double (*fixed)(const struct inputs *in, struct outputs *out);
	double (*dbl)(const struct inputs *in, struct outputs *out);
};

#define ENTRY(NAME, JSON) { JSON, bench_##NAME##_fixed, bench_##NAME##_double }

static const struct bench benches[] = {
	ENTRY(from_fraction, "fixpt.from_fraction"), ENTRY(from_int, "fixpt.from_int"),
	ENTRY(neg, "fixpt.neg"), ENTRY(abs, "fixpt.abs"), ENTRY(lt, "fixpt.lt"),
	ENTRY(le, "fixpt.le"), ENTRY(eq, "fixpt.eq"), ENTRY(min, "fixpt.min"),
	ENTRY(max, "fixpt.max"), ENTRY(clamp, "fixpt.clamp"), ENTRY(shl, "fixpt.shl"),
	ENTRY(shr, "fixpt.shr"), ENTRY(add, "fixpt.add"), ENTRY(sub, "fixpt.sub"),
	ENTRY(add_int, "fixpt.add_int"), ENTRY(sub_int, "fixpt.sub_int"), ENTRY(mul, "fixpt.mul"),
	ENTRY(mul_int, "fixpt.mul_int"), ENTRY(div, "fixpt.div"), ENTRY(div_int, "fixpt.div_int"),
	ENTRY(mul_chain, "fixpt.mul_latency"), ENTRY(div_chain, "fixpt.div_latency"),
	ENTRY(sqr, "fixpt.sqr"), ENTRY(recip, "fixpt.recip"), ENTRY(sinc, "fixpt.sinc"),
	ENTRY(sin, "fixpt.sin"), ENTRY(cos, "fixpt.cos"), ENTRY(exp, "fixpt.exp"),
	ENTRY(log, "fixpt.log"), ENTRY(pow, "fixpt.pow"), ENTRY(floor, "fixpt.floor"),
	ENTRY(round, "fixpt.round"), ENTRY(ceil, "fixpt.ceil"), ENTRY(to_ufixed, "fixpt.to_ufixed"),
	ENTRY(to_sfixed, "fixpt.to_sfixed"), ENTRY(u0d10, "fixpt.u0d10"), ENTRY(u0d14, "fixpt.u0d14"),
	ENTRY(u0d19, "fixpt.u0d19"), ENTRY(u1d8, "fixpt.u1d8"), ENTRY(u2d19, "fixpt.u2d19"),
	ENTRY(u3d19, "fixpt.u3d19"), ENTRY(u4d19, "fixpt.u4d19"), ENTRY(s2d13, "fixpt.s2d13"),
	ENTRY(s4d19, "fixpt.s4d19"),
	ENTRY(u32_from_fraction, "fixpt32.from_fraction"), ENTRY(u32_from_int, "fixpt32.from_int"),
	ENTRY(u32_add, "fixpt32.add"), ENTRY(u32_add_int, "fixpt32.add_int"),
	ENTRY(u32_sub, "fixpt32.sub"), ENTRY(u32_sub_int, "fixpt32.sub_int"),
	ENTRY(u32_mul, "fixpt32.mul"), ENTRY(u32_mul_int, "fixpt32.mul_int"),
	ENTRY(u32_div, "fixpt32.div"), ENTRY(u32_div_int, "fixpt32.div_int"),
	ENTRY(u32_min, "fixpt32.min"), ENTRY(u32_max, "fixpt32.max"), ENTRY(u32_lt, "fixpt32.lt"),
	ENTRY(u32_le, "fixpt32.le"), ENTRY(u32_eq, "fixpt32.eq"), ENTRY(u32_floor, "fixpt32.floor"),
	ENTRY(u32_round, "fixpt32.round"), ENTRY(u32_ceil, "fixpt32.ceil"),
};
// clang-format on

int main(int argc, char **argv)
{
	struct inputs *in;
	struct outputs *out;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0) {
			target_ns = 2e6;
			samples = 1;
		} else {
			fprintf(stderr,
				"bench-fixpt: unknown argument '%s' (usage: bench-fixpt "
				"[--quick])\n",
				argv[i]);
			return 2;
		}
	}
	in = malloc(sizeof(*in));
	out = malloc(sizeof(*out));
	if (!in || !out) {
		fprintf(stderr, "bench-fixpt: out of memory for %zu bytes of buffers\n",
			sizeof(*in) + sizeof(*out));
		free(in);
		free(out);
		return 1;
	}
	fill(in);
	for (size_t i = 0; i < sizeof(benches) / sizeof(benches[0]); i++) {
		double f = INFINITY, d = INFINITY;

		for (int k = 0; k < samples; k++) {
			f = fmin(f, benches[i].fixed(in, out));
			d = fmin(d, benches[i].dbl(in, out));
		}

		printf("{\"bench\":\"%s\",\"ns_per_op\":%.2f,\"baseline\":\"double\","
		       "\"baseline_ns_per_op\":%.2f}\n",
		       benches[i].name, f, d);
	}
	free(in);
	free(out);
	return 0;
}
