ALTER TABLE `tags` ADD `brand_id` text REFERENCES brands(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `tags` SET `brand_id` = (
	SELECT CASE WHEN count(DISTINCT `used`.`brand_id`) = 1 THEN min(`used`.`brand_id`) END
	FROM (
		SELECT `s`.`brand_id` AS `brand_id`
		FROM `submission_tags` `st` JOIN `submissions` `s` ON `s`.`id` = `st`.`submission_id`
		WHERE `st`.`tag_id` = `tags`.`id` AND `s`.`org_id` = `tags`.`org_id` AND `s`.`mode` = `tags`.`mode`
			AND `s`.`deleted_at` IS NULL
		UNION
		SELECT `w`.`brand_id` AS `brand_id`
		FROM `widgets` `w`, json_each(`w`.`settings`, '$.tag_ids') `j`
		WHERE `j`.`value` = `tags`.`id` AND `w`.`org_id` = `tags`.`org_id` AND `w`.`mode` = `tags`.`mode`
	) `used`
);--> statement-breakpoint
DELETE FROM `submission_tags` WHERE EXISTS (
	SELECT 1 FROM `tags` `t` JOIN `submissions` `s` ON `s`.`id` = `submission_tags`.`submission_id`
	WHERE `t`.`id` = `submission_tags`.`tag_id` AND `t`.`brand_id` IS NOT NULL AND `t`.`brand_id` != `s`.`brand_id`
);--> statement-breakpoint
DROP INDEX `tags_name`;--> statement-breakpoint
CREATE UNIQUE INDEX `tags_name_brand` ON `tags` (`org_id`,`mode`,`brand_id`,`name_key`) WHERE brand_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `tags_name_shared` ON `tags` (`org_id`,`mode`,`name_key`) WHERE brand_id IS NULL;--> statement-breakpoint
CREATE INDEX `tags_brand` ON `tags` (`brand_id`);--> statement-breakpoint
ALTER TABLE `submissions` ADD `words_draft` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `hide_words` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `submissions` SET `words_draft` = 1
WHERE `kind` != 'text' AND `id` IN (
	SELECT `submission_id` FROM `transcripts`
	WHERE `engine` = 'pocketsphinx' AND `edited_at` IS NULL AND json_array_length(`words`) > 0
);
