/**
 * Listens for the inbox's keyboard shortcuts on the whole page. Quiet while someone types in a field, while a
 * modifier key is held, and while a dialog is open (the dialog has the keyboard then).
 */
import { useEffect, useRef } from "preact/hooks";
import { shortcutFor, type ShortcutAction } from "./shortcuts";

/** Calls `onShortcut` for each shortcut pressed; the key's own effect (scrolling, typing) is prevented. */
export function useShortcuts(onShortcut: (action: ShortcutAction) => void) {
  const handler = useRef(onShortcut);
  handler.current = onShortcut;
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      // Holding j or k runs down the list; holding any other key must not repeat an action.
      if (e.defaultPrevented || (e.repeat && !["j", "k", "ArrowDown", "ArrowUp"].includes(e.key))) return;
      if (document.querySelector("dialog[open]")) return;
      const action = shortcutFor({
        key: e.key,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        target: e.target as HTMLElement | null,
      });
      if (!action) return;
      e.preventDefault();
      handler.current(action);
    };
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);
}
