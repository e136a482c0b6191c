/*
 * EDID to JSON: one object describing a decoded EDID, for `dcctl edid
 * decode --json` and the corpus test. Field names and meanings follow
 * docs/edid.md (the reference values' README in tests/data/edid uses the
 * same names and conventions).
 */
#ifndef DCTOOL_EDID_JSON_H
#define DCTOOL_EDID_JSON_H

#include <json-c/json.h>

#include "dc_edid.h"

/*
 * Returns a new JSON object (release with json_object_put()), or NULL when
 * out of memory.
 */
struct json_object *edid_to_json(const struct dc_edid *edid);

/*
 * A refresh rate as edid-decode prints it (6 decimals) and then rounded to
 * 3 decimals, the form the JSON carries.
 */
double edid_json_refresh(double hz);

#endif
