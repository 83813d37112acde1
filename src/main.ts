#!/usr/bin/env bun
/**
 * The `plaudit` command: serve (default), migrate, org create, key create, user create, plan set, backup, restore,
 * doctor, storage migrate, version. Configuration comes from environment variables and flags (see src/config.ts and the README).
 */
import { loadConfig, ConfigError, CONFIG_FLAGS } from "./config";
import { need, parseArgs, UsageError } from "./cli/args";
import { print } from "./cli/output";
import { AppError } from "./platform/errors";
import { VERSION } from "./version";

const HELP = `plaudit ${VERSION}: self-hosted testimonials

Usage: plaudit <command> [flags]   (add --json for machine-readable output)

  serve                                  run the server, workers and schedules (default)
  migrate                                apply database migrations
  org create --name N [--plan P | --operator] [--owner-email E --owner-password W --owner-name N]
  org list                               organisations, their plans, and the server's own (operator mode)
  org operator --org ORG --on|--off      the server's own organisation: no plan limits (on for the first one)
  key create --org ORG --mode test|live [--scopes a,b] [--name N]
  user create --email E --password W [--name N] [--org ORG --role R [--brands ID,ID for a client]]
  plan set --org ORG --plan free|starter|core|plus   the plan a hosted organisation is on
  backup --to FILE.tar.gz                consistent snapshot of the database and files
  restore --from FILE.tar.gz|s3://BUCKET/PREFIX/FILE.tar.gz [--data-dir D]
                                         unpack a backup into an empty data directory (refuses a non-empty one)
  tls status                             the HTTPS certificates this server serves itself
  tls renew [--name NAME] [--force]      renew them now (the running server swaps them in)
  doctor                                 check ffmpeg, speech, disk, config; run a test recording through processing
  storage migrate --to s3://BUCKET/PREFIX [--dry-run] [--s3-endpoint URL --s3-region R]
                                         copy media/ and public/ to the bucket (resumable), verify, switch to it
  version

Settings: ${Object.keys(CONFIG_FLAGS).join(" ")} (or PLAUDIT_* environment variables)`;

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const [cmd = "serve", sub] = args.words;
  if (args.bools.has("--help") || args.bools.has("-h") || cmd === "help") {
    process.stdout.write(HELP + "\n");
    return 0;
  }
  if (cmd === "version") {
    print(args, { version: VERSION, bun: Bun.version }, `plaudit ${VERSION} (bun ${Bun.version})`);
    return 0;
  }
  const key = sub ? `${cmd} ${sub}` : cmd;
  if (key === "storage migrate") {
    // The target comes from --to; endpoint, region and keys from PLAUDIT_S3_* or the --s3-* flags.
    const to = need(args, "--to", "plaudit storage migrate --to s3://bucket/prefix [--dry-run]");
    return (await import("./cli/storage-migrate")).storageMigrate(
      loadConfig({ ...process.env, PLAUDIT_STORAGE_URL: to }, args.flags),
      args,
    );
  }
  const config = loadConfig(process.env, args.flags);
  switch (key) {
    case "serve":
      await (await import("./cli/serve")).serve(config);
      return -1;
    case "migrate": {
      const { openDb } = await import("./platform/db/client");
      const { migrate } = await import("./platform/db/migrate");
      const { dbPath } = await import("./platform/db/path");
      const applied = migrate(openDb(dbPath(config.dataDir), { syncFull: config.syncFull }));
      print(args, { applied }, applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
      return 0;
    }
    case "org create":
      (await import("./cli/admin")).orgCreate(config, args);
      return 0;
    case "org list":
      (await import("./cli/admin")).orgList(config, args);
      return 0;
    case "org operator":
      (await import("./cli/admin")).orgOperator(config, args);
      return 0;
    case "key create":
      (await import("./cli/admin")).keyCreate(config, args);
      return 0;
    case "user create":
      (await import("./cli/admin")).userCreate(config, args);
      return 0;
    case "plan set":
      (await import("./cli/admin")).planSet(config, args);
      return 0;
    case "backup":
      await (await import("./cli/backup")).backup(config, args);
      return 0;
    case "restore":
      return (await import("./cli/restore")).restore(config, args);
    case "tls status":
      (await import("./cli/tls")).tlsStatus(config, args);
      return 0;
    case "tls renew":
      (await import("./cli/tls")).tlsRenew(config, args);
      return 0;
    case "doctor":
      return (await import("./cli/doctor")).doctor(config, args);
    case "self-test": {
      // Not in the help: what `serve` runs in a child process (src/media/self-test-child.ts); prints one JSON line.
      const { runSelfTest } = await import("./media/self-test");
      const { join } = await import("node:path");
      (await import("./platform/native-dir")).useNativeDir(config.dataDir);
      process.stdout.write(JSON.stringify(await runSelfTest(config, { tmpRoot: join(config.dataDir, "tmp") })) + "\n");
      return 0;
    }
    default:
      throw new UsageError(`Unknown command "${key}".\n\n${HELP}`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (e) => {
    if (e instanceof ConfigError || e instanceof UsageError) {
      process.stderr.write(e.message + "\n");
      process.exit(2);
    }
    if (e instanceof AppError) {
      process.stderr.write(`Error: ${e.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`Unexpected error: ${e?.stack ?? e}\n`);
    process.exit(1);
  },
);
