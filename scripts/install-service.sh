#!/usr/bin/env bash
# Installs dist/plaudit as a systemd service: `install.sh --service` runs this after it has built the executable.
#
#   system user  plaudit (no login shell, home /var/lib/plaudit)
#   executable   /usr/local/lib/plaudit/plaudit (+ whisper-cli and the ffmpeg fallback beside it, when built),
#                /usr/local/bin/plaudit -> it; the one it replaces is kept as plaudit.previous (rollback)
#   data         /var/lib/plaudit/data (PLAUDIT_DATA_DIR), pre-upgrade backups in /var/lib/plaudit/backups
#   settings     /etc/plaudit/plaudit.env (0640 root:plaudit; written once, never overwritten)
#   unit         /etc/systemd/system/plaudit.service
#
# Safe to run again: what is already in place is left alone. With a new executable (an upgrade), it first takes a
# backup of the data directory with the executable being replaced (pre-upgrade-<time>.tar.gz), then swaps it in and
# restarts the service, which migrates the data directory at start.
#
# PLAUDIT_INSTALL_ROOT=/tmp/x (tests only) puts every path under /tmp/x, runs as the current user, and creates no
# user and touches no systemd. Usage: scripts/install-service.sh DIST_DIR [WHISPER_MODEL_FILE]
set -euo pipefail

DIST="${1:?usage: install-service.sh DIST_DIR [WHISPER_MODEL_FILE]}"
MODEL_SRC="${2:-}"
PREFIX="${PLAUDIT_INSTALL_ROOT:-}"
USER_NAME=plaudit
LIB_DIR="$PREFIX/usr/local/lib/plaudit"
BIN_LINK="$PREFIX/usr/local/bin/plaudit"
HOME_DIR="$PREFIX/var/lib/plaudit"
DATA_DIR="$HOME_DIR/data"
BACKUP_DIR="$HOME_DIR/backups"
ETC_DIR="$PREFIX/etc/plaudit"
ENV_FILE="$ETC_DIR/plaudit.env"
UNIT_FILE="$PREFIX/etc/systemd/system/plaudit.service"

step() { printf '==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }

if [ ! -x "$DIST/plaudit" ]; then
  echo "install-service.sh: $DIST/plaudit is missing; run ./install.sh first" >&2
  exit 1
fi
if [ -z "$PREFIX" ] && [ "$(id -u)" -ne 0 ]; then
  echo "install.sh --service must run as root (it creates a user and writes /etc and /usr/local)" >&2
  exit 1
fi

# As the service's user (or, in a test root, as whoever runs this).
as_service_user() {
  if [ -n "$PREFIX" ]; then "$@"; else runuser -u "$USER_NAME" -- "$@"; fi
}
# Sets owner and mode; owners only outside a test root.
own() {
  local owner="$1" mode="$2"
  shift 2
  chmod "$mode" "$@"
  if [ -z "$PREFIX" ]; then chown "$owner" "$@"; fi
}

# 1. The user and its folders.
if [ -z "$PREFIX" ]; then
  if getent passwd "$USER_NAME" >/dev/null; then
    step "User $USER_NAME: present"
  else
    useradd --system --user-group --home-dir "$HOME_DIR" --no-create-home --shell /usr/sbin/nologin "$USER_NAME"
    step "User $USER_NAME created"
  fi
fi
mkdir -p "$HOME_DIR" "$BACKUP_DIR" "$LIB_DIR" "$(dirname "$BIN_LINK")" "$ETC_DIR" "$(dirname "$UNIT_FILE")"
own "$USER_NAME:$USER_NAME" 0750 "$HOME_DIR"
own "$USER_NAME:$USER_NAME" 0700 "$BACKUP_DIR"
own "root:$USER_NAME" 0750 "$ETC_DIR"

# 2. The executable and the programs found beside it. An upgrade is backed up first, by the executable it replaces:
#    the new one would migrate the database as it opens it.
changed=0
if [ -f "$LIB_DIR/plaudit" ] && cmp -s "$DIST/plaudit" "$LIB_DIR/plaudit"; then
  step "Executable: up to date ($LIB_DIR/plaudit)"
else
  if [ -f "$LIB_DIR/plaudit" ] && [ -f "$DATA_DIR/plaudit.db" ]; then
    stamp="$(date -u +%Y-%m-%dT%H-%M-%SZ)"
    backup="$BACKUP_DIR/pre-upgrade-$stamp.tar.gz"
    step "Backing up $DATA_DIR before the upgrade"
    as_service_user env PLAUDIT_DATA_DIR="$DATA_DIR" PLAUDIT_LOG_LEVEL=warn "$LIB_DIR/plaudit" backup --to "$backup" || {
      echo "install.sh --service: the pre-upgrade backup failed; nothing was replaced" >&2
      exit 1
    }
  fi
  cp "$DIST/plaudit" "$LIB_DIR/plaudit.new"
  chmod 0755 "$LIB_DIR/plaudit.new"
  # A hard link keeps the running version's file as plaudit.previous; the rename swaps in the new one at once.
  if [ -f "$LIB_DIR/plaudit" ]; then ln -f "$LIB_DIR/plaudit" "$LIB_DIR/plaudit.previous"; fi
  mv -f "$LIB_DIR/plaudit.new" "$LIB_DIR/plaudit"
  changed=1
  step "Executable installed: $LIB_DIR/plaudit$([ -f "$LIB_DIR/plaudit.previous" ] && echo " (the one before it: plaudit.previous)")"
fi
for helper in whisper-cli ffmpeg; do
  if [ -f "$DIST/$helper" ] && ! cmp -s "$DIST/$helper" "$LIB_DIR/$helper"; then
    cp "$DIST/$helper" "$LIB_DIR/$helper.new" && chmod 0755 "$LIB_DIR/$helper.new" && mv -f "$LIB_DIR/$helper.new" "$LIB_DIR/$helper"
    changed=1
    step "$helper installed beside it"
  fi
done
if [ "$(readlink "$BIN_LINK" 2>/dev/null)" != "/usr/local/lib/plaudit/plaudit" ]; then
  ln -sfn /usr/local/lib/plaudit/plaudit "$BIN_LINK"
  step "Command: /usr/local/bin/plaudit"
fi

# The Whisper model install.sh downloaded, where the service looks for it (its data directory's models/).
if [ -n "$MODEL_SRC" ] && [ -s "$MODEL_SRC" ] && [ ! -s "$DATA_DIR/models/$(basename "$MODEL_SRC")" ]; then
  mkdir -p "$DATA_DIR/models"
  own "$USER_NAME:$USER_NAME" 0700 "$DATA_DIR" "$DATA_DIR/models"
  cp "$MODEL_SRC" "$DATA_DIR/models/$(basename "$MODEL_SRC")"
  own "$USER_NAME:$USER_NAME" 0600 "$DATA_DIR/models/$(basename "$MODEL_SRC")"
  step "Whisper model copied to $DATA_DIR/models/"
fi

# 3. Settings: written once with examples, never overwritten (it is the operator's file from then on).
if [ -f "$ENV_FILE" ]; then
  step "Settings: $ENV_FILE (kept as it is)"
else
  cat >"$ENV_FILE.tmp" <<'EOF'
# Plaudit's settings for the systemd service (one NAME=value a line; see the README's Configuration table).
# After a change: systemctl restart plaudit
#
# PLAUDIT_DATA_DIR is set by the unit (/var/lib/plaudit/data).
#
# Your public address, with HTTPS certificates from Let's Encrypt:
#PLAUDIT_DOMAIN=testimonials.example.com
#PLAUDIT_ACME_EMAIL=you@example.com
#
# Or the address of a reverse proxy in front of it:
#PLAUDIT_BASE_URL=https://testimonials.example.com
#
# Daily backups at 03:00 UTC, the last 7 kept (a folder, or s3://bucket/prefix with the PLAUDIT_S3_* settings):
#PLAUDIT_BACKUP_SCHEDULE=0 3 * * *
#PLAUDIT_BACKUP_TO=/var/lib/plaudit/backups
#PLAUDIT_BACKUP_KEEP=7
#
# Mail (invitations, requests, removal links); without it, mail waits in the dashboard's outbox:
#PLAUDIT_SMTP_URL=smtp://user:password@smtp.example.com:587
#PLAUDIT_MAIL_FROM=Plaudit <testimonials@example.com>
EOF
  own "root:$USER_NAME" 0640 "$ENV_FILE.tmp"
  mv "$ENV_FILE.tmp" "$ENV_FILE"
  step "Settings written: $ENV_FILE (edit it, then: systemctl restart plaudit)"
fi

# 4. The unit (replaced only when it differs).
unit_tmp="$(mktemp)"
cat >"$unit_tmp" <<'EOF'
[Unit]
Description=Plaudit testimonials
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
User=plaudit
Group=plaudit
WorkingDirectory=/var/lib/plaudit
Environment=PLAUDIT_DATA_DIR=/var/lib/plaudit/data
EnvironmentFile=-/etc/plaudit/plaudit.env
ExecStart=/usr/local/bin/plaudit serve
Restart=on-failure
RestartSec=5
# serve finishes requests in flight and running jobs within PLAUDIT_SHUTDOWN_GRACE_SECONDS (20 s) of SIGTERM.
# Only serve gets the SIGTERM (mixed): its ffmpeg and speech children are its to stop, or to leave to their leases.
KillSignal=SIGTERM
KillMode=mixed
TimeoutStopSec=30
# Ports 80 and 443 without root.
AmbientCapabilities=CAP_NET_BIND_SERVICE
CapabilityBoundingSet=CAP_NET_BIND_SERVICE
NoNewPrivileges=yes
ProtectSystem=strict
ReadWritePaths=/var/lib/plaudit
ProtectHome=yes
PrivateTmp=yes
UMask=0077
StandardOutput=journal
StandardError=journal
SyslogIdentifier=plaudit

[Install]
WantedBy=multi-user.target
EOF
if cmp -s "$unit_tmp" "$UNIT_FILE"; then
  rm -f "$unit_tmp"
  step "Unit: up to date ($UNIT_FILE)"
else
  chmod 0644 "$unit_tmp"
  mv "$unit_tmp" "$UNIT_FILE"
  changed=1
  step "Unit written: $UNIT_FILE"
fi

# 5. Start, or restart after a change, when systemd runs this machine.
if [ -z "$PREFIX" ] && [ "$(cat /proc/1/comm 2>/dev/null)" = "systemd" ]; then
  systemctl daemon-reload
  if ! systemctl is-enabled --quiet plaudit 2>/dev/null || ! systemctl is-active --quiet plaudit; then
    systemctl enable --now plaudit
    step "Service enabled and started: systemctl status plaudit; logs: journalctl -u plaudit -f"
  elif [ "$changed" = 1 ]; then
    systemctl restart plaudit
    step "Service restarted with the new version (it migrates the data directory at start)"
  else
    step "Service: running, nothing changed"
  fi
  note "The first start prints the owner's sign-in: journalctl -u plaudit | grep -A1 'First start'"
  note "(also in $DATA_DIR/first-login.txt)"
else
  step "systemd is not running here: the unit is written but not started"
  note "Where systemd runs: systemctl daemon-reload && systemctl enable --now plaudit"
  note "Or start it by hand: runuser -u plaudit -- env PLAUDIT_DATA_DIR=$DATA_DIR /usr/local/bin/plaudit serve"
fi
