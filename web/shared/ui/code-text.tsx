/** Text from the server in which `backticks` mark commands (`plaudit doctor`): those parts are shown as code. */

/** Renders `text`, with each `…` span as `<code>`; everything stays text, never HTML. */
export function CodeText({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return <>{parts.map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>;
}
