/**
 * Migration 0019 on a data directory with rows (issue 30): pending invitations whose inviter can no longer make them
 * (demoted, removed, an admin's owner invitation) are revoked; the others, accepted, expired and system-made ones
 * stay as they were; testimonials that already have a photo count it as one of their five.
 */
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "../../src/platform/db/client";
import { migrate } from "../../src/platform/db/migrate";
import { migrations } from "../../migrations";

test("0019 revokes invitations their inviter can no longer make and counts existing photos", () => {
  const at = migrations.findIndex((m) => m.tag === "0019_invites_photos");
  expect(at).toBeGreaterThan(0);
  const dir = mkdtempSync(join(tmpdir(), "plaudit-mig19-"));
  try {
    const db = openDb(join(dir, "plaudit.db"));
    migrate(db, migrations.slice(0, at));
    const q = (sql: string, ...args: (string | number | null)[]) => db.$client.query(sql).run(...args);
    q("INSERT INTO orgs (id, name, plan, created_at) VALUES ('org_a', 'A', 'core', 1)");
    for (const [user, role] of [
      ["usr_owner", "owner"],
      ["usr_admin", "admin"],
      ["usr_demoted", "member"],
    ] as const) {
      q("INSERT INTO users (id, email, name, created_at) VALUES (?, ?, '', 1)", user, `${user}@example.com`);
      q(
        "INSERT INTO members (id, org_id, user_id, role, created_at) VALUES (?, 'org_a', ?, ?, 1)",
        `mem_${user}`,
        user,
        role,
      );
    }
    const future = Date.now() + 86400_000;
    const invite = (id: string, role: string, by: string | null, extra: { accepted?: number; expires?: number } = {}) =>
      q(
        "INSERT INTO invitations (id, org_id, email, role, name, token_hash, invited_by_user_id, created_at, expires_at, accepted_at) VALUES (?, 'org_a', ?, ?, '', ?, ?, 1, ?, ?)",
        id,
        `${id}@example.com`,
        role,
        `hash_${id}`,
        by,
        extra.expires ?? future,
        extra.accepted ?? null,
      );
    invite("inv_owner_any", "owner", "usr_owner");
    invite("inv_admin_member", "member", "usr_admin");
    invite("inv_admin_owner", "owner", "usr_admin");
    invite("inv_demoted", "member", "usr_demoted");
    invite("inv_gone", "member", "usr_deleted");
    invite("inv_system", "owner", null);
    invite("inv_accepted", "member", "usr_demoted", { accepted: 5 });
    invite("inv_expired", "member", "usr_demoted", { expires: 2 });
    q(
      "INSERT INTO brands (id, org_id, mode, name, slug, slug_scope, created_at, updated_at) VALUES ('brd_a', 'org_a', 'live', 'A', 'a-co', 'live', 1, 1)",
    );
    for (const [id, photo] of [
      ["sub_photo", "submissions/sub_photo/photo-x.webp"],
      ["sub_none", null],
    ] as const)
      q(
        "INSERT INTO submissions (id, org_id, mode, brand_id, origin, kind, status, photo_key, created_at, updated_at) VALUES (?, 'org_a', 'live', 'brd_a', 'collected', 'text', 'ready', ?, 1, 1)",
        id,
        photo,
      );

    expect(migrate(db)).toContain("0019_invites_photos");
    const revoked = db.$client
      .query("SELECT id FROM invitations WHERE revoked_at IS NOT NULL ORDER BY id")
      .all()
      .map((r: any) => r.id);
    expect(revoked).toEqual(["inv_admin_owner", "inv_demoted", "inv_gone"]);
    const photos = db.$client.query("SELECT id, photo_uploads, pending_photo_key FROM submissions ORDER BY id").all();
    expect(photos).toEqual([
      { id: "sub_none", photo_uploads: 0, pending_photo_key: null },
      { id: "sub_photo", photo_uploads: 1, pending_photo_key: null },
    ]);
    db.$client.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
