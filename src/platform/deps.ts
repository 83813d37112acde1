/**
 * The dependencies `buildApp` and the workers are given, and the only seam: every side effect at the edge (mail,
 * storage, outbound HTTP, webhook delivery, media, image work, reel rendering) sits behind one of these fields, so
 * tests replace a field of their own Deps and integration tests run the real ones. Production values are made with
 * the database (`createDeps`, src/bootstrap.ts; `createEdges`, src/platform/edges.ts, for the outbound ones).
 */
import type { Config } from "../config";
import type { Clock } from "./clock";
import type { Signer } from "./crypto";
import type { Db } from "./db/client";
import type { Logger } from "./log";
import type { Mailer } from "./mail/mailer";
import type { Storage } from "./storage";
import type { MediaToolkit } from "../media/toolkit";
import type { SelfTestMonitor } from "../media/self-test-monitor";
import type { Hooks } from "./hooks";
import type { AppState } from "./app-state";
import type { HttpClient } from "./http-client";
import type { WebhookTransport } from "./webhook-transport";
import type { Images } from "../media/images";
import type { ReelRenderer } from "../media/reel/types";
import type { Certificates } from "./tls/service";

/** What the app and its workers run on. */
export interface Deps {
  config: Config;
  db: Db;
  clock: Clock;
  signer: Signer;
  log: Logger;
  mailer: Mailer;
  storage: Storage;
  media: MediaToolkit;
  /** Outbound HTTP to other services (Stripe, GitHub, the language model). */
  http: HttpClient;
  /** How webhooks are resolved, checked and sent (tests swap the resolver, fetch and trusted CA). */
  webhooks: WebhookTransport;
  /** Decoding and resizing images (logos, posters); sharp loaded on first use. */
  images: Images;
  /** Renders reels (the real ffmpeg pipeline, tools found on first render; tests use a fast fake or preset). */
  reelRenderer: ReelRenderer;
  /**
   * The certificates the box serves when it serves HTTPS itself (PLAUDIT_DOMAIN or the operator's certificate
   * files): ordering from the ACME server, renewal, and what the HTTPS listener serves; `enabled: false` otherwise.
   */
  certificates: Certificates;
  /** The media pipeline's self-test and its last result (serve runs it after start); absent in bare test deps. */
  selfTest?: SelfTestMonitor;
  /**
   * The event bus and the other hooks (shown changes, erase participants, usage counters): made empty with the
   * database handle (`createHooks`), filled from the domain modules by `assemble`/`wire` (src/composition.ts).
   */
  hooks: Hooks;
  /** Per-app state (caches, pending batches, flushes before close): one store per Deps (src/platform/app-state.ts). */
  state: AppState;
}
