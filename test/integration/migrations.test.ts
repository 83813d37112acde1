/**
 * Upgrades: a data directory made by an older build (first k migrations, with rows in it) upgrades to the newest
 * schema at start with nothing lost, for every k.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "../../src/platform/db/client";
import { migrate, pendingMigrations } from "../../src/platform/db/migrate";
import { migrations } from "../../migrations";

function seed(db: ReturnType<typeof openDb>) {
  const q = (sql: string, ...args: (string | number)[]) => db.$client.query(sql).run(...args);
  q("INSERT INTO orgs (id, name, plan, created_at) VALUES ('org_old', 'Old Co', 'core', 1)");
  q("INSERT INTO users (id, email, name, created_at) VALUES ('usr_old', 'old@example.com', 'Old', 1)");
  q("INSERT INTO members (id, org_id, user_id, role, created_at) VALUES ('mem_old', 'org_old', 'usr_old', 'owner', 1)");
  q(
    "INSERT INTO brands (id, org_id, mode, name, slug, slug_scope, created_at, updated_at) VALUES ('brd_old', 'org_old', 'live', 'Old', 'old-co', 'live', 1, 1)",
  );
  q(
    "INSERT INTO links (id, org_id, mode, brand_id, title, prompts, consent_text, consent_version, created_at, updated_at) VALUES ('lnk_old', 'org_old', 'live', 'brd_old', 'T', '[]', 'I agree', 'v1', 1, 1)",
  );
}

describe("upgrading an existing data directory", () => {
  for (let k = 1; k < migrations.length; k++) {
    test(`from ${migrations[k - 1]!.tag} to ${migrations[migrations.length - 1]!.tag}`, () => {
      const dir = mkdtempSync(join(tmpdir(), "plaudit-mig-"));
      try {
        const file = join(dir, "plaudit.db");
        const old = openDb(file);
        expect(migrate(old, migrations.slice(0, k))).toHaveLength(k);
        seed(old);
        old.$client.close();
        const db = openDb(file);
        expect(migrate(db)).toHaveLength(migrations.length - k);
        expect(pendingMigrations(db)).toEqual([]);
        expect(db.$client.query("SELECT name FROM orgs WHERE id = 'org_old'").get()).toEqual({ name: "Old Co" });
        expect(db.$client.query("SELECT title FROM links WHERE id = 'lnk_old'").get()).toEqual({ title: "T" });
        expect(db.$client.query("PRAGMA foreign_key_check").all()).toEqual([]);
        expect(db.$client.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
        db.$client.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

describe("0017: outbox copies keep no secret", () => {
  test("an invitation link kept in an old outbox row is redacted, and a queued one is not sent without it", () => {
    const dir = mkdtempSync(join(tmpdir(), "plaudit-mig-"));
    try {
      const file = join(dir, "plaudit.db");
      const old = openDb(file);
      const upTo = migrations.findIndex((m) => m.tag.startsWith("0017"));
      migrate(old, migrations.slice(0, upTo));
      seed(old);
      const text = (token: string) =>
        `Olive invited you to join Old Co on Plaudit as owner.\n\nOpen this link:\nhttps://box.example/app/invite#${token}\n\nThe link works once.\n`;
      const q = (sql: string, ...args: (string | number)[]) => old.$client.query(sql).run(...args);
      q(
        "INSERT INTO mail_outbox (id, org_id, \"to\", subject, text, status, created_at) VALUES ('mail_sent', 'org_old', 'a@example.com', 'Join', ?, 'sent', 1)",
        text("SENTtoken0123456789abcdefghijklmnop"),
      );
      q(
        "INSERT INTO mail_outbox (id, org_id, \"to\", subject, text, status, created_at) VALUES ('mail_wait', 'org_old', 'b@example.com', 'Join', ?, 'queued', 1)",
        text("WAITtoken0123456789abcdefghijklmnop"),
      );
      old.$client.close();
      const db = openDb(file);
      migrate(db);
      const rows = db.$client.query("SELECT id, status, text FROM mail_outbox ORDER BY id").all() as {
        id: string;
        status: string;
        text: string;
      }[];
      expect(rows.map((r) => [r.id, r.status])).toEqual([
        ["mail_sent", "sent"],
        ["mail_wait", "failed"],
      ]);
      for (const r of rows) {
        expect(r.text).not.toContain("token0123456789");
        expect(r.text).toContain("https://box.example/app/invite#[invitation token removed");
        expect(r.text).toEndWith("\n\nThe link works once.\n");
      }
      db.$client.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
