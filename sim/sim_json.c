/* Typed json-c access with path-naming errors (see sim_json.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sim_json.h"

int sj_fail(struct sj_ctx *ctx, const char *path, const char *fmt, ...)
{
	char reason[320];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	if (ctx->err)
		snprintf(ctx->err->msg, sizeof(ctx->err->msg), "%s: %s: %s", ctx->name,
			 path && *path ? path : "(top level)", reason);
	return -EINVAL;
}

void sj_key_path(char out[SJ_PATH_MAX], const char *path, const char *key)
{
	if (path && *path)
		snprintf(out, SJ_PATH_MAX, "%s.%s", path, key);
	else
		snprintf(out, SJ_PATH_MAX, "%s", key);
}

void sj_index_path(char out[SJ_PATH_MAX], const char *path, size_t i)
{
	snprintf(out, SJ_PATH_MAX, "%s[%zu]", path, i);
}

static const char *type_name(json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_null:
		return "null";
	case json_type_boolean:
		return "a boolean";
	case json_type_double:
		return "a fractional number";
	case json_type_int:
		return "an integer";
	case json_type_object:
		return "an object";
	case json_type_array:
		return "an array";
	case json_type_string:
		return "a string";
	}
	return "something else";
}

int sj_object(struct sj_ctx *ctx, const char *path, json_object *obj, const char *const *allowed)
{
	if (!json_object_is_type(obj, json_type_object))
		return sj_fail(ctx, path, "expected an object, got %s", type_name(obj));
	for (struct json_object_iterator it = json_object_iter_begin(obj),
					 end = json_object_iter_end(obj);
	     !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
		const char *key = json_object_iter_peek_name(&it);
		bool ok = false;
		char list[200] = "";

		for (const char *const *a = allowed; *a; a++) {
			if (!strcmp(*a, key))
				ok = true;
			if (strlen(list) + strlen(*a) + 3 < sizeof(list)) {
				if (*list)
					strcat(list, ", ");
				strcat(list, *a);
			}
		}
		if (!ok)
			return sj_fail(ctx, path, "unknown key \"%.40s\" (known: %s)", key, list);
	}
	return 0;
}

static int member(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key,
		  bool required, json_object **out, char kpath[SJ_PATH_MAX])
{
	sj_key_path(kpath, path, key);
	if (!json_object_object_get_ex(obj, key, out) || !*out) {
		if (required)
			return sj_fail(ctx, path, "missing key \"%s\"", key);
		return 0;
	}
	return 1;
}

int sj_int_value(struct sj_ctx *ctx, const char *path, json_object *v, int64_t min, int64_t max,
		 int64_t *out)
{
	int64_t x;

	if (!json_object_is_type(v, json_type_int))
		return sj_fail(ctx, path, "expected an integer, got %s", type_name(v));
	errno = 0;
	x = json_object_get_int64(v);
	if (errno || x < min || x > max)
		return sj_fail(ctx, path, "%s is out of range %lld..%lld",
			       json_object_get_string(v), (long long)min, (long long)max);
	*out = x;
	return 1;
}

int sj_int(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key, bool required,
	   int64_t min, int64_t max, int64_t *out)
{
	char kpath[SJ_PATH_MAX];
	json_object *v;
	int r = member(ctx, path, obj, key, required, &v, kpath);

	if (r <= 0)
		return r;
	return sj_int_value(ctx, kpath, v, min, max, out);
}

int sj_bool(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key, bool *out)
{
	char kpath[SJ_PATH_MAX];
	json_object *v;
	int r = member(ctx, path, obj, key, false, &v, kpath);

	if (r <= 0)
		return r;
	if (!json_object_is_type(v, json_type_boolean))
		return sj_fail(ctx, kpath, "expected true or false, got %s", type_name(v));
	*out = json_object_get_boolean(v);
	return 1;
}

int sj_string(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key,
	      bool required, size_t max_len, const char **out)
{
	char kpath[SJ_PATH_MAX];
	json_object *v;
	int r = member(ctx, path, obj, key, required, &v, kpath);
	size_t len;

	if (r <= 0)
		return r;
	if (!json_object_is_type(v, json_type_string))
		return sj_fail(ctx, kpath, "expected a string, got %s", type_name(v));
	len = (size_t)json_object_get_string_len(v);
	if (len > max_len)
		return sj_fail(ctx, kpath, "string of %zu characters, at most %zu allowed", len,
			       max_len);
	if (strlen(json_object_get_string(v)) != len)
		return sj_fail(ctx, kpath, "string contains a NUL character");
	*out = json_object_get_string(v);
	return 1;
}

int sj_enum(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key, bool required,
	    const char *const *choices, unsigned *index)
{
	char kpath[SJ_PATH_MAX], list[200] = "";
	const char *s;
	int r = sj_string(ctx, path, obj, key, required, 64, &s);

	if (r <= 0)
		return r;
	for (unsigned i = 0; choices[i]; i++) {
		if (!strcmp(choices[i], s)) {
			*index = i;
			return 1;
		}
		if (strlen(list) + strlen(choices[i]) + 5 < sizeof(list)) {
			if (*list)
				strcat(list, ", ");
			strcat(list, "\"");
			strcat(list, choices[i]);
			strcat(list, "\"");
		}
	}
	sj_key_path(kpath, path, key);
	return sj_fail(ctx, kpath, "\"%.64s\" is not one of %s", s, list);
}

int sj_array(struct sj_ctx *ctx, const char *path, json_object *obj, const char *key, bool required,
	     size_t min, size_t max, json_object **out)
{
	char kpath[SJ_PATH_MAX];
	json_object *v;
	int r = member(ctx, path, obj, key, required, &v, kpath);
	size_t n;

	if (r <= 0)
		return r;
	if (!json_object_is_type(v, json_type_array))
		return sj_fail(ctx, kpath, "expected an array, got %s", type_name(v));
	n = json_object_array_length(v);
	if (n < min || n > max)
		return sj_fail(ctx, kpath, "%zu elements, expected %zu..%zu", n, min, max);
	*out = v;
	return 1;
}

int sj_parse(struct sj_ctx *ctx, const char *json, size_t len, json_object **out)
{
	json_tokener *tok = json_tokener_new();
	json_object *obj;
	enum json_tokener_error e;
	size_t off, line = 1, col = 1;

	if (!tok)
		return -ENOMEM;
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	if (len > INT32_MAX)
		len = INT32_MAX;
	obj = json_tokener_parse_ex(tok, json, (int)len);
	e = json_tokener_get_error(tok);
	off = json_tokener_get_parse_end(tok);
	if (!obj || e != json_tokener_success) {
		if (e == json_tokener_continue)
			e = json_tokener_error_parse_eof;
	} else {
		/* only white space may follow the value */
		for (; off < len && strchr(" \t\r\n", json[off]) && json[off]; off++)
			;
		if (off < len) {
			json_object_put(obj);
			obj = NULL;
			e = json_tokener_error_parse_unexpected;
		}
	}
	json_tokener_free(tok);
	if (!obj) {
		for (size_t i = 0; i < off && i < len; i++) {
			if (json[i] == '\n') {
				line++;
				col = 1;
			} else {
				col++;
			}
		}
		if (ctx->err)
			snprintf(ctx->err->msg, sizeof(ctx->err->msg),
				 "%s:%zu:%zu: JSON syntax error: %s", ctx->name, line, col,
				 json_tokener_error_desc(e));
		return -EINVAL;
	}
	*out = obj;
	return 0;
}
