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
import { claimDeliveries } from "../../src/domains/webhooks/delivery-queue";

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

describe("0021: tags per brand, draft words", () => {
  test("a tag used on one brand only becomes that brand's; shared use, widget use elsewhere or no use keeps it shared; pocketsphinx words nobody edited become drafts", () => {
    const dir = mkdtempSync(join(tmpdir(), "plaudit-mig-"));
    try {
      const file = join(dir, "plaudit.db");
      const old = openDb(file);
      const upTo = migrations.findIndex((m) => m.tag === "0021_brand_tags");
      expect(upTo).toBeGreaterThan(0);
      migrate(old, migrations.slice(0, upTo));
      seed(old);
      const q = (sql: string, ...args: (string | number)[]) => old.$client.query(sql).run(...args);
      q(
        "INSERT INTO brands (id, org_id, mode, name, slug, slug_scope, created_at, updated_at) VALUES ('brd_two', 'org_old', 'live', 'Harbour Dental', 'harbour', 'live', 1, 1)",
      );
      const sub = (id: string, brand: string, kind = "text", deleted: number | null = null) =>
        q(
          "INSERT INTO submissions (id, org_id, mode, brand_id, origin, kind, status, created_at, updated_at, deleted_at) VALUES (?, 'org_old', 'live', ?, 'collected', ?, 'ready', 1, 1, ?)",
          id,
          brand,
          kind,
          deleted as number,
        );
      sub("sub_old", "brd_old");
      sub("sub_two", "brd_two");
      sub("sub_gone", "brd_old", "text", 5);
      sub("sub_vid_draft", "brd_two", "video");
      sub("sub_vid_edited", "brd_two", "video");
      sub("sub_vid_whisper", "brd_two", "video");
      const tag = (id: string, name: string) =>
        q(
          "INSERT INTO tags (id, org_id, mode, name, name_key, created_at, updated_at) VALUES (?, 'org_old', 'live', ?, ?, 1, 1)",
          id,
          name,
          name.toLowerCase(),
        );
      tag("tag_one", "harbour-dental-complaint");
      tag("tag_both", "vip");
      tag("tag_unused", "later");
      tag("tag_widget", "featured");
      tag("tag_gone", "old-only");
      const on = (s: string, t: string) =>
        q("INSERT INTO submission_tags (submission_id, tag_id, created_at) VALUES (?, ?, 1)", s, t);
      on("sub_two", "tag_one");
      // Used on a deleted testimonial of the other brand too: only live testimonials decide.
      on("sub_gone", "tag_one");
      on("sub_old", "tag_both");
      on("sub_two", "tag_both");
      on("sub_two", "tag_widget");
      on("sub_gone", "tag_gone");
      q(
        "INSERT INTO widgets (id, org_id, mode, brand_id, name, settings, created_at, updated_at) VALUES ('wid_old', 'org_old', 'live', 'brd_old', 'W', ?, 1, 1)",
        JSON.stringify({ selection: "automatic", tag_ids: ["tag_widget"] }),
      );
      const words = JSON.stringify([{ text: "hello", start_ms: 0, end_ms: 300 }]);
      const transcript = (s: string, engine: string, edited: number | null) =>
        q(
          "INSERT INTO transcripts (submission_id, engine, words, original_words, edited_at, created_at) VALUES (?, ?, ?, ?, ?, 1)",
          s,
          engine,
          words,
          words,
          edited as number,
        );
      transcript("sub_vid_draft", "pocketsphinx", null);
      transcript("sub_vid_edited", "pocketsphinx", 7);
      transcript("sub_vid_whisper", "whisper.cpp", null);
      old.$client.close();

      const db = openDb(file);
      expect(migrate(db)).toEqual(migrations.slice(upTo).map((m) => m.tag));
      const brandOf = Object.fromEntries(
        (db.$client.query("SELECT id, brand_id FROM tags").all() as { id: string; brand_id: string | null }[]).map(
          (r) => [r.id, r.brand_id],
        ),
      );
      expect(brandOf).toEqual({
        tag_one: "brd_two",
        tag_both: null,
        tag_unused: null,
        tag_widget: null,
        tag_gone: null,
      });
      // A brand's tag stays on that brand's testimonials only.
      expect(db.$client.query("SELECT submission_id FROM submission_tags WHERE tag_id = 'tag_one'").all()).toEqual([
        { submission_id: "sub_two" },
      ]);
      const drafts = db.$client
        .query("SELECT id, words_draft, hide_words FROM submissions WHERE kind = 'video' ORDER BY id")
        .all();
      expect(drafts).toEqual([
        { id: "sub_vid_draft", words_draft: 1, hide_words: 0 },
        { id: "sub_vid_edited", words_draft: 0, hide_words: 0 },
        { id: "sub_vid_whisper", words_draft: 0, hide_words: 0 },
      ]);
      // Names are unique per brand now: the same name for another brand, and among shared tags once.
      const add = (id: string, brand: string | null, name: string) =>
        db.$client
          .query(
            "INSERT INTO tags (id, org_id, mode, brand_id, name, name_key, created_at, updated_at) VALUES (?, 'org_old', 'live', ?, ?, ?, 1, 1)",
          )
          .run(id, brand, name, name);
      add("tag_new1", "brd_old", "harbour-dental-complaint");
      expect(() => add("tag_new2", "brd_two", "harbour-dental-complaint")).toThrow();
      expect(() => add("tag_new3", null, "vip")).toThrow();
      expect(db.$client.query("PRAGMA foreign_key_check").all()).toEqual([]);
      db.$client.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("0028: alerts", () => {
  test("an existing organisation upgrades with no settings rows (roles' defaults apply); the rows go with their member and organisation", () => {
    const dir = mkdtempSync(join(tmpdir(), "plaudit-mig-"));
    try {
      const file = join(dir, "plaudit.db");
      const old = openDb(file);
      const upTo = migrations.findIndex((m) => m.tag === "0028_alerts");
      expect(upTo).toBeGreaterThan(0);
      migrate(old, migrations.slice(0, upTo));
      seed(old);
      old.$client
        .query(
          "INSERT INTO submissions (id, org_id, mode, brand_id, origin, kind, status, created_at, updated_at) VALUES ('sub_old', 'org_old', 'live', 'brd_old', 'collected', 'text', 'ready', 1, 1)",
        )
        .run();
      old.$client.close();
      const db = openDb(file);
      migrate(db);
      const q = (sql: string) => db.$client.query(sql);
      expect(q("SELECT count(*) AS n FROM alert_settings").get()).toEqual({ n: 0 });
      q(
        "INSERT INTO alert_settings (member_id, mode, org_id, new_testimonials, brand_ids, digest_from, updated_at) VALUES ('mem_old', 'live', 'org_old', 'daily', '[\"brd_old\"]', 1, 1)",
      ).run();
      expect(q("SELECT digest_hour, time_zone FROM alert_settings").get()).toEqual({
        digest_hour: 8,
        time_zone: "UTC",
      });
      q(
        "INSERT INTO alert_arrivals (submission_id, org_id, mode, brand_id, outcome, arrived_at) VALUES ('sub_old', 'org_old', 'live', 'brd_old', 'ready', 1)",
      ).run();
      q(
        "INSERT INTO alert_notices (member_id, submission_id, org_id, mode, mail_id, created_at) VALUES ('mem_old', 'sub_old', 'org_old', 'live', NULL, 1)",
      ).run();
      q(
        "INSERT INTO alert_buttons (id, org_id, mode, member_id, submission_id, mail_id, action, token_hash, created_at, expires_at) VALUES ('alb_old', 'org_old', 'live', 'mem_old', 'sub_old', 'msg_gone', 'approve', 'h', 1, 2)",
      ).run();
      q("DELETE FROM members WHERE id = 'mem_old'").run();
      expect(q("SELECT count(*) AS n FROM alert_settings").get()).toEqual({ n: 0 });
      expect(q("SELECT count(*) AS n FROM alert_notices").get()).toEqual({ n: 0 });
      // A button outlives its member (its page then says the member left) but not its organisation.
      expect(q("SELECT count(*) AS n FROM alert_buttons").get()).toEqual({ n: 1 });
      q("DELETE FROM orgs WHERE id = 'org_old'").run();
      expect(
        q("SELECT (SELECT count(*) FROM alert_buttons) + (SELECT count(*) FROM alert_arrivals) AS n").get(),
      ).toEqual({ n: 0 });
      expect(q("PRAGMA foreign_key_check").all()).toEqual([]);
      db.$client.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("0034: webhook deliveries leased on their own rows", () => {
  test("queued webhook.deliver jobs go; their deliveries stay due, claimable, in the order they fell due", () => {
    const dir = mkdtempSync(join(tmpdir(), "plaudit-mig-"));
    try {
      const file = join(dir, "plaudit.db");
      const old = openDb(file);
      const upTo = migrations.findIndex((m) => m.tag === "0034_webhook_delivery_leases");
      expect(upTo).toBeGreaterThan(0);
      migrate(old, migrations.slice(0, upTo));
      seed(old);
      const q = (sql: string) => old.$client.query(sql).run();
      q(
        "INSERT INTO webhook_endpoints (id, org_id, mode, url, events, secret, created_at, updated_at) VALUES ('whe_old', 'org_old', 'live', 'https://hooks.example/x', '[\"reel.ready\"]', 'whsec_x', 1, 1)",
      );
      for (const [id, status, count, next] of [
        ["whd_a", "pending", 0, 5],
        ["whd_b", "retrying", 2, 3],
        ["whd_c", "delivered", 1, null],
      ] as const)
        q(
          `INSERT INTO webhook_deliveries (id, org_id, mode, endpoint_id, event_id, event_type, body, status, attempt_count, next_attempt_at, created_at, updated_at) VALUES ('${id}', 'org_old', 'live', 'whe_old', 'evt_${id}', 'reel.ready', '{}', '${status}', ${count}, ${next ?? "NULL"}, 1, 1)`,
        );
      q(
        "INSERT INTO jobs (id, kind, payload, status, run_at, created_at, updated_at) VALUES ('job_a', 'webhook.deliver', '{\"deliveryId\":\"whd_a\",\"attempt\":1}', 'queued', 5, 1, 1), ('job_b', 'webhook.deliver', '{\"deliveryId\":\"whd_b\",\"attempt\":3}', 'running', 3, 1, 1), ('job_old', 'webhook.deliver', '{}', 'done', 1, 1, 1), ('job_mail', 'mail.send', '{}', 'queued', 1, 1, 1)",
      );
      old.$client.close();
      const db = openDb(file);
      migrate(db);
      expect(db.$client.query("SELECT id FROM jobs ORDER BY id").all()).toEqual([
        { id: "job_mail" },
        { id: "job_old" },
      ]);
      const claimed = claimDeliveries({ db, clock: { now: () => 10 } }, 10, 60_000);
      expect(claimed.map((h) => [h.id, h.attempt, h.leaseUntil])).toEqual([
        ["whd_b", 3, 60_010],
        ["whd_a", 1, 60_010],
      ]);
      expect(db.$client.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
      db.$client.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
