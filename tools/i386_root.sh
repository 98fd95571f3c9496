#!/usr/bin/env bash
# A 32-bit x86 Debian (i386) in a folder, with its own 32-bit CPython, so the
# Python module is built, tested and benchmarked as a 32-bit extension too.
# Made once with debootstrap (about 800 MB), then reused.
#   bash tools/i386_root.sh prepare     make the root, or check the one there
#   bash tools/i386_root.sh exists      exit 0 when a prepared root is there
#   bash tools/i386_root.sh path        print the root's folder
#   bash tools/i386_root.sh run CMD...  copy the repository in, then run CMD
#                                       there (in the copy, the venv active)
# The folder is build/i386-root, or $ULTRAJSON_I386_ROOT. When this machine
# cannot make or enter it (no debootstrap, not root, chroot refused), the
# script says which and why on stderr and exits with status 3.
# While a command runs, /proc, /dev and the test data are mounted into the
# root (and unmounted after): do not delete the folder during a run.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
root=${ULTRAJSON_I386_ROOT:-$repo/build/i386-root}
ready=$root/.ultrajson-ready
venv=/opt/venv
# Inside the root the repository and the shared data sit as they do beside
# each other here, so ../shared/data resolves the same way.
# What the root needs from Debian: CPython with its headers and venv, and the
# tools that build the module.
# numpy comes from Debian: the package index has no 32-bit x86 wheel of it,
# and the venv sees Debian's packages (pip's own win where both have one).
debian_packages=python3,python3-dev,python3-venv,python3-pip,python3-numpy,g++,cmake,make
src=/work/ultrajson
data=/work/shared/data

cannot() {
  echo "i386 root: cannot $1" >&2
  exit 3
}

# The mirror and release apt already uses, so the root comes from where this
# machine's packages come from.
apt_mirror() {
  local uri
  uri=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -n1) || true
  [[ -n $uri ]] || uri=$(grep -hs '^deb ' /etc/apt/sources.list | awk '{print $2}' | head -n1) || true
  echo "$uri"
}

# What pip reaches the package index through: resolver, pip configuration, CA
# certificates. Copied again on each use, as the host's may change.
copy_host_config() {
  cp -L /etc/resolv.conf "$root/etc/resolv.conf"
  local f
  for f in /etc/pip.conf /root/.config/pip/pip.conf /etc/xdg/pip/pip.conf /etc/xdg/pip/constraints.txt \
    /etc/ssl/certs/ca-certificates.crt; do
    if [[ -f $f ]]; then
      mkdir -p "$root$(dirname "$f")"
      cp -L "$f" "$root$f"
    fi
  done
}

mounted=()
unmount_all() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" 2>/dev/null || true
  done
  mounted=()
}
bind() {  # bind SOURCE TARGET [ro]
  mkdir -p "$2"
  mountpoint -q "$2" && return 0
  mount --bind "$1" "$2" || cannot "bind-mount $1 into the root (mount refused: needs CAP_SYS_ADMIN)"
  mounted+=("$2")
  if [[ ${3:-} == ro ]]; then mount -o remount,bind,ro "$2" 2>/dev/null || true; fi
}
mount_all() {
  trap unmount_all EXIT
  mkdir -p "$root/proc"
  if ! mountpoint -q "$root/proc"; then
    mount -t proc proc "$root/proc" || cannot "mount /proc in the root (mount refused: needs CAP_SYS_ADMIN)"
    mounted+=("$root/proc")
  fi
  bind /dev "$root/dev"
  if [[ -d ../shared/data ]]; then bind "$(cd ../shared/data && pwd)" "$root$data" ro; fi
}

in_root() {  # in_root CMD...: run CMD in the root with the venv first on PATH
  chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
    PATH=$venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore PIP_CERT=/etc/ssl/certs/ca-certificates.crt \
    PIP_DEFAULT_TIMEOUT=180 CMAKE_BUILD_PARALLEL_LEVEL="$(nproc)" CI="${CI:-}" "$@"
}

# pip's warnings about the host's local package folders, which the root lacks.
quiet_pip() {
  in_root python3 -m pip install -q "$@" 2> >(grep -v 'is ignored: it is' >&2)
}

# The Python packages the root needs: the build and test tools (those
# tools/deps.sh installs on the host), then the
# benchmark peers that have i686 wheels, at the pinned version or else the
# newest that has one (a peer without any is left out; the benchmark reports
# it as not installed, and its version is in the report).
pip_setup() {
  local tools
  mapfile -t tools < <(bash tools/deps.sh test --list-pip)
  quiet_pip "${tools[@]}"
  local line missing=()
  while read -r line; do
    line=${line%%#*}
    line=${line// /}
    [[ -n $line && $line != matplotlib* ]] || continue
    quiet_pip --only-binary=:all: "$line" 2>/dev/null ||
      quiet_pip --only-binary=:all: "${line%%==*}" 2>/dev/null || missing+=("$line")
  done <bench/requirements.txt
  if ((${#missing[@]})); then
    echo "i386 root: no i686 wheel for ${missing[*]}; the x86 tables report them as not installed" >&2
  fi
}

prepare() {
  [[ $(id -u) == 0 ]] || cannot "be made: debootstrap and chroot need root, and this runs as $(id -un)"
  command -v chroot >/dev/null || cannot "be entered: no chroot command"
  if [[ ! -f $root/.debootstrap-done ]]; then
    command -v debootstrap >/dev/null || bash tools/deps.sh x86 >&2 || true
    command -v debootstrap >/dev/null || cannot "be made: debootstrap is not installed and apt could not install it"
    local mirror suite started
    mirror=$(apt_mirror)
    suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
    started=$(date +%s)
    echo "i386 root: debootstrap --arch=i386 $suite into $root (once; a few minutes)"
    # Never delete through a mount left by a killed run (/dev is bound in).
    ! grep -q " $root/" /proc/mounts || cannot "be remade: something is still mounted under $root"
    rm -rf --one-file-system "$root"
    mkdir -p "$root"
    debootstrap --arch=i386 --variant=minbase \
      --include=$debian_packages \
      "$suite" "$root" ${mirror:+"$mirror"} >"$root.log" 2>&1 ||
      cannot "be made: debootstrap failed (last lines of $root.log below)
$(tail -n 5 "$root.log")"
    echo "$debian_packages" >"$root/.debootstrap-done"
    echo "i386 root: debootstrap took $(($(date +%s) - started)) s"
  fi
  chroot "$root" /bin/true 2>/dev/null || cannot "be entered: chroot $root refused (needs CAP_SYS_CHROOT)"
  copy_host_config
  mount_all
  # A root made when the list was shorter gets what was added since.
  if [[ $(cat "$root/.debootstrap-done") != "$debian_packages" ]]; then
    in_root /bin/sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${debian_packages//,/ }" \
      >/dev/null || cannot "be updated: apt-get install failed in the root"
    echo "$debian_packages" >"$root/.debootstrap-done"
  fi
  if [[ ! -x $root$venv/bin/python3 ]]; then
    chroot "$root" /usr/bin/python3 -m venv --system-site-packages "$venv"
  fi
  # A venv made before it saw Debian's packages sees them from now on.
  sed -i 's/^include-system-site-packages = false$/include-system-site-packages = true/' \
    "$root$venv/pyvenv.cfg"
  # The marker keeps the package lists it was made with: a changed list reinstalls.
  local wanted
  wanted=$(bash tools/deps.sh test --list-pip; cat bench/requirements.txt)
  if [[ ! -f $ready || $(cat "$ready") != "$wanted" ]]; then
    local started
    started=$(date +%s)
    pip_setup
    echo "i386 root: Python packages ready ($(($(date +%s) - started)) s)"
    echo "$wanted" >"$ready"
  fi
}

# The repository's files (tracked and new, not ignored) copied into the root:
# the build inside writes its own build folder there, never into this tree.
copy_repo() {
  rm -rf --one-file-system "$root$src"
  mkdir -p "$root$src"
  git ls-files -z --cached --others --exclude-standard |
    tar --null -T - -cf - 2>/dev/null | tar -xf - -C "$root$src"
}

case ${1:-} in
  prepare) prepare ;;
  exists) [[ -f $ready ]] ;;
  path) echo "$root" ;;
  run)
    shift
    [[ -f $ready ]] || cannot "run: no prepared root at $root (bash tools/i386_root.sh prepare)"
    copy_host_config
    mount_all
    copy_repo
    in_root /bin/sh -c 'cd "$0" && exec "$@"' "$src" "$@"
    ;;
  *) echo "usage: $0 prepare | exists | run CMD..." >&2; exit 2 ;;
esac
