-- A webhook delivery is its own queue entry: the delivery workers claim due deliveries under a lease on the row
-- (src/domains/webhooks/delivery-queue.ts) instead of a `webhook.deliver` job per attempt. A delivery waiting for an
-- attempt already says when it is due (`next_attempt_at`), so the jobs that carried attempts go; the deliveries
-- they would have attempted are due at the same time and are claimed by the new workers.
ALTER TABLE `webhook_deliveries` ADD `lease_until` integer;--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due` ON `webhook_deliveries` (`next_attempt_at`,`id`) WHERE status IN ('pending', 'retrying');--> statement-breakpoint
DELETE FROM `jobs` WHERE `kind` = 'webhook.deliver' AND `status` IN ('queued', 'running');
