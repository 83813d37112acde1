/**
 * `useAction`: how a dashboard form or button sends something. It keeps the button busy while the request runs,
 * keeps what went wrong for the form to show (`<ErrorNotice error={save.error} />`, or `save.message` in a dialog's
 * line), and toasts a confirmation once it succeeded:
 *
 *     const save = useAction(async (name: string) => onSaved(await api.patch<Org>("/v1/org", { name })), {
 *       success: "Organisation saved",
 *     });
 *     <Button busy={save.busy} onClick={() => void save.run(name)}>Save</Button>
 *
 * The error is whatever was thrown: the API client's `ApiError`, whose message is already written for a person.
 */
import { useState } from "preact/hooks";
import { errorMessage } from "../shared/api";
import { useToast } from "./toasts";

/** What an action does around its work. */
export interface ActionOptions<I, R> {
  /** The confirmation toasted once it succeeded: fixed words, or words made from the answer and the input. */
  success?: string | ((result: R, input: I) => string);
  /**
   * Success takes the person elsewhere (signed in, a dialog closed, the created item shown): the button stays busy
   * until the form goes away, so it cannot be sent twice. Without it, busy ends either way.
   */
  leaves?: boolean;
}

/** An action's trigger and state. */
export interface Action<I> {
  /** Runs the work; true when it succeeded, false when it failed (the error is then in `error`). Never throws. */
  run: (input: I) => Promise<boolean>;
  /** Whether it is running. */
  busy: boolean;
  /** The input of the run under way (which of several buttons was pressed); undefined when idle. */
  running: I | undefined;
  /** What went wrong the last time, or null. */
  error: unknown;
  /** The same in words for a person (for a line in a dialog or a field), or null. */
  message: string | null;
  /** Forgets the error. */
  reset: () => void;
  /** Shows a problem found before sending (e.g. "Choose at least one event."), as if the work had failed. */
  fail: (message: string) => void;
}

/** Wraps `work` (which sends and applies the answer) with the busy state, the error and the success toast. */
export function useAction<I = void, R = unknown>(
  work: (input: I) => Promise<R>,
  options: ActionOptions<I, R> = {},
): Action<I> {
  const toast = useToast();
  const [current, setCurrent] = useState<{ input: I } | null>(null);
  const [error, setError] = useState<unknown>(null);

  const run = async (input: I): Promise<boolean> => {
    setCurrent({ input });
    setError(null);
    let ok = false;
    try {
      const result = await work(input);
      ok = true;
      const { success } = options;
      if (success) toast(typeof success === "string" ? success : success(result, input));
    } catch (e) {
      setError(e);
    } finally {
      if (!ok || !options.leaves) setCurrent(null);
    }
    return ok;
  };

  return {
    run,
    busy: current !== null,
    running: current?.input,
    error,
    message: error ? errorMessage(error) : null,
    reset: () => setError(null),
    fail: (message) => setError(new Error(message)),
  };
}
