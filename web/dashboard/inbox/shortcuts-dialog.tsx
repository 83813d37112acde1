/**
 * The keyboard shortcuts, listed in a dialog (opened with "?" or the header button).
 */
import { Button } from "../../shared/ui/button";
import { Dialog } from "./dialog";
import { SHORTCUTS } from "./shortcuts";

/** The shortcuts help. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose}>
      <p class="muted small">They work anywhere in the inbox, except while you type in a field.</p>
      <table class="shortcut-table">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Does</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.action}>
              <td>
                {s.label.split(" or ").map((k, i) => (
                  <span key={k}>
                    {i > 0 && " or "}
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
          Close
        </Button>
      </div>
    </Dialog>
  );
}
