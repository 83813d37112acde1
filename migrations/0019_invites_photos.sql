ALTER TABLE `submissions` ADD `pending_photo_key` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `photo_uploads` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `submissions` SET `photo_uploads` = 1 WHERE `photo_key` IS NOT NULL;--> statement-breakpoint
UPDATE `invitations` SET `revoked_at` = CAST(strftime('%s', 'now') AS INTEGER) * 1000
WHERE `accepted_at` IS NULL AND `revoked_at` IS NULL AND `invited_by_user_id` IS NOT NULL
  AND `expires_at` > CAST(strftime('%s', 'now') AS INTEGER) * 1000
  AND NOT EXISTS (
    SELECT 1 FROM `members`
    WHERE `members`.`org_id` = `invitations`.`org_id` AND `members`.`user_id` = `invitations`.`invited_by_user_id`
      AND (`members`.`role` = 'owner' OR (`members`.`role` = 'admin' AND `invitations`.`role` <> 'owner'))
  );
