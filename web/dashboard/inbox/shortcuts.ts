/**
 * The inbox's keyboard shortcuts as data: which key does what, and when a key press is someone typing (then no
 * shortcut fires). Kept free of the DOM so it can be tested on its own.
 */
import { t } from "../i18n";

/** What a shortcut does. */
export type ShortcutAction = "next" | "previous" | "approve" | "reject" | "publish" | "edit" | "select" | "help";

/** One line of the shortcuts help. */
export interface Shortcut {
  action: ShortcutAction;
  keys: string[];
  /** Key names as a person reads them. */
  label: string;
  description: string;
}

/** What stands between two keys of one shortcut in its label ("j or ↓"). */
export const orWord = () => t("inbox.shortcuts.or");

/** Every shortcut, in the order the help lists them. */
export const SHORTCUTS: Shortcut[] = [
  {
    action: "next",
    keys: ["j", "ArrowDown"],
    label: ["j", "↓"].join(orWord()),
    description: t("inbox.shortcuts.next"),
  },
  {
    action: "previous",
    keys: ["k", "ArrowUp"],
    label: ["k", "↑"].join(orWord()),
    description: t("inbox.shortcuts.previous"),
  },
  {
    action: "approve",
    keys: ["a"],
    label: "a",
    description: t("inbox.shortcuts.approve"),
  },
  { action: "reject", keys: ["r"], label: "r", description: t("inbox.shortcuts.reject") },
  {
    action: "publish",
    keys: ["p"],
    label: "p",
    description: t("inbox.shortcuts.publish"),
  },
  { action: "edit", keys: ["e"], label: "e", description: t("inbox.shortcuts.edit") },
  { action: "select", keys: ["x"], label: "x", description: t("inbox.shortcuts.select") },
  { action: "help", keys: ["?"], label: "?", description: t("inbox.shortcuts.help") },
];

/** The element a key press came from, as far as shortcuts care. */
export interface KeyTarget {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
}

/** A key press, as far as shortcuts care. */
export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: KeyTarget | null;
}

// Inputs that take no typed text: a key pressed on them is not typing.
const NOT_TYPED = new Set(["checkbox", "radio", "button", "submit", "reset", "range", "color", "file", "image"]);

/** True when keys pressed on `target` type text (fields, lists, editable areas): shortcuts stay quiet there. */
export function isTyping(target: KeyTarget | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? "").toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return !NOT_TYPED.has((target.type ?? "text").toLowerCase());
  const role = target.getAttribute?.("role");
  return role === "textbox" || role === "combobox" || role === "searchbox";
}

// Players and sliders use the arrow keys themselves (volume, seeking).
function ownsArrows(target: KeyTarget | null | undefined): boolean {
  const tag = (target?.tagName ?? "").toUpperCase();
  return tag === "VIDEO" || tag === "AUDIO" || target?.getAttribute?.("role") === "slider";
}

/** The shortcut a key press means, or null (typing, a modifier held, or no such shortcut). */
export function shortcutFor(e: KeyPress): ShortcutAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (isTyping(e.target)) return null;
  if ((e.key === "ArrowDown" || e.key === "ArrowUp") && ownsArrows(e.target)) return null;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  // "?" is Shift+/ on most layouts; upper-case letters (Caps Lock, Shift) mean the same as lower-case ones.
  return SHORTCUTS.find((s) => s.keys.includes(key) || s.keys.includes(e.key))?.action ?? null;
}
