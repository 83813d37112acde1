/**
 * SSRF: the matrix of addresses a webhook may not reach, refused when the endpoint is added (400
 * `invalid_webhook_url` with the reason) and again before every attempt: a name that resolved to a public
 * address when it was added and resolves to a private one later (DNS rebinding) gets an attempt logged as
 * refused, and no connection is made. The resolver is injected; fetch here refuses to connect to anything.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp, type TestOrg } from "../helpers/app";
import { registerWebhookJobs } from "../../src/domains/webhooks";
import { emit } from "../../src/platform/events/emit";
import { systemCtx } from "../../src/platform/context";
import { JobRegistry, runDueJobs } from "../../src/platform/jobs/worker";
import { tableResolver } from "../integration/webhooks-receiver";

let t: TestApp;
let org: TestOrg;
let connections = 0;
const dns: Record<string, string[]> = {
  "public.example": ["93.184.216.34"],
  "public6.example": ["2606:4700::1111"],
  "private.example": ["192.168.1.10"],
  "mixed.example": ["93.184.216.34", "10.0.0.1"],
  "v6private.example": ["fd12:3456::1"],
  "mapped.example": ["::ffff:127.0.0.1"],
  "metadata-alias.example": ["169.254.169.254"],
  "cgnat.example": ["100.64.3.4"],
};

beforeAll(async () => {
  t = await makeTestApp();
  t.deps.webhooks = {
    ...t.deps.webhooks,
    resolve: tableResolver(dns),
    fetch: () => {
      connections++;
      return Promise.reject(new Error("no connection may be made in this test"));
    },
  };
  org = await t.org();
});
afterAll(() => t.close());

const add = (url: string) =>
  t.call("POST", "/v1/webhooks", { auth: org.liveKey, body: { url, events: ["reel.ready"] } });

describe("refused when added", () => {
  const refused: [string, string, string?][] = [
    ["http://public.example/hook", "not_https"],
    ["https://user:pw@public.example/hook", "credentials_in_url"],
    ["https://public.example/hook#part", "fragment_in_url"],
    ["https://localhost/hook", "localhost_name"],
    ["https://LOCALHOST./hook", "localhost_name"],
    ["https://api.localhost/hook", "localhost_name"],
    ["https://127.0.0.1/hook", "private_address", "127.0.0.1"],
    ["https://127.1/hook", "private_address", "127.0.0.1"],
    ["https://2130706433/hook", "private_address", "127.0.0.1"],
    ["https://0177.0.0.1/hook", "private_address", "127.0.0.1"],
    ["https://0x7f000001/hook", "private_address", "127.0.0.1"],
    ["https://0.0.0.0/hook", "private_address", "0.0.0.0"],
    ["https://10.0.0.1/hook", "private_address", "10.0.0.1"],
    ["https://172.16.5.4/hook", "private_address", "172.16.5.4"],
    ["https://192.168.0.1/hook", "private_address", "192.168.0.1"],
    ["https://100.64.1.1/hook", "private_address", "100.64.1.1"],
    ["https://169.254.10.10/hook", "private_address", "169.254.10.10"],
    ["https://169.254.169.254/latest/meta-data/", "metadata_address", "169.254.169.254"],
    ["https://100.100.100.200/latest/meta-data/", "metadata_address", "100.100.100.200"],
    ["https://metadata.google.internal/computeMetadata/v1/", "metadata_address"],
    ["https://[::1]/hook", "private_address", "::1"],
    ["https://[fe80::1]/hook", "private_address", "fe80::1"],
    ["https://[fd00::1]/hook", "private_address", "fd00::1"],
    ["https://[fd00:ec2::254]/hook", "metadata_address", "fd00:ec2::254"],
    ["https://[::ffff:127.0.0.1]/hook", "private_address", "127.0.0.1"],
    ["https://[::ffff:10.0.0.1]/hook", "private_address", "10.0.0.1"],
    ["https://[::ffff:169.254.169.254]/hook", "metadata_address", "169.254.169.254"],
    ["https://[64:ff9b::7f00:1]/hook", "private_address"],
    ["https://private.example/hook", "private_address", "192.168.1.10"],
    ["https://mixed.example/hook", "private_address", "10.0.0.1"],
    ["https://v6private.example/hook", "private_address", "fd12:3456::1"],
    ["https://mapped.example/hook", "private_address", "127.0.0.1"],
    ["https://metadata-alias.example/hook", "metadata_address", "169.254.169.254"],
    ["https://cgnat.example/hook", "private_address", "100.64.3.4"],
    ["https://nowhere.example/hook", "unresolvable"],
  ];
  for (const [url, reason, address] of refused) {
    test(`${url}: ${reason}`, async () => {
      const r = await add(url);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("invalid_webhook_url");
      expect(r.body.error.details.reason).toBe(reason);
      expect(r.body.error.details.field).toBe("url");
      if (address) expect(r.body.error.details.address).toBe(address);
      expect(r.body.error.message).toBeString();
    });
  }

  for (const url of [
    "https://public.example/hook",
    "https://public6.example:8443/x?y=1",
    "https://93.184.216.34/hook",
    "https://[2606:4700::1111]/hook",
    "https://[::ffff:93.184.216.34]/hook",
  ]) {
    test(`${url}: accepted`, async () => {
      const r = await add(url);
      expect(r.status).toBe(201);
      await t.call("DELETE", `/v1/webhooks/${r.body.id}`, { auth: org.liveKey });
    });
  }
});

describe("refused before every attempt", () => {
  test("a name that resolved public when added and resolves private now is refused at delivery, with no connection", async () => {
    const victims = [
      "127.0.0.1",
      "10.0.0.1",
      "172.20.0.5",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.9",
      "0.0.0.0",
      "::1",
      "fd00::5",
      "fe80::9",
      "::ffff:127.0.0.1",
      "::ffff:10.1.1.1",
    ];
    const rebinding = await t.org();
    const ids: string[] = [];
    for (let i = 0; i < victims.length; i++) {
      dns[`rebind${i}.example`] = ["93.184.216.34"];
      const r = await t.call("POST", "/v1/webhooks", {
        auth: rebinding.liveKey,
        body: { url: `https://rebind${i}.example/hook`, events: ["reel.ready"] },
      });
      expect(r.status).toBe(201);
      ids.push(r.body.id);
      dns[`rebind${i}.example`] = [victims[i]!];
    }
    const reg = new JobRegistry();
    registerWebhookJobs(reg);
    emit(t.deps, systemCtx(rebinding.id, "live", t.clock), "reel.ready", { id: "rel_1" });
    await runDueJobs(t.deps, reg);
    expect(connections).toBe(0);
    for (let i = 0; i < victims.length; i++) {
      const d = (await t.call("GET", `/v1/webhooks/${ids[i]}/deliveries`, { auth: rebinding.liveKey })).body.data[0];
      expect(d.status).toBe("retrying");
      expect(d.attempts).toHaveLength(1);
      const attempt = d.attempts[0];
      expect(attempt.response_status).toBeNull();
      expect(attempt.error).toStartWith(`refused before sending: rebind${i}.example`);
      expect(attempt.error).toMatch(/not on the public internet|cloud metadata/);
      expect(d.failure_reason).toBe(attempt.error);
      expect(attempt.request_headers["X-Signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    }
  });

  test("the development allowance admits localhost and private targets, but never metadata addresses", async () => {
    const dev = await makeTestApp({ PLAUDIT_WEBHOOKS_ALLOW_PRIVATE: "1" });
    try {
      dev.deps.webhooks = { ...dev.deps.webhooks, resolve: tableResolver({ ...dns, localhost: ["127.0.0.1", "::1"] }) };
      const o = await dev.org();
      const post = (url: string) =>
        dev.call("POST", "/v1/webhooks", { auth: o.liveKey, body: { url, events: ["reel.ready"] } });
      for (const url of [
        "https://localhost:8443/hook",
        "https://127.0.0.1/hook",
        "https://private.example/hook",
        "https://[::1]/hook",
      ])
        expect((await post(url)).status).toBe(201);
      for (const url of [
        "https://169.254.169.254/",
        "https://metadata-alias.example/",
        "https://metadata.google.internal/",
        "http://localhost/",
      ]) {
        expect((await post(url)).status).toBe(400);
      }
    } finally {
      dev.close();
    }
  });
});
