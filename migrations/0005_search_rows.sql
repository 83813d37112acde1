CREATE TABLE `search_rows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`submission_id` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_rows_submission` ON `search_rows` (`submission_id`);--> statement-breakpoint
-- Entries indexed before this migration keep their FTS rowid; the map now points at them.
INSERT INTO `search_rows` (`id`, `submission_id`) SELECT `rowid`, `submission_id` FROM `submissions_fts`;
