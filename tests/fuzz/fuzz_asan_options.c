/*
 * AddressSanitizer defaults for the fuzz targets that link this file
 * (ASAN_OPTIONS in the environment still overrides them).
 *
 * quarantine_size_mb: freed memory waits in a quarantine before it is
 * reused, so a use after free hits poisoned memory. ASan's default of
 * 256 MB makes every allocation of an input land on memory not touched
 * for thousands of inputs: page faults and cache misses were half of
 * fuzz-edid's time. 16 MB still holds what many inputs free: the
 * biggest block of a fuzz-bios input is its copy of the image (at most
 * 128 KB), fuzz-edid's are an EDID's decoded tables and its JSON.
 */
const char *__asan_default_options(void);

const char *__asan_default_options(void)
{
	return "quarantine_size_mb=16";
}
