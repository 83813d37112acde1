/**
 * Applies the SQL migrations embedded in the build (`migrations/index.ts`, generated from drizzle-kit's output)
 * in order, each in its own transaction, recording them in `__plaudit_migrations`. Safe to run at every start.
 */
import type { Db } from "./client";
import { migrations as embedded } from "../../../migrations";

/** One migration: drizzle-kit's tag and its SQL (statements split by `--> statement-breakpoint`). */
export interface Migration {
  tag: string;
  sql: string;
}

/** Applies what is missing; returns the tags applied now. */
export function migrate(db: Db, migrations: Migration[] = embedded): string[] {
  const sqlite = db.$client;
  sqlite.exec("CREATE TABLE IF NOT EXISTS __plaudit_migrations (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)");
  const done = new Set(
    sqlite
      .query<{ tag: string }, []>("SELECT tag FROM __plaudit_migrations")
      .all()
      .map((r) => r.tag),
  );
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.tag)) continue;
    sqlite
      .transaction(() => {
        for (const stmt of m.sql.split("--> statement-breakpoint")) {
          if (stmt.trim()) sqlite.exec(stmt);
        }
        sqlite.query("INSERT INTO __plaudit_migrations (tag, applied_at) VALUES (?, ?)").run(m.tag, Date.now());
      })
      .immediate();
    applied.push(m.tag);
  }
  return applied;
}

/** Tags of migrations not yet applied (for `plaudit doctor`). */
export function pendingMigrations(db: Db, migrations: Migration[] = embedded): string[] {
  const sqlite = db.$client;
  sqlite.exec("CREATE TABLE IF NOT EXISTS __plaudit_migrations (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)");
  const done = new Set(
    sqlite
      .query<{ tag: string }, []>("SELECT tag FROM __plaudit_migrations")
      .all()
      .map((r) => r.tag),
  );
  return migrations.filter((m) => !done.has(m.tag)).map((m) => m.tag);
}
