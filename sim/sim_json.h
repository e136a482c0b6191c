/*
 * Typed access to json-c values for the scenario parser, with errors that
 * name the file, the JSON path ("connectors[2].display.edid.modes[0]") and
 * the reason.
 */
#ifndef DCD_SIM_JSON_H
#define DCD_SIM_JSON_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>

#include "sim.h"

#define SJ_PATH_MAX 160

struct sj_ctx {
	const char *name; /* file name (or "<scenario>") for messages */
	const char *dir;  /* folder for relative file names, NULL: files refused */
	struct sim_error *err;
	const char *vbios; /* replaces the scenario's "vbios" (sim_options.vbios_path), or NULL */
};

/* Formats "NAME: PATH: reason" into the error; returns -EINVAL. */
int sj_fail(struct sj_ctx *ctx, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* child path: "path.key" (or "key" at the top) and "path[i]" */
void sj_key_path(char out[SJ_PATH_MAX], const char *path, const char *key);
void sj_index_path(char out[SJ_PATH_MAX], const char *path, size_t i);

/* The object at path must be an object whose keys are all in allowed (NULL-terminated). */
int sj_object(struct sj_ctx *ctx, const char *path, json_object *obj, const char *const *allowed);

/* Members: return 1 if found and valid, 0 if absent (and not required), -EINVAL otherwise. */
int sj_int(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key, bool required,
	   int64_t min, int64_t max, int64_t *out);
int sj_bool(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key, bool *out);
int sj_string(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key,
	      bool required, size_t max_len, const char **out);
/* A string that must be one of choices (NULL-terminated); *index gets its position. */
int sj_enum(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key, bool required,
	    const char *const *choices, unsigned *index);
/* An array member with min..max elements. */
int sj_array(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key, bool required,
	     size_t min, size_t max, json_object **out);
/* An element of an array as an integer in range. */
int sj_int_value(struct sj_ctx *ctx, const char *path, json_object *v, int64_t min, int64_t max,
		 int64_t *out);

/* Parses text; a syntax error names line and column. */
int sj_parse(struct sj_ctx *ctx, const char *json, size_t len, json_object **out);

#endif
