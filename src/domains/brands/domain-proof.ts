/**
 * The answer to the check that a custom domain points at this box (./custom-domain.ts), apart from the rest of the
 * brands domain: `serve`'s plain HTTP listener gives it before the app is loaded.
 */
import type { Deps } from "../../platform/deps";

/** Where the box answers the check that a name points here: `/.well-known/plaudit-domain` on every host. */
export const DOMAIN_PROOF_PATH = "/.well-known/plaudit-domain";

/** What the box answers at `DOMAIN_PROOF_PATH` for a host name (only this box, with its secret, answers it). */
export const domainProof = (deps: Pick<Deps, "signer">, host: string) =>
  deps.signer.mac("custom-domain.proof.v1", host.toLowerCase()).slice(0, 32);
