CREATE TABLE `submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`mode` text NOT NULL,
	`brand_id` text NOT NULL,
	`link_id` text,
	`origin` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`failure_reason` text,
	`prompt_id` text,
	`respondent_name` text DEFAULT '' NOT NULL,
	`respondent_email` text,
	`respondent_title` text,
	`respondent_company` text,
	`rating` integer,
	`consent` text,
	`text_input` text,
	`text_source` text,
	`original_text` text,
	`language` text,
	`sentiment_score` real,
	`sentiment_label` text,
	`duration_ms` integer,
	`original_key` text,
	`original_type` text,
	`video_key` text,
	`audio_key` text,
	`poster_key` text,
	`thumb_key` text,
	`width` integer,
	`height` integer,
	`is_approved` integer DEFAULT false NOT NULL,
	`approved_at` integer,
	`is_public` integer DEFAULT false NOT NULL,
	`rejected_at` integer,
	`rejection_reason` text,
	`deleted_at` integer,
	`import_id` text,
	`source_name` text,
	`source_url` text,
	`review_url` text,
	`reviewed_at` text,
	`dedupe_hash` text,
	`created_at` integer NOT NULL,
	`received_at` integer,
	`processed_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `orgs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`brand_id`) REFERENCES `brands`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `submissions_list` ON `submissions` (`org_id`,`mode`,`id`);--> statement-breakpoint
CREATE INDEX `submissions_brand` ON `submissions` (`org_id`,`mode`,`brand_id`,`id`);--> statement-breakpoint
CREATE INDEX `submissions_approved` ON `submissions` (`brand_id`,`approved_at`);--> statement-breakpoint
CREATE INDEX `submissions_dedupe` ON `submissions` (`brand_id`,`dedupe_hash`);--> statement-breakpoint
CREATE TABLE `transcripts` (
	`submission_id` text PRIMARY KEY NOT NULL,
	`engine` text NOT NULL,
	`language` text,
	`words` text NOT NULL,
	`original_words` text NOT NULL,
	`edited_at` integer,
	`edited_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`length` integer NOT NULL,
	`declared_type` text,
	`sniffed_type` text,
	`status` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `uploads_submission` ON `uploads` (`submission_id`);--> statement-breakpoint
CREATE INDEX `uploads_expiry` ON `uploads` (`status`,`expires_at`);