/** The screen after sending: a thank-you that takes focus, so screen readers read it at once. */
import { useEffect, useRef } from "preact/hooks";
import type { SentInfo } from "./form";

/** Thank-you screen. */
export function Thanks({ info, brandName }: { info: SentInfo; brandName: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const what = info.kind === "video" ? "video" : info.kind === "audio" ? "recording" : "words";
  return (
    <section class="card thanks" data-submission={info.submissionId}>
      <h1 ref={heading} tabIndex={-1}>
        Thank you, {info.name}!
      </h1>
      <p>
        {brandName} has received your {what}. You can close this page now.
      </p>
    </section>
  );
}
