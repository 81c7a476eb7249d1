#!/usr/bin/env bash
# check_package.sh BUILD_DIR: what `make package` promises of the .deb files CPack wrote in
# BUILD_DIR. Fails (exit 1, naming the check) when lintian reports an error, the binaries are not
# stripped, their debug symbols are not in the -dbgsym package, an icon size or the desktop
# integration is missing, or graphlens-cli installed with dpkg into an empty root cannot inspect
# the bundled example.
set -euo pipefail
build_dir=${1:?usage: check_package.sh BUILD_DIR}
fail() { echo "check_package: $*" >&2; exit 1; }

shopt -s nullglob
debs=("$build_dir"/graphlens_*.deb)
dbgsyms=("$build_dir"/graphlens-dbgsym_*.d*deb)
[ ${#debs[@]} -eq 1 ] || fail "expected one graphlens_*.deb in $build_dir, found ${#debs[@]}"
[ ${#dbgsyms[@]} -eq 1 ] || fail "expected one graphlens-dbgsym_*.ddeb/.deb in $build_dir, found ${#dbgsyms[@]}"
deb=${debs[0]}
dbgsym=${dbgsyms[0]}
echo "package: $(basename "$deb") $(du -h "$deb" | cut -f1), debug symbols: $(basename "$dbgsym") $(du -h "$dbgsym" | cut -f1)"

# lintian: no errors (warnings are printed for whoever reads the log).
lintian_out=$(lintian --tag-display-limit 0 "$deb" || true)
[ -z "$lintian_out" ] || echo "$lintian_out"
if grep -q '^E:' <<<"$lintian_out"; then fail "lintian reports errors for $(basename "$deb")"; fi

contents=$(dpkg-deb --contents "$deb")
for path in ./usr/bin/graphlens ./usr/bin/graphlens-cli ./usr/share/applications/graphlens.desktop \
            ./usr/share/mime/packages/graphlens.xml ./usr/share/metainfo/io.graphlens.GraphLens.metainfo.xml \
            ./usr/share/doc/graphlens/copyright ./usr/share/doc/graphlens/changelog.gz \
            ./usr/share/man/man1/graphlens.1.gz ./usr/share/man/man1/graphlens-cli.1.gz ./usr/share/icons/hicolor/scalable/apps/graphlens.svg \
            ./usr/share/graphlens/examples/keras_control_flow/saved_model.pb; do
    grep -q " $path\$" <<<"$contents" || fail "$(basename "$deb") lacks $path"
done
for size in 16 22 24 32 48 64 128 256 512; do
    grep -q " ./usr/share/icons/hicolor/${size}x${size}/apps/graphlens.png\$" <<<"$contents" ||
        fail "$(basename "$deb") lacks the ${size}x${size} icon"
done

# Install into an empty root. The root has none of the dependencies, so dpkg is told to go on
# without them and the installed programs run against this machine's libraries.
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/log"
touch "$root/var/lib/dpkg/status" "$root/var/lib/dpkg/available"
dpkg --root="$root" --force-depends --force-not-root --log="$root/var/log/dpkg.log" \
     -i "$deb" "$dbgsym" > "$root/dpkg.out" 2>&1 || { cat "$root/dpkg.out"; fail "dpkg --root could not install the packages"; }
dpkg --root="$root" -s graphlens | grep -q '^Status: install ok installed' || fail "dpkg does not list graphlens as installed"

for exe in graphlens graphlens-cli; do
    file "$root/usr/bin/$exe" | grep -q 'stripped' || fail "cannot tell whether $exe is stripped"
    if file "$root/usr/bin/$exe" | grep -q 'not stripped'; then fail "usr/bin/$exe is not stripped"; fi
    build_id=$(file "$root/usr/bin/$exe" | sed -n 's/.*BuildID\[sha1\]=\([0-9a-f]*\).*/\1/p')
    [ -n "$build_id" ] || fail "usr/bin/$exe has no build id"
    debug_file="$root/usr/lib/debug/.build-id/${build_id:0:2}/${build_id:2}.debug"
    [ -f "$debug_file" ] || fail "the -dbgsym package has no debug file for $exe (build id $build_id)"
    readelf -S "$debug_file" 2>/dev/null | grep -q '\.debug_info' || fail "$debug_file holds no .debug_info"
done

inspect_out=$("$root/usr/bin/graphlens-cli" inspect "$root/usr/share/graphlens/examples/keras_control_flow") ||
    fail "the installed graphlens-cli inspect failed on the bundled example"
grep -q 'serving_default' <<<"$inspect_out" || { echo "$inspect_out" | head -20; fail "inspect did not list the example's signature"; }
echo "installed with dpkg --root; graphlens-cli inspect of the bundled example: $(wc -l <<<"$inspect_out") lines, signature serving_default listed"
echo "check_package: all checks passed"
