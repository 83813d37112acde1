/**
 * A button that copies a text (a link address, an API key) and says "Copied" for a moment. Works on plain-http
 * pages too, where the Clipboard API is missing.
 */
import { useEffect, useState } from "preact/hooks";
import { Button } from "./button";

/** Copies `text` to the clipboard; resolves to false when the browser refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the older way below.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** Props of `CopyButton`; `label` names what is copied for screen readers ("Copy link address"). */
export interface CopyButtonProps {
  text: string;
  label?: string;
  variant?: "primary" | "secondary";
  small?: boolean;
}

/** "Copy" → "Copied" (or "Copy failed — select the text and copy it") for two seconds. */
export function CopyButton({ text, label = "Copy", variant = "secondary", small = true }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <span class="copy">
      <Button
        variant={variant}
        small={small}
        onClick={async () => setState((await copyText(text)) ? "copied" : "failed")}
      >
        {state === "copied" ? "Copied" : label}
      </Button>
      <span class="sr-only" role="status" aria-live="polite">
        {state === "copied"
          ? "Copied to the clipboard"
          : state === "failed"
            ? "Could not copy; select the text and copy it"
            : ""}
      </span>
      {state === "failed" && <span class="small field-error">Select the text and copy it.</span>}
    </span>
  );
}
