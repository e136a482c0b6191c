/*
 * Text that came from someone else (a client's name, anything read off
 * D-Bus) on its way into a log line, a D-Bus reply or a terminal: which
 * characters may pass as they are, and an escaped copy for the rest. A
 * control character in a log line forges the next line (and under
 * journald its priority); in a terminal it is a command (ESC [ ...).
 */
#include <stdio.h>
#include <string.h>

#include "wire.h"

size_t dcp_utf8_char(const unsigned char *s, size_t left, uint32_t *cp)
{
	size_t n;
	uint32_t min;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 1, *cp = s[0] & 0x1f, min = 0x80;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 2, *cp = s[0] & 0x0f, min = 0x800;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 3, *cp = s[0] & 0x07, min = 0x10000;
	else
		return 0;
	if (left - 1 < n)
		return 0;
	for (size_t k = 1; k <= n; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		*cp = *cp << 6 | (s[k] & 0x3f);
	}
	if (*cp < min || *cp > 0x10ffff || (*cp >= 0xd800 && *cp <= 0xdfff))
		return 0;
	return n + 1;
}

/*
 * C0 and C1 controls and DEL (terminal commands, line breaks), the
 * Unicode line and paragraph separators, and the bidirectional marks and
 * overrides that make text display in another order than it is stored.
 */
static bool unprintable(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029 ||
	       cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069);
}

size_t dcp_text_unprintable(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;

	for (size_t i = 0; i < len;) {
		uint32_t cp;
		size_t n = dcp_utf8_char(p + i, len - i, &cp);

		if (!n || unprintable(cp))
			return i;
		i += n;
	}
	return len;
}

size_t dcp_text_escape(char *out, size_t size, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), used = 0;

	for (size_t i = 0; i < len;) {
		uint32_t cp;
		size_t n = dcp_utf8_char(p + i, len - i, &cp);
		char esc[5 * 4 + 1];
		const char *piece = (const char *)p + i;
		size_t plen = n;

		if (!n || unprintable(cp)) {
			/* Every byte of it, so the escape says what was sent. */
			if (!n)
				n = 1;
			plen = 0;
			for (size_t k = 0; k < n; k++)
				plen += (size_t)snprintf(esc + plen, sizeof(esc) - plen, "\\x%02x",
							 p[i + k]);
			piece = esc;
		}
		/* Whole pieces only: a cut never leaves half a character or escape. */
		if (used + plen < size)
			memcpy(out + used, piece, plen);
		else if (used < size)
			size = used + 1; /* stop copying; keep counting */
		used += plen;
		i += n;
	}
	if (size)
		out[used < size ? used : size - 1] = '\0';
	return used;
}
