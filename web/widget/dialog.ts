/**
 * A modal dialog inside the widget's shadow root: focus moves to its Close button and stays inside, Escape or a
 * click on the backdrop closes it, focus returns to the button that opened it, and `done` tidies up after.
 */
import { h } from "./dom";
import { speakAs, t } from "./words";

let seq = 0;

/** Opens a dialog titled `label` holding `body` inside `host`, returning focus to `opener` when it closes. */
export function openDialog(
  host: HTMLElement,
  label: string,
  body: (Node | null)[],
  opener: HTMLElement,
  done?: () => void,
) {
  speakAs(host);
  const titleId = `svc-t${++seq}`;
  const close = h("button", { type: "button", class: "x", "aria-label": t("close") }, "×");
  const dialog = h(
    "dialog",
    { class: "m", "aria-labelledby": titleId },
    h("div", { class: "mh" }, h("h2", { id: titleId }, label), close),
    ...body,
  );
  close.onclick = () => dialog.close();
  // A click on the backdrop lands on the dialog itself.
  dialog.onclick = (e) => e.target === dialog && dialog.close();
  dialog.onclose = () => {
    done?.();
    dialog.remove();
    opener.focus();
  };
  host.append(dialog);
  dialog.showModal();
  close.focus();
}
