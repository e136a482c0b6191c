/* Text report of a decoded EDID (dcctl edid decode without --json). */
#ifndef DCCTL_EDID_PRINT_H
#define DCCTL_EDID_PRINT_H

#include <stdio.h>

#include "dc_edid.h"

/* Returns DCCTL_EXIT_OK, or DCCTL_EXIT_FAILURE when writing failed. */
int edid_print(FILE *f, const char *path, const struct dc_edid *edid, const char *vendor);

#endif
