/**
 * Short confirmations ("Link paused") shown at the bottom of the screen and read out by screen readers.
 */
import { createContext, type ComponentChildren } from "preact";
import { useCallback, useContext, useRef, useState } from "preact/hooks";

type Toast = { id: number; text: string };
const ToastContext = createContext<(text: string) => void>(() => {});

/** Returns `toast(text)`, which shows a confirmation for a few seconds. */
export const useToast = () => useContext(ToastContext);

/** Holds the toasts and their live region. */
export function ToastProvider({ children }: { children: ComponentChildren }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const toast = useCallback((text: string) => {
    const id = next.current++;
    setToasts((prev) => [...prev.slice(-2), { id, text }]);
    setTimeout(() => setToasts((prev) => prev.filter((t) => t.id !== id)), 4000);
  }, []);
  return (
    <ToastContext.Provider value={toast}>
      {children}
      <div class="toasts" role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} class="toast">
            {t.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
