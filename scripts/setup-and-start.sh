#!/usr/bin/env bash
# Command 1 of the README: install, build and run Focal on the embedded database.
# First start applies migrations, creates the admin (printed below) and imports the Refund desk demo.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
node -e 'const [maj,min]=process.versions.node.split(".").map(Number); if (maj<20||(maj===20&&min<9)) { console.error("Focal needs Node.js 20.9 or newer; this is "+process.version); process.exit(1); }'
echo "==> Installing dependencies (npm ci)"
npm ci --no-audit --no-fund
echo "==> Building"
npx next build
echo "==> Starting on port ${PORT:-3000} (embedded database in ${FOCAL_DATA_DIR:-.data/pglite})"
exec npx next start -p "${PORT:-3000}"
