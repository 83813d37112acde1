/**
 * Stripe checkout and the customer portal through the Deps' HTTP client (`deps.http`): what is sent to Stripe
 * (secret key, form fields, the org as client reference), the page address passed back, and every way Stripe can
 * fail (refusal, no answer, an answer without an address) ending as a 502 `billing_provider_error`, never a 500.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { orgs } from "../../src/domains/accounts/tables";

let t: TestApp;
let a: TestOrg;
let sent: { url: string; auth: string | null; form: URLSearchParams }[] = [];
let answer: () => Promise<Response> = async () =>
  Response.json({ id: "cs_1", url: "https://checkout.stripe.com/c/cs_1" });

beforeAll(async () => {
  t = await makeTestApp({ PLAUDIT_STRIPE_SECRET_KEY: "sk_test_abc", PLAUDIT_STRIPE_PRICE_PLUS: "price_plus_1" });
  t.deps.http = {
    async fetch(url, init) {
      sent.push({
        url,
        auth: new Headers(init?.headers).get("authorization"),
        form: new URLSearchParams(String(init?.body)),
      });
      return answer();
    },
  };
  a = await t.org();
});
afterAll(() => t.close());
beforeEach(() => {
  sent = [];
  answer = async () => Response.json({ id: "cs_1", url: "https://checkout.stripe.com/c/cs_1" });
});

describe("checkout", () => {
  test("creates a subscription session for the plan's price and answers its address", async () => {
    const r = await t.call("POST", "/v1/billing/checkout", { auth: a.owner, body: { plan: "plus" } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ url: "https://checkout.stripe.com/c/cs_1" });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("https://api.stripe.com/v1/checkout/sessions");
    expect(sent[0]!.auth).toBe("Bearer sk_test_abc");
    expect(Object.fromEntries(sent[0]!.form)).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_plus_1",
      "line_items[0][quantity]": "1",
      client_reference_id: a.id,
    });
  }, 20_000);

  test("a plan without a configured price is 501 and Stripe is not called", async () => {
    const r = await t.call("POST", "/v1/billing/checkout", { auth: a.owner, body: { plan: "core" } });
    expect(r.status).toBe(501);
    expect(r.body.error.code).toBe("billing_not_configured");
    expect(r.body.error.message).toContain("PLAUDIT_STRIPE_PRICE_CORE");
    expect(sent).toHaveLength(0);
  }, 20_000);

  test("Stripe refusing, unreachable, or answering without an address is a 502 saying so", async () => {
    answer = async () => Response.json({ error: { message: "No such price: 'price_plus_1'" } }, { status: 400 });
    let r = await t.call("POST", "/v1/billing/checkout", { auth: a.owner, body: { plan: "plus" } });
    expect([r.status, r.body.error.code]).toEqual([502, "billing_provider_error"]);
    expect(r.body.error.message).toContain("No such price");

    answer = async () => {
      throw new TypeError("fetch failed: ECONNREFUSED");
    };
    r = await t.call("POST", "/v1/billing/checkout", { auth: a.owner, body: { plan: "plus" } });
    expect([r.status, r.body.error.code]).toEqual([502, "billing_provider_error"]);
    expect(r.body.error.message).toContain("could not be reached");

    answer = async () => Response.json({ id: "cs_2" });
    r = await t.call("POST", "/v1/billing/checkout", { auth: a.owner, body: { plan: "plus" } });
    expect([r.status, r.body.error.code]).toEqual([502, "billing_provider_error"]);
  }, 20_000);

  test("only an owner may start it", async () => {
    const member = await a.member("member");
    const r = await t.call("POST", "/v1/billing/checkout", { auth: member, body: { plan: "plus" } });
    expect(r.status).toBe(403);
    expect(sent).toHaveLength(0);
  }, 20_000);
});

describe("portal", () => {
  test("without a payment account it is 409; with one it opens the portal for that customer", async () => {
    let r = await t.call("POST", "/v1/billing/portal", { auth: a.owner });
    expect([r.status, r.body.error.code]).toEqual([409, "no_billing_account"]);
    expect(sent).toHaveLength(0);

    t.deps.db.update(orgs).set({ stripeCustomerId: "cus_123" }).where(eq(orgs.id, a.id)).run();
    answer = async () => Response.json({ id: "bps_1", url: "https://billing.stripe.com/p/session/bps_1" });
    r = await t.call("POST", "/v1/billing/portal", { auth: a.owner });
    expect(r.status).toBe(200);
    expect(r.body.url).toBe("https://billing.stripe.com/p/session/bps_1");
    expect(sent[0]!.url).toBe("https://api.stripe.com/v1/billing_portal/sessions");
    expect(sent[0]!.form.get("customer")).toBe("cus_123");
  }, 20_000);
});
