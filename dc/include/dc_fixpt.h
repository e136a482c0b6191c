/*
 * Fixed-point arithmetic for Display Core: bandwidth, clock dividers,
 * scaler ratios and color matrices are computed in these types, never in
 * floating point, so results are exact, reproducible and cheap to turn into
 * register fields.
 *
 * struct fixed31_32: signed, value / 2^32 (31 integer bits, 32 fraction
 *                    bits, two's complement in an int64_t).
 * struct fixed32_32: unsigned, value / 2^32 (32 integer, 32 fraction bits).
 *
 * Overflow is never silent. The extreme raw values are overflow markers,
 * like IEEE infinities:
 *   fixed31_32: INT64_MAX is the positive marker, INT64_MIN the negative one;
 *               finite values are INT64_MIN + 1 .. INT64_MAX - 1.
 *   fixed32_32: UINT64_MAX is the marker; finite values are 0 .. UINT64_MAX - 1.
 * An operation whose exact result, rounded, is not a finite value returns
 * the marker of the result's sign; any operation given a marker returns a
 * marker (sticky), so a long formula needs one fixed31_32_is_overflow() at
 * the end. Division by zero and domain errors (log of x <= 0) return
 * markers too. docs/fixed-point.md lists the marker each function returns,
 * the rounding and the error bound of every function.
 *
 * Rounding: mul, sqr, div, div_int, recip, from_fraction and shr round to
 * nearest, ties to even (error <= 1/2 ulp, ulp = 2^-32). add, sub, neg,
 * abs, shl, mul_int, from_int are exact. round() and the register packers
 * round to nearest, ties away from zero.
 */
#ifndef DC_FIXPT_H
#define DC_FIXPT_H

#include <stdbool.h>
#include <stdint.h>

struct fixed31_32 {
	int64_t value;
};

struct fixed32_32 {
	uint64_t value;
};

#define FIXED_FRAC_BITS 32

// clang-format off
/* Raw values, correctly rounded where the constant is irrational. */
#define FIXED31_32_ZERO         ((struct fixed31_32){ 0 })
#define FIXED31_32_ONE          ((struct fixed31_32){ INT64_C(1) << 32 })
#define FIXED31_32_HALF         ((struct fixed31_32){ INT64_C(1) << 31 })
#define FIXED31_32_EPSILON      ((struct fixed31_32){ 1 })          /* 1 ulp, 2^-32 */
#define FIXED31_32_MAX          ((struct fixed31_32){ INT64_MAX - 1 }) /* largest finite */
#define FIXED31_32_MIN          ((struct fixed31_32){ INT64_MIN + 1 }) /* most negative finite */
#define FIXED31_32_OVERFLOW_POS ((struct fixed31_32){ INT64_MAX })
#define FIXED31_32_OVERFLOW_NEG ((struct fixed31_32){ INT64_MIN })
#define FIXED31_32_PI           ((struct fixed31_32){ INT64_C(0x3243f6a89) })
#define FIXED31_32_TWO_PI       ((struct fixed31_32){ INT64_C(0x6487ed511) })
#define FIXED31_32_HALF_PI      ((struct fixed31_32){ INT64_C(0x1921fb544) })
#define FIXED31_32_LN2          ((struct fixed31_32){ INT64_C(0xb17217f8) })
#define FIXED31_32_E            ((struct fixed31_32){ INT64_C(0x2b7e15163) })

#define FIXED32_32_ZERO         ((struct fixed32_32){ 0 })
#define FIXED32_32_ONE          ((struct fixed32_32){ UINT64_C(1) << 32 })
#define FIXED32_32_HALF         ((struct fixed32_32){ UINT64_C(1) << 31 })
#define FIXED32_32_EPSILON      ((struct fixed32_32){ 1 })
#define FIXED32_32_MAX          ((struct fixed32_32){ UINT64_MAX - 1 })
#define FIXED32_32_OVERFLOW     ((struct fixed32_32){ UINT64_MAX })
// clang-format on

/* ---- fixed31_32: classification and comparison (no rounding, no overflow) */

/* True when x is an overflow marker (INT64_MAX or INT64_MIN). */
static inline bool fixed31_32_is_overflow(struct fixed31_32 x)
{
	return x.value == INT64_MAX || x.value == INT64_MIN;
}

/* a < b. Markers order as -infinity < every finite value < +infinity. */
static inline bool fixed31_32_lt(struct fixed31_32 a, struct fixed31_32 b)
{
	return a.value < b.value;
}

/* a <= b, markers ordered as in fixed31_32_lt(). */
static inline bool fixed31_32_le(struct fixed31_32 a, struct fixed31_32 b)
{
	return a.value <= b.value;
}

/* a == b; a marker equals only the same marker. */
static inline bool fixed31_32_eq(struct fixed31_32 a, struct fixed31_32 b)
{
	return a.value == b.value;
}

/* ---- fixed31_32: exact operations, inline because DC calls them in loops */

/*
 * n as a fixed31_32. Exact; n outside -2^31 + 1 .. 2^31 - 1 gives the marker
 * of n's sign (-2^31 itself is the raw negative marker, not a finite value).
 */
static inline struct fixed31_32 fixed31_32_from_int(int64_t n)
{
	if (n >= (INT64_C(1) << 31))
		return FIXED31_32_OVERFLOW_POS;
	if (n <= -(INT64_C(1) << 31))
		return FIXED31_32_OVERFLOW_NEG;
	return (struct fixed31_32){ (int64_t)((uint64_t)n << 32) };
}

/*
 * -x. Exact; the negation of the most negative finite value does not fit
 * and gives the positive marker. A marker gives the opposite marker.
 */
static inline struct fixed31_32 fixed31_32_neg(struct fixed31_32 x)
{
	if (x.value == INT64_MIN)
		return FIXED31_32_OVERFLOW_POS;
	if (x.value == INT64_MAX)
		return FIXED31_32_OVERFLOW_NEG;
	/* -(INT64_MIN + 1) is INT64_MAX: the overflow lands on the marker. */
	return (struct fixed31_32){ -x.value };
}

/* |x|. Exact; |most negative finite| and |either marker| give +marker. */
static inline struct fixed31_32 fixed31_32_abs(struct fixed31_32 x)
{
	return x.value < 0 ? fixed31_32_neg(x) : x;
}

/*
 * The smaller of a and b. When either is a marker the result is a marker
 * (the marker argument; the smaller marker when both are), because a
 * finite answer would hide the overflow upstream.
 */
static inline struct fixed31_32 fixed31_32_min(struct fixed31_32 a, struct fixed31_32 b)
{
	bool ma = fixed31_32_is_overflow(a), mb = fixed31_32_is_overflow(b);

	if (ma != mb)
		return ma ? a : b;
	return a.value <= b.value ? a : b;
}

/* The larger of a and b; markers as in fixed31_32_min(). */
static inline struct fixed31_32 fixed31_32_max(struct fixed31_32 a, struct fixed31_32 b)
{
	bool ma = fixed31_32_is_overflow(a), mb = fixed31_32_is_overflow(b);

	if (ma != mb)
		return ma ? a : b;
	return a.value >= b.value ? a : b;
}

/*
 * x limited to lo .. hi, i.e. max(lo, min(x, hi)): lo wins when lo > hi.
 * A marker in x, lo or hi (checked in that order) is returned as is.
 */
static inline struct fixed31_32 fixed31_32_clamp(struct fixed31_32 x, struct fixed31_32 lo,
						 struct fixed31_32 hi)
{
	if (fixed31_32_is_overflow(x))
		return x;
	if (fixed31_32_is_overflow(lo))
		return lo;
	if (fixed31_32_is_overflow(hi))
		return hi;
	if (x.value > hi.value)
		x = hi;
	if (x.value < lo.value)
		x = lo;
	return x;
}

/*
 * a + b. Exact; a result beyond the finite range gives the marker of its
 * sign. A marker operand is returned (a's when both are markers).
 */
static inline struct fixed31_32 fixed31_32_add(struct fixed31_32 a, struct fixed31_32 b)
{
	int64_t s;

	if (fixed31_32_is_overflow(a))
		return a;
	if (fixed31_32_is_overflow(b))
		return b;
	/* A finite sum that lands on INT64_MAX/MIN is itself the right marker. */
	if (__builtin_add_overflow(a.value, b.value, &s))
		s = a.value < 0 ? INT64_MIN : INT64_MAX;
	return (struct fixed31_32){ s };
}

/*
 * a - b. Exact; overflow as in fixed31_32_add(). A marker a is returned;
 * otherwise a marker b gives the opposite marker.
 */
static inline struct fixed31_32 fixed31_32_sub(struct fixed31_32 a, struct fixed31_32 b)
{
	int64_t s;

	if (fixed31_32_is_overflow(a))
		return a;
	if (fixed31_32_is_overflow(b))
		return fixed31_32_neg(b);
	if (__builtin_sub_overflow(a.value, b.value, &s))
		s = a.value < 0 ? INT64_MIN : INT64_MAX;
	return (struct fixed31_32){ s };
}

/*
 * floor(x) as an int64_t, which holds every finite result (-2^31 .. 2^31-1).
 * The positive marker gives INT64_MAX and the negative one INT64_MIN:
 * values no finite argument can produce, so the overflow stays visible.
 */
static inline int64_t fixed31_32_floor(struct fixed31_32 x)
{
	if (fixed31_32_is_overflow(x))
		return x.value;
	return x.value >> 32; /* arithmetic shift (gcc, clang) is floor */
}

/* ceil(x) as an int64_t (finite results -2^31+1 .. 2^31); markers as floor. */
static inline int64_t fixed31_32_ceil(struct fixed31_32 x)
{
	if (fixed31_32_is_overflow(x))
		return x.value;
	return (x.value >> 32) + ((x.value & 0xffffffff) != 0);
}

/*
 * x rounded to the nearest integer, halves away from zero (like C round()),
 * as an int64_t; markers as in fixed31_32_floor().
 */
static inline int64_t fixed31_32_round(struct fixed31_32 x)
{
	uint32_t frac = (uint32_t)x.value;

	if (fixed31_32_is_overflow(x))
		return x.value;
	return (x.value >> 32) + (frac > 0x80000000u || (frac == 0x80000000u && x.value >= 0));
}

/* ---- fixed31_32: arithmetic (dc/basics/fixpt31.c; mul, div, from_fraction inline) */

/*
 * Helpers of the inline products and quotients below and of dc/basics;
 * not API. mul, div and from_fraction are inline because DC calls them in
 * its inner loops: out of line, the call and the generic 128-bit division
 * cost several times the arithmetic (docs/performance.md, fixpt.*).
 */
__extension__ typedef unsigned __int128 fixpt_u128;
__extension__ typedef __int128 fixpt_s128;

/* |v| of a raw fixed31_32 value as unsigned, defined for INT64_MIN too. */
static inline uint64_t fixpt_abs64(int64_t v)
{
	return v < 0 ? -(uint64_t)v : (uint64_t)v;
}

/* Marker for the sign of a product/quotient: zero counts as positive. */
static inline struct fixed31_32 fixpt31_marker(bool neg)
{
	return neg ? FIXED31_32_OVERFLOW_NEG : FIXED31_32_OVERFLOW_POS;
}

/*
 * The fixed31_32 with sign neg and raw magnitude mag, or the marker of that
 * sign when mag is not finite (>= 2^63 - 1 positive, >= 2^63 negative).
 */
static inline struct fixed31_32 fixpt31_from_mag(bool neg, fixpt_u128 mag)
{
	if (neg) {
		if (mag >= (fixpt_u128)1 << 63)
			return FIXED31_32_OVERFLOW_NEG;
		return (struct fixed31_32){ -(int64_t)mag };
	}
	if (mag >= (uint64_t)INT64_MAX)
		return FIXED31_32_OVERFLOW_POS;
	return (struct fixed31_32){ (int64_t)mag };
}

/*
 * (hi * 2^64 + lo) / d and the remainder, for hi < d (the quotient fits 64
 * bits). On x86-64 one divq; the compiler would call a generic 128-bit
 * division, since it cannot know the quotient fits.
 */
static inline uint64_t fixpt_div_128_64(uint64_t hi, uint64_t lo, uint64_t d, uint64_t *rem)
{
#if defined(__x86_64__)
	uint64_t q, r;

	__asm__("divq %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(d));
	*rem = r;
	return q;
#else
	fixpt_u128 n = ((fixpt_u128)hi << 64) | lo;

	*rem = (uint64_t)(n % d);
	return (uint64_t)(n / d);
#endif
}

/*
 * (hi * 2^64 + lo) / d correctly rounded (ties to even) as a fixed31_32 of
 * sign neg. hi >= d means a raw quotient of 2^64 or more (or d == 0): the
 * marker of that sign, without dividing.
 */
static inline struct fixed31_32 fixpt31_quotient(bool neg, uint64_t hi, uint64_t lo, uint64_t d)
{
	uint64_t q, r;

	if (hi >= d)
		return fixpt31_marker(neg);
	q = fixpt_div_128_64(hi, lo, d, &r);
	/* Compare 2r with d without overflow: r > d - r. */
	return fixpt31_from_mag(neg, (fixpt_u128)q + (r > d - r || (r == d - r && (q & 1))));
}

/*
 * num / den, correctly rounded (ties to even). den == 0 gives the marker of
 * num's sign (0 / 0 gives the positive marker); a quotient beyond the
 * finite range gives the marker of its sign.
 */
static inline struct fixed31_32 fixed31_32_from_fraction(int64_t num, int64_t den)
{
	uint64_t n = fixpt_abs64(num);

	/* den == 0: the sign below is num's, and 0 / 0 is positive. */
	return fixpt31_quotient((num < 0) != (den < 0), n >> 32, n << 32, fixpt_abs64(den));
}

/* x + n, exact; overflow and markers as in fixed31_32_add(). */
struct fixed31_32 fixed31_32_add_int(struct fixed31_32 x, int64_t n);

/* x - n, exact; overflow and markers as in fixed31_32_sub(). */
struct fixed31_32 fixed31_32_sub_int(struct fixed31_32 x, int64_t n);

/*
 * x * 2^shift, exact; a result beyond the range gives the marker of x's
 * sign. A marker is returned as is.
 */
struct fixed31_32 fixed31_32_shl(struct fixed31_32 x, unsigned int shift);

/*
 * x / 2^shift, correctly rounded (ties to even, unlike a plain arithmetic
 * shift, which rounds toward -infinity). A marker is returned as is.
 */
struct fixed31_32 fixed31_32_shr(struct fixed31_32 x, unsigned int shift);

/*
 * hi * 2^64 + lo = a * b + 2^31 - 1 + bit 32 of a * b (signed, or unsigned
 * when sign is false): adding that carries into bit 32 exactly when the
 * bits below it are above one half, or are one half and bit 32 (the lowest
 * bit of the floor) is odd, so bits 32..127 are a * b / 2^32 rounded to
 * nearest, ties to even. Ties to even is symmetric in sign, so the floor
 * of a negative product rounds as its magnitude would. On x86-64 the
 * rounding is bt + adc + adc: the compiler makes a shift, a mask and two
 * more adds of it (docs/performance.md, fixpt.mul).
 */
static inline void fixpt_mul_round(uint64_t a, uint64_t b, bool sign, uint64_t *hi, uint64_t *lo)
{
#if defined(__x86_64__)
	uint64_t l = a, h;

	/* imulq or mulq: rdx:rax = rax * b, then the rounding addend. */
#define FIXPT_MUL_ROUND(INSN)                                                               \
	__asm__(INSN " %[b]\n\tbtq $32, %%rax\n\tadcq $0x7fffffff, %%rax\n\tadcq $0, %%rdx" \
		: "+a"(l), "=d"(h)                                                          \
		: [b] "rm"(b)                                                               \
		: "cc")
	if (sign)
		FIXPT_MUL_ROUND("imulq");
	else
		FIXPT_MUL_ROUND("mulq");
#undef FIXPT_MUL_ROUND
	*hi = h;
	*lo = l;
#else
	fixpt_u128 r = sign ? (fixpt_u128)((fixpt_s128)(int64_t)a * (int64_t)b) : (fixpt_u128)a * b;

	r += 0x7fffffff + (((uint64_t)r >> 32) & 1);
	*hi = (uint64_t)(r >> 64);
	*lo = (uint64_t)r;
#endif
}

/* fixed31_32_mul() for operands of magnitude 2^62 or more (markers among them). */
struct fixed31_32 fixpt31_mul_wide(struct fixed31_32 a, struct fixed31_32 b);

/*
 * a * b, correctly rounded (ties to even). Markers: the sign of the result
 * marker is the product of the operands' signs, zero counting as positive.
 */
static inline struct fixed31_32 fixed31_32_mul(struct fixed31_32 a, struct fixed31_32 b)
{
	const uint64_t big = UINT64_C(1) << 62;
	uint64_t hi, lo;

	/*
	 * One test for both operands: x + 2^62 has its top bit set exactly
	 * when |x| >= 2^62 (|x| >= 2^30 as a number), which takes in both
	 * markers; those rare operands go out of line.
	 */
	if (__builtin_expect(((((uint64_t)a.value + big) | ((uint64_t)b.value + big)) >> 63) != 0,
			     0))
		return fixpt31_mul_wide(a, b);
	fixpt_mul_round((uint64_t)a.value, (uint64_t)b.value, true, &hi, &lo);
	/*
	 * The rounded quotient (bits 32..127) fits 64 bits when bits 95..127
	 * are equal, i.e. hi is in -2^31 .. 2^31 - 1; otherwise the marker of
	 * the product's sign. A quotient that fits but is INT64_MAX or
	 * INT64_MIN is not finite, and is itself the marker of its sign.
	 */
	if (__builtin_expect((hi + UINT64_C(0x80000000)) >> 32 != 0, 0))
		return fixpt31_marker((int64_t)hi < 0);
	return (struct fixed31_32){ (int64_t)((lo >> 32) | (hi << 32)) };
}

/* x * n, exact; overflow and markers as in fixed31_32_mul(). */
struct fixed31_32 fixed31_32_mul_int(struct fixed31_32 x, int64_t n);

/*
 * a / b, correctly rounded (ties to even). b == 0 gives the marker of a's
 * sign (0 / 0: positive); markers as in fixed31_32_mul().
 */
static inline struct fixed31_32 fixed31_32_div(struct fixed31_32 a, struct fixed31_32 b)
{
	/* a / b == (a * 2^32) / (b * 2^32): the raw values are the fraction. */
	if (fixed31_32_is_overflow(a) || fixed31_32_is_overflow(b))
		return fixpt31_marker((a.value < 0) != (b.value < 0));
	return fixed31_32_from_fraction(a.value, b.value);
}

/* x / n, correctly rounded (ties to even); n == 0 and markers as in div. */
struct fixed31_32 fixed31_32_div_int(struct fixed31_32 x, int64_t n);

/* x * x, correctly rounded; a marker gives the positive marker. */
struct fixed31_32 fixed31_32_sqr(struct fixed31_32 x);

/*
 * 1 / x, correctly rounded (ties to even). x == 0 gives the positive
 * marker; |x| <= 2^-31 overflows; a marker is returned as is.
 */
struct fixed31_32 fixed31_32_recip(struct fixed31_32 x);

/* ---- fixed31_32: transcendental functions (fixpt31_trig.c, fixpt31_explog.c)
 *
 * Error bounds below are absolute, in ulps of 2^-32, measured against the
 * exact function of the exact argument; docs/fixed-point.md has the
 * measured maxima. A marker argument returns that marker unless stated.
 */

/* sin(x) for every finite x (exact range reduction); error <= 0.5 + 2^-20 ulp. */
struct fixed31_32 fixed31_32_sin(struct fixed31_32 x);

/* cos(x) for every finite x; error <= 0.5 + 2^-20 ulp. */
struct fixed31_32 fixed31_32_cos(struct fixed31_32 x);

/* sin(x) / x, 1 at x == 0, for every finite x; error <= 0.5 + 2^-20 ulp. */
struct fixed31_32 fixed31_32_sinc(struct fixed31_32 x);

/*
 * e^x; error <= 0.5 + 2^-20 ulp. Results below 2^-33 round to 0; results
 * beyond the range and every marker give the positive marker.
 */
struct fixed31_32 fixed31_32_exp(struct fixed31_32 x);

/*
 * ln(x); error <= 0.5 + 2^-20 ulp. x <= 0 is a domain error (ln 0 = -inf;
 * ln of a negative number is not real) and gives the negative marker, as
 * does the negative marker; the positive marker gives the positive marker.
 */
struct fixed31_32 fixed31_32_log(struct fixed31_32 x);

/*
 * x^y; error <= 0.5 + 2^-20 ulp. x > 0: e^(y ln x) computed with a 128-bit
 * ln. x == 0: 0 for y > 0, 1 for y == 0, the positive marker for y < 0
 * (a pole). x < 0: defined for integer y (sign from y's parity); a
 * non-integer y is a domain error and gives the negative marker. y == 0
 * gives 1 for every finite x. A marker in x or y gives the positive marker.
 */
struct fixed31_32 fixed31_32_pow(struct fixed31_32 x, struct fixed31_32 y);

/* ---- fixed31_32: register field packers (dc/basics/fixpt_format.c)
 *
 * Hardware registers take unsigned uI.F fields (I integer bits, F fraction
 * bits) and signed sI.F fields (a sign bit, then I + F bits, two's
 * complement). A packer rounds x to the nearest multiple of 2^-F (halves
 * away from zero) and clamps it to the field's range, as the hardware
 * saturates: a marker packs as the field's maximum (positive marker) or
 * minimum (negative marker). The result sits in the low bits of the
 * uint32_t with the bits above the field zero.
 */

/*
 * Packs x into an unsigned int_bits.frac_bits field (int_bits + frac_bits
 * from 1 to 32). Returns 0; -ERANGE when x was clamped (*field holds the
 * clamped value); -EINVAL for an impossible format (*field = 0).
 */
int fixed31_32_to_ufixed(struct fixed31_32 x, unsigned int int_bits, unsigned int frac_bits,
			 uint32_t *field);

/*
 * Packs x into a signed field of 1 + int_bits + frac_bits bits (at most
 * 32). Returns 0, -ERANGE (clamped) or -EINVAL as fixed31_32_to_ufixed().
 */
int fixed31_32_to_sfixed(struct fixed31_32 x, unsigned int int_bits, unsigned int frac_bits,
			 uint32_t *field);

/* u0.10 field (gamma and regamma points); clamps silently, as all named packers. */
uint32_t fixed31_32_u0d10(struct fixed31_32 x);
/* u0.14 field (color ramp values). */
uint32_t fixed31_32_u0d14(struct fixed31_32 x);
/* u0.19 field (scaler initial phase fraction). */
uint32_t fixed31_32_u0d19(struct fixed31_32 x);
/* u1.8 field. */
uint32_t fixed31_32_u1d8(struct fixed31_32 x);
/* u2.19 field (scaler ratio up to 4). */
uint32_t fixed31_32_u2d19(struct fixed31_32 x);
/* u3.19 field (scaler ratio up to 8). */
uint32_t fixed31_32_u3d19(struct fixed31_32 x);
/* u4.19 field (scaler initial phase with integer part). */
uint32_t fixed31_32_u4d19(struct fixed31_32 x);
/* s2.13 field (color space conversion matrix coefficients), 16 bits. */
uint32_t fixed31_32_s2d13(struct fixed31_32 x);
/* s4.19 field, 24 bits. */
uint32_t fixed31_32_s4d19(struct fixed31_32 x);

/* ---- fixed32_32 (dc/basics/fixpt32.c; simple ones, mul, div, from_fraction inline) */

/* True when x is the overflow marker UINT64_MAX. */
static inline bool fixed32_32_is_overflow(struct fixed32_32 x)
{
	return x.value == UINT64_MAX;
}

/* a < b; the marker orders above every finite value. */
static inline bool fixed32_32_lt(struct fixed32_32 a, struct fixed32_32 b)
{
	return a.value < b.value;
}

/* a <= b, ordered as fixed32_32_lt(). */
static inline bool fixed32_32_le(struct fixed32_32 a, struct fixed32_32 b)
{
	return a.value <= b.value;
}

/* a == b; the marker equals only itself. */
static inline bool fixed32_32_eq(struct fixed32_32 a, struct fixed32_32 b)
{
	return a.value == b.value;
}

/* n as a fixed32_32, exact; n >= 2^32 gives the marker. */
static inline struct fixed32_32 fixed32_32_from_int(uint64_t n)
{
	if (n >= (UINT64_C(1) << 32))
		return FIXED32_32_OVERFLOW;
	return (struct fixed32_32){ n << 32 };
}

/* The smaller of a and b; the marker if either is the marker (sticky). */
static inline struct fixed32_32 fixed32_32_min(struct fixed32_32 a, struct fixed32_32 b)
{
	if (fixed32_32_is_overflow(a) || fixed32_32_is_overflow(b))
		return FIXED32_32_OVERFLOW;
	return a.value <= b.value ? a : b;
}

/* The larger of a and b (the marker, being largest, stays). */
static inline struct fixed32_32 fixed32_32_max(struct fixed32_32 a, struct fixed32_32 b)
{
	return a.value >= b.value ? a : b;
}

/* a + b, exact; a sum beyond the range or a marker operand gives the marker. */
static inline struct fixed32_32 fixed32_32_add(struct fixed32_32 a, struct fixed32_32 b)
{
	uint64_t s;

	/* A marker operand makes the sum >= UINT64_MAX: marker either way. */
	if (__builtin_add_overflow(a.value, b.value, &s))
		s = UINT64_MAX;
	return (struct fixed32_32){ s };
}

/* a - b, exact; a negative result or a marker operand gives the marker. */
static inline struct fixed32_32 fixed32_32_sub(struct fixed32_32 a, struct fixed32_32 b)
{
	if (fixed32_32_is_overflow(a) || fixed32_32_is_overflow(b) || a.value < b.value)
		return FIXED32_32_OVERFLOW;
	return (struct fixed32_32){ a.value - b.value };
}

/* floor(x) as a uint64_t (finite: 0 .. 2^32-1); the marker gives UINT64_MAX. */
static inline uint64_t fixed32_32_floor(struct fixed32_32 x)
{
	if (fixed32_32_is_overflow(x))
		return UINT64_MAX;
	return x.value >> 32;
}

/* ceil(x) as a uint64_t (finite: 0 .. 2^32); the marker gives UINT64_MAX. */
static inline uint64_t fixed32_32_ceil(struct fixed32_32 x)
{
	if (fixed32_32_is_overflow(x))
		return UINT64_MAX;
	return (x.value >> 32) + ((x.value & 0xffffffff) != 0);
}

/* x rounded to nearest, halves up, as a uint64_t; the marker gives UINT64_MAX. */
static inline uint64_t fixed32_32_round(struct fixed32_32 x)
{
	if (fixed32_32_is_overflow(x))
		return UINT64_MAX;
	return (x.value >> 32) + ((x.value & 0xffffffff) >= 0x80000000u);
}

/* num / den, correctly rounded (ties to even); den == 0 or overflow: marker. */
static inline struct fixed32_32 fixed32_32_from_fraction(uint64_t num, uint64_t den)
{
	uint64_t q, r;
	fixpt_u128 mag;

	/* num * 2^32 / den: a quotient of 2^64 or more (or den == 0) overflows. */
	if (num >> 32 >= den)
		return FIXED32_32_OVERFLOW;
	q = fixpt_div_128_64(num >> 32, num << 32, den, &r);
	mag = (fixpt_u128)q + (r > den - r || (r == den - r && (q & 1)));
	if (mag >= UINT64_MAX)
		return FIXED32_32_OVERFLOW;
	return (struct fixed32_32){ (uint64_t)mag };
}

/* x + n, exact; overflow or a marker x gives the marker. */
struct fixed32_32 fixed32_32_add_int(struct fixed32_32 x, uint64_t n);

/* x - n, exact; a negative result or a marker x gives the marker. */
struct fixed32_32 fixed32_32_sub_int(struct fixed32_32 x, uint64_t n);

/* fixed32_32_mul() for operands of 2^63 or more (the marker among them). */
struct fixed32_32 fixpt32_mul_wide(struct fixed32_32 a, struct fixed32_32 b);

/* a * b, correctly rounded (ties to even); overflow or a marker: marker. */
static inline struct fixed32_32 fixed32_32_mul(struct fixed32_32 a, struct fixed32_32 b)
{
	uint64_t hi, lo;

	/* One test for both operands; the marker is among those >= 2^63. */
	if (__builtin_expect(((a.value | b.value) >> 63) != 0, 0))
		return fixpt32_mul_wide(a, b);
	/* To nearest, ties to even, as in fixed31_32_mul(). */
	fixpt_mul_round(a.value, b.value, false, &hi, &lo);
	/* Beyond 64 bits: the marker; exactly UINT64_MAX is the marker too. */
	if (__builtin_expect(hi >> 32 != 0, 0))
		return FIXED32_32_OVERFLOW;
	return (struct fixed32_32){ (lo >> 32) | (hi << 32) };
}

/* x * n, exact; overflow or a marker x gives the marker. */
struct fixed32_32 fixed32_32_mul_int(struct fixed32_32 x, uint64_t n);

/* a / b, correctly rounded (ties to even); b == 0, overflow or a marker: marker. */
static inline struct fixed32_32 fixed32_32_div(struct fixed32_32 a, struct fixed32_32 b)
{
	if (fixed32_32_is_overflow(a) || fixed32_32_is_overflow(b))
		return FIXED32_32_OVERFLOW;
	/* a / b == (a * 2^32) / (b * 2^32): the raw values are the fraction. */
	return fixed32_32_from_fraction(a.value, b.value);
}

/* x / n, correctly rounded (ties to even); n == 0 or a marker x: marker. */
struct fixed32_32 fixed32_32_div_int(struct fixed32_32 x, uint64_t n);

#endif /* DC_FIXPT_H */
