/** Ids, config checking, cursors and the error shape. */
import { describe, expect, test } from "bun:test";
import { newId, isId } from "../../src/platform/ids";
import { loadConfig, ConfigError } from "../../src/config";
import { Signer } from "../../src/platform/crypto";
import { pageRequest, toPage, filterHash } from "../../src/platform/http/pagination";
import { pointerToField } from "../../src/platform/http/errors";
import { AppError } from "../../src/platform/errors";

describe("ids", () => {
  test("prefixed, 26 base32 characters, strictly increasing even within one millisecond", () => {
    const ids = Array.from({ length: 5000 }, () => newId("submission", 1_800_000_000_000));
    for (const id of ids) expect(isId("submission", id)).toBe(true);
    const sorted = [...ids].sort();
    expect(sorted).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("later times sort later", () => {
    const early = newId("brand", 1_000_000_000_000);
    expect(newId("brand", Date.now()) > early).toBe(true);
  });
});

describe("config", () => {
  test("defaults put every address on localhost:3000", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      baseUrl: "http://localhost:3000",
      cdnUrl: "http://localhost:3000/cdn",
      appUrl: "http://localhost:3000/app",
      siteUrl: "http://localhost:3000",
    });
  });

  test("every bad value is listed in one readable error", () => {
    try {
      loadConfig({ PLAUDIT_PORT: "eighty", PLAUDIT_CDN_URL: "ftp://x", PLAUDIT_SMTP_URL: "mail.example.com" });
      throw new Error("should have thrown");
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const m = (e as Error).message;
      expect(m).toContain("PLAUDIT_PORT");
      expect(m).toContain("PLAUDIT_CDN_URL");
      expect(m).toContain("PLAUDIT_SMTP_URL");
    }
  });

  test("flags override the environment", () => {
    expect(loadConfig({ PLAUDIT_PORT: "4000" }, { "--port": "5000" }).port).toBe(5000);
  });
});

describe("cursors", () => {
  const signer = new Signer(Buffer.alloc(32, 7));
  test("round-trip for the same query, refused for another filter set or when tampered with", () => {
    const first = pageRequest(signer, "links", { limit: 2 }, { brand_id: "b1" });
    const page = toPage(
      signer,
      first,
      [{ id: "c" }, { id: "b" }, { id: "a" }],
      (r) => [r.id],
      (r) => r,
    );
    expect(page.data).toHaveLength(2);
    const next = pageRequest(signer, "links", { limit: 2, cursor: page.next_cursor! }, { brand_id: "b1" });
    expect(next.after).toEqual(["b"]);
    expect(() => pageRequest(signer, "links", { cursor: page.next_cursor! }, { brand_id: "b2" })).toThrow(AppError);
    expect(() =>
      pageRequest(signer, "links", { cursor: page.next_cursor!.slice(0, -2) + "xx" }, { brand_id: "b1" }),
    ).toThrow(AppError);
  });

  test("the last page has no cursor; filter order does not matter", () => {
    const req = pageRequest(signer, "x", {}, {});
    expect(
      toPage(
        signer,
        req,
        [{ id: "a" }],
        (r) => [r.id],
        (r) => r,
      ).next_cursor,
    ).toBeNull();
    expect(filterHash("r", { a: 1, b: 2 })).toBe(filterHash("r", { b: 2, a: 1, c: undefined }));
  });
});

test("JSON pointers become field paths", () => {
  expect(pointerToField("/rows/3/rating")).toBe("rows[3].rating");
  expect(pointerToField("/source/name")).toBe("source.name");
});
