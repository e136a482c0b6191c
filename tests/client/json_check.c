/*
 * json-check: checks a dcctl --json output with json-c, the library dcctl
 * writes it with and the one a script's consumer would use.
 *
 *   json-check FILE [--at KEY] [--array | --lines] [--exact] SPEC...
 *
 * FILE holds exactly one JSON document (with --lines: one per line). The
 * document (--at KEY: its member KEY; with --array each element of the
 * array, with --lines each line)
 * must be an object with every key SPEC names:
 *
 *   KEY:TYPE[|TYPE...][@FIELD=VALUE[|VALUE...]]
 *
 * KEY may be a path into nested objects ("sink.monitor_name"); TYPE is
 * string, int, bool, double, object, array or null; "@type=DP|eDP" makes
 * the key required where the object's field "type" (a string, or a bool as
 * true/false) is one of those values and forbidden elsewhere. With --exact, an object may have no
 * key that no SPEC names (nested objects too). Prints what is wrong; exit 0 when all is right, 1
 * when not, 2 for bad arguments.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

struct spec {
	char key[96];
	char types[96];
	char cond_field[32];
	char cond_values[96]; /* "|DP|eDP|" */
};

static int failures;

__attribute__((format(printf, 2, 3))) static void fail(const char *where, const char *fmt, ...)
{
	va_list ap;

	printf("json-check: %s: ", where);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	failures++;
}

static const char *type_name(struct json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_null:
		return "null";
	case json_type_boolean:
		return "bool";
	case json_type_double:
		return "double";
	case json_type_int:
		return "int";
	case json_type_object:
		return "object";
	case json_type_array:
		return "array";
	case json_type_string:
		return "string";
	}
	return "?";
}

/* Whether word is one of the '|'-separated list. */
static bool in_list(const char *list, const char *word)
{
	char padded[128], w[64];

	snprintf(padded, sizeof(padded), "|%s|", list);
	snprintf(w, sizeof(w), "|%s|", word);
	return strstr(padded, w) != NULL;
}

static int parse_spec(const char *arg, struct spec *s)
{
	const char *colon = strchr(arg, ':'), *at = strchr(arg, '@'), *eq;

	memset(s, 0, sizeof(*s));
	if (!colon || (size_t)(colon - arg) >= sizeof(s->key))
		return -EINVAL;
	memcpy(s->key, arg, (size_t)(colon - arg));
	snprintf(s->types, sizeof(s->types), "%.*s",
		 (int)(at ? (size_t)(at - colon - 1) : strlen(colon + 1)), colon + 1);
	if (at) {
		eq = strchr(at, '=');
		if (!eq)
			return -EINVAL;
		snprintf(s->cond_field, sizeof(s->cond_field), "%.*s", (int)(eq - at - 1), at + 1);
		snprintf(s->cond_values, sizeof(s->cond_values), "%s", eq + 1);
	}
	return 0;
}

/* The value at a dotted path, *found false when a step is missing. */
static struct json_object *lookup(struct json_object *o, const char *path, bool *found)
{
	char buf[96], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", path);
	*found = true;
	for (char *k = strtok_r(buf, ".", &save); k; k = strtok_r(NULL, ".", &save)) {
		if (!o || !json_object_is_type(o, json_type_object) ||
		    !json_object_object_get_ex(o, k, &o)) {
			*found = false;
			return NULL;
		}
	}
	return o;
}

static bool spec_applies(struct json_object *o, const struct spec *s)
{
	struct json_object *f;

	if (!s->cond_field[0])
		return true;
	/* a string, or a boolean as "true" / "false" */
	return json_object_object_get_ex(o, s->cond_field, &f) &&
	       (json_object_is_type(f, json_type_string) ||
		json_object_is_type(f, json_type_boolean)) &&
	       in_list(s->cond_values, json_object_get_string(f));
}

/* With --exact: every key of o (at prefix) is named by some spec. */
static void check_exact(const char *where, struct json_object *o, const char *prefix,
			const struct spec *specs, int n)
{
	struct json_object_iterator it = json_object_iter_begin(o);
	struct json_object_iterator end = json_object_iter_end(o);

	for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
		const char *key = json_object_iter_peek_name(&it);
		struct json_object *val = json_object_iter_peek_value(&it);
		char path[128];
		bool named = false, parent = false;

		snprintf(path, sizeof(path), "%s%s", prefix, key);
		for (int i = 0; i < n; i++) {
			size_t len = strlen(path);

			named |= !strcmp(specs[i].key, path);
			parent |= !strncmp(specs[i].key, path, len) && specs[i].key[len] == '.';
		}
		if (!named)
			fail(where, "key \"%s\" is not documented", path);
		if (parent && val && json_object_is_type(val, json_type_object)) {
			char sub[130];

			snprintf(sub, sizeof(sub), "%s.", path);
			check_exact(where, val, sub, specs, n);
		}
	}
}

static void check_object(const char *where, struct json_object *o, const struct spec *specs, int n,
			 bool exact)
{
	if (!json_object_is_type(o, json_type_object)) {
		fail(where, "expected an object, found %s", type_name(o));
		return;
	}
	for (int i = 0; i < n; i++) {
		const struct spec *s = &specs[i];
		bool found, applies = spec_applies(o, s);
		struct json_object *v = lookup(o, s->key, &found);
		char parent[96], *dot;

		/* A nested key only matters where its parent object is there (not null). */
		snprintf(parent, sizeof(parent), "%s", s->key);
		dot = strrchr(parent, '.');
		if (dot) {
			bool pfound;
			struct json_object *p;

			*dot = 0;
			p = lookup(o, parent, &pfound);
			if (!p)
				continue;
		}
		if (!applies) {
			if (found)
				fail(where, "\"%s\" is there, but not for this %s", s->key,
				     s->cond_field);
			continue;
		}
		if (!found)
			fail(where, "\"%s\" is missing", s->key);
		else if (!in_list(s->types, type_name(v)))
			fail(where, "\"%s\" is %s", s->key, type_name(v));
	}
	if (exact)
		check_exact(where, o, "", specs, n);
}

static int usage(void)
{
	fprintf(stderr, "Usage: json-check FILE [--array | --lines] [--exact] KEY:TYPE...\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct spec specs[64];
	bool array = false, lines = false, exact = false;
	const char *at = NULL;
	int n = 0, count = 0;
	char where[64];
	FILE *f;

	if (argc < 2)
		return usage();
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--array"))
			array = true;
		else if (!strcmp(argv[i], "--lines"))
			lines = true;
		else if (!strcmp(argv[i], "--exact"))
			exact = true;
		else if (!strcmp(argv[i], "--at") && i + 1 < argc)
			at = argv[++i];
		else if (n == 64 || parse_spec(argv[i], &specs[n++]) < 0)
			return usage();
	}
	f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	if (lines) {
		char *line = NULL;
		size_t cap = 0;

		while (getline(&line, &cap, f) > 0) {
			struct json_object *o = json_tokener_parse(line);

			snprintf(where, sizeof(where), "line %d", ++count);
			if (!o)
				fail(where, "not JSON: %s", line);
			else
				check_object(where, o, specs, n, exact);
			json_object_put(o);
		}
		free(line);
	} else {
		struct json_tokener *tok = json_tokener_new();
		struct json_object *doc = NULL, *doc_at, *sub = NULL;
		char buf[65536];
		size_t len = fread(buf, 1, sizeof(buf) - 1, f);

		buf[len] = 0;
		doc = json_tokener_parse_ex(tok, buf, (int)len);
		doc_at = doc;
		if (!doc || json_tokener_get_error(tok) != json_tokener_success) {
			fail(argv[1], "not one JSON document: %s",
			     json_tokener_error_desc(json_tokener_get_error(tok)));
		} else if (strspn(buf + json_tokener_get_parse_end(tok), " \n") !=
			   strlen(buf + json_tokener_get_parse_end(tok))) {
			fail(argv[1], "more than one JSON document");
		} else if (at && !json_object_object_get_ex(doc, at, &sub)) {
			fail(argv[1], "no \"%s\" in the document", at);
		} else if (array) {
			if (at)
				doc_at = sub;
			if (!json_object_is_type(doc_at, json_type_array)) {
				fail(argv[1], "expected an array, found %s", type_name(doc_at));
			} else {
				for (size_t i = 0; i < json_object_array_length(doc_at);
				     i++, count++) {
					snprintf(where, sizeof(where), "element %zu", i);
					check_object(where, json_object_array_get_idx(doc_at, i),
						     specs, n, exact);
				}
			}
		} else {
			count = 1;
			check_object(argv[1], at ? sub : doc, specs, n, exact);
		}
		json_object_put(doc);
		json_tokener_free(tok);
	}
	fclose(f);
	if (!count && !failures)
		fail(argv[1], "no JSON object to check");
	return failures ? 1 : 0;
}
