# The two commands the README shows. Everything else is meson and ninja:
# `meson test -C build --suite NAME` runs one area, `--suite bench` the
# benchmarks.
.PHONY: check demo

check:
	@scripts/check

demo:
	@scripts/demo
