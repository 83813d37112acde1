/**
 * Every module of the appliance, in one place: the composition root (src/composition.ts) assembles exactly these,
 * for `plaudit serve`, the CLI, tests and benchmarks alike. Order matters only for the order routes are mounted
 * and hooks run in. Each module is declared in its domain's index.ts (type: src/platform/module.ts).
 *
 * What happens when a testimonial is approved (`approve`, src/domains/submissions/moderation.ts), all in one
 * `BEGIN IMMEDIATE` transaction:
 * - the row is updated and audited, and its media published to the public area (`syncPublicMedia`,
 *   src/domains/submissions/public-media.ts: a `submission.publish_media` job when files must be copied);
 * - shown changes (`shownChanged`, when the testimonial is or was shown), heard by:
 *   - widgets: `rebuildBrandWidgets` (src/domains/widgets/publisher.ts) queues a rebuild of each of the brand's
 *     widget documents;
 *   - walls: `forgetShown` (src/domains/walls/read-cache.ts) drops the brand's cached wall reads and rendered pages;
 * - the event `submission.approved` is stored and handled by:
 *   - webhooks: `fanOut` (src/domains/webhooks/delivery-service.ts, for every event type) queues one delivery per
 *     subscribed endpoint of the org and mode.
 * (`submission.created` is also handled by removals: `queueRemovalMailOnCreated`, src/domains/removals/mail.ts.)
 * (`submission.ready`, and a processing failure (`processingFailed`, src/platform/events/processing-failed.ts), are
 * heard by alerts: `alertOnReady`/`alertOnFailed`, src/domains/alerts/arrivals.ts, email the members who asked.)
 * Erasure of a testimonial (`purgeSubmission`) runs the `erase` participants of exports, removals and reels.
 */
import type { DomainModule } from "./platform/module";
import { coreModule } from "./core-module";
import { accountsModule } from "./domains/accounts";
import { brandsModule } from "./domains/brands";
import { submissionsModule } from "./domains/submissions";
import { importsModule } from "./domains/imports";
import { captureModule } from "./domains/capture";
import { webhooksModule } from "./domains/webhooks";
import { wallsModule } from "./domains/walls";
import { exportsModule } from "./domains/exports";
import { removalsModule } from "./domains/removals";
import { widgetsModule } from "./domains/widgets";
import { reelsModule } from "./domains/reels";
import { campaignsModule } from "./domains/campaigns";
import { analyticsModule } from "./domains/analytics";
import { alertsModule } from "./domains/alerts";

/** The modules of the appliance. */
export const MODULES: readonly DomainModule[] = [
  coreModule,
  accountsModule,
  brandsModule,
  submissionsModule,
  importsModule,
  captureModule,
  webhooksModule,
  wallsModule,
  exportsModule,
  removalsModule,
  widgetsModule,
  reelsModule,
  campaignsModule,
  analyticsModule,
  alertsModule,
];
