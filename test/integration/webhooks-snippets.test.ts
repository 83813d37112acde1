/**
 * The dashboard's verification snippets really verify: the Node and Python versions (and Go, when `go` is on
 * PATH) run in their own interpreters on bodies signed by Plaudit's signing code, and accept exactly the good
 * ones: the right secret (either of two during a rotation), not a wrong secret, a changed body or an old timestamp.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signatureHeader } from "../../src/domains/webhooks";
import { SNIPPETS } from "../../web/dashboard/pages/webhooks-snippets";

const dir = mkdtempSync(join(tmpdir(), "plaudit-snippets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const body = JSON.stringify({ id: "evt_1", type: "submission.created", data: { id: "sub_1", text: "Très bien — 👍" } });
const now = Math.floor(Date.now() / 1000);
const cases: [string, string, string, string, boolean][] = [
  ["the right secret", body, signatureHeader(["whsec_new"], now, body), "whsec_new", true],
  ["the old secret during a rotation", body, signatureHeader(["whsec_new", "whsec_old"], now, body), "whsec_old", true],
  ["the new secret during a rotation", body, signatureHeader(["whsec_new", "whsec_old"], now, body), "whsec_new", true],
  ["a wrong secret", body, signatureHeader(["whsec_new"], now, body), "whsec_other", false],
  ["a changed body", body.replace("bien", "mal"), signatureHeader(["whsec_new"], now, body), "whsec_new", false],
  ["a timestamp ten minutes old", body, signatureHeader(["whsec_new"], now - 600, body), "whsec_new", false],
  ["a header without v1", body, `t=${now}`, "whsec_new", false],
];

function run(cmd: string[], input: string, cwd = dir): string {
  const r = Bun.spawnSync(cmd, { stdin: Buffer.from(input), stderr: "pipe", cwd });
  if (r.exitCode !== 0) throw new Error(`${cmd.join(" ")} failed: ${r.stderr.toString()}`);
  return r.stdout.toString().trim();
}

const runners: Record<string, ((c: (typeof cases)[number]) => string) | null> = {
  node: (() => {
    writeFileSync(
      join(dir, "verify.mjs"),
      `import fs from "node:fs";
${SNIPPETS.node.code}
const [body, header, secret] = JSON.parse(fs.readFileSync(0, "utf8"));
console.log(verifyPlaudit(Buffer.from(body, "utf8"), header, secret));
`,
    );
    return ([, b, h, s]) => run(["node", "verify.mjs"], JSON.stringify([b, h, s]));
  })(),
  python: (() => {
    writeFileSync(
      join(dir, "verify.py"),
      `${SNIPPETS.python.code}
import json, sys
body, header, secret = json.loads(sys.stdin.read())
print("true" if verify_plaudit(body.encode("utf-8"), header, secret) else "false")
`,
    );
    return ([, b, h, s]) => run(["python3", "verify.py"], JSON.stringify([b, h, s]));
  })(),
  go: Bun.which("go")
    ? (() => {
        const pkg = join(dir, "go");
        mkdirSync(pkg);
        writeFileSync(join(pkg, "plaudit.go"), SNIPPETS.go.code.replace("package plaudit", "package main"));
        writeFileSync(
          join(pkg, "main.go"),
          `package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"
)

func main() {
	var a []string
	b, _ := io.ReadAll(os.Stdin)
	json.Unmarshal(b, &a)
	fmt.Println(Verify([]byte(a[0]), a[1], a[2], 5*time.Minute))
}
`,
        );
        run(["go", "build", "-o", "verify", "plaudit.go", "main.go"], "", pkg);
        return ([, b, h, s]) => run([join(pkg, "verify")], JSON.stringify([b, h, s]), pkg);
      })()
    : null,
};

for (const [lang, runner] of Object.entries(runners)) {
  for (const c of cases) {
    test.skipIf(!runner)(`${lang}: ${c[0]} → ${c[4] ? "accepted" : "refused"}`, () => {
      expect(runner!(c)).toBe(String(c[4]));
    });
  }
}
