/**
 * The keyboard shortcuts, listed in a dialog (opened with "?" or the header button).
 */
import { Button } from "../../shared/ui/button";
import { Dialog } from "./dialog";
import { orWord, SHORTCUTS } from "./shortcuts";
import { t } from "../i18n";

/** The shortcuts help. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={t("inbox.shortcuts-dialog.title")} onClose={onClose}>
      <p class="muted small">{t("inbox.shortcuts-dialog.where")}</p>
      <table class="shortcut-table">
        <thead>
          <tr>
            <th scope="col">{t("inbox.shortcuts-dialog.key")}</th>
            <th scope="col">{t("inbox.shortcuts-dialog.does")}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.action}>
              <td>
                {s.label.split(orWord()).map((k, i) => (
                  <span key={k}>
                    {i > 0 && orWord()}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </td>
              <td>{s.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="row dialog-actions">
        <Button variant="primary" onClick={onClose} autoFocus>
          {t("inbox.shortcuts-dialog.close")}
        </Button>
      </div>
    </Dialog>
  );
}
