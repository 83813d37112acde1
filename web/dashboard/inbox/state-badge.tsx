/**
 * A state badge; work under way on the server (uploading, processing) turns quietly with a spinner.
 */
import { Badge } from "../../shared/ui/badge";
import { Spinner } from "../../shared/ui/loading";
import type { StateView } from "./status";

/** The badge of a state view. */
export function StateBadge({ view }: { view: StateView }) {
  return (
    <Badge tone={view.tone}>
      {view.busy && (
        <>
          <Spinner />{" "}
        </>
      )}
      {view.label}
    </Badge>
  );
}
