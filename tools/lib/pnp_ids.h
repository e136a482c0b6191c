/*
 * PNP manufacturer names from hwdata's pnp.ids, read at run time: dcd keeps
 * no vendor table of its own.
 */
#ifndef DCTOOL_PNP_IDS_H
#define DCTOOL_PNP_IDS_H

#include <stddef.h>

#define PNP_IDS_PATH "/usr/share/hwdata/pnp.ids"

/*
 * Looks the three-letter ID up in the file at path (lines "ABC<tab>Name").
 * Returns 0 and the name in buf (truncated to size), -ENOENT when the ID is
 * not listed, or the -errno of opening or reading the file.
 */
int pnp_lookup(const char *path, const char *id, char *buf, size_t size);

#endif
