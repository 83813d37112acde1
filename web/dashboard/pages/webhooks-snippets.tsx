/**
 * How a receiver checks our signature, in Node, Python and Go: verify `X-Signature` against the raw body
 * before parsing, compare in constant time, accept any v1 value (two during a secret rotation), and refuse a
 * timestamp more than five minutes off. test/integration/webhooks-snippets.test.ts runs the Node and Python
 * versions (and Go when it is installed) against real deliveries.
 */
import { useState } from "preact/hooks";
import { CopyButton } from "../../shared/ui/copy-button";
import { rich, t } from "../i18n";

/** The verification function per language; each also says where the raw body comes from. */
export const SNIPPETS: Record<"node" | "python" | "go", { label: string; code: string }> = {
  node: {
    label: "Node.js",
    code: `import crypto from "node:crypto";

// rawBody: the request body exactly as received (Buffer or string), before any JSON parsing.
// Express: app.post("/hooks/plaudit", express.raw({ type: "application/json" }), handler) gives it as req.body.
export function verifyPlaudit(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = String(header).split(",").map((p) => p.split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => v);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = crypto.createHmac("sha256", secret).update(t + ".").update(rawBody).digest();
  return signatures.some((s) => {
    const given = Buffer.from(s, "hex");
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}
`,
  },
  python: {
    label: "Python",
    code: `import hashlib
import hmac
import time


def verify_plaudit(raw_body: bytes, header: str, secret: str, tolerance: int = 300) -> bool:
    """raw_body: the request body as received (Flask: request.get_data(), Django: request.body)."""
    items = [part.split("=", 1) for part in header.split(",") if "=" in part]
    t = next((v for k, v in items if k == "t"), "")
    signatures = [v for k, v in items if k == "v1"]
    if not t.isdigit() or abs(time.time() - int(t)) > tolerance:
        return False
    expected = hmac.new(secret.encode(), t.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(expected, s) for s in signatures)
`,
  },
  go: {
    label: "Go",
    code: `package plaudit

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"
)

// Verify checks the X-Signature header against the raw body (read it with io.ReadAll before decoding).
func Verify(rawBody []byte, header, secret string, tolerance time.Duration) bool {
	ts := int64(-1)
	var sigs [][]byte
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			continue
		}
		if k == "t" {
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				ts = n
			}
		} else if k == "v1" {
			if b, err := hex.DecodeString(v); err == nil {
				sigs = append(sigs, b)
			}
		}
	}
	age := time.Since(time.Unix(ts, 0))
	if ts < 0 || age > tolerance || age < -tolerance {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(ts, 10) + "."))
	mac.Write(rawBody)
	expected := mac.Sum(nil)
	for _, s := range sigs {
		if hmac.Equal(expected, s) {
			return true
		}
	}
	return false
}
`,
  },
};

type Lang = keyof typeof SNIPPETS;

/** Tabs with a copyable snippet per language. */
export function VerificationSnippets() {
  const [lang, setLang] = useState<Lang>("node");
  const langs = Object.keys(SNIPPETS) as Lang[];
  return (
    <section class="card" aria-labelledby="wh-verify">
      <h2 id="wh-verify">{t("webhooks-snippets.title")}</h2>
      <p class="muted small">{rich("webhooks-snippets.explain", { code: (parts) => <code>{parts}</code> })}</p>
      <div class="row" role="tablist" aria-label={t("webhooks-snippets.language")}>
        {langs.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            aria-selected={l === lang}
            class={`btn btn-small ${l === lang ? "btn-primary" : "btn-ghost"}`}
            onClick={() => setLang(l)}
          >
            {SNIPPETS[l].label}
          </button>
        ))}
        <CopyButton
          text={SNIPPETS[lang].code}
          label={t("webhooks-snippets.copy", { language: SNIPPETS[lang].label })}
        />
      </div>
      <pre
        class="mail-text mono small"
        role="tabpanel"
        aria-label={t("webhooks-snippets.panel_aria", { language: SNIPPETS[lang].label })}
      >
        {SNIPPETS[lang].code}
      </pre>
    </section>
  );
}
