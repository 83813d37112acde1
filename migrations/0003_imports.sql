CREATE TABLE `imports` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`brand_id` text NOT NULL,
	`source_name` text NOT NULL,
	`source_url` text,
	`attestation_text` text NOT NULL,
	`attested_by_user_id` text,
	`api_key_id` text,
	`created_count` integer NOT NULL,
	`duplicate_count` integer NOT NULL,
	`duplicate_rows` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `imports_list` ON `imports` (`org_id`,`mode`,`id`);