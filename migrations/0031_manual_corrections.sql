ALTER TABLE `submissions` ADD `attestation` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `original_respondent` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `corrected_at` integer;