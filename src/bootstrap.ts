/**
 * Builds the dependencies from a config: opens the database (migrating it), loads the secret, prepares storage
 * and mail, makes the outbound edges (HTTP client, webhook transport, images, reel renderer: src/platform/edges.ts),
 * and makes the hooks (event bus, shown changes, erasure, usage counters) bound to the database handle,
 * wired from the modules of src/modules.ts (src/composition.ts), so a CLI command or script that opens the data
 * directory runs the same handlers as the server. Used by `plaudit serve`, the CLI commands and tests.
 */
import { AppState } from "./platform/app-state";
import { join } from "node:path";
import type { Config } from "./config";
import type { Deps } from "./platform/deps";
import { openDb, type Db } from "./platform/db/client";
import { dbPath } from "./platform/db/path";
import { migrate } from "./platform/db/migrate";
import { Signer, loadOrCreateSecret } from "./platform/crypto";
import { openStorage } from "./platform/storage-open";
import { createLogger, type Logger } from "./platform/log";
import { createSmtpMailer, createOutboxOnlyMailer } from "./platform/mail/mailer";
import { systemClock, type Clock } from "./platform/clock";
import { createMediaToolkit, type MediaToolkit } from "./media/toolkit";
import { runSelfTest } from "./media/self-test";
import { useNativeDir } from "./platform/native-dir";
import { SelfTestMonitor } from "./media/self-test-monitor";
import { createHooks } from "./platform/hooks";
import { createEdges } from "./platform/edges";
import { createCertificates, type Certificates } from "./platform/tls/service";
import type { DomainModule } from "./platform/module";
import { wire } from "./composition";
import { MODULES } from "./modules";

/** Options tests use to swap the clock or the logger. */
export interface DepsOptions {
  clock?: Clock;
  log?: Logger;
  migrate?: boolean;
  /** A fake for fast unit tests; the real toolkit otherwise. */
  media?: MediaToolkit;
  /** The modules whose hooks are wired (default: src/modules.ts; `assemble` re-wires with its own list). */
  modules?: readonly DomainModule[];
  /**
   * What the caller opened already (`serve` opens the database, migrated, and with built-in HTTPS the secret and
   * the certificates before the app is loaded, src/cli/serve.ts); a given database is not migrated again.
   */
  db?: Db;
  signer?: Signer;
  certificates?: Certificates;
}

/** Path of the SQLite file in a data directory (src/platform/db/path.ts, which commands import without the app). */
export { dbPath };

/** Opens everything the app needs. */
export function createDeps(config: Config, opts: DepsOptions = {}): Deps {
  useNativeDir(config.dataDir);
  const db = opts.db ?? openDb(dbPath(config.dataDir), { syncFull: config.syncFull });
  if (!opts.db && opts.migrate !== false) migrate(db);
  const clock = opts.clock ?? systemClock;
  const edges = createEdges(config);
  const media = opts.media ?? createMediaToolkit(config, { images: edges.images });
  const log = opts.log ?? createLogger(config.logLevel);
  const deps: Deps = {
    config,
    db,
    clock,
    signer: opts.signer ?? new Signer(loadOrCreateSecret(config.dataDir)),
    log,
    certificates: opts.certificates ?? createCertificates({ config, db, clock, log }),
    mailer: config.smtpUrl ? createSmtpMailer(config) : createOutboxOnlyMailer(),
    storage: openStorage(config),
    media,
    // The same toolkit the workers use, working in the data folder's tmp/ like processing does.
    selfTest: new SelfTestMonitor(
      () => runSelfTest(config, { toolkit: media, tmpRoot: join(config.dataDir, "tmp") }),
      () => clock.now(),
    ),
    ...edges,
    hooks: createHooks(),
    state: new AppState(),
  };
  wire(deps, opts.modules ?? MODULES);
  return deps;
}
