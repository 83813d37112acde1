ALTER TABLE `members` ADD `brand_ids` text;--> statement-breakpoint
ALTER TABLE `invitations` ADD `brand_ids` text;--> statement-breakpoint
ALTER TABLE `orgs` ADD `operator` integer DEFAULT false NOT NULL;
