#!/bin/sh
# Every version string agrees with configure.ac's, and the shared
# library's soname is the API version (HACKING.md, "Versions and the
# soname"): the header's numbers, lds-calc --version, the Python
# package's metadata and module, lds-calc(3), libtool's -version-info.
. "$srcdir/tests/lib.sh"
builddir=$(dirname "$LDS_CALC")
header="$srcdir/src/lds-calc.h"

package=$(sed -n 's/^AC_INIT(\[lds-calc\], \[\([0-9.]*\)\].*/\1/p' "$srcdir/configure.ac")
macro() { sed -n "s/^#define $1 \\([0-9]*\\)\$/\\1/p" "$header"; }
numbers="$(macro LDSCALC_VERSION_MAJOR).$(macro LDSCALC_VERSION_MINOR).$(macro LDSCALC_VERSION_PATCH)"
api=$(macro LDSCALC_API_VERSION)
check "configure.ac names the version ($package)" test -n "$package"
check "lds-calc.h's LDSCALC_VERSION_MAJOR.MINOR.PATCH is configure.ac's ($numbers, $package)" \
    test "$numbers" = "$package"
said=$("$LDS_CALC" --version | sed -n '1s/^lds-calc //p')
check "lds-calc --version says configure.ac's version ($said)" test "$said" = "$package"

# the Python package: its metadata and the API it speaks
pyversion=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$srcdir/python/pyproject.toml")
check "python/pyproject.toml's version is configure.ac's ($pyversion)" test "$pyversion" = "$package"
pyapi=$(sed -n 's/^API_VERSION = \([0-9]*\)$/\1/p' "$srcdir/python/ldscalc/_native.py")
check "the Python module speaks LDSCALC_API_VERSION ($pyapi, $api)" test "$pyapi" = "$api"

# lds-calc(3) says the soname and the version the header has
check "lds-calc(3) names the soname libldscalc.so.$api" grep -q "libldscalc\\.so\\.$api" "$srcdir/man/lds-calc.3"
check "lds-calc(3) names the package's version $package" grep -q "$package" "$srcdir/man/lds-calc.3"
check "lds-calc.h names the soname libldscalc.so.$api" grep -q "libldscalc\\.so\\.$api" "$header"

# libtool: CURRENT - AGE is the soname's number, the API version
info=$(sed -n 's/.*-version-info \([0-9]*:[0-9]*:[0-9]*\).*/\1/p' "$srcdir/Makefile.am")
current=${info%%:*}
age=${info##*:}
check "Makefile.am's -version-info $info: CURRENT - AGE = LDSCALC_API_VERSION ($api)" \
    test -n "$info" -a "$((current - age))" = "$api"
so="$builddir/.libs/libldscalc.so"
if [ -f "$so" ] && command -v readelf > /dev/null 2>&1; then
    soname=$(readelf -d "$so" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
    check "the built library's soname is libldscalc.so.$api ($soname)" test "$soname" = "libldscalc.so.$api"
else
    ok "the built library's soname # SKIP no shared library in $builddir/.libs, or no readelf"
fi
tap_end
