/**
 * A short coloured label such as "Active", "Paused" or "Test".
 */
import type { ComponentChildren } from "preact";

/** Colour family of a badge. */
export type BadgeTone = "neutral" | "good" | "warn" | "bad" | "test" | "info";

/** A small pill with text; the colour only repeats what the text says. */
export function Badge({ tone = "neutral", children }: { tone?: BadgeTone; children: ComponentChildren }) {
  return <span class={`badge badge-${tone}`}>{children}</span>;
}
